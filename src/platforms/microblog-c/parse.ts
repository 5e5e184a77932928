/**
 * Pure parsers for the `microblog-c` platform (Threads): upstream bodies in, api.md records out;
 * no I/O.
 *
 * Threads' web client talks Relay GraphQL to `POST https://www.threads.com/api/graphql`. Every
 * answer that carries posts nests them as "thread items": `…thread.thread_items[].post` in search
 * results (`data.searchResults.edges[].node.thread`), `…node.thread_items[].post` in a profile's
 * threads tab (`data.mediaData.edges`, and `data.mediaData.threads` in the July 2023 client).
 * A post's author and a profile's user are the same user object (the 2023 profile capture in
 * ../shared/fixtures/microblog-c is one), so `parseUser` serves both, and `parsePost` serves every
 * thread item.
 *
 * api.md "microblog-c search result" names the fields that must be there ("and further nullable
 * fields"): the upstream objects are passed through whole, the documented fields are typed and
 * null where absent.
 *
 * With `trim`, a post is reduced to TRIMMED_POST (same names and values as the full post).
 */
import { isApiError, loginWall, shapeChanged, upstreamBlocked, upstreamFailed } from '../../errors.js';
import { idStr, isObj, reader } from '../../parse/index.js';
import type { Obj, Reader } from '../../parse/index.js';
import type {
  MicroblogCUser,
  MicroblogCTextPostAppInfo,
  MicroblogCCaption,
  MicroblogCImageCandidate,
  MicroblogCPost,
  MicroblogCSearchResult,
} from './schema.js';
export type {
  MicroblogCUser,
  MicroblogCTextFragment,
  MicroblogCTextPostAppInfo,
  MicroblogCCaption,
  MicroblogCImageCandidate,
  MicroblogCPost,
  MicroblogCSearchResult,
} from './schema.js';
import { balancedObject, parseUpstreamJson } from '../../parse/json.js';

const PLATFORM = 'microblog-c';
export const THREADS = 'https://www.threads.com';

// ---------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------

/** Upstream order first, then the documented fields, typed (a documented field is never missing). */
function withTyped<T extends object>(raw: Obj, typed: T): T {
  return { ...raw, ...typed };
}

export function parseUser(raw: unknown, what = 'user'): MicroblogCUser {
  if (!isObj(raw)) throw shapeChanged(PLATFORM, what);
  const r = reader(raw, { platform: PLATFORM, record: 'user' });
  // The 2023 profile answer has `id: null`: pk and username are what identify a user (either
  // one will do; the other missing is warned).
  const pk = r.opt.idStr('pk', 'pk', 'pk_id');
  const username = r.opt.str('username');
  if (!pk && !username) throw shapeChanged(PLATFORM, `pk/username of ${what}`);
  if (!pk) r.warn('pk', 'missing');
  if (!username) r.warn('username', 'missing');
  // Every user object carries its picture and verified flag; the rest varies by query.
  return withTyped<MicroblogCUser>(raw, {
    // The requester's follow state (src/parse/viewer.ts): null for a signed-out request, which
    // this gateway always is; an answer to a signed-in one would carry the requester's.
    friendship_status: null,
    pk,
    profile_pic_url: r.str('profile_pic_url'),
    username,
    id: r.opt.idStr('id'),
    is_verified: r.bool('is_verified'),
    text_post_app_is_private: r.opt.bool('text_post_app_is_private'),
    has_onboarded_to_text_post_app: r.opt.bool('has_onboarded_to_text_post_app'),
  });
}

/** `text_post_app_info`: on every post of a search or threads answer (its parts warned when missing). */
function parseTextPostAppInfo(post: Reader): MicroblogCTextPostAppInfo | null {
  const raw = post.obj('text_post_app_info');
  if (!raw) return null;
  const r = post.over(raw, 'text_post_app_info');
  const tf = r.obj('text_fragments');
  const textFragments = tf
    ? {
        ...tf,
        fragments: r
          .over(tf, 'text_fragments')
          .items('fragments', (f) => ({ ...(f.root as Obj), fragment_type: f.str('fragment_type'), plaintext: f.str('plaintext') })),
      }
    : null;
  // README: Threads omits the counts for some posts (replies disabled): absent, not warned.
  return withTyped<MicroblogCTextPostAppInfo>(raw, {
    text_fragments: textFragments,
    reshare_count: r.opt.trunc('reshare_count'),
    direct_reply_count: r.opt.trunc('direct_reply_count'),
    repost_count: r.opt.trunc('repost_count'),
    quote_count: r.opt.trunc('quote_count'),
    share_info: r.obj('share_info'),
    reply_control: r.str('reply_control'),
    is_reply: r.bool('is_reply'),
  });
}

/** A post's caption: null on posts without one; its text and pk warned when missing. */
function parseCaption(post: Reader): MicroblogCCaption | null {
  const raw = post.opt.obj('caption');
  if (!raw) return null;
  const c = post.over(raw, 'caption');
  return withTyped<MicroblogCCaption>(raw, { text: c.str('text'), pk: c.idStr('pk'), has_translation: c.opt.bool('has_translation') });
}

/** Image candidates: text posts have none (an empty list or no block). */
function parseImageVersions(post: Reader): MicroblogCPost['image_versions2'] {
  const raw = post.opt.obj('image_versions2');
  if (!raw) return null;
  const candidates = post
    .over(raw, 'image_versions2')
    .items('candidates', (c) =>
      withTyped<MicroblogCImageCandidate>(c.root as Obj, { url: c.str('url'), width: c.trunc('width'), height: c.trunc('height') }),
    );
  return { ...raw, candidates };
}

/** One thread item's `post` → the api.md post record. Its pk identifies it. */
export function parsePost(raw: unknown, what = 'post'): MicroblogCPost {
  if (!isObj(raw)) throw shapeChanged(PLATFORM, what);
  const pk = idStr(raw.pk);
  if (!pk) throw shapeChanged(PLATFORM, `pk of ${what}`);
  // Every post carries its author, code (the URL's), type, time, counts and tracking token:
  // missing ones are warned. An author that cannot be read (no object, neither pk nor username)
  // is null, warned: the post's pk still identifies the post.
  const r = reader(raw, { platform: PLATFORM, record: 'post' });
  const userObj = r.obj('user');
  let user: MicroblogCUser | null = null;
  if (userObj) {
    try {
      user = parseUser(userObj, `user of ${what}`);
    } catch (e) {
      if (!isApiError(e) || e.code !== 'UPSTREAM_FAILED') throw e;
      r.warn('user', 'neither pk nor username');
    }
  }
  // The web client's id is `<post pk>_<author pk>`.
  const id = r.opt.idStr('id') ?? (user?.pk ? `${pk}_${user.pk}` : null);
  if (!id) throw shapeChanged(PLATFORM, `id of ${what}`);
  return withTyped<MicroblogCPost>(raw, {
    id,
    pk,
    user,
    text_post_app_info: parseTextPostAppInfo(r),
    caption: parseCaption(r),
    code: r.str('code'),
    image_versions2: parseImageVersions(r),
    // README: text-only posts may carry no dimensions.
    original_height: r.opt.trunc('original_height'),
    original_width: r.opt.trunc('original_width'),
    media_type: r.trunc('media_type'),
    like_count: r.trunc('like_count'),
    taken_at: r.trunc('taken_at'),
    organic_tracking_token: r.str('organic_tracking_token'),
  });
}

/**
 * The `post` of every thread item in a GraphQL answer, in order, whichever list holds them:
 * search results, a profile's threads tab (current `edges[].node`, or the 2023 `threads[]`).
 * Returns null when the answer holds none of these lists.
 */
export function threadItemPosts(json: unknown): unknown[] | null {
  const data = isObj(json) && isObj(json.data) ? json.data : null;
  if (!data) return null;
  const threads: unknown[] = [];
  let found = false;
  const sr = data.searchResults;
  if (isObj(sr) && Array.isArray(sr.edges)) {
    found = true;
    for (const e of sr.edges) threads.push(isObj(e) && isObj(e.node) ? e.node.thread : undefined);
  }
  const md = data.mediaData;
  if (isObj(md) && Array.isArray(md.edges)) {
    found = true;
    for (const e of md.edges) threads.push(isObj(e) ? e.node : undefined);
  }
  if (isObj(md) && Array.isArray(md.threads)) {
    found = true;
    threads.push(...md.threads);
  }
  if (!found) return null;
  const posts: unknown[] = [];
  for (const t of threads) {
    // Entries without thread items (headers, "people" modules) carry no post.
    if (!isObj(t) || !Array.isArray(t.thread_items)) continue;
    for (const item of t.thread_items) if (isObj(item) && item.post !== undefined) posts.push(item.post);
  }
  return posts;
}

/** `trim=true`: a post is reduced to these fields (nested objects to the listed keys). */
export const TRIMMED_POST = {
  id: true,
  pk: true,
  code: true,
  user: ['pk', 'id', 'username', 'is_verified', 'profile_pic_url'],
  caption: ['text'],
  text_post_app_info: ['direct_reply_count', 'repost_count', 'quote_count', 'reshare_count', 'is_reply', 'reply_control'],
  media_type: true,
  like_count: true,
  taken_at: true,
} as const;

export function trimPost(p: MicroblogCPost): MicroblogCPost {
  const out: Obj = {};
  for (const [key, keep] of Object.entries(TRIMMED_POST)) {
    const v = (p as unknown as Obj)[key];
    out[key] =
      keep === true ? (v ?? null) : isObj(v) ? Object.fromEntries((keep as readonly string[]).map((k) => [k, v[k] ?? null])) : null;
  }
  return out as unknown as MicroblogCPost;
}

// ---------------------------------------------------------------------------------------------
// GraphQL answers
// ---------------------------------------------------------------------------------------------

/**
 * The JSON of a Meta GraphQL answer. Meta may prefix JSON with `for (;;);` and stream Relay
 * answers as several JSON objects on separate lines; the first one carries `data`.
 */
export function parseGraphqlBody(text: string): unknown {
  const body = text.replace(/^\s*for\s*\(;;\);/, '').trim();
  try {
    return parseUpstreamJson(body, PLATFORM);
  } catch (e) {
    if (isApiError(e)) throw e;
    const first = body.split('\n', 1)[0];
    try {
      return parseUpstreamJson(first, PLATFORM);
    } catch (e2) {
      if (isApiError(e2)) throw e2;
      throw shapeChanged(PLATFORM, 'GraphQL JSON (invalid JSON)');
    }
  }
}

/** Meta's "Not Logged In" error code in its `{error, errorSummary, errorDescription}` envelope. */
export const META_NOT_LOGGED_IN = 1357001;

/** Codes Meta sends as a whole `message` (identifiers, not sentences). */
const LOGIN_CODES = new Set(['login_required']);
const BLOCK_CODES = new Set(['checkpoint_required', 'challenge_required', 'feedback_required']);

function errorTexts(json: Obj): string[] {
  const out: string[] = [];
  if (Array.isArray(json.errors)) {
    for (const e of json.errors) {
      if (!isObj(e)) continue;
      for (const k of ['message', 'summary', 'description', 'debug_info']) if (typeof e[k] === 'string') out.push(e[k] as string);
    }
  }
  for (const k of ['message', 'errorSummary', 'errorDescription']) if (typeof json[k] === 'string') out.push(json[k] as string);
  return out;
}

/** The answer's codes: `message` and `errors[].message` as whole strings, `errors[].code` numbers. */
function errorCodes(json: Obj): { words: Set<string>; numbers: Set<number> } {
  const words = new Set<string>();
  const numbers = new Set<number>();
  if (typeof json.message === 'string') words.add(json.message.trim());
  if (Array.isArray(json.errors))
    for (const e of json.errors) {
      if (!isObj(e)) continue;
      if (typeof e.message === 'string') words.add(e.message.trim());
      if (typeof e.code === 'number') numbers.add(e.code);
    }
  return { words, numbers };
}

/**
 * What a GraphQL answer says about access, before its data is read — by its keys and codes only
 * (the sentences beside them are in the visitor's language; walls.ts applies the same rules to
 * every answer first):
 * - `login`: a login wall (`require_login`, Meta error 1357001 at the top or in `errors[].code`,
 *   the code `login_required`);
 * - `blocked`: a checkpoint (`checkpoint_url`, the `*_required` codes), a spam flag, or
 *   Instagram's failure envelope (`status: "fail"` without data: its "Please wait a few minutes"
 *   rate limit, in whatever language);
 * - `token`: Meta's bare error envelope (`{error: <code>, errorSummary…}`, no data), which is what
 *   a stale `lsd` gets; a fresh token is worth one more try;
 * - null: nothing of the sort (data or ordinary GraphQL errors follow).
 */
export function accessProblem(json: unknown): 'login' | 'blocked' | 'token' | null {
  if (!isObj(json)) return null;
  const { words, numbers } = errorCodes(json);
  if (json.require_login === true || json.error === META_NOT_LOGGED_IN || numbers.has(META_NOT_LOGGED_IN)) return 'login';
  if ([...words].some((w) => LOGIN_CODES.has(w))) return 'login';
  if (typeof json.checkpoint_url === 'string' || json.spam === true || [...words].some((w) => BLOCK_CODES.has(w))) return 'blocked';
  if (json.status === 'fail' && json.data === undefined) return 'blocked';
  if (typeof json.error === 'number' && json.data === undefined) return 'token';
  return null;
}

function throwAccess(json: unknown): void {
  const problem = accessProblem(json);
  if (problem === 'login') throw loginWall(PLATFORM);
  if (problem === 'blocked')
    throw upstreamBlocked(
      `${PLATFORM}: the GraphQL endpoint answered with a checkpoint or rate limit (${errorTexts(json as Obj).join('; ') || 'no message'})`,
    );
}

function graphqlErrors(json: Obj): string {
  return errorTexts(json).join('; ') || 'no message';
}

/**
 * Search edges that are broken rather than another kind of entry: not an object, no node, a
 * thread or thread item list of another type, a thread item that is not an object. (An edge
 * whose node has no thread, or a thread without items, is another module and carries no post.)
 */
function brokenSearchEdges(edges: unknown[]): string[] {
  const out: string[] = [];
  edges.forEach((e, i) => {
    const where = `edge ${i + 1}`;
    if (!isObj(e) || !isObj(e.node)) return out.push(`${where}: ${isObj(e) ? 'no node' : 'not an object'}`);
    const thread = e.node.thread;
    if (thread === undefined || thread === null) return;
    if (!isObj(thread)) return out.push(`${where}: thread of another type`);
    const items = thread.thread_items;
    if (items === undefined || items === null) return;
    if (!Array.isArray(items)) return out.push(`${where}: thread_items of another type`);
    items.forEach((it, j) => {
      if (!isObj(it)) out.push(`${where}: thread item ${j + 1} is not an object`);
      else if (it.post === undefined) out.push(`${where}: thread item ${j + 1} has no post`);
    });
  });
  return out;
}

/** A search answer (`BarcelonaSearchResultsQuery`) → `{posts}`; with `trim`, trimmed posts. */
export function parseSearchResponse(json: unknown, opts: { trim?: boolean } = {}): MicroblogCSearchResult {
  throwAccess(json);
  if (!isObj(json)) throw shapeChanged(PLATFORM, 'GraphQL answer object');
  const data = json.data;
  const sr = isObj(data) ? data.searchResults : undefined;
  if (!isObj(sr)) {
    if (Array.isArray(json.errors) && json.errors.length)
      throw upstreamFailed(`${PLATFORM}: the search query failed: ${graphqlErrors(json)}`);
    throw shapeChanged(PLATFORM, 'data.searchResults');
  }
  if (!Array.isArray(sr.edges)) throw shapeChanged(PLATFORM, 'data.searchResults.edges');
  const raw = threadItemPosts(json) ?? [];
  if (sr.edges.length > 0 && raw.length === 0) throw shapeChanged(PLATFORM, 'thread.thread_items[].post in search results');
  const seen = new Set<string>();
  const posts: MicroblogCPost[] = [];
  const list = reader(sr, { platform: PLATFORM, record: 'search' });
  // A list degrades one post at a time: an edge or thread item that lost its post, or a post
  // without its pk (or id), is left out and warned; the others stay.
  for (const why of brokenSearchEdges(sr.edges)) list.warn('edges', why);
  raw.forEach((r, i) => {
    let p: MicroblogCPost;
    try {
      p = parsePost(r, `search result post ${i + 1}`);
    } catch (e) {
      if (isApiError(e) && e.code === 'UPSTREAM_FAILED') return list.warn('edges', e.message);
      throw e;
    }
    if (seen.has(p.pk)) return;
    seen.add(p.pk);
    posts.push(opts.trim ? trimPost(p) : p);
  });
  return { posts };
}

/** A profile answer (`BarcelonaProfileRootQuery`, 2023; `…ProfilePageDirectQuery` now) → `{user}`. */
export function parseProfileResponse(json: unknown): { user: MicroblogCUser } {
  return { user: parseUser(profileResponseUser(json), 'profile user') };
}

/**
 * A profile answer's user object as sent (`data.userData.user`, or `data.user`), or its typed
 * error: a login wall or block (Meta's codes), the query's own errors, a changed shape.
 */
export function profileResponseUser(json: unknown): Obj {
  throwAccess(json);
  const data = isObj(json) && isObj(json.data) ? json.data : null;
  const holder = data && (isObj(data.userData) ? data.userData : data);
  const user = holder && holder.user;
  if (!isObj(user)) {
    if (isObj(json) && Array.isArray(json.errors) && json.errors.length)
      throw upstreamFailed(`${PLATFORM}: the profile query failed: ${graphqlErrors(json)}`);
    throw shapeChanged(PLATFORM, 'data.userData.user');
  }
  return user;
}

// ---------------------------------------------------------------------------------------------
// The public page that hands out the lsd token (and the current doc_id)
// ---------------------------------------------------------------------------------------------

export interface SessionPage {
  lsd: string | null;
  /** doc_id of BarcelonaSearchResultsQuery, from the route's Relay preloader, when present. */
  docId: string | null;
  /** The preloader's variables (the provider flags the current client sends), when present. */
  variables: Obj | null;
}

const LSD_RES = [/"LSD",\[\],\{"token":"([^"]+)"/, /name="lsd" value="([^"]+)"/, /"lsd":"([^"]+)"/];
const SEARCH_PRELOADER = 'adp_BarcelonaSearchResultsQueryRelayPreloader';

/**
 * The public search page's tokens: `lsd` from Meta's `["LSD",[],{"token":"…"}]` define (or the
 * form field), and from the `adp_BarcelonaSearchResultsQueryRelayPreloader_…` entry its
 * `"queryID"` (the doc_id) and `"variables"` when the page carries the preloader.
 */
export function parseSessionPage(html: string): SessionPage {
  let lsd: string | null = null;
  for (const re of LSD_RES) {
    const m = re.exec(html);
    if (m) {
      lsd = m[1];
      break;
    }
  }
  let docId: string | null = null;
  let variables: Obj | null = null;
  const at = html.indexOf(SEARCH_PRELOADER);
  if (at >= 0) {
    const window = html.slice(at, at + 20_000);
    docId = /"queryID":"(\d+)"/.exec(window)?.[1] ?? null;
    const v = window.indexOf('"variables":');
    if (v >= 0) {
      const obj = balancedObject(window, v + '"variables":'.length);
      try {
        const parsed = obj ? parseUpstreamJson(obj, PLATFORM) : null;
        variables = isObj(parsed) ? parsed : null;
      } catch (e) {
        if (isApiError(e)) throw e;
        variables = null;
      }
    }
  }
  return { lsd, docId, variables };
}

/**
 * Why an HTML body that is not the data asked for is a login wall, a block, or neither — by its
 * markers (a checkpoint's `checkpoint_url` / codes / `/challenge/` form, a login form), never by
 * its title or sentences, which are translated.
 */
export function htmlProblem(html: string): { kind: 'login' | 'blocked'; why: string } | null {
  if (/checkpoint_required|challenge_required|"checkpoint_url"|\/challenge\//i.test(html))
    return { kind: 'blocked', why: 'a checkpoint page' };
  // A bare error page titled with its status code (a number, in every language).
  if (/<title>\s*429\b/i.test(html)) return { kind: 'blocked', why: 'a rate-limit page' };
  if (/<form[^>]+(?:id=["']?loginForm\b|action=["'][^"']*\/(?:accounts\/)?login)/i.test(html))
    return { kind: 'login', why: 'a login page' };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` that names a real calendar day → its start (Unix seconds, UTC); else null. */
export function dayStart(s: string): number | null {
  const m = DATE_RE.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return t / 1000;
}

/** Posts taken within [start_date 00:00:00, end_date 23:59:59] UTC; a bound left out is open. */
export function withinDates(p: MicroblogCPost, start: string | null, end: string | null): boolean {
  if (!start && !end) return true;
  if (p.taken_at === null) return false;
  if (start && p.taken_at < dayStart(start)!) return false;
  if (end && p.taken_at >= dayStart(end)! + 86_400) return false;
  return true;
}
