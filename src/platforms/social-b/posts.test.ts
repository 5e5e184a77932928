/**
 * `socialBPosts` (posts.ts) on the real captures in ../shared/fixtures/social-b, read in place:
 * web_profile_info (the first page, 2022) and the profile grid's GraphQL timeline (later pages,
 * 2024; recorded logged in, SOURCES.md: its viewer fields are not read). The private account, the
 * walls and the paging exchanges are our own answers (src/platforms/social-b/samples.ts and below; invented
 * names and ids).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_HTML, profileBody, timelineBody, timelineDict, userJson, WAIT_BODY } from './samples.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import type { FakeAnswer } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { ApiError } from '../../errors.js';
import { captureWarnings } from '../../parse/index.js';
import type { UpstreamRequest } from '../../upstream/client.js';
import { validateArgs } from '../operation.js';
import { parseProfile } from './parse.js';
import {
  decodeCursor,
  encodeCursor,
  parseTimelinePage,
  posts,
  postsFromProfile,
  SocialBPostsPage,
  TIMELINE_DOC_ID,
  timelineNode,
} from './posts.js';

const LABEL = 'social-b';
const PROFILE = 'web-profile-info-megadeth.json';
const TIMELINE = 'graphql-user-timeline-posts-2024-03.json';
type Obj = Record<string, any>;
const capture = (file: string): Obj => JSON.parse(readFixture(LABEL, file));

function failure(f: () => unknown): ApiError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected an ApiError, got a record');
}
const warned = (ws: { platform: string; field: string }[]) => ws.map((w) => `${w.platform}:${w.field}`);

/** The fields api.md's social-b profile lists for a timeline node. */
const NODE_FIELDS = [
  'id',
  'shortcode',
  'dimensions',
  'display_url',
  'is_video',
  'video_url',
  'video_view_count',
  'edge_media_to_comment',
  'edge_liked_by',
  'taken_at_timestamp',
  'thumbnail_src',
  'thumbnail_resources',
  'owner',
];

describe.skipIf(!hasFixtures(LABEL))(`socialBPosts on the captures (${skipReason(LABEL)})`, () => {
  it(`${PROFILE} (first page): its 12 timeline nodes; the cursor names the last one as Instagram's \`after\``, () => {
    const page = postsFromProfile(parseProfile(capture(PROFILE), 'megadeth'), 'megadeth');
    expect(page.posts).toHaveLength(12);
    expect(page.posts[0]).toMatchObject({
      shortcode: 'ChKPk6klGbO',
      id: '2903201417283266254',
      owner: { id: '343260652', username: 'megadeth' },
    });
    expect(page.posts[0].edge_liked_by.count).toBe(20269);
    expect(decodeCursor(page.cursor!)).toEqual({ handle: 'megadeth', after: '2903489641183020928_343260652' });
    expect(SocialBPostsPage.safeParse(page).success).toBe(true);
  });

  it(`${TIMELINE} (later pages): the SOURCES.md facts in the node shape, no warning, schema holds`, () => {
    const { result: page, warnings } = captureWarnings(() => parseTimelinePage(capture(TIMELINE), 'anasaiaofficial'));
    expect(warnings).toEqual([]);
    expect(page.posts.map((p) => p.shortcode)).toEqual([
      'CygtX9ivC0U',
      'CszG_zEMnYL',
      'CmaYvrqrNWz',
      'C36TGmyve1w',
      'C33nrIIP7TB',
      'C3ydtFgvW4X',
      'C3tUTTYS4qr',
      'C3quWkXP8IR',
      'C3oJ66BPCy8',
      'C3lnIs5v9h1',
      'C3gcNmLP7SA',
      'C3d2Y7dvr61',
    ]);
    const [first, second, third] = page.posts;
    expect(first).toMatchObject({
      __typename: 'GraphVideo',
      id: '3215769692664507668',
      is_video: true,
      taken_at_timestamp: Date.parse('2023-10-17T19:09:29Z') / 1000,
      edge_liked_by: { count: 817982 },
      edge_media_to_comment: { count: 3000 },
      dimensions: { width: 1080, height: 1920 },
      owner: { id: '50269116275', username: 'anasaiaofficial' },
      product_type: 'clips',
    });
    expect(first.video_url).toMatch(/^https:\/\/scontent\.cdninstagram\.com\/o1\/v\/t16\//);
    expect(first.display_url).toContain('417767656_1833101200494262');
    // The largest square rendition is the grid's thumbnail; the resources ascend.
    expect(first.thumbnail_resources.map((t) => t.config_width)).toEqual(
      [...first.thumbnail_resources.map((t) => t.config_width)].sort((a, b) => a! - b!),
    );
    expect(first.thumbnail_resources.every((t) => t.config_width === t.config_height)).toBe(true);
    expect(second.edge_liked_by.count).toBe(18986);
    expect(third).toMatchObject({
      shortcode: 'CmaYvrqrNWz',
      __typename: 'GraphSidecar',
      is_video: false,
      video_url: null,
      edge_liked_by: { count: 68989 },
    });
    expect(page.posts[11].taken_at_timestamp! * 1000).toBeGreaterThanOrEqual(Date.parse('2024-02-17T00:00:00Z'));
    expect(decodeCursor(page.cursor!)).toEqual({ handle: 'anasaiaofficial', after: '3305036909188660917_50269116275' });
    expect(SocialBPostsPage.safeParse(page).success).toBe(true);
  });

  it("Instagram's `after` is the last post's <pk>_<owner pk>: what the first page's cursor is built from", () => {
    const conn = capture(TIMELINE).data.xdt_api__v1__feed__user_timeline_graphql_connection;
    const last = conn.edges.at(-1).node;
    expect(conn.page_info.end_cursor).toBe(`${last.pk}_${last.owner.pk}`);
  });

  it('both eras answer one shape: every api.md node field, in the same order', () => {
    const older = postsFromProfile(parseProfile(capture(PROFILE)), 'megadeth').posts[0];
    const newer = parseTimelinePage(capture(TIMELINE), 'anasaiaofficial').posts[0];
    expect(Object.keys(older).filter((k) => NODE_FIELDS.includes(k))).toEqual(NODE_FIELDS);
    expect(Object.keys(newer).filter((k) => NODE_FIELDS.includes(k))).toEqual(NODE_FIELDS);
  });

  it('posts of another account than asked are UPSTREAM_FAILED', () => {
    expect(failure(() => parseTimelinePage(capture(TIMELINE), 'megadeth')).code).toBe('UPSTREAM_FAILED');
  });

  it("a collab post owned by another account lists the asked one among its coauthor_producers: it is on the asked account's grid, not another account's answer", () => {
    // The capture with its first post made a collab of ours: owned by an invented account, the
    // captured account its accepted coauthor (Instagram shows such a post on both grids).
    const page = capture(TIMELINE);
    const node = page.data.xdt_api__v1__feed__user_timeline_graphql_connection.edges[0].node;
    node.owner = { ...node.owner, pk: '9100000000000000001', id: '9100000000000000001', username: 'harbour.radio' };
    node.user = { ...node.user, pk: '9100000000000000001', id: '9100000000000000001', username: 'harbour.radio' };
    node.coauthor_producers = [{ pk: '50269116275', id: '50269116275', username: 'anasaiaofficial' }];
    const parsed = parseTimelinePage(page, 'anasaiaofficial');
    expect(parsed.posts[0].owner).toMatchObject({ username: 'harbour.radio' });
    expect(parsed.posts).toHaveLength(12);
    // Without the asked account among its coauthors it is another account's post: the page is refused.
    node.coauthor_producers = [{ pk: '9200000000000000002', id: '9200000000000000002', username: 'someone.else' }];
    expect(failure(() => parseTimelinePage(page, 'anasaiaofficial')).message).toMatch(/different resource/);
  });
});

// ---------------------------------------------------------------------------------------------
// Our own answers
// ---------------------------------------------------------------------------------------------

describe('socialBPosts parse (our own answers)', () => {
  it('an image dict in the node shape: display_url the full frame, thumbnails the squares; no warning', () => {
    const { result, warnings } = captureWarnings(() => timelineNode(timelineDict('DAtalaDraw1', '3500000000000000001')));
    expect(warnings).toEqual([]);
    expect(result).toMatchObject({
      __typename: 'GraphImage',
      id: '3500000000000000001',
      shortcode: 'DAtalaDraw1',
      is_video: false,
      video_url: null,
      video_view_count: null,
      display_url: 'https://cdn.example/3500000000000000001_1080x1350.jpg',
      thumbnail_src: 'https://cdn.example/3500000000000000001_640.jpg',
      edge_media_to_caption: { edges: [{ node: { text: 'Ink study' } }] },
    });
    expect(result.thumbnail_resources.map((t) => t.config_width)).toEqual([150, 640]);
  });

  it('a node missing its counts degrades them (null plus media.<field>); one without a code is left out of the page, warned', () => {
    const { result, warnings } = captureWarnings(() =>
      parseTimelinePage(
        timelineBody([timelineDict('DAtalaDraw1', '1', { like_count: undefined }), timelineDict('', '2')], null),
        'tala.draws',
      ),
    );
    expect(result.posts.map((p) => [p.shortcode, p.edge_liked_by.count])).toEqual([['DAtalaDraw1', null]]);
    expect(result.cursor).toBeNull();
    expect(warned(warnings)).toEqual(['social-b:media.like_count', 'social-b:timeline.edges']);
  });

  it('hidden like and view counts (like_and_view_counts_disabled, as in the post record): likes and views null, not warned', () => {
    const hidden = timelineDict('DAtalaDraw1', '1', { like_and_view_counts_disabled: true, like_count: 0, media_type: 2, view_count: 0 });
    hidden.video_versions = [{ url: 'https://cdn.example/1.mp4' }];
    const { result, warnings } = captureWarnings(() => timelineNode(hidden));
    expect(result.edge_liked_by.count).toBeNull();
    expect(result.video_view_count).toBeNull();
    expect(result.edge_media_to_comment.count).not.toBeNull();
    expect(warnings).toEqual([]);
  });

  it('a private account has no posts to give: PRIVATE_CONTENT', () => {
    const profile = parseProfile(profileBody(userJson('tala.draws', { private: true })), 'tala.draws');
    expect(failure(() => postsFromProfile(profile, 'tala.draws')).code).toBe('PRIVATE_CONTENT');
  });

  it("login walls in the timeline's answer: require_login JSON and Meta's not-logged-in code → UPSTREAM_BLOCKED", () => {
    expect(failure(() => parseTimelinePage(WAIT_BODY, 'tala.draws')).code).toBe('UPSTREAM_BLOCKED');
    expect(failure(() => parseTimelinePage({ error: 1357001, errorSummary: 'Not Logged In' }, 'tala.draws')).code).toBe('UPSTREAM_BLOCKED');
    const e = failure(() => parseTimelinePage({ data: null, errors: [{ message: 'execution error', code: 1675030 }] }, 'tala.draws'));
    expect([e.code, e.message]).toEqual(['UPSTREAM_FAILED', expect.stringContaining('execution error')]);
  });

  it('a later page whose end cursor is the `after` it was asked with (Instagram looping) is the last page: cursor null, never its own', () => {
    const after = '3300000000000000002_6100200300';
    const body = timelineBody([timelineDict('DAbCdEf9999', '3299000000000000001')], after);
    expect(parseTimelinePage(body, 'tala.draws', after).cursor).toBeNull();
    expect(decodeCursor(parseTimelinePage(body, 'tala.draws', '3300000000000000009_6100200300').cursor!)).toEqual({
      handle: 'tala.draws',
      after,
    });
  });

  it('cursors: ours round-trip; a foreign or malformed one is not ours', () => {
    const c = encodeCursor({ handle: 'tala.draws', after: '3305036909188660917_50269116275' });
    expect(decodeCursor(c)).toEqual({ handle: 'tala.draws', after: '3305036909188660917_50269116275' });
    for (const bad of ['QVFCdGVzdGN1cnNvcg==', 'not a cursor', Buffer.from('{"h":"x"}').toString('base64url')])
      expect(decodeCursor(bad)).toBeNull();
  });
});

describe('socialBPosts operation', () => {
  afterEach(() => vi.unstubAllEnvs());
  const json = (body: unknown, status = 200): FakeAnswer => ({
    status,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

  it('first page: one web_profile_info request; later page: one timeline POST with the doc_id and `after`', async () => {
    const user = userJson('tala.draws');
    const ctx = fakeContext((req: UpstreamRequest) =>
      req.url.includes('web_profile_info') ? json(profileBody(user)) : json(timelineBody([timelineDict('DAtalaDraw9', '9')], null)),
    );
    const first = await posts.run(ctx, { handle: 'tala.draws', after: null });
    expect(first.posts.map((p) => p.shortcode)).toEqual(['DAbCdEf1234', 'DAbCdEf5678']);
    const next = validateArgs(posts, { handle: '@Tala.Draws', cursor: first.cursor });
    expect(next).toMatchObject({ ok: true, args: { handle: 'tala.draws', after: `3300000000000000002_${user.id}` } });
    if (!next.ok) return;
    const second = await posts.run(ctx, next.args);
    expect(second).toMatchObject({ posts: [{ shortcode: 'DAtalaDraw9' }], cursor: null });
    const q = ctx.requests[1];
    expect([q.method, q.url]).toEqual(['POST', 'https://www.instagram.com/graphql/query']);
    const form = new URLSearchParams(q.body);
    expect(form.get('doc_id')).toBe(TIMELINE_DOC_ID);
    expect(JSON.parse(form.get('variables')!)).toMatchObject({
      username: 'tala.draws',
      after: `3300000000000000002_${user.id}`,
      first: 12,
    });
    expect(q.headers?.['x-ig-app-id']).toBe('936619743392459');
  });

  it('SOCIAL_B_TIMELINE_DOC_ID pins the doc_id; a misspelt pin is UPSTREAM_FAILED, never silently replaced', async () => {
    vi.stubEnv('SOCIAL_B_TIMELINE_DOC_ID', '1234567890123456');
    const ctx = fakeContext(() => json(timelineBody([], null)));
    await posts.run(ctx, { handle: 'tala.draws', after: '1_2' });
    expect(new URLSearchParams(ctx.requests[0].body).get('doc_id')).toBe('1234567890123456');
    vi.stubEnv('SOCIAL_B_TIMELINE_DOC_ID', 'doc-12');
    await expect(
      posts.run(
        fakeContext(() => json(timelineBody([], null))),
        { handle: 'tala.draws', after: '1_2' },
      ),
    ).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
    });
  });

  it('a login wall on a later page (the login page, or require_login at 401) is UPSTREAM_BLOCKED', async () => {
    const page = fakeContext(() => ({ body: LOGIN_HTML, headers: { 'content-type': 'text/html' } }));
    await expect(posts.run(page, { handle: 'tala.draws', after: '1_2' })).rejects.toMatchObject({ code: 'UPSTREAM_BLOCKED' });
    const wait = fakeContext(() => json(WAIT_BODY, 401));
    await expect(posts.run(wait, { handle: 'tala.draws', after: '1_2' })).rejects.toMatchObject({ code: 'UPSTREAM_BLOCKED' });
  });

  it('the timeline query gone on a later page (HTTP 404, JSON or a page) is UPSTREAM_FAILED, not NOT_FOUND: the query moved, the account was shown', async () => {
    const html = {
      status: 404,
      body: '<!DOCTYPE html><html><title>Page not found</title></html>',
      headers: { 'content-type': 'text/html' },
    };
    for (const answer of [html, json({ message: 'Not Found', status: 'fail' }, 404)]) {
      const e = posts.run(
        fakeContext(() => answer),
        { handle: 'tala.draws', after: '1_2' },
      );
      await expect(e).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
    }
  });

  it('a username nobody has is NOT_FOUND; a private one PRIVATE_CONTENT', async () => {
    await expect(
      posts.run(
        fakeContext(() => json(profileBody(null))),
        { handle: 'nobody.here', after: null },
      ),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const priv = fakeContext(() => json(profileBody(userJson('tala.draws', { private: true }))));
    await expect(posts.run(priv, { handle: 'tala.draws', after: null })).rejects.toMatchObject({ code: 'PRIVATE_CONTENT' });
  });

  it('validation: a cursor of another handle or not ours is refused naming cursor; a URL as handle naming handle', () => {
    const other = encodeCursor({ handle: 'someone.else', after: '1_2' });
    for (const [args, param] of [
      [{ handle: 'tala.draws', cursor: other }, 'cursor'],
      [{ handle: 'tala.draws', cursor: 'QVFCdGVzdGN1cnNvcg==' }, 'cursor'],
      [{ handle: 'https://www.instagram.com/tala.draws/' }, 'handle'],
    ] as const) {
      const r = validateArgs(posts, args);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.problems.map((p) => p.param)).toEqual([param]);
    }
    expect(validateArgs(posts, { handle: 'tala.draws' })).toMatchObject({ ok: true, cacheKey: 'socialBPosts:tala.draws|' });
  });
});
