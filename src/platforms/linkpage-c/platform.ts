/**
 * linkpage-c = Komi. Registry entry: one operation, GET /v1/linkpage-c (1 credit, cacheable).
 * Upstream requests: platforms.md (api.komi.io talent by username, then its profile's modules).
 */
import type { PlatformDefinition } from '../definition.js';
import { classifyLink } from '../../links/classify.js';
import { parseUserUrl } from '../../links/user-url.js';
import type { OperationDef } from '../operation.js';
import { fetchKomiPage } from './fetch.js';
import type { LinkpageCPage } from './parse.js';
import * as schema from './schema.js';
import { links } from './links.js';

const label = 'linkpage-c';
/** Pages live on `<username>.komi.io`; api.komi.io answers for them. */
const hosts = ['*.komi.io', 'api.komi.io'];

const URL_MAX = 2048;
/** A Komi username is its page's DNS label. */
const USERNAME_RE = /^@?[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * The Komi username a caller's `url` names, or null. Accepted: `https://<username>.komi.io` with
 * any path (the page is the whole subdomain; http, no scheme, query and fragment are fine),
 * `https://komi.io/<username>` (one path segment, not one of the site's sections — the form share
 * links and other tools use) and a bare username (`kimkardashian`, `@kimkardashian`): one page per
 * username. `komi.io` itself and its service hosts (`www`, `api`, `app`, `help`…) are Komi's own
 * sites, not pages.
 */
export function komiUsername(input: string): string | null {
  const s = input.trim();
  if (!s) return null;
  let host: string;
  if (USERNAME_RE.test(s)) {
    host = `${s.replace(/^@/, '')}.komi.io`;
  } else {
    const u = parseUserUrl(s);
    if (!u) return null;
    host = u.hostname.toLowerCase();
    // `komi.io/<username>`: the page by its path (one segment: a deeper path is no page).
    if (host === 'komi.io' || host === 'www.komi.io') {
      const segs = u.pathname.split('/').filter(Boolean);
      if (segs.length !== 1) return null;
      const c = classifyLink(`https://komi.io/${segs[0]}`);
      return c?.platform === label && c.handle ? c.handle.toLowerCase() : null;
    }
    // Exactly one label under komi.io: `a.b.komi.io` is no page.
    if (!/^[a-z0-9-]+\.komi\.io$/.test(host)) return null;
  }
  const c = classifyLink(`https://${host}/`);
  return c?.platform === label && c.handle ? c.handle : null;
}

export const page: OperationDef<{ username: string }, LinkpageCPage> = {
  field: 'linkpageCPage',
  platform: label,
  summary: 'A public linkpage-c page: profile, links and products, one URL per linked platform, website',
  rest: { path: '/v1/linkpage-c' },
  record: schema.LinkpageCPage,
  params: [
    {
      name: 'url',
      kind: 'string',
      required: true,
      maxLength: URL_MAX,
      description: 'Page URL, e.g. https://USERNAME.komi.io or https://komi.io/USERNAME (a bare username is accepted too)',
    },
  ],
  cacheable: true,
  check(args, problem) {
    // An over-long value is already reported by its length rule.
    if (typeof args.url === 'string' && args.url.trim() && args.url.length <= URL_MAX && !komiUsername(args.url)) {
      problem('url', 'must be a komi.io page URL (https://USERNAME.komi.io or https://komi.io/USERNAME) or a username');
    }
  },
  // Usernames are host names: case-insensitive.
  normalize: (a) => ({ username: komiUsername(a.url)!.toLowerCase() }),
  key: (a) => a.username,
  cost: { max: 1 },
  example: { url: 'https://nightowl.komi.io' },
  run: (ctx, a) => fetchKomiPage(ctx, a),
};

export const platform: PlatformDefinition = { label, hosts, operations: [page], links };
