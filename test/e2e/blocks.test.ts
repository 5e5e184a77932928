/**
 * Every block page on every route, through the gateway over HTTP: whatever host a route contacts
 * and whatever status the page comes with (200, 403, 429, 503), an anti-bot vendor's page is
 * 502 UPSTREAM_BLOCKED at 0 credits — the upstream client's block catalogue sees every answer
 * before any platform does. Pages: the real Cloudflare captures of
 * ../shared/fixtures/blocks/cloudflare/ and, for the vendors without a real capture, OUR OWN pages
 * (test/blocks/vendor-pages.ts, written by us). Then the real platform answers of
 * ../shared/fixtures/blocks/<label>/ on their own platform's routes at their recorded status →
 * the outcome each SOURCES.md gives.
 *
 * One gateway for the whole file; per (page, status) one batch of concurrent requests, one per
 * route sample.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, hasFixtures } from '../support/fixtures.js';
import { allOperations } from '../../src/gateway.js';
import { platforms } from '../../src/platforms/registry.js';
import { platform as shortvideo } from '../../src/platforms/shortvideo/platform.js';
import type { Route } from '../../src/replay/server.js';
import { OWN_VENDOR_PAGES } from '../blocks/vendor-pages.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const enc = encodeURIComponent;

/** A valid request per REST route (discovery: one per source platform). */
const SAMPLES: Record<string, string[]> = {
  '/v1/code/trending/developers': [''],
  '/v1/code/repository': [`url=${enc('https://github.com/octo/kit')}`],
  '/v1/websearch/search': ['query=creator'],
  '/v1/audio-a/podcast': ['id=4rOoJ6Egrf8K2IrywzwOMk'],
  '/v1/audio-a/playlist': ['id=37i9dQZF1DXcBWIGoYBM5M'],
  '/v1/audio-a/track': ['id=15RpfmFhrE5RRkf4vZ6kZu'],
  '/v1/audio-a/album': ['id=4aawyAB9vmqN3uQ7FjRGTy'],
  '/v1/audio-a/artist': ['id=0gxyHStUsqpMadRV0Di1Qt'],
  '/v1/audio-a/episode': ['id=07gKzPFkbvGF0cHoeG7ARS'],
  '/v1/audio-b/artist': [`url=${enc('https://music.apple.com/us/artist/some-artist/159260351')}`],
  '/v1/audio-b/album': [`url=${enc('https://music.apple.com/us/album/some-album/1440935467')}`],
  '/v1/audio-b/song': [`url=${enc('https://music.apple.com/us/album/some-album/1440935467?i=1440935468')}`],
  '/v1/audio-b/playlist': [`url=${enc('https://music.apple.com/us/playlist/some-mix/pl.fde3285b62264c44bc53477612d037a4')}`],
  '/v1/audio-b/search': ['query=swift'],
  '/v1/audio-c/artist': ['handle=maya'],
  '/v1/audio-c/playlist': [`url=${enc('https://soundcloud.com/maya/sets/mix')}`],
  '/v1/audio-c/track': [`url=${enc('https://soundcloud.com/maya/first-song')}`],
  '/v1/audio-c/artist/tracks': ['handle=maya'],
  '/v1/moodboard/post': [`url=${enc('https://www.cosmos.so/e/1234567890')}`],
  '/v1/moodboard/search': ['query=cats'],
  '/v1/linkpage-a': [`url=${enc('https://link.me/maya')}`],
  '/v1/linkpage-b': [`url=${enc('https://linktr.ee/maya')}`],
  '/v1/linkpage-c': [`url=${enc('https://maya.komi.io')}`],
  '/v1/linkpage-d': [`url=${enc('https://pillar.io/maya')}`],
  '/v1/linkpage-e': [`url=${enc('https://lnk.bio/maya')}`],
  '/v1/pinboard/search': ['query=cats'],
  '/v1/social-b/profile': ['handle=maya'],
  '/v1/social-b/post': [`url=${enc('https://www.instagram.com/p/DAtalaDraw1/')}`],
  '/v1/social-b/posts': ['handle=maya'],
  '/v1/shortvideo/profile': ['handle=maya'],
  '/v1/microblog-b/profile': ['handle=maya'],
  '/v1/microblog-c/profile': ['handle=maya'],
  '/v1/code/user': ['handle=maya'],
  '/v1/code/user/repos': ['handle=maya'],
  '/v1/code/user/followers': ['handle=maya'],
  '/v1/code/repository/contributors': [`url=${enc('https://github.com/octo/kit')}`],
  '/v1/code/repository/releases': [`url=${enc('https://github.com/octo/kit')}`],
  '/v1/pinboard/profile': ['handle=maya'],
  '/v1/social-a/page': [`url=${enc('https://www.facebook.com/maya')}`],
  '/v1/forum/search': ['query=cats'],
  '/v1/forum/user': ['handle=maya'],
  '/v1/forum/user/posts': ['handle=maya'],
  '/v1/forum/user/comments': ['handle=maya'],
  '/v1/forum/subreddit': ['name=pottery'],
  '/v1/forum/subreddit/search': ['subreddit=pottery&query=glaze'],
  '/v1/forum/post': [`url=${enc('https://www.reddit.com/r/pottery/comments/1hq7x2a/a_bowl/')}`],
  '/v1/microblog-c/search': ['query=cats'],
  '/v1/microblog-a/post': [`url=${enc('https://truthsocial.com/@maya/114000000000000001')}`],
  '/v1/microblog-a/profile': ['handle=maya'],
  '/v1/microblog-a/posts': ['handle=maya'],
  '/v1/microblog-b/tweet': [`url=${enc('https://x.com/maya/status/1763230707432751435')}`],
  '/v1/video/channel': ['channelId=UCTGjY2I-ZUGnwVoWAGRd7XQ', 'handle=maya'],
  '/v1/video/video': ['id=kP9xWq2LmZ4'],
  '/v1/video/videos': ['handle=maya'],
  '/v1/video/search': ['query=cats'],
  '/v1/video/transcript': ['id=kP9xWq2LmZ4'],
  '/v1/video/comments': ['id=kP9xWq2LmZ4'],
  '/v1/video/playlist': ['id=PLr4vEw0Kq2mNcT8bQyH3sLdJf6uZa1WpE'],
  '/v1/video/posts': ['handle=maya'],
  '/v1/shortvideo/video': [`url=${enc('https://www.tiktok.com/@maya/video/7390112233445566778')}`],
  '/v1/pinboard/pin': ['id=1125968647761564'],
  '/v1/pinboard/board': [`url=${enc('https://www.pinterest.com/maya/recipes/')}`],
  '/v1/retail-shop/shop': [`url=${enc('https://www.amazon.com/shop/maya')}`],
  '/v1/social-a/events': [`url=${enc('https://www.facebook.com/events/explore/new-york-ny/108424279189115/')}`],
  '/v1/social-a/events/search': ['query=concert'],
  '/v1/social-a/profile/events': [`url=${enc('https://www.facebook.com/maya')}`],
  '/v1/microblog-d/profile': ['handle=maya.bsky.social'],
  '/v1/microblog-d/posts': ['handle=maya.bsky.social'],
  '/v1/microblog-d/search': ['query=cats'],
  '/v1/microblog-d/search/profiles': ['query=cats'],
  '/v1/microblog-d/followers': ['handle=maya.bsky.social'],
  '/v1/microblog-d/follows': ['handle=maya.bsky.social'],
  '/v1/microblog-d/post': [`url=${enc('https://bsky.app/profile/maya.bsky.social/post/3lkmaya000001')}`],
  // By handle (the getProfile that resolves it meets the wall) and by DID (getLikes / getRepostedBy itself does).
  '/v1/microblog-d/post/likes': [
    `url=${enc('https://bsky.app/profile/maya.bsky.social/post/3lkmaya000001')}`,
    `uri=${enc('at://did:plc:mayamayamayamayamayamaya/app.bsky.feed.post/3lkmaya000001')}`,
  ],
  '/v1/microblog-d/post/reposts': [
    `url=${enc('https://bsky.app/profile/maya.bsky.social/post/3lkmaya000001')}`,
    `uri=${enc('at://did:plc:mayamayamayamayamayamaya/app.bsky.feed.post/3lkmaya000001')}`,
  ],
  '/v1/microblog-e/profile': ['handle=maya@mastodon.social'],
  '/v1/microblog-e/posts': ['handle=maya@mastodon.social'],
  '/v1/microblog-e/followers': ['handle=maya@mastodon.social'],
  '/v1/microblog-e/following': ['handle=maya@mastodon.social'],
  '/v1/microblog-e/post': ['url=https%3A%2F%2Fmastodon.social%2F%40maya%2F113900000000000011'],
  '/v1/microblog-e/post/reblogged-by': ['url=https%3A%2F%2Fmastodon.social%2F%40maya%2F113900000000000011'],
  '/v1/microblog-e/post/favourited-by': ['url=https%3A%2F%2Fmastodon.social%2F%40maya%2F113900000000000011'],
  '/v1/microblog-e/tag': ['instance=mastodon.social&tag=cats'],
  '/v1/microblog-e/search/profiles': ['instance=mastodon.social&query=cats'],
  '/v1/microblog-e/trends/tags': ['instance=mastodon.social'],
  '/v1/microblog-e/trends/statuses': ['instance=mastodon.social'],
  '/v1/newsletter/profile': ['handle=maya'],
  '/v1/newsletter/posts': ['handle=maya'],
  '/v1/newsletter/post': [`url=${enc('https://maya.substack.com/p/first-post')}`],
  '/v1/newsletter/post/comments': [`url=${enc('https://maya.substack.com/p/first-post')}`],
  '/v1/newsletter/search': ['query=maya'],
  '/v1/livestream/channel': ['handle=maya'],
  '/v1/livestream/videos': ['handle=maya'],
  '/v1/livestream/clips': ['handle=maya', 'handle=maya&sort=date&time=week'],
  '/v1/blog/posts': ['blog=maya'],
  '/v1/blog/info': ['blog=maya'],
  '/v1/blog/post': [`url=${enc('https://maya.tumblr.com/post/616000000000000001')}`],
  '/v1/find-social-profiles': ['social-b', 'shortvideo', 'video', 'microblog-b', 'social-a'].map((p) => `platform=${p}&handle=maya`),
  '/v1/find-creator-emails': ['social-b', 'shortvideo', 'video', 'microblog-b', 'social-a'].map((p) => `platform=${p}&handle=maya`),
};

const REQUESTS = allOperations().flatMap((op) => (SAMPLES[op.rest.path] ?? []).map((q) => `${op.rest.path}${q ? `?${q}` : ''}`));

/** Every host any route may contact (each platform's hosts, TikTok's for discovery, a Komi page, the Mastodon server and the Substack publication asked). */
const HOSTS = [
  ...new Set(
    [...platforms.flatMap((p) => p.hosts), ...shortvideo.hosts, 'maya.komi.io', 'mastodon.social', 'maya.substack.com'].filter(
      (h) => !h.includes('*'),
    ),
  ),
];

/** The page on every path of every host. */
function everywhere(response: Route['response']): Route[] {
  return HOSTS.map((host) => ({ host, path: /.*/, response }));
}

const STATUSES = [200, 403, 429, 503];
const VENDOR_NAME: Record<string, RegExp> = {
  cloudflare: /Cloudflare/,
  akamai: /Akamai/,
  perimeterx: /PerimeterX/,
  datadome: /DataDome/,
  incapsula: /Incapsula/,
  sucuri: /Sucuri/,
  kasada: /Kasada/,
  'ddos-guard': /DDoS-Guard/,
  radware: /Radware/,
  reblaze: /Reblaze/,
  'alibaba-waf': /Alibaba Cloud WAF/,
  f5: /F5/,
  anubis: /Anubis/,
  vercel: /Vercel/,
  'aws-waf': /AWS WAF/,
  wordfence: /Wordfence/,
  imunify360: /Imunify360/,
};
const realCloudflare = hasFixtures('blocks/cloudflare')
  ? readdirSync(fixturePath('blocks/cloudflare')).filter((f) => f.endsWith('.html'))
  : [];

let h: Harness;
let key: string;
let id: string;
const START = 1_000_000;

beforeAll(async () => {
  // Operator settings the operations need (blog: TUMBLR_API_KEY), so every route reaches its upstream.
  h = await startHarness({ env: { TUMBLR_API_KEY: 'blocks-test-tumblr-key' } });
  ({ key, id } = await h.key(START));
});
afterAll(() => h?.close());

/** Serves the routes, sends every sample request at once, and returns what each one got. */
async function batch(routes: Route[]): Promise<{ path: string; status: number; code: string | undefined; message: string | undefined }[]> {
  h.replay.reset();
  for (const r of routes) h.replay.add(r);
  const answers = await Promise.all(
    REQUESTS.map(async (path) => {
      const r = await h.rest(path, { key });
      return {
        path,
        status: r.status,
        code: r.body?.error?.code as string | undefined,
        message: r.body?.error?.message as string | undefined,
      };
    }),
  );
  // Nothing reached a host the replay does not serve (every route's hosts are covered).
  expect(
    h.replay
      .hits()
      .filter((x) => !HOSTS.includes(x.host))
      .map((x) => `${x.host}${x.path}`),
  ).toEqual([]);
  return answers;
}

describe('vendor pages on every route, at every status → 502 UPSTREAM_BLOCKED, 0 credits', () => {
  it('every route has a sample request', () => {
    const missing = allOperations()
      .filter((op) => !SAMPLES[op.rest.path])
      .map((op) => op.rest.path);
    expect(missing).toEqual([]);
  });

  describe.skipIf(realCloudflare.length === 0)('real Cloudflare captures (../shared/fixtures/blocks/cloudflare)', () => {
    it.each(realCloudflare)('%s', async (file) => {
      for (const status of STATUSES) {
        const got = await batch(
          everywhere({ status, headers: { 'content-type': 'text/html; charset=UTF-8' }, bodyFile: fixturePath('blocks/cloudflare', file) }),
        );
        const wrong = got.filter((g) => g.status !== 502 || g.code !== 'UPSTREAM_BLOCKED');
        expect(wrong, `HTTP ${status}`).toEqual([]);
        for (const g of got) expect(g.message, g.path).toMatch(/Cloudflare/);
      }
      expect(await h.balance(id)).toBe(START);
    });
  });

  // OUR OWN pages of the vendors without a real capture (test/blocks/vendor-pages.ts).
  it.each(OWN_VENDOR_PAGES.map((p) => [p.name, p] as const))('our own page: %s', async (_name, page) => {
    for (const status of [page.status, 503]) {
      const got = await batch(everywhere({ status, headers: page.headers, body: page.body }));
      expect(
        got.filter((g) => g.status !== 502 || g.code !== 'UPSTREAM_BLOCKED'),
        `HTTP ${status}`,
      ).toEqual([]);
      for (const g of got) expect(g.message, g.path).toMatch(VENDOR_NAME[page.vendor]);
    }
    expect(await h.balance(id)).toBe(START);
  });

  it('a challenge at 503 is not retried as a server error: one upstream request per route', async () => {
    const page = OWN_VENDOR_PAGES[0];
    h.replay.reset();
    for (const r of everywhere({ status: 503, headers: page.headers, body: page.body })) h.replay.add(r);
    const r = await h.rest(`/v1/code/repository?url=${enc('https://github.com/octo/once')}`, { key });
    expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(h.replay.hits({ host: 'api.github.com' })).toHaveLength(1);
  });
});

const blocks = (label: string, file: string) => fixturePath(`blocks/${label}`, file);
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/** Real platform answers, on their platform's routes at their recorded status → SOURCES.md's outcome. */
const PLATFORM_CASES: { name: string; label: string; request: string; routes: Route[]; status: number; code: string }[] = [
  {
    name: 'code: GitHub 404 {"message":"Not Found"} (2012)',
    label: 'code',
    request: `/v1/code/repository?url=${enc('https://github.com/jacquev6/Xxx')}`,
    routes: [
      {
        host: 'api.github.com',
        path: /.*/,
        response: { status: 404, headers: JSON_TYPE, bodyFile: blocks('code', 'api-github-repos-404-not-found-2012.json') },
      },
    ],
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    name: 'code: GitHub 404 with documentation_url (2019)',
    label: 'code',
    request: `/v1/code/repository?url=${enc('https://github.com/random/gone')}`,
    routes: [
      {
        host: 'api.github.com',
        path: /.*/,
        response: { status: 404, headers: JSON_TYPE, bodyFile: blocks('code', 'api-github-404-documentation-url-2019.json') },
      },
    ],
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    name: 'code: GitHub rate limit 403 with x-ratelimit-remaining: 0 (2013)',
    label: 'code',
    request: `/v1/code/repository?url=${enc('https://github.com/jacquev6/PyGithub')}`,
    routes: [
      {
        host: 'api.github.com',
        path: /.*/,
        response: {
          status: 403,
          headers: { ...JSON_TYPE, 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0' },
          bodyFile: blocks('code', 'api-github-rate-limit-403-2013.json'),
        },
      },
    ],
    status: 502,
    code: 'UPSTREAM_BLOCKED',
  },
  {
    name: 'code: GitHub 503 nginx HTML labelled JSON (2012) is a failure, not a block',
    label: 'code',
    request: `/v1/code/repository?url=${enc('https://github.com/jacquev6/PyGithub')}`,
    routes: [
      {
        host: 'api.github.com',
        path: /.*/,
        response: { status: 503, headers: JSON_TYPE, bodyFile: blocks('code', 'api-github-503-nginx-html-2012.html') },
      },
    ],
    status: 502,
    code: 'UPSTREAM_FAILED',
  },
  {
    name: 'websearch: Google /sorry/ page reached by redirect, 429',
    label: 'websearch',
    request: '/v1/websearch/search?query=im%20not%20angry',
    routes: [
      {
        host: 'www.google.com',
        path: '/search',
        response: {
          status: 302,
          headers: {
            location: 'https://www.google.com/sorry/index?continue=https://www.google.com/search%3Fq%3Dim%2Bnot%2Bangry&q=EgRTexV3GLHo4qkG',
          },
        },
      },
      {
        host: 'www.google.com',
        path: '/sorry/index',
        response: {
          status: 429,
          headers: { 'content-type': 'text/html' },
          bodyFile: blocks('websearch', 'google-sorry-unusual-traffic-2023-10-25.html'),
        },
      },
    ],
    status: 502,
    code: 'UPSTREAM_BLOCKED',
  },
  ...[429, 503, 200].map((status) => ({
    name: `websearch: Google /sorry/ page served in place, ${status}`,
    label: 'websearch',
    request: '/v1/websearch/search?query=im%20not%20angry',
    routes: [
      {
        host: 'www.google.com',
        path: /.*/,
        response: {
          status,
          headers: { 'content-type': 'text/html' },
          bodyFile: blocks('websearch', 'google-sorry-unusual-traffic-2023-10-25.html'),
        },
      },
    ],
    status: 502,
    code: 'UPSTREAM_BLOCKED',
  })),
  {
    name: 'forum: Reddit 403 {"message": "Forbidden", "error": 403}',
    label: 'forum',
    request: '/v1/forum/search?query=cats',
    routes: ['www.reddit.com', 'reddit.com', 'old.reddit.com'].map((host) => ({
      host,
      path: /.*/,
      response: { status: 403, headers: JSON_TYPE, bodyFile: blocks('forum', 'reddit-403-forbidden-json-oauth.json') },
    })),
    status: 502,
    code: 'UPSTREAM_BLOCKED',
  },
  ...['web-profile-info-401-require-login.json', 'rate-limit-please-wait-require-login.json'].map((file) => ({
    name: `social-b: ${file} (401)`,
    label: 'social-b',
    request: '/v1/social-b/profile?handle=gymshark',
    routes: ['www.instagram.com', 'i.instagram.com'].map((host) => ({
      host,
      path: /.*/,
      response: { status: 401, headers: JSON_TYPE, bodyFile: blocks('social-b', file) },
    })),
    status: 502,
    code: 'UPSTREAM_BLOCKED',
  })),
  ...['channelId=UCTGjY2I-ZUGnwVoWAGRd7XQ', 'handle=notachannel'].map((q) => ({
    name: `video: Google's 404 page (2026) for ${q}`,
    label: 'video',
    request: `/v1/video/channel?${q}`,
    routes: [
      {
        host: 'www.youtube.com',
        path: /.*/,
        response: {
          status: 404,
          headers: { 'content-type': 'text/html; charset=UTF-8' },
          bodyFile: blocks('video', 'www-youtube-com-404-google-error-page-2026.html'),
        },
      },
    ],
    status: 404,
    code: 'NOT_FOUND',
  })),
  {
    // The guest GraphQL source unusable (its API answers 503), the syndication endpoint's empty
    // tombstone is the only source left: the post cannot be shown to a logged-out reader.
    name: 'microblog-b: empty syndication tombstone, the only source left → PRIVATE_CONTENT, never data',
    label: 'microblog-b',
    request: `/v1/microblog-b/tweet?url=${enc('https://x.com/someone/status/1763230707432751435')}`,
    routes: [
      {
        host: 'api.x.com',
        path: /.*/,
        response: { status: 503, headers: JSON_TYPE, body: '{"errors":[{"message":"Over capacity","code":130}]}' },
      },
      {
        host: 'x.com',
        path: /.*/,
        response: { status: 503, headers: JSON_TYPE, body: '{"errors":[{"message":"Over capacity","code":130}]}' },
      },
      {
        host: 'cdn.syndication.twimg.com',
        path: /.*/,
        response: { status: 200, headers: JSON_TYPE, bodyFile: blocks('microblog-b', 'syndication-tweet-result-empty-tombstone.json') },
      },
    ],
    status: 403,
    code: 'PRIVATE_CONTENT',
  },
];

describe('real platform answers (../shared/fixtures/blocks/<label>) on their own routes → the outcome SOURCES.md gives, 0 credits', () => {
  it.each(PLATFORM_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    if (!hasFixtures(`blocks/${c.label}`)) return;
    h.replay.reset();
    for (const r of c.routes) h.replay.add(r);
    const [rest, gql] = await Promise.all([
      h.rest(c.request, { key }),
      h.rest(`${c.request}${c.request.includes('?') ? '&' : '?'}cache_max_age=1d`, { key }),
    ]);
    for (const r of [rest, gql]) {
      expect(r.status).toBe(c.status);
      expect(r.body.error.code).toBe(c.code);
    }
    expect(await h.balance(id)).toBe(START);
  });
});
