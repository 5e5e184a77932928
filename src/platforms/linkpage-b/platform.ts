/**
 * linkpage-b = Linktree. Registry entry: one operation, GET /v1/linkpage-b (1 credit, cacheable).
 * Upstream request: platforms.md (page HTML with __NEXT_DATA__).
 */
import type { PlatformDefinition } from '../definition.js';
import { singleSegmentHandle } from '../../links/page-handle.js';
import type { OperationDef } from '../operation.js';
import { fetchLinktreePage } from './fetch.js';
import type { LinkpageBPage } from './parse.js';
import * as schema from './schema.js';
import { links } from './links.js';

const label = 'linkpage-b';
const hosts = ['linktr.ee', 'www.linktr.ee'];

const URL_MAX = 2048;

/**
 * The Linktree username a caller's `url` names, or null. Accepted: `https://linktr.ee/<username>`
 * (http, `www.`, no scheme, trailing slash, query and fragment are fine) and a bare username
 * (`kaiserlol`, `@kaiserlol`) — the platform has one canonical page per username. A bare value
 * that reads as a host name under a public suffix (`example.com`) is taken as a URL, so another
 * site is refused rather than looked up as a username.
 */
export function linktreeUsername(input: string): string | null {
  return singleSegmentHandle(input, { label, hosts, origin: 'https://linktr.ee' });
}

export const page: OperationDef<{ username: string }, LinkpageBPage> = {
  field: 'linkpageBPage',
  platform: label,
  summary: 'A public linkpage-b page: profile, links, one URL per linked platform, contact e-mail',
  rest: { path: '/v1/linkpage-b' },
  record: schema.LinkpageBPage,
  params: [
    {
      name: 'url',
      kind: 'string',
      required: true,
      maxLength: URL_MAX,
      description: 'Page URL, e.g. https://linktr.ee/USERNAME (a bare username is accepted too)',
    },
  ],
  cacheable: true,
  check(args, problem) {
    // An over-long value is already reported by its length rule.
    if (typeof args.url === 'string' && args.url.trim() && args.url.length <= URL_MAX && !linktreeUsername(args.url)) {
      problem('url', 'must be a linktr.ee page URL (https://linktr.ee/USERNAME) or a username');
    }
  },
  // Linktree usernames are case-insensitive: one cache entry and one upstream spelling per page.
  normalize: (a) => ({ username: linktreeUsername(a.url)!.toLowerCase() }),
  key: (a) => a.username,
  cost: { max: 1 },
  example: { url: 'https://linktr.ee/talaokafor' },
  run: (ctx, a) => fetchLinktreePage(ctx, a),
};

export const platform: PlatformDefinition = { label, hosts, operations: [page], links };
