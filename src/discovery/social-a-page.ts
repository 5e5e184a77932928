/**
 * A social-a (Facebook) page's public "about" facts, for discovery — deliberately minimal: the
 * logged-out page HTML `GET https://www.facebook.com/<page>` (or `/profile.php?id=<id>`), read for
 *  - name: `og:title`;
 *  - description / bio: `og:description` (Facebook puts the page intro there, often after the
 *    like count);
 *  - links: the page's outbound links (`l.facebook.com/l.php?u=<target>` shims unwrapped) and
 *    links written in the description;
 *  - addresses: those visible on the page (mailto links, text) and in the description.
 *
 * Gaps (documented in README.md): the structured about fields (category, address, phone, the
 * website and e-mail fields of the intro card) sit in Relay data that differs by page type and
 * is often withheld from logged-out visitors; they are not read. A login wall, checkpoint or
 * "content isn't available" page is reported with social-a's own classifiers (blobs.ts), never
 * parsed as data.
 */
import { notFound } from '../errors.js';
import { expectOk } from '../upstream/client.js';
import type { OpContext } from '../platforms/operation.js';
import { checkChallenge, checkLandingUrl, explainMissingData } from '../platforms/social-a/blobs.js';
import { ORIGIN, PLATFORM } from '../platforms/social-a/endpoints.js';
import { classifyLink, unwrapRedirect } from '../platforms/links/classify.js';
import { anchorLinks, emailsInHtml, emailsInText, linksInText, pageMeta } from './text.js';

export interface SocialAPage {
  handle: string;
  url: string;
  name: string | null;
  description: string | null;
  links: string[];
  emails: string[];
}

const HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en-US,en;q=0.9', 'sec-fetch-mode': 'navigate' };

export function socialAPageUrl(handle: string): string {
  return /^\d+$/.test(handle) ? `${ORIGIN}/profile.php?id=${handle}` : `${ORIGIN}/${encodeURIComponent(handle)}`;
}

/** Outbound links of the page: shims unwrapped; Facebook's own pages and assets left out. */
function outboundLinks(html: string, pageUrl: string): string[] {
  const out: string[] = [];
  for (const href of anchorLinks(html, pageUrl)) {
    const u = unwrapRedirect(new URL(href));
    if (/(^|\.)(facebook\.com|fb\.com|fbcdn\.net|fb\.me|meta\.com)$/i.test(u.hostname)) continue;
    out.push(u.href);
  }
  return out;
}

export async function fetchSocialAPage(ctx: OpContext, handle: string): Promise<SocialAPage> {
  const url = socialAPageUrl(handle);
  const res = await ctx.upstream.request({ url, platform: PLATFORM, headers: HEADERS, signal: ctx.signal });
  checkLandingUrl(res.url);
  const html = res.text();
  checkChallenge(html);
  const what = `social-a page ${handle}`;
  if (res.status === 404 || res.status === 410) throw notFound(`${what} was not found`);
  expectOk(res, PLATFORM, what);
  const meta = pageMeta(html);
  // A page always names itself in og:title; without it this is not a page (missing, login wall, or a new shape).
  if (!/property=["']og:title["']/i.test(html) || !meta.title) throw explainMissingData(html, what, 'og:title');
  const links = [...outboundLinks(html, res.url), ...linksInText(meta.description)].filter((l) => classifyLink(l)?.platform !== 'social-a');
  return {
    handle,
    url,
    name: meta.title,
    description: meta.description,
    links: [...new Set(links)],
    emails: [...new Set([...emailsInText(meta.description), ...emailsInHtml(html)])],
  };
}
