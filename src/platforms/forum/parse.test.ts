import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, hasFixtures, hasPeerExample, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { captureWarnings } from '../../parse/index.js';
import { buildSearchUrl } from './fetch.js';
import type { ForumComment, ForumPost } from './parse.js';
import { isoFromUnix, parseComment, parseListing, parsePost } from './parse.js';
import { COMMENT_FIELDS, COMMENT_TRIM_FIELDS, POST_FIELDS, POST_TRIM_FIELDS } from './schema.js';
import * as s from './samples.js';
import { wallError, wallName } from '../../../test/blocks/wall-answer.js';
import { errorOf } from '../../../test/support/errors.js';

const LABEL = 'forum';
const SEARCH = 'search-r-all-praw-oauth-search-2020.json';
const COMMENTS = 'user-comments-spez-2020.json';

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

// ---------------------------------------------------------------------------------------------
// Real captures (read in place from ../shared/fixtures/forum; facts from its SOURCES.md)
// ---------------------------------------------------------------------------------------------

describe.skipIf(!hasFixtures(LABEL))(`forum captures (${skipReason(LABEL)})`, () => {
  describe(SEARCH, () => {
    const raw = () => JSON.parse(readFixture(LABEL, SEARCH));
    const load = () => parseListing(raw(), { filter: 'posts' });

    it('is a Listing of 31 t3 children (dist 31) with after = null', () => {
      const r = raw();
      expect(r.kind).toBe('Listing');
      expect(r.data.dist).toBe(31);
      expect(r.data.children).toHaveLength(31);
      expect(r.data.children.every((c: { kind: string }) => c.kind === 't3')).toBe(true);
      expect(r.data.after).toBeNull();
      const page = load();
      expect(page.posts).toHaveLength(31);
      expect(page.after).toBeNull();
    });

    it('first result: t3_6ganxe in r/learnpython by cheesycow5, score 3, 24 comments, created_utc 1497036556', () => {
      const p = load().posts[0] as ForumPost;
      expect(p).toMatchObject({
        name: 't3_6ganxe',
        id: '6ganxe',
        subreddit_name_prefixed: 'r/learnpython',
        subreddit: 'learnpython',
        title: 'How to check if a username is available on Reddit?',
        author: 'cheesycow5',
        score: 3,
        num_comments: 24,
        created_utc: 1497036556,
        permalink: '/r/learnpython/comments/6ganxe/how_to_check_if_a_username_is_available_on_reddit/',
      });
      expect(p.created_at_iso).toBe('2017-06-09T19:29:16.000Z');
      expect(Number.isInteger(p.created_utc)).toBe(true);
    });

    it('second result t3_b6b9uf (redditdev, jenbanim); last result t3_2wtg1n', () => {
      const posts = load().posts;
      expect(posts[1]).toMatchObject({ name: 't3_b6b9uf', subreddit: 'redditdev', author: 'jenbanim' });
      expect(posts[30]).toMatchObject({ name: 't3_2wtg1n', title: '[API] How do you pass variables with an API POST?' });
    });

    it('every item has every api.md field with its type, created_at_iso from created_utc, upstream extras kept', () => {
      for (const p of load().posts as ForumPost[]) {
        for (const key of [...Object.keys(POST_FIELDS), 'created_at_iso']) expect(p).toHaveProperty(key);
        expect(Number.isInteger(p.created)).toBe(true);
        expect(Number.isInteger(p.created_utc)).toBe(true);
        expect(p.created_at_iso).toBe(new Date(p.created_utc! * 1000).toISOString());
        expect(p.edited === false || Number.isInteger(p.edited)).toBe(true);
        expect(typeof p.upvote_ratio).toBe('number');
        expect(typeof p.is_self).toBe('boolean');
        // "many moderation and flair fields": passed through as Reddit sent them.
        expect(p).toHaveProperty('link_flair_type');
        expect(p).toHaveProperty('removed_by_category');
        expect(Object.values(p)).not.toContain(undefined);
      }
    });

    it("2020 data: `created` is created_utc + 8 h (Reddit's legacy local time), edited is false or a time", () => {
      const [first, , third] = load().posts as ForumPost[];
      expect(first.created! - first.created_utc!).toBe(28_800);
      expect(first.edited).toBe(1497037123);
      expect(third.edited).toBe(false);
    });

    it('trim keeps exactly the documented reduced fields, same values', () => {
      const full = load().posts[0] as unknown as Record<string, unknown>;
      const trimmed = parseListing(raw(), { filter: 'posts', trim: true }).posts[0] as unknown as Record<string, unknown>;
      expect(Object.keys(trimmed)).toEqual([...POST_TRIM_FIELDS]);
      for (const k of POST_TRIM_FIELDS) expect(trimmed[k]).toEqual(full[k]);
    });
  });

  describe(`${COMMENTS} (a comment listing: the t1 item shape of comment search)`, () => {
    const raw = () => JSON.parse(readFixture(LABEL, COMMENTS));
    const load = () => parseListing(raw(), { filter: 'comments' });

    it('100 t1 children (dist 100), after t1_egegczl, before null', () => {
      const r = raw();
      expect(r.data.dist).toBe(100);
      expect(r.data.children).toHaveLength(100);
      expect(r.data.children.every((c: { kind: string }) => c.kind === 't1')).toBe(true);
      expect(r.data.before).toBeNull();
      const page = load();
      expect(page.posts).toHaveLength(100);
      expect(page.after).toBe('t1_egegczl');
    });

    it('first comment: t1_fwe9te8 by spez, score -5282, on t3_hi3oht "Update to Our Content Policy" in r/announcements', () => {
      const c = load().posts[0] as ForumComment;
      expect(c).toMatchObject({
        name: 't1_fwe9te8',
        id: 'fwe9te8',
        author: 'spez',
        score: -5282,
        created_utc: 1593457651,
        link_id: 't3_hi3oht',
        link_title: 'Update to Our Content Policy',
        subreddit_name_prefixed: 'r/announcements',
        permalink: '/r/announcements/comments/hi3oht/update_to_our_content_policy/fwe9te8/',
      });
      expect(c.body).toMatch(
        /^To be clear, promoting violence towards anyone would be a violation of both this rule and our \[violence policy\]\(/,
      );
      expect(c.created_at_iso).toBe('2020-06-29T19:07:31.000Z');
    });

    it('every comment has every documented comment field; posts-only filter finds no t3 and says so', () => {
      for (const c of load().posts) for (const key of [...Object.keys(COMMENT_FIELDS), 'created_at_iso']) expect(c).toHaveProperty(key);
      const first = load().posts[0] as ForumComment;
      // The thread's comment count, the parent (a comment), and the distinguished flag.
      expect(first).toMatchObject({
        num_comments: 41160,
        parent_id: 't1_fwdy6wf',
        distinguished: 'admin',
        is_submitter: true,
        edited: false,
      });
      const e = errorOf(() => parseListing(raw(), { filter: 'posts' }));
      expect(e.code).toBe('UPSTREAM_FAILED');
      expect(e.message).toMatch(/t3 \(posts\) items in the listing \(it held t1\)/);
    });

    it('trim keeps exactly the documented reduced comment fields', () => {
      const trimmed = parseListing(raw(), { filter: 'comments', trim: true }).posts[0] as unknown as Record<string, unknown>;
      expect(Object.keys(trimmed)).toEqual([...COMMENT_TRIM_FIELDS]);
      expect(trimmed).toMatchObject({ name: 't1_fwe9te8', link_title: 'Update to Our Content Policy', score: -5282 });
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Peer example: a second opinion on the wire shape (api.md wins)
// ---------------------------------------------------------------------------------------------

const PEER_FILE = join(FIXTURES_DIR, '..', 'reference', 'peer-examples', 'forum_search.json');

describe.skipIf(!hasPeerExample(PEER_FILE))(`peer example forum_search.json (skipped when ${PEER_FILE} is absent)`, () => {
  const peer = () =>
    JSON.parse(readFileSync(PEER_FILE, 'utf8')).sampleResponse as { posts: Record<string, unknown>[]; after: string | null };

  it('top-level keys: posts and after, like ours', () => {
    const p = peer();
    const mine = parseListing(s.listing([s.post('a1')], 't3_a1'), { filter: 'posts' });
    expect(Object.keys(p).filter((k) => !['success', 'credits_remaining', 'credits_charged'].includes(k))).toEqual(Object.keys(mine));
    expect(typeof p.after).toBe(typeof mine.after);
  });

  it('the peer post, read as upstream data, comes back unchanged (same keys, values, created_at_iso)', () => {
    const theirs = peer().posts[0];
    const { created_at_iso: _iso, ...upstream } = theirs;
    expect(parsePost(upstream)).toEqual(theirs);
  });

  it.skipIf(!hasFixtures(LABEL))('shared keys have the same value types as a parsed capture item', () => {
    const theirs = peer().posts[0];
    const mine = parseListing(JSON.parse(readFixture(LABEL, SEARCH)), { filter: 'posts' }).posts[0] as unknown as Record<string, unknown>;
    for (const key of [...Object.keys(POST_FIELDS), 'created_at_iso']) {
      expect(theirs).toHaveProperty(key);
      if (mine[key] === null || theirs[key] === null) continue;
      expect([key, typeOf(mine[key])]).toEqual([key, typeOf(theirs[key])]);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Project-own cases (always run; bodies from src/platforms/forum/samples.ts, hand-written)
// ---------------------------------------------------------------------------------------------

describe('forum parser: own cases', () => {
  it('parses posts in order and passes after through', () => {
    const page = parseListing(s.listing([s.post('a1'), s.post('a2', { score: 3.0, created_utc: 1_700_000_123.0 })], 't3_a2'), {
      filter: 'posts',
    });
    expect(page.after).toBe('t3_a2');
    expect(page.posts.map((p) => p.name)).toEqual(['t3_a1', 't3_a2']);
    expect(page.posts[1]).toMatchObject({ score: 3, created_utc: 1_700_000_123, created_at_iso: '2023-11-14T22:15:23.000Z' });
  });

  // Our own items: Reddit sends a placeholder score (1) for a comment whose score the subreddit
  // hides for a while (`score_hidden: true`; rtv issue #150, libreddit issue #66,
  // Infinity-For-Reddit PR #1147): withheld, never the count. A post's `hide_score: true` comes
  // with its real score (the real AskReddit listing: 3, 4, 5…), kept.
  it("a comment's hidden score (score_hidden) is null with ups, not the placeholder 1; shown scores and posts' hide_score stay", () => {
    const comment = parseComment(s.t1('c9', { score: 1, ups: 1, score_hidden: true }));
    expect([comment.score, comment.ups, comment.score_hidden]).toEqual([null, null, true]);
    expect(parseComment(s.t1('c8', { score: 1, ups: 1, score_hidden: false })).score).toBe(1);
    const post = parsePost(s.t3('p9', { score: 4, ups: 4, hide_score: true }));
    expect([post.score, post.ups]).toEqual([4, 4]);
  });

  it('empty listing → no posts, after null (a real "no results"), never a shape error', () => {
    expect(parseListing(s.listing([]), { filter: 'posts' })).toEqual({ posts: [], after: null });
    expect(parseListing({ kind: 'Listing', data: { after: '', children: [] } }, { filter: 'comments' })).toEqual({
      posts: [],
      after: null,
    });
  });

  it('documented fields missing upstream are null (never missing); wrong types become null', () => {
    const { selftext_html: _a, thumbnail: _b, ...rest } = s.t3('b1');
    const p = parsePost({ ...rest, score: '12', upvote_ratio: 'high', over_18: 'no' });
    expect(p.selftext_html).toBeNull();
    expect(p.thumbnail).toBeNull();
    expect(p.score).toBeNull();
    expect(p.upvote_ratio).toBeNull();
    expect(p.over_18).toBeNull();
    expect(Object.keys(p)).toEqual(expect.arrayContaining(Object.keys(POST_FIELDS)));
    expect(Object.keys(p).at(-1)).toBe('created_at_iso');
  });

  it('a comment: edited time truncated to whole seconds; missing created_utc gives created_at_iso null', () => {
    const c = parseComment(s.t1('c1', { edited: 1_700_004_000.7 }));
    expect(c.edited).toBe(1_700_004_000);
    expect(parseComment({ ...s.t1('c2'), created_utc: undefined }).created_at_iso).toBeNull();
  });

  it('comment filter keeps t1 and skips other kinds; a listing of only links for comments is UPSTREAM_FAILED', () => {
    const page = parseListing(s.listing([s.comment('c1'), s.post('p9'), s.comment('c2')]), { filter: 'comments' });
    expect(page.posts.map((p) => p.name)).toEqual(['t1_c1', 't1_c2']);
    const e = errorOf(() => parseListing(s.listing([s.post('p1')]), { filter: 'comments' }));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/t1 \(comments\) items/);
  });

  it('a post without id/name is left out (warned), the others stay; a non-Listing body is a shape change naming what is missing', () => {
    const body = s.listing([{ kind: 't3', data: { ...s.t3('x'), id: undefined } }, s.post('y')]);
    const { result, warnings } = captureWarnings(() => parseListing(body, { filter: 'posts' }));
    expect(result.posts.map((p) => p.id)).toEqual(['y']);
    expect(warnings).toContainEqual({
      platform: 'forum',
      field: 'listing.children',
      detail: expect.stringMatching(/missing id\/name of search result 1/),
    });
    // Nothing usable left is never an empty 200.
    const only = errorOf(() => parseListing(s.listing([{ kind: 't3', data: { ...s.t3('x'), id: undefined } }]), { filter: 'posts' }));
    expect(only.code).toBe('UPSTREAM_FAILED');
    for (const body of [{}, { kind: 'Listing' }, { kind: 'Listing', data: { children: 'no' } }, [], 'x', null]) {
      const e = errorOf(() => parseListing(body, { filter: 'posts' }));
      expect(e.code).toBe('UPSTREAM_FAILED');
      expect(e.message).toMatch(/Listing data\.children/);
    }
  });

  it('the JSON 429 body is UPSTREAM_BLOCKED, not a shape change', () => {
    expect(errorOf(() => parseListing(JSON.parse(s.TOO_MANY_REQUESTS_JSON), { filter: 'posts' })).code).toBe('UPSTREAM_BLOCKED');
  });

  it('the JSON 429 body is also a wall by its error code (walls.ts), whatever its message says', () => {
    const url = 'https://www.reddit.com/search.json?q=x';
    expect(wallName(LABEL, s.TOO_MANY_REQUESTS_JSON, { status: 429, url })).toBe('rate-limit');
    expect(wallName(LABEL, '{"message": "Zu viele Anfragen", "error": 429}', { status: 429, url })).toBe('rate-limit');
  });

  it('isoFromUnix', () => {
    expect(isoFromUnix(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoFromUnix(null)).toBeNull();
    expect(isoFromUnix(Number.NaN)).toBeNull();
  });

  it('builds the search.json URL: type, mapped sort, t only for posts, after, raw_json=1', () => {
    expect(buildSearchUrl({ query: 'praw oauth', filter: 'posts', sort: 'relevance', timeframe: 'all', after: null })).toBe(
      'https://www.reddit.com/search.json?q=praw+oauth&type=link&sort=relevance&t=all&raw_json=1',
    );
    expect(buildSearchUrl({ query: 'x&y', filter: 'posts', sort: 'comment_count', timeframe: 'week', after: 't3_abc' })).toBe(
      'https://www.reddit.com/search.json?q=x%26y&type=link&sort=comments&t=week&after=t3_abc&raw_json=1',
    );
    expect(buildSearchUrl({ query: 'proxy', filter: 'comments', sort: 'new', timeframe: null, after: null })).toBe(
      'https://www.reddit.com/search.json?q=proxy&type=comment&sort=new&raw_json=1',
    );
  });
});

describe.skipIf(!hasFixtures(LABEL))(`parse warnings and older listings (forum, ${skipReason(LABEL)})`, () => {
  const listing = () => JSON.parse(readFixture(LABEL, SEARCH));

  it('the real 2020 captures read without a warning', () => {
    expect(captureWarnings(() => parseListing(listing(), { filter: 'posts' })).warnings).toEqual([]);
    expect(captureWarnings(() => parseListing(JSON.parse(readFixture(LABEL, COMMENTS)), { filter: 'comments' })).warnings).toEqual([]);
  });

  it('an older listing shape without subreddit_name_prefixed (the capture with that member removed): r/ + subreddit, no warning', () => {
    const old = listing();
    for (const c of old.data.children) delete c.data.subreddit_name_prefixed;
    const { result, warnings } = captureWarnings(() => parseListing(old, { filter: 'posts' }));
    expect(result.posts[0]).toMatchObject({ subreddit: 'learnpython', subreddit_name_prefixed: 'r/learnpython' });
    expect(result.posts.every((p) => p.subreddit_name_prefixed === `r/${p.subreddit}`)).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('a documented field missing: null plus post.<field>; one Reddit sends as null: no warning', () => {
    const l = listing();
    delete l.data.children[0].data.score;
    l.data.children[1].data.selftext_html = null;
    const { result, warnings } = captureWarnings(() => parseListing(l, { filter: 'posts' }));
    expect(result.posts[0].score).toBeNull();
    expect((result.posts[1] as ForumPost).selftext_html).toBeNull();
    expect(warnings.map((w) => [w.platform, w.field])).toEqual([['forum', 'post.score']]);
  });
});

// ---------------------------------------------------------------------------------------------
// Walls (walls.ts): Reddit's block pages by their structure, never by their sentences
// ---------------------------------------------------------------------------------------------

describe('walls: block pages by structure (walls.ts)', () => {
  const SEARCH_URL = 'https://www.reddit.com/search.json?q=cats&type=link&sort=relevance&raw_json=1';

  describe.skipIf(!hasFixtures('blocks/forum'))(`the real 403 answer (blocks/forum, ${skipReason('blocks/forum')})`, () => {
    it('reddit-403-forbidden-json-oauth.json served to search.json with 403 → UPSTREAM_BLOCKED by its error code', () => {
      const body = readFixture('blocks/forum', 'reddit-403-forbidden-json-oauth.json');
      expect(wallName(LABEL, body, { status: 403, url: SEARCH_URL })).toBe('forbidden');
      expect(wallError(LABEL, body, { status: 403, url: SEARCH_URL })?.code).toBe('UPSTREAM_BLOCKED');
    });
  });

  it('our own English pages (src/platforms/forum/samples.ts) are recognised by their markers, at any status', () => {
    for (const status of [200, 403, 429]) {
      expect(wallName(LABEL, s.WHOA_THERE_HTML, { status, url: SEARCH_URL })).toBe('rate-limit-page');
      expect(wallName(LABEL, s.NETWORK_BLOCK_HTML, { status, url: SEARCH_URL })).toBe('network-block');
    }
  });

  // Self-written: the same markup with the sentences translated (German, Japanese, Portuguese) —
  // Reddit's pages as a localized edge or a translating proxy would serve them. Only markers decide.
  const GERMAN_NETWORK_BLOCK = s.NETWORK_BLOCK_HTML_DE;
  const JAPANESE_RATE_LIMIT = s.WHOA_THERE_HTML.replace('<title>Too Many Requests</title>', '<title>リクエストが多すぎます</title>')
    .replace('whoa there, pardner!', 'ちょっと待って！')
    .replace(
      /<p>we're sorry[\s\S]*?<\/p>\s*<p>if you[^<]*<\/p>\s*<p>please wait[^<]*<\/p>/,
      '<p>リクエストが多すぎます。2 秒待ってからもう一度お試しください。</p>',
    )
    .replace(/<p>as a reminder[\s\S]*?<\/p>/, '<p><a href="http://github.com/reddit/reddit/wiki/API">API のルール</a></p>');
  const PORTUGUESE_BLOCK =
    '<!DOCTYPE html><html lang="pt"><head><title>Bloqueado</title></head><body><h1>Você foi bloqueado.</h1></body></html>';

  it('translated pages (self-written) are the same walls: the markers decide, not the words', () => {
    expect(GERMAN_NETWORK_BLOCK).not.toMatch(/network security|log in/i);
    expect(JAPANESE_RATE_LIMIT).not.toMatch(/pardner|Too Many Requests|wait/i);
    expect(wallName(LABEL, GERMAN_NETWORK_BLOCK, { status: 200, url: SEARCH_URL })).toBe('network-block');
    expect(wallName(LABEL, JAPANESE_RATE_LIMIT, { status: 200, url: SEARCH_URL })).toBe('rate-limit-page');
    // A page with no marker is still a block at 403 / 429 (HTML where the JSON belongs)…
    expect(wallName(LABEL, PORTUGUESE_BLOCK, { status: 403, url: SEARCH_URL })).toBe('refused');
    expect(wallError(LABEL, PORTUGUESE_BLOCK, { status: 429, url: SEARCH_URL })?.code).toBe('UPSTREAM_BLOCKED');
    // …and not one at 200 (fetch.ts calls it a changed shape).
    expect(wallName(LABEL, PORTUGUESE_BLOCK, { status: 200, url: SEARCH_URL })).toBeNull();
  });

  it("the English sentences alone make no wall: a page quoting them without the templates' markers is not one at 200", () => {
    const quoting = `<!doctype html><html><head><title>Too Many Requests</title></head><body><h1>whoa there, pardner!</h1>
<p>You've been blocked by network security. To continue, log in to your Reddit account.</p></body></html>`;
    expect(wallName(LABEL, quoting, { status: 200, url: SEARCH_URL })).toBeNull();
  });

  it('decoy: a Listing whose posts quote the block pages (markup and all) is data, and parses', () => {
    const body = JSON.stringify(
      s.listing([
        s.post('q1', {
          title: 'whoa there, pardner! — Too Many Requests',
          selftext: "You've been blocked by network security. Log in to continue.",
        }),
        s.post('q2', { selftext_html: s.NETWORK_BLOCK_HTML + s.WHOA_THERE_HTML }),
      ]),
    );
    expect(wallName(LABEL, body, { status: 200, url: SEARCH_URL })).toBeNull();
    const page = parseListing(JSON.parse(body), { filter: 'posts' });
    expect(page.posts.map((p) => p.name)).toEqual(['t3_q1', 't3_q2']);
  });

  // Reddit's JavaScript challenge ("Please wait for verification", since May 2026 to clients
  // without a session, at 200 as at 403): a hidden GET form with the inputs `solution`,
  // `js_challenge=1`, `token` (later `jsc_token`) and `jsc_orig_r`, its script doubling a seed into
  // `solution` and submitting. Public references: glanceapp/glance#1016, yt-dlp#16877 / PR #16839,
  // solvers' tests. SELF-WRITTEN (our values; title translated into Spanish, no English sentence).
  const JS_CHALLENGE = `<!DOCTYPE html><html lang="es"><head><title>Reddit - Espera la verificación</title></head><body>
<script>document.addEventListener("DOMContentLoaded",async function(){var e=document.forms[0],n=await(async e=>e+e)("0a1b2c3d4e5f6071");e.elements.namedItem("solution").value=n;e.requestSubmit()},{once:true});</script>
<form hidden method="GET" action="/search.json"><input type="hidden" name="solution" /><input type="hidden" name="js_challenge" value="1"/><input type="hidden" name="jsc_token" value="T3VyT3du"/><input type="hidden" name="jsc_orig_r" value=""/></form></body></html>`;

  it("Reddit's JavaScript challenge (a hidden form posting js_challenge) is a wall at any status, in any language", () => {
    for (const status of [200, 403, 429]) {
      expect(wallError(LABEL, JS_CHALLENGE, { status, url: SEARCH_URL })?.code).toBe('UPSTREAM_BLOCKED');
    }
    expect(wallName(LABEL, JS_CHALLENGE, { status: 200, url: SEARCH_URL })).toBe('js-challenge');
    // Its earlier field set (`token`, no jsc_orig_r) is the same challenge.
    const older = JS_CHALLENGE.replace('name="jsc_token"', 'name="token"').replace('<input type="hidden" name="jsc_orig_r" value=""/>', '');
    expect(wallName(LABEL, older, { status: 200, url: 'https://www.reddit.com/r/pottery/about.json' })).toBe('js-challenge');
  });

  it('decoy: a page with a visible search form whose field is named like the challenge is not one at 200', () => {
    const page = `<!DOCTYPE html><html><head><title>r/webscraping</title></head><body><main><h1>How Reddit's js_challenge works</h1>
<form method="GET" action="/search"><input type="text" name="q" value="js_challenge jsc_orig_r"/></form><p>Discussion.</p></main></body></html>`;
    expect(wallName(LABEL, page, { status: 200, url: SEARCH_URL })).toBeNull();
  });

  // Our own page: Reddit's over-18 interstitial, which a request for an NSFW community's JSON
  // without the over18 cookie is redirected to (`/over18?dest=…`; praw issue #66) — the content is
  // for signed-in adults: the login wall, not a page of unknown shape. A path merely starting so is not it.
  it("a redirect ending on Reddit's over-18 interstitial (/over18?dest=…) is the login wall, at any language", () => {
    const page = `<!DOCTYPE html><html lang="de"><head><title>reddit.com: Über 18?</title></head><body><div class="content">
<form method="POST" action="/over18?dest=https%3A%2F%2Fwww.reddit.com%2Fr%2Fpeatsmokenights%2Fhot.json"><button name="over18" value="yes">Weiter</button><button name="over18" value="no">Nein danke</button></form></div></body></html>`;
    const url = 'https://www.reddit.com/over18?dest=https%3A%2F%2Fwww.reddit.com%2Fr%2Fpeatsmokenights%2Fhot.json';
    expect(wallName(LABEL, page, { status: 200, url })).toBe('over18');
    expect(wallError(LABEL, page, { status: 200, url })?.message).toMatch(/login wall/);
    expect(
      wallName(LABEL, '{"kind":"Listing","data":{"children":[]}}', { status: 200, url: 'https://www.reddit.com/r/over18stuff/hot.json' }),
    ).toBeNull();
  });

  it('only Reddit hosts: the same page from another host is not a Reddit wall', () => {
    expect(wallName(LABEL, s.NETWORK_BLOCK_HTML, { status: 200, url: 'https://example.com/search.json' })).toBeNull();
  });
});
