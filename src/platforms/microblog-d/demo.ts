/**
 * microblog-d's demo answers (`npm run demo`, src/demo/platforms.ts), from Bluesky AppView XRPC.
 * Written here in the shapes parse.ts reads (this folder's tests read real captures from ../shared,
 * which the demo never uses); every name, id and URL is invented. Each route answers the
 * operation's example (its `example`) and is a demo miss for anything else; the posts, the
 * search, the followers and follows lists also answer their second (last) page, so paging can be
 * tried. The post's thread (the tide tables post, its replies two levels deep) is samples.ts's
 * written getPostThread shape; so are its likes and reposts (getLikes / getRepostedBy, two pages
 * each), asked by the post's AT URI with the DID (the author's profile answered by DID too: those
 * lists read it first).
 */
import type { Route } from '../../replay/server.js';
import { json } from '../../demo/answer.js';
import { demoMiss } from '../../demo/miss.js';
import { bskyGraphListBody, bskyLikesBody, bskyRepostedByBody, bskyThreadBody, samplePlcDid } from './samples.js';
import type { BskyPostSample, BskySample } from './samples.js';

interface DemoActor {
  did: string;
  handle: string;
  displayName: string;
  avatar: string;
  labels: never[];
  createdAt: string;
}

/** What the demo holds on this platform. */
export const DEMO = {
  microblogDHandle: 'harbourweather.bsky.social',
} as const;

export function demoRoutes(): Route[] {
  const XRPC = '/xrpc/';
  const HOST = 'public.api.bsky.app';
  const handle: string = DEMO.microblogDHandle;
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
  const { forecast, tides, reposted, storm, springTides } = demoPosts(actor, other);
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
  // The follower and follow lists (samples.ts: the lexicon's profileView, invented accounts).
  const account = (handle: string, displayName: string, description: string): BskySample => ({
    handle,
    did: samplePlcDid(`demo${handle}`),
    displayName,
    description,
  });
  const harbour: BskySample = { handle, did, displayName: actor.displayName, description: profile.description };
  const tideWatcher: BskySample = { ...account(other.handle, other.displayName, 'Tide photos from the north pier.'), did: other.did };
  const ferries = account('ferrytimes.bsky.social', 'Harbour Ferries', 'Ferry timetables and disruptions.');
  const lifeboat = account('harbourlifeboat.org', 'Harbour Lifeboat Station', 'Volunteer crew. Call 999 and ask for the coastguard.');
  const FOLLOWERS_PAGE_2 = '3lkdemofollowers02';
  const LIKES_PAGE_2 = '3lkdemolikes02';
  const FOLLOWS_PAGE_2 = '3lkdemofollows02';
  const REPOSTS_PAGE_2 = '3lkdemoreposts02';
  const FEED_PAGE_2 = '2025-03-04T19:00:00.000Z';
  const SEARCH_PAGE_2 = '2';
  const byMethod: Record<string, (q: URLSearchParams) => unknown> = {
    // By handle (the profile operation's example) or by DID (the likes and reposts read the post's author first).
    'app.bsky.actor.getProfile': (q) => (q.get('actor') === handle || q.get('actor') === did ? profile : null),
    'app.bsky.feed.getAuthorFeed': (q) => {
      if (q.get('actor') !== handle) return null;
      if (!q.get('cursor'))
        return {
          feed: [
            { post: forecast },
            { post: tides },
            { post: reposted, reason: { $type: 'app.bsky.feed.defs#reasonRepost', by: actor, indexedAt: FEED_PAGE_2 } },
          ],
          cursor: FEED_PAGE_2,
        };
      return q.get('cursor') === FEED_PAGE_2 ? { feed: [{ post: storm }, { post: springTides }] } : null;
    },
    'app.bsky.feed.searchPosts': (q) => {
      if (q.get('q') !== 'tide tables') return null;
      if (!q.get('cursor')) return { posts: [tides, reposted], hitsTotal: 3, cursor: SEARCH_PAGE_2 };
      return q.get('cursor') === SEARCH_PAGE_2 ? { posts: [springTides], hitsTotal: 3 } : null;
    },
    'app.bsky.actor.searchActorsTypeahead': (q) => (q.get('q') === 'harbour weather' ? { actors: [actor] } : null),
    'app.bsky.graph.getFollowers': (q) => {
      if (q.get('actor') !== handle) return null;
      if (!q.get('cursor')) return bskyGraphListBody('followers', harbour, [tideWatcher, ferries], FOLLOWERS_PAGE_2);
      return q.get('cursor') === FOLLOWERS_PAGE_2 ? bskyGraphListBody('followers', harbour, [lifeboat]) : null;
    },
    'app.bsky.graph.getFollows': (q) => {
      if (q.get('actor') !== handle) return null;
      if (!q.get('cursor')) return bskyGraphListBody('follows', harbour, [tideWatcher, lifeboat], FOLLOWS_PAGE_2);
      return q.get('cursor') === FOLLOWS_PAGE_2 ? bskyGraphListBody('follows', harbour, [ferries]) : null;
    },
    'app.bsky.feed.getPostThread': (q) =>
      q.get('uri') === `at://${handle}/app.bsky.feed.post/${tides.uri.split('/').pop()}`
        ? thread(tides, harbour, tideWatcher, ferries)
        : null,
    'app.bsky.feed.getLikes': (q) => {
      if (q.get('uri') !== tides.uri) return null;
      if (!q.get('cursor'))
        return bskyLikesBody(
          tides.uri,
          [
            { actor: tideWatcher, createdAt: '2025-03-05T18:02:11.000Z' },
            { actor: ferries, createdAt: '2025-03-05T17:41:37.000Z' },
          ],
          LIKES_PAGE_2,
        );
      return q.get('cursor') === LIKES_PAGE_2
        ? bskyLikesBody(tides.uri, [{ actor: lifeboat, createdAt: '2025-03-05T17:33:05.000Z' }])
        : null;
    },
    'app.bsky.feed.getRepostedBy': (q) => {
      if (q.get('uri') !== tides.uri) return null;
      if (!q.get('cursor')) return bskyRepostedByBody(tides.uri, [lifeboat, tideWatcher], REPOSTS_PAGE_2);
      return q.get('cursor') === REPOSTS_PAGE_2 ? bskyRepostedByBody(tides.uri, [ferries]) : null;
    },
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

/**
 * The tide tables post's thread: two of its replies, one answered by the account (samples.ts's
 * getPostThread shape; the post itself is the feed's `tidesView`).
 */
function thread(tidesView: object, harbour: BskySample, tideWatcher: BskySample, ferries: BskySample): Record<string, unknown> {
  const tides: BskyPostSample = {
    author: harbour,
    rkey: '3lkdemo0000a2',
    text: 'Tide tables for next week are up: spring tides on Tuesday, high water 06:42.',
  };
  const question: BskyPostSample = {
    author: tideWatcher,
    rkey: '3lkdemo0000c1',
    text: 'Is that 06:42 at the north pier too?',
    replyTo: tides,
  };
  const answer: BskyPostSample = {
    author: harbour,
    rkey: '3lkdemo0000c2',
    text: 'About ten minutes later at the north pier: 06:52.',
    replyTo: question,
    root: tides,
  };
  const ferry: BskyPostSample = {
    author: ferries,
    rkey: '3lkdemo0000c3',
    text: 'Tuesday morning sailings run to the spring-tide timetable.',
    replyTo: tides,
  };
  const body = bskyThreadBody({
    post: tides,
    replies: [
      { post: question, replies: [{ post: answer, replies: [] }] },
      { post: ferry, replies: [] },
    ],
  });
  return { thread: { ...(body.thread as Record<string, unknown>), post: tidesView } };
}

/** The account's posts (feed view posts, in the lexicon's postView shape), and one it reposted. */
function demoPosts(actor: DemoActor, other: DemoActor) {
  const post = (author: DemoActor, rkey: string, text: string, at: string, counts: [number, number, number, number]) => ({
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
  // The author feed's second page: older posts (the cursor is the last post's time, as Bluesky's is).
  const storm = post(
    actor,
    '3lkdemo0000a0',
    'Storm warning lifted. Winds easing to force 4 by midnight.',
    '2025-03-03T21:15:00.000Z',
    [0, 22, 140, 2],
  );
  const springTides = post(
    actor,
    '3lkdemo00009z',
    'Spring tides this week: take care on the harbour steps at high water.',
    '2025-03-02T08:45:00.000Z',
    [3, 18, 77, 0],
  );
  return { forecast, tides, reposted, storm, springTides };
}
