/**
 * linkpage-d = Pillar. Registry entry: one operation, GET /v1/linkpage-d (1 credit, cacheable).
 * Upstream requests: the site's public GraphQL endpoint, as the pillar.io page itself reads it
 * (fetch.ts, README.md; platforms.md says "page HTML (server-rendered data blob)", which today's
 * single-page app no longer has).
 */
import type { PlatformDefinition } from '../definition.js';
import { singleSegmentHandle } from '../../links/page-handle.js';
import type { OperationDef } from '../operation.js';
import { fetchPillarPage } from './fetch.js';
import type { LinkpageDPage } from './parse.js';
import { HOSTS } from './parse.js';
import * as schema from './schema.js';
import { links } from './links.js';

const label = 'linkpage-d';
/** The upstream hosts of its pages and bundles (parse.ts HOSTS); the GraphQL endpoint is wherever the bundle names. */
const hosts = HOSTS;
/** The hosts a caller's page URL may name. */
const PAGE_HOSTS = ['pillar.io', 'www.pillar.io'];

const URL_MAX = 2048;

/**
 * The Pillar username a caller's `url` names, as written (without `@`), or null. Accepted:
 * `https://pillar.io/<username>` (http, `www.`, no scheme, trailing slash, query and fragment
 * are fine) and a bare username — Pillar has one canonical page per username. A bare value that
 * reads as a host name under a public suffix (`example.com`) is taken as a URL, so another site is
 * refused rather than looked up as a username.
 */
export function pillarUsername(input: string): string | null {
  return singleSegmentHandle(input, { label, hosts: PAGE_HOSTS, origin: 'https://pillar.io' });
}

export const page: OperationDef<{ username: string }, LinkpageDPage> = {
  field: 'linkpageDPage',
  platform: label,
  summary: 'A public linkpage-d page: name, location, contact e-mails, one URL per linked platform, links and products',
  rest: { path: '/v1/linkpage-d' },
  record: schema.LinkpageDPage,
  params: [
    {
      name: 'url',
      kind: 'string',
      required: true,
      maxLength: URL_MAX,
      description: 'Page URL, e.g. https://pillar.io/USERNAME (a bare username is accepted too)',
    },
  ],
  cacheable: true,
  check(args, problem) {
    // An over-long value is already reported by its length rule.
    if (typeof args.url === 'string' && args.url.trim() && args.url.length <= URL_MAX && !pillarUsername(args.url)) {
      problem('url', 'must be a pillar.io page URL (https://pillar.io/USERNAME) or a username');
    }
  },
  // Pillar looks usernames up case-insensitively: one cache entry and one upstream spelling per page.
  normalize: (a) => ({ username: pillarUsername(a.url)!.toLowerCase() }),
  key: (a) => a.username,
  cost: { max: 1 },
  example: { url: 'https://pillar.io/maraquintero' },
  run: (ctx, a) => fetchPillarPage(ctx, a),
};

export const platform: PlatformDefinition = { label, hosts, operations: [page], links };
