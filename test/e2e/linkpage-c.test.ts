/**
 * linkpage-c (Komi) end to end: gateway + replay upstream over real HTTP. No capture of Komi's API
 * exists: the answers are our own (test/pages/linkpage-c.ts, written in the public
 * shape of api.komi.io's talent and modules endpoints).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHALLENGE_HTML, modulesBody, NOT_FOUND_BODY, PROFILE_ID, talentBody } from '../pages/linkpage-c.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;

const API = 'api.komi.io';
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const HTML = { 'content-type': 'text/html; charset=utf-8' };
const json = (body: unknown, status = 200) => ({ status, headers: JSON_TYPE, body: JSON.stringify(body) });
const talentPath = (u: string) => `/api/talent/usernames/${u}`;
const restPath = (url: string, extra = '') => `/v1/linkpage-c?url=${encodeURIComponent(url)}${extra}`;
const upstreamHits = () => h.replay.hits({ host: API }).length;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  // Any username: its talent (all share one profile id), and that profile's modules.
  h.replay.add({ host: API, path: /^\/api\/talent\/usernames\/[a-z0-9-]+$/, response: (req) => json(talentBody(req.path.split('/').pop())) });
  h.replay.add({ host: API, path: `/api/talent-profiles/${PROFILE_ID}/modules`, response: json(modulesBody()) });
  h.replay.add({ host: API, path: talentPath('ghost'), response: json(NOT_FOUND_BODY, 404) });
  h.replay.add({ host: API, path: talentPath('ghost200'), response: json(NOT_FOUND_BODY) });
  h.replay.add({ host: API, path: talentPath('suspended'), response: json(talentBody('suspended', {}, { accountStatus: 'suspended' })) });
  h.replay.add({ host: API, path: talentPath('walled'), response: { status: 403, headers: HTML, body: CHALLENGE_HTML } });
  h.replay.add({ host: API, path: talentPath('walled200'), response: { headers: HTML, body: CHALLENGE_HTML } });
  h.replay.add({ host: API, path: talentPath('limited'), response: json({ message: 'Too Many Requests' }, 429) });
  h.replay.add({ host: API, path: talentPath('reshaped'), response: json({ username: 'reshaped', accountStatus: 'active', profile: {} }) });
  h.replay.add({ host: API, path: talentPath('notjson'), response: { headers: HTML, body: '<html><body>maintenance</body></html>' } });
  // Pages whose modules answer goes wrong (their own profile ids).
  h.replay.add({ host: API, path: talentPath('badmodules'), response: json(talentBody('badmodules', { id: 'p-badmodules' })) });
  h.replay.add({ host: API, path: '/api/talent-profiles/p-badmodules/modules', response: json({ data: [] }) });
  h.replay.add({ host: API, path: talentPath('wallmodules'), response: json(talentBody('wallmodules', { id: 'p-wallmodules' })) });
  h.replay.add({ host: API, path: '/api/talent-profiles/p-wallmodules/modules', response: { status: 503, headers: HTML, body: CHALLENGE_HTML } });
  h.replay.add({ host: API, path: talentPath('errmodules'), response: json(talentBody('errmodules', { id: 'p-errmodules' })) });
  h.replay.add({ host: API, path: '/api/talent-profiles/p-errmodules/modules', response: { status: 500, headers: { 'content-type': 'application/json' }, body: '{}' } });
  h.replay.add({ host: API, path: talentPath('slowmodules'), response: json(talentBody('slowmodules', { id: 'p-slowmodules' })) });
  h.replay.add({ host: API, path: '/api/talent-profiles/p-slowmodules/modules', response: { headers: { 'content-type': 'application/json' }, body: '[]', fault: { kind: 'timeout' } } });
});

describe('GET /v1/linkpage-c', () => {
  it('charges 1 credit and returns the page fields at top level after the envelope', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(restPath('https://nightowl.komi.io'), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual([
      'success', 'credits_remaining', 'credits_charged',
      'id', 'username', 'avatar', 'bio', 'firstName', 'lastName', 'displayName', 'displayNameImage',
      'social-b', 'shortvideo', 'video', 'microblog-b', 'snapchat', 'audio-a',
      'website', 'links',
    ]);
    expect(r.body).toMatchObject({
      success: true,
      credits_remaining: 9,
      credits_charged: 1,
      id: PROFILE_ID,
      username: 'nightowl',
      firstName: 'Nora',
      displayNameImage: null,
      'social-b': 'https://www.instagram.com/nora.hollis/',
      website: 'https://norahollis.example/',
    });
    expect(r.body.links.map((l: { type: string }) => l.type)).toEqual(['LINK', 'LINK', 'PRODUCT', 'PRODUCT']);
    expect(r.body.links[2]).toMatchObject({ price: 24.5, currency: 'EUR' });
    expect(r.body.links[0]).not.toHaveProperty('price');
    expect(r.body).not.toHaveProperty('cached');
    expect(await h.balance(id)).toBe(9);
    // The two public requests platforms.md names, in order.
    expect(h.replay.hits({ host: API }).map((x) => x.upstreamUrl)).toEqual([
      'https://api.komi.io/api/talent/usernames/nightowl',
      `https://api.komi.io/api/talent-profiles/${PROFILE_ID}/modules`,
    ]);
  });

  it('a bare username and URL spellings share one canonical page and cache entry (0 credits on a hit)', async () => {
    const { key, id } = await h.key(5);
    const live = await h.rest(restPath('https://NightOwl.komi.io/?utm_source=ig'), { key });
    expect(live.status).toBe(200);
    expect(h.replay.hits({ host: API })[0].path).toBe(talentPath('nightowl'));
    for (const spelling of ['nightowl', '@NightOwl', 'nightowl.komi.io', 'http://nightowl.komi.io/links#x']) {
      const hit = await h.rest(restPath(spelling, '&cache_max_age=1d'), { key });
      expect(hit.status).toBe(200);
      expect(hit.body).toMatchObject({ success: true, cached: true, credits_charged: 0, credits_remaining: 4 });
      expect(hit.body.cached_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(hit.body.links).toEqual(live.body.links);
    }
    expect(upstreamHits()).toBe(2);
    expect(await h.balance(id)).toBe(4);
    const again = await h.rest(restPath('nightowl'), { key });
    expect(again.body.credits_charged).toBe(1);
    expect(upstreamHits()).toBe(4);
  });

  it.each([
    ['an upstream 404 with the not-found body', 'https://ghost.komi.io'],
    ['the not-found body served with 200', 'ghost200'],
    ['an account that is not active', 'suspended'],
  ])('%s → 404 NOT_FOUND at 0 credits, modules never asked', async (_name, url) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(restPath(url), { key });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.stringContaining('.komi.io') } });
    expect(await h.balance(id)).toBe(3);
    expect(h.replay.hits({ host: API, path: /modules$/ })).toHaveLength(0);
  });

  it.each([
    ['a Cloudflare challenge on the talent request (HTTP 403)', 'walled'],
    ['a Cloudflare challenge on the talent request (HTTP 200)', 'walled200'],
    ['a rate limit (HTTP 429)', 'limited'],
    ['a Cloudflare challenge on the modules request (HTTP 503)', 'wallmodules'],
  ])('%s → 502 UPSTREAM_BLOCKED at 0 credits', async (_name, username) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(restPath(`https://${username}.komi.io`), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(await h.balance(id)).toBe(3);
  });

  const linksWarnings = async () => {
    const st = await h.rest('/v1/status');
    return (st.body.platforms.find((p: { platform: string }) => p.platform === 'linkpage-c').parser_warnings.fields['page.links'] ?? 0) as number;
  };

  // The modules request is the second, optional one: the talent answer alone makes the page.
  it.each([
    ['a modules answer that is not a list (changed shape)', 'badmodules'],
    ['a modules request answered with HTTP 500', 'errmodules'],
    ['a modules request that times out', 'slowmodules'],
  ])('%s → 200 with the talent fields, links [] and a page.links warning, 1 credit', async (_name, username) => {
    const { key, id } = await h.key(3);
    const before = await linksWarnings();
    const r = await h.rest(restPath(username), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ username, avatar: expect.stringMatching(/^https:/), bio: expect.any(String), displayName: 'Nora Hollis', website: 'https://norahollis.example/', links: [] });
    expect(r.body['social-b']).toBe('https://www.instagram.com/nora.hollis/');
    expect(await h.balance(id)).toBe(2);
    expect(await linksWarnings()).toBe(before + 1);
  });

  it.each([
    ['a talent without talentProfile', 'reshaped', 'talentProfile'],
    ['a talent answer that is not JSON', 'notjson', 'JSON body from api/talent/usernames'],
  ])('%s → 502 UPSTREAM_FAILED naming it, at 0 credits, not cached', async (_name, username, missing) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(restPath(username), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_FAILED');
    expect(r.body.error.message).toContain(missing);
    expect(await h.balance(id)).toBe(3);
    const before = h.replay.hits({ host: API, path: talentPath(username) }).length;
    await h.rest(restPath(username, '&cache_max_age=30d'), { key });
    expect(h.replay.hits({ host: API, path: talentPath(username) }).length).toBe(before + 1);
  });

  it.each([
    ['missing url', '/v1/linkpage-c'],
    ['another host', restPath('https://example.com/nightowl')],
    ['a look-alike host', restPath('https://nightowl.komi.io.evil.com')],
    ["the vendor's own site", restPath('https://komi.io/nightowl')],
    ['the API host', restPath('https://api.komi.io/api/talent/usernames/nightowl')],
    ['a nested subdomain', restPath('https://a.nightowl.komi.io')],
    ['another link page', restPath('https://linktr.ee/nightowl')],
    ['a bare host name', restPath('example.com')],
    ['not a URL or username', restPath('night owl')],
    ['a username Komi cannot have', restPath('night_owl')],
    ['over-long url', restPath(`https://${'a'.repeat(3000)}.komi.io`)],
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
    const r = await h.rest(restPath('nightowl', '&cache_max_age=forever'), { key });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ param: 'cache_max_age', message: expect.any(String) }]);
  });

  it('REST and GraphQL return the same data', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(restPath('https://samedata.komi.io'), { key });
    const gql = await h.gql(
      `{ linkpageCPage(url: "samedata", cacheMaxAge: "1d") {
          json id username avatar bio firstName lastName displayName displayNameImage website
          links { id url order title visible moduleId thumbnail versionId type price currency }
          platformUrls { platform url } } }`,
      { key },
    );
    expect(gql.status).toBe(200);
    expect(gql.body.errors).toBeUndefined();
    const p = gql.body.data.linkpageCPage;
    const { success: _s, credits_remaining: _r, credits_charged: _c, ...record } = rest.body;
    expect(p.json).toEqual(record);
    for (const k of ['id', 'username', 'avatar', 'bio', 'firstName', 'lastName', 'displayName', 'displayNameImage', 'website']) {
      expect([k, p[k]]).toEqual([k, record[k]]);
    }
    // price and currency exist on products only: null in GraphQL for links.
    expect(p.links).toEqual(record.links.map((l: object) => ({ price: null, currency: null, ...l })));
    expect(Object.fromEntries(p.platformUrls.map((x: { platform: string; url: string }) => [x.platform, x.url]))).toEqual({
      'social-b': record['social-b'],
      shortvideo: record.shortvideo,
      video: record.video,
      'microblog-b': record['microblog-b'],
      snapchat: record.snapchat,
      'audio-a': record['audio-a'],
    });
    expect(gql.body.extensions.credits.fields[0]).toMatchObject({ charged: 0, cached: true });
  });

  it('GraphQL reports a wrong host as INVALID_INPUT on the url argument', async () => {
    const { key } = await h.key(5);
    const r = await h.gql('{ linkpageCPage(url: "https://example.com/x") { username } }', { key });
    expect(r.body.errors[0].extensions).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'url', message: expect.any(String) }] });
    expect(r.body.extensions.credits.charged).toBe(0);
  });
});
