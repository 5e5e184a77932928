import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, hasFixtures, hasPeerExample, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { captureWarnings } from '../../parse/index.js';
import { buildSearchUrl, END_BOOKMARK, idFromNodeId, parsePin, parseSearchResponse, type PinboardPin } from './parse.js';
import * as s from './samples.js';
import { wallError } from '../../../test/blocks/wall-answer.js';
import { PINBOARD_PIN_KEYS } from '../../../test/support/record-keys.js';
import { recordKeys } from '../records.js';
import { PinboardBoard, PinboardUser, TrimmedPin } from './schema.js';
import { errorOf } from '../../../test/support/errors.js';

const LABEL = 'pinboard';
const CAPTURE = 'base-search-resource-unauth-2024.json';
const PEER_FILE = join(FIXTURES_DIR, '..', 'reference', 'peer-examples', 'pinboard_search.json');

const BOARD_KEYS = recordKeys(PinboardBoard);
const USER_KEYS = recordKeys(PinboardUser);
const TRIMMED_KEYS = recordKeys(TrimmedPin);

// ---------------------------------------------------------------------------------------------
// The real capture (read in place from ../shared/fixtures/pinboard; facts from its SOURCES.md)
// ---------------------------------------------------------------------------------------------

describe.skipIf(!hasFixtures(LABEL))(`pinboard capture ${CAPTURE} (${skipReason(LABEL)})`, () => {
  const raw = () => JSON.parse(readFixture(LABEL, CAPTURE)) as Record<string, any>;
  const page = () => parseSearchResponse(raw());
  const pins = () => page().pins as PinboardPin[];

  it('the answer as captured: top-level keys, request_identifier, resource.name', () => {
    const body = raw();
    expect(Object.keys(body)).toEqual(['resource_response', 'client_context', 'resource', 'request_identifier']);
    expect(body.request_identifier).toBe('3121779956231575');
    expect(body.resource.name).toBe('BaseSearchResource');
  });

  it('resource_response: status success, http_status 200, endpoint_name v3_search_pins', () => {
    const rr = raw().resource_response;
    expect(rr.status).toBe('success');
    expect(rr.http_status).toBe(200);
    expect(rr.endpoint_name).toBe('v3_search_pins');
  });

  it('25 results, all type pin, all parsed as pins', () => {
    const results = raw().resource_response.data.results as { type: string }[];
    expect(results).toHaveLength(25);
    expect(results.every((r) => r.type === 'pin')).toBe(true);
    expect(pins()).toHaveLength(25);
  });

  it('first pin: id, grid_title, images.orig (1000×1500), pinner, board, link, created_at', () => {
    const p = pins()[0];
    expect(p.id).toBe('1125968647761564');
    expect(p.grid_title).toBe('How to Make a Narcissist Miserable: 12 Things They Hate - Kim Saeed: Narcissistic Abuse Recovery Pro');
    expect(p.images.orig).toEqual({
      url: 'https://i.pinimg.com/originals/25/04/2f/25042f03473dbb11189c28f71c6d15da.jpg',
      width: 1000,
      height: 1500,
    });
    expect(p.pinner?.username).toBe('cindybcindyb');
    expect(p.pinner?.full_name).toBe('Cindy Bacchus');
    expect(p.board?.name).toBe('Juicing');
    expect(p.board?.url).toBe('/cindybcindyb/juicing/');
    expect(p.link).toBe('https://kimsaeed.com/2020/08/12/how-to-make-a-narcissist-miserable-12-things-they-hate/');
    expect(p.created_at).toBe('Sun, 04 Apr 2021 05:43:58 +0000');
  });

  it('second pin (joubertjanet77, Beautiful waterfalls) and last pin (sweetyesterdayz)', () => {
    const all = pins();
    expect(all[1].id).toBe('804244445969719616');
    expect(all[1].pinner?.username).toBe('joubertjanet77');
    expect(all[1].board?.name).toBe('Beautiful waterfalls');
    const last = all[24];
    expect(last.id).toBe('18225573485018800');
    expect(last.grid_title).toBe('15 Minute Spicy Peanut Butter Noodles');
    expect(last.pinner?.username).toBe('sweetyesterdayz');
  });

  it('cursor is resource_response.bookmark: 2028 base64 characters with the documented ends', () => {
    const { cursor } = page();
    expect(cursor).toHaveLength(2028);
    expect(cursor).toMatch(/^Y2JVSG81V2sxcmNHRlpWM1J5/);
    expect(cursor!.endsWith('MTdlMTk2YzM4fE5FV3w=')).toBe(true);
    expect(cursor).toBe(raw().resource_response.bookmark);
    expect(cursor).toBe(raw().resource.options.bookmarks[0]);
  });

  it('every pin has the api.md keys in order; url is the pin page; board/user ids come from node ids', () => {
    for (const p of pins()) {
      expect(Object.keys(p)).toEqual(PINBOARD_PIN_KEYS);
      expect(Object.keys(p.board!)).toEqual(BOARD_KEYS);
      expect(Object.keys(p.pinner!)).toEqual(USER_KEYS);
      expect(Object.values(p)).not.toContain(undefined);
      expect(p.url).toBe(`https://www.pinterest.com/pin/${p.id}/`);
      expect(p.node_id && idFromNodeId(p.node_id, 'pin')).toBe(p.id);
      expect(p.board!.id).toMatch(/^\d+$/);
      expect(p.pinner!.node_id && idFromNodeId(p.pinner!.node_id, 'user')).toBe(p.pinner!.id);
    }
    // The capture's search results carry a summary board: the rest is null, not invented.
    expect(pins()[0].board).toMatchObject({ id: '1126037345956722', pin_count: null, owner: null, type: null });
    // …and no alt texts.
    expect(pins()[0]).toMatchObject({ auto_alt_text: null, seo_alt_text: null, native_creator: null, videos: null, story_pin_data: null });
  });

  it('a video pin passes its videos object through (pin 590182726196621316)', () => {
    const v = pins().find((p) => p.id === '590182726196621316')!;
    expect(v.videos).toEqual(raw().resource_response.data.results[7].videos);
    expect(v.videos).toHaveProperty('video_list');
  });

  it('trim: the reduced pins, same names', () => {
    const trimmed = parseSearchResponse(raw(), { trim: true });
    expect(trimmed.cursor).toBe(page().cursor);
    const first = trimmed.pins[0] as TrimmedPin;
    expect(Object.keys(first)).toEqual(TRIMMED_KEYS);
    expect(first).toEqual({
      id: '1125968647761564',
      url: 'https://www.pinterest.com/pin/1125968647761564/',
      title: 'How to Make a Narcissist Miserable: 12 Things They Hate - Kim Saeed: Narcissistic Abuse Recovery Pro',
      grid_title: 'How to Make a Narcissist Miserable: 12 Things They Hate - Kim Saeed: Narcissistic Abuse Recovery Pro',
      description: ' ',
      link: 'https://kimsaeed.com/2020/08/12/how-to-make-a-narcissist-miserable-12-things-they-hate/',
      domain: 'kimsaeed.com',
      is_promoted: false,
      created_at: 'Sun, 04 Apr 2021 05:43:58 +0000',
      images: { orig: { width: 1000, height: 1500, url: 'https://i.pinimg.com/originals/25/04/2f/25042f03473dbb11189c28f71c6d15da.jpg' } },
      board: { id: '1126037345956722', name: 'Juicing', url: '/cindybcindyb/juicing/' },
      pinner: { id: '1126106065277505', username: 'cindybcindyb', full_name: 'Cindy Bacchus' },
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Project-own cases (always run), on the hand-written bodies of src/platforms/pinboard/samples.ts
// ---------------------------------------------------------------------------------------------

describe('parseSearchResponse', () => {
  it('pins in api.md shape, cursor = the bookmark', () => {
    const page = parseSearchResponse(s.searchBody([s.pinJson('101'), s.pinJson('102')], 'Ym9vaw=='));
    expect(page.cursor).toBe('Ym9vaw==');
    expect(page.pins.map((p) => p.id)).toEqual(['101', '102']);
    const p = page.pins[0] as PinboardPin;
    expect(Object.keys(p)).toEqual(PINBOARD_PIN_KEYS);
    expect(p).toMatchObject({
      node_id: Buffer.from('Pin:101').toString('base64'),
      url: 'https://www.pinterest.com/pin/101/',
      title: 'Pin 101',
      description: 'Quick noodles with chili oil',
      link: 'https://maple-kitchen.example/recipes/101/',
      domain: 'maple-kitchen.example',
      is_promoted: false,
      images: { orig: { width: 1000, height: 1500, url: 'https://i.pinimg.com/originals/12/34/56/101.jpg' } },
      board: { id: '9101', name: 'Weeknight dinners', url: '/maple.kitchen/weeknight-dinners/' },
      pinner: { id: '5550001', username: 'maple.kitchen', follower_count: 120, is_primary_website_verified: null },
    });
  });

  it('a page whose bookmark is the one it was asked with (Pinterest looping) is the last page: cursor null, never its own', () => {
    expect(parseSearchResponse(s.searchBody([s.pinJson('1')], 'Ym9vaw=='), { cursor: 'Ym9vaw==' }).cursor).toBeNull();
    expect(parseSearchResponse(s.searchBody([s.pinJson('1')], 'bmV4dA=='), { cursor: 'Ym9vaw==' }).cursor).toBe('bmV4dA==');
  });

  it(`the last page's bookmark ${END_BOOKMARK} (and a missing one) is cursor null`, () => {
    expect(parseSearchResponse(s.searchBody([s.pinJson('1')], END_BOOKMARK)).cursor).toBeNull();
    expect(parseSearchResponse(s.searchBody([], null)).cursor).toBeNull();
    expect(parseSearchResponse(s.searchBody([], '')).cursor).toBeNull();
  });

  it('a genuine empty result is {pins: [], cursor: null}, not an error', () => {
    expect(parseSearchResponse(s.searchBody([], END_BOOKMARK))).toEqual({ pins: [], cursor: null });
  });

  it('the bookmark falls back to resource.options.bookmarks[0]', () => {
    const body = s.searchBody([s.pinJson('1')], 'Zm9v') as any;
    delete body.resource_response.bookmark;
    expect(parseSearchResponse(body).cursor).toBe('Zm9v');
  });

  it('non-pin results (story / module items) are left out', () => {
    const body = s.searchBody([s.pinJson('1'), { type: 'story', id: 'shop-the-look', objects: [] }, s.pinJson('2')], 'x');
    expect(parseSearchResponse(body).pins.map((p) => p.id)).toEqual(['1', '2']);
  });

  it('a full board and a native creator are kept with their fields; extra upstream fields are dropped', () => {
    const p = parsePin(
      s.pinJson('7', {
        board: s.fullBoardJson('42'),
        native_creator: s.userJson('77', 'creator.one'),
        seo_alt_text: 'a bowl of noodles',
        auto_alt_text: 'noodles',
      }),
    );
    expect(p.board).toEqual({
      ...s.fullBoardJson('42'),
      collaborating_users: [{ ...s.userJson('5550002', 'oak.table'), is_primary_website_verified: null }],
      owner: { ...s.userJson('5550001', 'maple.kitchen'), is_primary_website_verified: null },
    });
    expect(Object.keys(p.board!)).toEqual(BOARD_KEYS);
    expect(p.native_creator).toMatchObject({ id: '77', username: 'creator.one' });
    expect(p).toMatchObject({ seo_alt_text: 'a bowl of noodles', auto_alt_text: 'noodles' });
    expect(p).not.toHaveProperty('dominant_color');
    expect(p).not.toHaveProperty('tracking_params');
  });

  it('numeric ids are kept as strings; a pin without id or node_id → UPSTREAM_FAILED', () => {
    expect(parsePin(s.pinJson('1', { id: 123456789 })).id).toBe('123456789');
    expect(parsePin(s.pinJson('555', { id: undefined })).id).toBe('555'); // from node_id
    const e = errorOf(() => parseSearchResponse(s.searchBody([s.pinJson('1', { id: undefined, node_id: undefined })], 'x')));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/pin id/);
  });

  it('a pin without id or node_id among others is left out (warned); the other pins stay', () => {
    const body = s.searchBody([s.pinJson('1', { id: undefined, node_id: undefined }), s.pinJson('2')], 'x');
    const { result, warnings } = captureWarnings(() => parseSearchResponse(body));
    expect(result.pins.map((p) => p.id)).toEqual(['2']);
    expect(warnings).toContainEqual({ platform: 'pinboard', field: 'search.results', detail: expect.stringMatching(/result 1: .*pin id/) });
  });

  it('trim: reduced pins with the same names, in the documented order', () => {
    const page = parseSearchResponse(s.searchBody([s.pinJson('9')], 'c'), { trim: true });
    expect(page.pins[0]).toEqual({
      id: '9',
      url: 'https://www.pinterest.com/pin/9/',
      title: 'Pin 9',
      grid_title: 'Chili oil noodles 9',
      description: 'Quick noodles with chili oil',
      link: 'https://maple-kitchen.example/recipes/9/',
      domain: 'maple-kitchen.example',
      is_promoted: false,
      created_at: 'Mon, 05 Feb 2024 10:11:12 +0000',
      images: { orig: { width: 1000, height: 1500, url: 'https://i.pinimg.com/originals/12/34/56/9.jpg' } },
      board: { id: '99', name: 'Weeknight dinners', url: '/maple.kitchen/weeknight-dinners/' },
      pinner: { id: '5550001', username: 'maple.kitchen', full_name: 'Maple.kitchen Test' },
    });
  });

  it('missing resource_response or results → UPSTREAM_FAILED naming what is missing', () => {
    expect(errorOf(() => parseSearchResponse({})).message).toMatch(/missing resource_response/);
    expect(errorOf(() => parseSearchResponse({ resource_response: { status: 'success', data: {} } })).message).toMatch(
      /resource_response\.data\.results/,
    );
    expect(errorOf(() => parseSearchResponse('<html>')).code).toBe('UPSTREAM_FAILED');
  });

  it.each<[number, string | null, string, RegExp]>([
    [401, null, 'UPSTREAM_BLOCKED', /login wall/],
    [403, null, 'UPSTREAM_BLOCKED', /HTTP 403/],
    [429, null, 'UPSTREAM_BLOCKED', /HTTP 429/],
    [400, 'Y3Vyc29y', 'INVALID_INPUT', /cursor/],
    [400, null, 'UPSTREAM_FAILED', /Invalid parameters/],
    [500, null, 'UPSTREAM_FAILED', /500/],
  ])('a failure answer with http_status %d (cursor %s) → %s', (status, cursor, code, message) => {
    const body = s.failureBody(status, status === 400 ? 'Invalid parameters.' : 'Something went wrong.');
    // 401, 403 and 429 are walls (walls.ts), answered by the upstream client before the parser.
    const e =
      wallError('pinboard', JSON.stringify(body), { status, url: buildSearchUrl('mugs', cursor) }) ??
      errorOf(() => parseSearchResponse(body, { cursor }));
    expect(e.code).toBe(code);
    expect(e.message).toMatch(message);
    if (code === 'INVALID_INPUT') expect(e.details).toEqual([{ param: 'cursor', message: expect.any(String) }]);
  });
});

describe('idFromNodeId', () => {
  it.each<[string, 'pin' | 'board' | 'user', string | null]>([
    ['Qm9hcmQ6MzcyOTY4MDg4MDQyNzg2OA==', 'board', '3729680880427868'], // the peer example's board
    ['VXNlcjozNzI5NzQ5NTk5ODUyNTc1', 'user', '3729749599852575'],
    ['UGluOjM3Mjk2MTIyNTY2MDUxNDQ=', 'pin', '3729612256605144'],
    ['UGluOjM3Mjk2MTIyNTY2MDUxNDQ=', 'board', null], // a pin id is not a board id
    ['not base64 at all', 'pin', null],
  ])('%s (%s) → %s', (nodeId, kind, want) => {
    expect(idFromNodeId(nodeId, kind)).toBe(want);
  });
});

describe('buildSearchUrl', () => {
  it('first page: source_url and data as platforms.md, no bookmarks', () => {
    const u = new URL(buildSearchUrl('chili oil & noodles', null));
    expect(`${u.origin}${u.pathname}`).toBe('https://www.pinterest.com/resource/BaseSearchResource/get/');
    expect(u.searchParams.get('source_url')).toBe('/search/pins/?q=chili%20oil%20%26%20noodles');
    expect(JSON.parse(u.searchParams.get('data')!)).toEqual({ options: { query: 'chili oil & noodles', scope: 'pins' }, context: {} });
  });

  it('a next page sends the cursor unchanged as bookmarks[0]', () => {
    const cursor = s.cursorFor(2, 'x');
    const u = new URL(buildSearchUrl('x', cursor));
    expect(JSON.parse(u.searchParams.get('data')!).options).toEqual({ query: 'x', scope: 'pins', bookmarks: [cursor] });
  });
});

describe('walls (walls.ts)', () => {
  const SEARCH = 'https://www.pinterest.com/resource/BaseSearchResource/get/';
  it('the login page (by the URL a redirect ends on, or its login form) is a login wall; a challenge is a block; other HTML is neither', () => {
    expect(wallError('pinboard', '<html></html>', { url: 'https://www.pinterest.com/login/?next=%2Fsearch%2F' })?.message).toMatch(
      /login wall/,
    );
    expect(wallError('pinboard', s.LOGIN_HTML, { url: SEARCH })?.message).toMatch(/login wall/);
    expect(wallError('pinboard', s.CHALLENGE_HTML, { url: SEARCH, status: 403 })?.message).toMatch(/challenge page/);
    expect(wallError('pinboard', '<html><body>Maintenance</body></html>', { url: SEARCH })).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Peer example: key set and value types (api.md wins on names; this is a second opinion)
// ---------------------------------------------------------------------------------------------

describe.skipIf(!hasPeerExample(PEER_FILE))(
  `peer example (skipped when ${PEER_FILE} is absent: fresh clone without the shared reference)`,
  () => {
    const peer = () => JSON.parse(readFileSync(PEER_FILE, 'utf8')).sampleResponse as { pins: Record<string, any>[]; cursor: string };

    it('the peer pin, parsed, comes back unchanged (same keys and values, board/pinner included)', () => {
      const pin = peer().pins[0];
      const mine = parsePin(pin);
      expect(Object.keys(mine).sort()).toEqual(Object.keys(pin).sort());
      expect(mine).toEqual(pin);
    });

    it('the peer response keys are ours: pins and cursor beside the envelope', () => {
      const keys = Object.keys(peer()).filter((k) => !['success', 'credits_remaining', 'credits_charged'].includes(k));
      expect(keys.sort()).toEqual(Object.keys(parseSearchResponse(s.searchBody([], 'x'))).sort());
      expect(typeof peer().cursor).toBe('string');
    });

    it.skipIf(!hasFixtures(LABEL))('a capture pin has the peer key set and value types (where both are non-null)', () => {
      const want = peer().pins[0];
      const got = (parseSearchResponse(JSON.parse(readFixture(LABEL, CAPTURE))).pins as PinboardPin[])[0] as unknown as Record<string, any>;
      const sameTypes = (a: Record<string, any>, b: Record<string, any>) => {
        expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
        for (const k of Object.keys(b)) if (a[k] !== null && b[k] !== null) expect([k, typeof a[k]]).toEqual([k, typeof b[k]]);
      };
      sameTypes(got, want);
      sameTypes(got.pinner, want.pinner);
      sameTypes(got.board, want.board);
      sameTypes(got.images.orig, want.images.orig);
    });
  },
);

describe.skipIf(!hasFixtures(LABEL))(`parse warnings (pinboard, ${skipReason(LABEL)})`, () => {
  const capture = () => JSON.parse(readFixture(LABEL, CAPTURE));

  it('the real 2024 search answer reads without a warning', () => {
    expect(captureWarnings(() => parseSearchResponse(capture())).warnings).toEqual([]);
  });

  it('a pin without created_at: null plus pin.created_at; a description given as null: no warning', () => {
    const body = capture();
    const first = body.resource_response.data.results.find((r: { type?: string }) => r.type === 'pin');
    delete first.created_at;
    first.description = null;
    const { result, warnings } = captureWarnings(() => parseSearchResponse(body));
    expect(result.pins[0]).toMatchObject({ created_at: null, description: null });
    expect(warnings.map((w) => [w.platform, w.field])).toEqual([['pinboard', 'pin.created_at']]);
  });
});
