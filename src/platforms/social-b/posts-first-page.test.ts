/**
 * `socialBPosts`' first page when web_profile_info lists no post of a public account it counts
 * posts for: `edge_owner_to_timeline_media: {count: <n > 0>, edges: []}`. Instagram has answered
 * so since December 2023 (pgrimaud/instagram-user-feed issue #361 and PR #362, v6.16.5
 * 2023-12-24: "Medias are no longer returned after fetching a profile"; its test fixture
 * `profile.json` was changed then to `count: 419` with `edges: []`). `posts: []` with a null
 * cursor would say the account has no posts: a wrong answer, charged. The first page is then asked
 * of the profile grid's public GraphQL query without `after` (posts.ts), as other public clients
 * ask it (the 2024 capture's first request, SOURCES.md); when that fails too, the call fails,
 * typed, at 0 credits.
 *
 * Every upstream answer here is our own, written in the shapes of the real captures (the
 * web_profile_info capture, the 2024 timeline capture) and of that public report; names, ids and
 * URLs are invented.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeContext } from '../../../test/support/discovery-context.js';
import type { FakeAnswer } from '../../../test/support/discovery-context.js';
import { startHarness } from '../../../test/harness.js';
import type { Harness } from '../../../test/harness.js';
import type { Route } from '../../replay/server.js';
import type { UpstreamRequest } from '../../upstream/client.js';
import { LOGIN_HTML, profileBody, timelineBody, timelineDict, userJson, WAIT_BODY } from './samples.js';
import { decodeCursor, posts, TIMELINE_FIRST_DOC_ID, TIMELINE_URL } from './posts.js';

type Obj = Record<string, unknown>;
const HANDLE = 'tala.draws';
const OWNER_PK = '6100200300';

/** web_profile_info of a public account counting `count` posts and listing none (the Dec 2023 answer). */
function emptyFirstPage(count: number | undefined, opts: { private?: boolean } = {}): Obj {
  return profileBody(
    userJson(HANDLE, {
      private: opts.private,
      extra: {
        id: OWNER_PK,
        edge_owner_to_timeline_media: {
          ...(count === undefined ? {} : { count }),
          // The report's answer still says there is more, with a cursor of the old query.
          page_info: { has_next_page: count !== 0, end_cursor: count !== 0 ? 'QVFDbm90YXJlYWxjdXJzb3JfdGFsYQ==' : null },
          edges: [],
        },
      },
    }),
  );
}

const FIRST_NODES = [timelineDict('DAtalaDraw3', '3500000000000000003'), timelineDict('DAtalaDraw2', '3500000000000000002')];
const NEXT = `3500000000000000002_${OWNER_PK}`;

const json = (body: unknown, status = 200): FakeAnswer => ({
  status,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

/** A context whose web_profile_info is `profile` and whose timeline query answers `timeline`. */
const ctxOf = (profile: Obj, timeline: FakeAnswer = json(timelineBody(FIRST_NODES, NEXT))) =>
  fakeContext((req: UpstreamRequest) => (req.url.includes('web_profile_info') ? json(profile) : timeline));

describe('socialBPosts first page: web_profile_info counts posts and lists none (our own answers)', () => {
  afterEach(() => vi.unstubAllEnvs());

  it("asks the profile grid's GraphQL query without `after` and answers its posts and cursor", async () => {
    const ctx = ctxOf(emptyFirstPage(87));
    const page = await posts.run(ctx, { handle: HANDLE, after: null });
    expect(page.posts.map((p) => p.shortcode)).toEqual(['DAtalaDraw3', 'DAtalaDraw2']);
    expect(page.posts[0]).toMatchObject({ id: '3500000000000000003', owner: { id: OWNER_PK, username: HANDLE } });
    expect(decodeCursor(page.cursor!)).toEqual({ handle: HANDLE, after: NEXT });
    expect(ctx.requests).toHaveLength(2);
    const q = ctx.requests[1];
    expect([q.method, q.url]).toEqual(['POST', TIMELINE_URL]);
    expect(q.headers?.cookie).toBeUndefined();
    expect(q.headers?.['x-ig-app-id']).toBe('936619743392459');
    const form = new URLSearchParams(q.body);
    expect(form.get('doc_id')).toBe(TIMELINE_FIRST_DOC_ID);
    const variables = JSON.parse(form.get('variables')!);
    expect(variables).toMatchObject({ username: HANDLE, data: { count: 12 } });
    expect(variables).not.toHaveProperty('after');
  });

  it('also when web_profile_info gives no count at all (it cannot say the account has none)', async () => {
    const ctx = ctxOf(emptyFirstPage(undefined));
    const page = await posts.run(ctx, { handle: HANDLE, after: null });
    expect(page.posts.map((p) => p.shortcode)).toEqual(['DAtalaDraw3', 'DAtalaDraw2']);
    expect(ctx.requests).toHaveLength(2);
  });

  it('the timeline query listing no post either, while the account counts 87: UPSTREAM_FAILED, never posts []', async () => {
    const ctx = ctxOf(emptyFirstPage(87), json(timelineBody([], null)));
    await expect(posts.run(ctx, { handle: HANDLE, after: null })).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
  });

  it('the timeline query walled (login page, require_login at 401): UPSTREAM_BLOCKED', async () => {
    const page = ctxOf(emptyFirstPage(87), { body: LOGIN_HTML, headers: { 'content-type': 'text/html' } });
    await expect(posts.run(page, { handle: HANDLE, after: null })).rejects.toMatchObject({ code: 'UPSTREAM_BLOCKED' });
    const wait = ctxOf(emptyFirstPage(87), json(WAIT_BODY, 401));
    await expect(posts.run(wait, { handle: HANDLE, after: null })).rejects.toMatchObject({ code: 'UPSTREAM_BLOCKED' });
  });

  it('the timeline query gone (HTTP 404) is UPSTREAM_FAILED: the account exists, its query moved', async () => {
    const gone = {
      status: 404,
      body: '<!DOCTYPE html><html><title>Page not found • Instagram</title></html>',
      headers: { 'content-type': 'text/html' },
    };
    const ctx = ctxOf(emptyFirstPage(87), gone);
    await expect(posts.run(ctx, { handle: HANDLE, after: null })).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
  });

  it("another account's posts from the timeline query: UPSTREAM_FAILED", async () => {
    const other = { ...timelineDict('DAotherAcc1', '3500000000000000009'), owner: { pk: '7', username: 'someone.else' } };
    const ctx = ctxOf(emptyFirstPage(87), json(timelineBody([other], null)));
    await expect(posts.run(ctx, { handle: HANDLE, after: null })).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
  });

  it('an account counting 0 posts has none: posts [] and cursor null, one request', async () => {
    const ctx = ctxOf(emptyFirstPage(0));
    expect(await posts.run(ctx, { handle: HANDLE, after: null })).toEqual({ posts: [], cursor: null });
    expect(ctx.requests).toHaveLength(1);
  });

  it('a private account is PRIVATE_CONTENT, its timeline never asked', async () => {
    const ctx = ctxOf(emptyFirstPage(87, { private: true }));
    await expect(posts.run(ctx, { handle: HANDLE, after: null })).rejects.toMatchObject({ code: 'PRIVATE_CONTENT' });
    expect(ctx.requests).toHaveLength(1);
  });

  it('SOCIAL_B_TIMELINE_FIRST_DOC_ID pins the first-page doc_id; a misspelt pin is UPSTREAM_FAILED', async () => {
    vi.stubEnv('SOCIAL_B_TIMELINE_FIRST_DOC_ID', '1234567890123456');
    const ctx = ctxOf(emptyFirstPage(87));
    await posts.run(ctx, { handle: HANDLE, after: null });
    expect(new URLSearchParams(ctx.requests[1].body).get('doc_id')).toBe('1234567890123456');
    vi.stubEnv('SOCIAL_B_TIMELINE_FIRST_DOC_ID', 'doc-12');
    await expect(posts.run(ctxOf(emptyFirstPage(87)), { handle: HANDLE, after: null })).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Through the gateway: what is charged
// ---------------------------------------------------------------------------------------------

describe('socialBPosts first page through the gateway: credits (our own answers)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.replay.reset());

  const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
  const serve = (profile: Obj, timeline: { status?: number; body: unknown }) => {
    const routes: Route[] = [
      {
        host: 'i.instagram.com',
        path: '/api/v1/users/web_profile_info/',
        response: { headers: JSON_HEADERS, body: JSON.stringify(profile) },
      },
      {
        host: 'www.instagram.com',
        path: '/graphql/query',
        method: 'POST',
        response: { status: timeline.status ?? 200, headers: JSON_HEADERS, body: JSON.stringify(timeline.body) },
      },
    ];
    for (const r of routes) h.replay.add(r);
  };
  const path = `/v1/social-b/posts?handle=${HANDLE}`;

  it('the first page read from the timeline query: 200, its posts, 1 credit', async () => {
    serve(emptyFirstPage(87), { body: timelineBody(FIRST_NODES, NEXT) });
    const { key, id } = await h.key(10);
    const r = await h.rest(path, { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 1 });
    expect(r.body.posts.map((p: { shortcode: string }) => p.shortcode)).toEqual(['DAtalaDraw3', 'DAtalaDraw2']);
    expect(await h.balance(id)).toBe(9);
  });

  it('the timeline query listing none either: 502 UPSTREAM_FAILED at 0 credits', async () => {
    serve(emptyFirstPage(87), { body: timelineBody([], null) });
    const { key, id } = await h.key(10);
    const r = await h.rest(path, { key });
    expect([r.status, r.body.error?.code, r.body.credits_charged ?? 0]).toEqual([502, 'UPSTREAM_FAILED', 0]);
    expect(await h.balance(id)).toBe(10);
  });

  it('the timeline query walled (require_login at 401): 502 UPSTREAM_BLOCKED at 0 credits', async () => {
    serve(emptyFirstPage(87), { status: 401, body: WAIT_BODY });
    const { key, id } = await h.key(10);
    const r = await h.rest(path, { key });
    expect([r.status, r.body.error?.code, r.body.credits_charged ?? 0]).toEqual([502, 'UPSTREAM_BLOCKED', 0]);
    expect(await h.balance(id)).toBe(10);
  });
});
