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
 * anchors as before. Phone, address and hours are not read (no discovery use). A login
 * wall, checkpoint or "content isn't available" page is reported with social-a's own classifiers
 * (blobs.ts), never parsed as data.
 *
 * The same request and parse answer `GET /v1/social-a/page` (`socialAPage`, below): `{page}` with
 * the page's `id`, `username` (vanity), `url`, `name`, `category` (the intro card's
 * INTRO_CARD_INFLUENCER_CATEGORY item), `intro`, `description`, `websites`, `emails`, `links`, and
 * `follower_count` / `like_count` where the page shows them (its header's social context,
 * `profile_social_context.content[].text`, else og:description: Facebook's English text, read as
 * written — `12K followers` is 12000 — unless og:description writes the header's rounded count in
 * full: `3.7K likes` beside `3,783 likes` is 3783). The reader's clean record is `profileView` of it.
 */
import { z } from 'zod';
import { assertSameResource } from '../identity.js';
import { notFound, shapeChanged, upstreamFailed } from '../../errors.js';
import { warn } from '../../observability/warn.js';
import { expectOk } from '../../upstream/client.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { named, NInt, NStr, Str, Strs } from '../records.js';
import { parsePageUrl } from './urls.js';
import type { Json, Obj } from './blobs.js';
import { explainMissingData, extractScriptJson, isObj, walk } from './blobs.js';
import { ORIGIN, PLATFORM } from './endpoints.js';
import { classifyLink, unwrapRedirect } from '../../links/classify.js';
import { extractEmails } from '../../links/emails.js';
import { anchorLinks, pageMeta } from '../page-text.js';
import { bioUrls, textEmails } from '../reader.js';
import { trimmed } from '../../parse/index.js';
import { countBefore } from '../../parse/counts.js';

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

/** The intro card, and what else the operation's record reads from the same data. */
interface PageData extends IntroCard {
  /** The intro card's category item (`Page · Musician/band`, as shown). */
  category: string | null;
  /** The header's social-context texts (`12K followers`, `11K likes`), as shown. */
  socialContext: string[];
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

/** First path segments of facebook.com addresses that are not a page: an event, a group, a video… */
const OTHER_KIND_RE =
  /^(?:events|groups|watch|marketplace|gaming|reel|reels|stories|photo|photo\.php|photos|videos|posts|story\.php|permalink\.php|hashtag|login|checkpoint)$/i;

/**
 * What the page's og:url says it is: its vanity (`/<vanity>`), its id (`/profile.php?id=<id>`,
 * `/people/<Name>/<id>/`, `/p/<Name>-<id>/`), or another kind of page (`/events/…`: `events`).
 */
function ogIdentity(url: string | null): { vanity: string | null; id: string | null; otherKind: string | null } {
  const none = { vanity: null, id: null, otherKind: null };
  if (!url) return none;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return none;
  }
  if (!FB_HOST_RE.test(u.hostname)) return none;
  const segs = u.pathname.split('/').filter(Boolean);
  const first = segs[0] ?? '';
  if (OTHER_KIND_RE.test(first)) return { ...none, otherKind: first.toLowerCase().replace(/\.php$/, '') };
  const id =
    (first === 'profile.php' ? u.searchParams.get('id') : null) ??
    (first === 'people' && segs.length === 3 ? segs[2] : null) ??
    (first === 'p' && segs.length === 2 ? (/-(\d{5,25})$/.exec(segs[1])?.[1] ?? null) : null);
  return { vanity: vanityOf(url), id: id && /^\d{5,25}$/.test(id) ? id : null, otherKind: null };
}

/** What the page's Relay data says of it (every field optional): the profile reader's part. */
export function readIntroCard(html: string): IntroCard {
  const { category: _category, socialContext: _social, ...card } = readPageData(html);
  return card;
}

/** What the page's Relay data says of it (every field optional). */
function readPageData(html: string): PageData {
  const card: PageData = {
    websites: [],
    accounts: [],
    emails: [],
    bio: null,
    bestDescription: null,
    vanity: null,
    id: null,
    name: null,
    category: null,
    socialContext: [],
  };
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
        } else if (/CATEGORY/.test(type)) {
          card.category ??= str(title.text);
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
          const social = objAt(user, 'profile_social_context');
          for (const item of Array.isArray(social?.content) ? social.content : []) {
            const text = str(objAt(item, 'text')?.text);
            if (text) card.socialContext.push(text);
          }
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

// ---------------------------------------------------------------------------------------------
// The operation's record
// ---------------------------------------------------------------------------------------------

export const SocialAPageObject = z.strictObject({
  id: NStr.describe("The page's numeric id"),
  username: NStr.describe("The page's vanity name (facebook.com/<username>); null when the page names none"),
  url: Str.describe("The page's address: by its vanity name, else by its id"),
  name: NStr,
  category: NStr.describe("The intro card's category line, as shown (e.g. `Page · Musician/band`); null when the card is withheld"),
  intro: NStr.describe("The intro card's bio (and the page's longer description when it differs)"),
  description: NStr.describe("The page's og:description (Facebook's summary: counts, then the intro)"),
  websites: Strs.describe("The intro card's website items"),
  emails: Strs.describe("Addresses the page shows: the intro card's e-mail item first, then those in its texts and links"),
  links: Strs.describe('Website items and other accounts of the intro card first, then the outbound links of the page'),
  follower_count: NInt.describe('Followers, where the page shows them (as shown: `12K followers` is 12000)'),
  like_count: NInt.describe('Likes, where the page shows them (as shown)'),
});
export type SocialAPageObject = z.infer<typeof SocialAPageObject>;

/** The record; /openapi.json names it `SocialAPage`. */
export const SocialAPageRecord = named(
  'SocialAPage',
  z.strictObject({ page: SocialAPageObject }).describe('A public social-a page: its about facts'),
);
export type SocialAPageRecord = z.infer<typeof SocialAPageRecord>;

/** A count written with a scale (`3.7K likes`, `1.2M followers`): rounded, not the count in full. */
const ROUNDED_RE = /\d\s*[KMB]\b/i;

/**
 * `12K followers`, `1.2M likes`, `12,345 people follow this` → the count as written, or null.
 * The number is read as YouTube's count texts are (src/parse/counts.ts countBefore): a decimal comma
 * before the scale (`1,2 k followers` is 1200) and digit groups split by no-break spaces
 * (`12 345 followers`), as interfaces that keep the English word write them.
 */
export function shownCount(text: string | null, what: 'followers' | 'likes'): number | null {
  return countBefore(text, what === 'followers' ? '(?:followers?|people follow this)' : '(?:likes?|people like this)');
}

/**
 * A page's logged-out HTML → `{page}`. `handle` is the page asked for (its vanity or id), `finalUrl`
 * where the request ended (Facebook's redirect from a renamed page). A page always names itself in
 * og:title; without it this is no page: missing, a login wall, or a changed shape (blobs.ts).
 *
 * The page's identity — its vanity and id — comes from the page only (the header's user, og:url,
 * the app link), never from the handle asked for: a page naming neither is UPSTREAM_FAILED (it
 * cannot be told from another one's), and so is another kind of page (og:url `/events/…`: an
 * event page served for a page). The caller compares what it names with what was asked.
 */
export function parseSocialAPage(html: string, opts: { handle: string; finalUrl: string }): SocialAPageRecord {
  const { handle, finalUrl } = opts;
  const meta = pageMeta(html);
  if (!/property=["']og:title["']/i.test(html) || !meta.title) throw explainMissingData(html, `social-a page ${handle}`, 'og:title');
  const what = `social-a page ${handle}`;
  const og = ogIdentity(OG_URL_RE.exec(html)?.[1] ?? null);
  if (og.otherKind) assertSameResource(PLATFORM, what, { type: 'page' }, { type: og.otherKind });
  const intro = readPageData(html);
  const vanity = intro.vanity ?? og.vanity;
  const id = intro.id ?? APP_LINK_RE.exec(html)?.[1] ?? og.id;
  if (!vanity && !id) throw shapeChanged(PLATFORM, `the identity of ${what} (a vanity or id in its header, og:url or app link)`);
  // Every page names its id (the header's, or its app link): a missing one is warned.
  if (!id) warn(PLATFORM, 'page.id', 'missing');
  const bio = [intro.bio, intro.bestDescription].filter((t, i, all): t is string => !!t && all.indexOf(t) === i).join('\n') || null;
  const links = [
    ...intro.websites,
    ...intro.accounts,
    ...outboundLinks(html, finalUrl),
    ...bioUrls(meta.description),
    ...bioUrls(bio),
  ].filter((l) => classifyLink(l)?.platform !== 'social-a');
  const social = [...intro.socialContext, meta.description ?? ''];
  const first = (what: 'followers' | 'likes') => {
    const found = social.map((text) => ({ text, n: shownCount(text, what) })).filter((c): c is { text: string; n: number } => c.n !== null);
    const shown = found[0];
    if (!shown || !ROUNDED_RE.test(shown.text)) return shown?.n ?? null;
    // The header rounds down (3,783 likes shows as `3.7K likes`); og:description writes the count in
    // full. The full count of the one shown (at or above it, within its last shown digit: under 10%
    // more) is the exact count; one that disagrees is not that count (og: tags are cached), and the
    // header's stands.
    return found.find((c) => c.n > shown.n && c.n < shown.n * 1.1)?.n ?? shown.n;
  };
  return {
    page: {
      id,
      username: vanity,
      url: vanity ? `${ORIGIN}/${vanity}` : `${ORIGIN}/profile.php?id=${id}`,
      name: intro.name ?? meta.title,
      category: intro.category,
      intro: bio,
      description: meta.description,
      websites: intro.websites,
      emails: uniqueAddresses([...textEmails(...intro.emails), ...textEmails(meta.description, bio), ...extractEmails({ html })]),
      links: [...new Set(links)],
      follower_count: first('followers'),
      like_count: first('likes'),
    },
  };
}

/** The reader's clean record (asked as `handle`) computed from the operation's: what `reader.view` reads. */
export function profileView(r: SocialAPageRecord, handle: string): SocialAPage {
  const p = r.page;
  return {
    handle,
    url: socialAPageUrl(handle),
    vanity: p.username,
    id: p.id,
    name: p.name,
    description: p.description,
    bio: p.intro,
    websites: p.websites,
    links: p.links,
    emails: p.emails,
  };
}

// ---------------------------------------------------------------------------------------------
// Fetch
// ---------------------------------------------------------------------------------------------

/** The page asked for as `handle` (its vanity or numeric id): one request, parsed, checked to be that page. */
export async function fetchSocialAPageRecord(ctx: OpContext, handle: string): Promise<SocialAPageRecord> {
  const url = socialAPageUrl(handle);
  const res = await ctx.upstream.request({ url, platform: PLATFORM, headers: HEADERS, signal: ctx.signal });
  // Checkpoints and login landings are walls (walls.ts), answered before this.
  const what = `social-a page ${handle}`;
  if (res.status === 404 || res.status === 410) throw notFound(`${what} was not found`);
  expectOk(res, PLATFORM, what);
  const record = parsed(ctx, () => parseSocialAPage(res.text(), { handle, finalUrl: res.url }));
  // Another page than asked is no answer (identity.ts): its id against a numeric handle, its
  // vanity against a name — the name asked, or the one Facebook's own redirect from it ended on
  // (a renamed page; a page asked by id and redirected to its vanity). The page must state what
  // is compared: a page naming only its id, asked by name (or only its vanity, asked by id and not
  // redirected), cannot be told to be the one asked.
  const landed = vanityOf(res.url);
  const { id, username } = record.page;
  if (/^\d+$/.test(handle) && id !== null) assertSameResource(PLATFORM, what, { id: handle }, { id });
  else if (username !== null && (landed !== null || !/^\d+$/.test(handle)))
    assertSameResource(PLATFORM, what, { handle: landed ?? handle }, { handle: username });
  else
    throw upstreamFailed(
      `${PLATFORM}: the upstream answered ${what} with a page that does not name it (its ${id === null ? 'id' : 'vanity'} is not stated)`,
    );
  return record;
}

/** The reader's fetch: the operation's record, viewed as the page asked for. */
export async function fetchSocialAPage(ctx: OpContext, handle: string): Promise<SocialAPage> {
  return profileView(await fetchSocialAPageRecord(ctx, handle), handle);
}

// ---------------------------------------------------------------------------------------------
// Operation
// ---------------------------------------------------------------------------------------------

const pageUrl = parsePageUrl;

export const page: OperationDef<{ handle: string }, SocialAPageRecord> = {
  field: 'socialAPage',
  platform: PLATFORM,
  summary: "A public page's about facts on the social-a platform: name, id, category, intro, websites, e-mail, links, follower count",
  rest: { path: '/v1/social-a/page' },
  record: SocialAPageRecord,
  params: [
    {
      name: 'url',
      kind: 'string',
      required: true,
      maxLength: 2048,
      description: 'Public page URL, e.g. https://www.facebook.com/PAGE or https://www.facebook.com/profile.php?id=ID',
    },
  ],
  cacheable: true,
  check(args, problem) {
    if (typeof args.url === 'string' && args.url.trim() && !pageUrl(args.url.trim()))
      problem(
        'url',
        'must be a public facebook.com page URL (https://www.facebook.com/PAGE, or https://www.facebook.com/profile.php?id=ID)',
      );
  },
  // The page, whatever tab or form its URL had: its vanity (lower case) or its id.
  normalize: (a) => {
    const ref = pageUrl(a.url.trim())!.page;
    return { handle: 'id' in ref ? ref.id : ref.vanity };
  },
  key: (a) => a.handle,
  cost: { max: 1 },
  example: { url: 'https://www.facebook.com/talaokafor.art' },
  run: (ctx, a) => fetchSocialAPageRecord(ctx, a.handle),
};
