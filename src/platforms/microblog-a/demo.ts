/**
 * microblog-a's demo answers (`npm run demo`, src/demo/platforms.ts): one Mastodon-API account, one
 * of its statuses and its latest statuses (two pages); others are demo misses.
 * Written here (this folder's tests read real captures from ../shared, which the demo never uses) in
 * the shapes parse.ts reads; every name, id and URL is invented. Tokens never expire (2100): the
 * demo has no clock to keep.
 */
import type { Route } from '../../replay/server.js';
import { json } from '../../demo/answer.js';
import { demoMiss } from '../../demo/miss.js';

/** The account and post the demo holds. */
export const DEMO_HANDLE = 'harbourweather';
export const DEMO_POST_ID = '114560000000000001';

export function demoRoutes(): Route[] {
  const handle = DEMO_HANDLE;
  const account = {
    id: '109000000000000101',
    username: handle,
    acct: handle,
    display_name: 'Harbour City Weather',
    locked: false,
    bot: false,
    discoverable: true,
    group: false,
    created_at: '2022-04-11T00:00:00.000Z',
    note: '<p>Forecasts and storm warnings for Harbour City, twice a day.</p>',
    url: `https://truthsocial.com/@${handle}`,
    avatar: 'https://static-assets-1.truthsocial.com/tmtg:prime-ts-assets/accounts/avatars/109/000/000/000/000/101/original/demo.png',
    avatar_static:
      'https://static-assets-1.truthsocial.com/tmtg:prime-ts-assets/accounts/avatars/109/000/000/000/000/101/original/demo.png',
    header: 'https://static-assets-1.truthsocial.com/tmtg:prime-ts-assets/accounts/headers/109/000/000/000/000/101/original/demo.jpg',
    header_static:
      'https://static-assets-1.truthsocial.com/tmtg:prime-ts-assets/accounts/headers/109/000/000/000/000/101/original/demo.jpg',
    followers_count: 18_240,
    following_count: 12,
    statuses_count: 3_907,
    last_status_at: '2025-03-06',
    verified: false,
    location: 'Harbour City',
    website: 'https://harbourweather.example.org',
    unauth_visibility: true,
    chats_onboarded: true,
    feeds_onboarded: true,
    accepting_messages: false,
    show_nonmember_group_statuses: null,
    emojis: [],
    fields: [],
    tv_onboarded: false,
    tv_account: false,
  };
  const status = {
    id: DEMO_POST_ID,
    created_at: '2025-03-06T06:00:00.000Z',
    in_reply_to_id: null,
    quote_id: null,
    in_reply_to_account_id: null,
    sensitive: false,
    spoiler_text: '',
    visibility: 'public',
    language: 'en',
    uri: `https://truthsocial.com/@${handle}/${DEMO_POST_ID}`,
    url: `https://truthsocial.com/@${handle}/${DEMO_POST_ID}`,
    content: '<p>Morning forecast: sea fog until 10, then sunny spells. High 17°C.<br>Small-craft advisory lifted at noon.</p>',
    account,
    media_attachments: [],
    mentions: [],
    tags: [],
    card: null,
    group: null,
    quote: null,
    in_reply_to: null,
    reblog: null,
    sponsored: false,
    replies_count: 4,
    reblogs_count: 31,
    favourites_count: 208,
    favourited: false,
    reblogged: false,
    muted: false,
    pinned: false,
    bookmarked: false,
    poll: null,
    emojis: [],
  };
  const later = (id: string, createdAt: string, content: string, counts: [number, number, number]) => ({
    ...status,
    id,
    created_at: createdAt,
    uri: `https://truthsocial.com/@${handle}/${id}`,
    url: `https://truthsocial.com/@${handle}/${id}`,
    content,
    replies_count: counts[0],
    reblogs_count: counts[1],
    favourites_count: counts[2],
  });
  const timeline = [
    later(
      '114560000000000003',
      '2025-03-07T06:00:00.000Z',
      '<p>Morning forecast: gusts to 60 km/h by noon. Ferries may be delayed.</p>',
      [9, 88, 412],
    ),
    later('114560000000000002', '2025-03-06T18:00:00.000Z', '<p>Evening update: the fog is back overnight. Low 9°C.</p>', [1, 12, 97]),
    status,
  ];
  // The second (last) page: older posts.
  const older = [
    later(
      '114550000000000009',
      '2025-03-05T18:00:00.000Z',
      '<p>Evening update: storm warning lifted. Winds easing to force 4 by midnight.</p>',
      [2, 40, 233],
    ),
    later('114550000000000004', '2025-03-05T06:00:00.000Z', '<p>Morning forecast: gales at the harbour mouth until 11.</p>', [6, 57, 301]),
  ];
  return [
    {
      host: 'truthsocial.com',
      path: '/api/v1/accounts/lookup',
      response: (req) =>
        req.query.get('acct')?.toLowerCase() === handle
          ? json({ ...account, bookmarks_onboarded: true, receive_only_follow_mentions: false, pleroma: { accepts_chat_messages: true } })
          : demoMiss(req),
    },
    {
      host: 'truthsocial.com',
      path: /^\/api\/v1\/statuses\/\d+$/,
      response: (req) => (req.path.endsWith(`/${DEMO_POST_ID}`) ? json(status) : demoMiss(req)),
    },
    {
      // The account's latest posts: two pages, the first with the Link header Truth Social's
      // Mastodon API sends (rel="next" at the last status's id), the second (last) without a next link
      // (Mastodon sends a next link only under a full page of 20; the demo's pages are short).
      host: 'truthsocial.com',
      path: `/api/v1/accounts/${account.id}/statuses`,
      response: (req) => {
        const base = `https://truthsocial.com/api/v1/accounts/${account.id}/statuses`;
        const maxId = req.query.get('max_id');
        if (maxId === null)
          return json(timeline, 200, {
            link: `<${base}?max_id=${DEMO_POST_ID}>; rel="next", <${base}?min_id=${timeline[0].id}>; rel="prev"`,
          });
        if (maxId !== DEMO_POST_ID) return demoMiss(req);
        return json(older, 200, { link: `<${base}?min_id=${older[0].id}>; rel="prev"` });
      },
    },
  ];
}
