/**
 * pinboard (Pinterest) `GET /v1/pinboard/pin` and `GET /v1/pinboard/board` end to end: gateway +
 * replay upstream over real HTTP. PinResource, BoardResource and BoardFeedResource answers are our
 * own (src/platforms/pinboard/samples.ts, in the search capture's envelope; invented names and ids).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeBoardCursor } from '../../src/platforms/pinboard/board.js';
import { END_BOOKMARK } from '../../src/platforms/pinboard/parse.js';
import * as s from '../../src/platforms/pinboard/samples.js';
import type { ReplayRequest, Route } from '../../src/replay/server.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { withoutEnvelope } from '../support/envelope.js';

const HOST = 'www.pinterest.com';
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
const HTML = { 'content-type': 'text/html' };
const ok = (body: unknown) => ({ headers: JSON_HEADERS, body: JSON.stringify(body) });
const failure = (status: number, message: string) => ({
  status,
  headers: JSON_HEADERS,
  body: JSON.stringify(s.failureBody(status, message)),
});
const optionsOf = (req: ReplayRequest) => (JSON.parse(req.query.get('data') ?? '{}') as { options: Record<string, any> }).options;

const OWNER = s.userJson('900000000000000001', 'inkpots');
const BOARD = s.detailedBoardJson('900000000000009001', OWNER, 'glazes');
const pinOf = (id: string) => s.detailedPinJson(id, BOARD, { pinner: OWNER });
const BOOKMARK_2 = 'Y2JVSG81V2sxcmNHRlp8cGFnZTI=';

/** Pins by id: 7001 is there; 7404 Pinterest's 404; 7403 a challenge page; 7429 rate limited. */
const pinRoute: Route = {
  host: HOST,
  path: '/resource/PinResource/get/',
  response: (req) => {
    const id = String(optionsOf(req).id);
    if (id === '7404') return failure(404, 'Pin not found.');
    if (id === '7403') return { status: 403, headers: HTML, body: s.CHALLENGE_HTML };
    if (id === '7429') return { status: 429, headers: { 'content-type': 'text/plain' }, body: 'Too Many Requests' };
    if (id === '7666') return ok(s.resourceBody('PinResource', 'v3_get_pin', pinOf('7667'), { id }));
    return ok(s.resourceBody('PinResource', 'v3_get_pin', pinOf(id), { id, field_set_key: 'detailed' }));
  },
};

/** inkpots/glazes: two pages of pins; inkpots/broken: its feed answers 500; anything else 404. */
const boardRoutes: Route[] = [
  {
    host: HOST,
    path: '/resource/BoardResource/get/',
    response: (req) => {
      const o = optionsOf(req);
      if (o.username !== 'inkpots' || !['glazes', 'broken'].includes(o.slug)) return failure(404, 'Board not found.');
      const board = o.slug === 'glazes' ? BOARD : s.detailedBoardJson('900000000000009002', OWNER, 'broken');
      return ok(s.resourceBody('BoardResource', 'v3_get_board', board, o));
    },
  },
  {
    host: HOST,
    path: '/resource/BoardFeedResource/get/',
    response: (req) => {
      const o = optionsOf(req);
      if (o.board_id !== BOARD.id) return failure(500, 'Something went wrong.');
      const second = o.bookmarks?.[0] === BOOKMARK_2;
      const pins = (second ? ['7003'] : ['7001', '7002']).map((id) => s.boardPinJson(id, BOARD));
      return ok(s.resourceBody('BoardFeedResource', 'v3_get_board_pins', pins, o, second ? END_BOOKMARK : BOOKMARK_2));
    },
  },
];

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  h.replay.add(pinRoute);
  for (const r of boardRoutes) h.replay.add(r);
});

const pinPath = (q: Record<string, string>) => `/v1/pinboard/pin?${new URLSearchParams(q)}`;
const boardPath = (q: Record<string, string>) => `/v1/pinboard/board?${new URLSearchParams(q)}`;
const hits = (path?: string) => h.replay.hits({ host: HOST }).filter((r) => !path || r.path.includes(path));

describe('pinboard pin', () => {
  it('charges 1 for {pin}; a cache hit by another spelling (country host, id) costs 0 and fetches nothing', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(pinPath({ url: 'https://www.pinterest.com/pin/7001/' }), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      credits_charged: 1,
      pin: {
        id: '7001',
        url: 'https://www.pinterest.com/pin/7001/',
        repin_count: 14,
        aggregated_pin_data: { aggregated_stats: { saves: 311 } },
        pinner: { username: 'inkpots' },
        board: { id: BOARD.id, url: '/inkpots/glazes/', privacy: 'public' },
      },
    });
    const hit = await h.rest(pinPath({ url: 'https://de.pinterest.com/pin/7001', cache_max_age: '1d' }), { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true, pin: { id: '7001' } });
    const byId = await h.rest(pinPath({ id: '7001', cache_max_age: '1d' }), { key });
    expect(byId.body).toMatchObject({ credits_charged: 0, cached: true });
    expect(hits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(4);
  });

  it('typed errors at 0 credits: 404 → NOT_FOUND; challenge page and 429 → UPSTREAM_BLOCKED; another pin → UPSTREAM_FAILED', async () => {
    const { key, id } = await h.key(5);
    const expectations: [string, number, string][] = [
      ['7404', 404, 'NOT_FOUND'],
      ['7403', 502, 'UPSTREAM_BLOCKED'],
      ['7429', 502, 'UPSTREAM_BLOCKED'],
      ['7666', 502, 'UPSTREAM_FAILED'],
    ];
    for (const [pin, status, code] of expectations) {
      const r = await h.rest(pinPath({ id: pin }), { key });
      expect([pin, r.status, r.body.error?.code]).toEqual([pin, status, code]);
    }
    expect(await h.balance(id)).toBe(5);
  });

  it('400 INVALID_INPUT at 0 credits, nothing fetched: pin.it links, both url and id, neither, a board URL', async () => {
    const { key, id } = await h.key(5);
    const cases: [Record<string, string>, string][] = [
      [{ url: 'https://pin.it/4bX9kLm' }, 'url'],
      [{ url: 'https://www.pinterest.com/pin/7001/', id: '7001' }, 'id'],
      [{}, 'url'],
      [{ url: 'https://www.pinterest.com/inkpots/glazes/' }, 'url'],
    ];
    for (const [q, param] of cases) {
      const r = await h.rest(pinPath(q), { key });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('INVALID_INPUT');
      expect(r.body.error.details.map((d: { param: string }) => d.param)).toEqual([param]);
    }
    expect(hits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(5);
  });

  it('GraphQL pinboardPin: typed fields, json equal to the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(pinPath({ id: '7001' }), { key });
    const gql = await h.gql(
      `{ pinboardPin(id: "7001", cacheMaxAge: "1d") {
          pin { id title repinCount aggregatedPinData { aggregatedStats { saves done } } images pinner { username } board { id privacy owner { username } } }
          json } }`,
      { key },
    );
    expect(gql.body.errors).toBeUndefined();
    const p = gql.body.data.pinboardPin;
    expect(p.json).toEqual(withoutEnvelope(rest.body));
    expect(p.pin).toMatchObject({
      id: '7001',
      repinCount: 14,
      aggregatedPinData: { aggregatedStats: { saves: 311, done: 4 } },
      images: { orig: expect.objectContaining({ width: 1000 }) },
      pinner: { username: 'inkpots' },
      board: { privacy: 'public', owner: { username: 'inkpots' } },
    });
  });
});

describe('pinboard board', () => {
  it('charges 1 for the board and its first page; pages on with our cursor to null; URL spellings share the cache entry', async () => {
    const { key, id } = await h.key(5);
    const first = await h.rest(boardPath({ url: 'https://www.pinterest.com/inkpots/glazes/' }), { key });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      credits_charged: 1,
      board: {
        id: BOARD.id,
        name: 'Glazes',
        description: expect.any(String),
        privacy: 'public',
        follower_count: 87,
        owner: { username: 'inkpots' },
      },
    });
    expect(first.body.pins.map((p: { id: string }) => p.id)).toEqual(['7001', '7002']);
    expect(decodeBoardCursor(first.body.cursor, { username: 'inkpots', slug: 'glazes' })).toBe(BOOKMARK_2);
    const feedOptions = optionsOf(hits('/BoardFeedResource/')[0]);
    expect(feedOptions).toEqual({ board_id: BOARD.id, board_url: '/inkpots/glazes/', page_size: 25 });

    const second = await h.rest(boardPath({ url: 'https://www.pinterest.com/inkpots/glazes/', cursor: first.body.cursor }), { key });
    expect(second.body).toMatchObject({ credits_charged: 1, cursor: null });
    expect(second.body.pins.map((p: { id: string }) => p.id)).toEqual(['7003']);
    expect(optionsOf(hits('/BoardFeedResource/')[1]).bookmarks).toEqual([BOOKMARK_2]);

    const hit = await h.rest(boardPath({ url: 'de.pinterest.com/InkPots/Glazes', cache_max_age: '1d' }), { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true, board: { id: BOARD.id } });
    expect(hits()).toHaveLength(4);
    expect(await h.balance(id)).toBe(3);
  });

  it('the feed failing: 200 with the board, pins and cursor null, charged once; not cached (a later cache_max_age call reads again)', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(boardPath({ url: 'https://www.pinterest.com/inkpots/broken/' }), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ credits_charged: 1, board: { url: '/inkpots/broken/' }, pins: null, cursor: null });
    const again = await h.rest(boardPath({ url: 'https://www.pinterest.com/inkpots/broken/', cache_max_age: '1d' }), { key });
    expect(again.body).toMatchObject({ credits_charged: 1, pins: null });
    expect(again.body.cached).not.toBe(true);
    expect(hits('/BoardResource/')).toHaveLength(2);
    expect(await h.balance(id)).toBe(3);
  });

  it('typed errors at 0 credits: a board nobody has → 404; a challenge page → 502 UPSTREAM_BLOCKED; a cursor of another board → 400', async () => {
    const { key, id } = await h.key(5);
    const gone = await h.rest(boardPath({ url: 'https://www.pinterest.com/inkpots/nothing-here/' }), { key });
    expect([gone.status, gone.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const first = await h.rest(boardPath({ url: 'https://www.pinterest.com/inkpots/glazes/' }), { key });
    const crossed = await h.rest(boardPath({ url: 'https://www.pinterest.com/inkpots/broken/', cursor: first.body.cursor }), { key });
    expect([crossed.status, crossed.body.error.code, crossed.body.error.details[0].param]).toEqual([400, 'INVALID_INPUT', 'cursor']);
    const notBoard = await h.rest(boardPath({ url: 'https://www.pinterest.com/inkpots/' }), { key });
    expect([notBoard.status, notBoard.body.error.details[0].param]).toEqual([400, 'url']);
    h.replay.add({ host: HOST, path: '/resource/BoardResource/get/', response: { status: 403, headers: HTML, body: s.CHALLENGE_HTML } });
    const walled = await h.rest(boardPath({ url: 'https://www.pinterest.com/inkpots/other-board/' }), { key });
    expect([walled.status, walled.body.error.code]).toEqual([502, 'UPSTREAM_BLOCKED']);
    expect(await h.balance(id)).toBe(4);
  });

  it('GraphQL pinboardBoard: typed fields, json equal to the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(boardPath({ url: 'https://www.pinterest.com/inkpots/glazes/' }), { key });
    const gql = await h.gql(
      `{ pinboardBoard(url: "https://www.pinterest.com/inkpots/glazes/", cacheMaxAge: "1d") {
          board { id name privacy followerCount createdAt owner { username } }
          pins { id board { id } } cursor json } }`,
      { key },
    );
    expect(gql.body.errors).toBeUndefined();
    const b = gql.body.data.pinboardBoard;
    expect(b.json).toEqual(withoutEnvelope(rest.body));
    expect(b.board).toMatchObject({ id: BOARD.id, privacy: 'public', followerCount: 87, owner: { username: 'inkpots' } });
    expect(b.pins).toEqual([
      { id: '7001', board: { id: BOARD.id } },
      { id: '7002', board: { id: BOARD.id } },
    ]);
    expect(b.cursor).toBe(rest.body.cursor);
  });
});
