/**
 * `socialBPost` (post.ts) on the real captures in ../shared/fixtures/social-b, read in place: the
 * 2024 reel page (`xdt_api__v1__media__shortcode__web_info`, the primary request) and the 2022
 * media info answer (the fallback). Both were recorded logged in (SOURCES.md): their viewer
 * fields pass through like any other member. The pages and answers of the project's own cases
 * (a photo post, the fallback, the failures) are ours, in the same shapes; names, ids and texts
 * are invented.
 */
import { describe, expect, it } from 'vitest';
import { LOGIN_HTML, polarisMedia, polarisPostPage, postMedia as photo, postPage, WAIT_BODY } from './samples.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import type { FakeAnswer } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { ApiError } from '../../errors.js';
import { captureWarnings } from '../../parse/index.js';
import type { UpstreamRequest } from '../../upstream/client.js';
import { validateArgs } from '../operation.js';
import {
  parseJsonKeepingIds,
  parseMedia,
  parseMediaInfo,
  parsePostPage,
  parsePostUrl,
  post,
  shortcodeToPk,
  SocialBPostRecord,
} from './post.js';

const LABEL = 'social-b';
const REEL = 'reel-page-C10MvewSSYl-2024-03.html';
const MEDIA_INFO = 'media-info-a1-CAnqPB-Jzcj-2022.json';

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

describe.skipIf(!hasFixtures(LABEL))(`socialBPost on the captures (${skipReason(LABEL)})`, () => {
  it('both captures were made signed in: the tracking token with the capturer’s user id and their follow state are not in the record', () => {
    expect(readFixture(LABEL, REEL)).toContain('organic_tracking_token');
    for (const p of [parsePostPage(readFixture(LABEL, REEL)), parseMediaInfo(JSON.parse(readFixture(LABEL, MEDIA_INFO)))]) {
      const record = p as unknown as Record<string, unknown>;
      expect(record.organic_tracking_token).toBeUndefined();
      expect((p.owner as unknown as Record<string, unknown>).friendship_status).toBeUndefined();
      expect(record.has_liked ?? false).toBe(false);
    }
    // The viewer id SOURCES.md names is nowhere in the reel's record.
    expect(JSON.stringify(parsePostPage(readFixture(LABEL, REEL)))).not.toContain('61752015707');
  });

  it(`${REEL}: the web_info media with the SOURCES.md facts, no warning, schema holds`, () => {
    const { result: p, warnings } = captureWarnings(() => parsePostPage(readFixture(LABEL, REEL)));
    expect(warnings).toEqual([]);
    expect(p).toMatchObject({
      id: '3275298868401088037_25519719',
      pk: '3275298868401088037',
      code: 'C10MvewSSYl',
      taken_at: 1704666300,
      media_type: 2,
      product_type: 'clips',
      like_count: 1479,
      comment_count: 29,
      play_count: null,
      carousel_media: null,
      // Passed through as sent.
      view_count: null,
      has_audio: true,
    });
    expect(p.owner).toMatchObject({
      pk: '25519719',
      username: 'ninamukhar',
      full_name: 'Nina Mukhar',
      is_verified: true,
      is_private: false,
    });
    expect(p.caption?.text).toMatch(/^Can’t wait for this editorial @isaacealvarez always a pleasure to work with you @anasaiaofficial/);
    expect(p.caption?.created_at).toBe(1704666302);
    expect(p.video_versions).toHaveLength(3);
    expect(p.video_versions![0].width).toBe(1080);
    expect(p.image_versions2!.candidates[0]).toMatchObject({ width: 720, height: 1280 });
    const tagged = (p as unknown as { usertags: { in: { user: { username: string } }[] } }).usertags.in.map((t) => t.user.username);
    expect(tagged).toEqual(['isaacealvarez', 'edgir_81', 'anasaiaofficial']);
    expect(SocialBPostRecord.safeParse({ post: p }).success).toBe(true);
  });

  it(`${MEDIA_INFO}: the same shape from the fallback; 64-bit ids exact, owner from \`user\`, no warning`, () => {
    const text = readFixture(LABEL, MEDIA_INFO);
    // The capture spells the pk as a JSON number a double cannot hold.
    expect(String((JSON.parse(text) as { items: { pk: number }[] }).items[0].pk)).not.toBe('2317006284167526179');
    const { result: p, warnings } = captureWarnings(() => parseMediaInfo(parseJsonKeepingIds(text)));
    expect(warnings).toEqual([]);
    expect(p).toMatchObject({
      id: '2317006284167526179_305701719',
      pk: '2317006284167526179',
      code: 'CAnqPB-Jzcj',
      taken_at: 1590428694,
      media_type: 8,
      product_type: 'carousel_container',
      carousel_media_count: 3,
      like_count: 820750,
      comment_count: 4647,
      image_versions2: null,
      video_versions: null,
    });
    expect(p.owner).toMatchObject({ pk: '305701719', username: 'jlo', full_name: 'Jennifer Lopez', is_verified: true });
    expect(p.caption?.text).toMatch(/^Today, #LetsGetLoud for our heroes! ❤️🤍💙 We honor all those who served our amazing country/);
    expect(p.caption?.pk).toBe('18105007360131909');
    expect(p.carousel_media).toHaveLength(3);
    expect(p.carousel_media![0]).toMatchObject({ id: '2317006281046924667_305701719', media_type: 1 });
    expect(p.carousel_media![0].image_versions2!.candidates[0]).toMatchObject({ width: 1440, height: 1440 });
    expect(SocialBPostRecord.safeParse({ post: p }).success).toBe(true);
  });

  it('both eras answer one shape: the listed fields, in the same order, first', () => {
    const a = Object.keys(parsePostPage(readFixture(LABEL, REEL))).slice(0, 17);
    const b = Object.keys(parseMediaInfo(parseJsonKeepingIds(readFixture(LABEL, MEDIA_INFO)))).slice(0, 17);
    expect(a).toEqual(b);
  });

  it('the shortcodes read as base64 are the captured pks (what the fallback asks for)', () => {
    expect(shortcodeToPk('C10MvewSSYl')).toBe('3275298868401088037');
    expect(shortcodeToPk('CAnqPB-Jzcj')).toBe('2317006284167526179');
    expect(shortcodeToPk('C10MvewSSYlAAAAAAAAAAAAAAAA')).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Our own answers
// ---------------------------------------------------------------------------------------------

describe('socialBPost parse (our own answers)', () => {
  it('a photo post: no warning; its missing video parts are null, not warned', () => {
    const { result, warnings } = captureWarnings(() => parsePostPage(postPage([photo()])));
    expect(warnings).toEqual([]);
    expect(result).toMatchObject({ code: 'DAtalaDraw1', media_type: 1, video_versions: null, carousel_media: null, play_count: null });
  });

  it('one field degrading never fails the record: a missing count or caption text is null plus post.<field>', () => {
    const p = photo({ like_count: undefined, caption: { pk: '1', created_at: 1 } });
    const { result, warnings } = captureWarnings(() => parseMedia(JSON.parse(JSON.stringify(p))));
    expect(result.like_count).toBeNull();
    expect(result.caption?.text).toBeNull();
    expect(result.comment_count).toBe(14);
    expect(warned(warnings)).toEqual(['social-b:post.caption.text', 'social-b:post.like_count']);
  });

  it('no caption is null without a warning; the pk is read from the id when only that is sent', () => {
    const { result, warnings } = captureWarnings(() => parseMedia(photo({ caption: null, pk: undefined })));
    expect(result.caption).toBeNull();
    expect(result.pk).toBe('3500000000000000001');
    expect(warnings).toEqual([]);
  });

  it('a private owner is PRIVATE_CONTENT, never passed through', () => {
    const p = photo({ owner: { pk: '6100200300', username: 'tala.draws', is_private: true } });
    expect(failure(() => parsePostPage(postPage([p]))).code).toBe('PRIVATE_CONTENT');
  });

  it('web_info without items is NOT_FOUND; a page without web_info, or a media without code or pk, is UPSTREAM_FAILED', () => {
    expect(failure(() => parsePostPage(postPage([]))).code).toBe('NOT_FOUND');
    expect(failure(() => parsePostPage('<html><head><meta property="og:title" content="Instagram"></head></html>')).code).toBe(
      'UPSTREAM_FAILED',
    );
    expect(failure(() => parseMedia(photo({ code: undefined }))).message).toContain('post.code');
    expect(failure(() => parseMedia(photo({ pk: undefined, id: undefined }))).message).toContain('post.pk');
  });

  it('the 2026 logged-out page (data.xig_polaris_media.if_not_gated_logged_out, our own page): the same post, owner from `user`', () => {
    const { result, warnings } = captureWarnings(() => parsePostPage(polarisPostPage(polarisMedia()), 'DAtalaDraw1'));
    expect(warnings).toEqual([]);
    expect(result).toMatchObject({
      code: 'DAtalaDraw1',
      pk: '3500000000000000001',
      like_count: 231,
      comment_count: 14,
      caption: { text: 'Ink study, day 12' },
      owner: { pk: '6100200300', username: 'tala.draws', full_name: 'Tala Okafor' },
    });
    // Without pk and id the pk is the shortcode read as base64 (Instagram's own encoding of it).
    const bare = parsePostPage(polarisPostPage(polarisMedia({ pk: undefined, id: undefined })), 'DAtalaDraw1');
    expect(bare.pk).toBe(shortcodeToPk('DAtalaDraw1'));
  });

  it('polaris: a post withheld from logged-out visitors (if_not_gated_logged_out null) is a login wall; another post’s result is never this one', () => {
    expect(failure(() => parsePostPage(polarisPostPage(null), 'DAtalaDraw1')).code).toBe('UPSTREAM_BLOCKED');
    const other = polarisMedia({ code: 'DOtherPost1', pk: '3500000000000000009', id: undefined });
    const onlyOther = polarisPostPage(other, 'DOtherPost1');
    expect(failure(() => parsePostPage(onlyOther, 'DAtalaDraw1')).code).toBe('UPSTREAM_FAILED');
    // The asked post after another one on the same page: the asked one is read.
    const both = polarisPostPage(polarisMedia(), 'DAtalaDraw1', [{ code: 'DOtherPost1', if_not_gated_logged_out: other }]);
    expect(parsePostPage(both, 'DAtalaDraw1').pk).toBe('3500000000000000001');
  });

  it('hidden like and view counts (like_and_view_counts_disabled): like_count and play_count null, not the number the answer still carries', () => {
    const { result, warnings } = captureWarnings(() =>
      parseMedia(photo({ like_and_view_counts_disabled: true, like_count: 0, play_count: 0, media_type: 2, video_versions: [] })),
    );
    expect(result.like_count).toBeNull();
    expect(result.play_count).toBeNull();
    expect(result.comment_count).toBe(14);
    expect(warnings).toEqual([]);
  });

  it('media info failures: a missing media is NOT_FOUND, an owner it will not show PRIVATE_CONTENT, require_login a login wall', () => {
    expect(failure(() => parseMediaInfo({ message: 'Media not found or unavailable', status: 'fail' })).code).toBe('NOT_FOUND');
    expect(failure(() => parseMediaInfo({ message: 'Not authorized to view user', status: 'fail' })).code).toBe('PRIVATE_CONTENT');
    expect(failure(() => parseMediaInfo(WAIT_BODY)).code).toBe('UPSTREAM_BLOCKED');
    expect(failure(() => parseMediaInfo({ items: [], num_results: 0, status: 'ok' })).code).toBe('NOT_FOUND');
  });

  it('parseJsonKeepingIds: big integers outside strings become their digits; strings and small numbers are untouched', () => {
    expect(
      parseJsonKeepingIds('{"pk":2317006284167526179,"n":-12,"f":1.5e3,"s":"x: 2317006284167526179, y","a":[9007199254740993]}'),
    ).toEqual({
      pk: '2317006284167526179',
      n: -12,
      f: 1500,
      s: 'x: 2317006284167526179, y',
      a: ['9007199254740993'],
    });
    expect(parseJsonKeepingIds('{"q":"a \\" 12345678901234567890"}')).toEqual({ q: 'a " 12345678901234567890' });
  });
});

describe('socialBPost URLs', () => {
  it.each([
    ['https://www.instagram.com/p/DAtalaDraw1/', 'DAtalaDraw1', 'p'],
    ['https://instagram.com/p/DAtalaDraw1', 'DAtalaDraw1', 'p'],
    ['https://www.instagram.com/reel/C10MvewSSYl/?igsh=abc', 'C10MvewSSYl', 'reel'],
    ['https://www.instagram.com/reels/C10MvewSSYl/', 'C10MvewSSYl', 'reel'],
    ['https://www.instagram.com/tv/CAnqPB-Jzcj/', 'CAnqPB-Jzcj', 'p'],
    ['https://www.instagram.com/tala.draws/p/DAtalaDraw1/', 'DAtalaDraw1', 'p'],
    ['https://m.instagram.com/p/DAtalaDraw1/#x', 'DAtalaDraw1', 'p'],
    ['http://instagr.am/p/DAtalaDraw1/', 'DAtalaDraw1', 'p'],
  ])('%s', (url, code, kind) => expect(parsePostUrl(url)).toEqual({ code, kind }));

  it.each([
    'https://www.instagram.com/tala.draws/',
    'https://www.instagram.com/reels/audio/1234567890/',
    'https://www.instagram.com.evil.com/p/DAtalaDraw1/',
    'https://www.instagram.com/p/bad!code/',
    'ftp://www.instagram.com/p/DAtalaDraw1/',
    'instagram.com/p/DAtalaDraw1/',
  ])('%s → null', (url) => expect(parsePostUrl(url)).toBeNull());

  it('validation: the shortcode is the cache key (case kept); another URL is refused naming url', () => {
    expect(validateArgs(post, { url: 'https://www.instagram.com/reel/C10MvewSSYl/' })).toMatchObject({
      ok: true,
      args: { code: 'C10MvewSSYl', kind: 'reel' },
      cacheKey: 'socialBPost:C10MvewSSYl',
    });
    const bad = validateArgs(post, { url: 'https://www.instagram.com/tala.draws/' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems.map((p) => p.param)).toEqual(['url']);
  });
});

describe('socialBPost operation', () => {
  const html = (body: string, status = 200): FakeAnswer => ({ status, body, headers: { 'content-type': 'text/html' } });
  const json = (body: unknown, status = 200): FakeAnswer => ({
    status,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  const route = (page: FakeAnswer, info?: FakeAnswer) =>
    fakeContext((req: UpstreamRequest) => (req.url.startsWith('https://i.instagram.com/') ? (info ?? json({}, 500)) : page));
  const ref = { code: 'DAtalaDraw1', kind: 'p' as const };

  it('the post page answers: one request, no fallback', async () => {
    const ctx = route(html(postPage([photo()])));
    const r = await post.run(ctx, ref);
    expect(r.post.code).toBe('DAtalaDraw1');
    expect(ctx.requests.map((q) => q.url)).toEqual(['https://www.instagram.com/p/DAtalaDraw1/']);
  });

  it('a page without the data → the media info (pk from the shortcode, the web app id); its 64-bit ids exact', async () => {
    const infoText = `{"items":[${JSON.stringify(photo({ user: { pk: 6100200300, username: 'tala.draws', is_private: false } }))
      .replace('"pk":"3500000000000000001"', '"pk":3500000000000000001')
      .replace(/"owner":\{[^}]*\},/, '')}],"num_results":1,"status":"ok"}`;
    const ctx = route(html('<html><head><meta property="og:title" content="Instagram"></head></html>'), {
      body: infoText,
      headers: { 'content-type': 'application/json' },
    });
    const r = await post.run(ctx, ref);
    expect(ctx.requests.map((q) => q.url)).toEqual([
      'https://www.instagram.com/p/DAtalaDraw1/',
      `https://i.instagram.com/api/v1/media/${shortcodeToPk('DAtalaDraw1')}/info/`,
    ]);
    expect(ctx.requests[1].headers?.['x-ig-app-id']).toBe('936619743392459');
    expect(r.post).toMatchObject({ pk: '3500000000000000001', owner: { pk: '6100200300', username: 'tala.draws' } });
  });

  it('definitive page answers stand (404 → NOT_FOUND, private → PRIVATE_CONTENT): no fallback', async () => {
    const gone = route(html('<html></html>', 404));
    await expect(post.run(gone, ref)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(gone.requests).toHaveLength(1);
    const priv = route(html(postPage([photo({ owner: { pk: '1', username: 'x', is_private: true } })])));
    await expect(post.run(priv, ref)).rejects.toMatchObject({ code: 'PRIVATE_CONTENT' });
  });

  it('a login wall on both → UPSTREAM_BLOCKED; another post than asked → UPSTREAM_FAILED', async () => {
    const walled = route(
      { ...html(LOGIN_HTML), url: 'https://www.instagram.com/accounts/login/?next=/p/DAtalaDraw1/' },
      json(WAIT_BODY, 401),
    );
    await expect(post.run(walled, ref)).rejects.toMatchObject({ code: 'UPSTREAM_BLOCKED' });
    expect(walled.requests).toHaveLength(2);
    await expect(post.run(route(html(postPage([photo({ code: 'DOther00001' })]))), ref)).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
    });
  });
});
