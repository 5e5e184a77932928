/**
 * social-a (Facebook events) end to end over real HTTP: gateway + replay upstream.
 *
 * No capture exists of a city events page, a page's events tab or an event search answer: the
 * upstream bodies here are our own (src/platforms/social-a/samples.ts), written from what is
 * publicly known of Facebook's logged-out markup (Relay data in `data-sjs` blobs, connections
 * with `page_info {has_next_page, end_cursor}`, GraphQL answers at `/api/graphql/`, the `LSD`
 * define, error 1357001 "log in to continue"). Every id and name in them is invented.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/platforms/social-a/endpoints.js';
import * as T from '../../src/platforms/social-a/samples.js';
import type { ReplayRequest, Route } from '../../src/replay/server.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const FB = 'www.facebook.com';
const HTML = { 'content-type': 'text/html; charset=utf-8' };
const JSON_CT = { 'content-type': 'application/json; charset=utf-8' };
const CITY_PATH = `/events/explore/${T.CITY_SLUG}/${T.CITY_ID}/`;
const PAGE_PATH = `/${T.PAGE_VANITY}/upcoming_hosted_events`;
const SEARCH_DOC = OPERATIONS.eventSearch.docId;
const ENVELOPE = ['success', 'credits_remaining', 'credits_charged'];

// ---------------------------------------------------------------------------------------------
// The replay upstream
// ---------------------------------------------------------------------------------------------

/** The home page hands out TEST_LSD, then TEST_LSD_2, … (one per fetch), with an anonymous datr cookie. */
function tokenRoute(): Route {
  let n = 0;
  return {
    host: FB,
    path: '/',
    method: 'GET',
    response: () => {
      n++;
      const lsd = n === 1 ? T.TEST_LSD : n === 2 ? T.TEST_LSD_2 : `AVqTestLsd0${n}`;
      return {
        headers: {
          ...HTML,
          'set-cookie': `datr=testDatr${n}; expires=Sat, 21 Nov 2026 12:00:00 GMT; Max-Age=63072000; path=/; domain=.facebook.com; secure; httponly`,
        },
        body: T.tokenPageHtml(lsd),
      };
    },
  };
}

interface GqlCall {
  lsd: string | null;
  headerLsd: string | undefined;
  docId: string | null;
  friendlyName: string | null;
  variables: Record<string, any>;
}

function gqlCall(req: ReplayRequest): GqlCall {
  const form = new URLSearchParams(req.body.toString('utf8'));
  return {
    lsd: form.get('lsd'),
    headerLsd: req.headers['x-fb-lsd'] as string | undefined,
    docId: form.get('doc_id'),
    friendlyName: form.get('fb_api_req_friendly_name'),
    variables: JSON.parse(form.get('variables') ?? '{}'),
  };
}

const SEARCH_PAGE_2: T.TestEvent[] = [
  {
    id: '3300000000000001',
    name: 'Dog Agility Open',
    when: 'Sat, Jun 6 at 10:00 AM EDT',
    start: 1780754400,
    place: null,
    online: true,
    social: '5 interested',
  },
];

/** `/api/graphql/`: answers by doc_id and variables; `accept(lsd)` decides which tokens it takes. */
function graphqlRoute(accept: (lsd: string | null) => boolean = (l) => !!l?.startsWith('AVqTestLsd')): Route {
  return {
    host: FB,
    path: '/api/graphql/',
    method: 'POST',
    response: (req) => {
      const c = gqlCall(req);
      if (!accept(c.lsd) || c.lsd !== c.headerLsd) return { status: 401, headers: JSON_CT, body: '{"error":"unauthorized"}' };
      if (c.docId === SEARCH_DOC) {
        const text = String(c.variables.args?.text ?? '');
        if (text === 'nothing at all') return { headers: JSON_CT, body: T.eventSearchGraphql({ events: [] }) };
        if (c.variables.cursor === null)
          return { headers: JSON_CT, body: T.eventSearchGraphql({ events: T.SEARCH_EVENTS, endCursor: 'AbrSearch1', hasNext: true }) };
        if (c.variables.cursor === 'AbrSearch1')
          return { headers: JSON_CT, body: T.eventSearchGraphql({ events: SEARCH_PAGE_2, endCursor: null, hasNext: false }) };
      }
      if (c.docId === T.TEST_DOC_IDS.cityEvents && c.variables.id === T.CITY_ID && c.variables.cursor === 'AQHRcity1') {
        return {
          headers: JSON_CT,
          body: T.cityEventsGraphql(T.CITY_ID, { events: T.CITY_EVENTS_PAGE_2, endCursor: null, hasNext: false }),
        };
      }
      // Our own wrong answers: the next page of a connection answered with another node's connection.
      if (c.docId === T.TEST_DOC_IDS.cityEvents && c.variables.cursor === 'AQHRotherOwner')
        return { headers: JSON_CT, body: T.cityEventsGraphql('1099999999999', { events: T.CITY_EVENTS_PAGE_2, hasNext: false }) };
      if (c.docId === T.TEST_DOC_IDS.pageEvents && c.variables.cursor === 'AQHRotherOwner')
        return { headers: JSON_CT, body: T.pageEventsGraphql('2099999999999', { events: T.PAGE_EVENTS_PAGE_2, hasNext: false }) };
      if (c.docId === T.TEST_DOC_IDS.pageEvents && c.variables.id === T.COLLECTION_ID && c.variables.cursor === 'AQHRpage1') {
        return {
          headers: JSON_CT,
          body: T.pageEventsGraphql(T.COLLECTION_ID, { events: T.PAGE_EVENTS_PAGE_2, endCursor: null, hasNext: false }),
        };
      }
      return {
        headers: JSON_CT,
        body: '{"errors":[{"message":"A server error missing_required_variable_value occured.","severity":"CRITICAL"}],"data":null}',
      };
    },
  };
}

const cityPageRoute = (o: { paginationDocId?: string | null } = {}): Route => ({
  host: FB,
  path: CITY_PATH,
  response: {
    headers: HTML,
    body: T.cityEventsHtml(T.CITY_ID, 'Harbour City', { events: T.CITY_EVENTS, endCursor: 'AQHRcity1', hasNext: true }, o),
  },
});

const pageEventsRoute = (o: { paginationDocId?: string | null } = {}): Route => ({
  host: FB,
  path: PAGE_PATH,
  response: {
    headers: HTML,
    body: T.pageEventsHtml('Harbour Hall', T.COLLECTION_ID, 22, { events: T.PAGE_EVENTS, endCursor: 'AQHRpage1', hasNext: true }, o),
  },
});

function defaultRoutes(): Route[] {
  return [
    tokenRoute(),
    graphqlRoute(),
    cityPageRoute(),
    pageEventsRoute(),
    // A second city and a page given by id
    {
      host: FB,
      path: '/events/explore/us-other-town/108000000000009/',
      response: { headers: HTML, body: T.cityEventsHtml('108000000000009', 'Other Town', { events: T.CITY_EVENTS_PAGE_2 }) },
    },
    {
      host: FB,
      path: '/profile.php',
      query: { id: '61564982700539', sk: 'upcoming_hosted_events' },
      response: { headers: HTML, body: T.pageEventsHtml('Harbour Hall', T.COLLECTION_ID, 2, { events: T.PAGE_EVENTS }) },
    },
    {
      host: FB,
      path: `/${T.PAGE_VANITY}/past_hosted_events`,
      response: {
        headers: HTML,
        body: T.pageEventsHtml('Harbour Hall', 'YXBwX2NvbGxlY3Rpb246cGFzdA', 1, { events: T.PAGE_EVENTS_PAGE_2 }),
      },
    },
    // Missing: Facebook's 404 and its "isn't available" page
    { host: FB, path: '/ghostpage/upcoming_hosted_events', response: { status: 404, headers: HTML, body: T.NOT_AVAILABLE_HTML } },
    { host: FB, path: '/removedpage/upcoming_hosted_events', response: { headers: HTML, body: T.NOT_AVAILABLE_HTML } },
    { host: FB, path: '/events/explore/us-ghost-town/108000000000404/', response: { headers: HTML, body: T.NOT_AVAILABLE_HTML } },
    // Login walls: a redirect to /login/, and the interstitial itself
    {
      host: FB,
      path: '/events/explore/us-walled/108000000000401/',
      response: { status: 302, headers: { location: '/login/?next=https%3A%2F%2Fwww.facebook.com%2Fevents%2Fexplore%2F' } },
    },
    { host: FB, path: '/login/', response: { headers: HTML, body: T.LOGIN_WALL_HTML } },
    { host: FB, path: '/walledpage/upcoming_hosted_events', response: { headers: HTML, body: T.LOGIN_WALL_HTML } },
    // Blocks: a checkpoint page (200), a redirect to /checkpoint/, a 403
    { host: FB, path: '/events/explore/us-checkpoint/108000000000403/', response: { headers: HTML, body: T.CHECKPOINT_HTML } },
    {
      host: FB,
      path: '/checkpointpage/upcoming_hosted_events',
      response: { status: 302, headers: { location: '/checkpoint/block/?next=x' } },
    },
    { host: FB, path: '/checkpoint/block/', response: { headers: HTML, body: T.CHECKPOINT_HTML } },
    {
      host: FB,
      path: '/forbiddenpage/upcoming_hosted_events',
      response: { status: 403, headers: HTML, body: '<html><body>Forbidden</body></html>' },
    },
  ];
}

const cityPath = (url = T.CITY_URL, extra = '') => `/v1/social-a/events?url=${encodeURIComponent(url)}${extra}`;
const pagePath = (url = T.PAGE_URL, extra = '') => `/v1/social-a/profile/events?url=${encodeURIComponent(url)}${extra}`;
const searchPath = (q = 'dogs', extra = '') => `/v1/social-a/events/search?query=${encodeURIComponent(q)}${extra}`;
const cursorParam = (c: string) => `&cursor=${encodeURIComponent(c)}`;

const gqlHits = (hh: Harness) => hh.replay.hits({ host: FB, path: '/api/graphql/' });
const tokenHits = (hh: Harness) => hh.replay.hits({ host: FB, path: '/' });
const fbHits = (hh: Harness) => hh.replay.hits({ host: FB });

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  for (const r of defaultRoutes()) h.replay.add(r);
});

/** Own harness (own upstream client, so own lsd token and own learnt doc_ids). */
const fresh: Harness[] = [];
async function freshHarness(routes: Route[] = defaultRoutes()): Promise<Harness> {
  const hh = await startHarness({ routes });
  fresh.push(hh);
  return hh;
}
afterEach(async () => {
  await Promise.all(fresh.splice(0).map((x) => x.close()));
});

async function expectError(hh: Harness, path: string, status: number, code: string): Promise<any> {
  const { key, id } = await hh.key(5);
  const r = await hh.rest(path, { key });
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.success).toBe(false);
  expect(r.body.error.code).toBe(code);
  expect(await hh.balance(id)).toBe(5);
  return r.body.error;
}

// ---------------------------------------------------------------------------------------------
// GET /v1/social-a/events
// ---------------------------------------------------------------------------------------------

describe('GET /v1/social-a/events (city events)', () => {
  it('envelope then {events, cursor}; 1 credit; the explore page fetched logged out, nothing else', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(cityPath(), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual([...ENVELOPE, 'events', 'cursor']);
    expect(r.body).toMatchObject({ success: true, credits_remaining: 9, credits_charged: 1 });
    expect(r.body).not.toHaveProperty('cached');
    expect(r.body.events.map((e: any) => e.name)).toEqual(['Harbour Flea Market ', 'Jazz on the Pier', 'Online Book Club']);
    expect(r.body.events[0]).toMatchObject({
      __typename: 'Event',
      social_context: { text: '7.3K interested · 195 going', interested_count: 7300, going_count: 195, went_count: null },
      eventUrl: 'https://www.facebook.com/events/2255000000000001/',
    });
    expect(typeof r.body.cursor).toBe('string');
    expect(await h.balance(id)).toBe(9);
    const hits = fbHits(h);
    expect(hits.map((x) => [x.method, x.path])).toEqual([['GET', CITY_PATH]]);
    expect(hits[0].upstreamUrl).toBe(`https://www.facebook.com${CITY_PATH}`);
    expect(hits[0].headers.cookie).toBeUndefined();
  });

  it('pages via cursor: the next page is a GraphQL call with the doc_id the explore page named, the lsd token and the connection owner', async () => {
    const { key, id } = await h.key(10);
    const first = await h.rest(cityPath(), { key });
    const second = await h.rest(cityPath(T.CITY_URL, cursorParam(first.body.cursor)), { key });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ credits_charged: 1, cursor: null });
    expect(second.body.events.map((e: any) => e.name)).toEqual(['Sunset Yoga']);
    const [call] = gqlHits(h).map(gqlCall);
    expect(call).toMatchObject({
      docId: T.TEST_DOC_IDS.cityEvents,
      friendlyName: 'EventCometDiscoverCityEventsPaginationQuery',
      variables: { cursor: 'AQHRcity1', id: T.CITY_ID, count: 12, scale: 1 },
    });
    expect(call.lsd).toMatch(/^AVqTestLsd/);
    expect(call.headerLsd).toBe(call.lsd);
    expect(await h.balance(id)).toBe(8);
  });

  it("a next page answered with another node's events (its owner is not the cursor's) is 502 UPSTREAM_FAILED at 0 credits", async () => {
    const { key } = await h.key(10);
    const first = await h.rest(cityPath(), { key });
    const city = JSON.parse(Buffer.from(first.body.cursor, 'base64url').toString('utf8'));
    const other = Buffer.from(JSON.stringify({ ...city, after: 'AQHRotherOwner' })).toString('base64url');
    const err = await expectError(h, cityPath(T.CITY_URL, cursorParam(other)), 502, 'UPSTREAM_FAILED');
    expect(err.message).toMatch(/different resource \(id 1099999999999, not /);
    const page = await h.rest(pagePath(), { key });
    const pageCursor = JSON.parse(Buffer.from(page.body.cursor, 'base64url').toString('utf8'));
    const otherPage = Buffer.from(JSON.stringify({ ...pageCursor, after: 'AQHRotherOwner' })).toString('base64url');
    const pageErr = await expectError(h, pagePath(T.PAGE_URL, cursorParam(otherPage)), 502, 'UPSTREAM_FAILED');
    expect(pageErr.message).toMatch(/different resource \(id 2099999999999, not /);
  });

  it('cache: cache_max_age serves at 0 credits; URL spellings share the entry; the cursor is part of the key', async () => {
    const hh = await freshHarness();
    const { key, id } = await hh.key(10);
    const live = await hh.rest(cityPath(), { key });
    for (const spelling of [T.CITY_URL, `https://m.facebook.com/events/explore/US-Harbour-City/${T.CITY_ID}?ref=share`]) {
      const hit = await hh.rest(cityPath(spelling, '&cache_max_age=1d'), { key });
      expect(hit.body).toMatchObject({ success: true, cached: true, credits_charged: 0 });
      expect(hit.body.events).toEqual(live.body.events);
      expect(hit.body.cursor).toBe(live.body.cursor);
    }
    const paged = await hh.rest(cityPath(T.CITY_URL, `${cursorParam(live.body.cursor)}&cache_max_age=1d`), { key });
    expect(paged.body).toMatchObject({ credits_charged: 1, cursor: null });
    expect(paged.body).not.toHaveProperty('cached');
    const pagedAgain = await hh.rest(cityPath(T.CITY_URL, `${cursorParam(live.body.cursor)}&cache_max_age=7d`), { key });
    expect(pagedAgain.body).toMatchObject({ cached: true, credits_charged: 0 });
    expect(hh.replay.hits({ host: FB, path: CITY_PATH })).toHaveLength(1);
    expect(await hh.balance(id)).toBe(8);
  });

  it('a city whose page is not available is 404 at 0 credits', async () => {
    await expectError(h, cityPath('https://www.facebook.com/events/explore/us-ghost-town/108000000000404/'), 404, 'NOT_FOUND');
  });

  it('a login redirect is reported as a login wall (UPSTREAM_BLOCKED) at 0 credits, never worked around', async () => {
    const err = await expectError(
      h,
      cityPath('https://www.facebook.com/events/explore/us-walled/108000000000401/'),
      502,
      'UPSTREAM_BLOCKED',
    );
    expect(err.message).toMatch(/login wall/);
    expect(h.replay.hits({ host: FB, path: '/login/' })).toHaveLength(1);
  });

  it('a checkpoint page is UPSTREAM_BLOCKED at 0 credits', async () => {
    const err = await expectError(
      h,
      cityPath('https://www.facebook.com/events/explore/us-checkpoint/108000000000403/'),
      502,
      'UPSTREAM_BLOCKED',
    );
    expect(err.message).toMatch(/security check/);
  });

  it('the next page behind Facebook\'s "log in to continue" (error 1357001) is a login wall', async () => {
    h.replay.add({ host: FB, path: '/api/graphql/', method: 'POST', response: { headers: JSON_CT, body: T.GRAPHQL_LOGIN_REQUIRED } });
    const { key } = await h.key(5);
    const first = await h.rest(cityPath(), { key });
    const err = await expectError(h, cityPath(T.CITY_URL, cursorParam(first.body.cursor)), 502, 'UPSTREAM_BLOCKED');
    expect(err.message).toMatch(/login wall/);
  });

  it('a cursor after a restart: the doc_id is learnt from the explore page first', async () => {
    const { key } = await h.key(5);
    const cursor = (await h.rest(cityPath(), { key })).body.cursor;
    const hh = await freshHarness();
    const k2 = await hh.key(5);
    const r = await hh.rest(cityPath(T.CITY_URL, cursorParam(cursor)), { key: k2.key });
    expect(r.status).toBe(200);
    expect(r.body.events.map((e: any) => e.id)).toEqual(['2255000000000004']);
    expect(fbHits(hh).map((x) => x.path)).toEqual([CITY_PATH, '/', '/api/graphql/']);
    expect(await hh.balance(k2.id)).toBe(4);
  });

  it('no doc_id anywhere (not pinned, not named on the page): UPSTREAM_FAILED naming the variable; a pin is used', async () => {
    const hh = await freshHarness([tokenRoute(), graphqlRoute(), cityPageRoute({ paginationDocId: null })]);
    const { key } = await hh.key(5);
    const first = await hh.rest(cityPath(), { key });
    expect(first.status).toBe(200);
    const err = await expectError(hh, cityPath(T.CITY_URL, cursorParam(first.body.cursor)), 502, 'UPSTREAM_FAILED');
    expect(err.message).toMatch(/SOCIAL_A_CITY_EVENTS_DOC_ID/);
    process.env.SOCIAL_A_CITY_EVENTS_DOC_ID = T.TEST_DOC_IDS.cityEvents;
    try {
      const r = await hh.rest(cityPath(T.CITY_URL, cursorParam(first.body.cursor)), { key });
      expect(r.status).toBe(200);
      expect(r.body.events).toHaveLength(1);
    } finally {
      delete process.env.SOCIAL_A_CITY_EVENTS_DOC_ID;
    }
  });
});

// ---------------------------------------------------------------------------------------------
// GET /v1/social-a/profile/events
// ---------------------------------------------------------------------------------------------

describe('GET /v1/social-a/profile/events (page events)', () => {
  it('envelope then {events, cursor, has_next_page, total_count}; 1 credit; the upcoming events tab fetched', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(pagePath(), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual([...ENVELOPE, 'events', 'cursor', 'has_next_page', 'total_count']);
    expect(r.body).toMatchObject({ credits_charged: 1, has_next_page: true, total_count: 22 });
    expect(r.body.events[1]).toMatchObject({
      name: 'Trivia Night',
      is_canceled: true,
      url: 'https://www.facebook.com/events/1596000000000002/',
      event_creator: { url: 'https://www.facebook.com/harbourhalltest', name: 'Harbour Hall', id: '100070000000001' },
      event_place: { location: { reverse_geocode: { city: 'Wichita' } } },
    });
    expect(fbHits(h).map((x) => x.path)).toEqual([PAGE_PATH]);
    expect(await h.balance(id)).toBe(9);
  });

  it('pages via cursor: GraphQL on the collection; the total is carried; the last page has no cursor', async () => {
    const { key } = await h.key(10);
    const first = await h.rest(pagePath(), { key });
    const second = await h.rest(pagePath(`${T.PAGE_URL}/events`, cursorParam(first.body.cursor)), { key });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ credits_charged: 1, cursor: null, has_next_page: false, total_count: 22 });
    expect(second.body.events.map((e: any) => e.name)).toEqual(['Blues Brunch']);
    expect(gqlHits(h).map(gqlCall)[0]).toMatchObject({
      docId: T.TEST_DOC_IDS.pageEvents,
      friendlyName: 'ProfileCometAppCollectionEventsRendererPaginationQuery',
      variables: { cursor: 'AQHRpage1', id: T.COLLECTION_ID },
    });
  });

  it('profile.php and past-events URLs are read from their own tabs', async () => {
    const { key } = await h.key(10);
    const byId = await h.rest(pagePath('https://www.facebook.com/profile.php?id=61564982700539&sk=events'), { key });
    expect(byId.body).toMatchObject({ total_count: 2, has_next_page: false, cursor: null });
    const past = await h.rest(pagePath(`${T.PAGE_URL}/past_hosted_events`), { key });
    expect(past.body.events.map((e: any) => e.name)).toEqual(['Blues Brunch']);
    expect(fbHits(h).map((x) => x.upstreamUrl)).toEqual([
      'https://www.facebook.com/profile.php?id=61564982700539&sk=upcoming_hosted_events',
      `https://www.facebook.com/${T.PAGE_VANITY}/past_hosted_events`,
    ]);
  });

  it('cache: URL spellings share an entry at 0 credits; another tab does not', async () => {
    const hh = await freshHarness();
    const { key, id } = await hh.key(10);
    await hh.rest(pagePath(), { key });
    const hit = await hh.rest(pagePath('https://m.facebook.com/HARBOURHALLTEST/upcoming_hosted_events/', '&cache_max_age=3d'), { key });
    expect(hit.body).toMatchObject({ cached: true, credits_charged: 0, total_count: 22 });
    const past = await hh.rest(pagePath(`${T.PAGE_URL}/past_hosted_events`, '&cache_max_age=3d'), { key });
    expect(past.body).not.toHaveProperty('cached');
    expect(await hh.balance(id)).toBe(8);
  });

  it('a missing page is 404 at 0 credits (HTTP 404, and the "isn\'t available" page)', async () => {
    await expectError(h, pagePath('https://www.facebook.com/ghostpage'), 404, 'NOT_FOUND');
    await expectError(h, pagePath('https://www.facebook.com/removedpage'), 404, 'NOT_FOUND');
  });

  it('a login interstitial is a login wall; a checkpoint redirect and a 403 are UPSTREAM_BLOCKED; all at 0 credits', async () => {
    expect((await expectError(h, pagePath('https://www.facebook.com/walledpage'), 502, 'UPSTREAM_BLOCKED')).message).toMatch(/login wall/);
    expect((await expectError(h, pagePath('https://www.facebook.com/checkpointpage'), 502, 'UPSTREAM_BLOCKED')).message).toMatch(
      /checkpoint/,
    );
    await expectError(h, pagePath('https://www.facebook.com/forbiddenpage'), 502, 'UPSTREAM_BLOCKED');
  });

  it('an answer with the page but without its events collection is UPSTREAM_FAILED, never an empty 200', async () => {
    h.replay.add({
      host: FB,
      path: PAGE_PATH,
      response: {
        headers: HTML,
        body: T.cometPage({
          title: 'Harbour Hall | Facebook',
          results: [{ query: 'ProfileCometHeaderQuery', data: { user: { id: '1' } } }],
        }),
      },
    });
    const err = await expectError(h, pagePath(), 502, 'UPSTREAM_FAILED');
    expect(err.message).toMatch(/pageItems/);
  });
});

// ---------------------------------------------------------------------------------------------
// GET /v1/social-a/events/search
// ---------------------------------------------------------------------------------------------

describe('GET /v1/social-a/events/search', () => {
  it('envelope then {events, cursor}; 1 credit; one token page fetch, then the search query with the lsd', async () => {
    const hh = await freshHarness();
    const { key, id } = await hh.key(10);
    const r = await hh.rest(searchPath('  dogs  '), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual([...ENVELOPE, 'events', 'cursor']);
    expect(r.body.events.map((e: any) => e.name)).toEqual(['DockDogs at the Harbour Bowl', 'Dogs Day Out']);
    expect(r.body.events[0]).toMatchObject({
      type: 'Event',
      cover_photo: { eventImage: { uri: expect.any(String) } },
      social_context: { interested_count: 21, going_count: 10 },
    });
    expect(await hh.balance(id)).toBe(9);
    expect(fbHits(hh).map((x) => [x.method, x.path])).toEqual([
      ['GET', '/'],
      ['POST', '/api/graphql/'],
    ]);
    const [hit] = gqlHits(hh);
    expect(hit.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(hit.headers.cookie).toBe('datr=testDatr1');
    expect(gqlCall(hit)).toMatchObject({
      lsd: T.TEST_LSD,
      headerLsd: T.TEST_LSD,
      docId: SEARCH_DOC,
      friendlyName: 'SearchCometResultsPaginatedResultsQuery',
      variables: { cursor: null, args: { text: 'dogs', experience: { type: 'EVENTS_TAB' } } },
    });
    // The token is reused while valid.
    await hh.rest(searchPath('cats'), { key });
    expect(tokenHits(hh)).toHaveLength(1);
  });

  it('pages via cursor; a cursor of another query or endpoint is 400 naming cursor', async () => {
    const { key } = await h.key(10);
    const first = await h.rest(searchPath('dogs'), { key });
    const second = await h.rest(searchPath('Dogs', cursorParam(first.body.cursor)), { key });
    expect(second.body).toMatchObject({ credits_charged: 1, cursor: null });
    expect(second.body.events.map((e: any) => e.name)).toEqual(['Dog Agility Open']);
    expect(gqlHits(h).map((x) => gqlCall(x).variables.cursor)).toEqual([null, 'AbrSearch1']);
    const other = await expectError(h, searchPath('cats', cursorParam(first.body.cursor)), 400, 'INVALID_INPUT');
    expect(other.details).toEqual([{ param: 'cursor', message: expect.stringMatching(/another query/) }]);
    const cityCursor = (await h.rest(cityPath(), { key })).body.cursor;
    expect((await expectError(h, searchPath('dogs', cursorParam(cityCursor)), 400, 'INVALID_INPUT')).details[0].param).toBe('cursor');
  });

  it('cache: the same query (any case or spacing) at 0 credits; the cursor is part of the key', async () => {
    const { key, id } = await h.key(10);
    const live = await h.rest(searchPath('jazz night'), { key });
    const hit = await h.rest(searchPath('  Jazz   Night', '&cache_max_age=1d'), { key });
    expect(hit.body).toMatchObject({ cached: true, credits_charged: 0 });
    expect(hit.body.events).toEqual(live.body.events);
    const next = await h.rest(searchPath('jazz night', `${cursorParam(live.body.cursor)}&cache_max_age=1d`), { key });
    expect(next.body).not.toHaveProperty('cached');
    expect(await h.balance(id)).toBe(8);
  });

  it('no results is a 200 with an empty list (a search has no 404)', async () => {
    const { key } = await h.key(5);
    const r = await h.rest(searchPath('nothing at all'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ events: [], cursor: null, credits_charged: 1 });
  });

  it('"log in to continue" (1357001) is a login wall at 0 credits; a checkpoint answer and a 429 are UPSTREAM_BLOCKED', async () => {
    h.replay.add({ host: FB, path: '/api/graphql/', method: 'POST', response: { headers: JSON_CT, body: T.GRAPHQL_LOGIN_REQUIRED } });
    expect((await expectError(h, searchPath('walled'), 502, 'UPSTREAM_BLOCKED')).message).toMatch(/login wall/);
    h.replay.add({ host: FB, path: '/api/graphql/', method: 'POST', response: { headers: HTML, body: T.CHECKPOINT_HTML } });
    expect((await expectError(h, searchPath('checkpoint'), 502, 'UPSTREAM_BLOCKED')).message).toMatch(/security check/);
    h.replay.add({ host: FB, path: '/api/graphql/', method: 'POST', response: { status: 429, headers: JSON_CT, body: '{}' } });
    await expectError(h, searchPath('limited'), 502, 'UPSTREAM_BLOCKED');
  });

  it('the token page gone is UPSTREAM_FAILED naming the setting, not a 404 of the caller', async () => {
    const hh = await freshHarness([
      { host: FB, path: '/', response: { status: 404, headers: HTML, body: T.NOT_AVAILABLE_HTML } },
      graphqlRoute(),
    ]);
    const err = await expectError(hh, searchPath('dogs'), 502, 'UPSTREAM_FAILED');
    expect(err.message).toMatch(/SOCIAL_A_TOKEN_PAGE_URL/);
    expect(gqlHits(hh)).toHaveLength(0);
  });

  it('a doc_id pinned in the environment is sent instead of the built-in one', async () => {
    process.env.SOCIAL_A_EVENT_SEARCH_DOC_ID = '9999999999999999';
    try {
      const hh = await freshHarness();
      const { key } = await hh.key(5);
      const r = await hh.rest(searchPath('dogs'), { key });
      // Our replay knows only the built-in id: the pinned one reaches it (and is refused there).
      expect(r.status).toBe(502);
      expect(gqlCall(gqlHits(hh)[0]).docId).toBe('9999999999999999');
    } finally {
      delete process.env.SOCIAL_A_EVENT_SEARCH_DOC_ID;
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The lsd token (own harness each: tokens live as long as the upstream client)
// ---------------------------------------------------------------------------------------------

describe('the lsd token', () => {
  it('refused with 401: a fresh token is fetched and the request retried once; 1 credit', async () => {
    const hh = await freshHarness([tokenRoute(), graphqlRoute((lsd) => lsd === T.TEST_LSD_2)]);
    const { key, id } = await hh.key(5);
    const r = await hh.rest(searchPath('dogs'), { key });
    expect(r.status).toBe(200);
    expect(r.body.credits_charged).toBe(1);
    expect(tokenHits(hh)).toHaveLength(2);
    expect(gqlHits(hh).map((x) => [gqlCall(x).lsd, x.headers.cookie])).toEqual([
      [T.TEST_LSD, 'datr=testDatr1'],
      [T.TEST_LSD_2, 'datr=testDatr2'],
    ]);
    expect(await hh.balance(id)).toBe(4);
  });

  it('error 1357004 (stale session) in a 200 answer refreshes the token the same way', async () => {
    const routes = [tokenRoute(), graphqlRoute(), pageEventsRoute()];
    routes.push({
      host: FB,
      path: '/api/graphql/',
      method: 'POST',
      response: (req) =>
        gqlCall(req).lsd === T.TEST_LSD
          ? { headers: JSON_CT, body: T.GRAPHQL_BAD_SESSION }
          : (graphqlRoute().response as (r: ReplayRequest) => any)(req),
    });
    const hh = await freshHarness(routes);
    const { key } = await hh.key(5);
    const r = await hh.rest(pagePath(), { key });
    const next = await hh.rest(pagePath(T.PAGE_URL, cursorParam(r.body.cursor)), { key });
    expect(next.status).toBe(200);
    expect(next.body.events.map((e: any) => e.name)).toEqual(['Blues Brunch']);
    expect(gqlHits(hh).map((x) => gqlCall(x).lsd)).toEqual([T.TEST_LSD, T.TEST_LSD_2]);
  });

  it('a fresh token refused too is UPSTREAM_BLOCKED at 0 credits (one retry, no loop)', async () => {
    const hh = await freshHarness([tokenRoute(), graphqlRoute(() => false)]);
    await expectError(hh, searchPath('dogs'), 502, 'UPSTREAM_BLOCKED');
    expect(tokenHits(hh)).toHaveLength(2);
    expect(gqlHits(hh)).toHaveLength(2);
  });

  it('a checkpoint instead of the token page is UPSTREAM_BLOCKED; a page without the token is UPSTREAM_FAILED', async () => {
    const blocked = await freshHarness([{ host: FB, path: '/', response: { headers: HTML, body: T.CHECKPOINT_HTML } }, graphqlRoute()]);
    await expectError(blocked, searchPath('dogs'), 502, 'UPSTREAM_BLOCKED');
    const reshaped = await freshHarness([
      { host: FB, path: '/', response: { headers: HTML, body: '<html><head><title>Facebook</title></head><body></body></html>' } },
      graphqlRoute(),
    ]);
    expect((await expectError(reshaped, searchPath('dogs'), 502, 'UPSTREAM_FAILED')).message).toMatch(/lsd/);
  });
});

// ---------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------

describe('input validation: 400 naming the parameter, 0 credits, nothing fetched', () => {
  const otherCityCursor = Buffer.from(
    JSON.stringify({ k: 'city', city: '108000000000009', owner: '108000000000009', after: 'x' }),
  ).toString('base64url');
  const otherPageCursor = Buffer.from(
    JSON.stringify({ k: 'page', page: 'someoneelse', tab: 'upcoming', owner: 'o', after: 'x', total: 1 }),
  ).toString('base64url');
  const cases: [string, string, string][] = [
    ['events: missing url', '/v1/social-a/events', 'url'],
    ['events: not facebook.com', cityPath('https://www.instagram.com/events/explore/us-x/108000000000001/'), 'url'],
    ['events: an event URL, not a city', cityPath('https://www.facebook.com/events/602005831971873/'), 'url'],
    ['events: a page URL', cityPath(T.PAGE_URL), 'url'],
    ['events: IP literal', cityPath('http://127.0.0.1/events/explore/us-x/108000000000001/'), 'url'],
    ['events: garbage cursor', cityPath(T.CITY_URL, '&cursor=not-a-cursor!'), 'cursor'],
    ['events: cursor of another city', cityPath(T.CITY_URL, cursorParam(otherCityCursor)), 'cursor'],
    ['events: bad cache_max_age', cityPath(T.CITY_URL, '&cache_max_age=2d'), 'cache_max_age'],
    ['profile/events: missing url', '/v1/social-a/profile/events', 'url'],
    ['profile/events: a city URL', pagePath(T.CITY_URL), 'url'],
    ['profile/events: a post URL', pagePath('https://www.facebook.com/harbourhalltest/posts/12345'), 'url'],
    ['profile/events: a group', pagePath('https://www.facebook.com/groups/409785992417637/events'), 'url'],
    ['profile/events: not facebook.com', pagePath('https://example.com/harbourhalltest'), 'url'],
    ['profile/events: cursor of another page', pagePath(T.PAGE_URL, cursorParam(otherPageCursor)), 'cursor'],
    ['events/search: missing query', '/v1/social-a/events/search', 'query'],
    ['events/search: blank query', searchPath('   '), 'query'],
    ['events/search: over-long query', searchPath('q'.repeat(600)), 'query'],
    ['events/search: garbage cursor', searchPath('dogs', '&cursor=%%%'), 'cursor'],
  ];
  it.each(cases)('%s', async (_n, path, param) => {
    const { key, id } = await h.key(5);
    const r = await h.rest(path, { key });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details.map((d: { param: string }) => d.param)).toContain(param);
    expect(await h.balance(id)).toBe(5);
    expect(fbHits(h)).toHaveLength(0);
  });

  it('GraphQL names the arguments the same way, at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const r = await h.gql(
      '{ socialAProfileEvents(url: "https://www.facebook.com/groups/1/events") { totalCount } socialAEventSearch(query: "x", cursor: "nope") { cursor } }',
      { key },
    );
    const params = r.body.errors.map((e: any) => [e.path[0], e.extensions.code, e.extensions.details[0].param]);
    expect(params).toEqual([
      ['socialAProfileEvents', 'INVALID_INPUT', 'url'],
      ['socialAEventSearch', 'INVALID_INPUT', 'cursor'],
    ]);
    expect(r.body.extensions.credits.charged).toBe(0);
    expect(await h.balance(id)).toBe(5);
  });
});

// ---------------------------------------------------------------------------------------------
// REST and GraphQL return the same data
// ---------------------------------------------------------------------------------------------

describe('REST and GraphQL return the same data', () => {
  it('city events', async () => {
    const { key } = await h.key(10);
    const rest = await h.rest(cityPath(), { key });
    const gql = await h.gql(
      `query($url: String!) { socialAEvents(url: $url) { json cursor events { id name typename dayTimeSentence startTimestamp isOnline isHappeningNow eventKind eventUrl priceRangeText
        eventPlace { typename contextualName id city } coverPhoto { id uri accessibilityCaption } socialContext { text interestedCount goingCount wentCount } } } }`,
      { key, variables: { url: T.CITY_URL } },
    );
    const d = gql.body.data.socialAEvents;
    expect(d.json).toEqual({ events: rest.body.events, cursor: rest.body.cursor });
    expect(d.cursor).toBe(rest.body.cursor);
    const [a, b] = [d.events[1], rest.body.events[1]];
    expect(a).toEqual({
      id: b.id,
      name: b.name,
      typename: 'Event',
      dayTimeSentence: b.day_time_sentence,
      startTimestamp: b.start_timestamp,
      isOnline: false,
      isHappeningNow: false,
      eventKind: 'PUBLIC_TYPE',
      eventUrl: b.eventUrl,
      priceRangeText: '$15 - $40',
      eventPlace: { typename: 'FreeformPlace', contextualName: b.event_place.contextual_name, id: b.event_place.id, city: null },
      coverPhoto: {
        id: b.cover_photo.photo.id,
        uri: b.cover_photo.photo.image.uri,
        accessibilityCaption: b.cover_photo.photo.accessibility_caption,
      },
      socialContext: { text: '1,204 interested · 88 going', interestedCount: 1204, goingCount: 88, wentCount: null },
    });
  });

  it('page events (the GraphQL cursor pages like the REST one)', async () => {
    const { key } = await h.key(10);
    const rest = await h.rest(pagePath(), { key });
    const q = `query($url: String!, $cursor: String) { socialAProfileEvents(url: $url, cursor: $cursor, cacheMaxAge: "1d") { json cursor hasNextPage totalCount
      events { id url isCanceled eventCreator { id name url } eventPlace { city } } } }`;
    const gql = await h.gql(q, { key, variables: { url: T.PAGE_URL } });
    const d = gql.body.data.socialAProfileEvents;
    expect(d.json).toEqual({ events: rest.body.events, cursor: rest.body.cursor, has_next_page: true, total_count: 22 });
    expect(gql.body.extensions.credits.fields[0].cached).toBe(true);
    expect(d).toMatchObject({ hasNextPage: true, totalCount: 22, cursor: rest.body.cursor });
    expect(d.events[1]).toEqual({
      id: '1596000000000002',
      url: 'https://www.facebook.com/events/1596000000000002/',
      isCanceled: true,
      eventCreator: { id: '100070000000001', name: 'Harbour Hall', url: 'https://www.facebook.com/harbourhalltest' },
      eventPlace: { city: 'Wichita' },
    });
    const next = await h.gql(q, { key, variables: { url: T.PAGE_URL, cursor: d.cursor } });
    expect(next.body.data.socialAProfileEvents).toMatchObject({
      hasNextPage: false,
      cursor: null,
      totalCount: 22,
      events: [{ id: '1596000000000003' }],
    });
  });

  it('event search', async () => {
    const { key } = await h.key(10);
    const rest = await h.rest(searchPath('dogs'), { key });
    const gql = await h.gql(
      '{ socialAEventSearch(query: "dogs") { json cursor events { id type url eventUrl coverPhoto { id uri accessibilityCaption } socialContext { wentCount } } } }',
      { key },
    );
    const d = gql.body.data.socialAEventSearch;
    expect(d.json).toEqual({ events: rest.body.events, cursor: rest.body.cursor });
    const b = rest.body.events[1];
    expect(d.events[1]).toEqual({
      id: b.id,
      type: 'Event',
      url: b.url,
      eventUrl: b.event_url,
      coverPhoto: { id: b.cover_photo.id, uri: b.cover_photo.eventImage.uri, accessibilityCaption: 'May be an image of dog' },
      socialContext: { wentCount: 40 },
    });
  });
});
