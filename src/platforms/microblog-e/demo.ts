/**
 * microblog-e's demo answers (`npm run demo`, src/demo/platforms.ts), from the Mastodon API of mastodon.social.
 * Written here in the shapes parse.ts reads (this folder's tests read real captures from ../shared,
 * which the demo never uses); every name, id and URL is invented. Each route answers the
 * operation's example (its `example`) and is a demo miss for anything else.
 */
import type { Route } from '../../replay/server.js';
import { json } from '../../demo/answer.js';
import { demoMiss } from '../../demo/miss.js';

/** What the demo holds on this platform. */
export const DEMO = {
  microblogEInstance: 'mastodon.social',
  microblogEUser: 'harbourweather',
  microblogETag: 'tides',
  microblogESearch: 'harbour',
} as const;

export function demoRoutes(): Route[] {
  const host = DEMO.microblogEInstance;
  const user: string = DEMO.microblogEUser;
  const files = `https://files.${host}`;
  const account = (id: string, username: string, displayName: string, note: string, counts: [number, number, number]) => ({
    id,
    username,
    acct: username,
    display_name: displayName,
    locked: false,
    bot: false,
    discoverable: true,
    indexable: true,
    group: false,
    created_at: '2022-11-03T00:00:00.000Z',
    note,
    url: `https://${host}/@${username}`,
    uri: `https://${host}/users/${username}`,
    avatar: `${files}/accounts/avatars/${id}/original/demo.png`,
    avatar_static: `${files}/accounts/avatars/${id}/original/demo.png`,
    header: `${files}/accounts/headers/${id}/original/demo.jpg`,
    header_static: `${files}/accounts/headers/${id}/original/demo.jpg`,
    followers_count: counts[0],
    following_count: counts[1],
    statuses_count: counts[2],
    last_status_at: '2025-03-06',
    hide_collections: false,
    emojis: [],
    fields: [] as { name: string; value: string; verified_at: string | null }[],
  });
  const harbour: ReturnType<typeof account> = {
    ...account(
      '109300000000000101',
      user,
      'Harbour City Weather',
      '<p>Forecasts and storm warnings for Harbour City, twice a day.</p>',
      [2_980, 41, 1_206],
    ),
    fields: [
      {
        name: 'Website',
        value: '<a href="https://harbourweather.example.org" rel="nofollow noopener me" target="_blank">harbourweather.example.org</a>',
        verified_at: '2024-06-01T09:00:00.000+00:00',
      },
    ],
  };
  const pier = account('109300000000000202', 'northpier', 'North Pier Log', '<p>Notes from the north pier.</p>', [310, 88, 540]);
  // An account of another server that mastodon.social knows (a search lists it with its server in `acct`).
  const remote = {
    ...account('109300000000000303', 'harbourmaster', 'Harbour Master', '<p>Berths, locks and notices to mariners.</p>', [75, 12, 98]),
    acct: 'harbourmaster@tidewater.example',
    url: 'https://tidewater.example/@harbourmaster',
    uri: 'https://tidewater.example/users/harbourmaster',
  };
  const status = (
    id: string,
    author: ReturnType<typeof account>,
    content: string,
    at: string,
    counts: [number, number, number],
    tags: string[] = [],
  ) => ({
    id,
    created_at: at,
    in_reply_to_id: null,
    in_reply_to_account_id: null,
    sensitive: false,
    spoiler_text: '',
    visibility: 'public',
    language: 'en',
    uri: `https://${host}/users/${author.username}/statuses/${id}`,
    url: `https://${host}/@${author.username}/${id}`,
    replies_count: counts[0],
    reblogs_count: counts[1],
    favourites_count: counts[2],
    edited_at: null,
    content,
    reblog: null,
    account: author,
    media_attachments: [],
    mentions: [],
    tags: tags.map((name) => ({ name, url: `https://${host}/tags/${name}` })),
    emojis: [],
    card: null,
    poll: null,
  });
  const forecast = status(
    '113900000000000011',
    harbour,
    '<p>Morning forecast: sea fog until 10, then sunny spells. High 17°C.</p>',
    '2025-03-06T06:00:00.000Z',
    [1, 9, 54],
  );
  const tides = status(
    '113900000000000010',
    harbour,
    '<p>Spring tides on Tuesday: high water 06:42 and 19:05. <a href="https://mastodon.social/tags/tides" class="mention hashtag" rel="tag">#<span>tides</span></a></p>',
    '2025-03-05T17:30:00.000Z',
    [3, 22, 131],
    ['tides'],
  );
  const lowTide = status(
    '113900000000000007',
    pier,
    '<p>Lowest tide of the month at the north pier this evening. <a href="https://mastodon.social/tags/tides" class="mention hashtag" rel="tag">#<span>tides</span></a></p>',
    '2025-03-04T18:10:00.000Z',
    [0, 4, 37],
    ['tides'],
  );
  const boost = {
    ...status('113900000000000009', harbour, '', '2025-03-04T19:00:00.000Z', [0, 0, 0]),
    reblog: lowTide,
    uri: `https://${host}/users/${user}/statuses/113900000000000009/activity`,
    url: null,
  };
  return [
    {
      host,
      path: '/api/v1/accounts/lookup',
      response: (req) => (req.query.get('acct')?.toLowerCase() === user ? json(harbour) : demoMiss(req)),
    },
    {
      host,
      path: `/api/v1/accounts/${harbour.id}/statuses`,
      response: (req) => (req.query.get('max_id') ? demoMiss(req) : json([forecast, tides, boost])),
    },
    // Its followers (one of another server) and the one account it follows: one page each, no Link header.
    ...(['followers', 'following'] as const).map((list): Route => ({
      host,
      path: `/api/v1/accounts/${harbour.id}/${list}`,
      response: (req) => (req.query.get('max_id') ? demoMiss(req) : json(list === 'followers' ? [pier, remote] : [pier])),
    })),
    {
      host,
      path: `/api/v1/timelines/tag/${DEMO.microblogETag}`,
      response: (req) => (req.query.get('max_id') ? demoMiss(req) : json([tides, lowTide])),
    },
    {
      host,
      path: '/api/v2/search',
      response: (req) =>
        req.query.get('q') === DEMO.microblogESearch && req.query.get('type') === 'accounts' && !req.query.has('offset')
          ? json({ accounts: [harbour, remote], statuses: [], hashtags: [] })
          : demoMiss(req),
    },
  ];
}
