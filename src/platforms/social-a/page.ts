/**
 * A social-a (Facebook) page's public "about" facts (the profile reader's fetch, reader.ts): the logged-out page HTML
 * `GET https://www.facebook.com/<page>` (or `/profile.php?id=<id>`), read for
 *  - name: the profile header's `name`, else `og:title`;
 *  - description / bio: `og:description` (Facebook puts the page intro there, often after the
 *    like count), plus the intro card's bio (`profile_status_text`) and the page's
 *    `best_description` when the page ships them;
 *  - who: the page's vanity name (`username_for_profile`, or the path of the header's `url` /
 *    `og:url`) and numeric id (the header's `id`, or the `fb://page|profile/<id>` app link), so a
 *    page asked for by id answers to its vanity too (and the other way round);
 *  - links, website fields first: the intro card's website items (INTRO_CARD_WEBSITE) and other
 *    accounts (INTRO_CARD_OTHER_ACCOUNT: Instagram, TikTok, YouTube… as the page links them),
 *    then the page's outbound anchors (`l.facebook.com/l.php?u=<target>` shims unwrapped) and
 *    links written in the description and bio;
 *  - addresses: the intro card's e-mail item (INTRO_CARD_PROFILE_EMAIL), those visible on the
 *    page (mailto links, text) and those in the description and bio.
 *
 * The intro card is Relay data in the page's ServerJS payloads (social-a's blobs.ts reads them):
 * `profile_tile_items` nodes whose `timeline_context_item` has a `timeline_context_list_item_type`
 * and a `renderer.context_item.title` `{text, ranges[{entity{url, external_url}}]}` — the shape
 * public page scrapers read. Facebook withholds it from many logged-out visitors and it differs
 * by page type, so every field is optional: a page without it is read from its og: tags and
 * anchors as before. Phone, address, category and hours are not read (no discovery use). A login
 * wall, checkpoint or "content isn't available" page is reported with social-a's own classifiers
 * (blobs.ts), never parsed as data.
 */
import { assertSameResource } from '../identity.js';
import { notFound } from '../../errors.js';
import { expectOk } from '../../upstream/client.js';
import type { OpContext } from '../operation.js';
import type { Json, Obj } from './blobs.js';
import { explainMissingData, extractScriptJson, isObj, walk } from './blobs.js';
import { ORIGIN, PLATFORM } from './endpoints.js';
import { classifyLink, unwrapRedirect } from '../../links/classify.js';
import { extractEmails } from '../../links/emails.js';
import { anchorLinks, pageMeta } from '../page-text.js';
import { bioUrls, textEmails } from '../reader.js';
import { trimmed } from '../../parse/index.js';

export interface SocialAPage {
  /** As asked for (the vanity name, or the numeric id). */
  handle: string;
  url: string;
  /** The page's vanity name, when the page names it. */
  vanity: string | null;
  /** The page's numeric id, when the page names it. */
  id: string | null;
  name: string | null;
  description: string | null;
  /** The intro card's bio (and the page's `best_description` when it differs). */
  bio: string | null;
  /** The intro card's website items. */
  websites: string[];
  /** Website fields and other accounts of the intro card first, then the page's outbound links. */
  links: string[];
  emails: string[];
}

const HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en-US,en;q=0.9', 'sec-fetch-mode': 'navigate' };

export function socialAPageUrl(handle: string): string {
  return /^\d+$/.test(handle) ? `${ORIGIN}/profile.php?id=${handle}` : `${ORIGIN}/${encodeURIComponent(handle)}`;
}

const FB_HOST_RE = /(^|\.)(facebook\.com|fb\.com|fbcdn\.net|fb\.me|meta\.com)$/i;

/** Outbound links of the page: shims unwrapped; Facebook's own pages and assets left out. */
function outboundLinks(html: string, pageUrl: string): string[] {
  const out: string[] = [];
  for (const href of anchorLinks(html, pageUrl)) {
    const u = unwrapRedirect(new URL(href));
    if (FB_HOST_RE.test(u.hostname)) continue;
    out.push(u.href);
  }
  return out;
}

/** The intro card, as far as the page ships it. */
export interface IntroCard {
  websites: string[];
  accounts: string[];
  emails: string[];
  bio: string | null;
  bestDescription: string | null;
  vanity: string | null;
  id: string | null;
  name: string | null;
}

/** Text members of the page's JSON, trimmed; blank is none (the parse kit's `trimmed`). */
const str = trimmed;
const objAt = (o: Json | undefined, ...path: string[]): Obj | null => {
  let cur: Json | undefined = o;
  for (const k of path) cur = isObj(cur) ? cur[k] : undefined;
  return isObj(cur) ? cur : null;
};

/** An http(s) URL of an intro item: its range entity's target (the shim unwrapped), else its text read as a link. */
function itemUrl(title: Obj): string | null {
  const ranges = Array.isArray(title.ranges) ? title.ranges : [];
  for (const r of ranges) {
    const entity = objAt(r, 'entity');
    for (const raw of [str(entity?.external_url), str(entity?.url)]) {
      if (!raw) continue;
      try {
        const u = unwrapRedirect(new URL(raw));
        if ((u.protocol === 'https:' || u.protocol === 'http:') && !FB_HOST_RE.test(u.hostname)) return u.href;
      } catch {
        /* not a URL */
      }
    }
  }
  const text = str(title.text);
  return text ? (bioUrls(text)[0] ?? null) : null;
}

/** A vanity name from a page URL (`https://www.facebook.com/claylark` → `claylark`), or null. */
function vanityOf(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    if (!FB_HOST_RE.test(u.hostname)) return null;
    const seg = u.pathname.split('/').filter(Boolean);
    const v = seg.length === 1 ? seg[0] : null;
    return v && /^[A-Za-z0-9][A-Za-z0-9.-]{0,99}$/.test(v) && !/^(?:profile\.php|people|pages|pg|events|groups|watch|login)$/i.test(v)
      ? v
      : null;
  } catch {
    return null;
  }
}

/** What the page's Relay data says of it (every field optional). */
export function readIntroCard(html: string): IntroCard {
  const card: IntroCard = { websites: [], accounts: [], emails: [], bio: null, bestDescription: null, vanity: null, id: null, name: null };
  for (const payload of extractScriptJson(html)) {
    walk(payload, (o, _parent, key) => {
      const type = str(o.timeline_context_list_item_type);
      if (type) {
        const title = objAt(o, 'renderer', 'context_item', 'title');
        if (!title) return false;
        if (/WEBSITE/.test(type)) {
          const url = itemUrl(title);
          if (url) card.websites.push(url);
        } else if (/OTHER_ACCOUNT|SOCIAL|SCREENNAME/.test(type)) {
          const url = itemUrl(title);
          if (url) card.accounts.push(url);
        } else if (/EMAIL/.test(type)) {
          const text = str(title.text);
          if (text) card.emails.push(text);
        }
        return false;
      }
      if (key === 'profile_status_text' || key === 'best_description') {
        const text = str(o.text);
        if (text && key === 'profile_status_text') card.bio ??= text;
        if (text && key === 'best_description') card.bestDescription ??= text;
        return false;
      }
      // The profile header's user (not the other people a page's data names: post authors, hosts…).
      if (key === 'profile_header_renderer') {
        const user = objAt(o, 'user');
        if (user) {
          card.name ??= str(user.name);
          card.vanity ??= str(user.username_for_profile) ?? vanityOf(str(user.url));
          const id = str(user.id);
          if (id && /^\d{5,25}$/.test(id)) card.id ??= id;
        }
      }
      return undefined;
    });
  }
  return card;
}

/** First spelling of each address, compared case-insensitively. */
function uniqueAddresses(emails: string[]): string[] {
  const seen = new Set<string>();
  return emails.filter((e) => !seen.has(e.toLowerCase()) && !!seen.add(e.toLowerCase()));
}

const APP_LINK_RE = /<meta[^>]+property=["']al:(?:android|ios):url["'][^>]+content=["']fb:\/\/(?:page|profile)\/(?:\?id=)?(\d{5,25})/i;
const OG_URL_RE = /<meta[^>]+property=["']og:url["'][^>]+content=["']([^"']+)["']/i;

export async function fetchSocialAPage(ctx: OpContext, handle: string): Promise<SocialAPage> {
  const url = socialAPageUrl(handle);
  const res = await ctx.upstream.request({ url, platform: PLATFORM, headers: HEADERS, signal: ctx.signal });
  // Checkpoints and login landings are walls (walls.ts), answered before this.
  const html = res.text();
  const what = `social-a page ${handle}`;
  if (res.status === 404 || res.status === 410) throw notFound(`${what} was not found`);
  expectOk(res, PLATFORM, what);
  const meta = pageMeta(html);
  // A page always names itself in og:title; without it this is not a page (missing, login wall, or a new shape).
  if (!/property=["']og:title["']/i.test(html) || !meta.title) throw explainMissingData(html, what, 'og:title');
  const intro = readIntroCard(html);
  const vanity = intro.vanity ?? vanityOf(OG_URL_RE.exec(html)?.[1] ?? null) ?? (/^\d+$/.test(handle) ? null : handle);
  const id = intro.id ?? APP_LINK_RE.exec(html)?.[1] ?? (/^\d+$/.test(handle) ? handle : null);
  // Another page than asked is no answer (identity.ts): its id against a numeric handle, its
  // vanity against a name — the name asked, or the one Facebook's own redirect from it ended on
  // (a renamed page).
  if (/^\d+$/.test(handle)) assertSameResource(PLATFORM, what, { id: handle }, { id });
  else assertSameResource(PLATFORM, what, { handle: vanityOf(res.url) ?? handle }, { handle: vanity });
  const bio = [intro.bio, intro.bestDescription].filter((t, i, all): t is string => !!t && all.indexOf(t) === i).join('\n') || null;
  const links = [
    ...intro.websites,
    ...intro.accounts,
    ...outboundLinks(html, res.url),
    ...bioUrls(meta.description),
    ...bioUrls(bio),
  ].filter((l) => classifyLink(l)?.platform !== 'social-a');
  return {
    handle,
    url,
    vanity,
    id,
    name: intro.name ?? meta.title,
    description: meta.description,
    bio,
    websites: intro.websites,
    links: [...new Set(links)],
    emails: uniqueAddresses([...textEmails(...intro.emails), ...textEmails(meta.description, bio), ...extractEmails({ html })]),
  };
}
