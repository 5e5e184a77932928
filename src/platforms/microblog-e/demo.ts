/**
 * microblog-e's demo answers (`npm run demo`, src/demo/platforms.ts), from the Mastodon API of mastodon.social.
 * Written here in the shapes parse.ts reads (this folder's tests read real captures from ../shared,
 * which the demo never uses); every name, id and URL is invented. Each route answers the
 * operation's example (its `example`) and is a demo miss for anything else. The account's posts,
 * its followers and follows, the tag timeline and the forecast's boosters and favouriters come in
 * two pages: the first with Mastodon's Link header (`rel="next"` with `max_id`, `rel="prev"` with
 * `min_id`), the second (last) without a next link. (Mastodon itself sends a next link only under a
 * full page; the demo's pages are short, as Pleroma's and Akkoma's may be.) Its trends come in
 * Mastodon's offset pages: a full first page of 20 with a `rel="next"` link, then a last page of 5.
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

type DemoAccount = ReturnType<typeof demoAccount>;

/** An Account entity of `host`'s own. */
function demoAccount(host: string, id: string, username: string, displayName: string, note: string, counts: [number, number, number]) {
  const files = `https://files.${host}`;
  return {
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
  };
}

/** A public Status entity by `author` on `host` (`replyTo`: the status it answers). */
function demoStatus(
  host: string,
  id: string,
  author: DemoAccount,
  content: string,
  at: string,
  counts: [number, number, number],
  tags: string[] = [],
  replyTo: { id: string; account: DemoAccount } | null = null,
) {
  return {
    id,
    created_at: at,
    in_reply_to_id: replyTo?.id ?? null,
    in_reply_to_account_id: replyTo?.account.id ?? null,
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
    reblog: null as unknown,
    account: author,
    media_attachments: [],
    mentions: [] as Record<string, unknown>[],
    tags: tags.map((name) => ({ name, url: `https://${host}/tags/${name}` })),
    emojis: [],
    card: null,
    poll: null,
  };
}

/**
 * A list answered in two pages at `path` of `host`: `first` with a Link header whose next page is
 * `max_id=<next>` (and a prev link at `first`'s newest id), then `second`, the last page (a prev link only).
 */
function twoPages(host: string, path: string, first: unknown[], next: string, second: unknown[], prev: [string, string]): Route {
  const link = (rel: Record<string, string>) =>
    Object.entries(rel)
      .map(([r, q]) => `<https://${host}${path}?${q}>; rel="${r}"`)
      .join(', ');
  return {
    host,
    path,
    response: (req) => {
      const maxId = req.query.get('max_id');
      if (maxId === null) return json(first, 200, { link: link({ next: `max_id=${next}`, prev: `min_id=${prev[0]}` }) });
      return maxId === next ? json(second, 200, { link: link({ prev: `min_id=${prev[1]}` }) }) : demoMiss(req);
    },
  };
}

/** A trending Tag entity of `host`: a week of daily use, most recent day first, each number a string as Mastodon sends it. */
function demoTrendTag(host: string, name: string) {
  const uses = [64, 41, 12, 9, 15, 7, 11];
  const accounts = [38, 27, 9, 8, 11, 6, 9];
  const today = Date.UTC(2025, 2, 6) / 1000;
  return {
    name,
    url: `https://${host}/tags/${name}`,
    history: uses.map((u, i) => ({ day: String(today - i * 86_400), uses: String(u), accounts: String(accounts[i]) })),
  };
}

/** The server's trending hashtags after `tides`: 24 of the harbour's, each used less than the one before. */
const TREND_NAMES = [
  'seafog',
  'ferries',
  'stormwatch',
  'lighthouse',
  'kayaking',
  'tidepools',
  'sailing',
  'seagulls',
  'harbourlife',
  'fishmarket',
  'pier',
  'sunset',
  'rowing',
  'lifeboat',
  'coastpath',
  'oysters',
  'windsurfing',
  'rockpooling',
  'boatyard',
  'mudflats',
  'puffins',
  'regatta',
  'seaswim',
  'driftwood',
];

function generatedTrendTag(host: string, name: string, rank: number) {
  const tag = demoTrendTag(host, name);
  const scale = (n: string) => String(Math.max(1, Math.round(Number(n) / (1 + rank / 4))));
  return { ...tag, history: tag.history.map((d) => ({ day: d.day, uses: scale(d.uses), accounts: scale(d.accounts) })) };
}

/**
 * A server's trends at `path` as Mastodon pages them (Api::V1::Trends controllers): `limit` items
 * from `offset`; a `rel="next"` link (the same limit, offset + limit) when the page is full, a
 * `rel="prev"` link when offset > limit, no Link header without either. Past the end an empty page.
 */
function trendsPages(host: string, path: string, items: unknown[]): Route {
  return {
    host,
    path,
    response: (req) => {
      const limit = Math.min(Math.max(Number(req.query.get('limit')) || 10, 1), 40);
      const offset = Math.max(Number(req.query.get('offset')) || 0, 0);
      const page = items.slice(offset, offset + limit);
      const at = (o: number) => `<https://${host}${path}?limit=${limit}&offset=${o}>`;
      const rels = [
        ...(page.length === limit ? [`${at(offset + limit)}; rel="next"`] : []),
        ...(offset > limit ? [`${at(offset - limit)}; rel="prev"`] : []),
      ];
      return json(page, 200, rels.length ? { link: rels.join(', ') } : {});
    },
  };
}

/** Trending statuses of the harbour's accounts after the two written ones: 23 short posts, newest first. */
const TREND_POSTS = [
  'Ferry timetable change from Monday: the 07:15 now leaves at 07:05.',
  'Fog horn test at noon today, nothing to worry about.',
  'First kayakers of the season out past the breakwater this morning.',
  'The lighthouse is open to visitors again on Saturdays.',
  'Gale warning for the outer harbour tonight, force 8 by 02:00.',
  'Fish market opens an hour late tomorrow for the cleaning crew.',
  'Puffins back on the north rocks. Keep your distance, please.',
  'Lifeboat launched at 14:20 to a yacht with engine trouble; all safe.',
  'Coast path closed between the pier and the old fort after a rockfall.',
  'Regatta entries close on Friday. Twelve boats so far.',
  'Sunset at 18:04 tonight, clear skies over the bay.',
  'The harbour steps are slippery at low water: green weed everywhere.',
  'Oyster season opens next week at the east quay stalls.',
  'Sea temperature 9°C this morning. Brave swimmers only.',
  'Boatyard crane out of service until Thursday.',
  'Mudflats walk with the ranger at 10:00, meet at the car park.',
  'Windsurfers: strong gusts near the harbour mouth this afternoon.',
  'Driftwood sculpture competition results are in. Lovely work, everyone.',
  'Rowing club needs volunteers for Sunday’s race marshals.',
  'Rockpooling tip: turn stones back the way you found them.',
  'Seagulls stole three pasties on the pier before 11. A new record?',
  'Night ferry cancelled due to swell. Buses replace it from 21:00.',
  'Clear night, calm sea: perfect for spotting the harbour seals.',
];

export function demoRoutes(): Route[] {
  const host = DEMO.microblogEInstance;
  const user: string = DEMO.microblogEUser;
  const account = (id: string, username: string, displayName: string, note: string, counts: [number, number, number]) =>
    demoAccount(host, id, username, displayName, note, counts);
  const harbour: DemoAccount = {
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
  const ferries = account('109300000000000404', 'ferrytimes', 'Harbour Ferries', '<p>Timetables and disruptions.</p>', [1_140, 23, 812]);
  // An account of another server that mastodon.social knows (a search lists it with its server in `acct`).
  const remote = {
    ...account('109300000000000303', 'harbourmaster', 'Harbour Master', '<p>Berths, locks and notices to mariners.</p>', [75, 12, 98]),
    acct: 'harbourmaster@tidewater.example',
    url: 'https://tidewater.example/@harbourmaster',
    uri: 'https://tidewater.example/users/harbourmaster',
  };
  const status = (id: string, author: DemoAccount, content: string, at: string, counts: [number, number, number], tags: string[] = []) =>
    demoStatus(host, id, author, content, at, counts, tags);
  const forecast = status(
    '113900000000000011',
    harbour,
    '<p>Morning forecast: sea fog until 10, then sunny spells. High 17°C.</p>',
    '2025-03-06T06:00:00.000Z',
    [1, 2, 3],
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
  // The second page of its posts: two older ones.
  const stormOver = status(
    '113900000000000005',
    harbour,
    '<p>Storm warning lifted. Winds easing to force 4 by midnight.</p>',
    '2025-03-03T21:15:00.000Z',
    [2, 17, 88],
  );
  const steps = status(
    '113900000000000003',
    harbour,
    '<p>Spring tides this week: take care on the harbour steps at high water. <a href="https://mastodon.social/tags/tides" class="mention hashtag" rel="tag">#<span>tides</span></a></p>',
    '2025-03-02T08:45:00.000Z',
    [0, 9, 54],
    ['tides'],
  );
  const boost = {
    ...status('113900000000000009', harbour, '', '2025-03-04T19:00:00.000Z', [0, 0, 0]),
    reblog: lowTide,
    uri: `https://${host}/users/${user}/statuses/113900000000000009/activity`,
    url: null,
  };
  return [
    ...threadRoutes(host, forecast, harbour, pier, remote, ferries),
    {
      host,
      path: '/api/v1/accounts/lookup',
      response: (req) => (req.query.get('acct')?.toLowerCase() === user ? json(harbour) : demoMiss(req)),
    },
    // Its posts (older ones on the second page), its followers and follows (Follow ids in the Link header), the tag's timeline.
    twoPages(
      host,
      `/api/v1/accounts/${harbour.id}/statuses`,
      [forecast, tides, boost],
      boost.id,
      [stormOver, steps],
      [forecast.id, stormOver.id],
    ),
    twoPages(host, `/api/v1/accounts/${harbour.id}/followers`, [pier, remote], '48213007', [ferries], ['48213311', '48212950']),
    twoPages(host, `/api/v1/accounts/${harbour.id}/following`, [pier], '39120455', [ferries], ['39120455', '39120102']),
    twoPages(host, `/api/v1/timelines/tag/${DEMO.microblogETag}`, [tides, lowTide], lowTide.id, [steps], [tides.id, steps.id]),
    // Its trends in Mastodon's offset pages: 25 hashtags (the tag with a week of use first) and
    // 25 statuses (the two above first), so a page of 20 is followed by a last one of 5.
    trendsPages(host, '/api/v1/trends/tags', [
      demoTrendTag(host, DEMO.microblogETag),
      ...TREND_NAMES.map((name, i) => generatedTrendTag(host, name, i + 1)),
    ]),
    trendsPages(host, '/api/v1/trends/statuses', [
      tides,
      lowTide,
      ...TREND_POSTS.map((text, i) =>
        status(
          String(113_899_999_999_999_900n - BigInt(i)),
          [harbour, pier, ferries][i % 3],
          `<p>${text}</p>`,
          new Date(Date.UTC(2025, 2, 4, 16) - i * 3_600_000).toISOString(),
          [i % 4, 20 - Math.floor(i / 2), 90 - 3 * i],
        ),
      ),
    ]),
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

/**
 * The forecast as one status and its thread (`/v1/microblog-e/post`): a top-level status (no
 * ancestors), a question from northpier in reply, and the answer of an account of another server
 * to that question (a remote status: its `url` and `uri` on its own server); the account of another
 * server boosted it, and it and northpier favourited it (`/post/reblogged-by`, `/post/favourited-by`),
 * and on the second (last) page of each, northpier boosted it and ferrytimes favourited it.
 */
function threadRoutes(
  host: string,
  forecast: ReturnType<typeof demoStatus>,
  harbour: DemoAccount,
  pier: DemoAccount,
  remote: DemoAccount,
  ferries: DemoAccount,
): Route[] {
  const mention = (a: DemoAccount) => ({ id: a.id, username: a.username, url: a.url, acct: a.acct });
  const question = {
    ...demoStatus(
      host,
      '113900000000000013',
      pier,
      `<p><span class="h-card" translate="no"><a href="${harbour.url}" class="u-url mention">@<span>${harbour.username}</span></a></span> Will the fog have lifted by the 10:30 ferry?</p>`,
      '2025-03-06T06:12:00.000Z',
      [1, 0, 3],
      [],
      forecast,
    ),
    mentions: [mention(harbour)],
  };
  const answer = {
    ...demoStatus(
      host,
      '113900000000000014',
      remote,
      `<p><span class="h-card" translate="no"><a href="${pier.url}" class="u-url mention">@<span>${pier.username}</span></a></span> The 10:30 sails; pilots report the fog thinning at the harbour mouth.</p>`,
      '2025-03-06T06:20:00.000Z',
      [0, 1, 5],
      [],
      question,
    ),
    uri: 'https://tidewater.example/users/harbourmaster/statuses/114200000000000777',
    url: 'https://tidewater.example/@harbourmaster/114200000000000777',
    mentions: [mention(pier)],
  };
  const base = `/api/v1/statuses/${forecast.id}`;
  return [
    { host, path: base, response: json(forecast) },
    { host, path: `${base}/context`, response: json({ ancestors: [], descendants: [question, answer] }) },
    // Who boosted it and who favourited it: the Link header's max_id a boost's status id, a Favourite's id.
    twoPages(host, `${base}/reblogged_by`, [remote], '113900000000000021', [pier], ['113900000000000024', '113900000000000019']),
    twoPages(host, `${base}/favourited_by`, [pier, remote], '61540022', [ferries], ['61540031', '61540009']),
  ];
}
