/**
 * `shortvideoProfile` (profile.ts): the 2022 capture in ../shared/fixtures/shortvideo (SIGI_STATE),
 * read in place, and today's shape (`__UNIVERSAL_DATA_FOR_REHYDRATION__`), of which no capture
 * exists: those pages are our own, written in src/platforms/shortvideo/samples.ts (an invented account).
 */
import { describe, expect, it } from 'vitest';
import { wallError } from '../../../test/blocks/wall-answer.js';
import {
  nextDataPage,
  nightOwlPage,
  nightOwlUser,
  notFoundSigiPage,
  notFoundUniversalPage,
  universalPage,
  VERIFY_PAGE,
} from './samples.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { ApiError } from '../../errors.js';
import { captureWarnings } from '../../parse/index.js';
import { validateArgs } from '../operation.js';
import { parseProfilePage } from './parse.js';
import { parseShortvideoProfile, profile, profileView, ShortvideoProfileRecord } from './profile.js';

const LABEL = 'shortvideo';
const HUXLEY = 'profile-page-sigi-huxleythepandapuppy.html';

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

describe.skipIf(!hasFixtures(LABEL))(`shortvideoProfile on the 2022 capture ${HUXLEY} (${skipReason(LABEL)})`, () => {
  const html = hasFixtures(LABEL) ? readFixture(LABEL, HUXLEY) : '';

  it('reads the SOURCES.md facts under user and stats, with no warning, and passes its schema', () => {
    const { result: r, warnings } = captureWarnings(() => parseShortvideoProfile(html, 'huxleythepandapuppy'));
    expect(warnings).toEqual([]);
    expect(r.user).toMatchObject({
      id: '19994247',
      uniqueId: 'huxleythepandapuppy',
      nickname: 'Huxley the Panda Puppy🐼🐶(pandaloon',
      signature: 'DMs on IG, CEO of Pandaloon from Shark Tank. Follow for ur dose of serotonin☺️',
      verified: true,
      privateAccount: false,
      secUid: 'MS4wLjABAAAAVIlLAiK6H4ql_MNeXY30sFjwn1ikgGKasDbBF04-XbY',
      bioLink: { link: 'https://beacons.ai/huxleythepandapuppy', risk: 3 },
      // Passed through: not a listed field.
      region: 'US',
    });
    expect(r.user.avatarLarger).toMatch(/^https:\/\/p16-sign-sg\.tiktokcdn\.com\/aweme\/1080x1080\//);
    expect(r.user.avatarThumb).toMatch(/\/aweme\/100x100\//);
    // The 2022 page has no statsV2 and no friendCount.
    expect(r.stats).toEqual({
      followerCount: 6200000,
      followingCount: 563,
      heartCount: 108500000,
      videoCount: 767,
      diggCount: 0,
      friendCount: null,
    });
    expect(ShortvideoProfileRecord.safeParse(r).success).toBe(true);
  });

  it('the listed user fields come first, in the documented order', () => {
    expect(Object.keys(parseShortvideoProfile(html).user).slice(0, 11)).toEqual([
      'id',
      'uniqueId',
      'secUid',
      'nickname',
      'signature',
      'verified',
      'privateAccount',
      'bioLink',
      'avatarLarger',
      'avatarMedium',
      'avatarThumb',
    ]);
  });

  it("the reader's clean record is a view of this one (one parse for both)", () => {
    expect(profileView(parseShortvideoProfile(html))).toEqual(parseProfilePage(html));
  });
});

describe("shortvideoProfile on today's shape (our own pages)", () => {
  it('user and stats from webapp.user-detail, statsV2 preferred (exact), no warning', () => {
    const page = nightOwlPage({ stats: { followerCount: 1200000 }, statsV2: { followerCount: '1234567', diggCount: '5121' } });
    const { result: r, warnings } = captureWarnings(() => parseShortvideoProfile(page, 'nightowl.ceramics'));
    expect(warnings).toEqual([]);
    expect(r.user).toMatchObject({
      id: '7012345678901234567',
      uniqueId: 'nightowl.ceramics',
      nickname: 'Night Owl Ceramics 🦉',
      verified: false,
      privateAccount: false,
      bioLink: { link: 'linktr.ee/nightowl.ceramics', risk: 0 },
      commerceUserInfo: { commerceUser: true, category: 'Home & Garden' },
    });
    expect(r.stats).toEqual({
      followerCount: 1234567,
      followingCount: 311,
      heartCount: 1290000,
      videoCount: 214,
      diggCount: 5121,
      friendCount: 97,
    });
    expect(ShortvideoProfileRecord.safeParse(r).success).toBe(true);
  });

  it('stats alone (no statsV2) and statsV2 alone (no stats) both fill the counts', () => {
    expect(parseShortvideoProfile(nightOwlPage({ statsV2: null })).stats.followerCount).toBe(48200);
    expect(parseShortvideoProfile(nightOwlPage({ stats: null, statsV2: { followerCount: '3000000000' } })).stats).toMatchObject({
      followerCount: 3_000_000_000,
      heartCount: 1290000,
    });
  });

  it('heartCount falls back to heart; an overflowed (negative) heart is no count: null and warned', () => {
    const onlyHeart = nightOwlPage({ stats: { heartCount: undefined, heart: 77 }, statsV2: null });
    expect(parseShortvideoProfile(onlyHeart).stats.heartCount).toBe(77);
    const overflowed = nightOwlPage({ stats: { heartCount: undefined, heart: -1294967296 }, statsV2: null });
    const { result, warnings } = captureWarnings(() => parseShortvideoProfile(overflowed));
    expect(result.stats.heartCount).toBeNull();
    expect(warned(warnings)).toEqual(['shortvideo:stats.heartCount']);
  });

  it('one field degrading never fails the record: a missing nickname or count is null and warned; no bioLink is null, not warned', () => {
    const page = nightOwlPage({ user: { nickname: undefined, bioLink: undefined }, stats: { videoCount: undefined }, statsV2: null });
    const { result, warnings } = captureWarnings(() => parseShortvideoProfile(page));
    expect(result.user).toMatchObject({ nickname: null, bioLink: null, uniqueId: 'nightowl.ceramics' });
    expect(result.stats.videoCount).toBeNull();
    expect(warned(warnings)).toEqual(['shortvideo:user.nickname', 'shortvideo:stats.videoCount']);
  });

  it('blank strings are the upstream saying "none": kept for texts, null for avatars, never warned', () => {
    const { result, warnings } = captureWarnings(() => parseShortvideoProfile(nightOwlPage({ user: { signature: '', avatarLarger: '' } })));
    expect(result.user.signature).toBe('');
    expect(result.user.avatarLarger).toBeNull();
    expect(warnings).toEqual([]);
    expect(profileView(result)).toMatchObject({ bio: null, avatarUrl: expect.stringContaining('720x720') });
  });

  it('the older `secret` flag stands in for privateAccount; a private account is its public header', () => {
    const r = parseShortvideoProfile(nightOwlPage({ user: { privateAccount: undefined, secret: true } }));
    expect(r.user.privateAccount).toBe(true);
    expect(r.stats.followerCount).toBe(48200);
  });

  it('a 2020 page (__NEXT_DATA__, our own) with a placeholder heartCount 0 beside heart: heartCount is heart (TikTok-Api issue #324)', () => {
    const { user } = nightOwlUser();
    const stats = { followingCount: 311, followerCount: 68100000, heartCount: 0, videoCount: 1263, diggCount: 0, heart: 4200000000 };
    const r = parseShortvideoProfile(nextDataPage({ serverCode: 200, statusCode: 0, userInfo: { user, stats } }), 'nightowl.ceramics');
    expect(r.stats).toMatchObject({ followerCount: 68100000, heartCount: 4200000000, videoCount: 1263 });
    expect(r.user.uniqueId).toBe('nightowl.ceramics');
  });

  it("the reader's clean record is a view of this one", () => {
    for (const page of [nightOwlPage(), nightOwlPage({ statsV2: null }), nightOwlPage({ user: { bioLink: undefined, nickname: '' } })])
      expect(profileView(parseShortvideoProfile(page))).toEqual(parseProfilePage(page));
  });

  it('without id or uniqueId there is no record (UPSTREAM_FAILED naming it)', () => {
    expect(failure(() => parseShortvideoProfile(nightOwlPage({ user: { id: '' } }))).message).toContain('user.id');
    expect(failure(() => parseShortvideoProfile(nightOwlPage({ user: { uniqueId: undefined } }))).message).toContain('user.uniqueId');
  });

  // Our own pages, in the shape public scrapers report for a private account read logged out
  // (yt-dlp PR #14585, gallery-dl's port of it): the user is there, statusCode 10222, and the
  // video count is 0 whatever the account holds (its real count shows only with a login).
  const privatePage = (videoCount: number, statusCode = 10222) =>
    universalPage({
      userInfo: {
        ...nightOwlUser({
          user: { privateAccount: true, secret: true },
          stats: { videoCount },
          statsV2: { videoCount: String(videoCount) },
        }),
        itemList: [],
      },
      shareMeta: {},
      statusCode,
      statusMsg: '',
      needFix: true,
    });

  it("a private account (statusCode 10222): its public header, with the logged-out videoCount 0 withheld (null), not 'no videos'", () => {
    const r = parseShortvideoProfile(privatePage(0), 'nightowl.ceramics');
    expect(r.user).toMatchObject({ uniqueId: 'nightowl.ceramics', privateAccount: true });
    expect(r.stats).toMatchObject({ followerCount: 48200, followingCount: 311, videoCount: null });
    expect(parseProfilePage(privatePage(0), 'nightowl.ceramics')).toMatchObject({ private: true, followerCount: 48200, videoCount: null });
    // A count TikTok does give is kept; a public account's 0 is a real 0.
    expect(parseShortvideoProfile(privatePage(12), 'nightowl.ceramics').stats.videoCount).toBe(12);
    expect(parseShortvideoProfile(privatePage(0, 0), 'nightowl.ceramics').stats.videoCount).toBe(0);
  });

  // Our own pages: a user object beside USER_FTC (an account TikTok shows no one) or USER_BAN (its
  // profile gone for everyone) is no public profile, whatever the object holds.
  it('a page holding a user beside statusCode 10223 (USER_FTC) → PRIVATE_CONTENT, 10221 (USER_BAN) → NOT_FOUND, never the record', () => {
    const ftc = failure(() => parseShortvideoProfile(privatePage(0, 10223), 'nightowl.ceramics'));
    expect(ftc.code).toBe('PRIVATE_CONTENT');
    expect(failure(() => parseProfilePage(privatePage(0, 10223), 'nightowl.ceramics')).code).toBe('PRIVATE_CONTENT');
    const banned = failure(() => parseShortvideoProfile(privatePage(0, 10221), 'nightowl.ceramics'));
    expect([banned.code, banned.message]).toEqual(['NOT_FOUND', expect.stringContaining('banned')]);
  });

  it('a statusCode page without the user: 10222 (private) → PRIVATE_CONTENT, 10231 (region locked) → UPSTREAM_BLOCKED', () => {
    expect(failure(() => parseShortvideoProfile(notFoundUniversalPage(10222), 'quiet.owl')).code).toBe('PRIVATE_CONTENT');
    const locked = failure(() => parseShortvideoProfile(notFoundUniversalPage(10231), 'far.owl'));
    expect([locked.code, locked.message]).toEqual(['UPSTREAM_BLOCKED', expect.stringContaining('10231')]);
  });

  // The codes of TikTok's web app table (TikScraperPHP's Constants/Codes.php): its captcha verdicts
  // (VERIFY_CODE, SHARK_SLIDE, SHARK_BLOCK) and USER_NOT_LOGIN are walls; USER_FTC an account shown to
  // no one (PRIVATE_CONTENT); USER_BAN has no public profile (NOT_FOUND, said so).
  it("TikTok's captcha and login codes are walls (UPSTREAM_BLOCKED), USER_FTC is PRIVATE_CONTENT, USER_BAN is NOT_FOUND naming the ban", () => {
    for (const code of [10000, 10113, 10114]) {
      const e = failure(() => parseShortvideoProfile(notFoundUniversalPage(code), 'busy.owl'));
      expect([e.code, e.message], String(code)).toEqual(['UPSTREAM_BLOCKED', expect.stringContaining(String(code))]);
    }
    const login = failure(() => parseShortvideoProfile(notFoundUniversalPage(10102), 'busy.owl'));
    expect([login.code, login.message]).toEqual(['UPSTREAM_BLOCKED', expect.stringMatching(/login wall/)]);
    expect(failure(() => parseShortvideoProfile(notFoundUniversalPage(10223), 'young.owl')).code).toBe('PRIVATE_CONTENT');
    const banned = failure(() => parseShortvideoProfile(notFoundUniversalPage(10221), 'gone.owl'));
    expect([banned.code, banned.message]).toEqual(['NOT_FOUND', expect.stringContaining('banned')]);
  });

  it("TikTok's not-found statusCodes (today's and 2022's) are NOT_FOUND", () => {
    expect(failure(() => parseShortvideoProfile(notFoundUniversalPage(10221), 'no.such.owl')).code).toBe('NOT_FOUND');
    expect(failure(() => parseShortvideoProfile(notFoundSigiPage())).code).toBe('NOT_FOUND');
  });
});

describe('shortvideoProfile operation', () => {
  const serving = (body: string, status = 200) =>
    fakeContext(() => ({ status, body, headers: { 'content-type': 'text/html; charset=utf-8' } }));

  it('one request to the profile page; the record for the account asked', async () => {
    const ctx = serving(nightOwlPage());
    const r = await profile.run(ctx, { handle: 'nightowl.ceramics' });
    expect(ctx.requests.map((q) => [q.url, q.platform])).toEqual([['https://www.tiktok.com/@nightowl.ceramics', 'shortvideo']]);
    expect(ctx.requests[0].headers?.accept).toMatch(/^text\/html/);
    expect(r.user.uniqueId).toBe('nightowl.ceramics');
  });

  it('typed errors: another account → UPSTREAM_FAILED, 404 and statusCode 10221 → NOT_FOUND, captcha page → UPSTREAM_BLOCKED', async () => {
    await expect(profile.run(serving(nightOwlPage()), { handle: 'someone.else' })).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
    await expect(profile.run(serving('<html></html>', 404), { handle: 'gone.owl' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(profile.run(serving(notFoundUniversalPage()), { handle: 'gone.owl' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(profile.run(serving(VERIFY_PAGE), { handle: 'nightowl.ceramics' })).rejects.toMatchObject({ code: 'UPSTREAM_BLOCKED' });
    expect(wallError('shortvideo', VERIFY_PAGE)?.code).toBe('UPSTREAM_BLOCKED');
  });

  it('handle: normalised (no @, lower case) into one cache key; a URL or a bad name is refused naming handle', () => {
    const ok = validateArgs(profile, { handle: '@NightOwl.Ceramics' });
    expect(ok).toMatchObject({ ok: true, args: { handle: 'nightowl.ceramics' }, cacheKey: 'shortvideoProfile:nightowl.ceramics' });
    for (const bad of ['https://www.tiktok.com/@nightowl.ceramics', 'a', 'has space']) {
      const r = validateArgs(profile, { handle: bad });
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.problems.map((p) => p.param)).toEqual(['handle']);
    }
    expect(validateArgs(profile, { handle: 'tala.draws', cacheMaxAge: '7d' }).ok).toBe(true);
  });
});
