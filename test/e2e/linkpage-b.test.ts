/**
 * linkpage-b (Linktree) end to end: gateway + replay upstream over real HTTP. Pages are our own
 * (test/pages/linkpage-b.ts, written in the public shape of linktr.ee pages); the
 * last block wraps the real 2021 __NEXT_DATA__ capture from ../shared/fixtures/linkpage-b in a
 * page, read in place, when it is present.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { CHALLENGE_HTML, linktreeHtml, modernAccount, notFoundHtml, profileNextData } from '../pages/linkpage-b.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const page = (username: string) => linktreeHtml(profileNextData(modernAccount(username)), `@${username} | Linktree`);
const restPath = (url: string, extra = '') => `/v1/linkpage-b?url=${encodeURIComponent(url)}${extra}`;
const upstreamHits = () => h.replay.hits({ host: 'linktr.ee' }).length;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  // Any username: its modern page (usernames as Linktree stores them, lower-case).
  h.replay.add({ host: 'linktr.ee', path: /^\/[a-z0-9._-]+$/, response: (req) => ({ headers: HTML, body: page(req.path.slice(1)) }) });
  h.replay.add({ host: 'linktr.ee', path: '/ghost', response: { status: 404, headers: HTML, body: notFoundHtml() } });
  h.replay.add({ host: 'linktr.ee', path: '/ghost200', response: { headers: HTML, body: notFoundHtml() } });
  h.replay.add({ host: 'linktr.ee', path: '/gone-home', response: { status: 302, headers: { location: '/' } } });
  h.replay.add({ host: 'linktr.ee', path: '/', response: { headers: HTML, body: '<html><head><title>Linktree. Make your link do more.</title></head></html>' } });
  h.replay.add({ host: 'linktr.ee', path: '/walled', response: { status: 403, headers: HTML, body: CHALLENGE_HTML } });
  h.replay.add({ host: 'linktr.ee', path: '/walled503', response: { status: 503, headers: HTML, body: CHALLENGE_HTML } });
  h.replay.add({ host: 'linktr.ee', path: '/walled200', response: { headers: HTML, body: CHALLENGE_HTML } });
  h.replay.add({ host: 'linktr.ee', path: '/reshaped', response: { headers: HTML, body: linktreeHtml(profileNextData(undefined)) } });
});

describe('GET /v1/linkpage-b', () => {
  it('charges 1 credit and returns the page fields at top level after the envelope', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(restPath('https://linktr.ee/nightowlband'), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual([
      'success', 'credits_remaining', 'credits_charged',
      'id', 'username', 'profilePictureUrl', 'description', 'verticals', 'linkPlatforms', 'timezone', 'links',
      'social-b', 'shortvideo', 'audio-a', 'video', 'audio-b', 'audio-c', 'twitch', 'email_address',
    ]);
    expect(r.body).toMatchObject({
      success: true,
      credits_remaining: 9,
      credits_charged: 1,
      id: 48123907,
      username: 'nightowlband',
      description: 'indie trio from Leeds 🦉\nnew album out now',
      verticals: ['music', 'creative'],
      linkPlatforms: ['Spotify', 'YouTube', 'Instagram'],
      timezone: 'Europe/London',
      'social-b': 'https://instagram.com/nightowlband',
      twitch: 'https://twitch.tv/nightowllive',
      email_address: 'hello@nightowlband.co.uk',
    });
    expect(r.body.links).toHaveLength(8);
    expect(r.body.links[4]).toEqual({ id: 701000005, type: 'PRODUCT', title: 'MERCH', url: '' });
    expect(r.body).not.toHaveProperty('cached');
    expect(await h.balance(id)).toBe(9);
    const [hit] = h.replay.hits({ host: 'linktr.ee' });
    expect(hit.path).toBe('/nightowlband');
    expect(hit.upstreamUrl).toBe('https://linktr.ee/nightowlband');
  });

  it('a bare username and URL spellings share one canonical page and cache entry (0 credits on a hit)', async () => {
    const { key, id } = await h.key(5);
    const live = await h.rest(restPath('https://www.linktr.ee/NightOwlBand/?utm_source=ig'), { key });
    expect(live.status).toBe(200);
    expect(h.replay.hits({ host: 'linktr.ee' })[0].path).toBe('/nightowlband');
    for (const spelling of ['nightowlband', '@NightOwlBand', 'linktr.ee/nightowlband', 'http://linktr.ee/nightowlband#x']) {
      const hit = await h.rest(restPath(spelling, '&cache_max_age=1d'), { key });
      expect(hit.status).toBe(200);
      expect(hit.body).toMatchObject({ success: true, cached: true, credits_charged: 0, credits_remaining: 4 });
      expect(hit.body.cached_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(hit.body.links).toEqual(live.body.links);
    }
    expect(upstreamHits()).toBe(1);
    expect(await h.balance(id)).toBe(4);
    // Without cache_max_age a live fetch is made and charged.
    const again = await h.rest(restPath('nightowlband'), { key });
    expect(again.body.credits_charged).toBe(1);
    expect(upstreamHits()).toBe(2);
  });

  it.each([
    ['an upstream 404', 'https://linktr.ee/ghost'],
    ['the Next.js 404 page served with 200', 'https://linktr.ee/ghost200'],
    ['a redirect to the home page', 'https://linktr.ee/gone-home'],
  ])('%s → 404 NOT_FOUND at 0 credits', async (_name, url) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(restPath(url), { key });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.stringContaining('linktr.ee/') } });
    expect(await h.balance(id)).toBe(3);
  });

  it.each([
    ['403', 'walled'],
    ['503', 'walled503'],
    ['200', 'walled200'],
  ])('a Cloudflare challenge (HTTP %s) → 502 UPSTREAM_BLOCKED at 0 credits', async (_status, username) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(restPath(`https://linktr.ee/${username}`), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(await h.balance(id)).toBe(3);
  });

  it('a page whose __NEXT_DATA__ lacks the account → 502 UPSTREAM_FAILED naming it, at 0 credits, not cached', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(restPath('https://linktr.ee/reshaped'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_FAILED');
    expect(r.body.error.message).toContain('props.pageProps.account');
    expect(await h.balance(id)).toBe(3);
    await h.rest(restPath('https://linktr.ee/reshaped', '&cache_max_age=30d'), { key });
    expect(upstreamHits()).toBe(2);
  });

  it.each([
    ['missing url', '/v1/linkpage-b'],
    ['another host', restPath('https://example.com/nightowlband')],
    ['a look-alike host', restPath('https://linktr.ee.evil.com/nightowlband')],
    ['another link page', restPath('https://beacons.ai/nightowlband')],
    ['a site section', restPath('https://linktr.ee/login')],
    ['no username', restPath('https://linktr.ee/')],
    ['a deeper path', restPath('https://linktr.ee/nightowlband/extra')],
    ['a bare host name', restPath('example.com')],
    ['not a URL or username', restPath('night owl band')],
    ['over-long url', restPath(`https://linktr.ee/${'a'.repeat(3000)}`)],
  ])('%s → 400 naming url, 0 credits, nothing fetched', async (_name, path) => {
    const { key, id } = await h.key(5);
    const r = await h.rest(path, { key });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details.map((d: { param: string }) => d.param)).toEqual(['url']);
    expect(await h.balance(id)).toBe(5);
    expect(upstreamHits()).toBe(0);
  });

  it('an invalid cache_max_age → 400 naming it', async () => {
    const { key } = await h.key(5);
    const r = await h.rest(restPath('nightowlband', '&cache_max_age=2d'), { key });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ param: 'cache_max_age', message: expect.any(String) }]);
  });

  it('REST and GraphQL return the same data', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(restPath('https://linktr.ee/samedata'), { key });
    const gql = await h.gql(
      `{ linkpageBPage(url: "samedata", cacheMaxAge: "1d") {
          json id username profilePictureUrl description verticals linkPlatforms timezone emailAddress
          links { id type title url } platformUrls { platform url } } }`,
      { key },
    );
    expect(gql.status).toBe(200);
    const p = gql.body.data.linkpageBPage;
    const { success: _s, credits_remaining: _r, credits_charged: _c, ...record } = rest.body;
    expect(p.json).toEqual(record);
    expect(p).toMatchObject({
      id: record.id,
      username: record.username,
      profilePictureUrl: record.profilePictureUrl,
      description: record.description,
      verticals: record.verticals,
      linkPlatforms: record.linkPlatforms,
      timezone: record.timezone,
      emailAddress: record.email_address,
      links: record.links,
    });
    expect(Object.fromEntries(p.platformUrls.map((x: { platform: string; url: string }) => [x.platform, x.url]))).toEqual({
      'social-b': record['social-b'],
      shortvideo: record.shortvideo,
      'audio-a': record['audio-a'],
      video: record.video,
      'audio-b': record['audio-b'],
      'audio-c': record['audio-c'],
      twitch: record.twitch,
    });
    expect(gql.body.extensions.credits.fields[0]).toMatchObject({ charged: 0, cached: true });
  });

  it('GraphQL reports a wrong host as INVALID_INPUT on the url argument', async () => {
    const { key } = await h.key(5);
    const r = await h.gql('{ linkpageBPage(url: "https://example.com/x") { username } }', { key });
    expect(r.body.errors[0].extensions).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'url', message: expect.any(String) }] });
    expect(r.body.extensions.credits.charged).toBe(0);
  });
});

describe.skipIf(!hasFixtures('linkpage-b'))(`linkpage-b real capture wrapped in a page (${skipReason('linkpage-b')})`, () => {
  it('serves the 2021 __NEXT_DATA__ capture through the whole path', async () => {
    // The capture is only the JSON of __NEXT_DATA__: wrap it in a page here (never copied into the repo).
    const nextData = JSON.parse(readFixture('linkpage-b', 'next-data-kaiserlol.json'));
    h.replay.add({ host: 'linktr.ee', path: '/kaiserlol', response: { headers: HTML, body: linktreeHtml(nextData, 'My Title | Linktree') } });
    const { key } = await h.key(5);
    const r = await h.rest(restPath('https://linktr.ee/kaiserlol'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      credits_remaining: 4,
      credits_charged: 1,
      id: 17111939,
      username: 'kaiserlol',
      profilePictureUrl: null,
      description: 'My Bio',
      verticals: [],
      linkPlatforms: [],
      timezone: null,
      links: [
        { id: 90701196, type: 'HEADER', title: 'Heading 1', url: '' },
        { id: 90693023, type: 'CLASSIC', title: 'Blog', url: 'https://blog.kaiser.lol/' },
        { id: 90692933, type: 'CLASSIC', title: 'Kaiser LOL', url: 'https://kaiser.lol/' },
      ],
      'social-a': 'https://facebook.com/myprofile',
      'microblog-b': 'https://twitter.com/sometwitteruser',
      'social-b': 'https://instagram.com/someinstagramuser',
      email_address: 'someemail@somedomain.com',
    });
  });
});
