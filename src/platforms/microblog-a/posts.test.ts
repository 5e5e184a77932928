/**
 * microblogAPosts: the list parser on the real capture of Mastodon's statuses list
 * (../shared/fixtures/microblog-e/account-statuses-fosstodon-schochastics-2025-07-17.json — Truth
 * Social is a Mastodon fork and serves the same list; facts from microblog-e's SOURCES.md, the
 * Link header quoted there), the lookup capture for the first page's account id; paging without
 * a Link header, private and foreign statuses on lists of our own (statuses derived from the
 * capture's first one, ids and names changed); requests and the cursor through a fake upstream.
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import type { FakeAnswer } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { encodeCursor } from '../cursor.js';
import { validateArgs } from '../operation.js';
import { fetchProfile } from './fetch.js';
import type { PostsCursor } from './posts.js';
import { decodePostsCursor, fetchPosts, microblogAPosts, MicroblogAPostsPage, nextMaxId, nextPage, parseStatuses } from './posts.js';

const LABEL = 'microblog-e';
const STATUSES = 'account-statuses-fosstodon-schochastics-2025-07-17.json';
const ACCOUNT = 'account-fosstodon-schochastics-2025-07-17.json';
const ACCOUNT_ID = '109302436954721982';
/** The capture's Link header, as SOURCES.md quotes it. */
const LINK =
  '<https://fosstodon.org/api/v1/accounts/109302436954721982/statuses?exclude_reblogs=FALSE&limit=20&max_id=113191408914362368>; rel="next", <https://fosstodon.org/api/v1/accounts/109302436954721982/statuses?exclude_reblogs=FALSE&limit=20&min_id=114739545367952761>; rel="prev"';

const json = (body: unknown, headers: Record<string, string> = {}): FakeAnswer => ({
  body: typeof body === 'string' ? body : JSON.stringify(body),
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
});

/** A status of our own: invented id, text and author (Mastodon's Status entity, as the capture's). */
const status = (id: string, extra: Record<string, unknown> = {}, account: Record<string, unknown> = {}) => ({
  id,
  created_at: '2025-07-01T10:00:00.000Z',
  in_reply_to_id: null,
  in_reply_to_account_id: null,
  sensitive: false,
  spoiler_text: '',
  visibility: 'public',
  language: 'en',
  uri: `https://truthsocial.com/users/harbourweather/statuses/${id}`,
  url: `https://truthsocial.com/@harbourweather/${id}`,
  replies_count: 0,
  reblogs_count: 0,
  favourites_count: 1,
  content: `<p>Tide table ${id}</p>`,
  reblog: null,
  account: {
    id: '108000000000000001',
    username: 'harbourweather',
    acct: 'harbourweather',
    display_name: 'Harbour Weather',
    locked: false,
    bot: false,
    created_at: '2022-02-01T00:00:00.000Z',
    note: '<p>Tides and winds.</p>',
    url: 'https://truthsocial.com/@harbourweather',
    avatar: 'https://static-assets-1.truthsocial.com/avatars/1.png',
    avatar_static: 'https://static-assets-1.truthsocial.com/avatars/1.png',
    header: 'https://truthsocial.com/headers/original/missing.png',
    header_static: 'https://truthsocial.com/headers/original/missing.png',
    followers_count: 12,
    following_count: 3,
    statuses_count: 40,
    ...account,
  },
  media_attachments: [],
  mentions: [],
  tags: [],
  emojis: [],
  card: null,
  poll: null,
  ...extra,
});
const OWN = { id: '108000000000000001', handle: 'harbourweather' };
const cursorOf = (c: Partial<PostsCursor> = {}): PostsCursor => ({ a: OWN.id, h: OWN.handle, m: '114000000000000000', ...c });

describe.skipIf(!hasFixtures(LABEL))(`Mastodon statuses capture (${skipReason(LABEL)})`, () => {
  const raw = () => JSON.parse(readFixture(LABEL, STATUSES));
  const load = () => captureWarnings(() => parseStatuses(raw(), { id: ACCOUNT_ID, handle: 'schochastics' }));

  it('20 posts, newest first, none a reblog; no warnings; the record schema holds', () => {
    const { result, warnings } = load();
    expect(warnings).toEqual([]);
    expect(result).toHaveLength(20);
    expect(result.every((p) => p.reblog === null)).toBe(true);
    expect(() => MicroblogAPostsPage.parse({ posts: result, cursor: null })).not.toThrow();
  });

  it('first 114739545367952761 (unlisted, en, "@petejones I am not too familiar with \\"domain law\\""); third 114620457512351116 with its counts', () => {
    const posts = load().result;
    expect(posts[0]).toMatchObject({
      id: '114739545367952761',
      created_at: '2025-06-24T17:35:19.898Z',
      visibility: 'unlisted',
      language: 'en',
    });
    expect(posts[0].content).toContain('I am not too familiar with &quot;domain law&quot;');
    expect(posts[0].text).toMatch(/^@petejones I am not too familiar with "domain law"/);
    expect(posts[2]).toMatchObject({
      id: '114620457512351116',
      visibility: 'public',
      replies_count: 1,
      reblogs_count: 5,
      favourites_count: 12,
      url: 'https://fosstodon.org/@schochastics/114620457512351116',
    });
    expect(posts[2].text).toMatch(/^Super grateful to have received an R Consortium grant to keep working on improving igraph!/);
    expect(posts[19]).toMatchObject({ id: '113191408914362368', created_at: '2024-09-24T07:43:52.313Z' });
  });

  it("the Link header's next max_id is the last post's id (113191408914362368)", () => {
    expect(nextMaxId(LINK)).toBe('113191408914362368');
    expect(nextPage({ link: LINK }, raw())).toBe(load().result[19].id);
  });

  it('the list asked as another account → UPSTREAM_FAILED', () => {
    expect(() => parseStatuses(raw(), { id: '1', handle: 'schochastics' })).toThrow(/a different resource/);
    expect(() => parseStatuses(raw(), { id: ACCOUNT_ID, handle: 'someoneelse' })).toThrow(/a different resource/);
  });

  it('fetch, first page: the lookup for the account id, then its statuses; a cursor from the Link header', async () => {
    const ctx = fakeContext((req) =>
      req.url.includes('/lookup') ? json(readFixture(LABEL, ACCOUNT)) : json(readFixture(LABEL, STATUSES), { link: LINK }),
    );
    const page = await fetchPosts(ctx, { handle: 'schochastics', cursor: null });
    expect(ctx.requests.map((r) => r.url)).toEqual([
      'https://truthsocial.com/api/v1/accounts/lookup?acct=schochastics',
      `https://truthsocial.com/api/v1/accounts/${ACCOUNT_ID}/statuses`,
    ]);
    expect(page.posts).toHaveLength(20);
    expect(decodePostsCursor(page.cursor!)).toEqual({ a: ACCOUNT_ID, h: 'schochastics', m: '113191408914362368' });
  });
});

describe('microblogAPosts paging and refusals (lists of our own)', () => {
  it('a later page: one request, max_id from the cursor, no lookup; a Link without rel="next" ends the list', async () => {
    const ctx = fakeContext(() =>
      json([status('113000000000000002'), status('113000000000000001')], {
        link: '<https://truthsocial.com/api/v1/accounts/108000000000000001/statuses?min_id=113000000000000002>; rel="prev"',
      }),
    );
    const page = await fetchPosts(ctx, { handle: 'harbourweather', cursor: cursorOf() });
    expect(ctx.requests.map((r) => r.url)).toEqual([
      'https://truthsocial.com/api/v1/accounts/108000000000000001/statuses?max_id=114000000000000000',
    ]);
    expect(page.posts.map((p) => p.id)).toEqual(['113000000000000002', '113000000000000001']);
    expect(page.cursor).toBeNull();
  });

  it('a later page whose Link max_id is the one it was asked with (the server looping) is the last page: cursor null, never its own', async () => {
    const ctx = fakeContext(() =>
      json([status('113000000000000002')], {
        link: '<https://truthsocial.com/api/v1/accounts/108000000000000001/statuses?max_id=114000000000000000>; rel="next"',
      }),
    );
    const page = await fetchPosts(ctx, { handle: 'harbourweather', cursor: cursorOf() });
    expect(page.posts.map((p) => p.id)).toEqual(['113000000000000002']);
    expect(page.cursor).toBeNull();
  });

  it('no Link header: a full page (20) continues below its last status; a shorter one ends', () => {
    const full = Array.from({ length: 20 }, (_, i) => status(String(113000000000000100n - BigInt(i))));
    expect(nextPage({}, full)).toBe('113000000000000081');
    expect(nextPage({}, full.slice(0, 19))).toBeNull();
  });

  it('followers-only and direct statuses are left out (no warning); an unknown visibility or a status without its id: left out, warned statuses.items', () => {
    const { id: _drop, ...noId } = status('1');
    const { result, warnings } = captureWarnings(() =>
      parseStatuses(
        [
          status('4', { visibility: 'limited' }),
          status('3', { visibility: 'private' }),
          status('2', { visibility: 'direct' }),
          noId,
          status('1'),
        ],
        OWN,
      ),
    );
    expect(result.map((p) => p.id)).toEqual(['1']);
    expect(warnings.map((w) => w.field)).toEqual(['statuses.items', 'statuses.items']);
    expect(warnings[0].detail).toContain('visibility "limited"');
  });

  it('group posts: one in an open group is kept, one in a members-only group left out without a warning', () => {
    // Shape: travisbrown/truthsocial api/tests/data/statuses/110617267048515904.json (2026-08-03):
    // `visibility: "group"` with the group's `locked` and `group_visibility`. Our own values.
    const group = (group_visibility: string) => ({ id: '900', slug: 'seed-library', locked: false, group_visibility });
    const { result, warnings } = captureWarnings(() =>
      parseStatuses(
        [
          status('3', { visibility: 'group', group: group('everyone') }),
          status('2', { visibility: 'group', group: group('members_only') }),
          status('1'),
        ],
        OWN,
      ),
    );
    expect(result.map((p) => p.id)).toEqual(['3', '1']);
    expect(warnings.map((w) => w.field)).not.toContain('statuses.items');
  });

  it('a status stating no visibility is left out (not shown to be public), warned once (statuses.items)', () => {
    const { visibility: _v, ...unstated } = status('7');
    const { result, warnings } = captureWarnings(() => parseStatuses([unstated, status('1')], OWN));
    expect(result.map((p) => p.id)).toEqual(['1']);
    expect(warnings.map((w) => w.field)).toEqual(['statuses.items']);
  });

  it("a reblog is the account's own status (its reblog another's): kept", () => {
    const boosted = status('5', {}, { id: '108000000000000099', username: 'someoneelse', acct: 'someoneelse' });
    const r = parseStatuses([status('6', { reblog: boosted, content: '' })], OWN);
    expect(r[0].reblog).toMatchObject({ id: '5', account: { username: 'someoneelse' } });
  });

  it('a status by another account → UPSTREAM_FAILED; not an array → UPSTREAM_FAILED', () => {
    expect(() => parseStatuses([status('1', {}, { id: '108000000000000099', username: 'someoneelse' })], OWN)).toThrow(/by @someoneelse/);
    expect(() => parseStatuses({ error: 'x' }, OWN)).toThrow(/statuses array/);
  });

  it("a forged cursor (this handle, another account's id) → UPSTREAM_FAILED, even where statuses name no username", async () => {
    const other = { id: '108000000000000099', username: 'someoneelse', acct: 'someoneelse' };
    const forged = cursorOf({ a: other.id });
    const named = fakeContext(() => json([status('113000000000000002', {}, other)]));
    await expect(fetchPosts(named, { handle: 'harbourweather', cursor: forged })).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
    const unnamed = fakeContext(() => json([status('113000000000000002', {}, { ...other, username: undefined, acct: undefined })]));
    await expect(fetchPosts(unnamed, { handle: 'harbourweather', cursor: forged })).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
    // The lookup's id needs no username: a first page of such statuses is served, as before.
    const first = fakeContext((req) =>
      req.url.includes('/lookup')
        ? json({ ...status('1').account })
        : json([status('113000000000000002', {}, { username: undefined, acct: undefined })]),
    );
    await expect(fetchPosts(first, { handle: 'harbourweather', cursor: null })).resolves.toMatchObject({
      posts: [{ id: '113000000000000002' }],
    });
  });

  it('a lookup answered with a remote account holding the same username (acct user@server, url there) is another account: UPSTREAM_FAILED (its acct says so)', async () => {
    // Our own Account entities: the asked name on another Mastodon server, as a lookup that
    // resolved a federated account would answer it.
    const own = status('1').account;
    const remote = {
      ...own,
      id: '109000000000000077',
      acct: 'harbourweather@coastal.example',
      url: 'https://coastal.example/@harbourweather',
    };
    const lookup = (account: unknown) => fakeContext((req) => (req.url.includes('/lookup') ? json(account) : json([])));
    await expect(fetchProfile(lookup(remote), { handle: 'harbourweather' })).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringMatching(/different resource/),
    });
    await expect(fetchPosts(lookup(remote), { handle: 'harbourweather', cursor: null })).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
    // The asked account in another case (Truth Social keeps the case it was registered with) is the one asked.
    const cased = { ...own, username: 'HarbourWeather', acct: 'HarbourWeather', url: 'https://truthsocial.com/@HarbourWeather' };
    await expect(fetchProfile(lookup(cased), { handle: 'harbourweather' })).resolves.toMatchObject({ id: own.id, acct: 'HarbourWeather' });
  });

  it('a suspended account (answered as Mastodon answers one: 200, blanked, `suspended: true`) → NOT_FOUND, never a blank profile', async () => {
    const suspended = fakeContext((req) =>
      req.url.includes('/lookup') ? json({ ...status('1').account, display_name: '', note: '', suspended: true }) : json([]),
    );
    await expect(fetchPosts(suspended, { handle: 'harbourweather', cursor: null })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringMatching(/suspended/),
    });
    await expect(fetchProfile(suspended, { handle: 'harbourweather' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a missing account → NOT_FOUND; the statuses endpoint wanting a login (401) → UPSTREAM_BLOCKED', async () => {
    const gone = fakeContext(() => ({ ...json({ error: 'Record not found' }), status: 404 }));
    await expect(fetchPosts(gone, { handle: 'nobody_here', cursor: null })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const wall = fakeContext(() => ({ ...json({ error: 'This method requires an authenticated user' }), status: 401 }));
    await expect(fetchPosts(wall, { handle: 'harbourweather', cursor: cursorOf() })).rejects.toMatchObject({ code: 'UPSTREAM_BLOCKED' });
  });

  it('parameters: handle normalised; a cursor of another account, or not ours, is INVALID_INPUT on cursor', () => {
    expect(validateArgs(microblogAPosts, { handle: '@HarbourWeather' })).toMatchObject({
      ok: true,
      args: { handle: 'harbourweather', cursor: null },
    });
    expect(validateArgs(microblogAPosts, { handle: 'harbourweather', cursor: encodeCursor(cursorOf()) })).toMatchObject({
      ok: true,
      args: { cursor: cursorOf() },
    });
    for (const [args, param, message] of [
      [{ handle: 'someoneelse', cursor: encodeCursor(cursorOf()) }, 'cursor', /another account/],
      [{ handle: 'harbourweather', cursor: 'nope!' }, 'cursor', /previous response/],
      [{ handle: 'harbourweather', cursor: encodeCursor({ a: 'x', h: 'harbourweather', m: '1' }) }, 'cursor', /previous response/],
      [{ handle: 'https://truthsocial.com/@x' }, 'handle', /username/],
    ] as const) {
      const v = validateArgs(microblogAPosts, args);
      expect(v.ok, JSON.stringify(args)).toBe(false);
      if (!v.ok) expect(v.problems).toEqual([{ param, message: expect.stringMatching(message) }]);
    }
  });
});
