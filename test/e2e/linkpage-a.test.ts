/**
 * linkpage-a (Linkme) end to end: gateway + replay upstream over real HTTP. No capture of a
 * link.me page exists: the pages are our own (test/pages/linkpage-a.ts, written in
 * the public shape of link.me pages).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHALLENGE_HTML, linkmeHtml, linkmeProfile, notFoundHtml, profileNextData } from '../pages/linkpage-a.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const page = (username: string, extra: Record<string, unknown> = {}) => linkmeHtml(profileNextData(linkmeProfile(username, extra)), `${username} | Linkme`);
const restPath = (url: string, extra = '') => `/v1/linkpage-a?url=${encodeURIComponent(url)}${extra}`;
const upstreamHits = () => h.replay.hits({ host: 'link.me' }).length;

const PROFILE_KEYS = [
  'id', 'firstName', 'lastName', 'username', 'verifiedAccount', 'bio', 'isAmbassador', 'friendStatus', 'profileVisitCount',
  'isDefaultProfilePicture', 'profileImage', 'profileImageWebp', 'isPrivate', 'referralLink', 'deeplink', 'logo', 'logoMetaData',
  'QRCode', 'webTheme', 'linkmeCustomIcon', 'cover', 'createdAt', 'updatedAt', 'stripeStatus', 'killer', 'hideBottomButtons',
  'customMailForm', 'hideAddToContacts', 'subscriptionFeature', 'showForm', 'subscriptionType', 'displayNameOption', 'trackingPixels',
  'isMuteEnable', 'totalLinks', 'chatID', 'infoLinks', 'businessInfo', 'webLinks', 'customisedTheme', 'totalFollowers',
  'sectionSettings', 'sectionVisibility',
];

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  // Any username: its profile page (usernames as Linkme stores them, lower-case).
  h.replay.add({ host: 'link.me', path: /^\/[a-z0-9._-]+$/, response: (req) => ({ headers: HTML, body: page(req.path.slice(1)) }) });
  h.replay.add({ host: 'link.me', path: '/ghost', response: { status: 404, headers: HTML, body: notFoundHtml() } });
  h.replay.add({ host: 'link.me', path: '/ghost200', response: { headers: HTML, body: notFoundHtml() } });
  h.replay.add({ host: 'link.me', path: '/nobody', response: { headers: HTML, body: linkmeHtml(profileNextData(null)) } });
  h.replay.add({ host: 'link.me', path: '/gone-home', response: { status: 302, headers: { location: '/' } } });
  h.replay.add({ host: 'link.me', path: '/', response: { headers: HTML, body: '<html><head><title>Linkme: one link for everything</title></head></html>' } });
  h.replay.add({ host: 'link.me', path: '/walled', response: { status: 403, headers: HTML, body: CHALLENGE_HTML } });
  h.replay.add({ host: 'link.me', path: '/walled503', response: { status: 503, headers: HTML, body: CHALLENGE_HTML } });
  h.replay.add({ host: 'link.me', path: '/walled200', response: { headers: HTML, body: CHALLENGE_HTML } });
  h.replay.add({ host: 'link.me', path: '/limited', response: { status: 429, headers: HTML, body: 'Too Many Requests' } });
  h.replay.add({ host: 'link.me', path: '/reshaped', response: { headers: HTML, body: linkmeHtml(profileNextData(undefined)) } });
  h.replay.add({ host: 'link.me', path: '/secret', response: { headers: HTML, body: page('secret', { isPrivate: 1 }) } });
});

describe('GET /v1/linkpage-a', () => {
  it('charges 1 credit and returns {envelope, profile} with every api.md member', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(restPath('https://link.me/mira.sol'), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['success', 'credits_remaining', 'credits_charged', 'profile']);
    expect(r.body).toMatchObject({ success: true, credits_remaining: 9, credits_charged: 1 });
    const p = r.body.profile;
    expect(Object.keys(p)).toEqual(PROFILE_KEYS);
    expect(p).toMatchObject({
      id: '7c2e91a04b5d4f3e9a8b1c6d2e0f4a57',
      username: 'mira.sol',
      verifiedAccount: 1,
      isDefaultProfilePicture: false,
      createdAt: '2023-03-14 09:26:53',
      stripeStatus: { tipsEnabled: 1, stripeAccountId: 'acct_1NvXyZmirasol01', stripeEnabled: true },
      sectionSettings: { shouts: { enabled: true, position: null }, gallery: { enabled: false, position: 3 } },
      totalFollowers: 1380,
    });
    expect(p.webLinks).toHaveLength(6);
    expect(p.webLinks[0].links[0]).toHaveProperty('baseUrl', 'https://www.instagram.com/');
    expect(p.infoLinks[0].links[0]).not.toHaveProperty('baseUrl');
    expect(p).not.toHaveProperty('email');
    expect(r.body).not.toHaveProperty('cached');
    expect(await h.balance(id)).toBe(9);
    const [hit] = h.replay.hits({ host: 'link.me' });
    expect(hit.upstreamUrl).toBe('https://link.me/mira.sol');
  });

  it('a bare username and URL spellings share one canonical page and cache entry (0 credits on a hit)', async () => {
    const { key, id } = await h.key(5);
    const live = await h.rest(restPath('https://www.link.me/Mira.Sol/?utm_source=ig'), { key });
    expect(live.status).toBe(200);
    expect(h.replay.hits({ host: 'link.me' })[0].path).toBe('/mira.sol');
    for (const spelling of ['mira.sol', '@Mira.Sol', 'link.me/mira.sol', 'http://link.me/mira.sol#x']) {
      const hit = await h.rest(restPath(spelling, '&cache_max_age=1d'), { key });
      expect(hit.status).toBe(200);
      expect(Object.keys(hit.body)).toEqual(['success', 'credits_remaining', 'credits_charged', 'cached', 'cached_at', 'profile']);
      expect(hit.body).toMatchObject({ success: true, cached: true, credits_charged: 0, credits_remaining: 4 });
      expect(hit.body.cached_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(hit.body.profile).toEqual(live.body.profile);
    }
    expect(upstreamHits()).toBe(1);
    expect(await h.balance(id)).toBe(4);
    // Without cache_max_age a live fetch is made and charged.
    const again = await h.rest(restPath('mira.sol'), { key });
    expect(again.body.credits_charged).toBe(1);
    expect(upstreamHits()).toBe(2);
  });

  it.each([
    ['an upstream 404', 'https://link.me/ghost'],
    ['the Next.js 404 page served with 200', 'https://link.me/ghost200'],
    ['a profile page with profile: null', 'https://link.me/nobody'],
    ['a redirect to the home page', 'https://link.me/gone-home'],
  ])('%s → 404 NOT_FOUND at 0 credits', async (_name, url) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(restPath(url), { key });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.stringContaining('link.me/') } });
    expect(await h.balance(id)).toBe(3);
  });

  it.each([
    ['a Cloudflare challenge (HTTP 403)', 'walled'],
    ['a Cloudflare challenge (HTTP 503)', 'walled503'],
    ['a Cloudflare challenge (HTTP 200)', 'walled200'],
    ['a rate limit (HTTP 429)', 'limited'],
  ])('%s → 502 UPSTREAM_BLOCKED at 0 credits', async (_name, username) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(restPath(`https://link.me/${username}`), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(await h.balance(id)).toBe(3);
  });

  it('a private profile → 403 PRIVATE_CONTENT at 0 credits', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(restPath('https://link.me/secret'), { key });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('PRIVATE_CONTENT');
    expect(await h.balance(id)).toBe(3);
  });

  it('a page whose __NEXT_DATA__ lacks the profile → 502 UPSTREAM_FAILED naming it, at 0 credits, not cached', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(restPath('https://link.me/reshaped'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_FAILED');
    expect(r.body.error.message).toContain('props.pageProps.profile');
    expect(await h.balance(id)).toBe(3);
    await h.rest(restPath('https://link.me/reshaped', '&cache_max_age=30d'), { key });
    expect(upstreamHits()).toBe(2);
  });

  it.each([
    ['missing url', '/v1/linkpage-a'],
    ['another host', restPath('https://example.com/mira.sol')],
    ['a look-alike host', restPath('https://link.me.evil.com/mira.sol')],
    ["the vendor's own site", restPath('https://about.link.me/mira.sol')],
    ['another link page', restPath('https://linktr.ee/mira.sol')],
    ['a site section', restPath('https://link.me/login')],
    ['no username', restPath('https://link.me/')],
    ['a deeper path', restPath('https://link.me/mira.sol/extra')],
    ['a bare host name', restPath('example.com')],
    ['not a URL or username', restPath('mira sol')],
    ['over-long url', restPath(`https://link.me/${'a'.repeat(3000)}`)],
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
    const r = await h.rest(restPath('mira.sol', '&cache_max_age=2d'), { key });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ param: 'cache_max_age', message: expect.any(String) }]);
  });

  it('REST and GraphQL return the same data', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(restPath('https://link.me/samedata'), { key });
    const gql = await h.gql(
      `{ linkpageAProfile(url: "samedata", cacheMaxAge: "1d") {
          json id username firstName lastName bio displayNameOption profileImage profileImageWebp isDefaultProfilePicture
          cover logo logoMetaData qrCode webTheme customIcon referralLink deeplink profileVisitCount createdAt updatedAt chatId
          subscriptionFeature verifiedAccount isAmbassador friendStatus isPrivate killer hideBottomButtons customMailForm
          hideAddToContacts subscriptionType isMuteEnable showForm totalLinks totalFollowers trackingPixels businessInfo
          stripeStatus { tipsEnabled stripeAccountId stripeEnabled }
          customisedTheme { verifiedIcon backgroundColor backgroundImage mainTextColor level1TextColor level2TextColor featuredLinkTitles bioBackground profilePicture customFont }
          sectionSettings { section enabled position }
          sectionVisibility { section order enabled }
          infoLinks { title linkId isCustom links { webLinkId linkImage linkValue faceValue baseUrl isCustom isAdult } }
          webLinks { title linkId isCustom links { webLinkId linkImage linkValue faceValue baseUrl isCustom isAdult } }
          platformUrls { platform url } } }`,
      { key },
    );
    expect(gql.status).toBe(200);
    expect(gql.body.errors).toBeUndefined();
    const p = gql.body.data.linkpageAProfile;
    const wire = rest.body.profile;
    expect(p.json).toEqual(wire);
    // Typed fields: the same values under their GraphQL names.
    const renamed: Record<string, string> = { qrCode: 'QRCode', customIcon: 'linkmeCustomIcon', chatId: 'chatID' };
    for (const [name, value] of Object.entries(p)) {
      if (['json', 'sectionSettings', 'infoLinks', 'webLinks', 'platformUrls'].includes(name)) continue;
      expect([name, value]).toEqual([name, wire[renamed[name] ?? name]]);
    }
    expect(p.sectionSettings).toEqual(Object.entries(wire.sectionSettings).map(([section, s]) => ({ section, ...(s as object) })));
    // Info links have no baseUrl on the wire: null in GraphQL.
    expect(p.infoLinks).toEqual(wire.infoLinks.map((g: any) => ({ ...g, links: g.links.map((l: object) => ({ ...l, baseUrl: null })) })));
    expect(p.webLinks).toEqual(wire.webLinks);
    // Web links classified by host (first per platform); the custom website is no platform.
    expect(p.platformUrls).toEqual([
      { platform: 'social-b', url: 'https://www.instagram.com/mira.sol.music/' },
      { platform: 'shortvideo', url: 'https://www.tiktok.com/@mirasolmusic' },
      { platform: 'video', url: 'https://www.youtube.com/@MiraSolOfficial' },
      { platform: 'audio-a', url: 'https://open.spotify.com/artist/3mIrAsOlXyZ0123456789a' },
      { platform: 'onlyfans', url: 'https://onlyfans.com/mirasolbackstage' },
    ]);
    expect(gql.body.extensions.credits.fields[0]).toMatchObject({ charged: 0, cached: true });
  });

  it('GraphQL reports a wrong host as INVALID_INPUT on the url argument', async () => {
    const { key } = await h.key(5);
    const r = await h.gql('{ linkpageAProfile(url: "https://example.com/x") { username } }', { key });
    expect(r.body.errors[0].extensions).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'url', message: expect.any(String) }] });
    expect(r.body.extensions.credits.charged).toBe(0);
  });
});
