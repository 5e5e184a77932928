/**
 * forumUser: the parser on the real capture (../shared/fixtures/forum/user-about-spez-2020-07-06.json,
 * facts from its SOURCES.md) and on answers of our own — the current shape with `total_karma`,
 * and degraded ones — in the t2 shape Reddit serves (invented names); the fetch through a fake
 * upstream (api.ts's own tests cover the requests against the replay server).
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { argsSchema, validateArgs } from '../operation.js';
import { fetchForumUser, forumUser, ForumUserRecord, parseForumUser } from './user.js';
import { errorOf } from '../../../test/support/errors.js';

const LABEL = 'forum';
const SPEZ = 'user-about-spez-2020-07-06.json';

/** Today's t2 answer (2024+ keys: total_karma, snoovatar_img, accept_followers…), invented values. */
const today = (extra: Record<string, unknown> = {}) => ({
  kind: 't2',
  data: {
    is_employee: false,
    is_friend: false,
    subreddit: {
      default_set: true,
      banner_img: '',
      display_name: 'u_NightOwlPots',
      display_name_prefixed: 'u/NightOwlPots',
      name: 't5_8xk2q1',
      title: 'Night Owl Ceramics',
      public_description: 'Mugs from Leeds. nightowlceramics.com',
      description: '',
      subscribers: 42,
      over_18: false,
      icon_img: 'https://styles.redditmedia.com/t5_8xk2q1/styles/profileIcon_abc.png',
      url: '/user/NightOwlPots/',
      subreddit_type: 'user',
    },
    snoovatar_size: null,
    awardee_karma: 3,
    id: 'abc123',
    verified: true,
    is_gold: false,
    is_mod: false,
    awarder_karma: 1,
    has_verified_email: true,
    icon_img: 'https://styles.redditmedia.com/t5_8xk2q1/styles/profileIcon_abc.png',
    link_karma: 1200,
    total_karma: 5000,
    name: 'NightOwlPots',
    created: 1600000000.0,
    created_utc: 1600000000.0,
    comment_karma: 3796,
    accept_followers: true,
    ...extra,
  },
});

describe.skipIf(!hasFixtures(LABEL))(`forum user capture (${skipReason(LABEL)})`, () => {
  const load = () => captureWarnings(() => parseForumUser(JSON.parse(readFixture(LABEL, SPEZ))));

  it('spez: id 1w72, created_utc 1118030400, karma 138874 / 743796, employee, verified; no warnings', () => {
    const { result, warnings } = load();
    expect(warnings).toEqual([]);
    expect(result.user).toMatchObject({
      name: 'spez',
      id: '1w72',
      created_utc: 1118030400,
      created_at_iso: '2005-06-06T04:00:00.000Z',
      link_karma: 138874,
      comment_karma: 743796,
      is_employee: true,
      verified: true,
      icon_img: 'https://b.thumbs.redditmedia.com/d7Sw-O_AOlxEtKEeMTrH0xcy9LbLOy0j_KrWGbOFB9w.png',
    });
    expect(Number.isInteger(result.user.created_utc)).toBe(true);
  });

  it('the 2020 answer has no total_karma: filled as link + comment + awardee + awarder karma (138874 + 743796 + 0 + 0)', () => {
    const raw = JSON.parse(readFixture(LABEL, SPEZ));
    expect(raw.data.total_karma).toBeUndefined();
    expect(load().result.user.total_karma).toBe(882670);
  });

  it('the profile subreddit: title spez, public_description "Reddit CEO", 0 subscribers; other upstream fields passed through', () => {
    const { user } = load().result;
    expect(user.subreddit).toMatchObject({
      title: 'spez',
      public_description: 'Reddit CEO',
      subscribers: 0,
      display_name: 'u_spez',
      url: '/user/spez/',
    });
    expect((user.subreddit as Record<string, unknown>).banner_size).toEqual([1280, 384]);
    expect(user.is_gold).toBe(true);
    expect((user as Record<string, unknown>).accept_pms).toBe(true);
  });

  it('matches the record schema', () => {
    expect(() => ForumUserRecord.parse(load().result)).not.toThrow();
  });
});

describe('parseForumUser (answers of our own)', () => {
  it("today's shape: total_karma as Reddit sends it (never recomputed); no warnings", () => {
    const { result, warnings } = captureWarnings(() => parseForumUser(today()));
    expect(warnings).toEqual([]);
    expect(result.user).toMatchObject({ name: 'NightOwlPots', total_karma: 5000, awardee_karma: 3, created_utc: 1600000000 });
    expect((result.user as Record<string, unknown>).accept_followers).toBe(true);
    expect(() => ForumUserRecord.parse(result)).not.toThrow();
  });

  it('a usual field missing or of another type: null plus a user.<field> warning; the account stays', () => {
    const { link_karma: _drop, ...data } = today().data;
    const { result, warnings } = captureWarnings(() =>
      parseForumUser({ kind: 't2', data: { ...data, verified: 'yes', total_karma: undefined } }),
    );
    expect(result.user.link_karma).toBeNull();
    expect(result.user.verified).toBeNull();
    // Without link_karma no total can be made up.
    expect(result.user.total_karma).toBeNull();
    expect(warnings.map((w) => w.field).sort()).toEqual(['user.link_karma', 'user.verified']);
    expect(() => ForumUserRecord.parse(result)).not.toThrow();
  });

  it('subreddit null (an account without a profile): null, not warned; subreddit absent: null, warned', () => {
    const none = captureWarnings(() => parseForumUser(today({ subreddit: null })));
    expect(none.result.user.subreddit).toBeNull();
    expect(none.warnings).toEqual([]);
    const { subreddit: _drop, ...data } = today().data;
    const absent = captureWarnings(() => parseForumUser({ kind: 't2', data }));
    expect(absent.result.user.subreddit).toBeNull();
    expect(absent.warnings.map((w) => w.field)).toEqual(['user.subreddit']);
  });

  it('a profile-subreddit field missing: null plus a user.subreddit.<field> warning', () => {
    const { subscribers: _drop, ...sub } = today().data.subreddit;
    const { result, warnings } = captureWarnings(() => parseForumUser(today({ subreddit: sub })));
    expect(result.user.subreddit!.subscribers).toBeNull();
    expect(warnings.map((w) => w.field)).toEqual(['user.subreddit.subscribers']);
  });

  it('a suspended account ({name, is_suspended: true}) → NOT_FOUND', () => {
    const e = errorOf(() => parseForumUser({ kind: 't2', data: { name: 'banned_one', is_suspended: true } }));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toContain('u/banned_one is suspended');
  });

  it.each([
    ['no name', { kind: 't2', data: { id: 'abc' } }],
    ['no data', { kind: 't2' }],
    ['another kind', { kind: 't5', data: { name: 'x' } }],
    ['a Listing', { kind: 'Listing', data: { children: [] } }],
  ])('%s → UPSTREAM_FAILED', (_what, body) => {
    expect(errorOf(() => parseForumUser(body)).code).toBe('UPSTREAM_FAILED');
  });
});

describe('forumUser operation', () => {
  it('handle: u/, @ and case are one account; a non-username is INVALID_INPUT on handle', () => {
    for (const h of ['u/NightOwlPots', '@nightowlpots', ' NightOwlPots ']) {
      const v = validateArgs(forumUser, { handle: h });
      expect(v).toMatchObject({ ok: true, args: { handle: 'nightowlpots' }, cacheKey: 'forumUser:nightowlpots' });
    }
    for (const h of ['ab', 'night owl', 'https://www.reddit.com/user/x', 'x'.repeat(21)]) {
      const v = validateArgs(forumUser, { handle: h });
      expect(v.ok, h).toBe(false);
      if (!v.ok) expect(v.problems.map((p) => p.param)).toEqual(['handle']);
    }
    expect(argsSchema(forumUser).safeParse({}).success).toBe(false);
  });

  it('fetch: /user/<name>/about.json anonymously; the record; another user in the answer → UPSTREAM_FAILED', async () => {
    const ctx = fakeContext(() => ({ body: JSON.stringify(today()), headers: { 'content-type': 'application/json' } }));
    const r = await forumUser.run(ctx, { handle: 'nightowlpots' });
    expect(r.user.name).toBe('NightOwlPots');
    expect(ctx.requests.map((q) => q.url)).toEqual(['https://www.reddit.com/user/nightowlpots/about.json?raw_json=1']);
    const other = fakeContext(() => ({ body: JSON.stringify(today({ name: 'someone_else' })) }));
    await expect(fetchForumUser(other, 'nightowlpots')).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringMatching(/someone_else/),
    });
  });

  it('fetch: 404 → NOT_FOUND naming the user; a JSON 403 refusal → UPSTREAM_BLOCKED', async () => {
    const gone = fakeContext(() => ({ status: 404, body: '{"message": "Not Found", "error": 404}' }));
    await expect(fetchForumUser(gone, 'gone_user')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'User u/gone_user was not found' });
    const refused = fakeContext(() => ({
      status: 403,
      body: '{"message": "Forbidden", "error": 403}',
      url: 'https://www.reddit.com/user/x/about.json',
    }));
    await expect(fetchForumUser(refused, 'nightowlpots')).rejects.toMatchObject({ code: 'UPSTREAM_BLOCKED' });
  });
});
