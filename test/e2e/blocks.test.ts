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
import { restExamplePath } from '../../src/demo/examples.js';
import { allOperations } from '../../src/gateway.js';
import { platforms } from '../../src/platforms/registry.js';
import { platform as shortvideo } from '../../src/platforms/shortvideo/platform.js';
import type { Route } from '../../src/replay/server.js';
import { OWN_VENDOR_PAGES } from '../blocks/vendor-pages.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const enc = encodeURIComponent;

/**
 * Valid requests of REST routes whose operation's `example` does not serve here (discovery: one per
 * source platform; a page on a host the example names under a platform's `*.` host). Any other
 * route is sent its example (restExamplePath): a new platform needs no entry.
 */
const SAMPLES: Record<string, string[]> = {
  '/v1/video/channel': ['channelId=UCTGjY2I-ZUGnwVoWAGRd7XQ', 'handle=maya'],
  // By handle (the getProfile that resolves it meets the wall) and by DID (getLikes / getRepostedBy itself does).
  '/v1/microblog-d/post/likes': [
    `url=${enc('https://bsky.app/profile/maya.bsky.social/post/3lkmaya000001')}`,
    `uri=${enc('at://did:plc:mayamayamayamayamayamaya/app.bsky.feed.post/3lkmaya000001')}`,
  ],
  '/v1/microblog-d/post/reposts': [
    `url=${enc('https://bsky.app/profile/maya.bsky.social/post/3lkmaya000001')}`,
    `uri=${enc('at://did:plc:mayamayamayamayamayamaya/app.bsky.feed.post/3lkmaya000001')}`,
  ],
  '/v1/livestream/clips': ['handle=maya', 'handle=maya&sort=date&time=week'],
  '/v1/find-social-profiles': ['social-b', 'shortvideo', 'video', 'microblog-b', 'social-a'].map((p) => `platform=${p}&handle=maya`),
  '/v1/find-creator-emails': ['social-b', 'shortvideo', 'video', 'microblog-b', 'social-a'].map((p) => `platform=${p}&handle=maya`),
};

const REQUESTS = allOperations().flatMap((op) =>
  (SAMPLES[op.rest.path] ?? [restExamplePath(op).slice(op.rest.path.length + 1)]).map((q) => `${op.rest.path}${q ? `?${q}` : ''}`),
);

/** Every host any route may contact (each platform's hosts, TikTok's for discovery, and the hosts under a platform's `*.` host or named by the caller that the requests ask: a Komi page, the Mastodon server, a Substack publication). */
const HOSTS = [
  ...new Set(
    [
      ...platforms.flatMap((p) => p.hosts),
      ...shortvideo.hosts,
      'nightowl.komi.io',
      'mastodon.social',
      'harbourweather.substack.com',
    ].filter((h) => !h.includes('*')),
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
  fastly: /Fastly/,
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
    "a route reached a host not in HOSTS (a page under a platform's `*.` host): add that host to HOSTS, or give the route a request in SAMPLES",
  ).toEqual([]);
  return answers;
}

describe('vendor pages on every route, at every status → 502 UPSTREAM_BLOCKED, 0 credits', () => {
  it('every route has a sample request (its SAMPLES entry, else its example), and every SAMPLES entry is a route', () => {
    const missing = allOperations()
      .filter((op) => !REQUESTS.some((r) => r.split('?')[0] === op.rest.path))
      .map((op) => op.rest.path);
    expect(missing).toEqual([]);
    const routes = new Set(allOperations().map((op) => op.rest.path));
    expect(
      Object.keys(SAMPLES).filter((p) => !routes.has(p)),
      'SAMPLES entries of no route (renamed or removed)',
    ).toEqual([]);
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
