/**
 * linkpage-a = Linkme. Registry entry: one operation, GET /v1/linkpage-a (1 credit, cacheable),
 * answering `{profile}` (api.md). Upstream request: platforms.md (page HTML with __NEXT_DATA__).
 */
import type { PlatformDefinition } from '../definition.js';
import { singleSegmentHandle } from '../../links/page-handle.js';
import type { OperationDef } from '../operation.js';
import { fetchLinkmeProfile } from './fetch.js';
import type { LinkpageAProfile } from './parse.js';
import * as schema from './schema.js';
import { links } from './links.js';

const label = 'linkpage-a';
const hosts = ['link.me', 'www.link.me'];

const URL_MAX = 2048;

/**
 * The Linkme username a caller's `url` names, or null. Accepted: `https://link.me/<username>`
 * (http, `www.`, no scheme, trailing slash, query and fragment are fine) and a bare username
 * (`danucd`, `@danucd`): the platform has one canonical page per username. A bare value that
 * reads as a host name under a public suffix (`example.com`) is taken as a URL, so another site is
 * refused rather than looked up as a username. Other link.me hosts (`about.link.me`) are Linkme's
 * own site, not profiles.
 */
export function linkmeUsername(input: string): string | null {
  return singleSegmentHandle(input, { label, hosts, origin: 'https://link.me' });
}

export const profile: OperationDef<{ username: string }, LinkpageAProfile> = {
  field: 'linkpageAProfile',
  platform: label,
  summary: 'A public linkpage-a profile: identity, flags, theme, section settings and its info and web link groups',
  rest: { path: '/v1/linkpage-a', wrap: 'profile' },
  record: schema.LinkpageAProfile,
  params: [
    {
      name: 'url',
      kind: 'string',
      required: true,
      maxLength: URL_MAX,
      description: 'Profile URL, e.g. https://link.me/USERNAME (a bare username is accepted too)',
    },
  ],
  cacheable: true,
  check(args, problem) {
    // An over-long value is already reported by its length rule.
    if (typeof args.url === 'string' && args.url.trim() && args.url.length <= URL_MAX && !linkmeUsername(args.url)) {
      problem('url', 'must be a link.me profile URL (https://link.me/USERNAME) or a username');
    }
  },
  // Linkme usernames are case-insensitive: one cache entry and one upstream spelling per profile.
  normalize: (a) => ({ username: linkmeUsername(a.url)!.toLowerCase() }),
  key: (a) => a.username,
  cost: { max: 1 },
  example: { url: 'https://link.me/mira.sol' },
  run: (ctx, a) => fetchLinkmeProfile(ctx, a),
};

export const platform: PlatformDefinition = { label, hosts, operations: [profile], links };
