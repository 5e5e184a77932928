/**
 * linkpage-e = Lnk.Bio. Registry entry: one operation, GET /v1/linkpage-e (1 credit, cacheable).
 * Upstream request: platforms.md (server-rendered page HTML).
 */
import type { PlatformDefinition } from '../definition.js';
import { singleSegmentHandle } from '../../links/page-handle.js';
import type { OperationDef } from '../operation.js';
import { fetchLnkBioPage } from './fetch.js';
import type { LinkpageEPage } from './parse.js';
import * as schema from './schema.js';
import { links } from './links.js';

const label = 'linkpage-e';
const hosts = ['lnk.bio', 'www.lnk.bio'];

const URL_MAX = 2048;
/**
 * Lnk.Bio's own paths that the shared classifier does not (yet) reserve: `/go` is its
 * click-counting redirect (`lnk.bio/go?d=…`), `/share` its share sheet.
 */

/**
 * The Lnk.Bio handle a caller's `url` names, as written (without `@`), or null. Accepted:
 * `https://lnk.bio/<handle>` (http, `www.`, no scheme, trailing slash, query and fragment are
 * fine) and a bare handle — Lnk.Bio has one canonical page per handle. A bare value that reads as
 * a host name under a public suffix (`example.com`) is taken as a URL, so another site is refused
 * rather than looked up as a handle.
 */
export function lnkBioHandle(input: string): string | null {
  return singleSegmentHandle(input, { label, hosts, origin: 'https://lnk.bio' });
}

export const page: OperationDef<{ handle: string }, LinkpageEPage> = {
  field: 'linkpageEPage',
  platform: label,
  summary: 'A public linkpage-e page: handle, id, one URL per linked platform, e-mail, WhatsApp, website and links',
  rest: { path: '/v1/linkpage-e' },
  record: schema.LinkpageEPage,
  params: [
    {
      name: 'url',
      kind: 'string',
      required: true,
      maxLength: URL_MAX,
      description: 'Page URL, e.g. https://lnk.bio/HANDLE (a bare handle is accepted too)',
    },
  ],
  cacheable: true,
  check(args, problem) {
    // An over-long value is already reported by its length rule.
    if (typeof args.url === 'string' && args.url.trim() && args.url.length <= URL_MAX && !lnkBioHandle(args.url)) {
      problem('url', 'must be a lnk.bio page URL (https://lnk.bio/HANDLE) or a handle');
    }
  },
  // Lnk.Bio handles are case-insensitive: one cache entry and one upstream spelling per page.
  normalize: (a) => ({ handle: lnkBioHandle(a.url)!.toLowerCase() }),
  key: (a) => a.handle,
  cost: { max: 1 },
  example: { url: 'https://lnk.bio/ravimenoncooks' },
  run: (ctx, a) => fetchLnkBioPage(ctx, a),
};

export const platform: PlatformDefinition = { label, hosts, operations: [page], links };
