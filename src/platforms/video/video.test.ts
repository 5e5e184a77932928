/**
 * videoVideo: the parser on the real captures (../shared/fixtures/video: the 2025 watch page and
 * the ANDROID player answer, facts from SOURCES.md), and on pages of our own for what they lack
 * — a live stream, the like count from the like button only, the playability refusals (invented
 * ids; the player-response shape the captures show, wrapped in `var ytInitialPlayerResponse = …;`
 * as the watch page does).
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { validateArgs } from '../operation.js';
import { fetchVideo, likeButtonCount, parsePlayerResponse, parseVideoUrl, parseWatchPage, videoVideo, VideoVideoRecord } from './video.js';
import { errorOf } from '../../../test/support/errors.js';

const LABEL = 'video';
const WATCH = 'watch-page-B68agR-OeJM-2025-06.html';
const ANDROID = 'innertube-player-android-GJLlxj_dtq8-2025-06.json';

const watchHtml = (player: unknown, initialData?: unknown) =>
  `<!doctype html><html><head><title>x - YouTube</title></head><body><script nonce="n">var ytInitialPlayerResponse = ${JSON.stringify(player)};var meta = document.createElement('meta');</script>` +
  (initialData ? `<script nonce="n">var ytInitialData = ${JSON.stringify(initialData)};</script>` : '') +
  '</body></html>';

/** A player response of our own: a live stream in progress (2025 WEB shape). */
const livePlayer = (extra: Record<string, unknown> = {}) => ({
  playabilityStatus: { status: 'OK' },
  videoDetails: {
    videoId: 'Lv1AbCdEf_0',
    title: 'Kiln opening, live',
    lengthSeconds: '0',
    keywords: ['pottery', 'kiln'],
    channelId: 'UCabcdefghijklmnopqrstuv',
    shortDescription: 'Opening the kiln together. Shop: https://nightowlceramics.com',
    allowRatings: true,
    viewCount: '1203',
    author: 'Night Owl Ceramics',
    isPrivate: false,
    isLive: true,
    isLiveContent: true,
  },
  microformat: {
    playerMicroformatRenderer: {
      title: { simpleText: 'Kiln opening, live' },
      externalChannelId: 'UCabcdefghijklmnopqrstuv',
      category: 'Howto & Style',
      publishDate: '2025-11-02T10:00:00-08:00',
      uploadDate: '2025-11-02T10:00:00-08:00',
      ownerChannelName: 'Night Owl Ceramics',
      liveBroadcastDetails: { isLiveNow: true, startTimestamp: '2025-11-02T18:00:00+00:00' },
      likeCount: '87',
    },
  },
  ...extra,
});

describe.skipIf(!hasFixtures(LABEL))(`video watch-page and player captures (${skipReason(LABEL)})`, () => {
  const load = () => captureWarnings(() => parseWatchPage(readFixture(LABEL, WATCH)));

  it('B68agR-OeJM: title, 3582 s (videoDetails over the microformat 3583), 318315 views, 4614 likes, channel, author; no warnings', () => {
    const { result, warnings } = load();
    expect(warnings).toEqual([]);
    expect(result.video).toMatchObject({
      videoId: 'B68agR-OeJM',
      title: 'Metrik & Linguistics | Live @ Hospitality Printworks 2023',
      lengthSeconds: 3582,
      viewCount: 318315,
      likeCount: 4614,
      channelId: 'UCw49uOTAJjGUdoAeUcp7tOg',
      author: 'Hospital Records',
      publishDate: '2023-06-19T11:00:10-07:00',
      category: 'Music',
      isLive: false,
    });
    expect(result.video.description).toMatch(
      /^Metrik's incredible headline set with Linguistics in the Press Halls from our closing chapter at the legendary Printworks London\./,
    );
    expect(result.video.keywords.slice(0, 2)).toEqual(['hospital Records', 'Drum & Bass']);
    expect(result.video.captions).toEqual([{ languageCode: 'en', kind: 'asr', name: 'English (auto-generated)' }]);
    expect(() => VideoVideoRecord.parse(result)).not.toThrow();
  });

  it('like count without the microformat: exact from the like button of ytInitialData (4,614), else its rounded title (4.6K)', () => {
    const html = readFixture(LABEL, WATCH).replace('"likeCount":"4614",', '');
    expect(html).not.toContain('"likeCount":"4614"');
    expect(parseWatchPage(html).video.likeCount).toBe(4614);
    const rounded = html.replaceAll('like this video along with 4,614 other people', 'like this video');
    expect(parseWatchPage(rounded).video.likeCount).toBe(4600);
  });

  it('the ANDROID player answer: the same reading; no microformat, so no date, category or likes (warned); 9 caption tracks', () => {
    const { result, warnings } = captureWarnings(() => parsePlayerResponse(JSON.parse(readFixture(LABEL, ANDROID))));
    expect(result.video).toMatchObject({
      videoId: 'GJLlxj_dtq8',
      title: 'Surface Go Review - It’s Awesome',
      author: 'Dave2D',
      channelId: 'UCVYamHliCI9rw1tHR1xbkfw',
      viewCount: 1856109,
      lengthSeconds: 316,
      publishDate: null,
      category: null,
      likeCount: null,
    });
    expect(result.video.description).toMatch(/^Dave2D review of the Microsoft Surface Go\./);
    expect(result.video.captions.map((c) => c.languageCode)).toEqual(['zh', 'cs', 'en', 'en', 'de', 'hi', 'ja', 'ko', 'es']);
    expect(result.video.captions[3]).toEqual({ languageCode: 'en', kind: 'asr', name: 'English (auto-generated)' });
    expect(result.video.captions[2].kind).toBeNull();
    expect(warnings.map((w) => w.field)).toEqual(['video.microformat', 'video.likeCount']);
    expect(() => VideoVideoRecord.parse(result)).not.toThrow();
  });

  it('fetch: the watch page of the id asked (hl=en); the capture asked as another id → UPSTREAM_FAILED', async () => {
    const ctx = fakeContext(() => ({ body: readFixture(LABEL, WATCH) }));
    expect((await fetchVideo(ctx, 'B68agR-OeJM')).video.videoId).toBe('B68agR-OeJM');
    expect(ctx.requests[0].url).toBe('https://www.youtube.com/watch?v=B68agR-OeJM&hl=en&bpctr=9999999999&has_verified=1');
    await expect(fetchVideo(ctx, 'B68agR-OeJN')).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
  });
});

describe('parseWatchPage (pages of our own)', () => {
  it('a live stream: isLive true, length 0; no warnings', () => {
    const { result, warnings } = captureWarnings(() => parseWatchPage(watchHtml(livePlayer())));
    expect(warnings).toEqual([]);
    expect(result.video).toMatchObject({
      videoId: 'Lv1AbCdEf_0',
      isLive: true,
      lengthSeconds: 0,
      likeCount: 87,
      captions: [],
      category: 'Howto & Style',
    });
  });

  it('ratings off: likeCount null without a warning; with ratings on and no count anywhere: warned', () => {
    const p = livePlayer();
    delete (p.microformat.playerMicroformatRenderer as Record<string, unknown>).likeCount;
    const off = captureWarnings(() => parsePlayerResponse({ ...p, videoDetails: { ...p.videoDetails, allowRatings: false } }));
    expect(off.result.video.likeCount).toBeNull();
    expect(off.warnings).toEqual([]);
    const on = captureWarnings(() => parsePlayerResponse(p));
    expect(on.warnings.map((w) => w.field)).toEqual(['video.likeCount']);
  });

  it('a field missing in videoDetails comes from the microformat (no warning); missing in both: null plus video.<field>', () => {
    const p = livePlayer();
    const { title: _t, author: _a, viewCount: _v, ...details } = p.videoDetails;
    const { result, warnings } = captureWarnings(() => parsePlayerResponse({ ...p, videoDetails: details }));
    expect(result.video).toMatchObject({ title: 'Kiln opening, live', author: 'Night Owl Ceramics', viewCount: null });
    expect(warnings.map((w) => w.field)).toEqual(['video.viewCount']);
  });

  it('a caption track without languageCode is left out, warned; the others stay', () => {
    const p = livePlayer({
      captions: {
        playerCaptionsTracklistRenderer: {
          captionTracks: [
            { name: { simpleText: 'English' }, vssId: '.en' },
            { name: { runs: [{ text: 'French' }] }, languageCode: 'fr', vssId: '.fr' },
          ],
        },
      },
    });
    const { result, warnings } = captureWarnings(() => parsePlayerResponse(p));
    expect(result.video.captions).toEqual([{ languageCode: 'fr', kind: null, name: 'French' }]);
    expect(warnings.map((w) => w.field)).toEqual(['video.captions.captionTracks']);
  });

  it('likeButtonCount reads only the like button', () => {
    expect(likeButtonCount(null)).toBeNull();
    expect(
      likeButtonCount({ a: { likeButtonViewModel: { x: { accessibilityText: 'like this video along with 1,234,567 other people' } } } }),
    ).toBe(1234567);
    expect(likeButtonCount({ a: { accessibilityText: 'like this video along with 5 other people' } })).toBeNull();
  });

  it('likeButtonCount reads the older like buttons too (our own objects, in the 2022–23 and 2021 shapes public scrapers read)', () => {
    // 2022–23: videoPrimaryInfoRenderer's segmentedLikeDislikeButtonRenderer.likeButton.toggleButtonRenderer,
    // `defaultText.accessibility.accessibilityData.label` "4,614 likes", `defaultText.simpleText` "4.6K".
    const segmented = (label: string | null, shown = '4.6K') => ({
      contents: {
        twoColumnWatchNextResults: {
          results: {
            results: {
              contents: [
                {
                  videoPrimaryInfoRenderer: {
                    videoActions: {
                      menuRenderer: {
                        topLevelButtons: [
                          {
                            segmentedLikeDislikeButtonRenderer: {
                              likeButton: {
                                toggleButtonRenderer: {
                                  isToggled: false,
                                  defaultIcon: { iconType: 'LIKE' },
                                  defaultText: {
                                    ...(label ? { accessibility: { accessibilityData: { label } } } : {}),
                                    simpleText: shown,
                                  },
                                  toggledText: {
                                    accessibility: { accessibilityData: { label: '4,615 likes' } },
                                    simpleText: '4.6K',
                                  },
                                },
                              },
                              dislikeButton: {
                                toggleButtonRenderer: { defaultIcon: { iconType: 'DISLIKE' }, defaultText: { simpleText: 'Dislike' } },
                              },
                            },
                          },
                        ],
                      },
                    },
                  },
                },
              ],
            },
          },
        },
      },
    });
    expect(likeButtonCount(segmented('4,614 likes'))).toBe(4614);
    expect(likeButtonCount(segmented('like this video along with 4,614 other people'))).toBe(4614);
    expect(likeButtonCount(segmented(null))).toBe(4600);
    // No count shown (a label without digits, a "Like" title): null, never a guess.
    expect(likeButtonCount(segmented('I like this', 'Like'))).toBeNull();
    // 2021: a bare toggleButtonRenderer with the LIKE icon among the top-level buttons.
    const bare = {
      topLevelButtons: [
        {
          toggleButtonRenderer: {
            defaultIcon: { iconType: 'DISLIKE' },
            defaultText: { accessibility: { accessibilityData: { label: '12 dislikes' } } },
          },
        },
        {
          toggleButtonRenderer: {
            defaultIcon: { iconType: 'LIKE' },
            defaultText: { accessibility: { accessibilityData: { label: '1,234,567 likes' } }, simpleText: '1.2M' },
          },
        },
      ],
    };
    expect(likeButtonCount(bare)).toBe(1234567);
  });

  it.each([
    [{ status: 'ERROR', reason: 'Video unavailable' }, 'NOT_FOUND', /Video kP9xWq2LmZ4 is not available \(Video unavailable\)/],
    [{ status: 'UNPLAYABLE', reason: 'This video is not available' }, 'NOT_FOUND', /not available/],
    [{ status: 'LOGIN_REQUIRED', reason: 'This video is private' }, 'PRIVATE_CONTENT', /Video kP9xWq2LmZ4 is private/],
    [{ status: 'LOGIN_REQUIRED', reason: 'Sign in to confirm you’re not a bot' }, 'UPSTREAM_BLOCKED', /bot check/],
    [{ status: 'LOGIN_REQUIRED', reason: 'Sign in to confirm your age' }, 'UPSTREAM_BLOCKED', /login wall/],
    [{ status: 'SOMETHING_NEW' }, 'UPSTREAM_FAILED', /videoDetails \(playabilityStatus SOMETHING_NEW\)/],
    // Our own answers in the shape YouTube gives a video it withholds from the requester's country
    // (NewPipeExtractor reads the country from the error screen's subreason; yt-dlp likewise): the
    // video exists, so it is no NOT_FOUND.
    [
      {
        status: 'UNPLAYABLE',
        reason: 'Video unavailable',
        errorScreen: {
          playerErrorMessageRenderer: {
            reason: { simpleText: 'Video unavailable' },
            subreason: { runs: [{ text: 'The uploader has not made this video available in your country' }] },
          },
        },
      },
      'UPSTREAM_BLOCKED',
      /withholds Video kP9xWq2LmZ4 from the gateway's region/,
    ],
    [{ status: 'UNPLAYABLE', reason: 'This video is not available in your country' }, 'UPSTREAM_BLOCKED', /gateway's region/],
    // Our own answers in the shapes YouTube refuses videos for members, buyers or Premium
    // subscribers only with (UNPLAYABLE, as NewPipeExtractor's checkPlayabilityStatus reads them):
    // they exist, for signed-in viewers only — the login wall, not NOT_FOUND.
    [
      {
        status: 'UNPLAYABLE',
        reason: 'Join this channel to get access to members-only content like this video, and other exclusive perks.',
      },
      'UPSTREAM_BLOCKED',
      /login wall/,
    ],
    [{ status: 'UNPLAYABLE', reason: 'This video requires payment to watch.' }, 'UPSTREAM_BLOCKED', /login wall/],
    [{ status: 'UNPLAYABLE', reason: 'This video can only be played on YouTube Music Premium.' }, 'UPSTREAM_BLOCKED', /login wall/],
  ])('no videoDetails, playabilityStatus %j → %s', (ps, code, message) => {
    const e = errorOf(() => parseWatchPage(watchHtml({ playabilityStatus: ps }), 'Video kP9xWq2LmZ4'));
    expect(e.code).toBe(code);
    expect(e.message).toMatch(message);
  });

  it('videoDetails saying isPrivate → PRIVATE_CONTENT, whatever else came', () => {
    const p = livePlayer();
    expect(errorOf(() => parsePlayerResponse({ ...p, videoDetails: { ...p.videoDetails, isPrivate: true } })).code).toBe('PRIVATE_CONTENT');
  });

  it("a page without the player object → UPSTREAM_FAILED; Google's 404 page → NOT_FOUND", () => {
    expect(errorOf(() => parseWatchPage('<html><body><div id="player"></div></body></html>')).code).toBe('UPSTREAM_FAILED');
    expect(errorOf(() => parseWatchPage('<html><body><p><b>404.</b> <ins>That’s an error.</ins></p></body></html>')).code).toBe(
      'NOT_FOUND',
    );
  });
});

describe('videoVideo input', () => {
  it.each([
    ['https://www.youtube.com/watch?v=B68agR-OeJM&t=42s', 'B68agR-OeJM'],
    ['https://m.youtube.com/watch?feature=share&v=B68agR-OeJM', 'B68agR-OeJM'],
    ['https://youtu.be/B68agR-OeJM?si=abc', 'B68agR-OeJM'],
    ['https://www.youtube.com/shorts/_YYmA7yrfNY', '_YYmA7yrfNY'],
    ['https://www.youtube.com/live/B68agR-OeJM', 'B68agR-OeJM'],
    ['youtube.com/embed/B68agR-OeJM', 'B68agR-OeJM'],
  ])('%s → %s', (url, id) => {
    expect(parseVideoUrl(url)).toBe(id);
    expect(validateArgs(videoVideo, { url })).toMatchObject({ ok: true, args: { id }, cacheKey: `videoVideo:${id}` });
  });

  it.each([
    'https://www.youtube.com/@hospitalrecords',
    'https://www.youtube.com/watch?v=short',
    'https://evil.example/watch?v=B68agR-OeJM',
    'https://youtu.be/',
  ])('%s → INVALID_INPUT on url', (url) => {
    expect(parseVideoUrl(url)).toBeNull();
    const v = validateArgs(videoVideo, { url });
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.problems.map((p) => p.param)).toEqual(['url']);
  });

  it('id or url, exactly one: both, neither and a bad id are INVALID_INPUT', () => {
    expect(validateArgs(videoVideo, { id: ' B68agR-OeJM ' })).toMatchObject({ ok: true, args: { id: 'B68agR-OeJM' } });
    const both = validateArgs(videoVideo, { id: 'B68agR-OeJM', url: 'https://youtu.be/B68agR-OeJM' });
    expect(both.ok).toBe(false);
    if (!both.ok) expect(both.problems.map((p) => p.param).sort()).toEqual(['id', 'url']);
    expect(validateArgs(videoVideo, {}).ok).toBe(false);
    const bad = validateArgs(videoVideo, { id: 'nope' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems.map((p) => p.param)).toEqual(['id']);
  });

  it('fetch: HTTP 404 → NOT_FOUND naming the video', async () => {
    const ctx = fakeContext(() => ({ status: 404, body: '<html></html>' }));
    await expect(fetchVideo(ctx, 'kP9xWq2LmZ4')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Video kP9xWq2LmZ4 was not found' });
  });
});
