/**
 * Upstream request for livestream (Kick), no login:
 *
 *   GET https://kick.com/api/v2/channels/<slug>
 *
 * How answers map: Cloudflare's challenge (common for plain HTTP clients) and Kick's 403 →
 * UPSTREAM_BLOCKED (block catalogue, walls.ts); 404 → NOT_FOUND; other non-2xx → expectOk; a 200
 * that is not the channel JSON → UPSTREAM_FAILED; a channel of another slug → UPSTREAM_FAILED.
 *
 * A 200 is not proof the channel is the creator meant: Kick answers many made-up slugs with a real
 * dormant account (SOURCES.md: `invalidUsername` → `invalidusername`). This operation checks the
 * slug (the channel asked for, not a redirect elsewhere); whether it is the creator's is
 * discovery's judgement (its bio and links), and Kick is never probed by a same handle.
 */
import { shapeChanged } from '../../errors.js';
import { expectOk } from '../../upstream/client.js';
import { assertSameResource } from '../identity.js';
import type { OpContext } from '../operation.js';
import { parseChannel, PLATFORM } from './parse.js';
import type { LivestreamChannel } from './schema.js';

export async function fetchChannel(ctx: OpContext, a: { slug: string }): Promise<LivestreamChannel> {
  const url = `https://kick.com/api/v2/channels/${encodeURIComponent(a.slug)}`;
  const what = `Channel ${a.slug}`;
  const res = await ctx.upstream.request({ url, platform: PLATFORM, headers: { accept: 'application/json' }, signal: ctx.signal });
  expectOk(res, PLATFORM, what);
  let body: unknown;
  try {
    body = res.json();
  } catch {
    throw shapeChanged(PLATFORM, `JSON from /api/v2/channels (got ${res.headers['content-type'] ?? 'no content type'})`);
  }
  const channel = parseChannel(body);
  assertSameResource(PLATFORM, `channel ${a.slug}`, { handle: a.slug }, { handle: channel.slug });
  return channel;
}
