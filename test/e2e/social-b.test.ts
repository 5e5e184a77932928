/**
 * social-b (Instagram) end to end: gateway + replay upstream over real HTTP.
 *
 * The upstream answers are hand-written by us in the web_profile_info shape of the real capture
 * (src/platforms/social-b/samples.ts says what they rest on); the last block replays the capture
 * itself from ../shared/fixtures/social-b, in place, when it is present.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IG_APP_ID } from '../../src/platforms/social-b/fetch.js';
import * as s from '../../src/platforms/social-b/samples.js';
import { fixturePath, hasFixtures, skipReason } from '../support/fixtures.js';
import type { Route } from '../../src/replay/server.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { SOCIAL_B_USER_KEYS } from '../support/record-keys.js';
import { withoutEnvelope } from '../support/envelope.js';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8' };
const HOST = 'i.instagram.com';
const PATH = '/api/v1/users/web_profile_info/';

/** `nobody.here` → HTTP 404; `gone.user` → `data.user: null`; `quiet.one` → private; anyone else → public. */
const profileRoute: Route = {
  host: HOST,
  path: PATH,
  response: (req) => {
    const username = req.query.get('username') ?? '';
    if (username === 'nobody.here')
      return { status: 404, headers: JSON_HEADERS, body: JSON.stringify({ data: { user: null }, status: 'ok' }) };
    if (username === 'gone.user') return { headers: JSON_HEADERS, body: JSON.stringify(s.profileBody(null)) };
    return { headers: JSON_HEADERS, body: JSON.stringify(s.profileBody(s.userJson(username, { private: username === 'quiet.one' }))) };
  },
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  h.replay.add(profileRoute);
});

const profilePath = (handle: string, extra = '') => `/v1/social-b/profile?handle=${encodeURIComponent(handle)}${extra}`;
const igHits = () => h.replay.hits({ host: HOST });

describe('social-b profile', () => {
  it('charges 1; envelope, then data {user} and status; the api.md fields first', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(profilePath('clay.studio'), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['success', 'credits_remaining', 'credits_charged', 'data', 'status']);
    expect(r.body).toMatchObject({ success: true, credits_remaining: 9, credits_charged: 1, status: 'ok' });
    const user = r.body.data.user;
    expect(Object.keys(user).slice(0, SOCIAL_B_USER_KEYS.length)).toEqual(SOCIAL_B_USER_KEYS);
    expect(user).toMatchObject({
      username: 'clay.studio',
      biography: 'Ceramics and slow mornings.\nStudio: Rotterdam',
      external_url: 'https://shop.clay.studio.example/',
      business_email: 'hello@clay.studio.example',
      bio_links: [{ title: 'Shop', url: 'https://shop.clay.studio.example/', link_type: 'external' }],
      edge_followed_by: { count: 15230 },
      edge_owner_to_timeline_media: { count: 87, page_info: { has_next_page: true, end_cursor: 'QVFCdGVzdGN1cnNvcg==' } },
      // "many flags" pass through
      business_category_name: 'Creators & Celebrities',
      hide_like_and_view_counts: false,
    });
    expect(user.edge_owner_to_timeline_media.edges[0].node).toMatchObject({
      shortcode: 'DAbCdEf1234',
      is_video: true,
      video_view_count: 4321,
      edge_liked_by: { count: 345 },
    });
    expect(await h.balance(id)).toBe(9);
  });

  it('sends the public web_profile_info GET with x-ig-app-id, no cookie; the handle lower-cased without @', async () => {
    const { key } = await h.key(5);
    await h.rest(profilePath(' @Clay.Studio '), { key });
    const [req] = igHits();
    expect(req.method).toBe('GET');
    expect(req.path).toBe(PATH);
    expect(req.query.get('username')).toBe('clay.studio');
    expect(req.headers['x-ig-app-id']).toBe(IG_APP_ID);
    expect(IG_APP_ID).toBe('936619743392459');
    expect(req.headers.cookie).toBeUndefined();
    expect(req.headers.authorization).toBeUndefined();
  });

  it('cache_max_age serves a stored profile at 0 credits; handle spellings share one entry', async () => {
    const { key, id } = await h.key(10);
    const live = await h.rest(profilePath('kiln.works'), { key });
    expect(live.body.credits_charged).toBe(1);
    for (const handle of ['@kiln.works', 'Kiln.Works', '@KILN.WORKS']) {
      const hit = await h.rest(profilePath(handle, '&cache_max_age=3d'), { key });
      expect(hit.body).toMatchObject({ success: true, credits_charged: 0, cached: true });
      expect(hit.body.cached_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(withoutEnvelope(hit.body)).toEqual(withoutEnvelope(live.body));
    }
    expect(igHits()).toHaveLength(1);
    const again = await h.rest(profilePath('kiln.works'), { key });
    expect(again.body.credits_charged).toBe(1);
    expect(igHits()).toHaveLength(2);
    expect(await h.balance(id)).toBe(8);
  });

  it.each<[string, string, string, RegExp]>([
    ['missing handle', 'handle', '/v1/social-b/profile', /required/],
    ['blank handle', 'handle', profilePath('   '), /empty|required/],
    ['a profile URL', 'handle', profilePath('https://www.instagram.com/megadeth/'), /not a profile URL/],
    ['a URL without scheme', 'handle', profilePath('instagram.com/megadeth'), /not a profile URL/],
    ['invalid characters', 'handle', profilePath('mega-deth!'), /username/],
    ['31 characters', 'handle', profilePath('a'.repeat(31)), /username/],
    ['over-long', 'handle', profilePath('a'.repeat(101)), /at most/],
    ['bad cache_max_age', 'cache_max_age', profilePath('megadeth', '&cache_max_age=1w'), /1d/],
  ])('validation: %s → 400 naming %s, 0 credits, nothing fetched', async (_name, param, path, message) => {
    const { key, id } = await h.key(5);
    const r = await h.rest(path, { key });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details).toContainEqual({ param, message: expect.stringMatching(message) });
    expect(await h.balance(id)).toBe(5);
    expect(igHits()).toHaveLength(0);
  });

  it.each([
    ['HTTP 404', 'nobody.here'],
    ['data.user null', 'gone.user'],
  ])('a missing account (%s) is 404 NOT_FOUND naming it, at 0 credits, not cached', async (_how, handle) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(profilePath(handle), { key });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.stringContaining(`@${handle}`) } });
    const again = await h.rest(profilePath(handle, '&cache_max_age=30d'), { key });
    expect(again.status).toBe(404);
    expect(igHits()).toHaveLength(2);
    expect(await h.balance(id)).toBe(3);
  });

  it('a private account: 200 with its public header, is_private true and no posts (1 credit)', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(profilePath('quiet.one'), { key });
    expect(r.status).toBe(200);
    expect(r.body.data.user).toMatchObject({
      username: 'quiet.one',
      is_private: true,
      biography: 'Ceramics and slow mornings.\nStudio: Rotterdam',
      external_url: 'https://shop.quiet.one.example/',
      edge_owner_to_timeline_media: { count: 87, page_info: { has_next_page: false, end_cursor: null }, edges: [] },
    });
    expect(await h.balance(id)).toBe(2);
  });

  describe('blocked: 502 UPSTREAM_BLOCKED at 0 credits, never parsed', () => {
    const cases: [string, Route['response'], RegExp][] = [
      ['"Please wait a few minutes" with 401', { status: 401, headers: JSON_HEADERS, body: JSON.stringify(s.WAIT_BODY) }, /login wall/],
      ['"Please wait a few minutes" with 429', { status: 429, headers: JSON_HEADERS, body: JSON.stringify(s.WAIT_BODY) }, /login wall/],
      ['require_login with 200', { status: 200, headers: JSON_HEADERS, body: JSON.stringify(s.WAIT_BODY) }, /login wall/],
      [
        'a redirect to /accounts/login/',
        { status: 302, headers: { location: 'https://www.instagram.com/accounts/login/?next=%2Fapi%2Fv1%2Fusers%2Fweb_profile_info%2F' } },
        /login wall/,
      ],
      ['a checkpoint', { status: 400, headers: JSON_HEADERS, body: JSON.stringify(s.CHECKPOINT_BODY) }, /checkpoint/],
      ['a bare 429', { status: 429, headers: { 'content-type': 'text/html' }, body: '<html><body>Too many requests</body></html>' }, /429/],
    ];
    it.each(cases)('%s', async (_name, response, message) => {
      h.replay.add({ host: HOST, path: PATH, response });
      h.replay.add({
        host: 'www.instagram.com',
        path: '/accounts/login/',
        response: { headers: { 'content-type': 'text/html' }, body: s.LOGIN_HTML },
      });
      const { key, id } = await h.key(5);
      const r = await h.rest(profilePath('clay.studio'), { key });
      expect(r.status).toBe(502);
      expect(r.body.error).toMatchObject({ code: 'UPSTREAM_BLOCKED', message: expect.stringMatching(message) });
      expect(await h.balance(id)).toBe(5);
    });
  });

  it('a changed answer is 502 UPSTREAM_FAILED naming what is missing, 0 credits', async () => {
    h.replay.add({
      host: HOST,
      path: PATH,
      response: { headers: JSON_HEADERS, body: JSON.stringify({ graphql: { user: { id: '1' } }, status: 'ok' }) },
    });
    const { key, id } = await h.key(5);
    const r = await h.rest(profilePath('clay.studio'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('data.user') });
    expect(await h.balance(id)).toBe(5);
  });

  it('REST and GraphQL return the same profile; typed fields', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(profilePath('clay.studio'), { key });
    const gql = await h.gql(
      `{ socialBProfile(handle: "@Clay.Studio", cacheMaxAge: "1d") {
          json status
          user { id fbid username fullName biography externalUrl businessEmail businessPhoneNumber businessAddressJson
                 followerCount followingCount isPrivate isVerified isBusinessAccount isProfessionalAccount categoryName
                 profilePicUrl profilePicUrlHd highlightReelCount hasClips
                 biographyWithEntities { rawText entities }
                 bioLinks { title lynxUrl url linkType }
                 timelineMedia { count pageInfo { hasNextPage endCursor }
                   edges { node { id shortcode typename isVideo videoUrl videoViewCount commentCount likeCount takenAtTimestamp
                                  dimensions { width height } displayUrl thumbnailSrc thumbnailResources { src configWidth } owner { username } } } }
                 json } } }`,
      { key },
    );
    expect(gql.body.errors).toBeUndefined();
    const p = gql.body.data.socialBProfile;
    expect(p.json).toEqual(withoutEnvelope(rest.body));
    expect(p.user.json).toEqual(rest.body.data.user);
    expect(p.status).toBe('ok');
    const u = rest.body.data.user;
    expect(p.user).toMatchObject({
      id: u.id,
      username: 'clay.studio',
      fullName: u.full_name,
      biography: u.biography,
      externalUrl: u.external_url,
      businessEmail: 'hello@clay.studio.example',
      businessPhoneNumber: null,
      followerCount: 15230,
      followingCount: 321,
      isPrivate: false,
      categoryName: 'Artist',
      biographyWithEntities: { rawText: u.biography, entities: [] },
      bioLinks: [{ title: 'Shop', lynxUrl: u.bio_links[0].lynx_url, url: 'https://shop.clay.studio.example/', linkType: 'external' }],
      timelineMedia: { count: 87, pageInfo: { hasNextPage: true, endCursor: 'QVFCdGVzdGN1cnNvcg==' } },
    });
    expect(p.user.timelineMedia.edges[0].node).toMatchObject({
      shortcode: 'DAbCdEf1234',
      typename: 'GraphVideo',
      isVideo: true,
      videoViewCount: 4321,
      commentCount: 12,
      likeCount: 345,
      dimensions: { width: 1080, height: 1350 },
      owner: { username: 'clay.studio' },
    });
    expect(p.user.timelineMedia.edges[1].node).toMatchObject({ typename: 'GraphImage', isVideo: false, videoUrl: null });
    expect(gql.body.extensions.credits.fields[0]).toMatchObject({ charged: 0, cached: true });
  });

  it('GraphQL names a bad handle argument, at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const r = await h.gql('{ socialBProfile(handle: "https://www.instagram.com/megadeth/") { user { id } } }', { key });
    expect(r.body.errors[0].extensions).toMatchObject({
      code: 'INVALID_INPUT',
      details: [{ param: 'handle', message: expect.stringContaining('not a profile URL') }],
    });
    expect(r.body.extensions.credits.charged).toBe(0);
    expect(await h.balance(id)).toBe(5);
  });
});

describe('social-b post', () => {
  const PAGE = '/p/DAtalaDraw1/';
  const postPath = (url: string, extra = '') => `/v1/social-b/post?url=${encodeURIComponent(url)}${extra}`;
  const pageHits = () => h.replay.hits({ host: 'www.instagram.com' });
  beforeEach(() => {
    h.replay.add({ host: 'www.instagram.com', path: PAGE, response: { headers: HTML_HEADERS, body: s.postPage([s.postMedia()]) } });
    h.replay.add({
      host: 'www.instagram.com',
      path: '/p/DGoneGone01/',
      response: { status: 404, headers: HTML_HEADERS, body: '<html></html>' },
    });
  });

  it('charges 1 for a live answer {post}; cache_max_age answers it at 0 credits, URL spellings sharing the entry', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(postPath('https://www.instagram.com/p/DAtalaDraw1/'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      credits_charged: 1,
      post: { code: 'DAtalaDraw1', pk: '3500000000000000001', like_count: 231, owner: { username: 'tala.draws' } },
    });
    const hit = await h.rest(postPath('https://instagram.com/tala.draws/p/DAtalaDraw1/?img_index=1', '&cache_max_age=1d'), { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true, post: { code: 'DAtalaDraw1' } });
    expect(pageHits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(4);
  });

  it('a missing post (HTTP 404) is NOT_FOUND at 0 credits', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(postPath('https://www.instagram.com/p/DGoneGone01/'), { key });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(await h.balance(id)).toBe(3);
  });

  it('a URL that is not a post is 400 naming url, 0 credits, nothing fetched', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(postPath('https://www.instagram.com/tala.draws/'), { key });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toContainEqual({ param: 'url', message: expect.stringMatching(/post or reel URL/) });
    expect(pageHits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(3);
  });

  it('GraphQL socialBPost: typed fields, json equal to the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(postPath('https://www.instagram.com/p/DAtalaDraw1/'), { key });
    const gql = await h.gql(
      `{ socialBPost(url: "https://www.instagram.com/p/DAtalaDraw1/", cacheMaxAge: "1d") {
          post { code pk likeCount caption { text } owner { username fullName } imageVersions2 { candidates { url width } } }
          json } }`,
      { key },
    );
    expect(gql.body.errors).toBeUndefined();
    const p = gql.body.data.socialBPost;
    expect(p.json).toEqual({ post: rest.body.post });
    expect(p.post).toMatchObject({
      code: 'DAtalaDraw1',
      likeCount: 231,
      caption: { text: 'Ink study, day 12' },
      owner: { fullName: 'Tala Okafor' },
    });
  });
});

describe('social-b posts', () => {
  const postsPath = (handle: string, extra = '') => `/v1/social-b/posts?handle=${encodeURIComponent(handle)}${extra}`;

  it('first page: the profile timeline nodes and a cursor, 1 credit; cache_max_age answers it at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(postsPath('clay.studio'), { key });
    expect(r.status).toBe(200);
    expect(r.body.credits_charged).toBe(1);
    expect(r.body.posts.length).toBeGreaterThan(0);
    expect(r.body.posts[0]).toMatchObject({ shortcode: 'DAbCdEf1234', owner: { username: 'clay.studio' } });
    expect(typeof r.body.cursor).toBe('string');
    const hit = await h.rest(postsPath('@Clay.Studio', '&cache_max_age=1d'), { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true, cursor: r.body.cursor });
    expect(igHits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(4);
  });

  it('a private account is 403 PRIVATE_CONTENT and a missing one 404 NOT_FOUND, both at 0 credits', async () => {
    const { key, id } = await h.key(3);
    const priv = await h.rest(postsPath('quiet.one'), { key });
    expect(priv.status).toBe(403);
    expect(priv.body.error.code).toBe('PRIVATE_CONTENT');
    const gone = await h.rest(postsPath('gone.user'), { key });
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('NOT_FOUND');
    expect(await h.balance(id)).toBe(3);
  });

  it('a cursor of another account is 400 naming cursor, 0 credits', async () => {
    const { key, id } = await h.key(5);
    const first = await h.rest(postsPath('clay.studio'), { key });
    const r = await h.rest(postsPath('kiln.works', `&cursor=${encodeURIComponent(first.body.cursor)}`), { key });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toContainEqual({ param: 'cursor', message: expect.any(String) });
    expect(await h.balance(id)).toBe(4);
  });

  it('GraphQL socialBPosts: typed posts, json equal to the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(postsPath('clay.studio'), { key });
    const gql = await h.gql(`{ socialBPosts(handle: "clay.studio", cacheMaxAge: "1d") { posts { shortcode likeCount } cursor json } }`, {
      key,
    });
    expect(gql.body.errors).toBeUndefined();
    const p = gql.body.data.socialBPosts;
    expect(p.json).toEqual({ posts: rest.body.posts, cursor: rest.body.cursor });
    expect(p.posts[0]).toEqual({ shortcode: rest.body.posts[0].shortcode, likeCount: rest.body.posts[0].edge_liked_by.count });
  });
});

describe.skipIf(!hasFixtures('social-b'))(`social-b profile replaying the real capture (${skipReason('social-b')})`, () => {
  it('serves @megadeth as captured', async () => {
    h.replay.add({
      host: HOST,
      path: PATH,
      query: { username: 'megadeth' },
      response: { headers: JSON_HEADERS, bodyFile: fixturePath('social-b', 'web-profile-info-megadeth.json') },
    });
    const { key } = await h.key(5);
    const r = await h.rest(profilePath('@Megadeth'), { key });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ok');
    expect(r.body.data.user).toMatchObject({
      id: '343260652',
      username: 'megadeth',
      full_name: 'Megadeth',
      is_verified: true,
      is_private: false,
      edge_followed_by: { count: 2520817 },
      edge_follow: { count: 122 },
      external_url: 'http://megadeth.lnk.to/sickdyingdead/',
      bio_links: [],
      category_name: 'Musician/band',
      business_category_name: 'Creators & Celebrities',
    });
    expect(r.body.data.user.edge_owner_to_timeline_media.count).toBe(2328);
    expect(r.body.data.user.edge_owner_to_timeline_media.edges).toHaveLength(12);
    expect(r.body.data.user.edge_owner_to_timeline_media.edges[0].node.shortcode).toBe('ChKPk6klGbO');
  });
});
