/**
 * linkpage-e (Lnk.Bio) end to end: gateway + replay upstream over real HTTP. No capture of a
 * Lnk.Bio page exists; the pages are our own (test/pages/linkpage-e.ts, written in
 * the publicly known markup of lnk.bio pages).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHALLENGE_HTML, NOT_FOUND_HTML, creatorPage, lnkBioHtml } from '../pages/linkpage-e.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const restPath = (url: string, extra = '') => `/v1/linkpage-e?url=${encodeURIComponent(url)}${extra}`;
const upstreamHits = () => h.replay.hits({ host: 'lnk.bio' }).length;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  // Any handle: a creator's page.
  h.replay.add({ host: 'lnk.bio', path: /^\/[a-z0-9._-]+$/, response: (req) => ({ headers: HTML, body: lnkBioHtml(creatorPage(req.path.slice(1))) }) });
  h.replay.add({ host: 'lnk.bio', path: '/ghost', response: { status: 404, headers: HTML, body: NOT_FOUND_HTML } });
  h.replay.add({ host: 'lnk.bio', path: '/ghost200', response: { headers: HTML, body: NOT_FOUND_HTML } });
  h.replay.add({ host: 'lnk.bio', path: '/gone-home', response: { status: 302, headers: { location: '/' } } });
  h.replay.add({ host: 'lnk.bio', path: '/', response: { headers: HTML, body: '<html><head><title>Lnk.Bio - Link in bio</title></head></html>' } });
  h.replay.add({ host: 'lnk.bio', path: '/walled', response: { status: 403, headers: HTML, body: CHALLENGE_HTML } });
  h.replay.add({ host: 'lnk.bio', path: '/walled200', response: { headers: HTML, body: CHALLENGE_HTML } });
  h.replay.add({ host: 'lnk.bio', path: '/reshaped', response: { headers: HTML, body: '<html><head><title>@reshaped | Lnk.Bio</title></head><body><div class="new-profile">@reshaped</div></body></html>' } });
});

describe('GET /v1/linkpage-e', () => {
  it('charges 1 credit and returns the page fields at top level after the envelope', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(restPath('https://lnk.bio/rosaliavega'), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual([
      'success', 'credits_remaining', 'credits_charged',
      'handle', 'id', 'social-b', 'shortvideo', 'video', 'microblog-b', 'pinboard', 'etsy', 'audio-a', 'email', 'whatsapp', 'website', 'links',
    ]);
    expect(r.body).toMatchObject({
      success: true,
      credits_remaining: 9,
      credits_charged: 1,
      handle: 'rosaliavega',
      id: '-1187734',
      'social-b': 'https://instagram.com/rosalia.vega.ceramica',
      email: 'Talleres@rosaliavega.mx',
      whatsapp: 'https://wa.me/5215512345678',
      website: 'https://rosaliavega.mx',
    });
    expect(r.body.links).toHaveLength(6);
    expect(r.body.links[1]).toEqual({ url: 'https://rosaliavega.mx/talleres?utm_source=lnkbio', text: 'Talleres de torno — inscripciones' });
    expect(r.body).not.toHaveProperty('cached');
    expect(await h.balance(id)).toBe(9);
    const [hit] = h.replay.hits({ host: 'lnk.bio' });
    expect(hit.upstreamUrl).toBe('https://lnk.bio/rosaliavega');
  });

  it('a bare handle and URL spellings share one canonical page and cache entry (0 credits on a hit)', async () => {
    const { key, id } = await h.key(5);
    const live = await h.rest(restPath('https://www.lnk.bio/RosaliaVega/?fbclid=x'), { key });
    expect(live.status).toBe(200);
    expect(h.replay.hits({ host: 'lnk.bio' })[0].path).toBe('/rosaliavega');
    for (const spelling of ['rosaliavega', '@RosaliaVega', 'lnk.bio/rosaliavega', 'http://lnk.bio/rosaliavega#x']) {
      const hit = await h.rest(restPath(spelling, '&cache_max_age=1d'), { key });
      expect(hit.status).toBe(200);
      expect(hit.body).toMatchObject({ success: true, cached: true, credits_charged: 0, credits_remaining: 4 });
      expect(hit.body.cached_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(hit.body.links).toEqual(live.body.links);
    }
    expect(upstreamHits()).toBe(1);
    expect(await h.balance(id)).toBe(4);
    const again = await h.rest(restPath('rosaliavega'), { key });
    expect(again.body.credits_charged).toBe(1);
    expect(upstreamHits()).toBe(2);
  });

  it.each([
    ['an upstream 404', 'https://lnk.bio/ghost'],
    ['the not-found page served with 200', 'https://lnk.bio/ghost200'],
    ['a redirect to the home page', 'https://lnk.bio/gone-home'],
  ])('%s → 404 NOT_FOUND at 0 credits', async (_name, url) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(restPath(url), { key });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.stringContaining('lnk.bio/') } });
    expect(await h.balance(id)).toBe(3);
  });

  it.each([
    ['403', 'walled'],
    ['200', 'walled200'],
  ])('a Cloudflare challenge (HTTP %s) → 502 UPSTREAM_BLOCKED at 0 credits', async (_status, handle) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(restPath(`https://lnk.bio/${handle}`), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(await h.balance(id)).toBe(3);
  });

  it('a page in markup we do not know → 502 UPSTREAM_FAILED naming the page id, at 0 credits, not cached', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(restPath('https://lnk.bio/reshaped'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_FAILED');
    expect(r.body.error.message).toContain('page id');
    expect(await h.balance(id)).toBe(3);
    await h.rest(restPath('https://lnk.bio/reshaped', '&cache_max_age=30d'), { key });
    expect(upstreamHits()).toBe(2);
  });

  it.each([
    ['missing url', '/v1/linkpage-e'],
    ['another host', restPath('https://example.com/rosaliavega')],
    ['a look-alike host', restPath('https://lnk.bio.evil.com/rosaliavega')],
    ['another link page', restPath('https://pillar.io/rosaliavega')],
    ['the click redirect', restPath('https://lnk.bio/go?d=https%3A%2F%2Fx.com')],
    ['a site section', restPath('https://lnk.bio/login')],
    ['no handle', restPath('https://lnk.bio/')],
    ['a deeper path', restPath('https://lnk.bio/rosaliavega/extra')],
    ['a bare host name', restPath('example.com')],
    ['not a URL or handle', restPath('rosalia vega')],
    ['over-long url', restPath(`https://lnk.bio/${'a'.repeat(3000)}`)],
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
    const r = await h.rest(restPath('rosaliavega', '&cache_max_age=2d'), { key });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ param: 'cache_max_age', message: expect.any(String) }]);
  });

  it('REST and GraphQL return the same data', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(restPath('https://lnk.bio/samedata'), { key });
    const gql = await h.gql(
      `{ linkpageEPage(url: "samedata", cacheMaxAge: "1d") {
          json handle id email whatsapp website platformUrls { platform url } links { url text } } }`,
      { key },
    );
    expect(gql.status).toBe(200);
    const p = gql.body.data.linkpageEPage;
    const { success: _s, credits_remaining: _r, credits_charged: _c, ...record } = rest.body;
    expect(p.json).toEqual(record);
    expect(p).toMatchObject({ handle: record.handle, id: record.id, email: record.email, whatsapp: record.whatsapp, website: record.website, links: record.links });
    expect(Object.fromEntries(p.platformUrls.map((x: { platform: string; url: string }) => [x.platform, x.url]))).toEqual({
      'social-b': record['social-b'],
      shortvideo: record.shortvideo,
      video: record.video,
      'microblog-b': record['microblog-b'],
      pinboard: record.pinboard,
      etsy: record.etsy,
      'audio-a': record['audio-a'],
    });
    expect(gql.body.extensions.credits.fields[0]).toMatchObject({ charged: 0, cached: true });
  });

  it('GraphQL reports a wrong host as INVALID_INPUT on the url argument', async () => {
    const { key } = await h.key(5);
    const r = await h.gql('{ linkpageEPage(url: "https://example.com/x") { id } }', { key });
    expect(r.body.errors[0].extensions).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'url', message: expect.any(String) }] });
    expect(r.body.extensions.credits.charged).toBe(0);
  });
});
