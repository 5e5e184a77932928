/**
 * `pinboardPin` (pin.ts). No capture of a PinResource answer exists in ../shared/fixtures/pinboard:
 * the real pins of the search capture (read in place, never copied; facts from its SOURCES.md)
 * are used as the PinResource answer's `data` — a search pin is the pin object Pinterest sends,
 * with fewer members than the detailed field set. The other answers are our own (samples.ts).
 */
import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../test/support/errors.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { captureWarnings } from '../../parse/index.js';
import { validateArgs } from '../operation.js';
import { resourceUrl } from './fetch.js';
import { parsePinDetail, parsePinResponse, pin, pinIdOf, pinResourceRequest } from './pin.js';
import * as s from './samples.js';
import { PinboardPinRecord } from './schema.js';

const LABEL = 'pinboard';
const CAPTURE = 'base-search-resource-unauth-2024.json';
const pinAnswer = (data: unknown) => s.resourceBody('PinResource', 'v3_get_pin', data, { field_set_key: 'detailed' });
const json = (body: unknown, status = 200) => ({ status, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const warned = (ws: { platform: string; field: string }[]) => ws.map((w) => `${w.platform}:${w.field}`);

describe.skipIf(!hasFixtures(LABEL))(
  `pinboardPin on the capture's real pins as PinResource data, ${CAPTURE} (${skipReason(LABEL)})`,
  () => {
    const results = () => (JSON.parse(readFixture(LABEL, CAPTURE)) as any).resource_response.data.results as Record<string, unknown>[];

    it('the first pin: id, grid_title, images.orig 1000×1500, pinner, board (id from its node id), link, created_at; no warning; schema holds', () => {
      const { result, warnings } = captureWarnings(() => parsePinResponse(pinAnswer(results()[0]), '1125968647761564'));
      expect(warnings).toEqual([]);
      const p = result.pin;
      expect(p).toMatchObject({
        id: '1125968647761564',
        url: 'https://www.pinterest.com/pin/1125968647761564/',
        grid_title: 'How to Make a Narcissist Miserable: 12 Things They Hate - Kim Saeed: Narcissistic Abuse Recovery Pro',
        link: 'https://kimsaeed.com/2020/08/12/how-to-make-a-narcissist-miserable-12-things-they-hate/',
        domain: 'kimsaeed.com',
        created_at: 'Sun, 04 Apr 2021 05:43:58 +0000',
        pinner: { username: 'cindybcindyb', full_name: 'Cindy Bacchus' },
        board: { id: '1126037345956722', name: 'Juicing', url: '/cindybcindyb/juicing/', privacy: null, description: null },
        // The capture's reactions as sent; its aggregated_pin_data has no aggregated_stats.
        reaction_counts: { '1': 626, '5': 16, '7': 14, '11': 2, '13': 6 },
        aggregated_pin_data: { aggregated_stats: null },
        // Not in the search field set: null, not invented.
        repin_count: null,
        comment_count: null,
        closeup_unified_description: null,
      });
      expect(p.images?.orig).toEqual({
        width: 1000,
        height: 1500,
        url: 'https://i.pinimg.com/originals/25/04/2f/25042f03473dbb11189c28f71c6d15da.jpg',
      });
      expect(Object.keys(p.images ?? {})).toEqual(['170x', '236x', '474x', '736x', 'orig']);
      expect(PinboardPinRecord.safeParse(result).success).toBe(true);
    });

    it('the second and last pins: their ids and pinners', () => {
      const all = results();
      expect(parsePinResponse(pinAnswer(all[1]), '804244445969719616').pin).toMatchObject({
        pinner: { username: 'joubertjanet77' },
        board: { name: 'Beautiful waterfalls' },
      });
      expect(parsePinResponse(pinAnswer(all.at(-1)), '18225573485018800').pin).toMatchObject({
        grid_title: '15 Minute Spicy Peanut Butter Noodles',
        pinner: { username: 'sweetyesterdayz' },
      });
    });

    it('the real first pin asked as another id is another resource: UPSTREAM_FAILED, never data', () => {
      expect(errorOf(() => parsePinResponse(pinAnswer(results()[0]), '804244445969719616')).code).toBe('UPSTREAM_FAILED');
    });
  },
);

describe('pinboardPin parse (our own answers)', () => {
  const board = s.detailedBoardJson('7001001', s.userJson('5550001', 'maple_kitchen'), 'weeknight-dinners');
  const detailed = s.detailedPinJson('7001', board);

  it('the detailed pin: counts, aggregated stats, closeup description, full board; no warning', () => {
    const { result, warnings } = captureWarnings(() => parsePinResponse(pinAnswer(detailed), '7001'));
    expect(warnings).toEqual([]);
    expect(result.pin).toMatchObject({
      repin_count: 14,
      comment_count: 3,
      is_video: false,
      aggregated_pin_data: { aggregated_stats: { saves: 311, done: 4 } },
      closeup_unified_description: expect.stringContaining('chili oil'),
      board: { id: '7001001', privacy: 'public', follower_count: 87, owner: { username: 'maple_kitchen' } },
      rich_summary: { site_name: 'Maple Kitchen' },
    });
  });

  it('missing fields degrade one at a time: null, warned where every pin has them; optional ones silently', () => {
    const { title: _t, images: _i, pinner: _p, repin_count: _r, board: _b, ...rest } = detailed;
    const { result, warnings } = captureWarnings(() => parsePinDetail(rest));
    expect(result).toMatchObject({ id: '7001', title: null, images: null, pinner: null, repin_count: null, board: null });
    expect(result.description).toBe('Quick noodles with chili oil');
    expect(warned(warnings).sort()).toEqual(['pinboard:pin.images', 'pinboard:pin.pinner', 'pinboard:pin.title']);
  });

  it('a value of another type is null plus a warning; a reaction that is not a count is left out', () => {
    const { result, warnings } = captureWarnings(() =>
      parsePinDetail({
        ...detailed,
        repin_count: 'many',
        reaction_counts: { '1': 5, '2': 'x' },
        images: { orig: 3, '236x': { width: 1, height: 2, url: 'u' } },
      }),
    );
    expect(result).toMatchObject({ repin_count: null, reaction_counts: { '1': 5 }, images: { '236x': { url: 'u' } } });
    expect(warned(warnings).sort()).toEqual(['pinboard:pin.images', 'pinboard:pin.reaction_counts', 'pinboard:pin.repin_count']);
  });

  it('the id from the node id when id is absent; neither → UPSTREAM_FAILED', () => {
    const { id: _id, ...noId } = detailed;
    expect(parsePinDetail(noId).id).toBe('7001');
    const { node_id: _n, ...none } = noId;
    expect(errorOf(() => parsePinDetail(none)).code).toBe('UPSTREAM_FAILED');
  });

  it('typed errors: a 404 failure → NOT_FOUND; a 500 failure or data that is no object → UPSTREAM_FAILED; another pin → UPSTREAM_FAILED', () => {
    expect(errorOf(() => parsePinResponse(s.failureBody(404, 'Pin not found.'), '7001')).code).toBe('NOT_FOUND');
    expect(errorOf(() => parsePinResponse(s.failureBody(500, 'Oops'), '7001')).code).toBe('UPSTREAM_FAILED');
    expect(errorOf(() => parsePinResponse(pinAnswer(null), '7001')).code).toBe('UPSTREAM_FAILED');
    expect(errorOf(() => parsePinResponse(pinAnswer(s.detailedPinJson('7002', board)), '7001')).message).toMatch(/different resource/);
  });
});

describe('pinboardPin input and request', () => {
  it('pin URLs on any Pinterest host, the title--id form and bare ids name the pin; pin.it and other pages are refused', () => {
    const id = '1125968647761564';
    for (const url of [
      `https://www.pinterest.com/pin/${id}/`,
      `https://de.pinterest.com/pin/${id}`,
      `pinterest.co.uk/pin/${id}/`,
      `https://www.pinterest.com.au/pin/juicing-ideas--${id}/`,
      `http://pinterest.com/pin/${id}/?utm_source=x`,
    ])
      expect(pinIdOf({ url }), url).toEqual({ id });
    expect(pinIdOf({ id: ` ${id} ` })).toEqual({ id });
    expect(pinIdOf({ url: 'https://pin.it/4bX9kLm' })).toEqual({ error: expect.stringMatching(/pin\.it short link/) });
    for (const url of [
      'https://www.pinterest.com/cindybcindyb/juicing/',
      'https://example.com/pin/123/',
      'https://www.pinterest.com/pin/abc/',
    ])
      expect(pinIdOf({ url }), url).toHaveProperty('error');
    expect(pinIdOf({ id: '12ab' })).toHaveProperty('error');
  });

  // Pinterest's token ids, in the shape its users report (pinterest/widgets #90, pinterest-dl #61):
  // base64url text starting with `A`, for pins with no numeric URL. Ours is invented.
  it('a token pin id (no numeric URL: promoted pins, board and search items) names the pin, as URL or id', async () => {
    const token = 'AQx7Pq2LmZ0aB9c-Rt5uVw_Kd3eFgHiJ1kLmNo';
    for (const url of [`https://www.pinterest.com/pin/${token}/`, `https://fr.pinterest.com/pin/${token}`])
      expect(pinIdOf({ url }), url).toEqual({ id: token });
    expect(pinIdOf({ id: token })).toEqual({ id: token });
    expect(validateArgs(pin, { url: `https://www.pinterest.com/pin/${token}/` })).toMatchObject({
      ok: true,
      cacheKey: `pinboardPin:${token}`,
    });
    // The record a search or board item of that pin carries is taken back as input.
    const board = s.detailedBoardJson('7001001', s.userJson('5550001', 'maple_kitchen'), 'weeknight-dinners');
    const found = parsePinDetail({ ...s.detailedPinJson('1', board), id: token, node_id: undefined });
    expect(found.url).toBe(`https://www.pinterest.com/pin/${token}/`);
    expect(pinIdOf({ url: found.url })).toEqual({ id: token });
    const ctx = fakeContext(() => json(pinAnswer({ ...s.detailedPinJson('1', board), id: token, node_id: undefined })));
    expect((await pin.run(ctx, { id: token })).pin.id).toBe(token);
    expect(JSON.parse(new URL(ctx.requests[0].url).searchParams.get('data')!).options.id).toBe(token);
    // Still refused: short or lower-case words are no token.
    for (const id of ['Abc', 'some-long-title-words-here']) expect(pinIdOf({ id }), id).toHaveProperty('error');
  });

  it('exactly one of url and id; a bad one is 400 naming it; spellings share one cache key', () => {
    const problems = (args: Record<string, unknown>) => {
      const r = validateArgs(pin, args);
      return r.ok ? [] : r.problems.map((p) => p.param);
    };
    expect(problems({})).toEqual(['url']);
    expect(problems({ url: 'https://www.pinterest.com/pin/1/', id: '1' })).toEqual(['id']);
    expect(problems({ url: 'https://pin.it/4bX9kLm' })).toEqual(['url']);
    expect(problems({ id: 'x1' })).toEqual(['id']);
    expect(validateArgs(pin, { url: 'https://de.pinterest.com/pin/123/' })).toMatchObject({ ok: true, cacheKey: 'pinboardPin:123' });
    expect(validateArgs(pin, { id: '123' })).toMatchObject({ ok: true, cacheKey: 'pinboardPin:123' });
  });

  it('one PinResource GET: source_url /pin/<id>/, options {id, field_set_key: detailed}, the web client headers', async () => {
    const board = s.detailedBoardJson('7001001', s.userJson('5550001', 'maple_kitchen'), 'weeknight-dinners');
    const ctx = fakeContext(() => json(pinAnswer(s.detailedPinJson('7001', board))));
    expect((await pin.run(ctx, { id: '7001' })).pin.id).toBe('7001');
    expect(ctx.requests).toHaveLength(1);
    const u = new URL(ctx.requests[0].url);
    expect([u.origin + u.pathname, u.searchParams.get('source_url'), JSON.parse(u.searchParams.get('data')!)]).toEqual([
      'https://www.pinterest.com/resource/PinResource/get/',
      '/pin/7001/',
      { options: { id: '7001', field_set_key: 'detailed' }, context: {} },
    ]);
    const r = pinResourceRequest('7001');
    expect(ctx.requests[0].url).toBe(resourceUrl(r.name, r.sourceUrl, r.options));
    expect(ctx.requests[0].headers).toMatchObject({ 'x-requested-with': 'XMLHttpRequest', 'x-pinterest-source-url': '/pin/7001/' });
  });

  it('the login page → UPSTREAM_BLOCKED; an HTML 404 → NOT_FOUND', async () => {
    const login = fakeContext(() => ({ body: s.LOGIN_HTML, url: 'https://www.pinterest.com/login/' }));
    await expect(pin.run(login, { id: '7001' })).rejects.toMatchObject({ code: 'UPSTREAM_BLOCKED' });
    await expect(
      pin.run(
        fakeContext(() => ({ status: 404, body: '<html>Not found</html>' })),
        { id: '7001' },
      ),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
