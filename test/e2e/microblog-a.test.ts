/**
 * microblog-a (Truth Social) end to end: gateway + replay upstream over real HTTP.
 *
 * Upstream bodies: hand-written by us in the public Mastodon-API shapes (Status, Account,
 * MediaAttachment entities; `{"error":"Record not found"}` 404s; Cloudflare's "Just a moment..."
 * challenge as truthbrush users have reported it: HTTP 403, text/html, `cf-mitigated: challenge`).
 * Media bytes are a few invented bytes with real JPEG/MP4 signatures. The last blocks replay the
 * real captures from ../shared/fixtures/microblog-a in place, and compare with the peer examples.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixturePath, FIXTURES_DIR, hasFixtures, hasPeerExample, skipReason } from '../support/fixtures.js';
import type { Route } from '../../src/replay/server.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const API = 'truthsocial.com';
const CDN = 'static-assets-1.truthsocial.com';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\u0000 preview image bytes')]);
const JPEG_2 = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\u0000 a photo')]);
const MP4 = Buffer.concat([Buffer.from([0x00, 0x00, 0x00, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(500, 7)]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const cdnPath = (name: string) => `/tmtg:prime-ts-assets/media_attachments/files/116/000/000/000/000/001/original/${name}`;
const cdnUrl = (name: string) => `https://${CDN}${cdnPath(name)}`;

function accountJson(username: string, extra: Record<string, unknown> = {}) {
  return {
    id: '109000000000000001',
    username,
    acct: username,
    display_name: `${username} (display)`,
    locked: false,
    bot: false,
    discoverable: true,
    group: false,
    created_at: '2022-03-04T05:06:07.089Z',
    note: '<p>Just a test account.</p>',
    url: `https://truthsocial.com/@${username}`,
    avatar: 'https://static-assets-1.truthsocial.com/tmtg:prime-ts-assets/accounts/avatars/109/original/a.jpeg',
    avatar_static: 'https://static-assets-1.truthsocial.com/tmtg:prime-ts-assets/accounts/avatars/109/original/a.jpeg',
    header: 'https://static-assets-1.truthsocial.com/tmtg:prime-ts-assets/accounts/headers/109/original/h.png',
    header_static: 'https://static-assets-1.truthsocial.com/tmtg:prime-ts-assets/accounts/headers/109/original/h.png',
    followers_count: 1234,
    following_count: 56,
    statuses_count: 789,
    last_status_at: '2026-07-30',
    verified: false,
    location: 'Somewhere',
    website: 'https://example.org',
    accepting_messages: true,
    chats_onboarded: true,
    feeds_onboarded: true,
    tv_onboarded: false,
    bookmarks_onboarded: true,
    show_nonmember_group_statuses: false,
    pleroma: { accepts_chat_messages: true },
    tv_account: false,
    receive_only_follow_mentions: false,
    premium: false,
    emojis: [],
    fields: [],
    ...extra,
  };
}

function attachment(id: string, type: 'image' | 'video', url: string | null, previewUrl: string | null) {
  return {
    id,
    type,
    url,
    preview_url: previewUrl,
    external_video_id: null,
    remote_url: null,
    preview_remote_url: null,
    text_url: null,
    meta: { original: { width: 640, height: 360 } },
    description: null,
    blurhash: 'UVGbx4bHofWByYWVofay%Oofj[ay~qoeayj@',
    processing: 'complete',
  };
}

function statusJson(id: string, extra: Record<string, unknown> = {}) {
  const { premium: _p, bookmarks_onboarded: _b, pleroma: _pl, receive_only_follow_mentions: _r, ...embedded } = accountJson('tester');
  return {
    id,
    created_at: '2026-07-30T12:00:00.000Z',
    in_reply_to_id: null,
    quote_id: null,
    in_reply_to_account_id: null,
    sensitive: false,
    spoiler_text: '',
    visibility: 'public',
    language: 'en',
    uri: `https://truthsocial.com/@tester/${id}`,
    url: `https://truthsocial.com/@tester/${id}`,
    content: '<p>First line<br>second line</p><p>Tom &amp; Jerry</p>',
    account: { ...embedded, unauth_visibility: true },
    media_attachments: [],
    mentions: [],
    tags: [],
    card: null,
    group: null,
    quote: null,
    in_reply_to: null,
    reblog: null,
    sponsored: false,
    replies_count: 3,
    reblogs_count: 2,
    favourites_count: 1,
    upvotes_count: 1,
    favourited: false,
    reblogged: false,
    muted: false,
    pinned: false,
    bookmarked: false,
    poll: null,
    emojis: [],
    ...extra,
  };
}

const json = (body: unknown, status = 200) => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});
const media = (bytes: Buffer, type: string) => ({ headers: { 'content-type': type }, body: bytes });

const CLOUDFLARE_CHALLENGE = {
  status: 403,
  headers: { 'content-type': 'text/html; charset=UTF-8', 'cf-mitigated': 'challenge' },
  body: '<!doctype html><html lang="en-us"><head><title>Just a moment...</title></head><body><script src="/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1"></script></body></html>',
};

/**
 * Cloudflare's error 1020 (a firewall rule) as it answers a client asking for JSON — ours does
 * (`accept: application/json, …`): RFC 9457 problem details at 403 (Cloudflare's changelog of
 * 2026-03-11 names the members; the values here are our own). A 403 with JSON, yet no Mastodon
 * error: it was read as a private post (PRIVATE_CONTENT).
 */
const CLOUDFLARE_1020_JSON = {
  status: 403,
  headers: { 'content-type': 'application/problem+json; charset=utf-8', server: 'cloudflare', 'cf-ray': '8a1b2c3d4e5f6090-IAD' },
  body: JSON.stringify({
    type: 'https://developers.cloudflare.com/support/troubleshooting/http-status-codes/cloudflare-1xxx-errors/error-1020/',
    title: 'Error 1020: Access denied',
    status: 403,
    detail: 'A firewall rule of the site stops this request.',
    instance: '8a1b2c3d4e5f6090',
    error_code: 1020,
    error_name: 'access_denied',
    error_category: 'access_denied',
    ray_id: '8a1b2c3d4e5f6090',
    timestamp: '2026-11-30T23:59:00Z',
    zone: 'truthsocial.com',
    cloudflare_error: true,
    retryable: false,
    owner_action_required: true,
  }),
};

/** Statuses by id; media by file name. */
const STATUSES: Record<string, unknown> = {
  '100': statusJson('100'),
  // An image (with its own preview) and a video whose preview is the same file as the image's:
  // three distinct files, four URLs.
  '200': statusJson('200', {
    media_attachments: [
      attachment('201', 'image', cdnUrl('photo.jpg'), cdnUrl('thumb.jpg')),
      attachment('202', 'video', cdnUrl('clip.mp4'), cdnUrl('thumb.jpg')),
    ],
  }),
  // The same bytes as 200's photo under another URL: stored once.
  '250': statusJson('250', {
    media_attachments: [attachment('251', 'image', cdnUrl('photo.jpg'), cdnUrl('thumb.jpg'))],
  }),
  '300': statusJson('300', { media_attachments: [attachment('301', 'image', cdnUrl('photo-copy.jpg'), null)] }),
  '400': statusJson('400', { media_attachments: [attachment('401', 'video', cdnUrl('huge.mp4'), null)] }),
  '410': statusJson('410', { media_attachments: [attachment('411', 'image', cdnUrl('page.jpg'), null)] }),
  '420': statusJson('420', { media_attachments: [attachment('421', 'image', cdnUrl('vector.svg'), null)] }),
  '430': statusJson('430', { media_attachments: [attachment('431', 'image', cdnUrl('challenged.jpg'), null)] }),
  '440': statusJson('440', { media_attachments: [attachment('441', 'image', cdnUrl('gone.jpg'), null)] }),
  '460': statusJson('460', { media_attachments: [attachment('461', 'image', cdnUrl('limited.jpg'), null)] }),
  '470': statusJson('470', { media_attachments: [attachment('471', 'image', cdnUrl('refused.jpg'), null)] }),
  '480': statusJson('480', { media_attachments: [attachment('481', 'image', cdnUrl('waf.jpg'), null)] }),
  // A reblog: the media is on the reblogged status.
  '500': statusJson('500', {
    content: '',
    reblog: statusJson('501', { media_attachments: [attachment('502', 'image', cdnUrl('photo.jpg'), null)] }),
  }),
  '600': statusJson('600', { visibility: 'private' }),
  // An account the parser cannot read (no id): the status's own url / uri name its author.
  '800': statusJson('800', { account: { username: 'tester' } }),
  '810': statusJson('810', {
    account: null,
    url: 'https://truthsocial.com/@someone/810',
    uri: 'https://truthsocial.com/@someone/810',
  }),
  '820': statusJson('820', { account: null, url: null, uri: null }),
  // An upstream that points at an internal address: refused by the SSRF guard before any request.
  '450': statusJson('450', { media_attachments: [attachment('451', 'image', 'http://127.0.0.1:8080/admin.jpg', null)] }),
};

const FILES: Record<
  string,
  ReturnType<typeof media> | typeof CLOUDFLARE_CHALLENGE | { status: number; headers: Record<string, string>; body: string }
> = {
  'photo.jpg': media(JPEG_2, 'image/jpeg'),
  'photo-copy.jpg': media(JPEG_2, 'image/jpeg'),
  'thumb.jpg': media(JPEG, 'image/jpeg'),
  'clip.mp4': media(MP4, 'video/mp4'),
  'huge.mp4': media(Buffer.alloc(5_000, 1), 'video/mp4'),
  'page.jpg': { status: 200, headers: { 'content-type': 'text/html' }, body: '<html><body>Not an image</body></html>' },
  'vector.svg': {
    status: 200,
    headers: { 'content-type': 'image/svg+xml' },
    body: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  },
  'challenged.jpg': CLOUDFLARE_CHALLENGE,
  'gone.jpg': { status: 404, headers: { 'content-type': 'text/plain' }, body: 'Not Found' },
  'limited.jpg': { status: 429, headers: { 'content-type': 'text/plain', 'retry-after': '3600' }, body: 'Too Many Requests' },
  'refused.jpg': { status: 403, headers: { 'content-type': 'text/plain' }, body: 'Forbidden' },
  // A web application firewall's block (Fastly Next-Gen WAF's default status; our own answer).
  'waf.jpg': { status: 406, headers: { 'content-type': 'text/html' }, body: '<html><body>Not Acceptable</body></html>' },
};

const ROUTES: Route[] = [
  {
    host: API,
    path: /^\/api\/v1\/statuses\/\d+$/,
    response: (req) => {
      const id = req.path.split('/').pop()!;
      if (id === '404') return json({ error: 'Record not found' }, 404);
      if (id === '403') return CLOUDFLARE_CHALLENGE;
      if (id === '401') return json({ error: 'This method requires an authenticated user' }, 401);
      if (id === '402') return json({ error: 'This action is not allowed' }, 403);
      if (id === '1020') return CLOUDFLARE_1020_JSON;
      if (id === '1021') return json({ message: 'Request blocked', code: 'edge_refused' }, 403);
      if (id === '405')
        return {
          headers: { 'content-type': 'text/html' },
          body: '<!DOCTYPE html><html><head><title>Truth Social</title></head><body><div id="soapbox"></div></body></html>',
        };
      if (STATUSES[id]) return json(STATUSES[id]);
      // 7…: plain posts, one per test that needs a fresh cache entry.
      return id.startsWith('7') ? json(statusJson(id)) : json({ error: 'Record not found' }, 404);
    },
  },
  {
    host: API,
    path: '/api/v1/accounts/lookup',
    response: (req) => {
      const acct = req.query.get('acct') ?? '';
      if (acct === 'ghost') return json({ error: 'Record not found' }, 404);
      if (acct === 'walled') return CLOUDFLARE_CHALLENGE;
      if (acct === 'hidden') return json({ error: 'This action is not allowed' }, 403);
      if (acct === 'firewalled') return CLOUDFLARE_1020_JSON;
      return json(accountJson(acct === 'testerx' ? 'TesterX' : acct));
    },
  },
  {
    host: CDN,
    path: /^\/tmtg:prime-ts-assets\/media_attachments\/files\//,
    response: (req) => FILES[req.path.split('/').pop()!] ?? { status: 404, body: 'Not Found' },
  },
];

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ routes: ROUTES });
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  for (const r of ROUTES) h.replay.add(r);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const postPath = (id: string, extra = '') =>
  `/v1/microblog-a/post?url=${encodeURIComponent(`https://truthsocial.com/@tester/posts/${id}`)}${extra}`;
const apiHits = () => h.replay.hits({ host: API }).length;
const cdnHits = () => h.replay.hits({ host: CDN }).length;
const storedFiles = () => {
  const dir = join(h.config.dataDir, 'media');
  return existsSync(dir) ? readdirSync(dir).filter((f) => !f.startsWith('.')) : [];
};

describe('GET /v1/microblog-a/post', () => {
  it('returns the api.md post with the envelope, charged 1 credit', async () => {
    const { key, id } = await h.key(20);
    const r = await h.rest(postPath('100'), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).slice(0, 4)).toEqual(['success', 'credits_remaining', 'credits_charged', 'text']);
    expect(r.body).toMatchObject({
      success: true,
      credits_remaining: 19,
      credits_charged: 1,
      id: '100',
      text: 'First line\nsecond line\n\nTom & Jerry',
      content: '<p>First line<br>second line</p><p>Tom &amp; Jerry</p>',
      visibility: 'public',
      replies_count: 3,
      account: { id: '109000000000000001', username: 'tester', unauth_visibility: true, followers_count: 1234 },
    });
    expect(r.body).not.toHaveProperty('upvotes_count');
    expect(r.body).not.toHaveProperty('cached');
    expect(await h.balance(id)).toBe(19);
    expect(h.replay.hits({ host: API })[0].path).toBe('/api/v1/statuses/100');
    expect(h.replay.hits({ host: API })[0].headers.accept).toMatch(/application\/json/);
  });

  it('the three URL forms of one post share a cache entry', async () => {
    const { key } = await h.key(20);
    await h.rest(postPath('100'), { key });
    for (const url of ['https://truthsocial.com/@tester/100', 'https://www.truthsocial.com/users/Tester/statuses/100/']) {
      const r = await h.rest(`/v1/microblog-a/post?url=${encodeURIComponent(url)}&cache_max_age=1d`, { key });
      expect(r.body).toMatchObject({ credits_charged: 0, cached: true, id: '100' });
    }
    expect(apiHits()).toBe(1);
  });

  it("a post URL naming another user than the status's author is 502 UPSTREAM_FAILED at 0 credits, from the cache too", async () => {
    const { key, id } = await h.key(20);
    expect((await h.rest(postPath('100'), { key })).status).toBe(200);
    for (const url of ['https://truthsocial.com/@someone/posts/100', 'https://truthsocial.com/users/someone/statuses/100']) {
      const r = await h.rest(`/v1/microblog-a/post?url=${encodeURIComponent(url)}&cache_max_age=1d`, { key });
      expect(r.status, JSON.stringify(r.body)).toBe(502);
      expect(r.body.error).toMatchObject({
        code: 'UPSTREAM_FAILED',
        message: expect.stringMatching(/post 100 of @someone with a different resource \(handle tester, not someone\)/),
      });
    }
    expect(await h.balance(id)).toBe(19);
  });

  it('a status whose account is unreadable: its own url names the author (tester: data; someone: 502); naming none: 502', async () => {
    const { key, id } = await h.key(20);
    const ok = await h.rest(postPath('800'), { key });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ id: '800', account: null });
    const other = await h.rest(postPath('810'), { key });
    expect(other.status).toBe(502);
    expect(other.body.error.message).toMatch(/handle someone, not tester/);
    const none = await h.rest(postPath('820'), { key });
    expect(none.status).toBe(502);
    expect(none.body.error.message).toMatch(/names no author/);
    expect(await h.balance(id)).toBe(19);
  });

  it('cache_max_age: a hit costs 0 with cached_at; without it a live fetch is charged', async () => {
    const { key, id } = await h.key(20);
    const live = await h.rest(postPath('701', '&cache_max_age=7d'), { key });
    expect(live.body.credits_charged).toBe(1);
    expect(live.body).not.toHaveProperty('cached');
    const hit = await h.rest(postPath('701', '&cache_max_age=7d'), { key });
    expect(hit.body).toMatchObject({ success: true, credits_charged: 0, cached: true });
    expect(hit.body.cached_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const { success, credits_remaining, credits_charged, cached, cached_at, ...record } = hit.body;
    const { success: _s, credits_remaining: _r, credits_charged: _c, ...liveRecord } = live.body;
    expect(record).toEqual(liveRecord);
    const again = await h.rest(postPath('701'), { key });
    expect(again.body.credits_charged).toBe(1);
    expect(apiHits()).toBe(2);
    expect(await h.balance(id)).toBe(18);
  });

  it('download_media on a post without media: 1 credit, nothing downloaded', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(postPath('100', '&download_media=true'), { key });
    expect(r.status).toBe(200);
    expect(r.body.credits_charged).toBe(1);
    expect(r.body.media_attachments).toEqual([]);
    expect(cdnHits()).toBe(0);
    expect(await h.balance(id)).toBe(9);
  });

  it('without download_media, media keep their upstream URLs and cost 1', async () => {
    const { key } = await h.key(10);
    const r = await h.rest(postPath('200'), { key });
    expect(r.body.credits_charged).toBe(1);
    expect(r.body.media_attachments.map((m: any) => m.url)).toEqual([cdnUrl('photo.jpg'), cdnUrl('clip.mp4')]);
    expect(cdnHits()).toBe(0);
  });

  it('validation: parameters named, 0 credits, nothing fetched', async () => {
    const { key, id } = await h.key(10);
    const cases: [string, string][] = [
      ['/v1/microblog-a/post', 'url'],
      ['/v1/microblog-a/post?url=', 'url'],
      [`/v1/microblog-a/post?url=${encodeURIComponent('https://mastodon.social/@tester/100')}`, 'url'],
      [`/v1/microblog-a/post?url=${encodeURIComponent('https://truthsocial.com/@tester')}`, 'url'],
      [postPath('100', '&download_media=maybe'), 'download_media'],
      [postPath('100', '&cache_max_age=2d'), 'cache_max_age'],
    ];
    for (const [path, param] of cases) {
      const r = await h.rest(path, { key });
      expect(r.status, path).toBe(400);
      expect(r.body.error.code).toBe('INVALID_INPUT');
      expect(r.body.error.details.map((d: any) => d.param)).toContain(param);
    }
    expect(apiHits()).toBe(0);
    expect(await h.balance(id)).toBe(10);
  });

  it('an upstream 404 is NOT_FOUND and costs nothing', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(postPath('404'), { key });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.stringContaining('Post 404') } });
    expect(await h.balance(id)).toBe(5);
  });

  it('a Cloudflare challenge is 502 UPSTREAM_BLOCKED (never parsed), 0 credits', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(postPath('403'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(r.body.error.message).toMatch(/Cloudflare challenge/);
    expect(await h.balance(id)).toBe(5);
  });

  it('private posts are 403 PRIVATE_CONTENT; a login requirement is a login wall (502 UPSTREAM_BLOCKED)', async () => {
    const { key, id } = await h.key(5);
    const refused = await h.rest(postPath('402'), { key });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('PRIVATE_CONTENT');
    const privateVisibility = await h.rest(postPath('600'), { key });
    expect(privateVisibility.status).toBe(403);
    expect(privateVisibility.body.error).toMatchObject({ code: 'PRIVATE_CONTENT', message: expect.stringContaining('Post 600') });
    const login = await h.rest(postPath('401'), { key });
    expect(login.status).toBe(502);
    expect(login.body.error).toMatchObject({ code: 'UPSTREAM_BLOCKED', message: expect.stringMatching(/login wall/) });
    expect(await h.balance(id)).toBe(5);
  });

  it("Cloudflare's 1020 as problem JSON at 403 is 502 UPSTREAM_BLOCKED, never PRIVATE_CONTENT (post and profile), 0 credits", async () => {
    const { key, id } = await h.key(5);
    for (const path of [postPath('1020'), '/v1/microblog-a/profile?handle=firewalled']) {
      const r = await h.rest(path, { key });
      expect(r.status, path).toBe(502);
      expect(r.body.error, path).toMatchObject({ code: 'UPSTREAM_BLOCKED', message: expect.stringMatching(/Cloudflare/) });
    }
    expect(await h.balance(id)).toBe(5);
  });

  it('a 403 whose JSON is not Mastodon\'s error entity ({"error": …}) is a refusal (502 UPSTREAM_BLOCKED), not a private post', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(postPath('1021'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(await h.balance(id)).toBe(5);
  });

  it('an HTML page where JSON was expected is 502 UPSTREAM_FAILED naming what was missing', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(postPath('405'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringMatching(/changed shape: missing JSON/) });
    expect(await h.balance(id)).toBe(5);
  });

  it('REST and GraphQL return the same record', async () => {
    const { key } = await h.key(10);
    const rest = await h.rest(postPath('100'), { key });
    const gql = await h.gql(
      `query($url: String!) { microblogAPost(url: $url) { id text repliesCount account { username followersCount unauthVisibility } json } }`,
      { key, variables: { url: 'https://truthsocial.com/@tester/posts/100' } },
    );
    expect(gql.status).toBe(200);
    const { success, credits_remaining, credits_charged, ...record } = rest.body;
    expect(gql.body.data.microblogAPost.json).toEqual(record);
    expect(gql.body.data.microblogAPost).toMatchObject({
      id: '100',
      text: record.text,
      repliesCount: 3,
      account: { username: 'tester', followersCount: 1234, unauthVisibility: true },
    });
    expect(gql.body.extensions.credits).toMatchObject({ charged: 1 });
  });

  it('GraphQL validation names the argument', async () => {
    const { key } = await h.key(10);
    const r = await h.gql('{ microblogAPost(url: "https://example.com/@x/posts/1") { id } }', { key });
    expect(r.body.errors[0].extensions.code).toBe('INVALID_INPUT');
    expect(r.body.errors[0].extensions.details).toEqual([{ param: 'url', message: expect.stringContaining('truthsocial.com') }]);
  });
});

describe('GET /v1/microblog-a/post with download_media=true', () => {
  const base = () => h.url;

  it('downloads every file once, charges 10, and returns permanent gateway URLs that serve the bytes', async () => {
    vi.stubEnv('PUBLIC_BASE_URL', `${base()}/`);
    const { key, id } = await h.key(20);
    const r = await h.rest(postPath('200', '&download_media=true'), { key });
    expect(r.status).toBe(200);
    expect(r.body.credits_charged).toBe(10);
    expect(await h.balance(id)).toBe(10);

    const [photo, clip] = r.body.media_attachments;
    expect(photo).toMatchObject({
      id: '201',
      url: `${base()}/media/${sha(JPEG_2)}.jpg`,
      preview_url: `${base()}/media/${sha(JPEG)}.jpg`,
      remote_url: cdnUrl('photo.jpg'),
      preview_remote_url: cdnUrl('thumb.jpg'),
    });
    expect(clip).toMatchObject({
      id: '202',
      type: 'video',
      url: `${base()}/media/${sha(MP4)}.mp4`,
      preview_url: `${base()}/media/${sha(JPEG)}.jpg`,
      remote_url: cdnUrl('clip.mp4'),
    });
    // thumb.jpg is the preview of both: fetched once.
    expect(cdnHits()).toBe(3);
    expect(h.replay.hits({ host: CDN })[0].headers.accept).toBe('image/*,video/*');
    expect(storedFiles().sort()).toEqual([`${sha(JPEG)}.jpg`, `${sha(JPEG_2)}.jpg`, `${sha(MP4)}.mp4`].sort());

    const video = await fetch(clip.url);
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect(video.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(video.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await video.arrayBuffer())).toEqual(MP4);
    const image = await fetch(photo.url);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(JPEG_2);
  });

  it('the same bytes from another post get the same id and are stored once', async () => {
    vi.stubEnv('PUBLIC_BASE_URL', base());
    const { key } = await h.key(30);
    const first = await h.rest(postPath('200', '&download_media=true'), { key });
    const before = storedFiles().length;
    const second = await h.rest(postPath('300', '&download_media=true'), { key });
    expect(second.body.credits_charged).toBe(10);
    expect(second.body.media_attachments[0].url).toBe(first.body.media_attachments[0].url);
    expect(second.body.media_attachments[0].remote_url).toBe(cdnUrl('photo-copy.jpg'));
    expect(storedFiles().length).toBe(before);
  });

  it('a reblog: the reblogged post’s media are downloaded and charged', async () => {
    vi.stubEnv('PUBLIC_BASE_URL', base());
    const { key } = await h.key(20);
    const r = await h.rest(postPath('500', '&download_media=true'), { key });
    expect(r.body.credits_charged).toBe(10);
    expect(r.body.media_attachments).toEqual([]);
    expect(r.body.reblog.media_attachments[0].url).toBe(`${base()}/media/${sha(JPEG_2)}.jpg`);
  });

  it('the reservation is 10 with download_media (402 below it), 1 without', async () => {
    const { key, id } = await h.key(9);
    const refused = await h.rest(postPath('200', '&download_media=true'), { key });
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('INSUFFICIENT_CREDITS');
    expect(apiHits() + cdnHits()).toBe(0);
    const plain = await h.rest(postPath('200'), { key });
    expect(plain.body.credits_charged).toBe(1);
    expect(await h.balance(id)).toBe(8);
  });

  it('a cache hit serves the hosted record at 0 credits; with and without media are separate entries', async () => {
    vi.stubEnv('PUBLIC_BASE_URL', base());
    const { key } = await h.key(30);
    const live = await h.rest(postPath('250', '&download_media=true'), { key });
    const hit = await h.rest(postPath('250', '&download_media=true&cache_max_age=1d'), { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true });
    expect(hit.body.media_attachments).toEqual(live.body.media_attachments);
    const plain = await h.rest(postPath('250', '&download_media=false&cache_max_age=1d'), { key });
    expect(plain.body.cached).toBeUndefined();
    expect(plain.body.media_attachments[0].url).toBe(cdnUrl('photo.jpg'));
  });

  it('URLs are made absolute per response: the cached record keeps gateway paths', async () => {
    const { key } = await h.key(30);
    vi.stubEnv('PUBLIC_BASE_URL', 'https://media.example.net/gw');
    const a = await h.rest(postPath('300', '&download_media=true'), { key });
    expect(a.body.media_attachments[0].url).toBe(`https://media.example.net/gw/media/${sha(JPEG_2)}.jpg`);
    vi.stubEnv('PUBLIC_BASE_URL', 'https://other.example.org');
    const b = await h.rest(postPath('300', '&download_media=true&cache_max_age=1d'), { key });
    expect(b.body.cached).toBe(true);
    expect(b.body.media_attachments[0].url).toBe(`https://other.example.org/media/${sha(JPEG_2)}.jpg`);
    const entry = await h.deps.cache.get('microblogAPost:tester/300|media');
    expect((entry!.value as any).media_attachments[0].url).toBe(`/media/${sha(JPEG_2)}.jpg`);
    // No PUBLIC_BASE_URL: the base the client used to reach this gateway (its Host header).
    vi.stubEnv('PUBLIC_BASE_URL', '');
    const c = await h.rest(postPath('300', '&download_media=true&cache_max_age=1d'), { key });
    expect(c.body.media_attachments[0].url).toBe(`${h.url}/media/${sha(JPEG_2)}.jpg`);
    const g = await h.gql(
      `{ microblogAPost(url: "https://truthsocial.com/@tester/posts/300", downloadMedia: true, cacheMaxAge: "1d") { mediaAttachments { url } } }`,
      { key },
    );
    expect(g.body.data.microblogAPost.mediaAttachments[0].url).toBe(`${h.url}/media/${sha(JPEG_2)}.jpg`);
  });

  it('REST and GraphQL agree, typed media fields included', async () => {
    vi.stubEnv('PUBLIC_BASE_URL', base());
    const { key } = await h.key(30);
    const rest = await h.rest(postPath('200', '&download_media=true'), { key });
    const gql = await h.gql(
      `query($url: String!) { microblogAPost(url: $url, downloadMedia: true, cacheMaxAge: "1d") { mediaAttachments { id type url previewUrl remoteUrl previewRemoteUrl meta } json } }`,
      { key, variables: { url: 'https://truthsocial.com/@tester/posts/200' } },
    );
    const { success, credits_remaining, credits_charged, ...record } = rest.body;
    const post = gql.body.data.microblogAPost;
    expect(post.json).toEqual(record);
    expect(post.mediaAttachments[1]).toEqual({
      id: '202',
      type: 'video',
      url: record.media_attachments[1].url,
      previewUrl: record.media_attachments[1].preview_url,
      remoteUrl: cdnUrl('clip.mp4'),
      previewRemoteUrl: cdnUrl('thumb.jpg'),
      meta: { original: { width: 640, height: 360 } },
    });
    expect(gql.body.extensions.credits.fields[0]).toMatchObject({ charged: 0, cached: true });
  });

  describe('MEDIA_CONCURRENCY: files downloaded at once, all requests together', () => {
    /**
     * Posts `ids`, each with two videos and their own previews (4 files; `one`: a video alone), on a
     * CDN path whose answers take `ms` (null: never).
     */
    function slowPosts(ids: string[], ms: number | null, one = false) {
      const cdn = { active: 0, peak: 0, hits: 0 };
      const file = (id: string, name: string) => cdnUrl(`slow-${id}-${name}`);
      h.replay.add({
        host: API,
        path: new RegExp(`^/api/v1/statuses/(${ids.join('|')})$`),
        response: (req) => {
          const id = req.path.split('/').pop()!;
          return json(
            statusJson(id, {
              media_attachments: one
                ? [attachment(`${id}1`, 'video', file(id, 'a.mp4'), null)]
                : [
                    attachment(`${id}1`, 'video', file(id, 'a.mp4'), file(id, 'a.jpg')),
                    attachment(`${id}2`, 'video', file(id, 'b.mp4'), file(id, 'b.jpg')),
                  ],
            }),
          );
        },
      });
      h.replay.add({
        host: CDN,
        path: /\/slow-\d+-[ab]\.(mp4|jpg)$/,
        response: async (req) => {
          const name = req.path.split('/').pop()!;
          cdn.hits++;
          cdn.active++;
          cdn.peak = Math.max(cdn.peak, cdn.active);
          try {
            if (ms === null) await new Promise(() => undefined);
            await new Promise((r) => setTimeout(r, ms!));
          } finally {
            cdn.active--;
          }
          return name.endsWith('.mp4')
            ? media(Buffer.concat([MP4, Buffer.from(name)]), 'video/mp4')
            : media(Buffer.concat([JPEG, Buffer.from(name)]), 'image/jpeg');
        },
      });
      return cdn;
    }

    it('concurrent download_media requests hold at most MEDIA_CONCURRENCY files at once; the others wait their turn and are all stored', async () => {
      vi.stubEnv('MEDIA_CONCURRENCY', '2');
      const cdn = slowPosts(['801', '802', '803'], 100);
      const { key, id } = await h.key(100);
      const answers = await Promise.all(['801', '802', '803'].map((p) => h.rest(postPath(p, '&download_media=true'), { key })));
      for (const r of answers) {
        expect(r.status).toBe(200);
        expect(r.body.credits_charged).toBe(10);
        expect(r.body.media_attachments[1].url).toMatch(/\/media\/[0-9a-f]{64}\.mp4$/);
      }
      expect(cdn.hits).toBe(12);
      // 3 requests × 4 files would be 12 bodies at once (each up to MEDIA_MAX_BYTES): never more than 2.
      expect(cdn.peak).toBe(2);
      expect(await h.balance(id)).toBe(70);
    });

    it('no slot within MEDIA_TIMEOUT_MS: 503 SERVICE_UNAVAILABLE with Retry-After, 0 credits, nothing cached', async () => {
      vi.stubEnv('MEDIA_CONCURRENCY', '1');
      vi.stubEnv('MEDIA_TIMEOUT_MS', '1500');
      // Files that never come: each holds the one slot until its own 1.5 s deadline.
      slowPosts(['811', '812'], null, true);
      h.replay.add({
        host: API,
        path: '/api/v1/statuses/813',
        response: json(statusJson('813', { media_attachments: [attachment('301', 'image', cdnUrl('photo-copy.jpg'), null)] })),
      });
      const { key, id } = await h.key(100);
      const holders = [h.rest(postPath('811', '&download_media=true'), { key })];
      await new Promise((r) => setTimeout(r, 100));
      holders.push(h.rest(postPath('812', '&download_media=true'), { key }));
      await new Promise((r) => setTimeout(r, 100));
      // Third in line: 811's file frees the slot at ~1.5 s, 812's takes it until ~3 s; this one gives up at ~1.7 s.
      const t0 = Date.now();
      const busy = await h.rest(postPath('813', '&download_media=true'), { key });
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('5');
      expect(busy.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(busy.body.error.message).toMatch(/media attachment 301 \(image\) could not be downloaded: .*MEDIA_CONCURRENCY = 1/);
      expect(Date.now() - t0).toBeLessThan(3_000);
      expect(await h.deps.cache.get('microblogAPost:tester/813|media')).toBeUndefined();
      for (const r of await Promise.all(holders)) expect(r.status).toBe(504);
      expect(await h.balance(id)).toBe(100);
    });
  });

  it('a file over MEDIA_MAX_BYTES fails the whole request: 502 naming it, 0 credits, nothing cached', async () => {
    vi.stubEnv('MEDIA_MAX_BYTES', '1000');
    const { key, id } = await h.key(20);
    const r = await h.rest(postPath('400', '&download_media=true'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_FAILED');
    expect(r.body.error.message).toMatch(/media attachment 401 \(video\) could not be downloaded .*exceeds 1000 bytes.*download_media/);
    expect(await h.balance(id)).toBe(20);
    expect(await h.deps.cache.get('microblogAPost:tester/400|media')).toBeUndefined();
    // The same post without download_media is fine.
    expect((await h.rest(postPath('400'), { key })).body.credits_charged).toBe(1);
  });

  it.each([
    ['410', /content type "text\/html" is not an image or video/],
    ['420', /content type "image\/svg\+xml" is not an image or video/],
    ['440', /HTTP 404/],
  ])('post %s: a file that is not storable media fails the request with 502 UPSTREAM_FAILED', async (postId, message) => {
    const { key, id } = await h.key(20);
    const r = await h.rest(postPath(postId, '&download_media=true'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringMatching(message) });
    expect(await h.balance(id)).toBe(20);
  });

  it('a media URL on an internal address is refused by the SSRF guard: 502, nothing sent', async () => {
    const { key, id } = await h.key(20);
    const r = await h.rest(postPath('450', '&download_media=true'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringMatching(/media attachment 451.*refused/) });
    expect(h.replay.hits({ host: '127.0.0.1:8080' })).toHaveLength(0);
    expect(await h.balance(id)).toBe(20);
  });

  it.each([
    ['460', /media attachment 461 \(image\).*HTTP 429/],
    ['470', /media attachment 471 \(image\).*HTTP 403/],
    ['480', /media attachment 481 \(image\).*HTTP 406/],
  ])(
    'post %s: a media CDN that rate-limits or refuses (no vendor page) is 502 UPSTREAM_BLOCKED, as every upstream 401/403/406/429',
    async (postId, message) => {
      const { key, id } = await h.key(20);
      const r = await h.rest(postPath(postId, '&download_media=true'), { key });
      expect(r.status).toBe(502);
      expect(r.body.error).toMatchObject({ code: 'UPSTREAM_BLOCKED', message: expect.stringMatching(message) });
      expect(await h.balance(id)).toBe(20);
      expect(await h.deps.cache.get(`microblogAPost:tester/${postId}|media`)).toBeUndefined();
    },
  );

  it('a bot check on the media CDN is 502 UPSTREAM_BLOCKED', async () => {
    const { key, id } = await h.key(20);
    const r = await h.rest(postPath('430', '&download_media=true'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({
      code: 'UPSTREAM_BLOCKED',
      message: expect.stringMatching(/media attachment 431.*Cloudflare challenge/),
    });
    expect(await h.balance(id)).toBe(20);
  });
});

describe('GET /media/<id>', () => {
  const stored = async () => {
    const { key } = await h.key(20);
    await h.rest(postPath('200', '&download_media=true'), { key });
    return `${h.url}/media/${sha(MP4)}.mp4`;
  };

  it('HEAD, ETag / If-None-Match, byte ranges', async () => {
    const url = await stored();
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(MP4.length));
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    const etag = head.headers.get('etag')!;
    expect(etag).toBe(`"${sha(MP4)}"`);
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);

    const part = await fetch(url, { headers: { range: 'bytes=4-11' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${MP4.length}`);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('ftypmp42');
    const tail = await fetch(url, { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(MP4.subarray(MP4.length - 10));
    const past = await fetch(url, { headers: { range: `bytes=${MP4.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${MP4.length}`);
  });

  it('needs no key; unknown ids, traversal, temporaries and other methods are refused', async () => {
    await stored();
    for (const path of [
      `/media/${'0'.repeat(64)}.mp4`,
      `/media/${sha(MP4)}.exe`,
      `/media/${sha(MP4)}`,
      `/media/${sha(MP4).toUpperCase()}.mp4`,
      '/media/../../etc/passwd',
      '/media/..%2F..%2Fetc%2Fpasswd',
      `/media/%2e%2e/${sha(MP4)}.mp4`,
      '/media/',
      `/media/.${sha(MP4)}.mp4.0123456789ab.tmp`,
    ]) {
      const r = await fetch(h.url + path);
      expect(r.status, path).toBe(404);
      expect((await r.json()).error.code).toBe('NOT_FOUND');
    }
    const post = await fetch(`${h.url}/media/${sha(MP4)}.mp4`, { method: 'POST' });
    expect(post.status).toBe(400);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('GET /v1/microblog-a/profile', () => {
  it('returns the api.md profile with the envelope; the handle is normalised for the lookup and the cache', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest('/v1/microblog-a/profile?handle=@TesterX', { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      credits_charged: 1,
      credits_remaining: 9,
      id: '109000000000000001',
      username: 'TesterX',
      followers_count: 1234,
      unauth_visibility: null,
      bookmarks_onboarded: true,
      receive_only_follow_mentions: false,
      pleroma: { accepts_chat_messages: true },
    });
    expect(r.body).not.toHaveProperty('premium');
    expect(h.replay.hits({ host: API })[0].query.get('acct')).toBe('testerx');
    const hit = await h.rest('/v1/microblog-a/profile?handle=testerx&cache_max_age=1d', { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true, username: 'TesterX' });
    expect(apiHits()).toBe(1);
    expect(await h.balance(id)).toBe(9);
  });

  it('REST and GraphQL return the same profile', async () => {
    const { key } = await h.key(10);
    const rest = await h.rest('/v1/microblog-a/profile?handle=tester', { key });
    const gql = await h.gql(
      '{ microblogAProfile(handle: "tester") { username displayName followersCount pleroma { acceptsChatMessages } json } }',
      { key },
    );
    const { success, credits_remaining, credits_charged, ...record } = rest.body;
    expect(gql.body.data.microblogAProfile).toEqual({
      username: 'tester',
      displayName: 'tester (display)',
      followersCount: 1234,
      pleroma: { acceptsChatMessages: true },
      json: record,
    });
  });

  it('validation names handle; 404, Cloudflare and refused accounts are typed errors at 0 credits', async () => {
    const { key, id } = await h.key(10);
    for (const bad of ['', 'https://truthsocial.com/@tester', 'two words', 'a'.repeat(31)]) {
      const r = await h.rest(`/v1/microblog-a/profile?handle=${encodeURIComponent(bad)}`, { key });
      expect(r.status, bad).toBe(400);
      expect(r.body.error.details[0].param).toBe('handle');
    }
    expect(apiHits()).toBe(0);
    const missing = await h.rest('/v1/microblog-a/profile?handle=ghost', { key });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
    const blocked = await h.rest('/v1/microblog-a/profile?handle=walled', { key });
    expect(blocked.status).toBe(502);
    expect(blocked.body.error.code).toBe('UPSTREAM_BLOCKED');
    const hidden = await h.rest('/v1/microblog-a/profile?handle=hidden', { key });
    expect(hidden.status).toBe(403);
    expect(hidden.body.error.code).toBe('PRIVATE_CONTENT');
    expect(await h.balance(id)).toBe(10);
  });
});

describe('GET /v1/microblog-a/posts', () => {
  const ACCOUNT_ID = '109000000000000001';
  const STATUSES_PATH = `/api/v1/accounts/${ACCOUNT_ID}/statuses`;
  const statusHits = () => h.replay.hits({ host: API, path: STATUSES_PATH });
  beforeEach(() => {
    h.replay.add({
      host: API,
      path: STATUSES_PATH,
      response: (req) => {
        const max = req.query.get('max_id');
        if (max === null)
          return {
            ...json([statusJson('7002'), statusJson('7001'), statusJson('7000', { visibility: 'private' })]),
            headers: {
              'content-type': 'application/json; charset=utf-8',
              link: `<https://truthsocial.com${STATUSES_PATH}?max_id=7000>; rel="next", <https://truthsocial.com${STATUSES_PATH}?min_id=7002>; rel="prev"`,
            },
          };
        return max === '7000' ? json([statusJson('6999')]) : json([]);
      },
    });
  });

  it('live 1 credit: public posts newest first and a cursor; the cursor pages on to cursor null; cache_max_age 0 credits', async () => {
    const { key, id } = await h.key(10);
    const first = await h.rest('/v1/microblog-a/posts?handle=@Tester', { key });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ credits_charged: 1, cursor: expect.any(String) });
    // The followers-only status is never shown.
    expect(first.body.posts.map((p: { id: string }) => p.id)).toEqual(['7002', '7001']);
    expect(first.body.posts[0]).toMatchObject({ text: 'First line\nsecond line\n\nTom & Jerry', account: { username: 'tester' } });
    const next = await h.rest(`/v1/microblog-a/posts?handle=tester&cursor=${first.body.cursor}`, { key });
    expect(next.body).toMatchObject({ credits_charged: 1, cursor: null });
    expect(next.body.posts.map((p: { id: string }) => p.id)).toEqual(['6999']);
    // The later page is one request: the cursor carries the account id.
    expect(h.replay.hits({ host: API, path: '/api/v1/accounts/lookup' })).toHaveLength(1);
    expect(statusHits().map((r) => r.query.get('max_id'))).toEqual([null, '7000']);
    const hit = await h.rest('/v1/microblog-a/posts?handle=TESTER&cache_max_age=1d', { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true });
    expect(hit.body.posts).toEqual(first.body.posts);
    expect(statusHits()).toHaveLength(2);
    expect(await h.balance(id)).toBe(8);
  });

  it('a missing account is 404 NOT_FOUND and a challenge 502 UPSTREAM_BLOCKED at 0 credits; a cursor of another account is INVALID_INPUT', async () => {
    const { key, id } = await h.key(10);
    const missing = await h.rest('/v1/microblog-a/posts?handle=ghost', { key });
    expect([missing.status, missing.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const walled = await h.rest('/v1/microblog-a/posts?handle=walled', { key });
    expect([walled.status, walled.body.error.code]).toEqual([502, 'UPSTREAM_BLOCKED']);
    const first = await h.rest('/v1/microblog-a/posts?handle=tester', { key });
    const other = await h.rest(`/v1/microblog-a/posts?handle=someoneelse&cursor=${first.body.cursor}`, { key });
    expect([other.status, other.body.error.details[0].param]).toEqual([400, 'cursor']);
    expect(statusHits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(9);
  });

  it('GraphQL microblogAPosts: typed posts and cursor; json is the REST record', async () => {
    const { key } = await h.key(10);
    const rest = await h.rest('/v1/microblog-a/posts?handle=tester', { key });
    const gql = await h.gql(
      '{ microblogAPosts(handle: "tester", cacheMaxAge: "1d") { cursor posts { id text account { username } } json } }',
      {
        key,
      },
    );
    expect(gql.body.errors).toBeUndefined();
    const { success: _s, credits_remaining: _r, credits_charged: _c, ...record } = rest.body;
    expect(gql.body.data.microblogAPosts.json).toEqual(record);
    expect(gql.body.data.microblogAPosts.cursor).toBe(rest.body.cursor);
    expect(gql.body.data.microblogAPosts.posts[1]).toEqual({
      id: '7001',
      text: 'First line\nsecond line\n\nTom & Jerry',
      account: { username: 'tester' },
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Real captures, replayed in place
// ---------------------------------------------------------------------------------------------

describe.skipIf(!hasFixtures('microblog-a'))(`microblog-a captures end to end (${skipReason('microblog-a')})`, () => {
  const CAPTURE_ROUTES: Route[] = [
    {
      host: API,
      path: '/api/v1/statuses/116711704834455679',
      response: {
        headers: { 'content-type': 'application/json' },
        bodyFile: fixturePath('microblog-a', 'status-video-citizenfreepress.json'),
      },
    },
    {
      host: API,
      path: '/api/v1/statuses/116669584003805199',
      response: {
        headers: { 'content-type': 'application/json' },
        bodyFile: fixturePath('microblog-a', 'status-text-realdonaldtrump.json'),
      },
    },
    {
      host: API,
      path: '/api/v1/accounts/lookup',
      query: { acct: 'realdonaldtrump' },
      response: { headers: { 'content-type': 'application/json' }, bodyFile: fixturePath('microblog-a', 'account-realdonaldtrump.json') },
    },
    // The capture's video and its thumbnail, stood in for by our bytes.
    { host: CDN, path: /\/original\/86da5bcb68c3cffb\.mp4$/, response: media(MP4, 'video/mp4') },
    { host: CDN, path: /\/original\/5d4f0d27b8296535\.jpg$/, response: media(JPEG, 'image/jpeg') },
  ];
  beforeEach(() => {
    for (const r of CAPTURE_ROUTES) h.replay.add(r);
  });

  it('the video post: SOURCES.md facts through REST; download_media hosts the video at 10 credits', async () => {
    vi.stubEnv('PUBLIC_BASE_URL', h.url);
    const { key } = await h.key(20);
    const url = encodeURIComponent('https://truthsocial.com/@CitizenFreePress/posts/116711704834455679');
    const plain = await h.rest(`/v1/microblog-a/post?url=${url}`, { key });
    expect(plain.body).toMatchObject({
      credits_charged: 1,
      id: '116711704834455679',
      created_at: '2026-06-08T00:41:25.195Z',
      favourites_count: 319,
    });
    expect(plain.body.account).toMatchObject({ username: 'CitizenFreePress', id: '108274591401172033', followers_count: 2149603 });
    expect(plain.body.media_attachments[0].url).toMatch(/\/original\/86da5bcb68c3cffb\.mp4$/);
    expect(plain.body).not.toHaveProperty('next_status');

    const hosted = await h.rest(`/v1/microblog-a/post?url=${url}&download_media=true`, { key });
    expect(hosted.body.credits_charged).toBe(10);
    const [m] = hosted.body.media_attachments;
    expect(m).toMatchObject({
      id: '116711703727976572',
      type: 'video',
      url: `${h.url}/media/${sha(MP4)}.mp4`,
      preview_url: `${h.url}/media/${sha(JPEG)}.jpg`,
    });
    expect(m.remote_url).toBe(plain.body.media_attachments[0].url);
    expect(m.meta.original.duration).toBe(16.021769);
    const served = await fetch(m.url);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(MP4);
  });

  it('the text post and the profile through REST', async () => {
    const { key } = await h.key(20);
    const post = await h.rest(
      `/v1/microblog-a/post?url=${encodeURIComponent('https://truthsocial.com/@realDonaldTrump/116669584003805199')}&download_media=true`,
      { key },
    );
    expect(post.body).toMatchObject({
      credits_charged: 1,
      replies_count: 1116,
      reblogs_count: 5209,
      favourites_count: 27879,
      media_attachments: [],
    });
    const profile = await h.rest('/v1/microblog-a/profile?handle=realDonaldTrump', { key });
    expect(profile.body).toMatchObject({
      id: '107780257626128497',
      followers_count: 12949333,
      last_status_at: '2026-07-31',
      pleroma: { accepts_chat_messages: false },
      unauth_visibility: null,
    });
  });

  const PEER_DIR = resolve(FIXTURES_DIR, '../reference/peer-examples');
  const peer = (name: string) => JSON.parse(readFileSync(join(PEER_DIR, name), 'utf8')).sampleResponse as Record<string, unknown>;
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  /** Same keys (bar documented extras) with the same JSON types; a null on either side is allowed. */
  function compareShapes(ours: Record<string, any>, theirs: Record<string, any>, extras: string[], path = ''): void {
    expect(
      Object.keys(ours)
        .filter((k) => !extras.includes(`${path}${k}`))
        .sort(),
      path || 'top level',
    ).toEqual(Object.keys(theirs).sort());
    for (const [k, v] of Object.entries(theirs)) {
      const o = ours[k];
      if (o !== null && v !== null) expect(kind(o), `${path}${k}`).toBe(kind(v));
      if (kind(o) === 'object' && kind(v) === 'object') compareShapes(o, v as Record<string, any>, extras, `${path}${k}.`);
    }
  }

  it.runIf(hasPeerExample(join(PEER_DIR, 'microblog-a_post.json')))('post: keys and types match the peer example', async () => {
    const { key } = await h.key(5);
    const r = await h.rest(
      `/v1/microblog-a/post?url=${encodeURIComponent('https://truthsocial.com/@realDonaldTrump/posts/116669584003805199')}`,
      { key },
    );
    compareShapes(r.body, peer('microblog-a_post.json'), []);
  });

  it.runIf(hasPeerExample(join(PEER_DIR, 'microblog-a_profile.json')))(
    'profile: keys and types match the peer example (plus api.md’s unauth_visibility)',
    async () => {
      const { key } = await h.key(5);
      const r = await h.rest('/v1/microblog-a/profile?handle=realDonaldTrump', { key });
      compareShapes(r.body, peer('microblog-a_profile.json'), ['unauth_visibility']);
    },
  );
});
