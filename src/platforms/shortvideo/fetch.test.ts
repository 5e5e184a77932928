/**
 * fetchShortvideoProfile through the real upstream client against the replay server on loopback
 * (the replay contract test/harness.ts uses): what is sent, and how each answer is classified.
 * Pages are the written ones of src/platforms/shortvideo/samples.ts, plus the shared 2022 capture served in place.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config, UpstreamConfig } from '../../config.js';
import type { ResultCache } from '../../cache/cache.js';
import { ApiError } from '../../errors.js';
import { startReplayServer } from '../../replay/server.js';
import type { ReplayServer } from '../../replay/server.js';
import { createUpstream } from '../../upstream/client.js';
import { platformWalls } from '../registry.js';
import type { Upstream } from '../../upstream/client.js';
import { fixturePath, hasFixtures, skipReason } from '../../../test/support/fixtures.js';
import type { OpContext } from '../operation.js';
import { fetchShortvideoProfile } from './fetch.js';
import { NOT_FOUND_TEXT_PAGE, nightOwlPage, notFoundUniversalPage, VERIFY_PAGE } from './samples.js';

const UPSTREAM: UpstreamConfig = {
  connectTimeoutMs: 1_000,
  headersTimeoutMs: 1_500,
  bodyTimeoutMs: 1_500,
  totalTimeoutMs: 3_000,
  maxBodyBytes: 8 * 1024 * 1024,
  maxRedirects: 5,
  retries: 0,
  perHostConcurrency: 8,
  userAgent: 'shortvideo-test/1.0 (+tests)',
};

const HOST = 'www.tiktok.com';
let replay: ReplayServer;
let upstream: Upstream;
let ctx: OpContext;

beforeAll(async () => {
  replay = await startReplayServer();
  // With the platforms' walls, as the gateway builds it (deps.ts): the captcha page and the login
  // redirect are walls (walls.ts).
  upstream = createUpstream({ config: UPSTREAM, replayUrl: replay.url, walls: platformWalls() });
  // fetchShortvideoProfile uses only the upstream (and the signal); no config or cache.
  ctx = { upstream, config: {} as Config, cache: {} as ResultCache };
});
afterAll(async () => {
  await upstream.close();
  await replay.close();
});
beforeEach(() => replay.reset());

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a rejection');
}

describe('fetchShortvideoProfile', () => {
  it('200 profile page: requests /@<handle> (lower-cased, @ dropped) as a browser page and parses it', async () => {
    replay.add({ host: HOST, path: '/@nightowl.ceramics', response: { body: nightOwlPage() } });
    const r = await fetchShortvideoProfile(ctx, '@NightOwl.Ceramics');
    expect(r).toMatchObject({
      id: '7012345678901234567',
      handle: 'nightowl.ceramics',
      followerCount: 48200,
      bioLinks: ['https://linktr.ee/nightowl.ceramics', 'https://nightowlceramics.com'],
    });
    const [hit] = replay.hits({ host: HOST });
    expect(hit.upstreamUrl).toBe('https://www.tiktok.com/@nightowl.ceramics');
    expect(hit.headers.accept).toMatch(/^text\/html,application\/xhtml\+xml/);
    expect(hit.headers['accept-language']).toMatch(/^en-US/);
  });

  it('the page of another account (its uniqueId) → UPSTREAM_FAILED, never that account as the one asked', async () => {
    replay.add({ host: HOST, path: '/@maya', response: { body: nightOwlPage() } });
    const e = await failure(fetchShortvideoProfile(ctx, 'maya'));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/different resource \(handle nightowl\.ceramics, not maya\)/);
  });

  it('HTTP 404 → NOT_FOUND', async () => {
    replay.add({ host: HOST, path: '/@no.such.owl', response: { status: 404, body: '<html><body>Not found</body></html>' } });
    const e = await failure(fetchShortvideoProfile(ctx, 'no.such.owl'));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toContain('@no.such.owl');
  });

  it('HTTP 200 with a statusCode 10221 page → NOT_FOUND', async () => {
    replay.add({ host: HOST, path: '/@no.such.owl', response: { body: notFoundUniversalPage() } });
    expect((await failure(fetchShortvideoProfile(ctx, 'no.such.owl'))).code).toBe('NOT_FOUND');
  });

  it('HTTP 200 with a "Couldn\'t find this account" page without data scripts → UPSTREAM_FAILED (its sentence decides nothing)', async () => {
    replay.add({ host: HOST, path: '/@no.such.owl', response: { body: NOT_FOUND_TEXT_PAGE } });
    expect((await failure(fetchShortvideoProfile(ctx, 'no.such.owl'))).code).toBe('UPSTREAM_FAILED');
  });

  it.each([200, 403])('captcha page with HTTP %i → UPSTREAM_BLOCKED', async (status) => {
    replay.add({ host: HOST, path: '/@nightowl.ceramics', response: { status, body: VERIFY_PAGE } });
    const e = await failure(fetchShortvideoProfile(ctx, 'nightowl.ceramics'));
    expect(e.code).toBe('UPSTREAM_BLOCKED');
    expect(e.message).toContain('captcha');
  });

  it('HTTP 429 → UPSTREAM_BLOCKED', async () => {
    replay.add({ host: HOST, path: '/@nightowl.ceramics', response: { status: 429, body: '' } });
    expect((await failure(fetchShortvideoProfile(ctx, 'nightowl.ceramics'))).code).toBe('UPSTREAM_BLOCKED');
  });

  it('a redirect to /login → login wall (UPSTREAM_BLOCKED), not followed further', async () => {
    replay.add({
      host: HOST,
      path: '/@nightowl.ceramics',
      response: { status: 302, headers: { location: '/login?redirect_url=https%3A%2F%2Fwww.tiktok.com%2F%40nightowl.ceramics' } },
    });
    replay.add({ host: HOST, path: '/login', response: { body: '<html><title>Log in | TikTok</title></html>' } });
    const e = await failure(fetchShortvideoProfile(ctx, 'nightowl.ceramics'));
    expect(e.code).toBe('UPSTREAM_BLOCKED');
    expect(e.message).toContain('login wall');
  });

  it('a page without profile data → UPSTREAM_FAILED', async () => {
    replay.add({ host: HOST, path: '/@nightowl.ceramics', response: { body: '<html><body><div id="app"></div></body></html>' } });
    expect((await failure(fetchShortvideoProfile(ctx, 'nightowl.ceramics'))).code).toBe('UPSTREAM_FAILED');
  });

  it.each(['https://www.tiktok.com/@nightowl.ceramics', 'a', 'no spaces'])(
    'handle %j → INVALID_INPUT naming handle, nothing sent',
    async (handle) => {
      const e = await failure(fetchShortvideoProfile(ctx, handle));
      expect(e.code).toBe('INVALID_INPUT');
      expect(e.details).toEqual([expect.objectContaining({ param: 'handle' })]);
      expect(replay.hits()).toHaveLength(0);
    },
  );

  describe.skipIf(!hasFixtures('shortvideo'))(`the shared 2022 capture served in place (${skipReason('shortvideo')})`, () => {
    it("parses to the capture's profile", async () => {
      replay.add({
        host: HOST,
        path: '/@huxleythepandapuppy',
        response: { bodyFile: fixturePath('shortvideo', 'profile-page-sigi-huxleythepandapuppy.html') },
      });
      const r = await fetchShortvideoProfile(ctx, 'HuxleyThePandaPuppy');
      expect(r).toMatchObject({
        id: '19994247',
        handle: 'huxleythepandapuppy',
        followerCount: 6200000,
        bioLinks: ['https://beacons.ai/huxleythepandapuppy'],
      });
    });
  });
});
