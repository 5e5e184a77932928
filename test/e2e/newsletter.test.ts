/**
 * newsletter (Substack) end to end: gateway + replay upstream over real HTTP, on the demo's
 * written Substack answers (its demo.ts: invented, not captures). Each route: a live
 * answer at 1 credit, the same request from cache at 0, and a typed failure at 0. One post's
 * failures are answers of our own (samples.ts, written from the captured post objects: no capture
 * of `/api/v1/posts/<slug>` exists), each on a host of its own (a 429 cools its host down). The
 * publication search's paging and failures are answers of our own too (samples.ts: no capture of
 * the search exists); its 429 is the file's last test, as it cools substack.com down.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRoutes } from '../../src/platforms/newsletter/demo.js';
import { samplePublication, substackCommentsBody, substackPostBody, substackSearchBody } from '../../src/platforms/newsletter/samples.js';
import { CLOUDFLARE_BLOCK } from '../faults/pages.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ routes: demoRoutes() });
});
afterAll(() => h?.close());

describe('newsletter routes', () => {
  it('profile: 1 credit live under {profile}, 0 from cache (a profile URL shares the entry)', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest('/v1/newsletter/profile?handle=@HarbourWeather', { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 1 });
    expect(r.body.profile).toMatchObject({ id: 310000101, handle: 'harbourweather', subscriberCountNumber: 1240 });
    const again = await h.rest('/v1/newsletter/profile?handle=https://substack.com/@harbourweather&cache_max_age=1d', { key });
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, profile: r.body.profile });
    expect(await h.balance(id)).toBe(4);
  });

  it('posts: 1 credit, newest first, the end of the list a null cursor; GraphQL types them', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest('/v1/newsletter/posts?handle=harbourweather', { key });
    expect(r.body).toMatchObject({ credits_charged: 1, cursor: expect.any(String) });
    expect(r.body.posts.map((p: { slug: string; audience: string }) => [p.slug, p.audience])).toEqual([
      ['spring-tides-ahead', 'everyone'],
      ['a-winter-of-sea-fog', 'only_paid'],
    ]);
    // The second page is the last: older posts, a null cursor.
    const last = await h.rest(`/v1/newsletter/posts?handle=harbourweather&cursor=${r.body.cursor}`, { key });
    expect(last.body).toMatchObject({ credits_charged: 1, cursor: null });
    expect(last.body.posts.map((p: { slug: string }) => p.slug)).toEqual(['the-january-storms-in-numbers', 'reading-a-tide-table']);
    const g = await h.gql(
      '{ newsletterPosts(handle: "harbourweather", cacheMaxAge: "1d") { posts { id canonicalUrl postDate } cursor } }',
      { key },
    );
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.newsletterPosts.posts[0]).toEqual({
      id: 150000102,
      canonicalUrl: 'https://harbourweather.substack.com/p/spring-tides-ahead',
      postDate: '2025-03-05T07:00:00.000Z',
    });
    expect(await h.balance(id)).toBe(3);
  });

  it('an unknown handle → 404 NOT_FOUND, 0 credits', async () => {
    const { key, id } = await h.key(5);
    h.replay.add({
      host: 'substack.com',
      path: '/api/v1/user/nobody_here/public_profile',
      response: { status: 404, headers: { 'content-type': 'application/json' }, body: '{"error":"User not found"}' },
    });
    const r = await h.rest('/v1/newsletter/profile?handle=nobody_here', { key });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(await h.balance(id)).toBe(5);
  });

  it('post: 1 credit live under {post} with its text; another spelling of the URL from cache at 0; GraphQL types it', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest('/v1/newsletter/post?url=https://harbourweather.substack.com/p/spring-tides-ahead', { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 1 });
    expect(r.body.post).toMatchObject({
      id: 150000102,
      slug: 'spring-tides-ahead',
      audience: 'everyone',
      is_paywalled: false,
      body_html: expect.stringMatching(/^<p>High water/),
      publication: { id: 2100101, subdomain: 'harbourweather' },
    });
    const again = await h.rest(
      `/v1/newsletter/post?url=${encodeURIComponent('HarbourWeather.substack.com/p/Spring-Tides-Ahead/?r=abc')}&cache_max_age=1d`,
      { key },
    );
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, post: r.body.post });
    const g = await h.gql(
      '{ newsletterPost(url: "https://harbourweather.substack.com/p/spring-tides-ahead", cacheMaxAge: "1d") { slug isPaywalled bodyHtml wordcount } }',
      { key },
    );
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.newsletterPost).toMatchObject({ slug: 'spring-tides-ahead', isPaywalled: false, wordcount: 1100 });
    expect(await h.balance(id)).toBe(4);
  });

  it('post: a paid post is its public preview, flagged, at 1 credit', async () => {
    const { key, id } = await h.key(5);
    h.replay.add({
      host: 'paidpier.substack.com',
      path: '/api/v1/posts/estuary-light',
      response: {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(
          substackPostBody({
            slug: 'estuary-light',
            publication: { subdomain: 'paidpier' },
            audience: 'only_paid',
            bodyHtml: '<p>First lines.</p>',
          }),
        ),
      },
    });
    const r = await h.rest('/v1/newsletter/post?url=https://paidpier.substack.com/p/estuary-light', { key });
    expect(r.body).toMatchObject({
      credits_charged: 1,
      post: { audience: 'only_paid', is_paywalled: true, body_html: '<p>First lines.</p>' },
    });
    expect(await h.balance(id)).toBe(4);
  });

  it.each([
    ['404', 404, 'NOT_FOUND', { status: 404, headers: { 'content-type': 'application/json' }, body: '{"error":"Post not found"}' }],
    ['429', 502, 'UPSTREAM_BLOCKED', { status: 429, headers: { 'retry-after': '3600' }, body: '' }],
    ['a Cloudflare block page', 502, 'UPSTREAM_BLOCKED', { status: 403, headers: { 'content-type': 'text/html' }, body: CLOUDFLARE_BLOCK }],
    [
      'another post of the publication',
      502,
      'UPSTREAM_FAILED',
      {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(substackPostBody({ slug: 'estuary-dark', publication: { subdomain: 'errpier' } })),
      },
    ],
  ])('post: the upstream answering %s → %s %s, 0 credits', async (what, status, code, response) => {
    const { key, id } = await h.key(5);
    const host = `errpier-${what.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.substack.com`;
    h.replay.add({ host, path: '/api/v1/posts/estuary-light', response });
    const r = await h.rest(`/v1/newsletter/post?url=https://${host}/p/estuary-light`, { key });
    expect(r.status).toBe(status);
    expect(r.body.error.code).toBe(code);
    expect(h.replay.hits({ host })).toHaveLength(1);
    expect(await h.balance(id)).toBe(5);
  });

  it('post: a URL that is no post address → 400 INVALID_INPUT on url, nothing asked, 0 credits', async () => {
    const { key, id } = await h.key(5);
    for (const url of [
      'https://substack.com/@harbourweather/p/spring-tides-ahead',
      'https://harbourweather.substack.com/archive',
      'https://127.0.0.1/p/x',
    ]) {
      const r = await h.rest(`/v1/newsletter/post?url=${encodeURIComponent(url)}`, { key });
      expect(r.status, url).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'url' }] });
    }
    expect(await h.balance(id)).toBe(5);
  });

  it('post/comments: 1 credit live, the tree under comments; another spelling from cache at 0; another order is another entry; GraphQL nests replies', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(
      `/v1/newsletter/post/comments?url=${encodeURIComponent('https://harbourweather.substack.com/p/spring-tides-ahead')}`,
      {
        key,
      },
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      credits_charged: 1,
      post: { id: 150000102, slug: 'spring-tides-ahead', write_comment_permissions: 'everyone' },
      comments_off: false,
      more: false,
    });
    expect(r.body.comments.map((c: { id: number; children: { id: number }[] }) => [c.id, c.children.map((x) => x.id)])).toEqual([
      [410000201, [410000203]],
      [410000202, []],
    ]);
    const again = await h.rest(
      `/v1/newsletter/post/comments?url=${encodeURIComponent('https://open.substack.com/pub/harbourweather/p/Spring-Tides-Ahead?r=x')}&sort=best_first&cache_max_age=1d`,
      { key },
    );
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, comments: r.body.comments });
    const g = await h.gql(
      '{ newsletterPostComments(url: "https://harbourweather.substack.com/p/spring-tides-ahead", sort: NEWEST_FIRST) { post { id } commentsOff comments { id handle reactionCount children { id body } } } }',
      { key },
    );
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.newsletterPostComments).toMatchObject({
      post: { id: 150000102 },
      commentsOff: false,
      comments: [
        { id: 410000201, handle: 'pierkeeper', reactionCount: 9, children: [{ id: 410000203, body: expect.stringMatching(/^Thanks/) }] },
        { id: 410000202 },
      ],
    });
    // The live REST call and the GraphQL call in the other order: 1 credit each.
    expect(await h.balance(id)).toBe(3);
  });

  it.each([
    [
      'a paid-only discussion (comments_restricted)',
      403,
      'PRIVATE_CONTENT',
      { headers: { 'content-type': 'application/json' }, body: '{"comments":[],"comments_restricted":true}' },
    ],
    [
      'a 403 without a block page',
      403,
      'PRIVATE_CONTENT',
      { status: 403, headers: { 'content-type': 'application/json' }, body: '{"error":"Not authorized"}' },
    ],
    ['404', 404, 'NOT_FOUND', { status: 404, headers: { 'content-type': 'application/json' }, body: '{"error":"Not found"}' }],
    ['429', 502, 'UPSTREAM_BLOCKED', { status: 429, headers: { 'retry-after': '3600' }, body: '' }],
    ['a Cloudflare block page', 502, 'UPSTREAM_BLOCKED', { status: 403, headers: { 'content-type': 'text/html' }, body: CLOUDFLARE_BLOCK }],
    [
      'a comment of another post',
      502,
      'UPSTREAM_FAILED',
      { headers: { 'content-type': 'application/json' }, body: JSON.stringify(substackCommentsBody(170000101, [{ id: 1, postId: 9 }])) },
    ],
  ])('post/comments: the comments request answering %s → %s %s, 0 credits', async (what, status, code, response) => {
    const { key, id } = await h.key(5);
    const host = `cmtpier-${what
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/-+$/, '')}.substack.com`;
    const sub = host.slice(0, -'.substack.com'.length);
    h.replay.add({
      host,
      path: '/api/v1/posts/estuary-light',
      response: {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(substackPostBody({ slug: 'estuary-light', id: 170000101, publication: { subdomain: sub } })),
      },
    });
    h.replay.add({ host, path: '/api/v1/post/170000101/comments', response });
    const r = await h.rest(`/v1/newsletter/post/comments?url=https://${host}/p/estuary-light`, { key });
    expect(r.status).toBe(status);
    expect(r.body.error.code).toBe(code);
    expect(h.replay.hits({ host })).toHaveLength(2);
    expect(await h.balance(id)).toBe(5);
  });

  it('post/comments: a bad url or sort → 400 INVALID_INPUT naming it, nothing asked, 0 credits', async () => {
    const { key, id } = await h.key(5);
    const bad = await h.rest(`/v1/newsletter/post/comments?url=${encodeURIComponent('https://harbourweather.substack.com/archive')}`, {
      key,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'url' }] });
    const sort = await h.rest(
      `/v1/newsletter/post/comments?url=${encodeURIComponent('https://harbourweather.substack.com/p/spring-tides-ahead')}&sort=oldest_first`,
      { key },
    );
    expect(sort.status).toBe(400);
    expect(sort.body.error).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'sort' }] });
    expect(await h.balance(id)).toBe(5);
  });

  it('search: 1 credit live under {publications, cursor}; another spelling of the query from cache at 0; GraphQL types it', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest('/v1/newsletter/search?query=harbour%20weather', { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 1, cursor: expect.any(String) });
    expect(r.body.publications[0]).toEqual({
      id: 2100101,
      name: 'Harbour Weather Weekly',
      subdomain: 'harbourweather',
      custom_domain: null,
      base_url: 'https://harbourweather.substack.com',
      logo_url: 'https://substackcdn.com/image/fetch/demo/harbourweather-logo.png',
      hero_text: 'Forecasts and storm warnings for Harbour City, and a weekly letter on the sea.',
      language: 'en',
      author: { id: 310000101, name: 'Harbour City Weather', handle: 'harbourweather' },
    });
    expect(r.body.publications).toHaveLength(2);
    const again = await h.rest('/v1/newsletter/search?query=%20Harbour%20%20Weather&cache_max_age=1d', { key });
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, publications: r.body.publications });
    const g = await h.gql(
      '{ newsletterSearch(query: "harbour weather", cacheMaxAge: "1d") { publications { id customDomain heroText author { handle } } cursor } }',
      { key },
    );
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.newsletterSearch.publications[1]).toEqual({
      id: 2100177,
      customDomain: 'tides.northpier.example',
      heroText: 'Tide tables and harbour news from the north pier.',
      author: { handle: 'northpier' },
    });
    expect(h.replay.hits({ host: 'substack.com', path: '/api/v1/publication/search' })).toHaveLength(1);
    expect(await h.balance(id)).toBe(4);
  });

  it('search: Substack’s `more` → our cursor; the next page at 1 credit asks page 1; a cursor of another query → 400, 0 credits', async () => {
    const { key, id } = await h.key(5);
    const path = '/api/v1/publication/search';
    h.replay.add({
      host: 'substack.com',
      path,
      query: { query: 'estuary', page: '0' },
      response: jsonAnswer(substackSearchBody([samplePublication(1)], true)),
    });
    h.replay.add({
      host: 'substack.com',
      path,
      query: { query: 'estuary', page: '1' },
      response: jsonAnswer(substackSearchBody([samplePublication(2)], false)),
    });
    const first = await h.rest('/v1/newsletter/search?query=estuary', { key });
    expect(first.body).toMatchObject({ credits_charged: 1, publications: [{ id: 1 }] });
    expect(typeof first.body.cursor).toBe('string');
    const second = await h.rest(`/v1/newsletter/search?query=estuary&cursor=${first.body.cursor}`, { key });
    expect(second.body).toMatchObject({ credits_charged: 1, publications: [{ id: 2 }], cursor: null });
    const other = await h.rest(`/v1/newsletter/search?query=tides&cursor=${first.body.cursor}`, { key });
    expect(other.status).toBe(400);
    expect(other.body.error).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'cursor' }] });
    const empty = await h.rest('/v1/newsletter/search?query=%20%20', { key });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'query' }] });
    expect(await h.balance(id)).toBe(3);
  });

  it.each([
    ['404', 404, 'NOT_FOUND', { status: 404, headers: { 'content-type': 'application/json' }, body: '{"error":"Not found"}' }],
    ['a Cloudflare block page', 502, 'UPSTREAM_BLOCKED', { status: 403, headers: { 'content-type': 'text/html' }, body: CLOUDFLARE_BLOCK }],
    ['an HTML page', 502, 'UPSTREAM_FAILED', { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>search</html>' }],
    // Last in the file: a 429 cools substack.com down.
    ['429', 502, 'UPSTREAM_BLOCKED', { status: 429, headers: { 'retry-after': '3600' }, body: '' }],
  ])('search: %s → %i %s, 0 credits', async (what, status, code, response) => {
    const { key, id } = await h.key(5);
    const query = `failing ${what}`.toLowerCase();
    h.replay.add({ host: 'substack.com', path: '/api/v1/publication/search', query: { query }, response });
    const r = await h.rest(`/v1/newsletter/search?query=${encodeURIComponent(query)}`, { key });
    expect(r.status).toBe(status);
    expect(r.body.error.code).toBe(code);
    expect(await h.balance(id)).toBe(5);
  });
});

const jsonAnswer = (body: unknown) => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
