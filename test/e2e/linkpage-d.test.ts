/**
 * linkpage-d (Pillar) end to end: gateway + replay upstream over real HTTP. No capture of a
 * Pillar page exists; the pages are our own (test/pages/linkpage-d.ts, written in
 * the publicly known shape of pillar.io pages).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LISTED_PLATFORMS } from '../../src/platforms/linkpage-d/parse.js';
import { CHALLENGE_HTML, NOT_FOUND_HTML, creatorPage, pillarHtml, pillarState } from '../pages/linkpage-d.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const restPath = (url: string, extra = '') => `/v1/linkpage-d?url=${encodeURIComponent(url)}${extra}`;
const upstreamHits = () => h.replay.hits({ host: 'pillar.io' }).length;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  // Any username: a creator's page.
  h.replay.add({ host: 'pillar.io', path: /^\/[a-z0-9._-]+$/, response: (req) => ({ headers: HTML, body: creatorPage(req.path.slice(1)) }) });
  h.replay.add({ host: 'pillar.io', path: '/ghost', response: { status: 404, headers: HTML, body: NOT_FOUND_HTML } });
  h.replay.add({ host: 'pillar.io', path: '/ghost200', response: { headers: HTML, body: NOT_FOUND_HTML } });
  h.replay.add({ host: 'pillar.io', path: '/gone-home', response: { status: 302, headers: { location: '/' } } });
  h.replay.add({ host: 'pillar.io', path: '/', response: { headers: HTML, body: '<html><head><title>Pillar - The All-In-One Toolkit for Creators</title></head></html>' } });
  h.replay.add({ host: 'pillar.io', path: '/walled', response: { status: 403, headers: HTML, body: CHALLENGE_HTML } });
  h.replay.add({ host: 'pillar.io', path: '/walled200', response: { headers: HTML, body: CHALLENGE_HTML } });
  h.replay.add({ host: 'pillar.io', path: '/reshaped', response: { headers: HTML, body: pillarHtml(pillarState(null)) } });
  h.replay.add({ host: 'pillar.io', path: '/broken', response: { status: 500, headers: HTML, body: '<html><title>Server Error</title></html>' } });
});

describe('GET /v1/linkpage-d', () => {
  it('charges 1 credit and returns the page fields at top level after the envelope', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(restPath('https://pillar.io/maraquintero'), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual([
      'success', 'credits_remaining', 'credits_charged',
      'id', 'first_name', 'last_name', 'email_primary', 'email', 'location',
      ...LISTED_PLATFORMS, 'code', 'links', 'products',
    ]);
    expect(r.body).toMatchObject({
      success: true,
      credits_remaining: 9,
      credits_charged: 1,
      id: '5b0e3c1a-8f27-4d6b-9a41-2c7e9d310f58',
      first_name: 'Mara',
      last_name: 'Quintero',
      email_primary: 'mara.quintero.music@gmail.com',
      email: 'Booking@maraquintero.mx',
      location: 'Guadalajara, México',
      amazon: '',
      google_app_store: '',
      'social-b': 'https://www.instagram.com/maraquintero',
      apple_app_store: 'https://apps.apple.com/mx/app/marea-fan-club/id6470000001',
      code: 'https://github.com/maraq',
    });
    expect(r.body.links).toHaveLength(5);
    expect(r.body.links[0]).toEqual({ id: '0c7a8e10-2b1f-11ef-9c3d-7d5e1f0a4b21', type: 'instagram', title: 'instagram', url: 'https://www.instagram.com/maraquintero', clicks: 14, order: null });
    expect(r.body.products[1]).toEqual({ id: '62d0e470-2b1f-11ef-b065-850167411bb1', title: 'Playera Gira 2025', price: 24.5, url: 'https://maraquintero.mx/tienda/playera', name: 'Playera Gira 2025', description: null, image: null });
    expect(r.body).not.toHaveProperty('cached');
    expect(await h.balance(id)).toBe(9);
    const [hit] = h.replay.hits({ host: 'pillar.io' });
    expect(hit.upstreamUrl).toBe('https://pillar.io/maraquintero');
  });

  it('a bare username and URL spellings share one canonical page and cache entry (0 credits on a hit)', async () => {
    const { key, id } = await h.key(5);
    const live = await h.rest(restPath('https://www.pillar.io/MaraQuintero/?utm_source=ig'), { key });
    expect(live.status).toBe(200);
    expect(h.replay.hits({ host: 'pillar.io' })[0].path).toBe('/maraquintero');
    for (const spelling of ['maraquintero', '@MaraQuintero', 'pillar.io/maraquintero', 'http://pillar.io/maraquintero#x']) {
      const hit = await h.rest(restPath(spelling, '&cache_max_age=1d'), { key });
      expect(hit.status).toBe(200);
      expect(hit.body).toMatchObject({ success: true, cached: true, credits_charged: 0, credits_remaining: 4 });
      expect(hit.body.cached_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(hit.body.links).toEqual(live.body.links);
      expect(hit.body.products).toEqual(live.body.products);
    }
    expect(upstreamHits()).toBe(1);
    expect(await h.balance(id)).toBe(4);
    // Without cache_max_age a live fetch is made and charged.
    const again = await h.rest(restPath('maraquintero'), { key });
    expect(again.body.credits_charged).toBe(1);
    expect(upstreamHits()).toBe(2);
  });

  it.each([
    ['an upstream 404', 'https://pillar.io/ghost'],
    ['the not-found page served with 200', 'https://pillar.io/ghost200'],
    ['a redirect to the home page', 'https://pillar.io/gone-home'],
  ])('%s → 404 NOT_FOUND at 0 credits', async (_name, url) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(restPath(url), { key });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.stringContaining('pillar.io/') } });
    expect(await h.balance(id)).toBe(3);
  });

  it.each([
    ['403', 'walled'],
    ['200', 'walled200'],
  ])('a Cloudflare challenge (HTTP %s) → 502 UPSTREAM_BLOCKED at 0 credits', async (_status, username) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(restPath(`https://pillar.io/${username}`), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(await h.balance(id)).toBe(3);
  });

  it('a page whose store lacks the profile → 502 UPSTREAM_FAILED naming it, at 0 credits, not cached', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(restPath('https://pillar.io/reshaped'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_FAILED');
    expect(r.body.error.message).toContain('creator profile');
    expect(await h.balance(id)).toBe(3);
    await h.rest(restPath('https://pillar.io/reshaped', '&cache_max_age=30d'), { key });
    expect(upstreamHits()).toBe(2);
  });

  it('an upstream 500 → 502 UPSTREAM_FAILED at 0 credits', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(restPath('https://pillar.io/broken'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_FAILED');
    expect(await h.balance(id)).toBe(3);
  });

  it.each([
    ['missing url', '/v1/linkpage-d'],
    ['another host', restPath('https://example.com/maraquintero')],
    ['a look-alike host', restPath('https://pillar.io.evil.com/maraquintero')],
    ['another link page', restPath('https://lnk.bio/maraquintero')],
    ['a site section', restPath('https://pillar.io/login')],
    ['no username', restPath('https://pillar.io/')],
    ['a deeper path', restPath('https://pillar.io/maraquintero/extra')],
    ['a bare host name', restPath('example.com')],
    ['not a URL or username', restPath('mara quintero')],
    ['over-long url', restPath(`https://pillar.io/${'a'.repeat(3000)}`)],
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
    const r = await h.rest(restPath('maraquintero', '&cache_max_age=2d'), { key });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ param: 'cache_max_age', message: expect.any(String) }]);
  });

  it('REST and GraphQL return the same data', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(restPath('https://pillar.io/samedata'), { key });
    const gql = await h.gql(
      `{ linkpageDPage(url: "samedata", cacheMaxAge: "1d") {
          json id firstName lastName emailPrimary email location
          platformUrls { platform url }
          links { id type title url clicks order }
          products { id title price url name description image } } }`,
      { key },
    );
    expect(gql.status).toBe(200);
    const p = gql.body.data.linkpageDPage;
    const { success: _s, credits_remaining: _r, credits_charged: _c, ...record } = rest.body;
    expect(p.json).toEqual(record);
    expect(p).toMatchObject({
      id: record.id,
      firstName: record.first_name,
      lastName: record.last_name,
      emailPrimary: record.email_primary,
      email: record.email,
      location: record.location,
      links: record.links,
      products: record.products,
    });
    // platformUrls: the record's non-empty platform fields.
    const nonEmpty = Object.entries(record).filter(([k, v]) => (LISTED_PLATFORMS.includes(k) || k === 'code') && v !== '');
    expect(p.platformUrls.map((x: { platform: string; url: string }) => [x.platform, x.url])).toEqual(nonEmpty);
    expect(gql.body.extensions.credits.fields[0]).toMatchObject({ charged: 0, cached: true });
  });

  it('GraphQL reports a wrong host as INVALID_INPUT on the url argument', async () => {
    const { key } = await h.key(5);
    const r = await h.gql('{ linkpageDPage(url: "https://example.com/x") { id } }', { key });
    expect(r.body.errors[0].extensions).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'url', message: expect.any(String) }] });
    expect(r.body.extensions.credits.charged).toBe(0);
  });
});
