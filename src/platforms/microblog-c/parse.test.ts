import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, hasFixtures, hasPeerExample, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { captureWarnings } from '../../parse/index.js';
import { balancedObject } from '../../parse/json.js';
import { searchForm, searchVariables } from './fetch.js';
import type { MicroblogCPost, MicroblogCUser } from './parse.js';
import {
  accessProblem,
  dayStart,
  htmlProblem,
  parseGraphqlBody,
  parsePost,
  parseProfileResponse,
  parseSearchResponse,
  parseSessionPage,
  parseUser,
  threadItemPosts,
  TRIMMED_POST,
  withinDates,
} from './parse.js';
import * as s from './samples.js';
import { wallError, wallName } from '../../../test/blocks/wall-answer.js';
import { errorOf } from '../../../test/support/errors.js';

const LABEL = 'microblog-c';
const PROFILE = 'profile-graphql-zuck-2023-07-10.json';

/** api.md "microblog-c search result" fields, and those of its user / text_post_app_info / caption. */
const POST_KEYS = [
  'id',
  'pk',
  'user',
  'text_post_app_info',
  'caption',
  'code',
  'image_versions2',
  'original_height',
  'original_width',
  'media_type',
  'like_count',
  'taken_at',
  'organic_tracking_token',
];
const USER_KEYS = [
  'friendship_status',
  'pk',
  'profile_pic_url',
  'username',
  'id',
  'is_verified',
  'text_post_app_is_private',
  'has_onboarded_to_text_post_app',
];
const INFO_KEYS = [
  'text_fragments',
  'reshare_count',
  'direct_reply_count',
  'repost_count',
  'quote_count',
  'share_info',
  'reply_control',
  'is_reply',
];

// ---------------------------------------------------------------------------------------------
// The one real capture (read in place; facts from ../shared/fixtures/microblog-c/SOURCES.md)
// ---------------------------------------------------------------------------------------------

describe.skipIf(!hasFixtures(LABEL))(`microblog-c capture (${skipReason(LABEL)})`, () => {
  const raw = () => JSON.parse(readFixture(LABEL, PROFILE));
  // The profile user passes every upstream field through; the type names only the api.md user fields.
  const load = () => parseProfileResponse(raw()).user as MicroblogCUser & Record<string, unknown>;

  it('data.userData.user: zuck, pk "314216", Mark Zuckerberg, id null', () => {
    const u = load();
    expect(u.username).toBe('zuck');
    expect(u.pk).toBe('314216');
    expect(u.full_name).toBe('Mark Zuckerberg');
    expect(u.id).toBeNull();
  });

  it('follower_count 2663947, verified, not private; empty biography, no biography_with_entities', () => {
    const u = load();
    expect(u.follower_count).toBe(2663947);
    expect(u.is_verified).toBe(true);
    expect(u.is_private).toBe(false);
    expect(u.biography).toBe('');
    expect(u.biography_with_entities).toBeNull();
  });

  it('bio_links is one entry with an empty url; two hd pictures (320, 640); pictures on scontent.cdninstagram.com', () => {
    const u = load();
    expect(u.bio_links).toEqual([{ url: '' }]);
    const hd = u.hd_profile_pic_versions as unknown as { width: number; height: number; url: string }[];
    expect(hd.map((v) => [v.width, v.height])).toEqual([
      [320, 320],
      [640, 640],
    ]);
    expect(new URL(u.profile_pic_url!).host).toBe('scontent.cdninstagram.com');
    for (const v of hd) expect(new URL(v.url).host).toBe('scontent.cdninstagram.com');
  });

  it('extensions.is_final = true; the answer holds no thread items', () => {
    expect(raw().extensions.is_final).toBe(true);
    expect(threadItemPosts(raw())).toBeNull();
  });

  it('the profile user is the post-author shape: every api.md user field present (null where the 2023 answer lacks it)', () => {
    const u = load();
    for (const k of USER_KEYS) expect(u).toHaveProperty(k);
    expect(u.friendship_status).toBeNull();
    expect(u.text_post_app_is_private).toBeNull();
    expect(u.has_onboarded_to_text_post_app).toBeNull();
    // The same parser reads it as a post's author.
    const p = parsePost({ ...s.post({ pk: '3141592653589793238' }), id: undefined, user: raw().data.userData.user });
    expect(p.user).toEqual(u);
    expect(p.id).toBe('3141592653589793238_314216');
  });
});

// ---------------------------------------------------------------------------------------------
// Peer example (a second opinion on the wire shape; api.md wins)
// ---------------------------------------------------------------------------------------------

const PEER_FILE = join(FIXTURES_DIR, '..', 'reference', 'peer-examples', 'microblog-c_search.json');

describe.skipIf(!hasPeerExample(PEER_FILE))(`peer example microblog-c_search.json (skipped when ${PEER_FILE} is absent)`, () => {
  const peer = () => JSON.parse(readFileSync(PEER_FILE, 'utf8')).sampleResponse as { posts: Record<string, unknown>[] };

  it('top level is posts only, like ours', () => {
    expect(Object.keys(peer()).filter((k) => !['success', 'credits_remaining', 'credits_charged'].includes(k))).toEqual(['posts']);
  });

  it('the peer post, read as a search thread item, comes back unchanged (same keys and values)', () => {
    const theirs = peer().posts[0];
    const { posts } = parseSearchResponse(s.searchAnswer([theirs]));
    expect(posts).toHaveLength(1);
    expect(posts[0]).toEqual(theirs);
    expect(Object.keys(posts[0])).toEqual(Object.keys(theirs));
  });

  it('our sample post has every key of the peer post that api.md lists, with the same types', () => {
    const theirs = peer().posts[0] as Record<string, unknown>;
    const mine = parsePost(s.post({ pk: '3623700000000000001' })) as unknown as Record<string, unknown>;
    const t = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
    for (const k of POST_KEYS) {
      expect(theirs).toHaveProperty(k);
      expect([k, t(mine[k])]).toEqual([k, t(theirs[k])]);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Project-own cases (always run). Search answers are hand-written (src/platforms/microblog-c/samples.ts says on what
// they rest): no search capture exists.
// ---------------------------------------------------------------------------------------------

describe('microblog-c search answer (hand-written samples)', () => {
  const answer = () =>
    s.searchAnswer([
      s.post({ pk: '3600000000000000001', text: 'low tide at 6' }),
      s.imagePost({ pk: '3600000000000000002', username: 'pier.cam' }),
    ]);

  it('one post per thread item, every api.md field, upstream extras kept', () => {
    const { posts } = parseSearchResponse(answer());
    expect(posts).toHaveLength(2);
    const [p] = posts;
    for (const k of POST_KEYS) expect(p).toHaveProperty(k);
    for (const k of USER_KEYS) expect(p.user).toHaveProperty(k);
    for (const k of INFO_KEYS) expect(p.text_post_app_info).toHaveProperty(k);
    expect(p).toMatchObject({
      id: '3600000000000000001_6100200300',
      pk: '3600000000000000001',
      media_type: 19,
      like_count: 128,
      taken_at: 1_746_000_000,
      caption: { text: 'low tide at 6', has_translation: null },
      user: { username: 'harbor.notes', is_verified: false, friendship_status: null },
      text_post_app_info: {
        direct_reply_count: 11,
        repost_count: 3,
        quote_count: 1,
        reshare_count: 4,
        reply_control: 'everyone',
        is_reply: false,
      },
    });
    expect(p.text_post_app_info!.text_fragments!.fragments[0]).toMatchObject({ fragment_type: 'plaintext', plaintext: 'low tide at 6' });
    expect(p).toHaveProperty('caption_is_edited', false);
    expect(posts[1].image_versions2!.candidates.map((c) => c.width)).toEqual([1080, 640]);
  });

  it('documented fields absent upstream are null; the id is built from pk and the author pk when missing', () => {
    const bare = { pk: 3600000000000000, user: { pk: 42, username: 'x' } };
    const p = parsePost(bare);
    expect(p.pk).toBe('3600000000000000');
    expect(p.id).toBe('3600000000000000_42');
    for (const k of POST_KEYS.filter((k) => !['id', 'pk', 'user'].includes(k))) expect(p[k as keyof MicroblogCPost]).toBeNull();
    expect(p.user).toMatchObject({ pk: '42', username: 'x', id: null, is_verified: null });
  });

  it('a post without pk, or with neither id nor author pk, is a shape change', () => {
    expect(errorOf(() => parsePost({ id: '1_2' })).message).toMatch(/missing pk of post/);
    expect(errorOf(() => parsePost({ pk: '1' })).message).toMatch(/missing id of post/);
    expect(errorOf(() => parseUser({ full_name: 'no ids' })).message).toMatch(/pk\/username of user/);
  });

  it('duplicate posts across thread items are kept once; edges without thread items are skipped', () => {
    const a = answer() as { data: { searchResults: { edges: unknown[] } } };
    a.data.searchResults.edges.push({ node: { thread: { thread_items: [{ post: s.post({ pk: '3600000000000000001' }) }] } } });
    a.data.searchResults.edges.push({ node: { __typename: 'XDTSearchHeader' } });
    expect(parseSearchResponse(a).posts.map((p) => p.pk)).toEqual(['3600000000000000001', '3600000000000000002']);
  });

  it('no results is an empty list; a missing searchResults or thread items is a shape change', () => {
    expect(parseSearchResponse(s.searchAnswer([], null))).toEqual({ posts: [] });
    expect(errorOf(() => parseSearchResponse({ data: {} })).message).toMatch(/missing data\.searchResults$/);
    expect(errorOf(() => parseSearchResponse({ data: { searchResults: {} } })).message).toMatch(/data\.searchResults\.edges/);
    expect(errorOf(() => parseSearchResponse({ data: { searchResults: { edges: [{ node: {} }] } } })).message).toMatch(/thread_items/);
  });

  it('GraphQL errors without data are UPSTREAM_FAILED naming the message', () => {
    const e = errorOf(() =>
      parseSearchResponse({ errors: [{ message: 'execution error', severity: 'CRITICAL' }], data: { searchResults: null } }),
    );
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/execution error/);
  });

  it('login walls and checkpoints are typed, never parsed', () => {
    for (const body of [JSON.parse(s.LOGIN_REQUIRED_JSON), { require_login: true }, { errors: [{ message: 'login_required' }] }]) {
      expect(accessProblem(body)).toBe('login');
      const e = errorOf(() => parseSearchResponse(body));
      expect(e.code).toBe('UPSTREAM_BLOCKED');
      expect(e.message).toMatch(/login wall/);
    }
    expect(accessProblem({ errors: [{ message: 'checkpoint_required' }] })).toBe('blocked');
    expect(accessProblem({ message: 'Please wait a few minutes before you try again.', status: 'fail' })).toBe('blocked');
    expect(errorOf(() => parseSearchResponse({ errors: [{ message: 'challenge_required' }] })).code).toBe('UPSTREAM_BLOCKED');
    expect(accessProblem(parseGraphqlBody(s.STALE_TOKEN_BODY))).toBe('token');
    expect(accessProblem(answer())).toBeNull();
  });

  it('trim keeps exactly the documented reduced post', () => {
    const { posts } = parseSearchResponse(answer(), { trim: true });
    expect(Object.keys(posts[0])).toEqual(Object.keys(TRIMMED_POST));
    expect(Object.keys(posts[0].user!)).toEqual(TRIMMED_POST.user);
    expect(posts[0]).toEqual({
      id: '3600000000000000001_6100200300',
      pk: '3600000000000000001',
      code: 'C000000001x',
      user: {
        pk: '6100200300',
        id: '6100200300',
        username: 'harbor.notes',
        is_verified: false,
        profile_pic_url: expect.stringContaining('6100200300'),
      },
      caption: { text: 'low tide at 6' },
      text_post_app_info: {
        direct_reply_count: 11,
        repost_count: 3,
        quote_count: 1,
        reshare_count: 4,
        is_reply: false,
        reply_control: 'everyone',
      },
      media_type: 19,
      like_count: 128,
      taken_at: 1_746_000_000,
    });
  });

  it('thread items of a profile threads tab (current edges, and the 2023 `threads` list) share the post shape', () => {
    const current = {
      data: { mediaData: { edges: [{ node: { thread_items: [{ post: s.post({ pk: '11' }) }, { post: s.post({ pk: '12' }) }] } }] } },
    };
    const july2023 = { data: { mediaData: { threads: [{ thread_items: [{ post: s.post({ pk: '13' }) }] }] } } };
    expect(threadItemPosts(current)!.map((p) => parsePost(p).pk)).toEqual(['11', '12']);
    expect(threadItemPosts(july2023)!.map((p) => parsePost(p).pk)).toEqual(['13']);
  });
});

describe('microblog-c GraphQL bodies and the public page', () => {
  it('parseGraphqlBody strips `for (;;);` and reads the first of several streamed objects', () => {
    expect(parseGraphqlBody('for (;;);{"a":1}')).toEqual({ a: 1 });
    expect(parseGraphqlBody('{"data":{"x":1}}\n{"label":"deferred","data":{}}')).toEqual({ data: { x: 1 } });
    expect(errorOf(() => parseGraphqlBody('<html>')).code).toBe('UPSTREAM_FAILED');
  });

  it('finds the lsd token, and the search doc_id and variables from the route preloader', () => {
    const vars = {
      query: 'threads',
      recent: 0,
      search_surface: 'default',
      __relay_internal__pv__BarcelonaIsLoggedInrelayprovider: false,
      nested: { a: '}{"' },
    };
    expect(parseSessionPage(s.sessionPage('AVqbxe3J_YA', { docId: '7777000011112222', variables: vars }))).toEqual({
      lsd: 'AVqbxe3J_YA',
      docId: '7777000011112222',
      variables: vars,
    });
    expect(parseSessionPage(s.sessionPage('AVq-2'))).toEqual({ lsd: 'AVq-2', docId: null, variables: null });
    expect(parseSessionPage('<input type="hidden" name="lsd" value="AVformtoken" autocomplete="off">').lsd).toBe('AVformtoken');
    expect(parseSessionPage('<html>nothing</html>').lsd).toBeNull();
  });

  it('balancedObject respects strings and escapes', () => {
    const text = 'x {"a":"}\\"{","b":{"c":[1,{"d":2}]}} tail';
    expect(JSON.parse(balancedObject(text, 2)!)).toEqual({ a: '}"{', b: { c: [1, { d: 2 }] } });
    expect(balancedObject('{"open":', 0)).toBeNull();
    expect(balancedObject('x', 0)).toBeNull();
  });

  it('the form sent: lsd, the friendly name, the page variables with our query, doc_id', () => {
    const form = new URLSearchParams(
      searchForm({ lsd: 'L1', docId: '99', variables: { query: 'old', recent: 1, after: 'c9', flag: true } }, 'tide & moon'),
    );
    expect(form.get('lsd')).toBe('L1');
    expect(form.get('doc_id')).toBe('99');
    expect(form.get('fb_api_req_friendly_name')).toBe('BarcelonaSearchResultsQuery');
    expect(JSON.parse(form.get('variables')!)).toEqual({ query: 'tide & moon', recent: 0, search_surface: 'default', flag: true });
    expect(searchVariables({}, 'q')).toEqual({ query: 'q', recent: 0, search_surface: 'default' });
  });

  it('HTML from the GraphQL endpoint: login page, checkpoint, or neither', () => {
    expect(htmlProblem(s.LOGIN_PAGE_HTML)?.kind).toBe('login');
    expect(htmlProblem(s.CHECKPOINT_HTML)?.kind).toBe('blocked');
    expect(htmlProblem('<html><head><title>Threads</title></head><body>Something went wrong</body></html>')).toBeNull();
  });
});

describe('microblog-c dates', () => {
  it('dayStart accepts real YYYY-MM-DD days only', () => {
    expect(dayStart('2024-02-29')).toBe(Date.UTC(2024, 1, 29) / 1000);
    for (const bad of [
      '2023-02-29',
      '2024-13-01',
      '2024-00-10',
      '2024-04-31',
      '2024-4-1',
      '20240401',
      '2024-04-01T00:00',
      ' 2024-04-01',
      '',
    ]) {
      expect([bad, dayStart(bad)]).toEqual([bad, null]);
    }
  });

  it('withinDates: whole UTC days, open bounds, undated posts excluded only when a bound is given', () => {
    const at = (iso: string) => parsePost({ ...s.post({ pk: '1' }), taken_at: Date.parse(iso) / 1000 });
    expect(withinDates(at('2025-05-01T00:00:00Z'), '2025-05-01', '2025-05-01')).toBe(true);
    expect(withinDates(at('2025-05-01T23:59:59Z'), '2025-05-01', '2025-05-01')).toBe(true);
    expect(withinDates(at('2025-05-02T00:00:00Z'), '2025-05-01', '2025-05-01')).toBe(false);
    expect(withinDates(at('2025-04-30T23:59:59Z'), '2025-05-01', null)).toBe(false);
    expect(withinDates(at('2020-01-01T00:00:00Z'), null, '2025-05-01')).toBe(true);
    const undated = parsePost({ ...s.post({ pk: '2' }), taken_at: null });
    expect(withinDates(undated, null, null)).toBe(true);
    expect(withinDates(undated, '2025-01-01', null)).toBe(false);
  });
});

describe('parse warnings (microblog-c)', () => {
  it.skipIf(!hasFixtures(LABEL))(`the real 2023 profile answer reads without a warning (${skipReason(LABEL)})`, () => {
    expect(
      captureWarnings(() => parseProfileResponse(JSON.parse(readFixture(LABEL, 'profile-graphql-zuck-2023-07-10.json')))).warnings,
    ).toEqual([]);
  });

  /** Our own post (src/platforms/microblog-c/samples.ts: no search capture exists), with one member changed. */
  it('a post without like_count: null plus post.like_count; a caption given as null: no warning', () => {
    const raw = s.post({ pk: '3100000000000000001' });
    expect(captureWarnings(() => parsePost(raw)).warnings).toEqual([]);
    delete raw.like_count;
    raw.caption = null;
    const { result, warnings } = captureWarnings(() => parsePost(raw));
    expect(result.like_count).toBeNull();
    expect(warnings.map((w) => [w.platform, w.field])).toEqual([['microblog-c', 'post.like_count']]);
  });
});

// ---------------------------------------------------------------------------------------------
// Walls (walls.ts) and accessProblem: keys and codes, never the sentences beside them
// ---------------------------------------------------------------------------------------------
describe('walls and access problems by structure', () => {
  const GRAPHQL = 'https://www.threads.com/api/graphql';

  // The real logged-out GraphQL refusal (quoted for Threads: ../shared/fixtures/blocks/social-b/SOURCES.md).
  describe.skipIf(!hasFixtures('blocks/social-b'))(`the real Threads refusal (blocks/social-b, ${skipReason('blocks/social-b')})`, () => {
    it('rate-limit-please-wait-require-login.json at 401 → login wall, by require_login', () => {
      const body = readFixture('blocks/social-b', 'rate-limit-please-wait-require-login.json');
      expect(wallName(LABEL, body, { status: 401, url: GRAPHQL })).toBe('login-wall');
      expect(accessProblem(JSON.parse(body))).toBe('login');
    });
  });

  // Self-written: the same envelopes with their sentences in German, Japanese and Portuguese.
  it.each<[string, object, number, string, string]>([
    [
      'rate limit, German, 429',
      { message: 'Bitte warte einige Minuten, bevor du es erneut versuchst.', status: 'fail' },
      429,
      'refused',
      'blocked',
    ],
    ['rate limit, Japanese, 200', { message: '数分待ってからもう一度お試しください。', status: 'fail' }, 200, 'refused', 'blocked'],
    [
      'not logged in (1357001), Portuguese summary',
      { error: 1357001, errorSummary: 'Sessão não iniciada', errorDescription: 'Entre para continuar.', payload: null },
      200,
      'login-wall',
      'login',
    ],
    [
      'GraphQL error code 1357001, Japanese message',
      { errors: [{ message: 'ログインしてください', code: 1357001 }], data: null },
      200,
      'login-wall',
      'login',
    ],
    ['spam flag, Portuguese', { message: 'Tente novamente mais tarde', spam: true, status: 'fail' }, 400, 'refused', 'blocked'],
  ])('translated answer (self-written): %s', (_name, body, status, wall, problem) => {
    expect(wallName(LABEL, JSON.stringify(body), { status, url: GRAPHQL })).toBe(wall);
    expect(wallError(LABEL, JSON.stringify(body), { status, url: GRAPHQL })?.code).toBe('UPSTREAM_BLOCKED');
    expect(accessProblem(body)).toBe(problem);
  });

  it('English sentences alone decide nothing: GraphQL errors saying "log in" or "rate limit" are ordinary errors', () => {
    const body = { errors: [{ message: 'Please log in to continue. Rate limit. Too many requests.', severity: 'CRITICAL' }], data: null };
    expect(accessProblem(body)).toBeNull();
    expect(wallName(LABEL, JSON.stringify(body), { status: 200, url: GRAPHQL })).toBeNull();
    expect(errorOf(() => parseSearchResponse(body)).code).toBe('UPSTREAM_FAILED');
  });

  it('an HTML page is read by its markers: a translated login page (self-written) is a login wall, a title alone is not', () => {
    const korean =
      '<!DOCTYPE html><html lang="ko"><head><title>로그인 • Threads</title></head><body><form id="loginForm" method="post" action="/accounts/login/ajax/"></form></body></html>';
    expect(htmlProblem(korean)?.kind).toBe('login');
    expect(
      htmlProblem(
        '<html><head><title>Log in • Threads</title></head><body>Too Many Requests. Please wait a few minutes before you try again.</body></html>',
      ),
    ).toBeNull();
  });

  it('decoy: a search answer whose posts quote the walls is data, and parses', () => {
    const text = 'Please wait a few minutes before you try again. log in to continue. Just a moment… unusual traffic. login_required';
    const body = s.searchAnswer([s.post({ pk: '3601', text })]);
    expect(wallName(LABEL, JSON.stringify(body), { status: 200, url: GRAPHQL })).toBeNull();
    expect(accessProblem(body)).toBeNull();
    expect(parseSearchResponse(body).posts[0].caption?.text).toBe(text);
  });
});
