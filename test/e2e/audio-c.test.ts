/**
 * audio-c (SoundCloud) end to end: gateway + replay upstream over real HTTP. The home page
 * (source of the public client_id) and the api-v2 `resolve` answers are hand-written by us in
 * the public shapes (the `window.__sc_hydration` array with its `apiClient` entry; the api-v2
 * user object); the last block replays the real captures from ../shared/fixtures/audio-c in
 * place when they are present.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_ID_LIFETIME_MS } from '../../src/platforms/audio-c/fetch.js';
import { fixturePath, hasFixtures, skipReason } from '../support/fixtures.js';
import type { ReplayRequest, Route } from '../../src/replay/server.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { AUDIO_C_ARTIST_KEYS } from '../support/record-keys.js';
import { withoutEnvelope } from '../support/envelope.js';

/** 32-character public client ids, as the web client's are. */
const CLIENT_ID = (n: number) => `TestClientId${String(n).padStart(20, '0')}`;

/** A soundcloud.com page in the 2026 shape: `window.__sc_hydration` ending with `apiClient`. */
function homeHtml(clientId: string | null, bundles: string[] = []): string {
  const entries: unknown[] = [
    { hydratable: 'anonymousId', data: '123456-654321-111111-222222' },
    { hydratable: 'features', data: { features: ['v2_use_onetrust_tcfv2_us_ca'] } },
  ];
  if (clientId) entries.push({ hydratable: 'apiClient', data: { id: clientId, isExpiring: false } });
  return `<!DOCTYPE html><html lang="en"><head><title>Stream and listen to music online for free with SoundCloud</title>
<script>window.__sc_hydration = ${JSON.stringify(entries)};</script></head><body><div id="app"></div>
<script src="https://dwt.soundcloud.com/tags.js" async></script>
${bundles.map((b) => `<script crossorigin src="${b}"></script>`).join('\n')}
<script>window.__sc_version="1771407416"</script></body></html>`;
}

/** An api-v2 user object (the shape of GET /resolve for a profile URL). */
function userJson(handle: string, extra: Record<string, unknown> = {}): string {
  const id = 7_000_000 + handle.length;
  return JSON.stringify({
    avatar_url: `https://i1.sndcdn.com/avatars-${handle}-large.jpg`,
    city: 'Berlin',
    comments_count: 0,
    country_code: 'DE',
    created_at: '2014-05-06T07:08:09Z',
    creator_subscriptions: [{ product: { id: 'creator-pro-unlimited' } }],
    creator_subscription: { product: { id: 'creator-pro-unlimited' } },
    description: `Official page of ${handle}.\n\nBookings: see link`,
    followers_count: 12345,
    followings_count: 12,
    first_name: '',
    full_name: 'Test Artist',
    groups_count: 0,
    id,
    kind: 'user',
    last_modified: '2026-01-02T03:04:05Z',
    last_name: '',
    likes_count: 7,
    playlist_likes_count: 2,
    permalink: handle,
    permalink_url: `https://soundcloud.com/${handle}`,
    playlist_count: 3,
    reposts_count: null,
    track_count: 42,
    uri: `https://api.soundcloud.com/users/soundcloud%3Ausers%3A${id}`,
    urn: `soundcloud:users:${id}`,
    username: `Artist ${handle}`,
    verified: false,
    visuals: {
      urn: `soundcloud:users:${id}`,
      enabled: true,
      visuals: [{ urn: 'soundcloud:visuals:1', entry_time: 0, visual_url: `https://i1.sndcdn.com/visuals-${id}-original.jpg` }],
      tracking: null,
    },
    badges: { pro: false, creator_mid_tier: false, pro_unlimited: true, verified: false },
    station_urn: `soundcloud:system-playlists:artist-stations:${id}`,
    station_permalink: `artist-stations:${id}`,
    date_of_birth: null,
    ...extra,
  });
}

/** userJson's record in api.md's field order, as the gateway returns it. */
function userJsonOrdered(handle: string): string {
  const u = JSON.parse(userJson(handle)) as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(AUDIO_C_ARTIST_KEYS.map((k) => [k, u[k] ?? null])));
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
const CLOUDFRONT_403 = `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">
<HTML><HEAD><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=iso-8859-1"><TITLE>ERROR: The request could not be satisfied</TITLE></HEAD>
<BODY><H1>403 ERROR</H1><H2>The request could not be satisfied.</H2><HR noshade size="1px">Request blocked.</BODY></HTML>`;

/** The home page route, handing out CLIENT_ID(1), CLIENT_ID(2)… one per fetch. */
function homeRoute(opts: { first?: number } = {}): Route {
  let n = opts.first ?? 1;
  return { host: 'soundcloud.com', path: '/', response: () => ({ body: homeHtml(CLIENT_ID(n++)) }) };
}

/** resolve: users by handle; `missing` answers 404; client ids in `refused` answer 401. */
function resolveRoute(opts: { refused?: Set<string> } = {}): Route {
  return {
    host: 'api-v2.soundcloud.com',
    path: '/resolve',
    response: (req: ReplayRequest) => {
      if (opts.refused?.has(req.query.get('client_id') ?? '')) return { status: 401, headers: JSON_HEADERS, body: '{}' };
      const m = /^https:\/\/soundcloud\.com\/([a-z0-9_-]+)$/.exec(req.query.get('url') ?? '');
      if (!m || m[1] === 'missing') return { status: 404, headers: JSON_HEADERS, body: '{}' };
      return { headers: JSON_HEADERS, body: userJson(m[1]) };
    },
  };
}

const artistPath = (q: string) => `/v1/audio-c/artist?${q}`;
const hits = (h: Harness, host: string, path?: string) => h.replay.hits(path ? { host, path } : { host });
const upstreamHits = (h: Harness) =>
  h.replay.hits().filter((r) => r.host.endsWith('soundcloud.com') || r.host.endsWith('sndcdn.com')).length;

describe('audio-c artist', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.replay.reset();
    h.replay.add(homeRoute());
    h.replay.add(resolveRoute());
  });

  it('charges 1 and returns the envelope then every api.md field at top level', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(artistPath('handle=nightcrawler'), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['success', 'credits_remaining', 'credits_charged', ...AUDIO_C_ARTIST_KEYS]);
    expect(r.body).toMatchObject({ success: true, credits_remaining: 9, credits_charged: 1 });
    expect(r.body).toMatchObject({
      id: 7_000_012,
      kind: 'user',
      permalink: 'nightcrawler',
      username: 'Artist nightcrawler',
      followers_count: 12345,
      reposts_count: null,
      badges: { pro: false, creator_mid_tier: false, pro_unlimited: true, verified: false },
      creator_subscriptions: [{ product: { id: 'creator-pro-unlimited' } }],
    });
    expect(await h.balance(id)).toBe(9);
  });

  it('asks api-v2 resolve for the profile URL with the client_id from the home page; the id is reused', async () => {
    const { key } = await h.key(10);
    await h.rest(artistPath('handle=first-one'), { key });
    await h.rest(artistPath(`url=${encodeURIComponent('https://soundcloud.com/second_one/tracks')}`), { key });
    const resolves = hits(h, 'api-v2.soundcloud.com', '/resolve');
    expect(resolves.map((r) => r.query.get('url'))).toEqual(['https://soundcloud.com/first-one', 'https://soundcloud.com/second_one']);
    const ids = new Set(resolves.map((r) => r.query.get('client_id')));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^TestClientId\d{20}$/);
    // The token is cached: at most one home page fetch in this test (none if an earlier test fetched it).
    expect(hits(h, 'soundcloud.com', '/').length).toBeLessThanOrEqual(1);
  });

  it('cache_max_age serves a stored artist at 0 credits; @handle, upper case and the URL share one entry', async () => {
    const { key, id } = await h.key(10);
    const live = await h.rest(artistPath('handle=CacheMe'), { key });
    expect(live.body.credits_charged).toBe(1);
    for (const q of ['handle=%40cacheme', 'handle=CACHEME', `url=${encodeURIComponent('https://www.soundcloud.com/CacheMe/')}`]) {
      const hit = await h.rest(artistPath(`${q}&cache_max_age=1d`), { key });
      expect(hit.status).toBe(200);
      expect(hit.body).toMatchObject({ success: true, credits_charged: 0, cached: true });
      expect(withoutEnvelope(hit.body)).toEqual(withoutEnvelope(live.body));
    }
    expect(hits(h, 'api-v2.soundcloud.com', '/resolve')).toHaveLength(1);
    expect(await h.balance(id)).toBe(9);
  });

  describe('validation: 400 naming the parameter, 0 credits, nothing fetched', () => {
    it.each<[string, string, string[]]>([
      ['neither handle nor url', '', ['handle', 'url']],
      ['both handle and url', `handle=a&url=${encodeURIComponent('https://soundcloud.com/a')}`, ['handle', 'url']],
      ['handle with a slash', 'handle=a%2Fb', ['handle']],
      ['a reserved section as handle', 'handle=discover', ['handle']],
      ['over-long handle', `handle=${'h'.repeat(101)}`, ['handle']],
      ['a track URL', `url=${encodeURIComponent('https://soundcloud.com/artist/some-track')}`, ['url']],
      ['another host', `url=${encodeURIComponent('https://bandcamp.com/artist')}`, ['url']],
      ['a short link', `url=${encodeURIComponent('https://on.soundcloud.com/AbCdE')}`, ['url']],
      ['not a URL', 'url=soundcloud', ['url']],
      ['bad cache_max_age', 'handle=ok&cache_max_age=2d', ['cache_max_age']],
    ])('%s', async (_name, q, params) => {
      const { key, id } = await h.key(5);
      const r = await h.rest(artistPath(q), { key });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('INVALID_INPUT');
      expect([...new Set(r.body.error.details.map((d: { param: string }) => d.param))].sort()).toEqual(params);
      expect(await h.balance(id)).toBe(5);
      expect(upstreamHits(h)).toBe(0);
    });

    it('GraphQL names the arguments too, at 0 credits', async () => {
      const { key, id } = await h.key(5);
      const r = await h.gql('{ audioCArtist(handle: "a", url: "https://soundcloud.com/a") { id } }', { key });
      expect(r.body.errors[0].extensions.code).toBe('INVALID_INPUT');
      expect(r.body.errors[0].extensions.details.map((d: { param: string }) => d.param).sort()).toEqual(['handle', 'url']);
      expect(r.body.extensions.credits.charged).toBe(0);
      expect(await h.balance(id)).toBe(5);
    });
  });

  it('an unknown handle (api-v2 404) is NOT_FOUND at 0 credits', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(artistPath('handle=missing'), { key });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.stringContaining('missing') } });
    expect(await h.balance(id)).toBe(3);
  });

  it('a handle resolved to another account (its permalink) is 502 UPSTREAM_FAILED at 0 credits, never that account', async () => {
    h.replay.add({
      host: 'api-v2.soundcloud.com',
      path: '/resolve',
      query: { url: 'https://soundcloud.com/maya' },
      response: { headers: JSON_HEADERS, body: userJson('someone-else') },
    });
    h.replay.add({
      host: 'soundcloud.com',
      path: '/maya',
      response: { headers: { 'content-type': 'text/html' }, body: profilePage(userJson('someone-else')) },
    });
    const { key, id } = await h.key(3);
    const r = await h.rest(artistPath('handle=maya'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringMatching(/different resource/) });
    expect(await h.balance(id)).toBe(3);
  });

  it('a handle that resolves to something other than a user is NOT_FOUND', async () => {
    h.replay.add({
      host: 'api-v2.soundcloud.com',
      path: '/resolve',
      query: { url: 'https://soundcloud.com/oddity' },
      response: { headers: JSON_HEADERS, body: JSON.stringify({ id: 5, kind: 'playlist' }) },
    });
    const { key, id } = await h.key(3);
    const r = await h.rest(artistPath('handle=oddity'), { key });
    expect(r.status).toBe(404);
    expect(await h.balance(id)).toBe(3);
  });

  it.each<[string, number, string]>([
    ['CloudFront "Request blocked" (403 HTML)', 403, CLOUDFRONT_403],
    ['a DataDome captcha (403 JSON)', 403, '{"url":"https://geo.captcha-delivery.com/captcha/?initialCid=AHrlqAAAAAMA&hash=ABC&cid=xyz"}'],
    ['rate limited (429)', 429, '{}'],
  ])('%s is UPSTREAM_BLOCKED at 0 credits, without refetching the client id', async (_name, status, body) => {
    const { key, id } = await h.key(3);
    await h.rest(artistPath('handle=warmup'), { key }); // the client id is cached now
    const homeBefore = hits(h, 'soundcloud.com', '/').length;
    h.replay.add({
      host: 'api-v2.soundcloud.com',
      path: '/resolve',
      query: { url: 'https://soundcloud.com/walled' },
      response: { status, headers: { 'content-type': body.startsWith('<') ? 'text/html' : 'application/json' }, body },
    });
    const r = await h.rest(artistPath('handle=walled'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(hits(h, 'soundcloud.com', '/').length).toBe(homeBefore);
    expect(await h.balance(id)).toBe(2);
  });

  it('a changed answer (HTML instead of the user object) is UPSTREAM_FAILED, never an empty record', async () => {
    h.replay.add({
      host: 'api-v2.soundcloud.com',
      path: '/resolve',
      query: { url: 'https://soundcloud.com/reshaped' },
      response: { body: '<html><body>Maintenance</body></html>' },
    });
    h.replay.add({
      host: 'api-v2.soundcloud.com',
      path: '/resolve',
      query: { url: 'https://soundcloud.com/noid' },
      response: { headers: JSON_HEADERS, body: '{"kind":"user","username":"x"}' },
    });
    const { key, id } = await h.key(3);
    for (const handle of ['reshaped', 'noid']) {
      const r = await h.rest(artistPath(`handle=${handle}`), { key });
      expect(r.status).toBe(502);
      expect(r.body.error.code).toBe('UPSTREAM_FAILED');
    }
    expect(await h.balance(id)).toBe(3);
  });

  /** A profile page in the public shape: `window.__sc_hydration` with the `user` entry. */
  const profilePage = (user: string) =>
    `<!DOCTYPE html><html><head><script>window.__sc_hydration = [{"hydratable":"anonymousId","data":"1-2-3"},{"hydratable":"user","data":${user}}];</script></head><body></body></html>`;
  const resolveWarnings = async () => {
    const s = await h.rest('/v1/status');
    return (s.body.platforms.find((p: { platform: string }) => p.platform === 'audio-c').parser_warnings.fields['artist.resolve'] ??
      0) as number;
  };

  it.each<[string, Record<string, unknown>]>([
    ['an HTTP 500', { status: 500, headers: JSON_HEADERS, body: '{}' }],
    ['a timeout', { headers: JSON_HEADERS, body: '{}', fault: { kind: 'timeout' } }],
    ['a changed answer (HTML)', { body: '<html><body>Maintenance</body></html>' }],
  ])(
    'resolve failing with %s: the profile page user hydratable is the artist (200, 1 credit, warning counted)',
    async (_name, response) => {
      h.replay.add({ host: 'api-v2.soundcloud.com', path: '/resolve', query: { url: 'https://soundcloud.com/fallback' }, response });
      h.replay.add({
        host: 'soundcloud.com',
        path: '/fallback',
        response: { headers: { 'content-type': 'text/html' }, body: profilePage(userJson('fallback')) },
      });
      const { key, id } = await h.key(3);
      const before = await resolveWarnings();
      const r = await h.rest(artistPath('handle=fallback'), { key });
      expect(r.status).toBe(200);
      expect(withoutEnvelope(r.body)).toEqual(JSON.parse(userJsonOrdered('fallback')));
      expect(await h.balance(id)).toBe(2);
      expect(await resolveWarnings()).toBe(before + 1);
    },
  );

  it('the profile page of another account is never the artist: the resolve error stands', async () => {
    h.replay.add({
      host: 'api-v2.soundcloud.com',
      path: '/resolve',
      query: { url: 'https://soundcloud.com/renamed' },
      response: { status: 500, headers: JSON_HEADERS, body: '{}' },
    });
    h.replay.add({
      host: 'soundcloud.com',
      path: '/renamed',
      response: { headers: { 'content-type': 'text/html' }, body: profilePage(userJson('someoneelse')) },
    });
    const { key, id } = await h.key(3);
    const r = await h.rest(artistPath('handle=renamed'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_FAILED');
    expect(await h.balance(id)).toBe(3);
  });

  it('a blocked profile page after a failed resolve is UPSTREAM_BLOCKED', async () => {
    h.replay.add({
      host: 'api-v2.soundcloud.com',
      path: '/resolve',
      query: { url: 'https://soundcloud.com/guarded' },
      response: { status: 500, headers: JSON_HEADERS, body: '{}' },
    });
    h.replay.add({
      host: 'soundcloud.com',
      path: '/guarded',
      response: { status: 403, headers: { 'content-type': 'text/html' }, body: CLOUDFRONT_403 },
    });
    const { key } = await h.key(3);
    const r = await h.rest(artistPath('handle=guarded'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
  });

  it('REST and GraphQL return the same artist', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(artistPath('handle=samedata'), { key });
    const gql = await h.gql(
      `{ audioCArtist(url: "https://soundcloud.com/samedata", cacheMaxAge: "1d") {
          json id username permalinkUrl followersCount repostsCount verified
          badges { proUnlimited creatorMidTier } creatorSubscriptions { product { id } }
          visuals { enabled visuals { visualUrl entryTime } } stationUrn } }`,
      { key },
    );
    const a = gql.body.data.audioCArtist;
    expect(a.json).toEqual(withoutEnvelope(rest.body));
    expect(a).toMatchObject({
      id: rest.body.id,
      username: rest.body.username,
      permalinkUrl: rest.body.permalink_url,
      followersCount: rest.body.followers_count,
      repostsCount: null,
      verified: false,
      badges: { proUnlimited: true, creatorMidTier: false },
      creatorSubscriptions: [{ product: { id: 'creator-pro-unlimited' } }],
      visuals: { enabled: true, visuals: [{ visualUrl: rest.body.visuals.visuals[0].visual_url, entryTime: 0 }] },
      stationUrn: rest.body.station_urn,
    });
    expect(gql.body.extensions.credits.fields[0]).toMatchObject({ charged: 0, cached: true });
  });
});

describe('audio-c client_id: fetched on first need, shared, refreshed on 401', () => {
  let h: Harness;
  beforeEach(async () => {
    // A fresh gateway (and so a fresh token cache) per test.
    h = await startHarness();
  });
  afterEach(() => h.close());

  it('concurrent first requests share one home page fetch', async () => {
    h.replay.add({ ...homeRoute(), response: () => ({ body: homeHtml(CLIENT_ID(1)), fault: { kind: 'latency', ms: 150 } }) });
    h.replay.add(resolveRoute());
    const { key } = await h.key(10);
    const results = await Promise.all(['aa', 'bb', 'cc', 'dd', 'ee'].map((x) => h.rest(artistPath(`handle=${x}`), { key })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(hits(h, 'soundcloud.com', '/')).toHaveLength(1);
    expect(new Set(hits(h, 'api-v2.soundcloud.com', '/resolve').map((r) => r.query.get('client_id')))).toEqual(new Set([CLIENT_ID(1)]));
  });

  it('a client id is used for CLIENT_ID_LIFETIME_MS (6 h), then fetched again', async () => {
    h.replay.add(homeRoute());
    h.replay.add(resolveRoute());
    const { key } = await h.key(10);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await h.rest(artistPath('handle=early'), { key });
      vi.setSystemTime(Date.now() + CLIENT_ID_LIFETIME_MS - 60 * 60 * 1000);
      await h.rest(artistPath('handle=later'), { key });
      expect(hits(h, 'soundcloud.com', '/')).toHaveLength(1);
      vi.setSystemTime(Date.now() + 2 * 60 * 60 * 1000);
      await h.rest(artistPath('handle=much-later'), { key });
    } finally {
      vi.useRealTimers();
    }
    expect(CLIENT_ID_LIFETIME_MS).toBe(6 * 60 * 60 * 1000);
    expect(hits(h, 'soundcloud.com', '/')).toHaveLength(2);
    expect(hits(h, 'api-v2.soundcloud.com', '/resolve').map((x) => x.query.get('client_id'))).toEqual([
      CLIENT_ID(1),
      CLIENT_ID(1),
      CLIENT_ID(2),
    ]);
  });

  it('a 401 refetches the client id and retries once; the caller pays 1', async () => {
    h.replay.add(homeRoute());
    h.replay.add(resolveRoute({ refused: new Set([CLIENT_ID(1)]) }));
    const { key, id } = await h.key(5);
    const r = await h.rest(artistPath('handle=rotated'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ credits_charged: 1, permalink: 'rotated' });
    expect(hits(h, 'soundcloud.com', '/')).toHaveLength(2);
    expect(hits(h, 'api-v2.soundcloud.com', '/resolve').map((x) => x.query.get('client_id'))).toEqual([CLIENT_ID(1), CLIENT_ID(2)]);
    // The fresh id is kept for the next request.
    await h.rest(artistPath('handle=after'), { key });
    expect(hits(h, 'soundcloud.com', '/')).toHaveLength(2);
    expect(hits(h, 'api-v2.soundcloud.com', '/resolve').at(-1)?.query.get('client_id')).toBe(CLIENT_ID(2));
    expect(await h.balance(id)).toBe(3);
  });

  it('a 403 with a JSON body is a refused id too', async () => {
    h.replay.add(homeRoute());
    h.replay.add({
      host: 'api-v2.soundcloud.com',
      path: '/resolve',
      response: {
        headers: JSON_HEADERS,
        body: userJson('forbidden'),
        fault: {
          kind: 'sequence',
          faults: [{ kind: 'status', status: 403, headers: JSON_HEADERS, body: '{"errors":[{"error_message":"Forbidden"}]}' }, null],
        },
      },
    });
    const { key } = await h.key(5);
    const r = await h.rest(artistPath('handle=forbidden'), { key });
    expect(r.status).toBe(200);
    expect(hits(h, 'api-v2.soundcloud.com', '/resolve').map((x) => x.query.get('client_id'))).toEqual([CLIENT_ID(1), CLIENT_ID(2)]);
  });

  it('when the fresh id is refused as well: UPSTREAM_BLOCKED at 0 credits after exactly two tries', async () => {
    h.replay.add(homeRoute());
    h.replay.add(resolveRoute({ refused: new Set([CLIENT_ID(1), CLIENT_ID(2)]) }));
    const { key, id } = await h.key(5);
    const r = await h.rest(artistPath('handle=nope'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_BLOCKED', message: expect.stringContaining('freshly fetched') });
    expect(hits(h, 'api-v2.soundcloud.com', '/resolve')).toHaveLength(2);
    expect(await h.balance(id)).toBe(5);
  });

  it('no apiClient entry (2023-style page): the client id is read from a JS bundle', async () => {
    const bundle = 'https://a-v2.sndcdn.com/assets/50-000f2d54.js';
    h.replay.add({
      host: 'soundcloud.com',
      path: '/',
      response: { body: homeHtml(null, ['https://a-v2.sndcdn.com/assets/0-aaaa.js', bundle]) },
    });
    h.replay.add({
      host: 'a-v2.sndcdn.com',
      path: '/assets/50-000f2d54.js',
      response: {
        headers: { 'content-type': 'application/javascript' },
        body: `(self.webpackChunk=self.webpackChunk||[]).push([[50],{1:function(e,t,n){var r={client_id:"${CLIENT_ID(77)}",env:"production"}}}]);`,
      },
    });
    h.replay.add(resolveRoute());
    const { key } = await h.key(5);
    const r = await h.rest(artistPath('handle=bundled'), { key });
    expect(r.status).toBe(200);
    // The last bundle is searched first and holds the id: the other one is never fetched.
    expect(hits(h, 'a-v2.sndcdn.com').map((x) => x.path)).toEqual(['/assets/50-000f2d54.js']);
    expect(hits(h, 'api-v2.soundcloud.com', '/resolve')[0].query.get('client_id')).toBe(CLIENT_ID(77));
  });

  it('no client id anywhere is UPSTREAM_FAILED naming it; a blocked home page is UPSTREAM_BLOCKED', async () => {
    h.replay.add({ host: 'soundcloud.com', path: '/', response: { body: homeHtml(null) } });
    const { key, id } = await h.key(5);
    const r = await h.rest(artistPath('handle=x1'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('client_id') });
    h.replay.add({
      host: 'soundcloud.com',
      path: '/',
      response: { status: 403, headers: { 'content-type': 'text/html' }, body: CLOUDFRONT_403 },
    });
    const b = await h.rest(artistPath('handle=x2'), { key });
    expect(b.status).toBe(502);
    expect(b.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(hits(h, 'api-v2.soundcloud.com')).toHaveLength(0);
    expect(await h.balance(id)).toBe(5);
  });
});

describe.skipIf(!hasFixtures('audio-c'))(`audio-c real captures through the gateway (${skipReason('audio-c')})`, () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      routes: [
        { host: 'soundcloud.com', path: '/', response: { bodyFile: fixturePath('audio-c', 'homepage-sc-hydration.html') } },
        {
          host: 'api-v2.soundcloud.com',
          path: '/resolve',
          query: { url: 'https://soundcloud.com/liluzivert' },
          response: { headers: JSON_HEADERS, bodyFile: fixturePath('audio-c', 'api-v2-user-liluzivert.json') },
        },
      ],
    });
  });
  afterAll(() => h.close());

  it('the real home page yields the client_id; the real user object is the artist', async () => {
    const { key } = await h.key(5);
    const r = await h.rest(artistPath(`url=${encodeURIComponent('https://soundcloud.com/LilUziVert')}`), { key });
    expect(r.status).toBe(200);
    expect(h.replay.hits({ host: 'api-v2.soundcloud.com', path: '/resolve' })[0].query.get('client_id')).toBe(
      'CkCiIyf14rHi27fhk7HxhPOzc85okfSJ',
    );
    expect(r.body).toMatchObject({
      credits_charged: 1,
      id: 10494998,
      username: 'Lil Uzi Vert',
      permalink_url: 'https://soundcloud.com/liluzivert',
      followers_count: 3243390,
      track_count: 354,
      reposts_count: null,
      verified: true,
      city: 'PHILADELPHIA',
      full_name: '',
      station_permalink: 'artist-stations:10494998',
    });
    expect(Object.keys(withoutEnvelope(r.body))).toEqual(AUDIO_C_ARTIST_KEYS);
  });
});
