/**
 * microblog-e requests through the real upstream client against the replay server: the
 * user-named instance through the SSRF guard (an injected resolver makes the client resolve names
 * in replay mode), paging by the Link header, and how each answer is classified. The captures are
 * served in place; error answers, redirects and non-Mastodon servers are our own (said per test).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixturePath, hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { failure, startReplayContext } from '../../../test/support/replay-upstream.js';
import type { ReplayContext } from '../../../test/support/replay-upstream.js';
import { encodeCursor } from '../cursor.js';
import type { OperationDef } from '../operation.js';
import { validateArgs } from '../operation.js';
import {
  decodeFollowsCursor,
  decodeInteractionsCursor,
  decodePostsCursor,
  decodeTagCursor,
  decodeTrendsCursor,
  fetchFollows,
  fetchInteractions,
  fetchPost,
  fetchPosts,
  fetchProfile,
  fetchProfileSearch,
  fetchTag,
  fetchTrendsStatuses,
  fetchTrendsTags,
} from './fetch.js';
import type { ApiError } from '../../errors.js';
import { onParserWarning } from '../../observability/warn.js';
import { isPartialRead } from '../partial-read.js';
import {
  microblogEFollowers,
  microblogEFollowing,
  microblogEPost,
  microblogEPostFavouritedBy,
  microblogEPostRebloggedBy,
  microblogEPosts,
  microblogEProfileSearch,
  microblogETag,
  microblogETrendsTags,
} from './operations.js';
import { parseStatus, PLATFORM } from './parse.js';
import type { MastodonSample, MastodonStatusSample } from './samples.js';
import {
  mastodonContextBody,
  mastodonFollowsBody,
  mastodonFollowsLink,
  mastodonInteractionsLink,
  mastodonSearchBody,
  mastodonStatusBody,
  mastodonTrendsLink,
  mastodonTrendTagBody,
} from './samples.js';
import { walls } from './walls.js';

/** Names resolve publicly, except the ones a hostile caller points at inside networks. */
const PRIVATE: Record<string, string> = {
  'intranet.example': '10.0.0.5',
  'metadata.example': '169.254.169.254',
  'loop.example': '127.0.0.1',
};
const resolver = async (host: string) => [PRIVATE[host] ?? '93.184.216.34'];

let t: ReplayContext;
beforeAll(async () => {
  t = await startReplayContext({ walls: { [PLATFORM]: walls }, resolver });
});
afterAll(() => t.close());
beforeEach(() => t.replay.reset());

const json = (body: unknown, headers: Record<string, string> = {}, status = 200) => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const account = (id: string, username: string, acct = username) => ({
  id,
  username,
  acct,
  display_name: username,
  locked: false,
  bot: false,
  created_at: '2022-01-01T00:00:00.000Z',
  note: '',
  url: `https://harbour.example/@${username}`,
  avatar: 'a',
  avatar_static: 'a',
  header: 'h',
  header_static: 'h',
  followers_count: 1,
  following_count: 1,
  statuses_count: 1,
  emojis: [],
  fields: [],
});
const status = (id: string, by = account('7', 'tides')) => ({
  id,
  uri: `https://harbour.example/users/tides/statuses/${id}`,
  created_at: '2025-01-01T00:00:00.000Z',
  content: '<p>x</p>',
  visibility: 'public',
  sensitive: false,
  spoiler_text: '',
  language: 'en',
  in_reply_to_id: null,
  in_reply_to_account_id: null,
  media_attachments: [],
  mentions: [],
  tags: [],
  emojis: [],
  replies_count: 0,
  reblogs_count: 0,
  favourites_count: 0,
  account: by,
});

describe('the user-named instance and the SSRF guard', () => {
  it.each(['intranet.example', 'metadata.example', 'loop.example'])(
    'an instance resolving to a non-public address (%s) → INVALID_INPUT naming the parameter, nothing sent',
    async (instance) => {
      const e = await failure(fetchProfile(t.ctx, { user: 'tides', instance }));
      expect(e.code).toBe('INVALID_INPUT');
      expect(e.details).toEqual([
        // As an instance name that does not resolve is answered (the SSRF guard's notPublicName).
        { param: 'handle', message: `URL refused: host ${instance} does not resolve to a public address` },
      ]);
      const tag = await failure(fetchTag(t.ctx, { instance, tag: 'rstats', cursor: null }));
      expect(tag.details).toEqual([{ param: 'instance', message: expect.any(String) }]);
      const search = await failure(fetchProfileSearch(t.ctx, { instance, query: 'tides' }));
      expect(search.code).toBe('INVALID_INPUT');
      expect(search.details).toEqual([{ param: 'instance', message: expect.any(String) }]);
      const followers = await failure(fetchFollows(t.ctx, 'followers', { user: 'tides', instance, cursor: null }));
      expect(followers.details).toEqual([{ param: 'handle', message: expect.any(String) }]);
      for (const trends of [fetchTrendsTags, fetchTrendsStatuses])
        expect((await failure(trends(t.ctx, { instance, cursor: null }))).details).toEqual([
          { param: 'instance', message: expect.any(String) },
        ]);
      expect(t.replay.hits()).toHaveLength(0);
    },
  );

  it('a public instance redirecting to a private one → refused at the redirect (UPSTREAM_FAILED), the target never reached', async () => {
    t.replay.add({
      host: 'harbour.example',
      path: '/api/v1/accounts/lookup',
      response: { status: 302, headers: { location: 'https://intranet.example/api/v1/accounts/lookup?acct=tides' } },
    });
    const e = await failure(fetchProfile(t.ctx, { user: 'tides', instance: 'harbour.example' }));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/intranet\.example/);
    expect(t.replay.hits({ host: 'intranet.example' })).toHaveLength(0);
  });

  it('IP literals, ports and local names are refused by the operation before any request', () => {
    for (const handle of ['tides@10.0.0.5', 'tides@localhost', 'tides@harbour.example:8080', 'https://[::1]/@tides']) {
      for (const op of [microblogEPosts, microblogEFollowers, microblogEFollowing]) {
        const v = validateArgs(op, { handle });
        expect(v.ok ? null : v.problems).toEqual([expect.objectContaining({ param: 'handle' })]);
      }
    }
    for (const instance of ['192.168.0.1', 'localhost', 'harbour.example:8080', 'https://harbour.example/api']) {
      const v = validateArgs(microblogETag, { instance, tag: 'x' });
      expect(v.ok ? null : v.problems).toEqual([expect.objectContaining({ param: 'instance' })]);
      // The account search takes `instance` through the same spec and check.
      const s = validateArgs(microblogEProfileSearch, { instance, query: 'x' });
      expect(s.ok ? null : s.problems).toEqual([{ param: 'instance', message: 'must be a server host name, e.g. mastodon.social' }]);
    }
  });
});

describe('microblogEProfile', () => {
  it('asks the named instance for the account', async () => {
    t.replay.add({ host: 'harbour.example', path: '/api/v1/accounts/lookup', response: json(account('7', 'Tides')) });
    expect(await fetchProfile(t.ctx, { user: 'tides', instance: 'harbour.example' })).toMatchObject({ id: '7', username: 'Tides' });
    expect(t.replay.hits()[0].upstreamUrl).toBe('https://harbour.example/api/v1/accounts/lookup?acct=tides');
  });

  it('404 → NOT_FOUND; 401 with an error body → login wall (UPSTREAM_BLOCKED); 403 → UPSTREAM_BLOCKED', async () => {
    t.replay.add({ host: 'harbour.example', path: '/api/v1/accounts/lookup', response: json({ error: 'Record not found' }, {}, 404) });
    expect((await failure(fetchProfile(t.ctx, { user: 'nobody', instance: 'harbour.example' }))).code).toBe('NOT_FOUND');
    t.replay.add({
      host: 'harbour.example',
      path: '/api/v1/accounts/lookup',
      response: json({ error: 'This API requires an authenticated user' }, {}, 401),
    });
    expect((await failure(fetchProfile(t.ctx, { user: 'tides', instance: 'harbour.example' }))).message).toMatch(/login wall/);
    t.replay.add({ host: 'harbour.example', path: '/api/v1/accounts/lookup', response: json({ error: 'forbidden' }, {}, 403) });
    expect((await failure(fetchProfile(t.ctx, { user: 'tides', instance: 'harbour.example' }))).code).toBe('UPSTREAM_BLOCKED');
  });

  it("a suspended account (Mastodon's lookup answers it 200, blanked, `suspended: true`) → NOT_FOUND, its lists too (an outside sweep: a blank record, charged)", async () => {
    // Our own answer in the shape of Mastodon's REST::AccountSerializer for a suspended account.
    const blank = { ...account('7', 'tides'), display_name: '', note: '', fields: [], suspended: true };
    t.replay.add({ host: 'harbour.example', path: '/api/v1/accounts/lookup', response: json(blank) });
    t.replay.add({ host: 'harbour.example', path: '/api/v1/accounts/7/statuses', response: json([]) });
    t.replay.add({ host: 'harbour.example', path: '/api/v1/accounts/7/followers', response: json([]) });
    const asked = { user: 'tides', instance: 'harbour.example', cursor: null };
    for (const read of [fetchProfile(t.ctx, asked), fetchPosts(t.ctx, asked), fetchFollows(t.ctx, 'followers', asked)]) {
      const e = await failure(read);
      expect(e.code).toBe('NOT_FOUND');
      expect(e.message).toMatch(/suspended/);
    }
    // A limited (silenced) account is still public: its profile is data.
    t.replay.add({ host: 'harbour.example', path: '/api/v1/accounts/lookup', response: json({ ...account('7', 'tides'), limited: true }) });
    await expect(fetchProfile(t.ctx, asked)).resolves.toMatchObject({ id: '7' });
  });

  it.each([
    ['an HTML page', { body: '<html><body>Welcome to my blog</body></html>', headers: { 'content-type': 'text/html' } }],
    ['JSON of another shape', json({ ok: true, users: [] })],
    ['a JSON array', json([])],
  ])('a server answering %s → UPSTREAM_FAILED "does not answer the Mastodon API"', async (_what, response) => {
    t.replay.add({ host: 'blog.example', path: '/api/v1/accounts/lookup', response });
    const e = await failure(fetchProfile(t.ctx, { user: 'tides', instance: 'blog.example' }));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/blog\.example does not answer the Mastodon API/);
  });

  it('another account, or a remote account the server knows, is not the one asked → UPSTREAM_FAILED', async () => {
    t.replay.add({ host: 'harbour.example', path: '/api/v1/accounts/lookup', response: json(account('8', 'waves')) });
    expect((await failure(fetchProfile(t.ctx, { user: 'tides', instance: 'harbour.example' }))).message).toMatch(/different resource/);
    t.replay.add({
      host: 'harbour.example',
      path: '/api/v1/accounts/lookup',
      response: json(account('9', 'tides', 'tides@elsewhere.example')),
    });
    expect((await failure(fetchProfile(t.ctx, { user: 'tides', instance: 'harbour.example' }))).code).toBe('UPSTREAM_FAILED');
  });

  it('an account whose url or uri names another account or server, or whose acct is another spelling (a trailing space), is not the one asked → UPSTREAM_FAILED (an outside sweep: served as the asked account)', async () => {
    const asked = { user: 'tides', instance: 'harbour.example' };
    const answering = async (body: object) => {
      t.replay.add({ host: 'harbour.example', path: '/api/v1/accounts/lookup', response: json(body) });
      return fetchProfile(t.ctx, asked).then(
        () => 'served',
        (e: ApiError) => `${e.code}: ${e.message}`,
      );
    };
    const tides = account('7', 'tides');
    for (const wrong of [
      { url: 'https://mastodon.social/@Gargron', uri: 'https://mastodon.social/users/Gargron' },
      { url: 'https://harbour.example/@waves' },
      { uri: 'https://harbour.example/users/waves' },
      { uri: 'https://elsewhere.example/users/tides' },
      { url: 'https://harbour.example/@tides/109302436954700001' },
      { url: 'https://harbour.example.evil.example/@tides' },
      { url: 'https://harbour.example/profile/waves' },
      { url: 'https://elsewhere.example/profile/tides' },
      { url: 'not a url' },
      { acct: 'tides ' },
      { acct: ' tides' },
      { username: 'tides ' },
    ]) {
      expect(await answering({ ...tides, ...wrong }), JSON.stringify(wrong)).toMatch(/^UPSTREAM_FAILED: .*different resource/);
    }
    // As Mastodon-compatible servers form them: Mastodon's and GoToSocial's url and uri, Pleroma's
    // and Akkoma's url (the ActivityPub id), an id-based ActivityPub uri, any case.
    for (const right of [
      { url: 'https://harbour.example/@tides', uri: 'https://harbour.example/users/tides' },
      { url: 'https://harbour.example/users/tides', uri: 'https://harbour.example/users/tides' },
      { url: 'https://Harbour.example/@Tides/', uri: 'https://harbour.example/users/7' },
      { url: null, uri: undefined },
    ]) {
      expect(await answering({ ...tides, ...right }), JSON.stringify(right)).toBe('served');
    }
  });

  it("a Friendica account (url https://<host>/profile/<nick>, no uri) is the one asked — was UPSTREAM_FAILED 'different resource' for every Friendica account", async () => {
    // Our own answer in the shape Friendica's Mastodon API gives a local account
    // (friendica/friendica src/Object/Api/Mastodon/Account.php, 2024: `url` is the contact's url,
    // `https://<host>/profile/<nick>` — Pleroma's WebFinger test of a Friendica actor has
    // `https://squeet.me/profile/lain` —, `acct` the bare nick, no `uri`, ids are digits).
    const friendica = {
      ...account('112', 'tides'),
      display_name: 'Tides at the harbour',
      url: 'https://harbour.example/profile/tides',
      last_status_at: '2025-03-02T00:00:00.000Z',
      group: false,
      discoverable: true,
    };
    t.replay.add({ host: 'harbour.example', path: '/api/v1/accounts/lookup', response: json(friendica) });
    await expect(fetchProfile(t.ctx, { user: 'tides', instance: 'harbour.example' })).resolves.toMatchObject({
      id: '112',
      url: 'https://harbour.example/profile/tides',
      uri: null,
    });
  });
});

describe('microblogEPosts', () => {
  it("first page: lookup, then statuses; the Link header's max_id becomes our cursor; a later page costs one request", async () => {
    t.replay.add({ host: 'harbour.example', path: '/api/v1/accounts/lookup', response: json(account('7', 'tides')) });
    t.replay.add({
      host: 'harbour.example',
      path: '/api/v1/accounts/7/statuses',
      response: (req) =>
        req.query.get('max_id') === '100'
          ? json([status('99')])
          : json([status('101'), status('100')], {
              link: '<https://harbour.example/api/v1/accounts/7/statuses?max_id=100>; rel="next", <https://harbour.example/api/v1/accounts/7/statuses?min_id=101>; rel="prev"',
            }),
    });
    const first = await fetchPosts(t.ctx, { user: 'tides', instance: 'harbour.example', cursor: null });
    expect(first.posts.map((p) => p.id)).toEqual(['101', '100']);
    const c = decodePostsCursor(first.cursor!);
    expect(c).toEqual({ i: 'harbour.example', u: 'tides', a: '7', m: '100' });
    const v = validateArgs(microblogEPosts, { handle: '@Tides@Harbour.example', cursor: first.cursor });
    expect(v.ok && v.args).toEqual({ user: 'tides', instance: 'harbour.example', cursor: c });
    const other = validateArgs(microblogEPosts, { handle: 'tides@other.example', cursor: first.cursor });
    expect(other.ok ? null : other.problems).toEqual([{ param: 'cursor', message: 'belongs to another account' }]);

    t.replay.reset();
    t.replay.add({
      host: 'harbour.example',
      path: '/api/v1/accounts/7/statuses',
      response: (req) => (req.query.get('max_id') === '100' ? json([status('99')]) : json([])),
    });
    const second = await fetchPosts(t.ctx, { user: 'tides', instance: 'harbour.example', cursor: c });
    // A short page without a Link header is the last.
    expect(second).toMatchObject({ posts: [{ id: '99' }], cursor: null });
    expect(t.replay.hits().map((h) => h.upstreamUrl)).toEqual(['https://harbour.example/api/v1/accounts/7/statuses?max_id=100']);
  });

  it("pages on with a server's own ids: GoToSocial's ULIDs, Pleroma's flake ids (an outside sweep: the list ended after page 1)", async () => {
    // Our own answers in GoToSocial's shape: a ULID account id, ULID status ids, its Link header
    // (GoToSocial's own tests assert `…/statuses?limit=20&max_id=<ULID>; rel="next"`).
    const GTS = 'gts.example';
    const me = { ...account('01F8MH1H7YV1Z7D2C8K2730QBF', 'tides'), url: `https://${GTS}/@tides` };
    const ulid = (n: number) => `01F8MH75CBF9JFX4ZAD54N0W${n}R`;
    t.replay.add({ host: GTS, path: '/api/v1/accounts/lookup', response: json(me) });
    t.replay.add({
      host: GTS,
      path: `/api/v1/accounts/${me.id}/statuses`,
      response: json([status(ulid(10), me), status(ulid(9), me)], {
        link: `<https://${GTS}/api/v1/accounts/${me.id}/statuses?limit=20&max_id=${ulid(9)}>; rel="next", <https://${GTS}/api/v1/accounts/${me.id}/statuses?limit=20&min_id=${ulid(10)}>; rel="prev"`,
      }),
    });
    const posts = await fetchPosts(t.ctx, { user: 'tides', instance: GTS, cursor: null });
    expect(decodePostsCursor(posts.cursor!)).toEqual({ i: GTS, u: 'tides', a: me.id, m: ulid(9) });

    // A Pleroma tag timeline without a Link header: a full page pages on below its last flake id.
    const flake = (n: number) => `AbCdEfGhIjKlMn${String(n).padStart(4, '0')}`;
    t.replay.add({
      host: GTS,
      path: '/api/v1/timelines/tag/rstats',
      response: json(Array.from({ length: 20 }, (_, i) => status(flake(40 - i)))),
    });
    const tag = await fetchTag(t.ctx, { instance: GTS, tag: 'rstats', cursor: null });
    expect(decodeTagCursor(tag.cursor!)).toEqual({ i: GTS, t: 'rstats', m: flake(21) });

    // Followers: the Link header's max_id, a Follow id of the server's own form.
    t.replay.add({
      host: GTS,
      path: `/api/v1/accounts/${me.id}/followers`,
      response: json([account('01HZZZZZZZZZZZZZZZZZZZZZZZ', 'waves')], {
        link: `<https://${GTS}/api/v1/accounts/${me.id}/followers?limit=80&max_id=01HFOLLOW0000000000000000A>; rel="next"`,
      }),
    });
    const followers = await fetchFollows(t.ctx, 'followers', { user: 'tides', instance: GTS, cursor: null });
    expect(decodeFollowsCursor(followers.cursor!)).toMatchObject({ a: me.id, m: '01HFOLLOW0000000000000000A' });
  });

  it.each([
    ['another account', () => account('8', 'waves'), /include one by @waves/],
    ["the asked id but another username (another account's answer)", () => account('7', 'tidez'), /include one by @tidez/],
  ])("a status in the account's list by %s → UPSTREAM_FAILED", async (_what, by, message) => {
    t.replay.add({
      host: 'harbour.example',
      path: '/api/v1/accounts/7/statuses',
      response: json([status('1'), status('2', by())]),
    });
    const e = await failure(
      fetchPosts(t.ctx, { user: 'tides', instance: 'harbour.example', cursor: { i: 'harbour.example', u: 'tides', a: '7', m: '3' } }),
    );
    expect(e.message).toMatch(message);
  });

  it("a forged cursor (this account, another account's id) → UPSTREAM_FAILED, even where statuses state no username", async () => {
    const forged = { i: 'harbour.example', u: 'tides', a: '8', m: '3' };
    t.replay.add({ host: 'harbour.example', path: '/api/v1/accounts/8/statuses', response: json([status('2', account('8', 'waves'))]) });
    expect((await failure(fetchPosts(t.ctx, { user: 'tides', instance: 'harbour.example', cursor: forged }))).code).toBe('UPSTREAM_FAILED');
    const { username: _u, acct: _a, ...unnamed } = account('8', 'waves');
    t.replay.add({ host: 'harbour.example', path: '/api/v1/accounts/8/statuses', response: json([status('2', unnamed as never)]) });
    expect((await failure(fetchPosts(t.ctx, { user: 'tides', instance: 'harbour.example', cursor: forged }))).code).toBe('UPSTREAM_FAILED');
  });

  describe.skipIf(!hasFixtures(PLATFORM))(`the fosstodon captures served in place (${skipReason(PLATFORM)})`, () => {
    it("schochastics: 20 statuses and the capture's Link header → cursor at max_id 113191408914362368", async () => {
      t.replay.add({
        host: 'fosstodon.org',
        path: '/api/v1/accounts/lookup',
        response: {
          headers: { 'content-type': 'application/json' },
          bodyFile: fixturePath(PLATFORM, 'account-fosstodon-schochastics-2025-07-17.json'),
        },
      });
      t.replay.add({
        host: 'fosstodon.org',
        path: '/api/v1/accounts/109302436954721982/statuses',
        response: {
          headers: {
            'content-type': 'application/json',
            link: '<https://fosstodon.org/api/v1/accounts/109302436954721982/statuses?exclude_reblogs=FALSE&limit=20&max_id=113191408914362368>; rel="next", <https://fosstodon.org/api/v1/accounts/109302436954721982/statuses?exclude_reblogs=FALSE&limit=20&min_id=114739545367952761>; rel="prev"',
          },
          body: readFixture(PLATFORM, 'account-statuses-fosstodon-schochastics-2025-07-17.json'),
        },
      });
      const page = await fetchPosts(t.ctx, { user: 'schochastics', instance: 'fosstodon.org', cursor: null });
      expect(page.posts).toHaveLength(20);
      expect(decodePostsCursor(page.cursor!)).toEqual({
        i: 'fosstodon.org',
        u: 'schochastics',
        a: '109302436954721982',
        m: '113191408914362368',
      });
    });
  });
});

describe('microblogEFollowers / microblogEFollowing', () => {
  // Followers and following answers here are our own (samples.ts, written from Mastodon's
  // documented API: no capture of those endpoints exists); the captures below are served in place.
  const LOOKUP = '/api/v1/accounts/lookup';
  const lookup = (body: unknown = account('7', 'tides')) => t.replay.add({ host: 'harbour.example', path: LOOKUP, response: json(body) });
  const page = (list: 'followers' | 'following', response: ReturnType<typeof json>) =>
    t.replay.add({ host: 'harbour.example', path: `/api/v1/accounts/7/${list}`, response });
  const three = mastodonFollowsBody('harbour.example', [
    { user: 'pier', instance: 'harbour.example', displayName: 'Pier', id: '11' },
    { user: 'gull', instance: 'elsewhere.example', displayName: 'Gull', id: '12' },
  ]);
  const ask = (list: 'followers' | 'following', cursor: Parameters<typeof fetchFollows>[2]['cursor'] = null) =>
    fetchFollows(t.ctx, list, { user: 'tides', instance: 'harbour.example', cursor });

  it.each(['followers', 'following'] as const)(
    '%s: the lookup, then the list with limit=80; the account is the lookup record; the Link max_id (a Follow id) becomes our cursor',
    async (list) => {
      lookup();
      page(list, json(three, { link: mastodonFollowsLink('harbour.example', '7', list, '5501', '5533') }));
      const first = await ask(list);
      expect(first.account).toMatchObject({ id: '7', username: 'tides', acct: 'tides' });
      expect(first.accounts.map((a) => [a.id, a.acct])).toEqual([
        ['11', 'pier'],
        ['12', 'gull@elsewhere.example'],
      ]);
      expect(t.replay.hits().map((h) => h.upstreamUrl)).toEqual([
        'https://harbour.example/api/v1/accounts/lookup?acct=tides',
        `https://harbour.example/api/v1/accounts/7/${list}?limit=80`,
      ]);
      const c = decodeFollowsCursor(first.cursor!);
      expect(c).toEqual({ l: list, i: 'harbour.example', u: 'tides', a: '7', m: '5501' });
      const op = list === 'followers' ? microblogEFollowers : microblogEFollowing;
      const v = validateArgs(op, { handle: '@Tides@Harbour.example', cursor: first.cursor });
      expect(v.ok && v.args).toEqual({ user: 'tides', instance: 'harbour.example', cursor: c });

      // The next page: the lookup again (the record carries the account, and only it names whose list this is), then max_id.
      t.replay.reset();
      lookup();
      page(list, json(three.slice(0, 1)));
      const second = await ask(list, c);
      // A page without a Link header is the last.
      expect(second).toMatchObject({ accounts: [{ id: '11' }], cursor: null });
      expect(t.replay.hits().map((h) => h.upstreamUrl)).toEqual([
        'https://harbour.example/api/v1/accounts/lookup?acct=tides',
        `https://harbour.example/api/v1/accounts/7/${list}?limit=80&max_id=5501`,
      ]);
    },
  );

  it("a full page without a Link header is the last: no account's id is a Follow id to page from", async () => {
    lookup();
    const eighty = Array.from({ length: 80 }, (_, i) => account(String(100 + i), `f${i}`));
    page('followers', json(eighty));
    const r = await ask('followers');
    expect(r.accounts).toHaveLength(80);
    expect(r.cursor).toBeNull();
  });

  it('a cursor: of the other list, of another account, or not ours → INVALID_INPUT on cursor before anything is sent', () => {
    const followers = encodeCursor({ l: 'followers', i: 'harbour.example', u: 'tides', a: '7', m: '5501' });
    const cases: [OperationDef, Record<string, string>, string][] = [
      [microblogEFollowing, { handle: 'tides@harbour.example', cursor: followers }, 'belongs to another list (followers)'],
      [microblogEFollowers, { handle: 'tides@other.example', cursor: followers }, 'belongs to another account'],
      [microblogEFollowers, { handle: 'waves@harbour.example', cursor: followers }, 'belongs to another account'],
      [
        microblogEFollowers,
        { handle: 'tides@harbour.example', cursor: 'bm90LW91cnM' },
        'must be the `cursor` of a previous response, unchanged',
      ],
    ];
    for (const [op, args, message] of cases) {
      const v = validateArgs(op, args);
      expect(v.ok ? null : v.problems).toEqual([{ param: 'cursor', message }]);
    }
    // A posts cursor of the same account is no followers cursor.
    const posts = encodeCursor({ i: 'harbour.example', u: 'tides', a: '7', m: '5501' });
    expect(validateArgs(microblogEFollowers, { handle: 'tides@harbour.example', cursor: posts }).ok).toBe(false);
  });

  it("a hand-made cursor (this account, another account's id) → INVALID_INPUT on cursor, the other account's list never asked", async () => {
    lookup();
    t.replay.add({ host: 'harbour.example', path: '/api/v1/accounts/8/followers', response: json(three) });
    const e = await failure(ask('followers', { l: 'followers', i: 'harbour.example', u: 'tides', a: '8', m: '5501' }));
    expect(e.code).toBe('INVALID_INPUT');
    expect(e.details).toEqual([{ param: 'cursor', message: expect.stringMatching(/^belongs to another account/) }]);
    expect(t.replay.hits({ path: '/api/v1/accounts/8/followers' })).toHaveLength(0);
  });

  it('another account, or a remote one, answering the lookup → UPSTREAM_FAILED, no list asked for', async () => {
    lookup(account('8', 'waves'));
    expect((await failure(ask('followers'))).message).toMatch(/different resource/);
    lookup(account('7', 'tides', 'tides@elsewhere.example'));
    expect((await failure(ask('following'))).code).toBe('UPSTREAM_FAILED');
    expect(t.replay.hits().filter((h) => h.path !== LOOKUP)).toHaveLength(0);
  });

  it.each(['followers', 'following'] as const)(
    '%s of an account hiding its lists (hide_collections) → PRIVATE_CONTENT, the list never asked for',
    async (list) => {
      lookup({ ...account('7', 'tides'), hide_collections: true });
      page(list, json([]));
      const e = await failure(ask(list));
      expect(e.code).toBe('PRIVATE_CONTENT');
      expect(e.message).toMatch(/@tides@harbour\.example \(the account hides them\) is private/);
      expect(t.replay.hits().map((h) => h.path)).toEqual([LOOKUP]);
    },
  );

  it.each(['followers', 'following'] as const)(
    '%s of a Pleroma / Akkoma account hiding both lists and their counts → PRIVATE_CONTENT, never an empty page of "0 followers"',
    async (list) => {
      // Our own lookup answer, written from Pleroma's Mastodon API (account_view.ex: no
      // hide_collections, the `pleroma` hide flags, each hidden count rendered as 0 for others;
      // account_controller.ex: a hidden list answered as [] to anyone but the owner).
      const pleroma = { hide_followers: true, hide_follows: true, hide_followers_count: true, hide_follows_count: true };
      lookup({ ...account('7', 'tides'), followers_count: 0, following_count: 0, pleroma });
      page(list, json([]));
      const e = await failure(ask(list));
      expect(e.code).toBe('PRIVATE_CONTENT');
      expect(t.replay.hits().map((h) => h.path)).toEqual([LOOKUP]);
    },
  );

  it('an empty list from a server that does not say whether the account hides it: an empty page when the count is 0, PRIVATE_CONTENT when it counts somebody', async () => {
    lookup({ ...account('7', 'tides'), followers_count: 0 });
    page('followers', json([]));
    const r = await ask('followers');
    expect(r.account.hide_collections).toBeNull();
    expect(r).toMatchObject({ accounts: [], cursor: null });
    // Counting one follower and listing none: the server hides the list without saying so.
    lookup(account('7', 'tides'));
    const e = await failure(ask('followers'));
    expect(e.code).toBe('PRIVATE_CONTENT');
    expect(e.message).toMatch(/lists none of the 1 it counts/);
    page('following', json([]));
    expect((await failure(ask('following'))).code).toBe('PRIVATE_CONTENT');
  });

  it('the list answering 404 → NOT_FOUND; 401 with an error body → login wall; 403 → UPSTREAM_BLOCKED; another shape → UPSTREAM_FAILED', async () => {
    lookup();
    page('followers', json({ error: 'Record not found' }, {}, 404));
    expect((await failure(ask('followers'))).code).toBe('NOT_FOUND');
    page('followers', json({ error: 'This API requires an authenticated user' }, {}, 401));
    const walled = await failure(ask('followers'));
    expect(walled.code).toBe('UPSTREAM_BLOCKED');
    expect(walled.message).toMatch(/login wall/);
    page('followers', json({ error: 'forbidden' }, {}, 403));
    expect((await failure(ask('followers'))).code).toBe('UPSTREAM_BLOCKED');
    page('followers', json({ accounts: [] }));
    const other = await failure(ask('followers'));
    expect(other.code).toBe('UPSTREAM_FAILED');
    expect(other.message).toMatch(/harbour\.example does not answer the Mastodon API/);
  });

  describe.skipIf(!hasFixtures(PLATFORM))(`the fosstodon captures served in place (${skipReason(PLATFORM)})`, () => {
    it("schochastics: the lookup capture's account; the search capture's Accounts as a followers page (no capture of that list exists)", async () => {
      t.replay.add({
        host: 'fosstodon.org',
        path: LOOKUP,
        response: {
          headers: { 'content-type': 'application/json' },
          bodyFile: fixturePath(PLATFORM, 'account-fosstodon-schochastics-2025-07-17.json'),
        },
      });
      t.replay.add({
        host: 'fosstodon.org',
        path: '/api/v1/accounts/109302436954721982/followers',
        response: {
          headers: { 'content-type': 'application/json' },
          bodyFile: fixturePath(PLATFORM, 'accounts-search-schochastics-fosstodon-2025-07-17.json'),
        },
      });
      const r = await fetchFollows(t.ctx, 'followers', { user: 'schochastics', instance: 'fosstodon.org', cursor: null });
      expect(r.account).toMatchObject({ id: '109302436954721982', followers_count: 1036, following_count: 138, hide_collections: false });
      expect(r.accounts.map((a) => [a.acct, a.followers_count])).toEqual([
        ['schochastics', 1036],
        ['schochastics@birdsite.lakedrops.com', 0],
        ['schochastics@bird.makeup', 0],
      ]);
      expect(r.cursor).toBeNull();
    });
  });
});

describe('microblogETag', () => {
  it('asks /api/v1/timelines/tag/<tag>; Link-header paging bound to the server and tag', async () => {
    t.replay.add({
      host: 'mastodon.social',
      path: '/api/v1/timelines/tag/rstats',
      response: json([status('5', account('1', 'a', 'a@rstats.me'))], {
        link: '<https://mastodon.social/api/v1/timelines/tag/rstats?max_id=5>; rel="next"',
      }),
    });
    const page = await fetchTag(t.ctx, { instance: 'mastodon.social', tag: 'rstats', cursor: null });
    expect(page.posts.map((p) => p.id)).toEqual(['5']);
    expect(decodeTagCursor(page.cursor!)).toEqual({ i: 'mastodon.social', t: 'rstats', m: '5' });
    const v = validateArgs(microblogETag, { instance: 'mastodon.social', tag: '#RStats', cursor: page.cursor });
    expect(v.ok).toBe(true);
    expect(validateArgs(microblogETag, { instance: 'fosstodon.org', tag: 'rstats', cursor: page.cursor }).ok).toBe(false);
  });

  it('a later page whose Link max_id is the one it was asked with (a server looping) is the last page: cursor null, never its own', async () => {
    const looping = { link: '<https://mastodon.social/api/v1/timelines/tag/rstats?max_id=5>; rel="next"' };
    t.replay.add({
      host: 'mastodon.social',
      path: '/api/v1/timelines/tag/rstats',
      response: json([status('4', account('1', 'a', 'a@rstats.me'))], looping),
    });
    const page = await fetchTag(t.ctx, {
      instance: 'mastodon.social',
      tag: 'rstats',
      cursor: { i: 'mastodon.social', t: 'rstats', m: '5' },
    });
    expect(page).toMatchObject({ posts: [{ id: '4' }], cursor: null });
    t.replay.add({
      host: 'harbour.example',
      path: '/api/v1/accounts/7/statuses',
      response: json([status('99')], { link: '<https://harbour.example/api/v1/accounts/7/statuses?max_id=100>; rel="next"' }),
    });
    const posts = await fetchPosts(t.ctx, {
      user: 'tides',
      instance: 'harbour.example',
      cursor: { i: 'harbour.example', u: 'tides', a: '7', m: '100' },
    });
    expect(posts).toMatchObject({ posts: [{ id: '99' }], cursor: null });
  });

  it('a server that closed its public timelines (401 with an error body) → UPSTREAM_BLOCKED', async () => {
    t.replay.add({
      host: 'mastodon.social',
      path: '/api/v1/timelines/tag/rstats',
      response: json({ error: 'This method requires an authenticated user' }, {}, 401),
    });
    expect((await failure(fetchTag(t.ctx, { instance: 'mastodon.social', tag: 'rstats', cursor: null }))).code).toBe('UPSTREAM_BLOCKED');
  });

  it("a server whose timelines want a login answers 422 (Mastodon's require_user!: `Setting.timeline_preview` off, or the 4.3+ feed-access settings) → the login wall, not a failure", async () => {
    // Our own answer in the shape Mastodon's Api::BaseController#require_user! renders for a caller
    // without a user: status 422, `{"error": "This method requires an authenticated user"}`.
    t.replay.add({
      host: 'closed.example',
      path: '/api/v1/timelines/tag/rstats',
      response: json({ error: 'This method requires an authenticated user' }, {}, 422),
    });
    const e = await failure(fetchTag(t.ctx, { instance: 'closed.example', tag: 'rstats', cursor: null }));
    expect(e.code).toBe('UPSTREAM_BLOCKED');
    expect(e.message).toMatch(/login wall/);
    // Another 422 (a validation error) is no wall: the server failed the request.
    t.replay.add({ host: 'odd.example', path: '/api/v1/timelines/tag/rstats', response: json({ error: 'Validation failed' }, {}, 422) });
    expect((await failure(fetchTag(t.ctx, { instance: 'odd.example', tag: 'rstats', cursor: null }))).code).toBe('UPSTREAM_FAILED');
  });
});

describe('microblogEProfileSearch', () => {
  // Search answers here are our own (samples.ts mastodonSearchBody, written by us in the shape of
  // Mastodon's Search entity); the capture below is served in place.
  const SEARCH = '/api/v2/search';
  const two = mastodonSearchBody('harbour.example', [
    { user: 'tides', instance: 'harbour.example', displayName: 'Tides', id: '7' },
    { user: 'tides', instance: 'elsewhere.example', displayName: 'Tides elsewhere', id: '8', followers: 0 },
  ]);

  it('asks /api/v2/search for accounts, 40 at most, never `offset` or `resolve`; remote accounts as the server sends them', async () => {
    t.replay.add({ host: 'harbour.example', path: SEARCH, response: json(two) });
    const r = await fetchProfileSearch(t.ctx, { instance: 'harbour.example', query: 'tides @tides@elsewhere.example' });
    expect(r.profiles.map((p) => [p.id, p.acct, p.url])).toEqual([
      ['7', 'tides', 'https://harbour.example/@tides'],
      ['8', 'tides@elsewhere.example', 'https://elsewhere.example/@tides'],
    ]);
    const [hit] = t.replay.hits();
    expect(hit.upstreamUrl).toBe('https://harbour.example/api/v2/search?q=tides+%40tides%40elsewhere.example&type=accounts&limit=40');
    expect([...hit.query.keys()].sort()).toEqual(['limit', 'q', 'type']);
  });

  it('no match → an empty list, not an error', async () => {
    t.replay.add({ host: 'harbour.example', path: SEARCH, response: json({ accounts: [], statuses: [], hashtags: [] }) });
    expect(await fetchProfileSearch(t.ctx, { instance: 'harbour.example', query: 'nobody' })).toEqual({ profiles: [] });
  });

  it('the query: required (not blank), at most 256 characters; trimmed and lower-cased into one cache key per server', () => {
    const a = validateArgs(microblogEProfileSearch, { instance: 'Harbour.Example', query: '  Tides ' });
    const b = validateArgs(microblogEProfileSearch, { instance: 'harbour.example', query: 'tides' });
    expect(a.ok && a.args).toEqual({ instance: 'harbour.example', query: 'tides' });
    expect(a.ok && b.ok && a.cacheKey === b.cacheKey).toBe(true);
    const other = validateArgs(microblogEProfileSearch, { instance: 'elsewhere.example', query: 'tides' });
    expect(other.ok && other.cacheKey !== (b.ok && b.cacheKey)).toBe(true);
    for (const [args, problem] of [
      [{ instance: 'harbour.example' }, { param: 'query', message: 'is required' }],
      [
        { instance: 'harbour.example', query: ' \u200b ' },
        { param: 'query', message: 'must not be empty' },
      ],
      [
        { instance: 'harbour.example', query: 'x'.repeat(257) },
        { param: 'query', message: 'must be at most 256 characters' },
      ],
      [{ query: 'tides' }, { param: 'instance', message: 'is required' }],
    ] as const) {
      const v = validateArgs(microblogEProfileSearch, args);
      expect(v.ok ? null : v.problems).toEqual([problem]);
    }
  });

  it('401 with an error body → login wall; 403 and 429 → UPSTREAM_BLOCKED; 500 → UPSTREAM_FAILED', async () => {
    const ask = () => failure(fetchProfileSearch(t.ctx, { instance: 'harbour.example', query: 'tides' }));
    t.replay.add({ host: 'harbour.example', path: SEARCH, response: json({ error: 'This API requires an authenticated user' }, {}, 401) });
    const walled = await ask();
    expect(walled.code).toBe('UPSTREAM_BLOCKED');
    expect(walled.message).toMatch(/login wall/);
    t.replay.add({ host: 'harbour.example', path: SEARCH, response: json({ error: 'forbidden' }, {}, 403) });
    expect((await ask()).code).toBe('UPSTREAM_BLOCKED');
    t.replay.add({ host: 'harbour.example', path: SEARCH, response: { status: 429, body: '' } });
    expect((await ask()).code).toBe('UPSTREAM_BLOCKED');
    t.replay.add({ host: 'harbour.example', path: SEARCH, response: { status: 500, body: '' } });
    expect((await ask()).code).toBe('UPSTREAM_FAILED');
  });

  it.each([
    ['404 (no such API: not Mastodon, or a very old one)', json({ error: 'Not Found' }, {}, 404)],
    ['an HTML page', { body: '<html><body>Welcome to my blog</body></html>', headers: { 'content-type': 'text/html' } }],
    ['a JSON array (the v1 accounts/search shape)', json([])],
    ['JSON without `accounts`', json({ statuses: [], hashtags: [] })],
  ])('a server answering %s → UPSTREAM_FAILED "does not answer the Mastodon API", never NOT_FOUND', async (_what, response) => {
    t.replay.add({ host: 'blog.example', path: SEARCH, response });
    const e = await failure(fetchProfileSearch(t.ctx, { instance: 'blog.example', query: 'tides' }));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/blog\.example does not answer the Mastodon API/);
  });

  describe.skipIf(!hasFixtures(PLATFORM))(`the fosstodon capture served in place (${skipReason(PLATFORM)})`, () => {
    it('schochastics: the 3 accounts of the capture (v1 array, sent inside the v2 envelope), local first', async () => {
      const accounts: unknown = JSON.parse(readFixture(PLATFORM, 'accounts-search-schochastics-fosstodon-2025-07-17.json'));
      t.replay.add({ host: 'fosstodon.org', path: SEARCH, response: json({ accounts, statuses: [], hashtags: [] }) });
      const r = await fetchProfileSearch(t.ctx, { instance: 'fosstodon.org', query: 'schochastics' });
      expect(r.profiles.map((p) => [p.acct, p.followers_count])).toEqual([
        ['schochastics', 1036],
        ['schochastics@birdsite.lakedrops.com', 0],
        ['schochastics@bird.makeup', 0],
      ]);
      expect(r.profiles[0].id).toBe('109302436954721982');
    });
  });
});

describe('microblogEPost', () => {
  // No capture of `/api/v1/statuses/<id>` or `/context` exists: the answers here are our own
  // (samples.ts mastodonStatusBody / mastodonContextBody, written in the captured Status shape and
  // Mastodon's documented Context entity); the captured Statuses are served in place at the end.
  const HOST = 'harbour.example';
  const tides: MastodonSample = { user: 'tides', instance: HOST, displayName: 'Tides', id: '7' };
  const pier: MastodonSample = { user: 'pier', instance: HOST, displayName: 'Pier', id: '8' };
  const gull: MastodonSample = { user: 'gull', instance: 'elsewhere.example', displayName: 'Gull', id: '9' };
  const asked = { instance: HOST, user: 'tides', id: '110' };
  const question: MastodonStatusSample = { id: '100', by: pier, text: 'Fog today?' };
  const post: MastodonStatusSample = { id: '110', by: tides, text: 'Until ten.', replyTo: { id: '100', accountId: '8' }, replies: 1 };
  const reply: MastodonStatusSample = { id: '120', by: gull, text: 'Thanks', replyTo: { id: '110', accountId: '7' } };
  const replyToReply: MastodonStatusSample = { id: '130', by: tides, text: 'Welcome', replyTo: { id: '120', accountId: '9' } };
  const serve = (status: unknown, context: unknown, host = HOST) => {
    t.replay.add({ host, path: '/api/v1/statuses/110', response: json(status) });
    t.replay.add({ host, path: '/api/v1/statuses/110/context', response: context as never });
  };
  /** fetchPost with the parser warnings it raised. */
  async function read(a = asked) {
    const warnings: string[] = [];
    const stop = onParserWarning((_p, field) => warnings.push(field));
    try {
      const record = await fetchPost(t.ctx, a);
      return { record, warnings, partial: isPartialRead(record) };
    } finally {
      stop();
    }
  }

  it('asks the status, then its thread: {post, ancestors, descendants}, each the status record; not partial', async () => {
    serve(mastodonStatusBody(HOST, post), json(mastodonContextBody(HOST, [question], [reply, replyToReply])));
    const { record, warnings, partial } = await read();
    expect(warnings).toEqual([]);
    expect(partial).toBe(false);
    expect(record.post).toMatchObject({ id: '110', in_reply_to_id: '100', account: { acct: 'tides' }, replies_count: 1 });
    expect(record.ancestors!.map((s) => s.id)).toEqual(['100']);
    expect(record.descendants!.map((s) => [s.id, s.account?.acct])).toEqual([
      ['120', 'gull@elsewhere.example'],
      ['130', 'tides'],
    ]);
    expect(t.replay.hits().map((h) => h.upstreamUrl)).toEqual([
      'https://harbour.example/api/v1/statuses/110',
      'https://harbour.example/api/v1/statuses/110/context',
    ]);
  });

  it('what Mastodon leaves out of a thread is no mismatch: a deleted parent (no ancestors), a private reply above a public one', async () => {
    // 120 is private (left out); 130 replies to it; 140 replies to the status itself.
    const hidden = { ...reply, visibility: 'private' as const };
    const direct: MastodonStatusSample = { id: '140', by: pier, text: 'Same here', replyTo: { id: '110', accountId: '7' } };
    serve(mastodonStatusBody(HOST, post), json(mastodonContextBody(HOST, [], [hidden, replyToReply, direct])));
    const { record, warnings, partial } = await read();
    expect({ warnings, partial }).toEqual({ warnings: [], partial: false });
    expect(record).toMatchObject({ ancestors: [], descendants: [{ id: '130' }, { id: '140' }] });
  });

  it.each([
    ['500', { status: 500, body: '' }],
    ['404', json({ error: 'Record not found' }, {}, 404)],
    [
      "a login wall (401, Mastodon's error body: a server restricting threads)",
      json({ error: 'This API requires an authenticated user' }, {}, 401),
    ],
    ['an HTML page', { body: '<html><body>Maintenance</body></html>', headers: { 'content-type': 'text/html' } }],
    ['JSON of another shape', json({ ancestors: [] })],
  ])(
    'the thread answering %s → the status with ancestors and descendants null, a post.context warning, a partial read',
    async (_what, response) => {
      serve(mastodonStatusBody(HOST, post), response);
      const { record, warnings, partial } = await read();
      expect(record).toEqual({ post: expect.objectContaining({ id: '110' }), ancestors: null, descendants: null });
      expect(warnings).toEqual(['post.context']);
      expect(partial).toBe(true);
    },
  );

  it('the thread answering 429 (its own server, cooling down) or nothing in time → the status, thread null, partial', async () => {
    serve(
      mastodonStatusBody('slow.example', { ...post, by: { ...tides, instance: 'slow.example' } }),
      { status: 429, headers: { 'retry-after': '60' }, body: '' },
      'slow.example',
    );
    const limited = await read({ ...asked, instance: 'slow.example' });
    expect(limited).toMatchObject({ record: { ancestors: null, descendants: null }, warnings: ['post.context'], partial: true });
    serve(
      mastodonStatusBody('hang.example', { ...post, by: { ...tides, instance: 'hang.example' } }),
      { status: 200, fault: { kind: 'timeout' } },
      'hang.example',
    );
    const hung = await read({ ...asked, instance: 'hang.example' });
    expect(hung).toMatchObject({ record: { ancestors: null, descendants: null }, warnings: ['post.context'], partial: true });
  });

  it.each([
    ['descendants none of which replies to the status', [], [replyToReply]],
    ['ancestors whose last is not its parent', [{ ...question, id: '99' }], [reply]],
    ['the status itself among them', [question], [reply, post]],
    ['ancestors of a status that replies to none', [question], [], { ...post, replyTo: undefined }],
  ] as [string, MastodonStatusSample[], MastodonStatusSample[], MastodonStatusSample?][])(
    "a thread that is not this status's (%s) → never used: null, a post.context warning, partial",
    async (_what, ancestors, descendants, status = post) => {
      serve(mastodonStatusBody(HOST, status), json(mastodonContextBody(HOST, ancestors, descendants)));
      const { record, warnings, partial } = await read();
      expect(record).toMatchObject({ post: { id: '110' }, ancestors: null, descendants: null });
      expect(warnings).toEqual(['post.context']);
      expect(partial).toBe(true);
    },
  );

  it.each([
    ['another id', mastodonStatusBody(HOST, { ...post, id: '111' })],
    ['another account of the server', mastodonStatusBody(HOST, { ...post, by: pier })],
    ['a remote account of the same name', mastodonStatusBody(HOST, { ...post, by: { ...tides, instance: 'elsewhere.example' } })],
    ['no author', { ...mastodonStatusBody(HOST, post), account: null }],
    ['an author stating neither acct nor url', { ...mastodonStatusBody(HOST, post), account: { id: '7', username: 'tides' } }],
  ])('the status answered with %s → UPSTREAM_FAILED, the thread never asked', async (_what, body) => {
    serve(body, json(mastodonContextBody(HOST, [], [])));
    const e = await failure(fetchPost(t.ctx, asked));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/different resource/);
    expect(t.replay.hits({ path: '/api/v1/statuses/110/context' })).toHaveLength(0);
  });

  it('an author without `acct` is placed by its profile url on the asked server', async () => {
    const { acct: _a, ...account } = mastodonStatusBody(HOST, post).account as Record<string, unknown>;
    serve({ ...mastodonStatusBody(HOST, post), account }, json(mastodonContextBody(HOST, [question], [])));
    expect((await read()).record.post.account).toMatchObject({ acct: null, url: 'https://harbour.example/@tides' });
    const elsewhere = { ...account, url: 'https://elsewhere.example/@tides' };
    serve({ ...mastodonStatusBody(HOST, post), account: elsewhere }, json(mastodonContextBody(HOST, [question], [])));
    expect((await failure(fetchPost(t.ctx, asked))).code).toBe('UPSTREAM_FAILED');
  });

  it.each([
    ["404 (Mastodon's answer for a missing, private or direct status)", json({ error: 'Record not found' }, {}, 404), 'NOT_FOUND', null],
    ['a private status answered anyway', json(mastodonStatusBody(HOST, { ...post, visibility: 'private' })), 'NOT_FOUND', null],
    ['a direct one', json(mastodonStatusBody(HOST, { ...post, visibility: 'direct' })), 'NOT_FOUND', null],
    ['an unknown visibility', json({ ...mastodonStatusBody(HOST, post), visibility: 'local' }), 'NOT_FOUND', 'status.visibility'],
    ['a login wall', json({ error: 'This API requires an authenticated user' }, {}, 401), 'UPSTREAM_BLOCKED', null],
    [
      'an HTML page',
      { body: '<html><body>Welcome to my blog</body></html>', headers: { 'content-type': 'text/html' } },
      'UPSTREAM_FAILED',
      null,
    ],
  ])('the status answering %s → %s, the thread never asked', async (_what, response, code, warned) => {
    t.replay.add({ host: HOST, path: '/api/v1/statuses/110', response });
    const warnings: string[] = [];
    const stop = onParserWarning((_p, field) => warnings.push(field));
    const e = await failure(fetchPost(t.ctx, asked)).finally(stop);
    expect(e.code).toBe(code);
    expect(warnings).toEqual(warned ? [warned] : []);
    expect(t.replay.hits({ path: '/api/v1/statuses/110/context' })).toHaveLength(0);
  });

  it('the url: a status page or ActivityPub id on a public host, else INVALID_INPUT on url; a private address refused before sending', async () => {
    expect(validateArgs(microblogEPost, { url: 'https://Harbour.Example/@Tides/110' })).toMatchObject({ ok: true, args: asked });
    for (const url of [
      'https://harbour.example/@tides',
      'tides@harbour.example',
      'https://10.0.0.5/@tides/1',
      'https://harbour.example/@tides/1?x=1',
    ]) {
      const v = validateArgs(microblogEPost, { url });
      expect(v.ok ? null : v.problems).toEqual([{ param: 'url', message: expect.stringMatching(/^must be a status URL/) }]);
    }
    const e = await failure(fetchPost(t.ctx, { ...asked, instance: 'intranet.example' }));
    expect(e.code).toBe('INVALID_INPUT');
    expect(e.details).toEqual([{ param: 'url', message: 'URL refused: host intranet.example does not resolve to a public address' }]);
    expect(t.replay.hits()).toHaveLength(0);
  });

  describe.skipIf(!hasFixtures(PLATFORM))(`the fosstodon captures served in place (${skipReason(PLATFORM)})`, () => {
    it('schochastics 114620457512351116: a captured Status as the answer, the record its parse unchanged', async () => {
      const raw = (
        JSON.parse(readFixture(PLATFORM, 'account-statuses-fosstodon-schochastics-2025-07-17.json')) as Record<string, unknown>[]
      )[2];
      t.replay.add({ host: 'fosstodon.org', path: '/api/v1/statuses/114620457512351116', response: json(raw) });
      // Its one reply is not in the capture: an empty thread (no capture of /context exists).
      t.replay.add({
        host: 'fosstodon.org',
        path: '/api/v1/statuses/114620457512351116/context',
        response: json({ ancestors: [], descendants: [] }),
      });
      const r = await fetchPost(t.ctx, { instance: 'fosstodon.org', user: 'schochastics', id: '114620457512351116' });
      expect(r.post).toMatchObject({ id: '114620457512351116', replies_count: 1, reblogs_count: 5, favourites_count: 12 });
      expect(r).toEqual({ post: parseStatus(raw), ancestors: [], descendants: [] });
    });
  });
});

describe('microblogEPostRebloggedBy / microblogEPostFavouritedBy', () => {
  // No capture of `/api/v1/statuses/<id>/reblogged_by` or `/favourited_by` exists: the lists here
  // are our own (samples.ts, an array of Account entities as Mastodon documents it); the captures
  // (a Status, the account search's Account array) are served in place at the end.
  const HOST = 'harbour.example';
  const tides: MastodonSample = { user: 'tides', instance: HOST, displayName: 'Tides', id: '7' };
  const pier: MastodonSample = { user: 'pier', instance: HOST, displayName: 'Pier', id: '8' };
  const post: MastodonStatusSample = { id: '110', by: tides, text: 'Until ten.' };
  const asked = { instance: HOST, user: 'tides', id: '110' };
  const STATUS = '/api/v1/statuses/110';
  const accounts = mastodonFollowsBody(HOST, [
    { user: 'pier', instance: HOST, displayName: 'Pier', id: '11' },
    { user: 'gull', instance: 'elsewhere.example', displayName: 'Gull', id: '12' },
  ]);
  const status = (body: unknown = { ...mastodonStatusBody(HOST, post), reblogs_count: 2, favourites_count: 5 }) =>
    t.replay.add({ host: HOST, path: STATUS, response: json(body) });
  const list = (which: InteractionList, response: ReturnType<typeof json>) =>
    t.replay.add({ host: HOST, path: `${STATUS}/${which}`, response });
  const ask = (which: InteractionList, cursor: Parameters<typeof fetchInteractions>[2]['cursor'] = null, a = asked) =>
    fetchInteractions(t.ctx, which, { ...a, cursor });
  type InteractionList = 'reblogged_by' | 'favourited_by';
  const opOf = (which: InteractionList) => (which === 'reblogged_by' ? microblogEPostRebloggedBy : microblogEPostFavouritedBy);

  it.each(['reblogged_by', 'favourited_by'] as const)(
    '%s: the status, then the list with limit=80; post is its id, url and counts; the Link max_id becomes our cursor; every page asks the status',
    async (which) => {
      status();
      list(which, json(accounts, { link: mastodonInteractionsLink(HOST, '110', which, '9001', '9040') }));
      const first = await ask(which);
      expect(first.post).toEqual({ id: '110', url: 'https://harbour.example/@tides/110', reblogs_count: 2, favourites_count: 5 });
      expect(first.accounts.map((a) => [a.id, a.acct])).toEqual([
        ['11', 'pier'],
        ['12', 'gull@elsewhere.example'],
      ]);
      expect(t.replay.hits().map((h) => h.upstreamUrl)).toEqual([
        'https://harbour.example/api/v1/statuses/110',
        `https://harbour.example/api/v1/statuses/110/${which}?limit=80`,
      ]);
      const c = decodeInteractionsCursor(first.cursor!);
      expect(c).toEqual({ l: which, i: HOST, u: 'tides', s: '110', m: '9001' });
      const v = validateArgs(opOf(which), { url: 'https://Harbour.Example/users/Tides/statuses/110', cursor: first.cursor });
      expect(v.ok && v.args).toEqual({ ...asked, cursor: c });

      t.replay.reset();
      status();
      list(which, json(accounts.slice(1)));
      const second = await ask(which, c);
      // No Link header: the last page (the max_id is a boost's or a Favourite's id, which no account carries).
      expect(second).toMatchObject({ post: { id: '110' }, accounts: [{ id: '12' }], cursor: null });
      expect(t.replay.hits().map((h) => h.upstreamUrl)).toEqual([
        'https://harbour.example/api/v1/statuses/110',
        `https://harbour.example/api/v1/statuses/110/${which}?limit=80&max_id=9001`,
      ]);
    },
  );

  it('a cursor: of the other list, of another status or user or server, or not ours → INVALID_INPUT on cursor before anything is sent', () => {
    const reblogs = encodeCursor({ l: 'reblogged_by', i: HOST, u: 'tides', s: '110', m: '9001' });
    const url = 'https://harbour.example/@tides/110';
    const cases: [OperationDef, Record<string, string>, string][] = [
      [microblogEPostFavouritedBy, { url, cursor: reblogs }, 'belongs to another list (reblogged_by)'],
      [microblogEPostRebloggedBy, { url: 'https://harbour.example/@tides/111', cursor: reblogs }, 'belongs to another status'],
      [microblogEPostRebloggedBy, { url: 'https://harbour.example/@pier/110', cursor: reblogs }, 'belongs to another status'],
      [microblogEPostRebloggedBy, { url: 'https://other.example/@tides/110', cursor: reblogs }, 'belongs to another status'],
      [microblogEPostRebloggedBy, { url, cursor: 'bm90LW91cnM' }, 'must be the `cursor` of a previous response, unchanged'],
      // A followers cursor is no cursor of these lists.
      [
        microblogEPostRebloggedBy,
        { url, cursor: encodeCursor({ l: 'followers', i: HOST, u: 'tides', a: '7', m: '9001' }) },
        'must be the `cursor` of a previous response, unchanged',
      ],
    ];
    for (const [op, args, message] of cases) {
      const v = validateArgs(op, args);
      expect(v.ok ? null : v.problems).toEqual([{ param: 'cursor', message }]);
    }
    const bad = validateArgs(microblogEPostRebloggedBy, { url: 'https://harbour.example/@tides' });
    expect(bad.ok ? null : bad.problems).toEqual([{ param: 'url', message: expect.stringMatching(/^must be a status URL/) }]);
  });

  it.each([
    ['another id', mastodonStatusBody(HOST, { ...post, id: '111' }), 'UPSTREAM_FAILED'],
    ['another account of the server', mastodonStatusBody(HOST, { ...post, by: pier }), 'UPSTREAM_FAILED'],
    [
      'a remote account of the same name',
      mastodonStatusBody(HOST, { ...post, by: { ...tides, instance: 'elsewhere.example' } }),
      'UPSTREAM_FAILED',
    ],
    ['no author', { ...mastodonStatusBody(HOST, post), account: null }, 'UPSTREAM_FAILED'],
    ['a private status', mastodonStatusBody(HOST, { ...post, visibility: 'private' }), 'NOT_FOUND'],
  ])('the status answered with %s → %s, the list never asked', async (_what, body, code) => {
    status(body);
    list('reblogged_by', json(accounts));
    const e = await failure(ask('reblogged_by'));
    expect(e.code).toBe(code);
    expect(t.replay.hits({ path: `${STATUS}/reblogged_by` })).toHaveLength(0);
  });

  it('the status answering 404 → NOT_FOUND, a login wall → UPSTREAM_BLOCKED; the list never asked', async () => {
    t.replay.add({ host: HOST, path: STATUS, response: json({ error: 'Record not found' }, {}, 404) });
    list('favourited_by', json(accounts));
    expect((await failure(ask('favourited_by'))).code).toBe('NOT_FOUND');
    t.replay.add({ host: HOST, path: STATUS, response: json({ error: 'This API requires an authenticated user' }, {}, 401) });
    const walled = await failure(ask('favourited_by'));
    expect(walled.code).toBe('UPSTREAM_BLOCKED');
    expect(walled.message).toMatch(/login wall/);
    expect(t.replay.hits({ path: `${STATUS}/favourited_by` })).toHaveLength(0);
  });

  it.each(['reblogged_by', 'favourited_by'] as const)(
    '%s: the list answering 404 → NOT_FOUND; 401 with an error body (a server wanting a login for it) → login wall; 403 → UPSTREAM_BLOCKED; another shape → UPSTREAM_FAILED',
    async (which) => {
      status();
      list(which, json({ error: 'Record not found' }, {}, 404));
      expect((await failure(ask(which))).code).toBe('NOT_FOUND');
      list(which, json({ error: 'This API requires an authenticated user' }, {}, 401));
      const walled = await failure(ask(which));
      expect(walled.code).toBe('UPSTREAM_BLOCKED');
      expect(walled.message).toMatch(/login wall/);
      list(which, json({ error: 'forbidden' }, {}, 403));
      expect((await failure(ask(which))).code).toBe('UPSTREAM_BLOCKED');
      list(which, json({ accounts: [] }));
      const other = await failure(ask(which));
      expect(other.code).toBe('UPSTREAM_FAILED');
      expect(other.message).toMatch(/harbour\.example does not answer the Mastodon API/);
    },
  );

  it('missing fields degrade one at a time: a status without url or counts, an account without its id left out (warned)', async () => {
    const { url: _u, reblogs_count: _r, ...body } = mastodonStatusBody(HOST, post);
    status(body);
    list(
      'reblogged_by',
      json([
        { ...accounts[0], id: undefined },
        { ...accounts[1], display_name: undefined },
      ]),
    );
    const warnings: string[] = [];
    const stop = onParserWarning((_p, field) => warnings.push(field));
    const r = await ask('reblogged_by').finally(stop);
    // `url` is sometimes absent (read with opt: null, no warning); the counts are always sent (null, warned).
    expect(r.post).toEqual({ id: '110', url: null, reblogs_count: null, favourites_count: 2 });
    expect(r.accounts).toHaveLength(1);
    expect(r.accounts[0]).toMatchObject({ id: '12', display_name: null });
    expect(warnings.sort()).toEqual(['accounts.items', 'accounts.items.display_name', 'status.reblogs_count'].sort());
    expect(r.cursor).toBeNull();
  });

  it('an empty list → an empty page (nobody visible to an anonymous caller boosted it)', async () => {
    status();
    list('reblogged_by', json([]));
    expect(await ask('reblogged_by')).toMatchObject({ post: { reblogs_count: 2 }, accounts: [], cursor: null });
  });

  describe.skipIf(!hasFixtures(PLATFORM))(`the fosstodon captures served in place (${skipReason(PLATFORM)})`, () => {
    it.each(['reblogged_by', 'favourited_by'] as const)(
      "schochastics 114620457512351116 (%s): the captured Status's counts; the search capture's Accounts as the list (no capture of that list exists)",
      async (which) => {
        t.replay.add({
          host: 'fosstodon.org',
          path: '/api/v1/statuses/114620457512351116',
          response: json(
            (JSON.parse(readFixture(PLATFORM, 'account-statuses-fosstodon-schochastics-2025-07-17.json')) as Record<string, unknown>[])[2],
          ),
        });
        t.replay.add({
          host: 'fosstodon.org',
          path: `/api/v1/statuses/114620457512351116/${which}`,
          response: {
            headers: { 'content-type': 'application/json' },
            bodyFile: fixturePath(PLATFORM, 'accounts-search-schochastics-fosstodon-2025-07-17.json'),
          },
        });
        const r = await fetchInteractions(t.ctx, which, {
          instance: 'fosstodon.org',
          user: 'schochastics',
          id: '114620457512351116',
          cursor: null,
        });
        expect(r.post).toEqual({
          id: '114620457512351116',
          url: 'https://fosstodon.org/@schochastics/114620457512351116',
          reblogs_count: 5,
          favourites_count: 12,
        });
        expect(r.accounts.map((a) => [a.id === '109302436954721982', a.acct, a.display_name, a.followers_count])).toEqual([
          [true, 'schochastics', 'David Schoch', 1036],
          [false, 'schochastics@birdsite.lakedrops.com', 'David Schoch', 0],
          [false, 'schochastics@bird.makeup', 'David Schoch', 0],
        ]);
        expect(r.accounts[1]!.url).toMatch(/^https:\/\/birdsite\.lakedrops\.com\//);
        expect(r.cursor).toBeNull();
      },
    );
  });
});

describe('microblogETrendsTags / microblogETrendsStatuses', () => {
  // Trends answers here are our own (samples.ts: Mastodon's documented Tag entity, its Link header).
  const TAGS = '/api/v1/trends/tags';
  const tags = (n: number) => Array.from({ length: n }, (_, i) => mastodonTrendTagBody('mastodon.social', `t${i}`, [n - i]));

  it("the Link header's next `offset` becomes our cursor (list and server bound); the next page asks that offset", async () => {
    t.replay.add({
      host: 'mastodon.social',
      path: TAGS,
      response: json(tags(20), { link: mastodonTrendsLink('mastodon.social', 'tags', 40) }),
    });
    const page = await fetchTrendsTags(t.ctx, { instance: 'mastodon.social', cursor: { l: 'tags', i: 'mastodon.social', o: 20 } });
    expect(page.tags).toHaveLength(20);
    expect(decodeTrendsCursor(page.cursor!)).toEqual({ l: 'tags', i: 'mastodon.social', o: 40 });
    expect(t.replay.hits().map((x) => x.query.toString())).toEqual(['limit=20&offset=20']);
    expect(validateArgs(microblogETrendsTags, { instance: 'Mastodon.Social', cursor: page.cursor }).ok).toBe(true);
    expect(validateArgs(microblogETrendsTags, { instance: 'fosstodon.org', cursor: page.cursor }).ok).toBe(false);
  });

  it('no Link header: a full page continues 20 further, a short one ends; a Link offset that does not move forward ends (never a loop)', async () => {
    t.replay.add({ host: 'full.example', path: TAGS, response: json(tags(20)) });
    t.replay.add({ host: 'short.example', path: TAGS, response: json(tags(3)) });
    t.replay.add({ host: 'loop.social', path: TAGS, response: json(tags(20), { link: mastodonTrendsLink('loop.social', 'tags', 20) }) });
    const full = await fetchTrendsTags(t.ctx, { instance: 'full.example', cursor: null });
    expect(decodeTrendsCursor(full.cursor!)).toEqual({ l: 'tags', i: 'full.example', o: 20 });
    expect((await fetchTrendsTags(t.ctx, { instance: 'short.example', cursor: null })).cursor).toBeNull();
    const loop = await fetchTrendsTags(t.ctx, { instance: 'loop.social', cursor: { l: 'tags', i: 'loop.social', o: 20 } });
    expect(loop.cursor).toBeNull();
  });

  it('hand-made cursors: another list, a zero, negative, fractional or huge offset → not ours', () => {
    expect(decodeTrendsCursor(encodeCursor({ l: 'links', i: 'mastodon.social', o: 20 }))).toBeNull();
    for (const o of [0, -20, 2.5, 10_020, '20'])
      expect(decodeTrendsCursor(encodeCursor({ l: 'tags', i: 'mastodon.social', o }))).toBeNull();
  });

  it('statuses: the list parser (a private status left out), the server asked at /api/v1/trends/statuses?limit=20', async () => {
    const by: MastodonSample = { user: 'tides', instance: 'elsewhere.example', displayName: 'Tides' };
    t.replay.add({
      host: 'mastodon.social',
      path: '/api/v1/trends/statuses',
      response: json([
        mastodonStatusBody('mastodon.social', { id: '1', by, text: 'a' }),
        mastodonStatusBody('mastodon.social', { id: '2', by, text: 'b', visibility: 'private' }),
      ]),
    });
    const page = await fetchTrendsStatuses(t.ctx, { instance: 'mastodon.social', cursor: null });
    expect(page).toMatchObject({ posts: [{ id: '1', account: { acct: 'tides@elsewhere.example' } }], cursor: null });
    expect(t.replay.hits().map((x) => x.query.toString())).toEqual(['limit=20']);
  });

  it('404 → NOT_FOUND (no trends API there); a body that is no array → UPSTREAM_FAILED (not Mastodon)', async () => {
    t.replay.add({ host: 'mastodon.social', path: TAGS, response: json({ error: 'Not Found' }, {}, 404) });
    t.replay.add({ host: 'blog.example', path: TAGS, response: json({ hello: 'world' }) });
    expect((await failure(fetchTrendsTags(t.ctx, { instance: 'mastodon.social', cursor: null }))).code).toBe('NOT_FOUND');
    const other = await failure(fetchTrendsTags(t.ctx, { instance: 'blog.example', cursor: null }));
    expect(other.code).toBe('UPSTREAM_FAILED');
    expect(other.message).toMatch(/does not answer the Mastodon API/);
  });
});

describe("a page is read only as far as it was asked for (the server is the caller's choice: an outside sweep had 8,000 statuses answered for 1 credit)", () => {
  /** Our own answers: `n` statuses by @tides, newest first (ids n…1). */
  const many = (n: number) => Array.from({ length: n }, (_, i) => status(String(n - i)));
  const warned = async <T>(read: () => Promise<T>) => {
    const warnings: string[] = [];
    const stop = onParserWarning((_p, field) => warnings.push(field));
    try {
      return { result: await read(), warnings };
    } finally {
      stop();
    }
  };

  it("posts: 8,000 statuses to a page of 20 → the first 20, warned statuses.page; the next page continues below the 20th, not the server's Link", async () => {
    t.replay.add({ host: 'harbour.example', path: '/api/v1/accounts/lookup', response: json(account('7', 'tides')) });
    t.replay.add({
      host: 'harbour.example',
      path: '/api/v1/accounts/7/statuses',
      response: json(many(8000), { link: '<https://harbour.example/api/v1/accounts/7/statuses?max_id=1>; rel="next"' }),
    });
    const t0 = performance.now();
    const { result, warnings } = await warned(() => fetchPosts(t.ctx, { user: 'tides', instance: 'harbour.example', cursor: null }));
    const ms = performance.now() - t0;
    expect(result.posts.map((p) => p.id)).toEqual(
      many(8000)
        .slice(0, 20)
        .map((s) => s.id),
    );
    expect(decodePostsCursor(result.cursor!)).toMatchObject({ m: '7981' });
    expect(warnings).toEqual(['statuses.page']);
    expect(ms).toBeLessThan(5_000);
  });

  it('a tag timeline alike; a page of exactly 20 is read whole, no warning', async () => {
    t.replay.add({ host: 'harbour.example', path: '/api/v1/timelines/tag/rstats', response: json(many(500)) });
    const { result, warnings } = await warned(() => fetchTag(t.ctx, { instance: 'harbour.example', tag: 'rstats', cursor: null }));
    expect(result.posts).toHaveLength(20);
    expect(decodeTagCursor(result.cursor!)).toMatchObject({ m: '481' });
    expect(warnings).toEqual(['statuses.page']);
    t.replay.reset();
    t.replay.add({ host: 'harbour.example', path: '/api/v1/timelines/tag/rstats', response: json(many(20)) });
    const whole = await warned(() => fetchTag(t.ctx, { instance: 'harbour.example', tag: 'rstats', cursor: null }));
    expect(whole.result.posts).toHaveLength(20);
    expect(whole.warnings).toEqual([]);
  });

  it("trending statuses: 300 to limit=20 → 20, the next page at our offset 20 (not the Link header's)", async () => {
    t.replay.add({
      host: 'harbour.example',
      path: '/api/v1/trends/statuses',
      response: json(many(300), { link: '<https://harbour.example/api/v1/trends/statuses?offset=300>; rel="next"' }),
    });
    const page = await fetchTrendsStatuses(t.ctx, { instance: 'harbour.example', cursor: null });
    expect(page.posts).toHaveLength(20);
    expect(decodeTrendsCursor(page.cursor!)).toMatchObject({ o: 20 });
  });

  it('account search: 41 accounts to limit=40 → 40', async () => {
    const accounts = Array.from({ length: 41 }, (_, i) => account(String(i + 1), `user${i + 1}`));
    t.replay.add({ host: 'harbour.example', path: '/api/v2/search', response: json({ accounts, statuses: [], hashtags: [] }) });
    const r = await fetchProfileSearch(t.ctx, { instance: 'harbour.example', query: 'user' });
    expect(r.profiles).toHaveLength(40);
  });

  it('followers, and who favourited a status: more accounts than limit=80 → UPSTREAM_FAILED (paged by ids no account carries: a cut page would skip the rest)', async () => {
    const accounts = Array.from({ length: 81 }, (_, i) => account(String(i + 100), `user${i}`));
    t.replay.add({ host: 'harbour.example', path: '/api/v1/accounts/lookup', response: json(account('7', 'tides')) });
    t.replay.add({ host: 'harbour.example', path: '/api/v1/accounts/7/followers', response: json(accounts) });
    const e = await failure(fetchFollows(t.ctx, 'followers', { user: 'tides', instance: 'harbour.example', cursor: null }));
    expect(e).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringMatching(/answered 81 accounts to a page of 80/) });
    t.replay.add({ host: 'harbour.example', path: '/api/v1/statuses/110', response: json(status('110')) });
    t.replay.add({ host: 'harbour.example', path: '/api/v1/statuses/110/favourited_by', response: json(accounts) });
    const f = await failure(
      fetchInteractions(t.ctx, 'favourited_by', { instance: 'harbour.example', user: 'tides', id: '110', cursor: null }),
    );
    expect(f.message).toMatch(/answered 81 accounts to a page of 80/);
  });
});
