/**
 * Upstream requests for livestream (Kick), no login:
 *
 *   GET https://kick.com/api/v2/channels/<slug>
 *   GET https://kick.com/api/v1/channels/<channel id>/videos      (past broadcasts, `{data: [...]}`;
 *       Kick's list since July 2026, keyed by the channel answer's id; when it answers 404 the
 *       older `GET https://kick.com/api/v2/channels/<slug>/videos` is asked: one bare array)
 *   GET https://kick.com/api/v2/channels/<slug>/clips?sort=&time=[&cursor=]
 *
 * How answers map: Cloudflare's challenge (common for plain HTTP clients) and Kick's 403 →
 * UPSTREAM_BLOCKED (block catalogue, walls.ts); 404 → NOT_FOUND, and so is a 200 whose body is
 * only Kick's `{"message": …}` saying the channel is not found (any other bare message:
 * UPSTREAM_FAILED); 429 → UPSTREAM_BLOCKED; other non-2xx → expectOk; a 200 that is not the
 * expected JSON → UPSTREAM_FAILED.
 *
 * Identity (an answer about another channel is never data: UPSTREAM_FAILED):
 * - the channel: its `slug` is the one asked;
 * - past broadcasts name their channel by id (`channel_id`; `channel.id` in the id-keyed list): the
 *   channel is read first (its slug checked as above) and every broadcast's must be its `id`;
 * - clips name it: every clip's `channel.slug` is the one asked, its `channel_id` (when sent) is
 *   its `channel.id`, and one page holds one channel id; a clip stating no channel slug passes
 *   only by the id the others proved.
 *
 * A 200 is not proof the channel is the creator meant: Kick answers many made-up slugs with a real
 * dormant account (SOURCES.md: `invalidUsername` → `invalidusername`). This operation checks the
 * slug (the channel asked for, not a redirect elsewhere); whether it is the creator's is
 * discovery's judgement (its bio and links), and Kick is never probed by a same handle.
 *
 * Clip cursors are ours (../cursor.ts): Kick's `nextCursor` bound to the channel, `sort` and
 * `time` it pages, so a cursor of another list is INVALID_INPUT (operations.ts), never its page.
 */
import { isApiError, notFound, shapeChanged, upstreamFailed } from '../../errors.js';
import { expectOk } from '../../upstream/client.js';
import { decodeCursor, encodeCursor, nextToken } from '../cursor.js';
import { assertSameResource, sameHandle, sameId } from '../identity.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import { kickMessage, NOT_FOUND_MESSAGE, parseChannel, parseClips, parseVideos, PLATFORM } from './parse.js';
import type { LivestreamChannel, LivestreamClips, LivestreamVideos } from './schema.js';
import { JsonOverBound } from '../../parse/json.js';

/** The JSON body of a Kick API answer, mapped as the header says. */
async function kickJson(ctx: OpContext, url: string, what: string): Promise<unknown> {
  const res = await ctx.upstream.request({ url, platform: PLATFORM, headers: { accept: 'application/json' }, signal: ctx.signal });
  expectOk(res, PLATFORM, what);
  let body: unknown;
  try {
    body = res.json();
  } catch (e) {
    if (e instanceof JsonOverBound) throw e;
    throw shapeChanged(PLATFORM, `JSON from ${new URL(url).pathname} (got ${res.headers['content-type'] ?? 'no content type'})`);
  }
  const message = kickMessage(body);
  if (message !== null) {
    const quoted = JSON.stringify(message.slice(0, 200));
    if (NOT_FOUND_MESSAGE.test(message)) throw notFound(`${what} was not found (Kick: ${quoted})`);
    throw upstreamFailed(`${PLATFORM}: the upstream answered ${what} with a message and no data (${quoted})`);
  }
  return body;
}

const channelUrl = (slug: string) => `https://kick.com/api/v2/channels/${encodeURIComponent(slug)}`;

/**
 * Kick writes many channels' `_` as `-` in their slug (a username `abaksha_sc`, the channel
 * `abaksha-sc`), but not all (some slugs keep the `_`): nothing is guessed or asked twice; a slug
 * with `_` that Kick does not know is NOT_FOUND naming the other spelling to try.
 */
function withSlugHint(e: unknown, slug: string): unknown {
  return isApiError(e) && e.code === 'NOT_FOUND' && slug.includes('_')
    ? notFound(`${e.message}; Kick writes many channels' _ as - in their slug: try ${slug.replaceAll('_', '-')}`)
    : e;
}

export async function fetchChannel(ctx: OpContext, a: { slug: string }): Promise<LivestreamChannel> {
  const body = await kickJson(ctx, channelUrl(a.slug), `Channel ${a.slug}`).catch((e: unknown) => {
    throw withSlugHint(e, a.slug);
  });
  const channel = parsed(ctx, () => parseChannel(body));
  assertSameResource(PLATFORM, `channel ${a.slug}`, { handle: a.slug }, { handle: channel.slug });
  return channel;
}

/**
 * Kick moved the past broadcasts to a list keyed by the channel's numeric id (July 2026: the
 * slug-keyed v2 list and `/api/v1/video/<uuid>` answer 404; public evidence in parse.ts
 * parseVideos). The channel answer gives the id; a Kick that answers the id-keyed list 404 (a
 * channel we have just read exists) is asked the older slug-keyed list, once.
 */
async function videosBody(ctx: OpContext, slug: string, channelId: number): Promise<unknown> {
  const what = `Videos of channel ${slug}`;
  try {
    return await kickJson(ctx, `https://kick.com/api/v1/channels/${channelId}/videos`, what);
  } catch (e) {
    if (!isApiError(e) || e.code !== 'NOT_FOUND') throw e;
    return kickJson(ctx, `${channelUrl(slug)}/videos`, what);
  }
}

export async function fetchVideos(ctx: OpContext, a: { slug: string }): Promise<LivestreamVideos> {
  const channel = await fetchChannel(ctx, a);
  const body = await videosBody(ctx, a.slug, channel.id);
  const videos = parsed(ctx, () => parseVideos(body));
  for (const v of videos)
    assertSameResource(PLATFORM, `the videos of channel ${a.slug} (id ${channel.id})`, { id: channel.id }, { id: v.channel_id });
  return { videos };
}

/** Kick's clip orders and periods, as its own query values. */
export const CLIP_SORTS = ['view', 'date'] as const;
export const CLIP_TIMES = ['day', 'week', 'month', 'all'] as const;
export type ClipSort = (typeof CLIP_SORTS)[number];
export type ClipTime = (typeof CLIP_TIMES)[number];

export interface ClipsArgs {
  slug: string;
  sort: ClipSort;
  time: ClipTime;
  /** Kick's `nextCursor` from our cursor; null for the first page. */
  cursor: string | null;
}

/** Our clip cursor: the channel (`h`), sort (`s`) and time (`t`) it pages, and Kick's `nextCursor` (`c`). */
export interface ClipsCursor {
  h: string;
  s: string;
  t: string;
  c: string;
}

/** The fields of a clip cursor this gateway made, or null for anything else. */
export function decodeClipsCursor(raw: string): ClipsCursor | null {
  const c = decodeCursor(raw);
  return c &&
    typeof c.h === 'string' &&
    typeof c.s === 'string' &&
    typeof c.t === 'string' &&
    typeof c.c === 'string' &&
    c.c !== '' &&
    c.c.length <= 256
    ? { h: c.h, s: c.s, t: c.t, c: c.c }
    : null;
}

export async function fetchClips(ctx: OpContext, a: ClipsArgs): Promise<LivestreamClips> {
  const q = new URLSearchParams({ sort: a.sort, time: a.time, cursor: a.cursor ?? '' });
  const body = await kickJson(ctx, `${channelUrl(a.slug)}/clips?${q}`, `Clips of channel ${a.slug}`);
  const { clips, nextCursor } = parsed(ctx, () => parseClips(body));
  const what = `the clips of channel ${a.slug}`;
  // The channel id the page's own clips prove (those stating the asked slug): one per page.
  let owner: number | null = null;
  for (const c of clips) {
    assertSameResource(PLATFORM, what, { handle: a.slug }, { handle: c.channel?.slug ?? null });
    if (!c.channel?.slug || !sameHandle(a.slug, c.channel.slug)) continue;
    for (const id of [c.channel.id, c.channel_id]) {
      if (id === null) continue;
      owner ??= id;
      assertSameResource(PLATFORM, what, { id: owner }, { id });
    }
  }
  for (const c of clips) {
    if (c.channel?.slug) continue;
    const id = c.channel_id ?? c.channel?.id ?? null;
    if (owner === null || id === null || !sameId(owner, id))
      throw upstreamFailed(`${PLATFORM}: the upstream answered ${what} with a clip (${c.id}) of an unproven channel (id ${id ?? 'none'})`);
  }
  // An empty page is the end, whatever cursor came with it; so is the cursor this page was asked with.
  const next = nextToken(a.cursor, nextCursor);
  const cursor = clips.length && next ? encodeCursor({ h: a.slug, s: a.sort, t: a.time, c: next } satisfies ClipsCursor) : null;
  return { clips, cursor };
}
