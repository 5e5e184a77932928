/**
 * livestream (Kick) end to end: gateway + replay upstream over real HTTP, on the demo's written
 * channel answer (its demo.ts: invented, not a capture). A live answer at 1 credit, the
 * same channel from cache at 0, Kick's own 403 and a 404 typed at 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRoutes } from '../../src/platforms/livestream/demo.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ routes: demoRoutes() });
});
afterAll(() => h?.close());

describe('livestream channel', () => {
  it('1 credit live under {channel}, without the signed playback URL or the viewer state; 0 from cache', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest('/v1/livestream/channel?handle=HarbourWeather', { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 1 });
    expect(r.body.channel).toMatchObject({
      id: 5200101,
      slug: 'harbourweather',
      followers_count: 3412,
      user: { twitter: 'harbourweather', state: '' },
    });
    for (const k of ['playback_url', 'role', 'muted', 'following']) expect(r.body.channel).not.toHaveProperty(k);
    const again = await h.rest('/v1/livestream/channel?handle=https://kick.com/harbourweather&cache_max_age=1d', { key });
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, channel: r.body.channel });
    expect(await h.balance(id)).toBe(4);
  });

  it('GraphQL: typed fields', async () => {
    const { key } = await h.key(5);
    const r = await h.gql('{ livestreamChannel(handle: "harbourweather") { slug followersCount user { username bio } } }', { key });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.livestreamChannel).toEqual({
      slug: 'harbourweather',
      followersCount: 3412,
      user: { username: 'HarbourWeather', bio: 'Live storm watches and the weekly tide show from Harbour City.' },
    });
  });

  it("Kick's 403 → 502 UPSTREAM_BLOCKED; a 404 → NOT_FOUND; both 0 credits", async () => {
    const { key, id } = await h.key(5);
    const JSON_CT = { 'content-type': 'application/json' };
    h.replay.add({
      host: 'kick.com',
      path: '/api/v2/channels/walled',
      response: { status: 403, headers: JSON_CT, body: '{"error":"Request blocked by security policy."}' },
    });
    h.replay.add({
      host: 'kick.com',
      path: '/api/v2/channels/nobody',
      response: { status: 404, headers: JSON_CT, body: '{"message":"Not found"}' },
    });
    const blocked = await h.rest('/v1/livestream/channel?handle=walled', { key });
    expect(blocked.status).toBe(502);
    expect(blocked.body.error.code).toBe('UPSTREAM_BLOCKED');
    const missing = await h.rest('/v1/livestream/channel?handle=nobody', { key });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
    expect(await h.balance(id)).toBe(5);
  });
});
