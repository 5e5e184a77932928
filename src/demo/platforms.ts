/**
 * Replay routes for the demo's platform routes that are not the creator web's sources: each
 * platform answers in its own format, built with the page builders of src/platforms/<label>/samples.ts —
 * the project's own invented pages, written for its tests, not captures (every name, id and URL
 * in them is invented; the demo only runs under `npm run demo`, never in the built server), around the demo creators where a platform
 * has something of theirs (Tala Okafor's tweet and events, Ravi Menon's storefront). Each
 * platform's upstream accepts the tokens it hands out without checking them: the demo has one
 * user and no clock. Deterministic: no randomness, no dates but fixed ones.
 */
import type { RecordedResponse, ReplayRequest, Route } from '../replay/server.js';
import { demoMiss } from './miss.js';
import { RAVI, TALA } from './web.js';
import * as forum from '../platforms/forum/samples.js';
import * as video from '../platforms/video/samples.js';
import * as microblogC from '../platforms/microblog-c/samples.js';
import * as moodboard from '../platforms/moodboard/samples.js';
import * as pinboard from '../platforms/pinboard/samples.js';
import { END_BOOKMARK } from '../platforms/pinboard/parse.js';
import * as retail from '../platforms/retail-shop/samples.js';
import * as socialA from '../platforms/social-a/samples.js';
import { postMedia as socialBPostMedia, postPage as socialBPostPage } from '../platforms/social-b/samples.js';
import { OPERATIONS as SOCIAL_A_OPERATIONS } from '../platforms/social-a/endpoints.js';
import { legacyShapeUser, tweetResult, tweetResultBody } from '../platforms/microblog-b/samples.js';
import { albumJson, artistJson, bundleJs, makeJwt, searchJson, webPlayerPage } from '../platforms/audio-b/samples.js';
import { linkmeHtml, linkmeProfile, profileNextData as linkmeNextData } from '../platforms/linkpage-a/samples.js';
import { modulesBody, PROFILE_ID as KOMI_PROFILE_ID, talentBody } from '../platforms/linkpage-c/samples.js';
import { creatorPage as pillarPage } from '../platforms/linkpage-d/samples.js';

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const JSON_CT = { 'content-type': 'application/json; charset=utf-8' };
const json = (body: unknown, status = 200): RecordedResponse => ({
  status,
  headers: JSON_CT,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

/** What each platform's demo data holds, for the banner and for a demo miss's message. */
export const DEMO_PLATFORM_DATA = {
  tweetId: '1881234567890123457',
  socialBPostCode: 'DAtalaDraw1',
  forumQueries: 'any query',
  microblogCQuery: 'any query',
  moodboardPostId: 1909064612,
  pinboardQuery: 'any query',
  pinboardUser: 'taladraws',
  audioBArtistId: '1500000001',
  audioBAlbumId: '1600000001',
  linkmeUser: 'mira.sol',
  komiUser: 'nightowl',
  pillarUser: 'maraquintero',
  socialACityUrl: socialA.CITY_URL,
  storefront: RAVI.shortvideo,
  videoSearchQuery: 'kerala fish curry',
} as const;

// --- microblog-b: one post by Tala Okafor --------------------------------------------------
function microblogBRoutes(): Route[] {
  const author = legacyShapeUser('TalaDraws');
  Object.assign(author.legacy as Record<string, unknown>, {
    name: TALA.name,
    description: 'Illustrator. Picture books, editorial.',
    location: 'London',
    entities: {
      description: { urls: [] },
      url: { urls: [{ display_url: 'talaokafor.com', expanded_url: `${TALA.site}/`, url: 'https://t.co/T4l4S1te01', indices: [0, 23] }] },
    },
    url: 'https://t.co/T4l4S1te01',
    profile_image_url_https: 'https://pbs.twimg.com/profile_images/1/tala_normal.jpg',
  });
  const text = 'New picture book cover, painted in gouache over six evenings. Process video: https://t.co/T4l4Pr0c01';
  const post = tweetResult(DEMO_PLATFORM_DATA.tweetId, {
    user: author,
    text,
    legacy: {
      created_at: 'Thu Jan 16 18:30:00 +0000 2025',
      entities: {
        hashtags: [],
        symbols: [],
        timestamps: [],
        urls: [
          {
            display_url: 'tiktok.com/@tala.draws',
            expanded_url: 'https://www.tiktok.com/@tala.draws',
            url: 'https://t.co/T4l4Pr0c01',
            indices: [77, 100],
          },
        ],
        user_mentions: [],
      },
    },
  });
  return [
    {
      host: 'x.com',
      path: /^\/i\/api\/graphql\/[^/]+\/TweetResultByRestId$/,
      response: (req: ReplayRequest) => {
        const id = (JSON.parse(req.query.get('variables') ?? '{}') as { tweetId?: string }).tweetId;
        return id === DEMO_PLATFORM_DATA.tweetId ? json(tweetResultBody(post)) : demoMiss(req);
      },
    },
  ];
}

// --- forum: one user (nightowlpots), their posts, r/pottery, one post's thread ---------------
function forumRoutes(): Route[] {
  const user = 'NightOwlPots';
  const mine = (id: string, title: string, extra: Record<string, unknown> = {}) =>
    forum.t3(id, {
      subreddit: 'Pottery',
      subreddit_name_prefixed: 'r/Pottery',
      subreddit_subscribers: 512_300,
      author: user,
      title,
      ...extra,
    });
  const firstGlaze = mine('1hq7x2a', 'First glaze firing', {
    selftext: 'Cone 6, a celadon over a white stoneware. Two of five crazed; the rest came out glassy.',
    selftext_html:
      '<!-- SC_OFF --><div class="md"><p>Cone 6, a celadon over a white stoneware. Two of five crazed; the rest came out glassy.</p>\n</div><!-- SC_ON -->',
    num_comments: 3,
    permalink: '/r/Pottery/comments/1hq7x2a/first_glaze_firing/',
    url: 'https://www.reddit.com/r/Pottery/comments/1hq7x2a/first_glaze_firing/',
  });
  const posts = [firstGlaze, mine('1hn2c8d', 'Trimming feet on a batch of mugs'), mine('1hk0v5e', 'Wedging table from a scaffold board')];
  const reply = forum.comment('m4x2b1c', {
    subreddit: 'Pottery',
    author: user,
    is_submitter: true,
    depth: 1,
    parent_id: 't1_m4x1a0b',
    link_id: 't3_1hq7x2a',
    body: 'Thanks! I will try a slower cool next time.',
  });
  const top = forum.comment('m4x1a0b', {
    subreddit: 'Pottery',
    depth: 0,
    link_id: 't3_1hq7x2a',
    parent_id: 't3_1hq7x2a',
    body: 'Crazing on celadon often means the glaze shrinks more than the body: try a little more silica.',
    replies: forum.listing([reply]),
  });
  const more = {
    kind: 'more',
    data: { count: 1, name: 't1_m4x3c2d', id: 'm4x3c2d', parent_id: 't3_1hq7x2a', depth: 0, children: ['m4x3c2d'] },
  };
  const R = 'www.reddit.com';
  return [
    {
      host: R,
      path: /^\/user\/[^/]+\/about\.json$/i,
      response: (req) => (/^\/user\/nightowlpots\//i.test(req.path) ? json(forum.userAbout(user)) : demoMiss(req)),
    },
    {
      host: R,
      path: /^\/user\/[^/]+\/submitted\.json$/i,
      response: (req) =>
        /^\/user\/nightowlpots\//i.test(req.path) ? json(forum.listing(posts.map((data) => ({ kind: 't3', data })))) : demoMiss(req),
    },
    {
      host: R,
      path: /^\/r\/[^/]+\/(?:hot|new|top|rising)\.json$/i,
      response: (req) =>
        /^\/r\/pottery\//i.test(req.path) ? json(forum.listing(posts.map((data) => ({ kind: 't3', data })))) : demoMiss(req),
    },
    {
      host: R,
      path: /^\/r\/[^/]+\/about\.json$/i,
      response: (req) => (/^\/r\/pottery\//i.test(req.path) ? json(forum.subredditAbout('Pottery')) : demoMiss(req)),
    },
    {
      host: R,
      path: /^\/comments\/[^/]+\.json$/i,
      response: (req) => (req.path === '/comments/1hq7x2a.json' ? json(forum.thread(firstGlaze, [top, more])) : demoMiss(req)),
    },
  ];
}

// --- video: one of Ravi Menon's videos, his Videos tab, a search that finds him ---------------
function videoRoutes(): Route[] {
  const id = 'kP9xWq2LmZ4';
  const player = video.playerResponse({
    videoId: id,
    title: 'Kerala fish curry in 30 minutes',
    description: `Tamarind, coconut and curry leaves: a weeknight fish curry.\nRecipe: ${RAVI.site}/fish-curry`,
    lengthSeconds: 1104,
    viewCount: 48_213,
    likeCount: 2_140,
    channelId: RAVI.videoChannelId,
    author: `${RAVI.name} Cooks`,
    publishDate: '2025-03-06T04:00:00-08:00',
    category: 'Howto & Style',
    keywords: ['kerala', 'fish curry', 'weeknight'],
  });
  const channel = { ...video.NIGHT_OWL, channelId: RAVI.videoChannelId, handle: RAVI.video, title: `${RAVI.name} Cooks` };
  const uploads: video.TestListVideo[] = [
    { videoId: id, title: 'Kerala fish curry in 30 minutes', views: '48,213 views', published: '8 months ago', length: '18:24' },
    { videoId: 'kP9xWq2LmZ5', title: 'Appam without a mould', views: '21,877 views', published: '9 months ago', length: '12:51' },
    { videoId: 'kP9xWq2LmZ6', title: 'Sambar for a week of lunches', views: '35,090 views', published: '10 months ago', length: '15:07' },
  ];
  const byRavi = { name: channel.title, channelId: channel.channelId };
  return [
    {
      host: 'www.youtube.com',
      path: '/watch',
      response: (req) => (req.query.get('v') === id ? { headers: HTML, body: video.watchPageHtml(player) } : demoMiss(req)),
    },
    {
      host: 'www.youtube.com',
      path: /^\/@ravimenoncooks\/videos$/i,
      method: 'GET',
      response: { headers: HTML, body: video.channelHtml(video.videosTabInitialData(channel, uploads), channel.title) },
    },
    {
      host: 'www.youtube.com',
      path: '/youtubei/v1/search',
      method: 'POST',
      response: (req) => {
        const sent = JSON.parse(req.body.toString('utf8')) as { query?: string };
        if (sent.query?.toLowerCase() !== DEMO_PLATFORM_DATA.videoSearchQuery) return demoMiss(req);
        const results = [
          video.searchChannelRenderer({
            channelId: channel.channelId,
            handle: channel.handle,
            title: channel.title,
            subscribers: '61.4K subscribers',
            description: 'Weeknight curries and Kerala classics, a new recipe every Thursday.',
          }),
          ...uploads.slice(0, 1).map((v) => video.searchVideoRenderer(v, byRavi)),
        ];
        return json(video.searchAnswer(results));
      },
    },
  ];
}

// --- social-a: a city's events, an event search, Tala Okafor's page events ------------------
const TALA_EVENTS: socialA.TestEvent[] = [
  {
    id: '3710000000000001',
    name: 'Picture-book signing with Tala Okafor',
    when: 'Sat, Mar 14 at 2:00 PM GMT',
    start: 1773496800,
    place: { typename: 'Page', name: 'Marchpane Books', id: '530000000000001', city: 'London' },
    social: '214 interested · 38 going',
  },
  {
    id: '3710000000000002',
    name: 'Live drawing: gouache covers',
    when: 'Thu, Mar 26 at 7:00 PM GMT',
    start: 1774551600,
    place: null,
    online: true,
    social: '96 interested · 20 going',
  },
];
const TALA_COLLECTION_ID = Buffer.from(`app_collection:${'100089417700001'}:2344061033:210`).toString('base64');

function socialARoutes(): Route[] {
  const FB = 'www.facebook.com';
  return [
    // The home page hands out the LSD token (with an anonymous cookie) that GraphQL calls carry.
    {
      host: FB,
      path: '/',
      method: 'GET',
      response: {
        headers: { ...HTML, 'set-cookie': 'datr=demoDatr1; Max-Age=63072000; path=/; domain=.facebook.com; secure; httponly' },
        body: socialA.tokenPageHtml(),
      },
    },
    {
      host: FB,
      path: `/events/explore/${socialA.CITY_SLUG}/${socialA.CITY_ID}/`,
      response: {
        headers: HTML,
        body: socialA.cityEventsHtml(socialA.CITY_ID, 'Harbour City', {
          events: socialA.CITY_EVENTS,
          endCursor: 'AQHRcity1',
          hasNext: true,
        }),
      },
    },
    {
      host: FB,
      path: `/${TALA.socialA}/upcoming_hosted_events`,
      response: {
        headers: HTML,
        body: socialA.pageEventsHtml(`${TALA.name} Illustration`, TALA_COLLECTION_ID, TALA_EVENTS.length, { events: TALA_EVENTS }),
      },
    },
    {
      host: FB,
      path: '/api/graphql/',
      method: 'POST',
      response: (req) => {
        const form = new URLSearchParams(req.body.toString('utf8'));
        const docId = form.get('doc_id');
        const variables = JSON.parse(form.get('variables') ?? '{}') as { cursor?: string | null; id?: string };
        if (docId === SOCIAL_A_OPERATIONS.eventSearch.docId) return json(socialA.eventSearchGraphql({ events: socialA.SEARCH_EVENTS }));
        if (docId === socialA.TEST_DOC_IDS.cityEvents && variables.cursor === 'AQHRcity1') {
          return json(socialA.cityEventsGraphql(socialA.CITY_ID, { events: socialA.CITY_EVENTS_PAGE_2, endCursor: null, hasNext: false }));
        }
        return demoMiss(req);
      },
    },
  ];
}

// --- social-b: one post by Tala Okafor (her profile and posts: the creator web) ---------------
function socialBRoutes(): Route[] {
  const code = DEMO_PLATFORM_DATA.socialBPostCode;
  return [
    { host: 'www.instagram.com', path: `/p/${code}/`, response: { headers: HTML, body: socialBPostPage([socialBPostMedia({ code })]) } },
  ];
}

// --- pinboard: Tala Okafor's account (its UserResource; any other account: Pinterest's 404) ------
function pinboardRoutes(): Route[] {
  const username = DEMO_PLATFORM_DATA.pinboardUser;
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
  return [
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
  ];
}

// --- retail-shop: Ravi Menon's storefront ---------------------------------------------------
function retailShopRoutes(): Route[] {
  const handle = DEMO_PLATFORM_DATA.storefront;
  const state = retail.storefrontState({
    handle,
    displayName: `${RAVI.name} Cooks`,
    bio: 'The pans, spices and gadgets from my kitchen.',
    socialLinks: [
      { socialType: 'YOUTUBE', url: `https://www.youtube.com/@${RAVI.video}` },
      { socialType: 'INSTAGRAM', url: `https://www.instagram.com/${RAVI.socialB}` },
    ],
    trendingPicks: [retail.trendingPick(handle, 'B0DEMO0001', 39.99, 10)],
    curations: [retail.curation(handle, '6f1c2e3d-demo-4a5b-8c9d-000000000001', 'Kerala kitchen basics', 12)],
    posts: [
      retail.listPost(handle, 'DEMOLIST01', 'Spice box essentials', 8),
      retail.videoPost('5d8e1b3c4a6f7d9e1b3c5a7e9d1b3c5a', 'My cast-iron kadai, two years in', ['B0DEMO0001', 'B0DEMO0002']),
    ],
    nextPageToken: null,
  });
  return [
    {
      host: 'www.amazon.com',
      path: /^\/shop\/[^/]+$/,
      method: 'GET',
      response: (req) =>
        decodeURIComponent(req.path.split('/')[2]).toLowerCase() === handle
          ? { headers: HTML, body: retail.storefrontHtml(state, `Amazon.com: ${RAVI.name} Cooks`) }
          : demoMiss(req),
    },
  ];
}

// --- search platforms: any query answers with the same invented results ---------------------
function searchRoutes(): Route[] {
  return [
    {
      host: 'www.reddit.com',
      path: '/search.json',
      response: (req) =>
        req.query.get('type') === 'comment'
          ? json(forum.listing([forum.comment('dm1'), forum.comment('dm2')], null))
          : json(
              forum.listing(
                [
                  forum.post('dp1'),
                  forum.post('dp2', { is_self: false, domain: 'github.com', url: 'https://github.com/creator-lookup-demo/creator-kit' }),
                  forum.post('dp3'),
                ],
                null,
              ),
            ),
    },
    { host: 'www.threads.com', path: '/search', response: { headers: HTML, body: microblogC.sessionPage('AVqDemoLsd1') } },
    {
      host: 'www.threads.com',
      path: '/api/graphql',
      method: 'POST',
      response: () => {
        const day = (iso: string) => Date.parse(iso) / 1000;
        const posts = [
          microblogC.post({
            pk: '3600000000000000101',
            username: 'ravimenon.cooks',
            userPk: '6100200401',
            takenAt: day('2025-03-06T12:00:00Z'),
            text: 'Thursday recipe is up: Kerala fish curry, tamarind and coconut.',
          }),
          microblogC.imagePost({
            pk: '3600000000000000102',
            username: 'tala.draws',
            userPk: '6100200402',
            takenAt: day('2025-03-04T09:30:00Z'),
            text: 'Sketchbook page from the train.',
          }),
          microblogC.post({ pk: '3600000000000000103', takenAt: day('2025-03-01T18:00:00Z') }),
        ];
        return json(microblogC.searchAnswer(posts, null));
      },
    },
    {
      host: 'api.cosmos.so',
      path: '/graphql',
      method: 'POST',
      query: { q: 'GetElementDetails' },
      response: (req) => {
        const id = Number((JSON.parse(req.body.toString('utf8')) as { variables: { elementId?: unknown } }).variables.elementId);
        return id === DEMO_PLATFORM_DATA.moodboardPostId ? json(moodboard.elementDetails(moodboard.imageElement(id), 57)) : demoMiss(req);
      },
    },
    {
      host: 'api.cosmos.so',
      path: '/graphql',
      method: 'POST',
      query: { q: 'SearchGlobalElements' },
      response: () =>
        json(
          moodboard.searchAnswer(
            [moodboard.imageElement(), moodboard.productElement(), moodboard.videoElement(), moodboard.websiteElement()],
            null,
          ),
        ),
    },
    {
      host: 'www.pinterest.com',
      path: '/resource/BaseSearchResource/get/',
      response: () =>
        json(
          pinboard.searchBody(
            [pinboard.pinJson('7001'), pinboard.pinJson('7002'), { type: 'story', id: 'module-1' }, pinboard.pinJson('7003')],
            END_BOOKMARK,
          ),
        ),
    },
  ];
}

// --- audio-b: the web player's token, then the catalogue ------------------------------------
function audioBRoutes(): Route[] {
  const BUNDLE = '/assets/index-demo0001.js';
  // A token that expires in 2100: the demo has no clock to keep.
  const token = makeJwt(4_102_444_800, 'demo');
  return [
    { host: 'music.apple.com', path: '/', response: { headers: HTML, body: webPlayerPage(BUNDLE) } },
    { host: 'music.apple.com', path: BUNDLE, response: { headers: { 'content-type': 'text/javascript' }, body: bundleJs(token) } },
    {
      host: 'amp-api.music.apple.com',
      path: new RegExp(`^/v1/catalog/[a-z]{2}/artists/${DEMO_PLATFORM_DATA.audioBArtistId}$`),
      response: (req) => json(artistJson(req.path.split('/').pop()!)),
    },
    {
      host: 'amp-api.music.apple.com',
      path: new RegExp(`^/v1/catalog/[a-z]{2}/albums/${DEMO_PLATFORM_DATA.audioBAlbumId}$`),
      response: (req) => json(albumJson(req.path.split('/').pop()!)),
    },
    {
      host: 'amp-api.music.apple.com',
      path: /^\/v1\/catalog\/[a-z]{2}\/search$/,
      response: (req) => json(searchJson(req.query.get('term') ?? '')),
    },
  ];
}

// --- link pages not in the creator web ------------------------------------------------------
function linkPageRoutes(): Route[] {
  return [
    {
      host: 'link.me',
      path: `/${DEMO_PLATFORM_DATA.linkmeUser}`,
      response: {
        headers: HTML,
        body: linkmeHtml(linkmeNextData(linkmeProfile(DEMO_PLATFORM_DATA.linkmeUser)), `${DEMO_PLATFORM_DATA.linkmeUser} | Linkme`),
      },
    },
    {
      host: 'api.komi.io',
      path: `/api/talent/usernames/${DEMO_PLATFORM_DATA.komiUser}`,
      response: json(talentBody(DEMO_PLATFORM_DATA.komiUser)),
    },
    { host: 'api.komi.io', path: `/api/talent-profiles/${KOMI_PROFILE_ID}/modules`, response: json(modulesBody()) },
    {
      host: 'pillar.io',
      path: `/${DEMO_PLATFORM_DATA.pillarUser}`,
      response: { headers: HTML, body: pillarPage(DEMO_PLATFORM_DATA.pillarUser) },
    },
  ];
}

/** Routes of every platform here (they take precedence over the creator web's catch-alls). */
export function platformRoutes(): Route[] {
  return [
    ...forumRoutes(),
    ...videoRoutes(),
    ...microblogBRoutes(),
    ...socialBRoutes(),
    ...pinboardRoutes(),
    ...socialARoutes(),
    ...retailShopRoutes(),
    ...searchRoutes(),
    ...audioBRoutes(),
    ...linkPageRoutes(),
  ];
}
