/**
 * `shortvideoVideo` (video.ts). No capture of a TikTok video page exists (../shared/fixtures/
 * shortvideo/SOURCES.md "More endpoints"), so:
 *  - the 2022 era: a SIGI_STATE video page built around REAL objects read in place from the 2022
 *    profile capture (profile-page-sigi-huxleythepandapuppy.html): its `ItemModule` entry for post
 *    7133763724367662378 and its `UserModule` user, as the page's item and author. Only the page
 *    around them (`sigiVideoPage` in samples.ts) is ours; the facts asserted are SOURCES.md's;
 *  - today's shape (`webapp.video-detail`): our own pages, written in samples.ts (an invented video).
 */
import { describe, expect, it } from 'vitest';
import { wallError } from '../../../test/blocks/wall-answer.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { ApiError } from '../../errors.js';
import { captureWarnings, isObj } from '../../parse/index.js';
import { validateArgs } from '../operation.js';
import { scriptById } from './parse.js';
import {
  NIGHT_OWL_VIDEO_ID,
  nextDataPage,
  nightOwlUser,
  nightOwlVideoItem,
  nightOwlVideoPage,
  sigiPersistedPage,
  sigiVideoPage,
  sigiVideoState,
  universalPage,
  VERIFY_PAGE,
  videoStatusPage,
} from './samples.js';
import { parseShortvideoVideo, parseVideoUrl, ShortvideoVideoRecord, video } from './video.js';

const LABEL = 'shortvideo';
const HUXLEY = 'profile-page-sigi-huxleythepandapuppy.html';
const HUXLEY_POST = '7133763724367662378';
const OWL = { user: 'nightowl.ceramics', id: NIGHT_OWL_VIDEO_ID };

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

/** The 2022 capture's SIGI_STATE, parsed: the real objects the 2022-era video page is built from. */
function huxleyState(): { items: Record<string, Record<string, unknown>>; user: Record<string, unknown> } {
  const state = JSON.parse(scriptById(readFixture(LABEL, HUXLEY), 'SIGI_STATE')!) as Record<string, any>;
  return { items: state.ItemModule, user: state.UserModule.users.huxleythepandapuppy };
}

describe.skipIf(!hasFixtures(LABEL))(
  `shortvideoVideo on a 2022 page built from ${HUXLEY}'s real ItemModule entry (${skipReason(LABEL)})`,
  () => {
    const { items, user } = hasFixtures(LABEL) ? huxleyState() : { items: {}, user: {} };
    const ref = { user: 'huxleythepandapuppy', id: HUXLEY_POST };

    it('reads the SOURCES.md facts of the first post (plays 52100, likes 6724, comments 58), its author from UserModule, no warning', () => {
      const page = sigiVideoPage(items[HUXLEY_POST], user);
      const { result: r, warnings } = captureWarnings(() => parseShortvideoVideo(page, ref));
      expect(warnings).toEqual([]);
      expect(r.video).toMatchObject({
        id: HUXLEY_POST,
        createTime: 1660958801,
        isAd: false,
        locationCreated: 'US',
        // The 2022 item has no collectCount: null, not warned.
        stats: { playCount: 52100, diggCount: 6724, commentCount: 58, shareCount: 12, collectCount: null },
        video: { duration: 6, width: 576, height: 1024, ratio: '720p' },
        music: { id: '7119553570319731462', title: 'original sound', authorName: 'ilyNIGHTMARES', original: true, duration: 30 },
        // Passed through: not a listed field.
        duetEnabled: true,
      });
      expect(r.video.desc).toMatch(/^Huxley is the one with the 🐼 face #pandapuppy/);
      // The user object of SOURCES.md's facts, under author.
      expect(r.video.author).toMatchObject({
        id: '19994247',
        uniqueId: 'huxleythepandapuppy',
        nickname: 'Huxley the Panda Puppy🐼🐶(pandaloon',
        verified: true,
        secUid: 'MS4wLjABAAAAVIlLAiK6H4ql_MNeXY30sFjwn1ikgGKasDbBF04-XbY',
        privateAccount: false,
        bioLink: { link: 'https://beacons.ai/huxleythepandapuppy', risk: 3 },
      });
      expect(r.video.challenges.map((c) => c.title)).toEqual(['pandapuppy', 'dogcostume', 'iblowup', 'cutepets']);
      expect(r.video.textExtra.map((t) => t.hashtagName)).toEqual(['pandapuppy', 'dogcostume', 'iblowup', 'cutepets']);
      expect(r.video.video?.cover).toMatch(/^https:\/\/p16-sign\.tiktokcdn-us\.com\//);
      expect(ShortvideoVideoRecord.safeParse(r).success).toBe(true);
    });

    it('without the UserModule user, the author is made of the item’s own flat members (same id, name, secUid)', () => {
      const { result: r, warnings } = captureWarnings(() => parseShortvideoVideo(sigiVideoPage(items[HUXLEY_POST], null), ref));
      expect(warnings).toEqual([]);
      expect(r.video.author).toEqual({
        id: '19994247',
        uniqueId: 'huxleythepandapuppy',
        nickname: 'Huxley the Panda Puppy🐼🐶(pandaloon',
        verified: null,
        secUid: 'MS4wLjABAAAAVIlLAiK6H4ql_MNeXY30sFjwn1ikgGKasDbBF04-XbY',
        privateAccount: false,
        avatarLarger: null,
        avatarMedium: null,
        avatarThumb: expect.stringMatching(/\/aweme\/100x100\//),
      });
      expect(r.video.stats.playCount).toBe(52100);
    });

    it('the whole 2022 profile page is no answer for one video: another post of it is refused, an id not on it too', async () => {
      const profilePage = readFixture(LABEL, HUXLEY);
      // The capture holds all 18 posts; asking for the first reads exactly that one.
      expect(parseShortvideoVideo(profilePage, ref).video.stats).toMatchObject({ playCount: 52100, diggCount: 6724, commentCount: 58 });
      expect(failure(() => parseShortvideoVideo(profilePage, { ...ref, id: '7133763724367662379' })).message).toContain(
        'ItemModule["7133763724367662379"]',
      );
      // A page whose only item is another post: never this video's data.
      const other = sigiVideoPage(items['7132946208137432363'], user);
      expect(failure(() => parseShortvideoVideo(other, ref)).code).toBe('UPSTREAM_FAILED');
    });
  },
);

describe("shortvideoVideo on today's shape (our own pages)", () => {
  it('the item from webapp.video-detail, statsV2 preferred (exact), no warning, on its schema', () => {
    const { result: r, warnings } = captureWarnings(() => parseShortvideoVideo(nightOwlVideoPage(), OWL));
    expect(warnings).toEqual([]);
    expect(r.video).toMatchObject({
      id: NIGHT_OWL_VIDEO_ID,
      desc: 'Glazing the winter mugs ❄️ #pottery #ceramics with @clay.studio.leeds',
      createTime: 1720000000,
      author: { id: '7012345678901234567', uniqueId: 'nightowl.ceramics', verified: false, privateAccount: false, region: 'GB' },
      stats: { playCount: 251337, diggCount: 18421, commentCount: 204, shareCount: 312, collectCount: 1710 },
      video: { duration: 38, width: 576, height: 1024, ratio: '540p', format: 'mp4' },
      music: { id: '7390112233400000001', original: true, authorName: 'Night Owl Ceramics 🦉' },
      isAd: false,
      locationCreated: 'GB',
      diversificationLabels: ['Art', 'Creativity'],
    });
    expect(r.video.textExtra.map((t) => [t.type, t.hashtagName || t.userUniqueId])).toEqual([
      [1, 'pottery'],
      [1, 'ceramics'],
      [0, 'clay.studio.leeds'],
    ]);
    expect(ShortvideoVideoRecord.safeParse(r).success).toBe(true);
  });

  it('the listed fields come first, in the documented order', () => {
    expect(Object.keys(parseShortvideoVideo(nightOwlVideoPage(), OWL).video).slice(0, 11)).toEqual([
      'id',
      'desc',
      'createTime',
      'author',
      'stats',
      'video',
      'music',
      'challenges',
      'textExtra',
      'isAd',
      'locationCreated',
    ]);
  });

  it('stats alone (no statsV2) fill the counts; a count past 2^31 stays exact from statsV2', () => {
    expect(parseShortvideoVideo(nightOwlVideoPage({ statsV2: null }), OWL).video.stats.playCount).toBe(251300);
    const viral = nightOwlVideoPage({ stats: { playCount: 3000000000 }, statsV2: { playCount: '3012345678' } });
    expect(parseShortvideoVideo(viral, OWL).video.stats.playCount).toBe(3_012_345_678);
  });

  it('one field degrading never fails the record: missing desc, a count, music or the file are null and warned', () => {
    const page = nightOwlVideoPage({
      item: { desc: undefined, music: undefined, video: undefined },
      stats: { shareCount: undefined },
      statsV2: { shareCount: undefined },
    });
    const { result, warnings } = captureWarnings(() => parseShortvideoVideo(page, OWL));
    expect(result.video).toMatchObject({
      id: NIGHT_OWL_VIDEO_ID,
      desc: null,
      music: null,
      video: null,
      stats: { shareCount: null, playCount: 251337 },
    });
    expect(warned(warnings)).toEqual([
      'shortvideo:video.video',
      'shortvideo:video.music',
      'shortvideo:video.desc',
      'shortvideo:video.stats.shareCount',
    ]);
  });

  it('the optional parts absent: [] and null, never warned (a video without hashtags, a page without isAd)', () => {
    const page = nightOwlVideoPage({
      item: { challenges: undefined, textExtra: undefined, isAd: undefined, locationCreated: undefined },
      stats: { collectCount: undefined },
      statsV2: { collectCount: undefined },
    });
    const { result, warnings } = captureWarnings(() => parseShortvideoVideo(page, OWL));
    expect(warnings).toEqual([]);
    expect(result.video).toMatchObject({ challenges: [], textExtra: [], isAd: null, locationCreated: null, stats: { collectCount: null } });
  });

  it('without id or author.uniqueId there is no record (UPSTREAM_FAILED naming it)', () => {
    expect(failure(() => parseShortvideoVideo(nightOwlVideoPage({ item: { id: '' } }), OWL)).message).toContain('video.id');
    expect(failure(() => parseShortvideoVideo(nightOwlVideoPage({ author: { uniqueId: undefined } }), OWL)).message).toContain(
      'video.author.uniqueId',
    );
  });

  it("TikTok's statusCodes: gone → NOT_FOUND, private / friends-only → PRIVATE_CONTENT, region locked → UPSTREAM_BLOCKED, another code → UPSTREAM_FAILED naming it", () => {
    for (const code of [10204, 10217])
      expect(failure(() => parseShortvideoVideo(videoStatusPage(code), OWL)).code, String(code)).toBe('NOT_FOUND');
    // 10213 / 10214: age-restricted (VIDEO_LOW_AGE_M / _T), shown to logged-in adults only.
    for (const code of [10216, 10222, 10203, 10213, 10214])
      expect(failure(() => parseShortvideoVideo(videoStatusPage(code), OWL)).code, String(code)).toBe('PRIVATE_CONTENT');
    // Region locked (gallery-dl's reading of 10231): a refusal of the gateway's location, a block.
    const locked = failure(() => parseShortvideoVideo(videoStatusPage(10231), OWL));
    expect([locked.code, locked.message]).toEqual(['UPSTREAM_BLOCKED', expect.stringContaining('10231')]);
    // TikTok's captcha verdicts and its login code: walls.
    for (const code of [10000, 10113, 10114, 10102])
      expect(failure(() => parseShortvideoVideo(videoStatusPage(code), OWL)).code, String(code)).toBe('UPSTREAM_BLOCKED');
    const odd = failure(() => parseShortvideoVideo(videoStatusPage(10999), OWL));
    expect([odd.code, odd.message]).toEqual(['UPSTREAM_FAILED', expect.stringContaining('10999')]);
    // 2022 pages say it in VideoPage.statusCode.
    expect(failure(() => parseShortvideoVideo(sigiVideoPage(null, null, 10216), OWL)).code).toBe('PRIVATE_CONTENT');
    expect(failure(() => parseShortvideoVideo(sigiVideoPage(null, null, 10204), OWL)).code).toBe('NOT_FOUND');
  });

  it('a page without video data (a profile page, no script) is UPSTREAM_FAILED naming what was missing', () => {
    expect(failure(() => parseShortvideoVideo('<html><body>TikTok</body></html>', OWL)).message).toContain('SIGI_STATE');
    expect(
      failure(() => parseShortvideoVideo(nightOwlVideoPage().replace('webapp.video-detail', 'webapp.user-detail'), OWL)).message,
    ).toContain('webapp.video-detail');
    expect(failure(() => parseShortvideoVideo(nightOwlVideoPage({}, {}), OWL)).message).toContain('itemStruct');
  });
});

describe('shortvideoVideo on the mobile (reflow) page (our own page)', () => {
  // The logged-out mobile web page keeps the same {statusCode, itemInfo: {itemStruct}} under
  // `webapp.reflow.video.detail` instead of `webapp.video-detail` (several open scrapers read both,
  // "reflow scope is what logged-out mobile-web gets today").
  const reflow = (detail: unknown) => universalPage(detail, { scope: 'webapp.reflow.video.detail', title: 'TikTok' });

  it('the item from webapp.reflow.video.detail, as from webapp.video-detail', () => {
    const r = parseShortvideoVideo(reflow({ itemInfo: { itemStruct: nightOwlVideoItem() }, statusCode: 0, statusMsg: '' }), OWL);
    expect(r.video).toMatchObject({ id: NIGHT_OWL_VIDEO_ID, author: { uniqueId: 'nightowl.ceramics' }, stats: { playCount: 251337 } });
  });

  it("its statusCodes are TikTok's as well: 10216 → PRIVATE_CONTENT, 10204 → NOT_FOUND", () => {
    expect(failure(() => parseShortvideoVideo(reflow({ itemInfo: {}, statusCode: 10216 }), OWL)).code).toBe('PRIVATE_CONTENT');
    expect(failure(() => parseShortvideoVideo(reflow({ itemInfo: {}, statusCode: 10204 }), OWL)).code).toBe('NOT_FOUND');
  });
});

describe('shortvideoVideo on the older page generations (our own pages, samples.ts: sigi-persisted-data 2021–22, __NEXT_DATA__ 2020–21)', () => {
  it("sigi-persisted-data (window['SIGI_STATE']={…}): ItemModule[<id>] with its author from UserModule, as a SIGI_STATE page", () => {
    const { author: _author, statsV2: _v2, ...rest } = nightOwlVideoItem();
    const item = { ...rest, author: 'nightowl.ceramics', authorId: '7012345678901234567' };
    const page = sigiPersistedPage(sigiVideoState(item, nightOwlUser().user));
    const r = parseShortvideoVideo(page, OWL);
    expect(r.video).toMatchObject({
      id: NIGHT_OWL_VIDEO_ID,
      author: { id: '7012345678901234567', uniqueId: 'nightowl.ceramics' },
      // No statsV2 before 2023: the item's `stats` as they are.
      stats: { playCount: 251300, diggCount: 18400, commentCount: 204, shareCount: 312 },
    });
    expect(failure(() => parseShortvideoVideo(sigiPersistedPage(sigiVideoState(null, null, 10216)), OWL)).code).toBe('PRIVATE_CONTENT');
  });

  it('__NEXT_DATA__ → props.pageProps.itemInfo.itemStruct; its statusCode (10204) or serverCode 404 without the item → NOT_FOUND', () => {
    const page = nextDataPage({ serverCode: 200, statusCode: 0, itemInfo: { itemStruct: nightOwlVideoItem() } }, NIGHT_OWL_VIDEO_ID);
    expect(parseShortvideoVideo(page, OWL).video).toMatchObject({
      id: NIGHT_OWL_VIDEO_ID,
      author: { uniqueId: 'nightowl.ceramics' },
      stats: { playCount: 251337 },
    });
    expect(failure(() => parseShortvideoVideo(nextDataPage({ serverCode: 404, statusCode: 10204 }, NIGHT_OWL_VIDEO_ID), OWL)).code).toBe(
      'NOT_FOUND',
    );
    expect(failure(() => parseShortvideoVideo(nextDataPage({ serverCode: 404 }, NIGHT_OWL_VIDEO_ID), OWL)).code).toBe('NOT_FOUND');
    const e = failure(() => parseShortvideoVideo(nextDataPage({ serverCode: 200, statusCode: 0 }, NIGHT_OWL_VIDEO_ID), OWL));
    expect([e.code, e.message]).toEqual(['UPSTREAM_FAILED', expect.stringContaining('pageProps.itemInfo.itemStruct')]);
  });
});

describe('video URLs', () => {
  it('www, bare and m. hosts, any case of the user, query, fragment and trailing slash: one {user, id}', () => {
    for (const url of [
      `https://www.tiktok.com/@nightowl.ceramics/video/${NIGHT_OWL_VIDEO_ID}`,
      `https://www.tiktok.com/@NightOwl.Ceramics/video/${NIGHT_OWL_VIDEO_ID}?is_from_webapp=1&sender_device=pc`,
      `https://m.tiktok.com/@nightowl.ceramics/video/${NIGHT_OWL_VIDEO_ID}/#comments`,
      `http://tiktok.com/@nightowl.ceramics/video/${NIGHT_OWL_VIDEO_ID}`,
      `www.tiktok.com/@nightowl.ceramics/video/${NIGHT_OWL_VIDEO_ID}`,
    ])
      expect(parseVideoUrl(url), url).toEqual(OWL);
  });

  it('anything else is no video URL', () => {
    for (const url of [
      'https://www.tiktok.com/@nightowl.ceramics',
      `https://www.tiktok.com/@nightowl.ceramics/photo/${NIGHT_OWL_VIDEO_ID}`,
      `https://www.tiktok.com/@nightowl.ceramics/video/${NIGHT_OWL_VIDEO_ID}/extra`,
      `https://www.tiktok.com/video/${NIGHT_OWL_VIDEO_ID}`,
      `https://www.tiktok.com/@a/video/${NIGHT_OWL_VIDEO_ID}`,
      'https://www.tiktok.com/@nightowl.ceramics/video/abc',
      `https://www.tiktok.evil.com/@nightowl.ceramics/video/${NIGHT_OWL_VIDEO_ID}`,
      `ftp://www.tiktok.com/@nightowl.ceramics/video/${NIGHT_OWL_VIDEO_ID}`,
      'https://vm.tiktok.com/ZMabcdef/',
    ])
      expect(parseVideoUrl(url), url).toBeNull();
  });
});

describe('shortvideoVideo operation', () => {
  const serving = (body: string, status = 200) =>
    fakeContext(() => ({ status, body, headers: { 'content-type': 'text/html; charset=utf-8' } }));
  const url = `https://www.tiktok.com/@nightowl.ceramics/video/${NIGHT_OWL_VIDEO_ID}`;

  it('one request to the video page; the record for the video asked', async () => {
    const ctx = serving(nightOwlVideoPage());
    const r = await video.run(ctx, parseVideoUrl(url)!);
    expect(ctx.requests.map((q) => [q.url, q.platform])).toEqual([[url, 'shortvideo']]);
    expect(ctx.requests[0].headers?.accept).toMatch(/^text\/html/);
    expect(r.video.id).toBe(NIGHT_OWL_VIDEO_ID);
  });

  it('identity: another video id, or the video under another author than the URL’s @user, is UPSTREAM_FAILED', async () => {
    const otherId = nightOwlVideoPage({}, nightOwlVideoItem({ item: { id: '7390112233445566779' } }));
    await expect(video.run(serving(otherId), OWL)).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringContaining('id 7390112233445566779'),
    });
    const otherAuthor = nightOwlVideoPage({ author: { uniqueId: 'someone.else' } });
    await expect(video.run(serving(otherAuthor), OWL)).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringContaining('someone.else'),
    });
    // The author's handle in another case is the same account.
    expect((await video.run(serving(nightOwlVideoPage({ author: { uniqueId: 'NightOwl.Ceramics' } })), OWL)).video.author.uniqueId).toBe(
      'NightOwl.Ceramics',
    );
  });

  it('typed errors: 404 and statusCode 10204 → NOT_FOUND, 10216 → PRIVATE_CONTENT, captcha page → UPSTREAM_BLOCKED', async () => {
    await expect(video.run(serving('<html></html>', 404), OWL)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(video.run(serving(videoStatusPage(10204)), OWL)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(video.run(serving(videoStatusPage(10216)), OWL)).rejects.toMatchObject({ code: 'PRIVATE_CONTENT' });
    await expect(video.run(serving(VERIFY_PAGE), OWL)).rejects.toMatchObject({ code: 'UPSTREAM_BLOCKED' });
    expect(wallError('shortvideo', VERIFY_PAGE)?.code).toBe('UPSTREAM_BLOCKED');
    // A video page is no wall.
    expect(wallError('shortvideo', nightOwlVideoPage())).toBeNull();
  });

  it('url: spellings of one video share a cache key; another video or author does not; short links and other URLs are refused naming url', () => {
    const key = (u: string) => {
      const r = validateArgs(video, { url: u });
      return r.ok ? r.cacheKey : null;
    };
    expect(key(url)).toBe(`shortvideoVideo:nightowl.ceramics/${NIGHT_OWL_VIDEO_ID}`);
    expect(key(`https://m.tiktok.com/@NightOwl.Ceramics/video/${NIGHT_OWL_VIDEO_ID}?lang=en`)).toBe(key(url));
    expect(key(`https://www.tiktok.com/@nightowl.ceramics/video/7390112233445566779`)).not.toBe(key(url));
    expect(key(`https://www.tiktok.com/@nightowl.ceramic/video/${NIGHT_OWL_VIDEO_ID}`)).not.toBe(key(url));
    for (const [bad, message] of [
      ['https://vm.tiktok.com/ZMabcdef/', /short link/],
      ['https://vt.tiktok.com/ZSabcdef/', /short link/],
      ['https://www.tiktok.com/t/ZTabcdef/', /short link/],
      ['https://www.tiktok.com/@nightowl.ceramics', /video URL/],
      [`https://www.instagram.com/@nightowl.ceramics/video/${NIGHT_OWL_VIDEO_ID}`, /video URL/],
    ] as const) {
      const r = validateArgs(video, { url: bad });
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.problems, bad).toEqual([{ param: 'url', message: expect.stringMatching(message) }]);
    }
    expect(validateArgs(video, { url, cacheMaxAge: '7d' }).ok).toBe(true);
  });
});

// The helpers above read the real capture's objects: the test would not run on an empty state.
it.skipIf(!hasFixtures(LABEL))('the capture holds the ItemModule entry and UserModule user the 2022 tests use', () => {
  const { items, user } = huxleyState();
  expect(isObj(items[HUXLEY_POST]) && items[HUXLEY_POST].author).toBe('huxleythepandapuppy');
  expect(user.uniqueId).toBe('huxleythepandapuppy');
});
