/**
 * videoVideos: the tab parser on the real captures (../shared/fixtures/video: the 2025 Videos tabs
 * of @hospitalrecords and @bulwarkmedia, the 2026 browse answers of @kurzgesagt — videoRenderer —
 * and @creativecommons — lockupViewModel —, facts from SOURCES.md); Shorts, live items and the
 * continuation answer on answers of our own (no capture of them exists; shapes as the 2026
 * search capture's shortsLockupViewModel and YouTube's browse continuation); the requests and
 * the cursor through a fake upstream.
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { encodeCursor } from '../cursor.js';
import { validateArgs } from '../operation.js';
import { extractYtInitialData } from './parse.js';
import type { VideosCursor } from './videos.js';
import {
  decodeVideosCursor,
  fetchChannelVideos,
  gridVideos,
  parseChannelTab,
  parseTabContinuation,
  videoVideos,
  VideoVideosPage,
} from './videos.js';

const LABEL = 'video';
const HOSPITAL = 'channel-videos-tab-hospitalrecords.html';
const BULWARK = 'ytinitialdata-channel-videos-bulwark.json';
const KURZ = 'youtubei-browse-videos-kurzgesagt.newpipe-mock.json';
const CC = 'youtubei-browse-videos-tab-lockup-creativecommons-2026.json';

const own = (w: { field: string }[]) => w.filter((x) => x.field.startsWith('videos.'));

/** A Shorts item as the 2026 Shorts tab sends it (invented id and texts). */
const shortsItem = (id: string, title: string, views: string) => ({
  richItemRenderer: {
    content: {
      shortsLockupViewModel: {
        entityId: `shorts-shelf-item-${id}`,
        accessibilityText: `${title}, ${views} – play Short`,
        onTap: { innertubeCommand: { reelWatchEndpoint: { videoId: id } } },
        overlayMetadata: { primaryText: { content: title }, secondaryText: { content: views } },
        thumbnailViewModel: {
          thumbnailViewModel: { image: { sources: [{ url: `https://i.ytimg.com/vi/${id}/oar2.jpg`, width: 405, height: 720 }] } },
        },
      },
    },
  },
});
/** A live lockup (2026 Live tab): "watching", a LIVE badge, no duration. */
const liveLockup = (id: string) => ({
  richItemRenderer: {
    content: {
      lockupViewModel: {
        contentId: id,
        contentType: 'LOCKUP_CONTENT_TYPE_VIDEO',
        contentImage: {
          thumbnailViewModel: {
            image: { sources: [{ url: `https://i.ytimg.com/vi/${id}/hqdefault_live.jpg`, width: 336, height: 188 }] },
            overlays: [{ thumbnailBottomOverlayViewModel: { badges: [{ thumbnailBadgeViewModel: { text: 'LIVE' } }] } }],
          },
        },
        metadata: {
          lockupMetadataViewModel: {
            title: { content: 'Kiln opening, live' },
            metadata: { contentMetadataViewModel: { metadataRows: [{ metadataParts: [{ text: { content: '1.2K watching' } }] }] } },
          },
        },
      },
    },
  },
});
const continuationEntry = (token: string) => ({
  continuationItemRenderer: {
    trigger: 'CONTINUATION_TRIGGER_ON_ITEM_SHOWN',
    continuationEndpoint: { continuationCommand: { token, request: 'CONTINUATION_REQUEST_TYPE_BROWSE' } },
  },
});
const continuationAnswer = (entries: unknown[]) => ({
  responseContext: { visitorData: 'x' },
  onResponseReceivedActions: [{ appendContinuationItemsAction: { continuationItems: entries, targetId: 'browse-feedUCabc' } }],
});
const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const cursorOf = (c: Partial<VideosCursor> = {}): VideosCursor => ({
  c: 'UCw49uOTAJjGUdoAeUcp7tOg',
  h: 'hospitalrecords',
  t: 'videos',
  k: 'TOKEN-PAGE-2',
  v: '2.20250618.01.00',
  ...c,
});

describe.skipIf(!hasFixtures(LABEL))(`video channel tab captures (${skipReason(LABEL)})`, () => {
  it('@hospitalrecords Videos tab (2025 videoRenderer): 30 videos, first 54GLfp51D6o, 4,413 views, 9 days ago, 56:56; a next token', () => {
    const { result, warnings } = captureWarnings(() => parseChannelTab(extractYtInitialData(readFixture(LABEL, HOSPITAL)), 'videos'));
    expect(own(warnings)).toEqual([]);
    expect(result).toMatchObject({ channelId: 'UCw49uOTAJjGUdoAeUcp7tOg', handle: 'hospitalrecords', tabFound: true });
    expect(result.videos).toHaveLength(30);
    expect(result.videos[0]).toMatchObject({
      videoId: '54GLfp51D6o',
      title: 'Kyrist & Mantmast | Live @ Hospitality On The Beach 2024',
      viewCountText: '4,413 views',
      publishedTimeText: '9 days ago',
      lengthText: '56:56',
    });
    expect(result.videos[0].thumbnails[0].url).toMatch(/^https:\/\/i\.ytimg\.com\/vi\/54GLfp51D6o\//);
    expect(result.token).toEqual(expect.any(String));
  });

  it('@bulwarkmedia: the members-only first video has no view count (null, not warned); the second 10,342 views', () => {
    const { result, warnings } = captureWarnings(() => parseChannelTab(JSON.parse(readFixture(LABEL, BULWARK)), 'videos'));
    expect(own(warnings)).toEqual([]);
    expect(result.videos).toHaveLength(30);
    expect(result.videos[0]).toMatchObject({
      videoId: 'QmiiHHgkFgA',
      viewCountText: null,
      publishedTimeText: '1 hour ago',
      lengthText: '35:56',
    });
    expect(result.videos[1]).toMatchObject({ videoId: '_ypGbbe2znE', viewCountText: '10,342 views' });
  });

  it('@kurzgesagt 2026 browse answer: 30 videos, first D0WQK7cMJn8 "We Made A New Channel!", 1,545,374 views, 10 days ago', () => {
    const body = JSON.parse(JSON.parse(readFixture(LABEL, KURZ)).response.responseBody);
    const { result, warnings } = captureWarnings(() => parseChannelTab(body, 'videos'));
    expect(warnings).toEqual([]);
    expect(result.videos).toHaveLength(30);
    expect(result.videos[0]).toMatchObject({
      videoId: 'D0WQK7cMJn8',
      title: 'We Made A New Channel!',
      viewCountText: '1,545,374 views',
      publishedTimeText: '10 days ago',
    });
  });

  it('@creativecommons 2026 lockupViewModel grid: 30 videos; items 1–3 with views, dates and duration badges; no warnings', () => {
    const { result, warnings } = captureWarnings(() => parseChannelTab(JSON.parse(readFixture(LABEL, CC)), 'videos'));
    expect(warnings).toEqual([]);
    expect(result.videos).toHaveLength(30);
    expect(result.videos[0]).toMatchObject({
      videoId: 'BD-LB23rRBE',
      title: 'Expert Panel III: Global Perspectives on Open Heritage and Diversity, Inclusion, and Sustainability',
      viewCountText: '28 views',
      publishedTimeText: '13 days ago',
      lengthText: '1:07:34',
    });
    expect(result.videos[0].thumbnails).toHaveLength(4);
    expect(result.videos[1]).toMatchObject({ videoId: 'ea1MAxH0KJc', viewCountText: '27 views', lengthText: '33:52' });
    expect(result.videos[2]).toMatchObject({ videoId: 'zXhTF-T24fw', viewCountText: '33 views', lengthText: '53:29' });
    expect(result.token).toMatch(/^4qmFsgL/);
  });

  it('a tab the page did not select (Shorts asked, Videos shown) → no videos, no token', () => {
    const r = parseChannelTab(JSON.parse(readFixture(LABEL, CC)), 'shorts');
    expect(r).toMatchObject({ tabFound: false, videos: [], token: null });
  });

  it('fetch, first page: /@handle/videos?hl=en; a cursor naming the channel, tab, token and client version; the schema holds', async () => {
    const ctx = fakeContext(() => ({ body: readFixture(LABEL, HOSPITAL) }));
    const page = await fetchChannelVideos(ctx, { ref: { kind: 'handle', handle: 'hospitalrecords' }, tab: 'videos', cursor: null });
    expect(ctx.requests[0].url).toBe('https://www.youtube.com/@hospitalrecords/videos?hl=en');
    expect(page.videos).toHaveLength(30);
    expect(decodeVideosCursor(page.cursor!)).toMatchObject({
      c: 'UCw49uOTAJjGUdoAeUcp7tOg',
      h: 'hospitalrecords',
      t: 'videos',
      v: '2.20250618.01.00',
    });
    expect(() => VideoVideosPage.parse(page)).not.toThrow();
  });

  it('fetch: the page of another channel than asked → UPSTREAM_FAILED', async () => {
    const ctx = fakeContext(() => ({ body: readFixture(LABEL, HOSPITAL) }));
    await expect(
      fetchChannelVideos(ctx, { ref: { kind: 'handle', handle: 'someoneelse' }, tab: 'videos', cursor: null }),
    ).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
    });
    await expect(
      fetchChannelVideos(ctx, { ref: { kind: 'id', id: 'UCaaaaaaaaaaaaaaaaaaaaaa' }, tab: 'videos', cursor: null }),
    ).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
  });
});

describe('channel tab items of our own', () => {
  it('Shorts (shortsLockupViewModel): id, title and views from the overlay; no date or length (not warned)', () => {
    const { result, warnings } = captureWarnings(() =>
      gridVideos([shortsItem('_YYmA7yrfNY', 'Trimming a mug', '2.9m views'), continuationEntry('NEXT')]),
    );
    expect(warnings).toEqual([]);
    expect(result).toEqual({
      videos: [
        {
          videoId: '_YYmA7yrfNY',
          title: 'Trimming a mug',
          viewCountText: '2.9m views',
          publishedTimeText: null,
          lengthText: null,
          thumbnails: [{ url: 'https://i.ytimg.com/vi/_YYmA7yrfNY/oar2.jpg', width: 405, height: 720 }],
        },
      ],
      token: 'NEXT',
    });
  });

  it("a pre-2023 grid item (gridVideoRenderer) takes its length from the thumbnail's time-status overlay; a LIVE overlay is no length", () => {
    // Shape from pytube's tests/mocks/channel-videos.html.gz (commit f293f76, 2021-05-08): 30
    // gridVideoRenderer items without lengthText, each showing its length ("7:33:13") only in
    // thumbnailOverlays[].thumbnailOverlayTimeStatusRenderer; all 30 read null before. Our own items.
    const grid = (videoId: string, overlay: { text: string; style: string }) => ({
      gridVideoRenderer: {
        videoId,
        thumbnail: { thumbnails: [{ url: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`, width: 168, height: 94 }] },
        title: { runs: [{ text: 'Throwing a tall jug' }] },
        publishedTimeText: { simpleText: '3 weeks ago' },
        viewCountText: { simpleText: '4,210 views' },
        thumbnailOverlays: [
          {
            thumbnailOverlayTimeStatusRenderer: {
              text: { accessibility: { accessibilityData: { label: overlay.text } }, simpleText: overlay.text },
              style: overlay.style,
            },
          },
          { thumbnailOverlayNowPlayingRenderer: { text: { runs: [{ text: 'Now playing' }] } } },
        ],
      },
    });
    const { result, warnings } = captureWarnings(() =>
      gridVideos([grid('Jg9Tall_0aB', { text: '1:02:47', style: 'DEFAULT' }), grid('Lv2AbCdEf_1', { text: 'LIVE', style: 'LIVE' })]),
    );
    expect(warnings).toEqual([]);
    expect(result.videos.map((v) => [v.videoId, v.lengthText, v.viewCountText])).toEqual([
      ['Jg9Tall_0aB', '1:02:47', '4,210 views'],
      ['Lv2AbCdEf_1', null, '4,210 views'],
    ]);
  });

  it('older Shorts (reelItemRenderer) and a live lockup ("watching", a LIVE badge: no length)', () => {
    const reel = {
      richItemRenderer: {
        content: {
          reelItemRenderer: {
            videoId: 'Ab1Cd2Ef3Gh',
            headline: { simpleText: 'Glaze test' },
            viewCountText: { simpleText: '12K views' },
            thumbnail: { thumbnails: [{ url: '//i.ytimg.com/vi/Ab1Cd2Ef3Gh/frame0.jpg', width: 1080, height: 1920 }] },
          },
        },
      },
    };
    const { result, warnings } = captureWarnings(() => gridVideos([reel, liveLockup('Lv1AbCdEf_0')]));
    expect(warnings).toEqual([]);
    expect(result.videos[0]).toMatchObject({
      videoId: 'Ab1Cd2Ef3Gh',
      title: 'Glaze test',
      viewCountText: '12K views',
      thumbnails: [{ url: 'https://i.ytimg.com/vi/Ab1Cd2Ef3Gh/frame0.jpg' }],
    });
    expect(result.videos[1]).toMatchObject({
      videoId: 'Lv1AbCdEf_0',
      viewCountText: '1.2K watching',
      publishedTimeText: null,
      lengthText: null,
    });
    expect(result.token).toBeNull();
  });

  it('a past stream whose lockup adds a row of badges ("Fundraiser") after its views and date: read whole, no warning', () => {
    const item = liveLockup('Pst1AbCdEf0');
    const meta = item.richItemRenderer.content.lockupViewModel.metadata.lockupMetadataViewModel.metadata.contentMetadataViewModel;
    (meta.metadataRows as unknown[]) = [
      { metadataParts: [{ text: { content: '43K views' } }, { text: { content: 'Streamed 6 months ago' } }] },
      { badges: [{ badgeViewModel: { badgeText: 'Fundraiser', badgeStyle: 'BADGE_COMMERCE' } }] },
    ];
    const { result, warnings } = captureWarnings(() => gridVideos([item]));
    expect(warnings).toEqual([]);
    expect(result.videos[0]).toMatchObject({
      videoId: 'Pst1AbCdEf0',
      viewCountText: '43K views',
      publishedTimeText: 'Streamed 6 months ago',
    });
  });

  it('an item without its id, or of an unknown kind, is left out (warned videos.items); shelves are skipped silently', () => {
    const noId = shortsItem('x', 'No id', '1 view');
    const vm = noId.richItemRenderer.content.shortsLockupViewModel as Record<string, unknown>;
    delete vm.onTap;
    vm.entityId = 'something-else';
    const { result, warnings } = captureWarnings(() =>
      gridVideos([
        noId,
        { richItemRenderer: { content: { adSlotRenderer: {} } } },
        { richSectionRenderer: { content: {} } },
        { somethingNewRenderer: {} },
        liveLockup('Lv1AbCdEf_0'),
      ]),
    );
    expect(result.videos.map((v) => v.videoId)).toEqual(['Lv1AbCdEf_0']);
    expect(warnings.map((w) => w.field)).toEqual(['videos.items', 'videos.items']);
  });

  it('a continuation answer: the next items and token; the last page (no action) ends the list', () => {
    expect(parseTabContinuation(continuationAnswer([liveLockup('Lv1AbCdEf_0'), continuationEntry('PAGE-3')]))).toMatchObject({
      videos: [{ videoId: 'Lv1AbCdEf_0' }],
      token: 'PAGE-3',
    });
    expect(parseTabContinuation({ responseContext: {} })).toEqual({ videos: [], token: null });
    expect(() => parseTabContinuation({ responseContext: {}, onResponseReceivedActions: [{ somethingElse: {} }] })).toThrow(
      /continuationItems/,
    );
  });

  // A sort chip's answer reloads the chip bar and then the grid, two actions (a public library's
  // recorded 2023 channel answer); our own items in that shape.
  it('a continuation of two actions (the chip bar, then the grid): the grid read, the chip bar skipped, no warning', () => {
    const reload = (items: unknown[]) => ({ reloadContinuationItemsCommand: { continuationItems: items, targetId: 'browse-feedUCabc' } });
    const answer = {
      responseContext: {},
      onResponseReceivedActions: [
        reload([{ feedFilterChipBarRenderer: { contents: [{ chipCloudChipRenderer: { text: { simpleText: 'Popular' } } }] } }]),
        reload([liveLockup('Lv1AbCdEf_0'), continuationEntry('PAGE-3')]),
      ],
    };
    const { result, warnings } = captureWarnings(() => parseTabContinuation(answer));
    expect([result.videos.map((v) => v.videoId), result.token, warnings]).toEqual([['Lv1AbCdEf_0'], 'PAGE-3', []]);
  });
});

describe('videoVideos cursor and requests', () => {
  it('a later page: POST youtubei/v1/browse with the token and client version; the next cursor keeps channel and tab', async () => {
    const ctx = fakeContext(() => json(continuationAnswer([liveLockup('Lv1AbCdEf_0'), continuationEntry('TOKEN-PAGE-3')])));
    const page = await fetchChannelVideos(ctx, { ref: { kind: 'handle', handle: 'hospitalrecords' }, tab: 'videos', cursor: cursorOf() });
    const [req] = ctx.requests;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('https://www.youtube.com/youtubei/v1/browse?prettyPrint=false');
    const body = JSON.parse(req.body!);
    expect(body.continuation).toBe('TOKEN-PAGE-2');
    expect(body.context.client).toMatchObject({ clientName: 'WEB', clientVersion: '2.20250618.01.00', hl: 'en' });
    expect(req.headers!['x-youtube-client-version']).toBe('2.20250618.01.00');
    expect(page.videos.map((v) => v.videoId)).toEqual(['Lv1AbCdEf_0']);
    expect(decodeVideosCursor(page.cursor!)).toEqual(cursorOf({ k: 'TOKEN-PAGE-3' }));
  });

  it('a later page whose next token is the one it was asked with (YouTube looping) is the last page: cursor null, never its own', async () => {
    const ctx = fakeContext(() => json(continuationAnswer([liveLockup('Lv1AbCdEf_0'), continuationEntry('TOKEN-PAGE-2')])));
    const page = await fetchChannelVideos(ctx, { ref: { kind: 'handle', handle: 'hospitalrecords' }, tab: 'videos', cursor: cursorOf() });
    expect(page.videos.map((v) => v.videoId)).toEqual(['Lv1AbCdEf_0']);
    expect(page.cursor).toBeNull();
  });

  it('YouTube refusing the token (400) → INVALID_INPUT on cursor', async () => {
    const ctx = fakeContext(() => ({ status: 400, body: '{"error":{"code":400,"status":"INVALID_ARGUMENT"}}' }));
    await expect(
      fetchChannelVideos(ctx, { ref: { kind: 'handle', handle: 'hospitalrecords' }, tab: 'videos', cursor: cursorOf() }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: [expect.objectContaining({ param: 'cursor' })],
    });
  });

  it('parameters: defaults; a cursor of another channel or tab, or not ours, is INVALID_INPUT on cursor', () => {
    const ok = validateArgs(videoVideos, { handle: '@HospitalRecords', cursor: encodeCursor(cursorOf()) });
    expect(ok).toMatchObject({ ok: true, args: { ref: { kind: 'handle', handle: 'hospitalrecords' }, tab: 'videos', cursor: cursorOf() } });
    expect(validateArgs(videoVideos, { channelId: 'UCw49uOTAJjGUdoAeUcp7tOg', cursor: encodeCursor(cursorOf()) }).ok).toBe(true);
    // A legacy /c/ name cannot be compared without a fetch: its cursor is taken as it is.
    expect(validateArgs(videoVideos, { url: 'https://www.youtube.com/c/hospitalrecords', cursor: encodeCursor(cursorOf()) }).ok).toBe(true);
    for (const [args, message] of [
      [{ handle: 'someoneelse', cursor: encodeCursor(cursorOf()) }, /another channel/],
      [{ channelId: 'UCaaaaaaaaaaaaaaaaaaaaaa', cursor: encodeCursor(cursorOf()) }, /another channel/],
      [{ handle: 'hospitalrecords', tab: 'shorts', cursor: encodeCursor(cursorOf()) }, /videos tab, not shorts/],
      [{ handle: 'hospitalrecords', cursor: 'not a cursor' }, /previous response/],
      [{ handle: 'hospitalrecords', cursor: encodeCursor({ c: 'nope', k: 'x', t: 'videos', h: null, v: null }) }, /previous response/],
    ] as const) {
      const v = validateArgs(videoVideos, args);
      expect(v.ok, JSON.stringify(args)).toBe(false);
      if (!v.ok) expect(v.problems).toEqual([{ param: 'cursor', message: expect.stringMatching(message) }]);
    }
    const tabs = validateArgs(videoVideos, { handle: 'hospitalrecords', tab: 'playlists' });
    expect(tabs.ok).toBe(false);
  });

  it('cache keys: spellings of one channel share one; another tab or cursor does not', () => {
    const key = (a: Record<string, unknown>) => (validateArgs(videoVideos, a) as { cacheKey: string }).cacheKey;
    expect(key({ handle: '@HospitalRecords' })).toBe(key({ url: 'https://www.youtube.com/@hospitalrecords/videos' }));
    expect(key({ handle: 'hospitalrecords', tab: 'shorts' })).not.toBe(key({ handle: 'hospitalrecords' }));
    expect(key({ handle: 'hospitalrecords', cursor: encodeCursor(cursorOf()) })).not.toBe(key({ handle: 'hospitalrecords' }));
  });

  it("a channel nobody has: Google's 404 page → NOT_FOUND", async () => {
    const ctx = fakeContext(() => ({ body: '<html><body><p><b>404.</b> <ins>That’s an error.</ins></p></body></html>' }));
    await expect(
      fetchChannelVideos(ctx, { ref: { kind: 'handle', handle: 'nosuchchannel' }, tab: 'videos', cursor: null }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Video channel @nosuchchannel was not found',
    });
  });
});
