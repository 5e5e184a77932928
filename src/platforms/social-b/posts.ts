/**
 * `GET /v1/social-b/posts` (`socialBPosts`): a public account's posts, one upstream page per call,
 * as `{posts, cursor}` — each post in the node shape of api.md's social-b profile
 * (`edge_owner_to_timeline_media.edges[].node`: id, shortcode, dimensions, display_url, is_video,
 * video_url, video_view_count, edge_media_to_comment.count, edge_liked_by.count,
 * taken_at_timestamp, thumbnail_src, thumbnail_resources, owner; schema.ts `SocialBMedia`).
 *
 * Requests, logged out, no cookie (SOURCES.md of ../shared/fixtures/social-b):
 *  - first page (no cursor): web_profile_info (fetch.ts `fetchProfile`, the profile operation's
 *    and the profile reader's request), its timeline nodes as they come. Since December 2023 it
 *    may list none of an account's posts while counting them (`{count: 87, edges: []}`:
 *    pgrimaud/instagram-user-feed issue #361, PR #362). Then — edges empty, the count not 0 —
 *    the first page is the grid's GraphQL query below without `after` (its first-page `doc_id`,
 *    the one the 2024 capture's client sent first; pin a current one with
 *    SOCIAL_B_TIMELINE_FIRST_DOC_ID). If that too lists no post of an account counting some, the
 *    call is UPSTREAM_FAILED: an empty list is never the answer for an account with posts;
 *  - later pages: the profile grid's GraphQL query `POST https://www.instagram.com/graphql/query`
 *    (form `doc_id`, `variables {username, after, first, data: {count}}`), answering
 *    `data.xdt_api__v1__feed__user_timeline_graphql_connection` with v1 media dicts (the 2024
 *    capture) — each mapped into the node shape above (`timelineNode`). Its `doc_id` is public and
 *    rotates: built in is the one the 2024 capture's client sent for later pages; pin a current
 *    one with SOCIAL_B_TIMELINE_DOC_ID.
 * Instagram's `after` is the last post's `<pk>_<owner pk>` (the capture's `end_cursor` is its last
 * node's id), so the first page's cursor is built from web_profile_info's last node.
 *
 * The cursor is ours: base64url JSON `{h, a}` naming the account and Instagram's `after`; one
 * given with another handle is INVALID_INPUT naming `cursor`. `cursor: null` on the last page.
 *
 * Outcomes: NOT_FOUND for a username nobody has; PRIVATE_CONTENT for a private account (or one
 * whose `is_private` is not `false`): its posts are never read; UPSTREAM_BLOCKED for a login wall
 * (walls.ts: a redirect to the login page, Instagram's `require_login` JSON; here also the login
 * page or Meta's "not logged in" error served where the GraphQL JSON belongs), a checkpoint or a
 * rate limit; UPSTREAM_FAILED for a changed shape or posts of another account (identity.ts).
 * A page degrades one post at a time: a node without its pk or code is left out (warned).
 */
import { z } from 'zod';
import { isApiError, loginWall, privateContent, shapeChanged, upstreamBlocked, upstreamFailed } from '../../errors.js';
import type { Reader } from '../../parse/index.js';
import { isObj, nonEmpty, reader, str } from '../../parse/index.js';
import { expectStepOk } from '../../upstream/client.js';
import { assertSameResource, sameHandle } from '../identity.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { named, NStr } from '../records.js';
import { fetchProfile, IG_APP_ID } from './fetch.js';
import type { SocialBMedia, SocialBProfile, SocialBThumbnail } from './parse.js';
import { failureOf, looksLikeUrl, normalizeHandle } from './parse.js';
import { SocialBMedia as SocialBMediaSchema } from './schema.js';
import { parseUpstreamJson } from '../../parse/json.js';
import { nextToken } from '../cursor.js';

const PLATFORM = 'social-b';
const ORIGIN = 'https://www.instagram.com';
export const TIMELINE_URL = `${ORIGIN}/graphql/query`;
/** The profile grid's pagination query, as the 2024 capture's client sent it for later pages. */
export const TIMELINE_DOC_ID = '7784658434954494';
export const TIMELINE_DOC_ID_ENV = 'SOCIAL_B_TIMELINE_DOC_ID';
/** The profile grid's first-page query (no `after`), as the 2024 capture's client sent it first. */
export const TIMELINE_FIRST_DOC_ID = '7354141574647290';
export const TIMELINE_FIRST_DOC_ID_ENV = 'SOCIAL_B_TIMELINE_FIRST_DOC_ID';
const CONNECTION = 'xdt_api__v1__feed__user_timeline_graphql_connection';
/** Meta's "not logged in" error code. */
const NOT_LOGGED_IN = 1357001;

// ---------------------------------------------------------------------------------------------
// Record
// ---------------------------------------------------------------------------------------------

/** The record; /openapi.json names it `SocialBPosts`. */
export const SocialBPostsPage = named(
  'SocialBPosts',
  z
    .strictObject({
      posts: z
        .array(SocialBMediaSchema)
        .describe("The account's posts, in its grid's order (pinned posts first), as the profile's timeline nodes"),
      cursor: NStr.describe('Pass unchanged as `cursor` for the next page; null on the last page'),
    })
    .describe("A page of a public social-b account's posts"),
);
export type SocialBPostsPage = z.infer<typeof SocialBPostsPage>;

// ---------------------------------------------------------------------------------------------
// Cursor
// ---------------------------------------------------------------------------------------------

export interface PostsCursor {
  handle: string;
  /** Instagram's `after`: the last post's `<pk>_<owner pk>`. */
  after: string;
}

const AFTER_RE = /^[\w-]{1,200}$/;

export function encodeCursor(c: PostsCursor): string {
  return Buffer.from(JSON.stringify({ h: c.handle, a: c.after })).toString('base64url');
}

/** Our cursor → what it names, or null when it is not one of ours. */
export function decodeCursor(s: string): PostsCursor | null {
  if (!/^[A-Za-z0-9_-]{1,1024}$/.test(s)) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
    if (!isObj(v) || typeof v.h !== 'string' || typeof v.a !== 'string' || !AFTER_RE.test(v.a)) return null;
    const handle = normalizeHandle(v.h);
    return handle ? { handle, after: v.a } : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Parse (pure)
// ---------------------------------------------------------------------------------------------

/** The first page: web_profile_info's timeline (already parsed by parse.ts `parseProfile`). */
export function postsFromProfile(profile: SocialBProfile, handle: string): SocialBPostsPage {
  const user = profile.data.user;
  // parseUser empties a private account's lists; the posts route has nothing to answer then.
  if (user.is_private !== false) throw privateContent(`social-b account @${handle}`);
  const timeline = user.edge_owner_to_timeline_media;
  const posts = timeline.edges.map((e) => e.node);
  const last = posts.at(-1);
  const more = timeline.page_info.has_next_page && last !== undefined;
  return { posts, cursor: more ? encodeCursor({ handle, after: `${last.id}_${user.id}` }) : null };
}

/**
 * Whether web_profile_info's timeline cannot be the first page: it lists no post while its count
 * is not 0 (more than 0, or not given). Instagram has answered so for public accounts with posts
 * since December 2023; `posts: []` would then say the account has none.
 */
export function listsNoneOfItsPosts(profile: SocialBProfile): boolean {
  const timeline = profile.data.user.edge_owner_to_timeline_media;
  return timeline.edges.length === 0 && timeline.count !== 0;
}

/** The profile timeline's `__typename` of a media type (1 image, 2 video, 8 carousel). */
const typeOf = (mediaType: number | null) =>
  mediaType === 2 ? 'GraphVideo' : mediaType === 8 ? 'GraphSidecar' : mediaType === 1 ? 'GraphImage' : null;

interface Candidate {
  url: string;
  width: number | null;
  height: number | null;
}

function candidatesOf(r: Reader): Candidate[] {
  const iv = r.opt.obj('image_versions2');
  if (!iv) return [];
  return r
    .over(iv, 'image_versions2')
    .items('candidates', (c) => ({ url: c.id('url', nonEmpty), width: c.int('width'), height: c.int('height') }));
}

/**
 * A v1 media dict of the GraphQL timeline → the profile's timeline node: the same post in the
 * names api.md's social-b profile gives it. A carousel's pictures are its first slide's.
 */
export function timelineNode(raw: unknown): SocialBMedia {
  if (!isObj(raw)) throw shapeChanged(PLATFORM, 'timeline node');
  const r = reader(raw, { platform: PLATFORM, record: 'media' });
  const pk = r.id('pk');
  const code = r.id('code', nonEmpty);
  const mediaType = r.int('media_type');
  const isVideo = mediaType === null ? null : mediaType === 2;
  const slides = r.opt.arr('carousel_media');
  const firstSlide = slides && isObj(slides[0]) ? r.over(slides[0], 'carousel_media') : null;
  // A carousel container carries no pictures of its own (the 2022 media info).
  // Instagram lists the full-frame renditions first, largest first, then the grid's square crops.
  const candidates = candidatesOf(mediaType === 8 && firstSlide && !r.opt.obj('image_versions2') ? firstSlide : r);
  if (candidates.length === 0 && mediaType !== 8) r.warn('image_versions2', 'missing');
  const squares = candidates.filter((c) => c.width !== null && c.width === c.height).sort((a, b) => b.width! - a.width!);
  const videos = isVideo ? r.items('video_versions', (v) => ({ url: v.id('url', nonEmpty) })) : [];
  const owner = r.obj('owner', 'owner', 'user');
  const o = r.over(owner ?? {}, 'owner');
  const width = r.opt.int('original_width');
  const height = r.opt.int('original_height');
  const caption = r.opt.obj('caption');
  const text = caption ? r.over(caption, 'caption').str('text') : null;
  const countsHidden = r.opt.bool('like_and_view_counts_disabled') === true;
  const node: SocialBMedia = {
    id: pk,
    shortcode: code,
    dimensions: width !== null && height !== null ? { height, width } : null,
    display_url: candidates[0]?.url ?? null,
    is_video: isVideo,
    video_url: videos[0]?.url ?? null,
    // Videos only; the 2024 timeline sends `view_count: null` for reels.
    video_view_count: isVideo && !countsHidden ? (r.opt.int('view_count') ?? r.opt.int('play_count')) : null,
    edge_media_to_comment: { count: r.int('comment_count') },
    // The owner hid likes and views: the number still sent is not what Instagram shows (post.ts).
    edge_liked_by: { count: countsHidden ? null : r.int('like_count') },
    taken_at_timestamp: r.int('taken_at'),
    // The grid's square crop: the largest square rendition (the profile's `thumbnail_src` is one).
    thumbnail_src: squares[0]?.url ?? candidates[0]?.url ?? null,
    thumbnail_resources: [...squares]
      .reverse()
      .map<SocialBThumbnail>((c) => ({ src: c.url, config_width: c.width, config_height: c.height })),
    owner: owner ? { id: o.idStr('pk', 'pk', 'id'), username: o.str('username') } : null,
  };
  // Beyond api.md's fields, what the profile's nodes also carry and the dict says as well.
  return Object.assign(node, {
    __typename: typeOf(mediaType),
    edge_media_to_caption: { edges: text === null ? [] : [{ node: { text } }] },
    product_type: r.str('product_type'),
  });
}

/** The usernames each timeline node (by its `pk`) names as its accepted collaborators (`coauthor_producers`). */
function coauthorsByPk(conn: Record<string, unknown>): Map<string, string[]> {
  const byPk = new Map<string, string[]>();
  for (const edge of Array.isArray(conn.edges) ? conn.edges : []) {
    const node = isObj(edge) && isObj(edge.node) ? edge.node : null;
    if (!node || (typeof node.pk !== 'string' && typeof node.pk !== 'number') || !Array.isArray(node.coauthor_producers)) continue;
    byPk.set(
      String(node.pk),
      node.coauthor_producers.map((c) => (isObj(c) ? str(c.username) : null)).filter((u): u is string => u !== null),
    );
  }
  return byPk;
}

/**
 * A GraphQL timeline answer → one page of posts (cursor naming `handle` and Instagram's next `after`;
 * null at the end, and when it is `asked`, the `after` this page was asked with: Instagram looping).
 */
export function parseTimelinePage(body: unknown, handle: string, asked: string | null = null): SocialBPostsPage {
  const failed = failureOf(body, handle);
  if (failed) throw failed;
  if (!isObj(body)) throw shapeChanged(PLATFORM, 'GraphQL JSON');
  const errors = Array.isArray(body.errors) ? body.errors.filter(isObj) : [];
  if (errors.some((e) => e.code === NOT_LOGGED_IN) || body.error === NOT_LOGGED_IN) throw loginWall(PLATFORM);
  const conn = isObj(body.data) ? body.data[CONNECTION] : undefined;
  if (!isObj(conn)) {
    const said = errors.map((e) => str(e.message) ?? str(e.summary)).filter(Boolean);
    if (said.length) throw upstreamFailed(`${PLATFORM}: the timeline query failed (${said.join('; ')})`);
    throw shapeChanged(PLATFORM, `data.${CONNECTION}`);
  }
  const r = reader(conn, { platform: PLATFORM, record: 'timeline' });
  const posts = r.items('edges', (e) => timelineNode(e.child('node').root));
  const coauthors = coauthorsByPk(conn);
  for (const p of posts) {
    // Another account's posts are no answer (identity.ts) — but a collab post (Instagram's
    // Collabs) is on each coauthor's grid, owned by the account that posted it: the asked
    // account among its `coauthor_producers` makes it this account's post too.
    if (!p.owner?.username || coauthors.get(String(p.id))?.some((u) => sameHandle(handle, u))) continue;
    assertSameResource(PLATFORM, `posts of @${handle}`, { handle }, { handle: p.owner.username });
  }
  const pageInfo = r.over(r.obj('page_info') ?? {}, 'page_info');
  const next = pageInfo.bool('has_next_page') === true ? nextToken(asked, pageInfo.str('end_cursor')) : null;
  return { posts, cursor: next && AFTER_RE.test(next) ? encodeCursor({ handle, after: next }) : null };
}

// ---------------------------------------------------------------------------------------------
// Fetch
// ---------------------------------------------------------------------------------------------

/**
 * The timeline query's doc_id: the pinned one (SOCIAL_B_TIMELINE_DOC_ID), else the built-in one;
 * for the first page (`first`), SOCIAL_B_TIMELINE_FIRST_DOC_ID, else its built-in one.
 */
export function timelineDocId(env: NodeJS.ProcessEnv = process.env, first = false): string {
  const name = first ? TIMELINE_FIRST_DOC_ID_ENV : TIMELINE_DOC_ID_ENV;
  const pinned = env[name]?.trim();
  if (!pinned) return first ? TIMELINE_FIRST_DOC_ID : TIMELINE_DOC_ID;
  // A misspelt pin must not be silently replaced by the (possibly stale) default.
  if (!/^\d{6,25}$/.test(pinned)) throw upstreamFailed(`${PLATFORM}: ${name} is not a GraphQL doc_id (digits only)`);
  return pinned;
}

/** The query's form: a later page's names Instagram's `after`; the first page's (`after` null) has none. */
export function timelineForm(docId: string, c: { handle: string; after: string | null }): string {
  const variables =
    c.after === null
      ? { data: { count: 12 }, username: c.handle }
      : { after: c.after, before: null, data: { count: 12 }, first: 12, last: null, username: c.handle };
  return new URLSearchParams({ doc_id: docId, variables: JSON.stringify(variables) }).toString();
}

/** One page of the grid's GraphQL query: the first (`after` null) or the one after `after`. */
async function fetchTimelinePage(ctx: OpContext, c: { handle: string; after: string | null }): Promise<SocialBPostsPage> {
  const first = c.after === null;
  // The query is one fixed endpoint asked of an account already shown (web_profile_info, or the
  // page that gave the cursor): its 404 says the query moved, not that the account is gone.
  const res = await ctx.upstream.request({
    url: TIMELINE_URL,
    method: 'POST',
    platform: PLATFORM,
    headers: {
      accept: '*/*',
      'accept-language': 'en-US,en;q=0.9',
      'content-type': 'application/x-www-form-urlencoded',
      'x-ig-app-id': IG_APP_ID,
      'x-requested-with': 'XMLHttpRequest',
      origin: ORIGIN,
      referer: `${ORIGIN}/${c.handle}/`,
    },
    body: timelineForm(timelineDocId(process.env, first), c),
    signal: ctx.signal,
  });
  const text = res.text();
  // The login redirect and Instagram's failure JSON are walls (walls.ts), answered before this.
  if (/^\s*</.test(text)) {
    if (/<form[^>]+(?:id=["']?loginForm\b|action=["'][^"']*\/accounts\/login)|\/accounts\/login\//i.test(text)) throw loginWall(PLATFORM);
    expectStepOk(res, PLATFORM, `Posts of @${c.handle}`);
    throw shapeChanged(PLATFORM, 'timeline GraphQL JSON (got a page)');
  }
  let body: unknown = null;
  try {
    body = parseUpstreamJson(text, PLATFORM);
  } catch (e) {
    if (isApiError(e)) throw e;
    /* not JSON: judged below */
  }
  if (res.status === 429) throw upstreamBlocked(`${PLATFORM}: upstream rate limit reached (HTTP 429)`);
  if (res.status >= 400 && !isObj(body)) expectStepOk(res, PLATFORM, `Posts of @${c.handle}`);
  if (body === null) throw shapeChanged(PLATFORM, 'timeline GraphQL JSON');
  return parsed(ctx, () => parseTimelinePage(body, c.handle, c.after));
}

export async function fetchSocialBPosts(ctx: OpContext, a: PostsArgs): Promise<SocialBPostsPage> {
  if (a.after !== null) return fetchTimelinePage(ctx, { handle: a.handle, after: a.after });
  const profile = await fetchProfile(ctx, a.handle);
  const page = postsFromProfile(profile, a.handle); // PRIVATE_CONTENT before anything else is asked
  if (!listsNoneOfItsPosts(profile)) return page;
  const first = await fetchTimelinePage(ctx, { handle: a.handle, after: null });
  const count = profile.data.user.edge_owner_to_timeline_media.count;
  if (first.posts.length === 0 && count !== null)
    throw upstreamFailed(
      `${PLATFORM}: Instagram counts ${count} posts of @${a.handle} but lists none (web_profile_info and the timeline query)`,
    );
  return first;
}

// ---------------------------------------------------------------------------------------------
// Operation
// ---------------------------------------------------------------------------------------------

export interface PostsArgs {
  handle: string;
  /** Instagram's `after`, from our cursor; null for the first page. */
  after: string | null;
}

export const posts: OperationDef<PostsArgs, SocialBPostsPage> = {
  field: 'socialBPosts',
  platform: PLATFORM,
  summary: "A public social-b account's posts, one page per call (about 12)",
  rest: { path: '/v1/social-b/posts' },
  record: SocialBPostsPage,
  params: [
    {
      name: 'handle',
      kind: 'string',
      required: true,
      maxLength: 100,
      description: 'Username, e.g. tala.draws; a leading @ is ignored. Not a profile URL.',
    },
    {
      name: 'cursor',
      kind: 'string',
      maxLength: 1024,
      description:
        "The previous response's cursor for the same handle, unchanged; omit for the first page. The last page answers cursor null.",
    },
  ],
  cacheable: true,
  check(args, problem) {
    const handle = typeof args.handle === 'string' && args.handle.trim() && args.handle.length <= 100 ? args.handle : null;
    if (handle && looksLikeUrl(handle)) problem('handle', 'must be a username (e.g. tala.draws), not a profile URL');
    else if (handle && !normalizeHandle(handle))
      problem('handle', 'must be a username: 1 to 30 letters, digits, periods and underscores (a leading @ is allowed)');
    if (typeof args.cursor !== 'string' || args.cursor === '' || args.cursor.length > 1024) return;
    const c = decodeCursor(args.cursor);
    if (!c) problem('cursor', 'must be a cursor from a previous response, passed unchanged');
    else if (handle && normalizeHandle(handle) && c.handle !== normalizeHandle(handle))
      problem('cursor', `belongs to another handle (@${c.handle}); pass the cursor of a response for this handle`);
  },
  normalize: (a) => ({
    handle: normalizeHandle(a.handle)!,
    after: typeof a.cursor === 'string' && a.cursor !== '' ? decodeCursor(a.cursor)!.after : null,
  }),
  key: (a) => `${a.handle}|${a.after ?? ''}`,
  cost: { max: 1 },
  example: { handle: 'tala.draws' },
  run: (ctx, a) => fetchSocialBPosts(ctx, a),
};
