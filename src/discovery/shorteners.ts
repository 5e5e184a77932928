/**
 * Short links in the creator's links: generic shorteners (bit.ly, tinyurl.com, t.co, lnkd.in, ow.ly,
 * buff.ly, rebrand.ly, cutt.ly, is.gd, shorturl.at…: the shared classifier's shortener list), and a
 * brand's own short links that name no account (vm.tiktok.com/ZM… leads to a video's or a profile's
 * page, whose URL names the account; fb.me, t.snapchat.com, on.soundcloud.com, spotify.link…). A
 * brand short link that names its account already (the classifier reads a handle) is not asked.
 *
 * A short link says nothing until it is resolved: its target is then used as if the creator had
 * linked it directly (a link-in-bio page, a website, an account). Resolving reads only where the
 * shortener points, never the target: one GET per hop without following the redirect (the
 * upstream client's `followRedirects: false`; the SSRF guard checks every hop's URL), the
 * `Location` header or, for the shorteners that answer with a page (t.co's `<meta refresh>`),
 * the refresh URL; a target that is itself a short link to resolve is resolved in turn, at most
 * SHORT_LINK_MAX_HOPS hops. Bounded by SHORT_LINK_TIMEOUT_MS for the whole resolution (the
 * pipeline caps how many are resolved per lookup). 404/410 at the shortener is a dead link
 * (NOT_FOUND); any other answer without a target is a failure.
 *
 * A shortener is never evidence itself and never an owner-controlled website (domains.ts).
 */
import { notFound, upstreamFailed } from '../errors.js';
import { expectOk } from '../upstream/client.js';
import { classifyLink, isShortener } from '../links/classify.js';
import type { LookupFetcher } from './fetcher.js';

/** Shortener hops followed for one link (bit.ly → t.co → target is two). */
export const SHORT_LINK_MAX_HOPS = 3;
/** The whole resolution of one link. */
export const SHORT_LINK_TIMEOUT_MS = 3_000;
/** A shortener's own page (t.co's meta refresh) is small; nothing larger is read. */
const SHORT_LINK_MAX_BYTES = 64 * 1024;

/** A short link whose target cannot be known without asking the shortener (see the module comment). */
export function isShortLinkToResolve(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return false;
  // The shortener's own home page (`https://bit.ly/`) is no short link.
  if (u.pathname.replace(/\/+$/, '') === '') return false;
  return isShortener(u.hostname) && !classifyLink(u.href)?.handle;
}

const META_START_RE = /<meta\b/gi;
const HTTP_EQUIV_REFRESH_RE = /http-equiv\s*=\s*["']?refresh/i;

/**
 * The first `<meta …>` tag saying `http-equiv="refresh"`: each `<meta` read to its `>` once. (One
 * expression for it, `<meta\b[^>]*http-equiv…[^>]*>`, backtracked over every `http-equiv` of a tag
 * from every start: 64 KB of `<meta http-equiv=refresh ` — the most read of a shortener's answer —
 * took 121 s.)
 */
function metaRefreshTag(html: string): string | undefined {
  META_START_RE.lastIndex = 0;
  for (let m = META_START_RE.exec(html); m; m = META_START_RE.exec(html)) {
    const end = html.indexOf('>', m.index);
    if (end < 0) return undefined;
    const tag = html.slice(m.index, end + 1);
    if (HTTP_EQUIV_REFRESH_RE.test(tag)) return tag;
    // A `<meta` inside this tag ends at the same `>`: it says no more than this one did.
    META_START_RE.lastIndex = end + 1;
  }
  return undefined;
}

/** The URL of a `<meta http-equiv="refresh" content="0; url=…">`, if the page has one. */
export function metaRefreshUrl(html: string): string | null {
  const tag = metaRefreshTag(html);
  const content = tag ? /content\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag) : null;
  const value = content ? (content[1] ?? content[2]) : null;
  const m = value ? /url\s*=\s*['"]?([^'"\s>]+)/i.exec(value) : null;
  return m ? m[1].replace(/&amp;/g, '&') : null;
}

function httpUrl(raw: string, base: string): string | null {
  try {
    const u = new URL(raw, base);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

/** Where the short link `url` leads (the first URL that is no short link to resolve), once per lookup. */
export function resolveShortLink(f: LookupFetcher, url: string): Promise<string> {
  return f.run(
    `short:${url}`,
    async (ctx) => {
      let current = url;
      for (let hop = 0; hop < SHORT_LINK_MAX_HOPS; hop++) {
        const res = await ctx.upstream.request({
          url: current,
          platform: 'shortener',
          headers: { accept: 'text/html,application/xhtml+xml' },
          followRedirects: false,
          maxBodyBytes: SHORT_LINK_MAX_BYTES,
          signal: ctx.signal,
        });
        if (res.status === 404 || res.status === 410) throw notFound(`${current} leads nowhere (the short link was removed)`);
        const location = res.headers.location;
        const refresh = !location && res.status >= 200 && res.status < 300 ? metaRefreshUrl(res.text()) : null;
        const raw = location ?? refresh;
        if (!raw) {
          expectOk(res, 'shortener', current);
          throw upstreamFailed(`shortener: ${new URL(current).host} answered without a target for ${current}`);
        }
        const next = httpUrl(raw, current);
        if (!next) throw upstreamFailed(`shortener: ${current} leads to a non-web address`);
        if (!isShortLinkToResolve(next)) return next;
        current = next;
      }
      throw upstreamFailed(`shortener: ${url} leads through more than ${SHORT_LINK_MAX_HOPS} shorteners`);
    },
    { what: `short link ${url}`, timeoutMs: SHORT_LINK_TIMEOUT_MS },
  );
}
