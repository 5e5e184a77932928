/**
 * Upstream requests for microblog-a (Truth Social): the public Mastodon API, no token.
 *
 *   GET https://truthsocial.com/api/v1/statuses/<id>
 *   GET https://truthsocial.com/api/v1/accounts/lookup?acct=<handle>
 *
 * How answers map (checked in this order):
 *   Cloudflare challenge / block page (any status)  → 502 UPSTREAM_BLOCKED, never parsed
 *   404, 410 ({"error":"Record not found"})         → 404 NOT_FOUND
 *   401 (the API wants a logged-in user)            → 502 UPSTREAM_BLOCKED (login wall)
 *   403 with Mastodon's error entity ({"error": "…"}: not visible to anonymous callers,
 *   a private post or account)                      → 403 PRIVATE_CONTENT
 *   403 with other JSON (an edge's or firewall's refusal: Cloudflare's problem JSON is
 *   the catalogue's, others are not Mastodon's word)  → 502 UPSTREAM_BLOCKED (expectOk)
 *   other non-2xx                                    → expectOk (429 blocked, 5xx failed)
 *   200 that is not the entity (HTML app shell…)    → 502 UPSTREAM_FAILED naming what is missing
 */
import { loginWall, notFound, privateContent, shapeChanged, upstreamFailed } from '../../errors.js';
import { downloadMedia } from '../../media/download.js';
import type { StoredMedia } from '../../media/store.js';
import { isObj } from '../../parse/index.js';
import { expectOk } from '../../upstream/client.js';
import type { UpstreamResponse } from '../../upstream/client.js';
import { linkSignals } from '../../upstream/signals.js';
import { assertSameResource } from '../identity.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import type { MicroblogAMedia, MicroblogAPost, MicroblogAProfile } from './parse.js';
import { assertNotBlocked, blockReason, parsePost, parsePostUrl, parseProfile, PLATFORM, shownMedia } from './parse.js';

export const API = 'https://truthsocial.com/api/v1';

/** Browser-like enough for a JSON API; the descriptive User-Agent of the upstream client stays. */
const HEADERS = { accept: 'application/json, text/plain, */*', 'accept-language': 'en-US,en;q=0.9' };

async function getJson(ctx: OpContext, url: string, what: string): Promise<unknown> {
  return (await getJsonAnswer(ctx, url, what)).json;
}

/** getJson with the answer's headers (a list's `Link`). */
export async function getJsonAnswer(
  ctx: OpContext,
  url: string,
  what: string,
): Promise<{ json: unknown; headers: Record<string, string> }> {
  const res = await ctx.upstream.request({ url, platform: PLATFORM, headers: HEADERS, signal: ctx.signal });
  const json = isJson(res);
  // Only a body that is not JSON is searched for a block page: a post may well quote one.
  assertNotBlocked(json ? '' : res.text(), res.headers, what);
  if (res.status === 404 || res.status === 410) throw notFound(`${what} was not found on microblog-a`);
  // A 401 is a wall (walls.ts), answered before this; kept for answers that ended elsewhere.
  if (res.status === 401) throw loginWall(PLATFORM);
  if (res.status === 403 && json && isMastodonError(res)) throw privateContent(what);
  expectOk(res, PLATFORM, what);
  if (!json) throw shapeChanged(PLATFORM, `JSON from ${new URL(url).pathname} (got ${res.headers['content-type'] ?? 'no content type'})`);
  return { json: res.json(), headers: res.headers };
}

/** The body is Mastodon's Error entity: an object whose `error` is a string (its docs' only required member). */
function isMastodonError(res: UpstreamResponse): boolean {
  try {
    const body = res.json();
    return isObj(body) && typeof body.error === 'string';
  } catch {
    return false; // not JSON after all: no statement of Mastodon's
  }
}

const isJson = (res: UpstreamResponse) => /\bjson\b/i.test(res.headers['content-type'] ?? '') || /^\s*[{[]/.test(res.text());

export async function fetchProfile(ctx: OpContext, a: { handle: string }): Promise<MicroblogAProfile> {
  const body = await getJson(ctx, `${API}/accounts/lookup?acct=${encodeURIComponent(a.handle)}`, `Account @${a.handle}`);
  // A suspended account, answered as Mastodon does (200, blanked, `suspended: true`), is no account.
  if (isObj(body) && body.suspended === true) throw notFound(`Account @${a.handle} is suspended`);
  const profile = parsed(ctx, () => parseProfile(body));
  const what = `account @${a.handle}`;
  assertSameResource(PLATFORM, what, { handle: a.handle }, { handle: profile.username });
  // The same username is not enough: a Mastodon lookup may answer a remote account (acct
  // `<user>@<server>`) — someone else who happens to hold the name on another server. Truth
  // Social's own accounts have an acct of their username alone.
  assertSameResource(PLATFORM, what, { handle: a.handle }, { handle: profile.acct });
  return profile;
}

/**
 * The status a post URL names: its id, by the user the URL names. The author is its account's
 * `username` and `acct` (an acct `<user>@<server>` is someone on another server), else — an
 * account the parser could not read — the user its own `url` / `uri` names. A status by another
 * user, or one stating no author at all, is UPSTREAM_FAILED: `/@bob/posts/<alice's id>` is no post.
 */
export async function fetchPost(ctx: OpContext, a: { user: string; id: string; downloadMedia: boolean }): Promise<MicroblogAPost> {
  const body = await getJson(ctx, `${API}/statuses/${a.id}`, `Post ${a.id}`);
  const post = parsed(ctx, () => parsePost(body));
  const what = `post ${a.id} of @${a.user}`;
  assertSameResource(PLATFORM, what, { id: a.id }, { id: post.id });
  const stated = post.account
    ? [post.account.username, post.account.acct]
    : [post.url, post.uri].map((u) => (u ? (parsePostUrl(u)?.user ?? null) : null));
  if (!stated.some((h) => h != null)) throw upstreamFailed(`${PLATFORM}: the upstream answered ${what} with a status that names no author`);
  for (const handle of stated) assertSameResource(PLATFORM, what, { handle: a.user }, { handle });
  return a.downloadMedia ? withHostedMedia(ctx, post) : post;
}

/** How many files are downloaded at once for one post (Truth Social allows 4 attachments). */
const PARALLEL_DOWNLOADS = 4;

/**
 * The post with its media — and a reblog's, which is what a reblog shows — downloaded into the
 * media store: `url` / `preview_url` become gateway URLs, `remote_url` / `preview_remote_url`
 * keep where each came from. All or nothing (see src/media/download.ts). The same file met twice
 * is fetched once.
 */
async function withHostedMedia(ctx: OpContext, post: MicroblogAPost): Promise<MicroblogAPost> {
  const downloads = new Map<string, string>();
  const results = new Map<string, StoredMedia>();
  const want = (url: string | null, what: string) => {
    if (url && !downloads.has(url)) downloads.set(url, what);
  };
  for (const m of shownMedia(post)) {
    const label = `media attachment ${m.id ?? '?'} (${m.type ?? 'file'})`;
    want(sourceUrl(m), label);
    want(m.preview_url, `preview of ${label}`);
  }
  if (!downloads.size) return post;

  const queue = [...downloads];
  let failed = false;
  // The first failure is the answer: the files still downloading or waiting for a media slot
  // (src/media/slots.ts) stop too, rather than hold memory and a slot for nothing.
  const stop = new AbortController();
  const link = ctx.signal ? linkSignals(ctx.signal, stop.signal) : null;
  const files: OpContext = { ...ctx, signal: link?.signal ?? stop.signal };
  try {
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL_DOWNLOADS, queue.length) }, async () => {
        try {
          for (let next = queue.shift(); next && !failed; next = queue.shift())
            results.set(next[0], await downloadMedia(files, next[0], { platform: PLATFORM, what: next[1], blockReason }));
        } catch (e) {
          if (!failed) stop.abort(e);
          failed = true; // the others stop taking files: the answer is an error anyway
          throw e;
        }
      }),
    );
  } finally {
    link?.unlink();
  }

  const host = (m: MicroblogAMedia): MicroblogAMedia => {
    const source = sourceUrl(m);
    return {
      ...m,
      url: source ? results.get(source)!.url : m.url,
      preview_url: m.preview_url ? results.get(m.preview_url)!.url : null,
      remote_url: source ?? m.remote_url,
      preview_remote_url: m.preview_remote_url ?? m.preview_url,
    };
  };
  return {
    ...post,
    media_attachments: post.media_attachments.map(host),
    reblog: post.reblog ? { ...post.reblog, media_attachments: post.reblog.media_attachments.map(host) } : null,
  };
}

/** The file itself: the local copy, else (federated media not yet cached by Truth Social) the remote one. */
const sourceUrl = (m: MicroblogAMedia) => m.url ?? m.remote_url;

/** Attachments on the post and on what it reblogs (what download_media downloads and charges for). */
export function mediaCount(post: MicroblogAPost): number {
  return shownMedia(post).filter((m) => sourceUrl(m) || m.preview_url).length;
}
