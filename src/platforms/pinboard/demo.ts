/**
 * pinboard's demo answers (`npm run demo`, src/demo/platforms.ts), built with samples.ts (invented,
 * not captures): Tala Okafor's account (its UserResource; any other account: Pinterest's own 404),
 * her board `sketchbook` (BoardResource and its pins in two pages, BoardFeedResource) and its pins
 * one by one (PinResource; any other board or pin: Pinterest's own 404), and a search that answers
 * any query with the same invented pins, in two pages. A first page's `bookmark` is the second's
 * `options.bookmarks[0]`; the second ends with Pinterest's `-end-`. (Pinterest's pages hold fewer
 * pins than `page_size` at times, a later page still to come: its filtering is its own.)
 */
import type { Route } from '../../replay/server.js';
import { json } from '../../demo/answer.js';
import { TALA } from '../../demo/creators.js';
import { demoMiss } from '../../demo/miss.js';
import { END_BOOKMARK } from './parse.js';
import * as pinboard from './samples.js';

/** The account the demo holds. */
export const DEMO_USER = 'taladraws';
/** Its one board, and that board's pins (the first is the pin operation's example). */
export const DEMO_BOARD = 'sketchbook';
export const DEMO_PINS = ['900123456700000001', '900123456700000002', '900123456700000003'];

/** The first pages' bookmarks (invented, base64 text as Pinterest's are). */
const BOOKMARKS = {
  board: 'Y2JVSG81V2sxcmNHRlpWM1J5WkVSc2QxTXhPVzVhVjFZeldWaFNkbU5UT1dwaVIxcDFZekpHYkZwWVNUMD18ZGVtb0JvYXJkMQ==',
  search: 'Y2JVSG81V2sxcmNHRlpWM1J5WkVSc2QxTXhPVzVhVjFZeldWaFNkbU5UT1dwaVIxcDFZekpHYkZwWVNUMD18ZGVtb1NlYXJjaDE=',
};

type Options = { options?: Record<string, unknown> };
/** The bookmark a request continues from (`options.bookmarks[0]`), or null on a first page. */
const bookmarkOf = (o: Record<string, unknown>): string | null => (Array.isArray(o.bookmarks) ? String(o.bookmarks[0]) : null);
const optionsOf = (req: { query: URLSearchParams }) => (JSON.parse(req.query.get('data') ?? '{}') as Options).options ?? {};

export function demoRoutes(): Route[] {
  const username = DEMO_USER;
  const user = pinboard.userJson('900123456789012345', username, {
    full_name: TALA.name,
    first_name: 'Tala',
    last_name: 'Okafor',
    about: 'Picture books, editorial illustration and prints. Sketchbook boards.',
    website_url: `${TALA.site}/`,
    domain_url: 'talaokafor.com',
    domain_verified: true,
    follower_count: 2310,
    following_count: 88,
    pin_count: 1204,
    board_count: 17,
    image_xlarge_url: 'https://i.pinimg.com/280x280_RS/aa/bb/cc/900123456789012345.jpg',
    is_private_profile: false,
  });
  const owner = { ...user, about: undefined, website_url: undefined };
  const board = pinboard.detailedBoardJson('900123456799990001', owner, DEMO_BOARD, { pin_count: DEMO_PINS.length });
  const pinOf = (id: string) =>
    pinboard.detailedPinJson(id, board, {
      pinner: pinboard.userJson('900123456789012345', username, { full_name: TALA.name, follower_count: 2310 }),
      title: `Sketchbook page ${id.slice(-1)}`,
      grid_title: `Sketchbook page ${id.slice(-1)}`,
      description: 'Ink study, brush pen on cartridge paper.',
      link: `${TALA.site}/sketchbook/`,
      domain: new URL(TALA.site).hostname,
    });
  return [
    {
      host: 'www.pinterest.com',
      path: '/resource/PinResource/get/',
      response: (req) => {
        const id = optionsOf(req).id;
        return typeof id === 'string' && DEMO_PINS.includes(id)
          ? json(pinboard.resourceBody('PinResource', 'v3_get_pin', pinOf(id), { id, field_set_key: 'detailed' }))
          : json(pinboard.failureBody(404, 'Pin not found.'), 404);
      },
    },
    {
      host: 'www.pinterest.com',
      path: '/resource/BoardResource/get/',
      response: (req) => {
        const o = optionsOf(req);
        return String(o.username).toLowerCase() === username && String(o.slug).toLowerCase() === DEMO_BOARD
          ? json(pinboard.resourceBody('BoardResource', 'v3_get_board', board, o))
          : json(pinboard.failureBody(404, 'Board not found.'), 404);
      },
    },
    {
      host: 'www.pinterest.com',
      path: '/resource/BoardFeedResource/get/',
      response: (req) => {
        const o = optionsOf(req);
        if (o.board_id !== board.id) return json(pinboard.failureBody(404, 'Board not found.'), 404);
        const feed = (ids: string[], bookmark: string) =>
          json(
            pinboard.resourceBody(
              'BoardFeedResource',
              'v3_get_board_pins',
              ids.map((id) => pinboard.boardPinJson(id, board, { pinner: pinOf(id).pinner, title: pinOf(id).title })),
              o,
              bookmark,
            ),
          );
        const after = bookmarkOf(o);
        if (after === null) return feed(DEMO_PINS.slice(0, 2), BOOKMARKS.board);
        return after === BOOKMARKS.board ? feed(DEMO_PINS.slice(2), END_BOOKMARK) : demoMiss(req);
      },
    },
    {
      host: 'www.pinterest.com',
      path: '/resource/UserResource/get/',
      response: (req) => {
        const asked = (JSON.parse(req.query.get('data') ?? '{}') as { options?: { username?: string } }).options?.username;
        return asked?.toLowerCase() === username
          ? json(pinboard.userResourceBody(user))
          : json(pinboard.failureBody(404, 'User not found.'), 404);
      },
    },
    // Search: any query answers with the same invented pins (two pages).
    {
      host: 'www.pinterest.com',
      path: '/resource/BaseSearchResource/get/',
      response: (req) => {
        const after = bookmarkOf(optionsOf(req));
        if (after === null)
          return json(
            pinboard.searchBody(
              [pinboard.pinJson('7001'), pinboard.pinJson('7002'), { type: 'story', id: 'module-1' }, pinboard.pinJson('7003')],
              BOOKMARKS.search,
            ),
          );
        return after === BOOKMARKS.search
          ? json(pinboard.searchBody([pinboard.pinJson('7004'), pinboard.pinJson('7005')], END_BOOKMARK))
          : demoMiss(req);
      },
    },
  ];
}
