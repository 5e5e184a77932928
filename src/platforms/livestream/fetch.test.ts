/**
 * livestream requests through the real upstream client against the replay server (walls.ts
 * applied as the registry will): the capture served in place; blocks, a missing channel and
 * another slug are our own answers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { failure, startReplayContext } from '../../../test/support/replay-upstream.js';
import type { ReplayContext } from '../../../test/support/replay-upstream.js';
import { fetchChannel } from './fetch.js';
import { PLATFORM } from './parse.js';
import { walls } from './walls.js';

const HOST = 'kick.com';
let t: ReplayContext;
beforeAll(async () => {
  t = await startReplayContext({ walls: { [PLATFORM]: walls } });
});
afterAll(() => t.close());
beforeEach(() => t.replay.reset());

const json = (body: unknown, status = 200) => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const channel = (slug: string) => ({
  id: 1,
  user_id: 2,
  slug,
  is_banned: false,
  followers_count: 5,
  user: { id: 2, username: slug, bio: '' },
});

describe('livestreamChannel', () => {
  describe.skipIf(!hasFixtures(PLATFORM))(`the capture served in place (${skipReason(PLATFORM)})`, () => {
    it('asks /api/v2/channels/<slug> and returns the channel', async () => {
      const body = JSON.stringify(
        (JSON.parse(readFixture(PLATFORM, 'api-v2-channels-ac7ionman-2023-11-26.test-results.json')) as Record<string, unknown>).ac7ionman,
      );
      t.replay.add({ host: HOST, path: '/api/v2/channels/ac7ionman', response: { headers: { 'content-type': 'application/json' }, body } });
      expect(await fetchChannel(t.ctx, { slug: 'ac7ionman' })).toMatchObject({ id: 1209488, followers_count: 101409 });
      expect(t.replay.hits()[0].upstreamUrl).toBe('https://kick.com/api/v2/channels/ac7ionman');
    });
  });

  it('a channel of another slug → UPSTREAM_FAILED (identity on the slug)', async () => {
    t.replay.add({ host: HOST, path: '/api/v2/channels/tides', response: json(channel('waves')) });
    expect((await failure(fetchChannel(t.ctx, { slug: 'tides' }))).message).toMatch(/different resource \(handle waves, not tides\)/);
  });

  it('404 → NOT_FOUND', async () => {
    t.replay.add({ host: HOST, path: '/api/v2/channels/nobody', response: json({ message: 'Not Found' }, 404) });
    expect((await failure(fetchChannel(t.ctx, { slug: 'nobody' }))).code).toBe('NOT_FOUND');
  });

  it.each([
    [
      'a Cloudflare challenge',
      {
        status: 403,
        headers: { 'content-type': 'text/html', 'cf-mitigated': 'challenge' },
        body: '<html><title>Just a moment...</title></html>',
      },
    ],
    ["Kick's own 403 JSON", json({ error: 'Request blocked by security policy.' }, 403)],
  ])('%s → UPSTREAM_BLOCKED', async (_w, response) => {
    t.replay.add({ host: HOST, path: '/api/v2/channels/tides', response });
    expect((await failure(fetchChannel(t.ctx, { slug: 'tides' }))).code).toBe('UPSTREAM_BLOCKED');
  });

  it("Kick's 403 is a wall (named in the message), not expectOk's generic refusal", async () => {
    t.replay.add({ host: HOST, path: '/api/v2/channels/tides', response: json({ error: 'Request blocked by security policy.' }, 403) });
    expect((await failure(fetchChannel(t.ctx, { slug: 'tides' }))).message).toMatch(/refusal of this client/);
  });

  it('HTML at 200 → UPSTREAM_FAILED', async () => {
    t.replay.add({ host: HOST, path: '/api/v2/channels/tides', response: { body: '<html><body>app</body></html>' } });
    expect((await failure(fetchChannel(t.ctx, { slug: 'tides' }))).code).toBe('UPSTREAM_FAILED');
  });
});
