/**
 * Demo upstream answers for the platforms read through public JSON APIs whose folders hold no
 * sample builders: microblog-d (Bluesky AppView XRPC), microblog-e (the Mastodon API of
 * mastodon.social), newsletter (Substack's JSON API), livestream (Kick's channel API) and blog
 * (Tumblr API v2: answered only when the operator gives the demo a TUMBLR_API_KEY, e.g.
 * `TUMBLR_API_KEY=any npm run demo`; without one the gateway answers the blog route
 * NOT_CONFIGURED before asking, as it would live).
 * Written here in the shapes each parse.ts reads (the platforms' parser tests read real captures
 * from ../shared, which the demo never uses); every name, id, DID and URL is invented. Each route
 * answers the operation's example (its `example` in operations.ts) and is a demo miss for
 * anything else.
 */
import type { RecordedResponse, Route } from '../replay/server.js';
import { demoMiss } from './miss.js';

const JSON_CT = { 'content-type': 'application/json; charset=utf-8' };
const json = (body: unknown): RecordedResponse => ({ status: 200, headers: JSON_CT, body: JSON.stringify(body) });

export const OPEN_API_DATA = {
  microblogDHandle: 'harbourweather.bsky.social',
  microblogEInstance: 'mastodon.social',
  microblogEUser: 'harbourweather',
  microblogETag: 'tides',
  newsletterHandle: 'harbourweather',
  livestreamSlug: 'harbourweather',
  blogName: 'harbourweather',
} as const;

// --- microblog-d (Bluesky) ------------------------------------------------------------------
function microblogDRoutes(): Route[] {
  const XRPC = '/xrpc/';
  const HOST = 'public.api.bsky.app';
  const handle: string = OPEN_API_DATA.microblogDHandle;
  const did = 'did:plc:demoharbourweather00001';
  const cdn = (kind: string, who: string) => `https://cdn.bsky.app/img/${kind}/plain/${who}/bafkreidemo${kind.replace(/_/g, '')}@jpeg`;
  const actor = {
    did,
    handle,
    displayName: 'Harbour City Weather',
    avatar: cdn('avatar', did),
    labels: [],
    createdAt: '2023-09-14T08:00:00.000Z',
  };
  const other = {
    did: 'did:plc:demotidewatcher000000001',
    handle: 'tidewatcher.example.org',
    displayName: 'Tide Watcher',
    avatar: cdn('avatar', 'did:plc:demotidewatcher000000001'),
    labels: [],
    createdAt: '2024-02-01T10:00:00.000Z',
  };
  const post = (author: typeof actor, rkey: string, text: string, at: string, counts: [number, number, number, number]) => ({
    uri: `at://${author.did}/app.bsky.feed.post/${rkey}`,
    cid: `bafyreidemo${rkey}`,
    author,
    record: { $type: 'app.bsky.feed.post', text, createdAt: at, langs: ['en'] },
    replyCount: counts[0],
    repostCount: counts[1],
    likeCount: counts[2],
    quoteCount: counts[3],
    indexedAt: at.replace(/\.000Z$/, '.120Z'),
    labels: [],
  });
  const forecast = post(
    actor,
    '3lkdemo0000a1',
    'Morning forecast: sea fog until 10, then sunny spells. High 17°C.',
    '2025-03-06T06:00:00.000Z',
    [2, 14, 96, 1],
  );
  const tides = post(
    actor,
    '3lkdemo0000a2',
    'Tide tables for next week are up: spring tides on Tuesday, high water 06:42.',
    '2025-03-05T17:30:00.000Z',
    [5, 31, 188, 3],
  );
  const reposted = post(
    other,
    '3lkdemo0000b1',
    'Lovely low tide at the north pier this evening.',
    '2025-03-04T18:10:00.000Z',
    [1, 3, 40, 0],
  );
  const profile = {
    ...actor,
    description: 'Forecasts and storm warnings for Harbour City, twice a day.',
    banner: cdn('banner', did),
    followersCount: 4_210,
    followsCount: 38,
    postsCount: 1_873,
    indexedAt: '2025-03-06T06:01:00.000Z',
    associated: { lists: 0, feedgens: 0, starterPacks: 1, labeler: false },
    pinnedPost: { uri: tides.uri, cid: tides.cid },
  };
  const byMethod: Record<string, (q: URLSearchParams) => unknown> = {
    'app.bsky.actor.getProfile': (q) => (q.get('actor') === handle ? profile : null),
    'app.bsky.feed.getAuthorFeed': (q) =>
      q.get('actor') === handle && !q.get('cursor')
        ? {
            feed: [
              { post: forecast },
              { post: tides },
              { post: reposted, reason: { $type: 'app.bsky.feed.defs#reasonRepost', by: actor, indexedAt: '2025-03-04T19:00:00.000Z' } },
            ],
          }
        : null,
    'app.bsky.feed.searchPosts': (q) =>
      q.get('q') === 'tide tables' && !q.get('cursor') ? { posts: [tides, reposted], hitsTotal: 2 } : null,
    'app.bsky.actor.searchActorsTypeahead': (q) => (q.get('q') === 'harbour weather' ? { actors: [actor] } : null),
  };
  return [
    {
      host: HOST,
      path: /^\/xrpc\/[a-zA-Z.]+$/,
      response: (req) => {
        const body = byMethod[req.path.slice(XRPC.length)]?.(req.query);
        return body ? json(body) : demoMiss(req);
      },
    },
  ];
}

// --- microblog-e (a Mastodon server) --------------------------------------------------------
function microblogERoutes(): Route[] {
  const host = OPEN_API_DATA.microblogEInstance;
  const user: string = OPEN_API_DATA.microblogEUser;
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
    {
      host,
      path: `/api/v1/timelines/tag/${OPEN_API_DATA.microblogETag}`,
      response: (req) => (req.query.get('max_id') ? demoMiss(req) : json([tides, lowTide])),
    },
  ];
}

// --- newsletter (Substack) ------------------------------------------------------------------
function newsletterRoutes(): Route[] {
  const handle: string = OPEN_API_DATA.newsletterHandle;
  const userId = 310000101;
  const publication = {
    id: 2100101,
    subdomain: 'harbourweather',
    custom_domain: null,
    name: 'Harbour Weather Weekly',
    author_id: userId,
    logo_url: 'https://substackcdn.com/image/fetch/demo/harbourweather-logo.png',
  };
  const byline = {
    id: userId,
    name: 'Harbour City Weather',
    handle,
    photo_url: 'https://substackcdn.com/image/fetch/demo/harbourweather.jpg',
  };
  const profile = {
    id: userId,
    name: 'Harbour City Weather',
    handle,
    previous_name: null,
    photo_url: byline.photo_url,
    bio: 'Forecasts and storm warnings for Harbour City, and a weekly letter on the sea.',
    profile_set_up_at: '2023-05-02T09:00:00.000Z',
    profile_disabled: false,
    slug: 'harbourweather',
    subdomainUrl: 'https://harbourweather.substack.com',
    primaryPublication: publication,
    publicationUsers: [{ id: 4100101, user_id: userId, publication_id: publication.id, role: 'admin', public: true, publication }],
    userLinks: [{ url: 'https://harbourweather.example.org', label: 'Website' }],
    twitterAccount: null,
    facebookAccount: null,
    subscriberCount: '1240',
    subscriberCountNumber: 1240,
    subscriberCountString: '1,240 subscribers',
    rough_num_free_subscribers: 'Thousands',
    subscriptions: [],
  };
  const post = (id: number, slug: string, title: string, subtitle: string, date: string, audience: string, counts: [number, number]) => ({
    id,
    publication_id: publication.id,
    title,
    subtitle,
    description: subtitle,
    slug,
    type: 'newsletter',
    audience,
    post_date: date,
    canonical_url: `https://harbourweather.substack.com/p/${slug}`,
    cover_image: `https://substackcdn.com/image/fetch/demo/${slug}.jpg`,
    wordcount: 1_100,
    reaction_count: counts[0],
    reactions: { '❤': counts[0] },
    comment_count: counts[1],
    child_comment_count: 0,
    section_name: null,
    podcast_url: null,
    postTags: [{ id: 'demo-tag-tides', name: 'Tides', slug: 'tides' }],
    publishedBylines: [byline],
  });
  const posts = {
    posts: [
      post(
        150000102,
        'spring-tides-ahead',
        'Spring tides ahead',
        "What Tuesday's high water means for the harbour wall.",
        '2025-03-05T07:00:00.000Z',
        'everyone',
        [48, 6],
      ),
      post(
        150000101,
        'a-winter-of-sea-fog',
        'A winter of sea fog',
        'Why this winter was the foggiest in a decade.',
        '2025-02-26T07:00:00.000Z',
        'only_paid',
        [31, 2],
      ),
    ],
    nextCursor: null,
  };
  return [
    {
      host: 'substack.com',
      path: `/api/v1/user/${handle}/public_profile`,
      response: json(profile),
    },
    {
      host: 'substack.com',
      path: '/api/v1/profile/posts',
      response: (req) => (req.query.get('profile_user_id') === String(userId) && !req.query.get('cursor') ? json(posts) : demoMiss(req)),
    },
  ];
}

// --- livestream (Kick) ----------------------------------------------------------------------
function livestreamRoutes(): Route[] {
  const slug: string = OPEN_API_DATA.livestreamSlug;
  const img = (path: string) => `https://files.kick.com/images/${path}`;
  const channel = {
    id: 5200101,
    user_id: 5300101,
    slug,
    is_banned: false,
    playback_url: 'https://demo.playback.live-video.net/api/video/v1/demo.m3u8?token=demo',
    vod_enabled: true,
    subscription_enabled: true,
    followers_count: 3_412,
    following: false,
    subscription: null,
    subscriber_badges: [],
    banner_image: { url: img('channel/5200101/banner_image/demo.webp') },
    livestream: {
      id: 61000101,
      slug: 'storm-watch-live',
      session_title: 'Storm watch: live radar and harbour cams',
      is_live: true,
      viewer_count: 214,
      created_at: '2025-03-06 18:00:00',
      language: 'English',
      categories: [{ id: 15, name: 'Just Chatting', slug: 'just-chatting' }],
    },
    role: null,
    muted: false,
    follower_badges: [],
    offline_banner_image: { src: img('channel/5200101/offline_banner/demo.webp'), srcset: '' },
    verified: false,
    recent_categories: [{ id: 15, name: 'Just Chatting', slug: 'just-chatting' }],
    can_host: true,
    user: {
      id: 5300101,
      username: 'HarbourWeather',
      agreed_to_terms: true,
      email_verified_at: '2024-01-01T00:00:00.000000Z',
      bio: 'Live storm watches and the weekly tide show from Harbour City.',
      country: 'United Kingdom',
      state: '',
      city: 'Harbour City',
      instagram: '',
      twitter: 'harbourweather',
      youtube: '',
      discord: '',
      tiktok: '',
      facebook: '',
      profile_pic: img('user/5300101/profile_image/conversion/demo-fullsize.webp'),
    },
    chatroom: { id: 5400101, chatable_type: 'App\\Models\\Channel', chat_mode: 'public', slow_mode: false, followers_mode: false },
  };
  return [
    {
      host: 'kick.com',
      path: /^\/api\/v2\/channels\/[^/]+$/,
      response: (req) => (decodeURIComponent(req.path.split('/').pop()!).toLowerCase() === slug ? json(channel) : demoMiss(req)),
    },
  ];
}

// --- blog (Tumblr API v2; any api_key: the demo checks none) --------------------------------
function blogRoutes(): Route[] {
  const name: string = OPEN_API_DATA.blogName;
  const blog = {
    name,
    title: 'Harbour City Weather',
    description: 'Forecasts, storm photos and the odd tide table.',
    url: `https://${name}.tumblr.com/`,
    uuid: 't:DemoHarbourWeather0001',
    updated: 1_741_240_800,
  };
  const post = (id: string, slug: string, at: number, date: string, text: string, tags: string[], notes: number) => ({
    object_type: 'post',
    type: 'blocks',
    id: Number(id),
    id_string: id,
    tumblelog_uuid: blog.uuid,
    original_type: 'regular',
    blog_name: name,
    blog,
    post_url: `https://${name}.tumblr.com/post/${id}/${slug}`,
    short_url: `https://tmblr.co/ZDemo${id.slice(-6)}`,
    slug,
    date,
    timestamp: at,
    state: 'published',
    tags,
    summary: text,
    note_count: notes,
    content: [{ type: 'text', text }],
    layout: [],
    trail: [],
    followed: false,
    liked: false,
    can_like: true,
    can_reblog: true,
  });
  const answer = {
    meta: { status: 200, msg: 'OK' },
    response: {
      blog,
      posts: [
        post(
          '771000000000000102',
          'spring-tides-on-tuesday',
          1_741_240_800,
          '2025-03-06 06:00:00 GMT',
          'Spring tides on Tuesday: high water 06:42.',
          ['tides', 'harbour city'],
          57,
        ),
        post(
          '771000000000000101',
          'sea-fog-over-the-north-pier',
          1_741_100_000,
          '2025-03-04 14:53:20 GMT',
          'Sea fog over the north pier this afternoon.',
          ['fog'],
          23,
        ),
      ],
      total_posts: 2,
    },
  };
  return [
    {
      host: 'api.tumblr.com',
      path: `/v2/blog/${name}.tumblr.com/posts`,
      response: (req) => (req.query.get('api_key') && !req.query.get('offset') ? json(answer) : demoMiss(req)),
    },
  ];
}

export function openApiRoutes(): Route[] {
  return [...microblogDRoutes(), ...microblogERoutes(), ...newsletterRoutes(), ...livestreamRoutes(), ...blogRoutes()];
}
