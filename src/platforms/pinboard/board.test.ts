/**
 * `pinboardBoard` (board.ts). No capture of a BoardResource or BoardFeedResource answer exists in
 * ../shared/fixtures/pinboard: every answer here is our own (samples.ts, written in the search
 * capture's `resource_response` envelope; names, ids and counts invented).
 */
import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../test/support/errors.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { onParserWarning } from '../../observability/warn.js';
import { captureWarnings } from '../../parse/index.js';
import { encodeCursor } from '../cursor.js';
import { validateArgs } from '../operation.js';
import { isPartialRead } from '../partial-read.js';
import { assertPinsOfBoard, board, boardOfUrl, decodeBoardCursor, encodeBoardCursor, parseBoardFeed, parseBoardResponse } from './board.js';
import { END_BOOKMARK, parsePin } from './parse.js';
import * as s from './samples.js';
import { PinboardBoardPage } from './schema.js';

const ASKED = { username: 'taladraws', slug: 'sketchbook' };
const OWNER = s.userJson('900123456789012345', 'taladraws');
const BOARD = s.detailedBoardJson('900123456799990001', OWNER, 'sketchbook');
const boardAnswer = (data: unknown) => s.resourceBody('BoardResource', 'v3_get_board', data, { username: 'taladraws', slug: 'sketchbook' });
const feedAnswer = (pins: unknown, bookmark = END_BOOKMARK) =>
  s.resourceBody('BoardFeedResource', 'v3_get_board_pins', pins, { board_id: BOARD.id }, bookmark);
const feedPins = ['7001', '7002'].map((id) => s.boardPinJson(id, BOARD));
const json = (body: unknown, status = 200) => ({ status, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const warned = (ws: { platform: string; field: string }[]) => ws.map((w) => `${w.platform}:${w.field}`);

describe('board URLs and cursors', () => {
  it('a board page on any Pinterest host names user and slug, lower-case and decoded; other pages are refused', () => {
    expect(boardOfUrl('https://www.pinterest.com/TalaDraws/Sketchbook/')).toEqual(ASKED);
    expect(boardOfUrl('de.pinterest.com/taladraws/sketchbook')).toEqual(ASKED);
    expect(boardOfUrl('https://www.pinterest.fr/tala_draws/recettes-%C3%A9t%C3%A9/')).toEqual({
      username: 'tala_draws',
      slug: 'recettes-été',
    });
    for (const url of [
      'https://www.pinterest.com/pin/1125968647761564/',
      'https://www.pinterest.com/taladraws/',
      'https://www.pinterest.com/taladraws/pins/',
      'https://www.pinterest.com/taladraws/_saved/',
      'https://www.pinterest.com/search/pins/',
      'https://www.pinterest.com/taladraws/sketchbook/section-one/',
      'https://pin.it/4bX9kLm',
      'https://example.com/taladraws/sketchbook/',
    ])
      expect(boardOfUrl(url), url).toBeNull();
  });

  it("our cursor binds Pinterest's bookmark to the board: another board's, or not ours, is refused", () => {
    const c = encodeBoardCursor(ASKED, 'Y2JV|page2');
    expect(decodeBoardCursor(c, ASKED)).toBe('Y2JV|page2');
    expect(decodeBoardCursor(c, { username: 'taladraws', slug: 'inks' })).toBeNull();
    expect(decodeBoardCursor('Y2JV|page2', ASKED)).toBeNull();
    expect(decodeBoardCursor(encodeCursor({ b: 'taladraws/sketchbook', k: '' }), ASKED)).toBeNull();
  });

  it('validation: url required and a board page; a cursor of another board 400 naming cursor; spellings share one key', () => {
    const problems = (args: Record<string, unknown>) => {
      const r = validateArgs(board, args);
      return r.ok ? [] : r.problems.map((p) => p.param);
    };
    expect(problems({})).toEqual(['url']);
    expect(problems({ url: 'https://www.pinterest.com/taladraws/' })).toEqual(['url']);
    const other = encodeBoardCursor({ username: 'taladraws', slug: 'inks' }, 'Y2JV');
    expect(problems({ url: 'https://www.pinterest.com/taladraws/sketchbook/', cursor: other })).toEqual(['cursor']);
    expect(problems({ url: 'https://www.pinterest.com/taladraws/sketchbook/', cursor: 'Y2JV' })).toEqual(['cursor']);
    const a = validateArgs(board, { url: 'https://www.pinterest.com/TalaDraws/Sketchbook/' });
    const b = validateArgs(board, { url: 'pinterest.com/taladraws/sketchbook' });
    expect(a).toMatchObject({ ok: true, args: { ...ASKED, bookmark: null } });
    expect(a.ok && b.ok && a.cacheKey === b.cacheKey).toBe(true);
    const paged = validateArgs(board, { url: 'https://www.pinterest.com/taladraws/sketchbook/', cursor: encodeBoardCursor(ASKED, 'Y2JV') });
    expect(paged).toMatchObject({ ok: true, args: { bookmark: 'Y2JV' } });
  });
});

describe('pinboardBoard parse (our own answers)', () => {
  it('the board: its own members, owner, covers; no warning', () => {
    const { result, warnings } = captureWarnings(() => parseBoardResponse(boardAnswer(BOARD), ASKED));
    expect(warnings).toEqual([]);
    expect(result).toMatchObject({
      id: '900123456799990001',
      name: 'Sketchbook',
      url: '/taladraws/sketchbook/',
      description: 'Pages from the sketchbook, in order.',
      privacy: 'public',
      follower_count: 87,
      pin_count: 423,
      created_at: 'Tue, 12 Mar 2019 09:30:00 +0000',
      owner: { username: 'taladraws' },
      image_cover_url: expect.stringContaining('900123456799990001'),
    });
  });

  it('missing parts degrade: optional ones null silently, name and url null plus a warning; no id at all → UPSTREAM_FAILED', () => {
    const { description: _d, privacy: _p, name: _n, ...rest } = BOARD;
    const { result, warnings } = captureWarnings(() => parseBoardResponse(boardAnswer(rest), ASKED));
    expect(result).toMatchObject({ description: null, privacy: null, name: null, id: '900123456799990001' });
    expect(warned(warnings)).toEqual(['pinboard:board.name']);
    const { id: _i, node_id: _ni, ...noId } = BOARD;
    expect(errorOf(() => parseBoardResponse(boardAnswer(noId), ASKED)).code).toBe('UPSTREAM_FAILED');
  });

  it('another board is refused: another owner, another url → UPSTREAM_FAILED; a 404 failure → NOT_FOUND', () => {
    const otherOwner = { ...BOARD, owner: s.userJson('1', 'someone_else') };
    expect(errorOf(() => parseBoardResponse(boardAnswer(otherOwner), ASKED)).message).toMatch(/different resource/);
    const otherSlug = { ...BOARD, url: '/taladraws/inks/' };
    expect(errorOf(() => parseBoardResponse(boardAnswer(otherSlug), ASKED)).message).toMatch(/different resource/);
    expect(errorOf(() => parseBoardResponse(s.failureBody(404, 'Board not found.'), ASKED)).code).toBe('NOT_FOUND');
  });

  it('a board naming neither its url nor its owner cannot be told to be the asked one → UPSTREAM_FAILED; either alone is enough', () => {
    const { url: _u, owner: _o, ...unnamed } = BOARD;
    expect(errorOf(() => parseBoardResponse(boardAnswer(unnamed), ASKED)).message).toMatch(/names neither its url nor its owner/);
    expect(captureWarnings(() => parseBoardResponse(boardAnswer({ ...unnamed, owner: BOARD.owner }), ASKED)).result.id).toBe(BOARD.id);
    expect(captureWarnings(() => parseBoardResponse(boardAnswer({ ...unnamed, url: BOARD.url }), ASKED)).result.id).toBe(BOARD.id);
  });

  it("the feed: its pins (other items skipped), Pinterest's bookmark, null at -end-; data that is no list → UPSTREAM_FAILED", () => {
    const page = parseBoardFeed(feedAnswer([...feedPins, { type: 'story', id: 'module-1' }], 'Y2JV|p2'), 'the pins');
    expect(page.pins.map((p) => p.id)).toEqual(['7001', '7002']);
    expect(page.pins[0].board).toMatchObject({ id: BOARD.id, url: '/taladraws/sketchbook/' });
    expect(page.bookmark).toBe('Y2JV|p2');
    expect(parseBoardFeed(feedAnswer(feedPins), 'the pins').bookmark).toBeNull();
    expect(errorOf(() => parseBoardFeed(feedAnswer({ results: [] }), 'the pins')).code).toBe('UPSTREAM_FAILED');
  });

  it('a pin stating another board (id or url) → UPSTREAM_FAILED; a pin stating none passes', () => {
    const parsed = parseBoardResponse(boardAnswer(BOARD), ASKED);
    const ok = feedPins.map((p) => parsePin(p));
    expect(() => assertPinsOfBoard(ok, parsed, ASKED)).not.toThrow();
    expect(() => assertPinsOfBoard([parsePin(s.pinJson('7003', { board: undefined }))], parsed, ASKED)).not.toThrow();
    const otherId = parsePin(s.pinJson('7004', { board: { id: '1', name: 'Sketchbook', url: '/taladraws/sketchbook/' } }));
    expect(errorOf(() => assertPinsOfBoard([...ok, otherId], parsed, ASKED)).code).toBe('UPSTREAM_FAILED');
    const otherUrl = parsePin(s.pinJson('7005', { board: { id: BOARD.id, name: 'Inks', url: '/taladraws/inks/' } }));
    expect(errorOf(() => assertPinsOfBoard([otherUrl], parsed, ASKED)).code).toBe('UPSTREAM_FAILED');
  });
});

describe('pinboardBoard operation', () => {
  const answers = (feed: () => ReturnType<typeof json> | { status: number; body: string }) =>
    fakeContext((req) => (req.url.includes('/BoardFeedResource/') ? feed() : json(boardAnswer(BOARD))));

  it('BoardResource then one BoardFeedResource page (board_id, board_url, page_size, bookmarks); our cursor for the next page', async () => {
    const ctx = answers(() => json(feedAnswer(feedPins, 'Y2JV|p3')));
    const r = await board.run(ctx, { ...ASKED, bookmark: 'Y2JV|p2' });
    expect(PinboardBoardPage.safeParse(r).success).toBe(true);
    expect(r.pins?.map((p) => p.id)).toEqual(['7001', '7002']);
    expect(decodeBoardCursor(r.cursor!, ASKED)).toBe('Y2JV|p3');
    expect(isPartialRead(r)).toBe(false);
    const [b, f] = ctx.requests.map((q) => new URL(q.url));
    expect([b.pathname, b.searchParams.get('source_url'), JSON.parse(b.searchParams.get('data')!).options]).toEqual([
      '/resource/BoardResource/get/',
      '/taladraws/sketchbook/',
      { username: 'taladraws', slug: 'sketchbook', field_set_key: 'detailed' },
    ]);
    expect([f.pathname, JSON.parse(f.searchParams.get('data')!).options]).toEqual([
      '/resource/BoardFeedResource/get/',
      { board_id: '900123456799990001', board_url: '/taladraws/sketchbook/', page_size: 25, bookmarks: ['Y2JV|p2'] },
    ]);
  });

  it('a feed page whose bookmark is the one it was asked with (Pinterest looping) is the last page: cursor null, never its own', async () => {
    const r = await board.run(
      answers(() => json(feedAnswer(feedPins, 'Y2JV|p2'))),
      { ...ASKED, bookmark: 'Y2JV|p2' },
    );
    expect(r.pins?.map((p) => p.id)).toEqual(['7001', '7002']);
    expect(r.cursor).toBeNull();
  });

  it('the feed failing (a 500, a block page, an unreadable answer) → the board with pins and cursor null, warned, a partial read', async () => {
    for (const feed of [
      () => json(s.failureBody(500, 'Oops'), 500),
      () => ({ status: 403, body: s.CHALLENGE_HTML, headers: { 'content-type': 'text/html' } }),
      () => ({ status: 200, body: '{"resource_response": {"data": ' }),
    ]) {
      const warnings: { platform: string; field: string }[] = [];
      const stop = onParserWarning((platform, field) => warnings.push({ platform, field }));
      const r = await board.run(answers(feed), { ...ASKED, bookmark: null }).finally(stop);
      expect(r).toMatchObject({ board: { id: BOARD.id }, pins: null, cursor: null });
      expect(isPartialRead(r)).toBe(true);
      expect(warned(warnings)).toContain('pinboard:board.pins');
    }
  });

  it("the feed answering another board's pins is never data: UPSTREAM_FAILED; the board's 404 → NOT_FOUND", async () => {
    const foreign = [s.pinJson('7009', { board: { id: '42', name: 'Inks', url: '/taladraws/inks/' } })];
    await expect(
      board.run(
        answers(() => json(feedAnswer(foreign))),
        { ...ASKED, bookmark: null },
      ),
    ).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
    });
    const gone = fakeContext(() => json(s.failureBody(404, 'Board not found.'), 404));
    await expect(board.run(gone, { ...ASKED, bookmark: null })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
