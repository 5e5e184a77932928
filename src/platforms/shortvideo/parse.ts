/**
 * Pure parser for shortvideo (TikTok) profile pages: the HTML of `GET https://www.tiktok.com/@<user>`
 * in, a clean profile record out. No I/O. Creator discovery uses the record as its source profile
 * (bio, display name, declared website and every link).
 *
 * Page shapes that carry the profile (platforms.md), newest first:
 *  - current pages (2023+): `<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__">` →
 *    `__DEFAULT_SCOPE__["webapp.user-detail"]` = `{userInfo: {user, stats, statsV2}, statusCode}`;
 *  - 2022 pages (the shared capture): `<script id="SIGI_STATE">` → `UserModule.users[<uniqueId>]`
 *    and `UserModule.stats[<uniqueId>]`, with `UserPage.{uniqueId, statusCode}`;
 *  - late 2021 – early 2022 pages: the same state as JavaScript in `<script id="sigi-persisted-data">`,
 *    `window['SIGI_STATE']={…};window['SIGI_RETRY']={…};` (the object is read by its braces, never run);
 *  - 2020–2021 pages (Next.js): `<script id="__NEXT_DATA__">` → `props.pageProps.userInfo.{user, stats}`,
 *    with `pageProps.statusCode` (10202: no such account) and `pageProps.serverCode` (404: the same).
 *
 * Outcomes:
 *  - a user with `id` and `uniqueId` → the record (a private account's public header included,
 *    `private: true`; the record never holds posts). A page holding its user is a profile
 *    whatever else it mentions; the checks below run only on pages without one;
 *  - `statusCode` 10202 / 10221 in the user-detail scope (or `UserPage`, or the Next.js
 *    `pageProps`, whose `serverCode` 404 says the same) → NOT_FOUND: TikTok's
 *    code, never the rendered "Couldn't find this account", which is translated with the
 *    visitor's language (and quoted in the i18n table of every page, see below);
 *  - `statusCode` 10222 (a private account: "login required" to scrapers, yt-dlp / gallery-dl) →
 *    the record when the page holds the user (its logged-out `videoCount` of 0 is withheld, not a
 *    count: null — the same scrapers read the real count only with a login), PRIVATE_CONTENT when
 *    it holds none; 10231 (region locked: TikTok withholds the page from the requester's country)
 *    → UPSTREAM_BLOCKED, a refusal of the gateway's location, not an answer about the account;
 *  - TikTok's captcha interstitial and vendor challenges are walls (walls.ts): the upstream
 *    client answers them UPSTREAM_BLOCKED before this parser sees them;
 *  - anything else (no data script, a scope without a user, a user without id) → UPSTREAM_FAILED
 *    naming what was missing, never an empty record.
 *
 * No text decides anything: the 2022 capture's SIGI_STATE carries the whole i18n table
 * ("Couldn't find this account" three times) and a `"captcha"` domain entry, on a page that is
 * a perfectly good profile.
 */
import { parse as parseDomain } from 'tldts';
import { isApiError, loginWall, notFound, privateContent, shapeChanged, upstreamBlocked } from '../../errors.js';
import type { ApiError } from '../../errors.js';
import { idStr, isObj, nonEmpty, reader, scriptElements } from '../../parse/index.js';
import type { Obj } from '../../parse/index.js';
import { isLinkInBioHost } from '../../links/classify.js';
import { balancedObject, parseUpstreamJson } from '../../parse/json.js';

const PLATFORM = 'shortvideo';
export const TIKTOK_ORIGIN = 'https://www.tiktok.com';

export interface ShortvideoProfile {
  /** TikTok's numeric user id, as a string (`"19994247"`). */
  id: string;
  /** `uniqueId`, the @name, as TikTok spells it. */
  handle: string;
  displayName: string | null;
  bio: string | null;
  /** `bioLink.link` first, then URLs written in the bio; deduplicated, in that order. */
  bioLinks: string[];
  verified: boolean | null;
  private: boolean | null;
  avatarUrl: string | null;
  followerCount: number | null;
  followingCount: number | null;
  likeCount: number | null;
  videoCount: number | null;
  /** `https://www.tiktok.com/@<handle>` */
  url: string;
}

// ---------------------------------------------------------------------------------------------
// Handles
// ---------------------------------------------------------------------------------------------

/** TikTok usernames: 2–24 letters, digits, underscores and periods. */
const HANDLE_RE = /^[a-z0-9._]{2,24}$/;

/** `@Huxley.Puppy` → `huxley.puppy`; anything that is not a username (a profile URL included) → null. */
export function normaliseShortvideoHandle(input: string): string | null {
  if (typeof input !== 'string') return null;
  const h = input.trim().replace(/^@/, '').toLowerCase();
  return HANDLE_RE.test(h) ? h : null;
}

export function profilePageUrl(handle: string): string {
  return `${TIKTOK_ORIGIN}/@${encodeURIComponent(handle)}`;
}

// ---------------------------------------------------------------------------------------------
// Field helpers
// ---------------------------------------------------------------------------------------------

/**
 * A count: a number, or a digit string (`statsV2` spells every count as a string). Negative
 * values are dropped: the 32-bit `heart` field is known to overflow for accounts past 2^31
 * likes, which is why `heartCount` is preferred.
 */
function count(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
}

/**
 * The likes: `read` (heartCount first), unless that is 0 while another of TikTok's like counts is
 * positive — 2020 pages sent a placeholder `heartCount: 0` beside the real `heart` (public scrapers
 * saw `"heartCount":0,…,"heart":4200000000`, davidteather/TikTok-Api issue #324); then that one.
 */
export function likesOf(read: number | null, all: unknown[]): number | null {
  if (read !== 0) return read;
  for (const v of all) {
    const n = count(v);
    if (n !== null && n > 0) return n;
  }
  return read;
}

function statusCodeOf(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}

// ---------------------------------------------------------------------------------------------
// Bio links
// ---------------------------------------------------------------------------------------------

/** URL characters (RFC 3986), so an emoji or a full-width bracket right after a link ends it. */
const URL_CHARS = '[A-Za-z0-9\\-._~:/?#\\[\\]@!$&()*+,;=%]';
const SCHEME_URL_RE = new RegExp(`\\bhttps?://${URL_CHARS}+`, 'gi');
/**
 * A bare `host.tld[/path]` in running text. Not after `@` or a word character (so `me@gmail.com`
 * and `@brand.official` are no links), and not followed by more host characters.
 */
const BARE_URL_RE = new RegExp(
  `(?<![A-Za-z0-9@._\\-/])((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,24})(?![A-Za-z0-9@_-]|\\.[A-Za-z0-9])(/${URL_CHARS}*)?`,
  'gi',
);
const TRAILING_PUNCTUATION_RE = /[.,;:!?'"\]}]+$/;

/** Sentence punctuation after a link is not part of it; nor is a `)` closing a parenthesis the link did not open. */
function trimLink(raw: string): string {
  let s = raw.trim();
  for (let prev = ''; prev !== s;) {
    prev = s;
    s = s.replace(TRAILING_PUNCTUATION_RE, '');
    if (s.endsWith(')') && (s.match(/\(/g)?.length ?? 0) < (s.match(/\)/g)?.length ?? 0)) s = s.slice(0, -1);
  }
  return s;
}

/**
 * Suffixes a bare `name.tld` in a bio is accepted with even without `www.` or a path. Other ICANN
 * suffixes need one of those: `IG: jane.bar` or `snap: john.doe` are handles, not websites.
 */
const COMMON_SUFFIXES = new Set([
  'com',
  'net',
  'org',
  'io',
  'co',
  'me',
  'ai',
  'app',
  'link',
  'bio',
  'store',
  'shop',
  'site',
  'online',
  'tv',
  'gg',
  'xyz',
  'page',
  'to',
  'ee',
  'fm',
  'ly',
  'so',
  'info',
  'biz',
  'live',
  'us',
  'uk',
  'co.uk',
  'ca',
  'au',
  'com.au',
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'eu',
  'club',
  'art',
  'studio',
  'music',
  'blog',
]);

/** `linktr.ee/x` → `https://linktr.ee/x`; null unless it is an http(s) URL on a public-suffix host. */
function absoluteLink(raw: string): { url: string; key: string } | null {
  const s = trimLink(raw);
  if (!s) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s.replace(/^\/\//, '')}`;
  let u: URL;
  try {
    u = new URL(withScheme);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  const info = parseDomain(u.hostname);
  if (!info.domain || !info.isIcann) return null;
  return { url: withScheme, key: u.href.replace(/\/$/, '') };
}

/** Candidate links written in a bio, as written: `https://…` anywhere, then bare `host.tld/path`, `www.host.tld` and `host.<common suffix>`. */
function linksWritten(bio: string): string[] {
  const found: string[] = [];
  // Scheme URLs first, then blanked out so their hosts are not read again as bare links.
  const rest = bio.replace(SCHEME_URL_RE, (m) => {
    found.push(m);
    return ' '.repeat(m.length);
  });
  for (const m of rest.matchAll(BARE_URL_RE)) {
    const host = m[1].toLowerCase();
    const path = trimLink(m[2] ?? '');
    const suffix = parseDomain(host).publicSuffix ?? '';
    if (host.startsWith('www.') || path.length > 1 || COMMON_SUFFIXES.has(suffix) || isLinkInBioHost(host)) found.push(m[0]);
  }
  return found;
}

/** `declared` (the profile's website field) then the links written in `bio`: absolute http(s) URLs, deduplicated, first spelling kept. */
export function profileLinks(declared: string | null, bio: string | null): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of [...(declared ? [declared] : []), ...(bio ? linksWritten(bio) : [])]) {
    const link = absoluteLink(raw);
    if (!link || seen.has(link.key)) continue;
    seen.add(link.key);
    out.push(link.url);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Page markers
// ---------------------------------------------------------------------------------------------

/**
 * `<script … id="NAME" …>JSON</script>` → the JSON text, or null when the page has no such script.
 * One pass over the scripts (parse/markup.ts): a single regex retried from every `<script` read
 * the page to its end each time a script did not close (400 KB: 0.8 s; 8 MB: minutes).
 */
export function scriptById(html: string, id: string): string | null {
  // `id="NAME"`, `id='NAME'` or `id=NAME`, exactly (not `data-id`, not `NAME_RETRY`).
  const idRe = new RegExp(`(?<![\\w-])id\\s*=\\s*(?:"${id}"|'${id}'|${id}(?=[\\s>]))`, 'i');
  for (const s of scriptElements(html)) if (idRe.test(`${s.attrs}>`)) return s.body;
  return null;
}

/*
 * TikTok's `statusCode`s, as its web app names them (TikScraperPHP's `Constants/Codes.php` mirrors
 * the table: 10202 USER_NOT_EXIST, 10221 USER_BAN, 10222 USER_PRIVATE, 10223 USER_FTC, 10231
 * VIDEO_GEOFENCE_BLOCK, 10000 VERIFY_CODE, 10113 SHARK_SLIDE, 10114 SHARK_BLOCK, 10102
 * USER_NOT_LOGIN…); yt-dlp and gallery-dl read 10222 / 10204 / 10231 the same way.
 */

/**
 * user-detail `statusCode`s of an account with no public profile: 10202 (no such account) and
 * 10221 (banned: its profile is gone for everyone); a Next.js page's `serverCode` 404 stands in as -404.
 */
const NOT_FOUND_SERVER_CODE = -404;
const NOT_FOUND_CODES = new Set([10202, 10221, NOT_FOUND_SERVER_CODE]);
const BANNED_CODE = 10221;
/** user-detail (and video-detail) `statusCode` of a private account, as a logged-out reader gets it. */
export const PRIVATE_ACCOUNT_CODE = 10222;
/** …and of an account TikTok shows no one under its minors' protection (USER_FTC). */
const PROTECTED_ACCOUNT_CODE = 10223;
/** `statusCode` of a page TikTok withholds from the requester's region (gallery-dl: "Region locked"). */
export const REGION_LOCKED_CODE = 10231;
/** TikTok's own anti-bot verdicts (VERIFY_CODE, SHARK_SLIDE, SHARK_BLOCK): its captcha, by code. */
const VERIFY_CODES = new Set([10000, 10113, 10114]);
/** USER_NOT_LOGIN: the page wants a login. */
const LOGIN_CODE = 10102;

/**
 * The wall a `statusCode` is, on a profile or a video page alike — TikTok's captcha, a login, or
 * the requester's region — or null: UPSTREAM_BLOCKED, never an answer about the account or video.
 */
export function statusWall(code: number | null, what: string): ApiError | null {
  if (code === null) return null;
  if (VERIFY_CODES.has(code)) return upstreamBlocked(`${PLATFORM}: TikTok answered ${what} with its captcha verdict (statusCode ${code})`);
  if (code === LOGIN_CODE) return loginWall(PLATFORM);
  if (code === REGION_LOCKED_CODE)
    return upstreamBlocked(`${PLATFORM}: TikTok withholds ${what} from the gateway's region (statusCode ${code})`);
  return null;
}

// ---------------------------------------------------------------------------------------------
// The two data shapes
// ---------------------------------------------------------------------------------------------

type Shape = 'universal' | 'sigi' | 'next';

/** Where each shape keeps its user, for errors. */
const SHAPE_NAMES: Record<Shape, string> = { universal: 'user-detail', sigi: 'SIGI_STATE', next: '__NEXT_DATA__ userInfo' };

interface Found {
  shape: Shape;
  user: Obj | null;
  stats: Obj | null;
  /** Fallback counts (`statsV2`, strings). */
  statsV2: Obj | null;
  statusCode: number | null;
  /** What was missing when `user` is null (for the error). */
  missing: string;
}

const NO_USER = { user: null, stats: null, statsV2: null, statusCode: null };

function parseJson(text: string): unknown {
  try {
    return parseUpstreamJson(text, PLATFORM);
  } catch (e) {
    if (isApiError(e)) throw e;
    return undefined;
  }
}

function fromUniversal(text: string): Found {
  const data = parseJson(text);
  if (data === undefined) return { shape: 'universal', ...NO_USER, missing: 'valid JSON in the __UNIVERSAL_DATA_FOR_REHYDRATION__ script' };
  const scope = isObj(data) ? data.__DEFAULT_SCOPE__ : null;
  if (!isObj(scope)) return { shape: 'universal', ...NO_USER, missing: '__DEFAULT_SCOPE__ in __UNIVERSAL_DATA_FOR_REHYDRATION__' };
  const detail = scope['webapp.user-detail'];
  if (!isObj(detail)) return { shape: 'universal', ...NO_USER, missing: '__DEFAULT_SCOPE__["webapp.user-detail"]' };
  const info = isObj(detail.userInfo) ? detail.userInfo : {};
  return {
    shape: 'universal',
    user: isObj(info.user) && Object.keys(info.user).length > 0 ? info.user : null,
    stats: isObj(info.stats) ? info.stats : null,
    statsV2: isObj(info.statsV2) ? info.statsV2 : null,
    statusCode: statusCodeOf(detail.statusCode),
    missing: '__DEFAULT_SCOPE__["webapp.user-detail"].userInfo.user',
  };
}

function fromSigi(text: string | null, handle: string | undefined, where = 'the SIGI_STATE script'): Found {
  const data = text === null ? undefined : parseJson(text);
  if (!isObj(data)) return { shape: 'sigi', ...NO_USER, missing: `a valid JSON object in ${where}` };
  const page = isObj(data.UserPage) ? data.UserPage : {};
  const mod = isObj(data.UserModule) ? data.UserModule : {};
  const users = isObj(mod.users) ? mod.users : {};
  const stats = isObj(mod.stats) ? mod.stats : {};
  // The page's own user: the one asked for, else UserPage.uniqueId, else the only one there.
  const keys = Object.keys(users);
  const wanted = [handle, nonEmpty(page.uniqueId)].filter((k): k is string => !!k).map((k) => k.toLowerCase());
  const key = keys.find((k) => wanted.includes(k.toLowerCase())) ?? (keys.length === 1 ? keys[0] : undefined);
  return {
    shape: 'sigi',
    user: key !== undefined && isObj(users[key]) ? (users[key] as Obj) : null,
    stats: key !== undefined && isObj(stats[key]) ? (stats[key] as Obj) : null,
    statsV2: null,
    statusCode: statusCodeOf(page.statusCode),
    missing: isObj(data.UserModule) ? 'UserModule.users[<uniqueId>] in SIGI_STATE' : 'UserModule in SIGI_STATE',
  };
}

/**
 * The object literal assigned to `window['NAME']` (or `window["NAME"]`, `window.NAME`) in a
 * script's text, found by matching braces outside strings: `window['SIGI_STATE']={…};window['SIGI_RETRY']=…`.
 * Null when there is no such assignment or its object never closes.
 */
export function assignedObject(js: string, name: string): string | null {
  const m = new RegExp(`window(?:\\[\\s*(["'])${name}\\1\\s*\\]|\\.${name}\\b)\\s*=\\s*`).exec(js);
  return m ? balancedObject(js, m.index + m[0].length, true) : null;
}

/** The 2020–2021 Next.js page: `props.pageProps.userInfo.{user, stats}`. */
function fromNextData(text: string): Found {
  const data = parseJson(text);
  const props = isObj(data) && isObj(data.props) ? data.props.pageProps : null;
  if (!isObj(props)) return { shape: 'next', ...NO_USER, missing: 'props.pageProps in the __NEXT_DATA__ script' };
  const info = isObj(props.userInfo) ? props.userInfo : {};
  const status = statusCodeOf(props.statusCode);
  return {
    shape: 'next',
    user: isObj(info.user) && Object.keys(info.user).length > 0 ? info.user : null,
    stats: isObj(info.stats) ? info.stats : null,
    statsV2: null,
    // `serverCode` 404 is the page's own HTTP-like verdict for an account nobody has.
    statusCode: status || (statusCodeOf(props.serverCode) === 404 ? NOT_FOUND_SERVER_CODE : status),
    missing: 'props.pageProps.userInfo.user in __NEXT_DATA__',
  };
}

function toRecord(found: ProfileData): ShortvideoProfile {
  const { user } = found;
  const id = idStr(user.id);
  const handle = nonEmpty(user.uniqueId);
  if (!id) throw shapeChanged(PLATFORM, `user.id in the ${SHAPE_NAMES[found.shape]} user`);
  if (!handle) throw shapeChanged(PLATFORM, `user.uniqueId in the ${SHAPE_NAMES[found.shape]} user`);
  // Every profile's user carries its name, bio (blank when unset), flags and avatars, and its
  // stats (or statsV2) every count: missing ones are warned.
  const u = reader(user, { platform: PLATFORM, record: 'user' });
  // statsV2 (strings, exact) first, then stats — current pages round stats (427682 followers is
  // 427700 there), as profile.ts reads them.
  const st = reader({ v2: found.statsV2 ?? {}, s: found.stats ?? {} }, { platform: PLATFORM, record: 'stats' });
  const bio = u.nonEmpty('signature');
  // Only accounts that declare a website have one: absent is normal, another type is warned. A
  // bioLink that is there always carries its link (beside its risk): one without it is warned.
  const declared = (isObj(user.bioLink) ? u : u.opt).nonEmpty('bioLink', ['bioLink', 'link']);
  return {
    id,
    handle,
    displayName: u.nonEmpty('nickname'),
    bio,
    bioLinks: profileLinks(declared, bio),
    verified: u.bool('verified'),
    private: u.bool('privateAccount', 'privateAccount', 'secret'),
    avatarUrl: u.nonEmpty('avatarLarger', 'avatarLarger', 'avatarMedium', 'avatarThumb'),
    followerCount: st.get('followerCount', count, ['v2', 'followerCount'], ['s', 'followerCount']),
    followingCount: st.get('followingCount', count, ['v2', 'followingCount'], ['s', 'followingCount']),
    likeCount: likesOf(st.get('heartCount', count, ['v2', 'heartCount'], ['s', 'heartCount'], ['v2', 'heart'], ['s', 'heart']), [
      found.statsV2?.heartCount,
      found.stats?.heartCount,
      found.statsV2?.heart,
      found.stats?.heart,
    ]),
    videoCount: videoCountOf(st.get('videoCount', count, ['v2', 'videoCount'], ['s', 'videoCount']), found.statusCode),
    url: `${TIKTOK_ORIGIN}/@${handle}`,
  };
}

/** The page's own user and its counts, as the page holds them (`user` unread: its identity is checked by the reader of it). */
export interface ProfileData {
  shape: Shape;
  user: Obj;
  stats: Obj | null;
  /** The counts as digit strings (current pages): exact where `stats` may be rounded. */
  statsV2: Obj | null;
  /** TikTok's statusCode beside the user (0 or null for a public account; PRIVATE_ACCOUNT_CODE). */
  statusCode: number | null;
}

/**
 * A videoCount as the record gives it: a private account's page (statusCode 10222) counts 0 videos
 * to a logged-out reader whatever it holds (yt-dlp PR #14585, ported by gallery-dl: the real count
 * shows only with a login), so its 0 is withheld — null, not "no videos".
 */
export function videoCountOf(n: number | null, statusCode: number | null): number | null {
  return statusCode === PRIVATE_ACCOUNT_CODE && n === 0 ? null : n;
}

/**
 * A TikTok profile page → the clean profile record. `handle` (optional, the one requested) picks
 * the page's own user in a 2022 SIGI_STATE that holds several, and names the account in errors.
 */
export function parseProfilePage(html: string, handle?: string): ShortvideoProfile {
  return toRecord(profileData(html, handle));
}

/**
 * A TikTok profile page → its user-detail data (either shape), or the page's typed error
 * (NOT_FOUND by TikTok's statusCode; UPSTREAM_FAILED naming what was missing). Shared by the
 * clean record above and the `shortvideoProfile` operation's record (profile.ts).
 */
export function profileData(html: string, handle?: string): ProfileData {
  const who = handle ? `@${handle}` : 'the requested account';
  // Newest shape first; a transitional page carrying several scripts falls back to the older ones.
  const readers: (() => Found | null)[] = [
    () => {
      const text = scriptById(html, '__UNIVERSAL_DATA_FOR_REHYDRATION__');
      return text === null ? null : fromUniversal(text);
    },
    () => {
      const text = scriptById(html, 'SIGI_STATE');
      return text === null ? null : fromSigi(text, handle);
    },
    () => {
      const text = scriptById(html, 'sigi-persisted-data');
      return text === null
        ? null
        : fromSigi(assignedObject(text, 'SIGI_STATE'), handle, "window['SIGI_STATE'] of the sigi-persisted-data script");
    },
    () => {
      const text = scriptById(html, '__NEXT_DATA__');
      return text === null ? null : fromNextData(text);
    },
  ];
  let found: Found | null = null;
  for (const read of readers) {
    if (found?.user) break;
    const next = read();
    if (next && (next.user || !found)) found = next;
  }
  // USER_BAN and USER_FTC decide even beside a user object: a banned account's profile is gone
  // for everyone, and TikTok shows a USER_FTC account (minors' protection) to no one.
  const decisive = found?.statusCode === BANNED_CODE || found?.statusCode === PROTECTED_ACCOUNT_CODE;
  // A page that holds the user is a profile, whatever its scripts mention; interstitials hold none.
  if (found?.user && !decisive)
    return { shape: found.shape, user: found.user, stats: found.stats, statsV2: found.statsV2, statusCode: found.statusCode };

  // TikTok's captcha page and any vendor challenge are walls (walls.ts, src/upstream/blocks),
  // answered UPSTREAM_BLOCKED by the upstream client before this parser.
  if (found?.statusCode != null && NOT_FOUND_CODES.has(found.statusCode)) {
    const code = found.statusCode === NOT_FOUND_SERVER_CODE ? 'serverCode 404' : `statusCode ${found.statusCode}`;
    const banned = found.statusCode === BANNED_CODE ? ': banned' : '';
    throw notFound(`Shortvideo account ${who} was not found (${code}${banned})`);
  }
  if (found?.statusCode === PRIVATE_ACCOUNT_CODE || found?.statusCode === PROTECTED_ACCOUNT_CODE)
    throw privateContent(`Shortvideo account ${who} (statusCode ${found.statusCode})`);
  const wall = statusWall(found?.statusCode ?? null, who);
  if (wall) throw wall;
  if (!found) throw shapeChanged(PLATFORM, '<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__"> or <script id="SIGI_STATE"> profile data');
  const status = found.statusCode ? ` (statusCode ${found.statusCode})` : '';
  throw shapeChanged(PLATFORM, `${found.missing}${status}`);
}
