/**
 * A Threads public profile: the reader's clean record (`MicroblogCProfile`, reader.ts) and the
 * `GET /v1/microblog-c/profile` operation (`microblogCProfile`: `{user}`, the Threads/Instagram
 * user object in its own names: `pk`, `username`, `full_name`, `biography`, `bio_links`,
 * `follower_count`, `is_verified`, `is_private`, `profile_pic_url`…, listed fields typed, the
 * others passed through), both read from one request and one parse.
 *
 * The signed-out profile page `GET https://www.threads.com/@<username>` ships the profile's user
 * object in its JSON scripts (`<script type="application/json" data-sjs>`, Relay preloader
 * results) — the same object the profile GraphQL query answers in `data.userData.user` (the 2023
 * capture in ../shared/fixtures/microblog-c): `username`, `pk`, `full_name`, `biography`,
 * `bio_links[{url}]`, `follower_count`, `is_private`. The page's user is the object whose
 * `username` is the one asked for and that carries profile keys (`biography` / `full_name`):
 * other users a page names (reposts, replies) are never read as it.
 *
 * When the page ships no such object, the operation asks the profile GraphQL query (the
 * fallback): `POST https://www.threads.com/api/graphql` with the page's public `lsd` token, the
 * user id the page's profile preloader names (`"userID"`) and the query's `doc_id` (pinned with
 * MICROBLOG_C_PROFILE_DOC_ID, else named on the page, else the 2023 one). Without those, or when
 * the query fails (not definitively), the page's `og:title` names the profile as
 * `<name> (@<username>)`: the name is read from there and the bio from `og:description`, after the
 * page's counts (`<n> Followers • <n> Threads • `) and before its closing pointer to
 * `@<username>` (the other fields null, warned). A page that names neither is a missing account
 * only when it is an HTML page of Threads' (its generic page, its answer to an unknown name); a login
 * wall, a checkpoint or a consent page is a block, and any other answer (empty, `{}`, plain text,
 * another profile's page) UPSTREAM_FAILED (`pageProblem`). A private account is its public header
 * (`is_private: true`).
 */
import { decode } from 'html-entities';
import { z } from 'zod';
import type { ApiError } from '../../errors.js';
import { isApiError, loginWall, notFound, shapeChanged, upstreamBlocked, upstreamFailed } from '../../errors.js';
import type { Obj } from '../../parse/index.js';
import { isObj, nonEmpty, reader, scriptElements } from '../../parse/index.js';
import { expectOk } from '../../upstream/client.js';
import { assertSameResource } from '../identity.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { named, NBool, NInt, NStr, passThrough, Str } from '../records.js';
import { normalizeHandle, looksLikeUrl } from '../social-b/parse.js';
import { GRAPHQL_URL, IG_APP_ID } from './fetch.js';
import type { MicroblogCUser } from './parse.js';
import { accessProblem, htmlProblem, parseGraphqlBody, parseSessionPage, parseUser, profileResponseUser, THREADS } from './parse.js';
import { balancedObject, parseUpstreamJson } from '../../parse/json.js';

export interface MicroblogCProfile {
  username: string;
  pk: string | null;
  fullName: string | null;
  biography: string | null;
  /** `bio_links[].url`, empty ones dropped. */
  bioLinks: string[];
  followerCount: number | null;
  isPrivate: boolean | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** A profile user object (parse.ts `parseUser`, the 2023 profile answer's shape) as the reader's record. */
export function profileFromUser(user: MicroblogCUser): MicroblogCProfile {
  const raw = user as unknown as Obj;
  const links = Array.isArray(raw.bio_links) ? raw.bio_links : [];
  return {
    username: user.username ?? '',
    pk: user.pk,
    fullName: text(raw.full_name),
    biography: text(raw.biography),
    bioLinks: links.flatMap((l) => (isObj(l) && text(l.url) ? [text(l.url)!] : [])),
    followerCount: typeof raw.follower_count === 'number' ? raw.follower_count : null,
    isPrivate:
      typeof raw.is_private === 'boolean'
        ? raw.is_private
        : typeof raw.text_post_app_is_private === 'boolean'
          ? raw.text_post_app_is_private
          : null,
  };
}

function* jsonScripts(html: string): Generator<unknown> {
  for (const s of scriptElements(html)) {
    if (!/type\s*=\s*["']?application\/json/i.test(s.attrs)) continue;
    try {
      yield parseUpstreamJson(s.body, PLATFORM);
    } catch (e) {
      if (isApiError(e)) throw e;
      /* not JSON after all: another script */
    }
  }
}

/** The user object of `username` with profile keys, anywhere in the page's JSON scripts. */
function findProfileUser(html: string, username: string): Obj | null {
  const want = username.toLowerCase();
  for (const root of jsonScripts(html)) {
    const stack: unknown[] = [root];
    while (stack.length) {
      const cur = stack.pop();
      if (Array.isArray(cur)) stack.push(...cur);
      else if (isObj(cur)) {
        if (typeof cur.username === 'string' && cur.username.toLowerCase() === want && ('biography' in cur || 'full_name' in cur))
          return cur;
        stack.push(...Object.values(cur));
      }
    }
  }
  return null;
}

/** og: values longer than this (real ones: a name, a bio of at most 500 characters and counts) are not read. */
const OG_MAX = 4096;
/**
 * The `content` of the first `<meta>` whose `property` is `property`: what
 * `<meta[^>]+property=["']P["'][^>]+content=["']([^"']*)["']` (or, failing that,
 * `<meta[^>]+content=["']([^"']*)["'][^>]+property=["']P["']`) finds, read in one pass. Those
 * expressions read from every `<meta` with no `>` after it to the end of the page, and again for
 * each `property=` on the way: 64 KB of `<meta http-equiv=refresh content="0;url=` took 18 s,
 * 16 KB of it 0.9 s in parseProfilePage. As in them, no `>` may come between `<meta` and the
 * attribute read, nor between the property and the content, but the value itself may hold one.
 */
export const ogContent = (html: string, property: string): string | null => {
  const re = new RegExp(`(<meta)|(>)|(property=["']${property}["'])|content=["']`, 'gi');
  const quote = /["']/g;
  let open = -1; // after `<meta`, while no `>` came since; else -1
  let propertyEnd = -1; // after a property attribute, while no `>` came since
  let after: string | null = null; // the last content read after that property
  let value: { text: string; end: number } | null = null; // the last content read, while no `>` came after it
  let before: string | null = null; // the first content read before a property
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m[1]) {
      if (open < 0) open = re.lastIndex;
    } else if (m[2]) {
      if (after !== null) return decode(after);
      open = propertyEnd = -1;
      if (value && m.index > value.end) value = null;
    } else if (m[3]) {
      if (open >= 0 && m.index > open) propertyEnd = re.lastIndex;
      if (value && m.index > value.end + 1) before ??= value.text;
    } else if (open >= 0 && m.index > open) {
      quote.lastIndex = re.lastIndex;
      const q = quote.exec(html);
      if (!q) break;
      const text = html.slice(re.lastIndex, q.index);
      if (propertyEnd >= 0 && m.index > propertyEnd) after = text;
      value = { text, end: q.index };
    }
  }
  if (after !== null) return decode(after);
  return before === null ? null : decode(before);
};
const short = (v: string | null) => (v !== null && v.length <= OG_MAX ? v : null);
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * og:description's leading counts ("4.1K Followers • 57 Threads • "), or its two counts when they
 * are all of it (an account without a bio); a bio that starts with a number stays whole.
 */
const OG_COUNT = String.raw`[\d.,]+(?:\s*[KMB])?\s+\S+`;
const OG_COUNTS = new RegExp(String.raw`^(?:${OG_COUNT}\s+•\s+)?${OG_COUNT}$|^(?:${OG_COUNT}\s+•\s+){1,3}`, 'i');

/** The profile page of `username` → the reader's clean record (see the module comment). */
export function parseProfilePage(html: string, username: string): MicroblogCProfile {
  const user = findProfileUser(html, username);
  if (user) return profileFromUser(parseUser(user, 'profile user'));
  const og = ogProfile(html, username);
  if (!og) throw pageProblem(html, username);
  return {
    username: og.username,
    pk: null,
    fullName: og.fullName,
    biography: og.biography,
    bioLinks: [],
    followerCount: null,
    isPrivate: null,
  };
}

/** What the page's og: tags say of the profile `username`, or null when they name another page. */
function ogProfile(html: string, username: string): { username: string; fullName: string | null; biography: string | null } | null {
  // A tag value longer than any real one is not read: the patterns below backtrack over runs of
  // blanks (200 KB of them in og:title took 77 s).
  const title = short(ogContent(html, 'og:title'));
  const named = title ? new RegExp(`^(.*?)\\s*\\(@(${escapeRe(username)})\\)`, 'i').exec(title) : null;
  if (!named) return null;
  const description = short(ogContent(html, 'og:description'));
  // `<counts, joined by " • ">[ • <bio>]. <a closing sentence naming @username>.`: the closing
  // sentence goes with the '.' (or '•') before it (after the bio, or after the counts when the
  // account wrote none: "5 Followers • 0 Threads. See the latest…"), then the counts.
  const bio = description
    ?.replace(new RegExp(`(?:\\s*[.•])?[^.!?•]*@${escapeRe(username)}\\.?\\s*$`, 'i'), '')
    .replace(OG_COUNTS, '')
    .trim();
  return { username: named[2], fullName: named[1].trim() || null, biography: bio || null };
}

/** Meta's cookie-consent interstitial (instead of the page): its consent route or form. */
const CONSENT_RE = /\/(?:privacy\/)?consent(?:[/?"'#]|$)|cookie_consent|"consent_required"|id=["']?cookie[_-]?consent/i;

/**
 * Threads' answer to an unknown name: an HTML page of its own naming no profile (its generic page,
 * titled "Threads" when last seen). No real capture of one exists, so the rule is loose on purpose
 * — held to one exact title, every real miss would become a 502 if the title moved (and discovery's
 * same-handle probes partial results): an HTML document whose title, if it has one, names Threads.
 * What is no HTML document, or another site's page, is not it.
 */
function isGenericPage(html: string): boolean {
  if (!/^\s*(?:<!doctype html|<html[\s>])/i.test(html)) return false;
  const title = ogContent(html, 'og:title') ?? /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1] ?? null;
  return title === null || /\bThreads\b/.test(decode(title));
}

/**
 * Threads' login page in place of a profile — what a logged-out reader is served at the profile's
 * own URL (or where a redirect ends) when Threads wants a login: its `og:url` is Threads' home page
 * (or its login route), not the profile's. Public readers of Threads pages see it so (og:title
 * "Threads • Log in", og:url `https://www.threads.com/`) for accounts and posts that exist, and
 * since late 2025 for names nobody has (Sherlock PR #2589): nothing in it tells the two apart, so
 * it is the login wall, never NOT_FOUND (a real account behind the wall is not absent). Read by
 * the URL, not the translated title.
 */
function isThreadsLoginPage(html: string): boolean {
  const url = short(ogContent(html, 'og:url'));
  if (!url) return false;
  try {
    const u = new URL(url);
    return /(^|\.)threads\.(?:com|net)$/i.test(u.hostname) && (u.pathname === '/' || /^\/(?:accounts\/)?login\b/i.test(u.pathname));
  } catch {
    return false;
  }
}

/**
 * Why a page that names no profile `username` is none. Only Threads' own answer for an unknown
 * name — its generic page — is a missing account (NOT_FOUND); a login page (a login form, or
 * Threads' login page whose og:url is its home: isThreadsLoginPage) is the login wall, a
 * checkpoint, rate-limit or consent page UPSTREAM_BLOCKED, a page naming another profile
 * (`og:title` `… (@other)`) another resource, and anything else — an empty body, `{}`, `[]`,
 * `null`, plain text, another page — an answer we cannot read: UPSTREAM_FAILED, never NOT_FOUND.
 */
function pageProblem(html: string, username: string): ApiError {
  const problem = htmlProblem(html);
  if (problem?.kind === 'login') return loginWall('microblog-c');
  if (problem) return upstreamBlocked(`microblog-c: threads.com answered with ${problem.why}`);
  if (CONSENT_RE.test(html)) return upstreamBlocked('microblog-c: threads.com answered with a consent page');
  if (isThreadsLoginPage(html)) return loginWall('microblog-c');
  const other = /\(@([A-Za-z0-9._]{1,30})\)/.exec(ogContent(html, 'og:title') ?? '')?.[1];
  if (other) {
    try {
      assertSameResource(PLATFORM, `profile @${username}`, { handle: username }, { handle: other });
    } catch (e) {
      if (isApiError(e)) return e;
      throw e;
    }
  }
  if (isGenericPage(html)) return notFound(`microblog-c profile @${username} was not found`);
  return shapeChanged(
    PLATFORM,
    `profile @${username} on its page (its user object, an og:title naming it, or Threads' generic page for an unknown name)`,
  );
}

// ---------------------------------------------------------------------------------------------
// The operation's record
// ---------------------------------------------------------------------------------------------

const PLATFORM = 'microblog-c';

export const MicroblogCBioLink = passThrough(z.strictObject({ url: NStr.describe('The link ("" where Threads keeps an empty entry)') }));

export const MicroblogCProfileUser = passThrough(
  z.strictObject({
    pk: NStr.describe("The account's numeric id, as a string; null where only the page's og: tags named the profile"),
    username: Str.describe('The @name (an Instagram username)'),
    full_name: NStr.describe('Display name ("" when none)'),
    biography: NStr.describe('Bio ("" when none)'),
    bio_links: z.array(MicroblogCBioLink).describe('Links in the profile, the first being its website field'),
    follower_count: NInt,
    is_verified: NBool,
    is_private: NBool.describe('A private account: its header is public, its posts are not read'),
    profile_pic_url: NStr,
  }),
).describe("Threads' user object; members beyond the listed ones pass through unchanged");
export type MicroblogCProfileUser = z.infer<typeof MicroblogCProfileUser>;

/** The record; /openapi.json names it `MicroblogCProfile`. */
export const MicroblogCProfileRecord = named(
  'MicroblogCProfile',
  z.strictObject({ user: MicroblogCProfileUser }).describe('A public microblog-c account'),
);
export type MicroblogCProfileRecord = z.infer<typeof MicroblogCProfileRecord>;

/** `listed` first (in that order), then every other member of `raw` unchanged. */
function withRest<T extends object>(listed: T, raw: Obj): T {
  const out: Obj = { ...(listed as Obj) };
  for (const [k, v] of Object.entries(raw)) if (!(k in out)) out[k] = v;
  return out as T;
}

/** A profile user object (the page's, the query's, or one built from og: tags) → the record's user. */
export function profileUser(raw: Obj): MicroblogCProfileUser {
  const r = reader(raw, { platform: PLATFORM, record: 'user' });
  const username = r.id('username', nonEmpty);
  return withRest<MicroblogCProfileUser>(
    {
      pk: r.idStr('pk', 'pk', 'pk_id'),
      username,
      full_name: r.str('full_name'),
      biography: r.str('biography'),
      bio_links: r.items('bio_links', (l) => withRest({ url: l.str('url') }, l.root as Obj)),
      follower_count: r.int('follower_count'),
      is_verified: r.bool('is_verified'),
      // Post authors carry the Threads flag only.
      is_private: r.bool('is_private', 'is_private', 'text_post_app_is_private'),
      profile_pic_url: r.str('profile_pic_url'),
    },
    raw,
  );
}

/** The page's embedded user object of `username`, as the record's user; null when the page ships none. */
export function pageUser(html: string, username: string): MicroblogCProfileUser | null {
  const user = findProfileUser(html, username);
  return user ? profileUser(user) : null;
}

/** The record's user as the page's og: tags name it (the other fields null, warned); null when they name another page. */
export function ogUser(html: string, username: string): MicroblogCProfileUser | null {
  const og = ogProfile(html, username);
  if (!og) return null;
  const raw: Obj = { username: og.username, full_name: og.fullName };
  if (og.biography !== null) raw.biography = og.biography;
  return profileUser(raw);
}

/** A profile query answer → the record (its typed errors: login wall, block, query errors, shape). */
export function parseProfileQueryAnswer(json: unknown): MicroblogCProfileRecord {
  return { user: profileUser(profileResponseUser(json)) };
}

/**
 * The reader's clean record computed from the operation's: what `reader.view` reads, so the reader
 * is a view over `microblogCProfile`.
 */
export function profileView(p: MicroblogCProfileRecord): MicroblogCProfile {
  return profileFromUser(p.user as unknown as MicroblogCUser);
}

// ---------------------------------------------------------------------------------------------
// The profile query (fallback)
// ---------------------------------------------------------------------------------------------

/** The 2023 profile query's doc_id (the capture's request); a page naming one, or a pin, wins. */
export const PROFILE_DOC_ID = '23996318473300828';
export const PROFILE_DOC_ID_ENV = 'MICROBLOG_C_PROFILE_DOC_ID';
export const PROFILE_QUERY_NAME = 'BarcelonaProfileRootQuery';
const PROFILE_PRELOADER_RE = /adp_(Barcelona\w*Profile\w*Query)RelayPreloader_\w+/;

export interface ProfileQuery {
  lsd: string;
  userId: string;
  docId: string | null;
  name: string;
  variables: Obj;
}

/** What the page gives for the profile query: its lsd, the profile's user id and the query the page preloads; null without lsd or id. */
export function profileQueryOf(html: string): ProfileQuery | null {
  const { lsd } = parseSessionPage(html);
  const m = PROFILE_PRELOADER_RE.exec(html);
  const window = m ? html.slice(m.index, m.index + 20_000) : '';
  const userId = /"userID":"?(\d{1,25})/.exec(window)?.[1] ?? /"userID":"?(\d{1,25})/.exec(html)?.[1] ?? null;
  if (!lsd || !userId) return null;
  let variables: Obj = { userID: userId };
  const v = window.indexOf('"variables":');
  if (v >= 0) {
    try {
      const parsed = parseUpstreamJson(balancedObject(window, v + '"variables":'.length) ?? 'null', PLATFORM);
      if (isObj(parsed)) variables = { ...parsed, userID: userId };
    } catch (e) {
      if (isApiError(e)) throw e;
      /* the page's template is unreadable: the bare id will do */
    }
  }
  return { lsd, userId, docId: /"queryID":"(\d+)"/.exec(window)?.[1] ?? null, name: m?.[1] ?? PROFILE_QUERY_NAME, variables };
}

/** The query's doc_id: the pinned one, else the one the page names, else the built-in one. */
export function profileDocId(q: ProfileQuery, env: NodeJS.ProcessEnv = process.env): string {
  const pinned = env[PROFILE_DOC_ID_ENV]?.trim();
  if (pinned) {
    // A misspelt pin must not be silently replaced by another id.
    if (!/^\d{6,25}$/.test(pinned)) throw upstreamFailed(`${PLATFORM}: ${PROFILE_DOC_ID_ENV} is not a GraphQL doc_id (digits only)`);
    return pinned;
  }
  return q.docId ?? PROFILE_DOC_ID;
}

async function profileQuery(ctx: OpContext, q: ProfileQuery, username: string): Promise<MicroblogCProfileRecord> {
  const res = await ctx.upstream.request({
    url: GRAPHQL_URL,
    method: 'POST',
    platform: PLATFORM,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: '*/*',
      origin: THREADS,
      referer: `${THREADS}/@${username}`,
      'x-fb-lsd': q.lsd,
      'x-ig-app-id': IG_APP_ID,
      'x-fb-friendly-name': q.name,
      'sec-fetch-site': 'same-origin',
    },
    body: new URLSearchParams({
      lsd: q.lsd,
      fb_api_caller_class: 'RelayModern',
      fb_api_req_friendly_name: q.name,
      variables: JSON.stringify(q.variables),
      server_timestamps: 'true',
      doc_id: profileDocId(q),
    }).toString(),
    signal: ctx.signal,
  });
  // Login and checkpoint answers are walls (walls.ts), answered before this.
  const text = res.text().trim();
  if (text.startsWith('<')) {
    expectOk(res, PLATFORM, 'The profile query');
    throw shapeChanged(PLATFORM, 'profile query JSON (the endpoint answered with HTML)');
  }
  let json: unknown = null;
  try {
    json = text ? parseGraphqlBody(text) : null;
  } catch {
    /* judged below */
  }
  if (accessProblem(json) === 'login') throw loginWall(PLATFORM);
  // The endpoint itself missing says nothing about the account.
  if (res.status === 404) throw upstreamFailed(`${PLATFORM}: the GraphQL endpoint answered HTTP 404`);
  if (!(isObj(json) && (json.data !== undefined || Array.isArray(json.errors)))) expectOk(res, PLATFORM, 'The profile query');
  if (json === null) throw shapeChanged(PLATFORM, 'profile query JSON');
  return parsed(ctx, () => parseProfileQueryAnswer(json));
}

// ---------------------------------------------------------------------------------------------
// Fetch
// ---------------------------------------------------------------------------------------------

/** The signed-out profile page of `username`, as HTML (one request; its failure statuses typed). */
export async function fetchProfilePageHtml(ctx: OpContext, username: string): Promise<string> {
  const res = await ctx.upstream.request({
    url: `${THREADS}/@${encodeURIComponent(username)}`,
    platform: PLATFORM,
    headers: { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en' },
    signal: ctx.signal,
  });
  // Login and checkpoint landings are walls (walls.ts), answered before this.
  if (res.status === 429) throw upstreamBlocked(`${PLATFORM}: threads.com rate limit reached (HTTP 429)`);
  if (res.status === 404 || res.status === 410) throw notFound(`microblog-c profile @${username} was not found`);
  expectOk(res, PLATFORM, `Profile @${username}`);
  return res.text();
}

/** Query failures after which the page's og: tags are read; definitive answers (NOT_FOUND) stand. */
const queryUnusable = (e: unknown): e is ApiError =>
  isApiError(e) && (e.code === 'UPSTREAM_BLOCKED' || e.code === 'UPSTREAM_FAILED' || e.code === 'UPSTREAM_TIMEOUT');

/** The operation's record of `username` (normalised): the page's user, else the profile query, else its og: tags. */
export async function fetchMicroblogCProfile(ctx: OpContext, username: string): Promise<MicroblogCProfileRecord> {
  const html = await fetchProfilePageHtml(ctx, username);
  let record: MicroblogCProfileRecord | null = null;
  const user = parsed(ctx, () => pageUser(html, username));
  if (user) record = { user };
  const q = record ? null : profileQueryOf(html);
  if (q) {
    try {
      record = await profileQuery(ctx, q, username);
      // The page's user id named another account: that answer is not this profile (identity.ts).
      assertSameResource(PLATFORM, `profile @${username}`, { handle: username }, { handle: record.user.username });
    } catch (e) {
      if (!queryUnusable(e) || ctx.signal?.aborted) throw e;
      record = null;
      const og = parsed(ctx, () => ogUser(html, username));
      if (!og) throw e;
      record = { user: og };
    }
  }
  if (!record) {
    const og = parsed(ctx, () => ogUser(html, username));
    if (!og) throw pageProblem(html, username);
    record = { user: og };
  }
  assertSameResource(PLATFORM, `profile @${username}`, { handle: username }, { handle: record.user.username });
  return record;
}

// ---------------------------------------------------------------------------------------------
// Operation
// ---------------------------------------------------------------------------------------------

export const profile: OperationDef<{ handle: string }, MicroblogCProfileRecord> = {
  field: 'microblogCProfile',
  platform: PLATFORM,
  summary: 'A public microblog-c account: name, bio, links, follower count, flags',
  rest: { path: '/v1/microblog-c/profile' },
  record: MicroblogCProfileRecord,
  params: [
    {
      name: 'handle',
      kind: 'string',
      required: true,
      maxLength: 100,
      description: 'Username, e.g. tala.draws; a leading @ is ignored. Not a profile URL.',
    },
  ],
  cacheable: true,
  check(args, problem) {
    if (typeof args.handle !== 'string' || !args.handle.trim() || args.handle.length > 100) return; // required / length rules report these
    if (looksLikeUrl(args.handle)) problem('handle', 'must be a username (e.g. tala.draws), not a profile URL');
    else if (!normalizeHandle(args.handle))
      problem('handle', 'must be a username: 1 to 30 letters, digits, periods and underscores (a leading @ is allowed)');
  },
  // Threads usernames are Instagram usernames: case-insensitive, the @ is decoration.
  normalize: (a) => ({ handle: normalizeHandle(a.handle)! }),
  key: (a) => a.handle,
  cost: { max: 1 },
  example: { handle: 'tala.draws' },
  run: (ctx, a) => fetchMicroblogCProfile(ctx, a.handle),
};
