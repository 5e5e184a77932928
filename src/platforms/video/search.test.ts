/**
 * videoSearch: the parser on the real captures (../shared/fixtures/video: the 2026 "test" searches,
 * all and channels, facts from SOURCES.md); playlists, a continuation answer and broken entries on
 * answers of our own (no capture of them exists; shapes as YouTube's playlistRenderer / playlist
 * lockupViewModel and search continuation); the request and the cursor through a fake upstream.
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { validateArgs } from '../operation.js';
import type { SearchCursor } from './search.js';
import {
  decodeSearchCursor,
  fetchVideoSearch,
  parseSearchContinuation,
  parseSearchResponse,
  videoSearch,
  VideoSearchPage,
} from './search.js';
import { encodeCursor } from '../cursor.js';

const LABEL = 'video';
const ALL = 'youtubei-search-test-all-2026-01-26.json';
const CHANNELS = 'youtubei-search-test-channels-2026-01-26.json';

const section = (contents: unknown[]) => ({ itemSectionRenderer: { contents } });
const continuationEntry = (token: string) => ({ continuationItemRenderer: { continuationEndpoint: { continuationCommand: { token } } } });
const firstPage = (sections: unknown[]) => ({
  responseContext: {},
  estimatedResults: '42',
  contents: { twoColumnSearchResultsRenderer: { primaryContents: { sectionListRenderer: { contents: sections } } } },
});
const byline = (name: string, id: string) => ({
  runs: [{ text: name, navigationEndpoint: { browseEndpoint: { browseId: id, canonicalBaseUrl: `/@${name}` } } }],
});
const playlistRenderer = {
  playlistRenderer: {
    playlistId: 'PLa1b2c3d4e5f6',
    title: { simpleText: 'Glazing, start to finish' },
    thumbnails: [{ thumbnails: [{ url: 'https://i.ytimg.com/vi/Ab1Cd2Ef3Gh/hqdefault.jpg', width: 480, height: 270 }] }],
    videoCount: '12',
    videoCountText: { runs: [{ text: '12' }, { text: ' videos' }] },
    shortBylineText: byline('NightOwlCeramics', 'UCabcdefghijklmnopqrstuv'),
  },
};
const playlistLockup = {
  lockupViewModel: {
    contentId: 'PLz9y8x7w6v5u4',
    contentType: 'LOCKUP_CONTENT_TYPE_PLAYLIST',
    contentImage: {
      collectionThumbnailViewModel: {
        primaryThumbnail: {
          thumbnailViewModel: {
            image: { sources: [{ url: 'https://i.ytimg.com/vi/Zz9Yy8Xx7Ww/hqdefault.jpg', width: 480, height: 270 }] },
            overlays: [{ thumbnailOverlayBadgeViewModel: { thumbnailBadges: [{ thumbnailBadgeViewModel: { text: '8 videos' } }] } }],
          },
        },
      },
    },
    metadata: {
      lockupMetadataViewModel: {
        title: { content: 'Kiln builds' },
        metadata: {
          contentMetadataViewModel: {
            metadataRows: [
              {
                metadataParts: [
                  {
                    text: {
                      content: 'Night Owl Ceramics',
                      commandRuns: [{ onTap: { innertubeCommand: { browseEndpoint: { browseId: 'UCabcdefghijklmnopqrstuv' } } } }],
                    },
                  },
                ],
              },
              { metadataParts: [{ text: { content: 'View full playlist' } }] },
            ],
          },
        },
      },
    },
  },
};
const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const cursorOf = (c: Partial<SearchCursor> = {}): SearchCursor => ({
  q: 'wheel throwing',
  y: 'all',
  k: 'TOKEN-2',
  v: '2.20260123.01.00',
  ...c,
});

describe.skipIf(!hasFixtures(LABEL))(`video search captures (${skipReason(LABEL)})`, () => {
  it('"test", all: videos first 6GDBMbMU0ew, waLptFFtlZY, cguSj5lvNto (Streamed…); shelves skipped, no warnings; a next token', () => {
    const { result, warnings } = captureWarnings(() => parseSearchResponse(JSON.parse(readFixture(LABEL, ALL))));
    expect(warnings).toEqual([]);
    // 24 entries: 20 videoRenderer results, 2 Shorts shelves and 2 shelfRenderer shelves.
    expect(result.results).toHaveLength(20);
    expect(result.results.every((r) => r.type === 'video')).toBe(true);
    expect(result.results[0]).toMatchObject({
      type: 'video',
      videoId: '6GDBMbMU0ew',
      title: 'FIRST FOOTAGE of the 2026 F1 Cars at Barcelona Shakedown Test!',
      author: 'BackMarkers F1 Show',
      channelId: 'UC6agiNZlMdGE9yqtQT9n8aw',
      viewCountText: '1,862 views',
      publishedTimeText: '2 hours ago',
      lengthText: '2:16',
    });
    expect(result.results[1]).toMatchObject({
      videoId: 'waLptFFtlZY',
      author: 'WarPulse Media',
      viewCountText: '2,637 views',
      lengthText: '13:20',
    });
    expect(result.results[2]).toMatchObject({
      videoId: 'cguSj5lvNto',
      author: 'SoyMotor',
      publishedTimeText: 'Streamed 13 minutes ago',
      lengthText: '2:02:20',
    });
    expect(result.token).toMatch(/^EqEDEgR0ZXN0/);
    expect(() => VideoSearchPage.parse({ results: result.results, cursor: null })).not.toThrow();
  });

  it('"test", channels: 20 channels; the handle from the canonical URL, the subscriber count from videoCountText (2026 quirk)', () => {
    const { result, warnings } = captureWarnings(() => parseSearchResponse(JSON.parse(readFixture(LABEL, CHANNELS))));
    expect(warnings).toEqual([]);
    expect(result.results).toHaveLength(20);
    expect(result.results[0]).toMatchObject({
      type: 'channel',
      channelId: 'UCZRcA_nO3Kt-SOml2mY8D9g',
      title: 'test',
      handle: 'tutorialismic',
      subscriberCountText: '234k subscribers',
      videoCountText: null,
    });
    expect(result.results[0]).toHaveProperty('description', expect.stringMatching(/^Get your own difficulty faces!/));
    expect(result.results[1]).toMatchObject({
      channelId: 'UCmcguq7AitzCGNPX-x_ycLw',
      title: 'MX TEST',
      handle: 'MXTEST2020',
      subscriberCountText: '646k subscribers',
    });
    expect(result.results[2]).toMatchObject({
      channelId: 'UCmr0l4AQm0Y7hKA0zC-jJVA',
      title: 'Hero Quiz',
      handle: 'heroquiz_',
      subscriberCountText: '1.15m subscribers',
    });
    // Protocol-relative avatars made https.
    const ch = result.results[0] as { thumbnails: { url: string }[] };
    expect(ch.thumbnails[0].url).toMatch(/^https:\/\/yt3\.ggpht\.com\//);
    expect(() => VideoSearchPage.parse({ results: result.results, cursor: null })).not.toThrow();
  });

  it('fetch: POST youtubei/v1/search with the query and the filter params; a cursor bound to query and type', async () => {
    const ctx = fakeContext(() => ({ body: readFixture(LABEL, CHANNELS), headers: { 'content-type': 'application/json' } }));
    const page = await fetchVideoSearch(ctx, { query: 'test', type: 'channel', cursor: null });
    const [req] = ctx.requests;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('https://www.youtube.com/youtubei/v1/search?prettyPrint=false');
    const body = JSON.parse(req.body!);
    expect(body).toMatchObject({ query: 'test', params: 'EgIQAvABAQ%3D%3D', context: { client: { clientName: 'WEB', hl: 'en' } } });
    expect(page.results).toHaveLength(20);
    expect(decodeSearchCursor(page.cursor!)).toMatchObject({ q: 'test', y: 'channel', k: expect.stringMatching(/^EvEFEgR0ZXN0/) });
  });
});

describe('search answers of our own', () => {
  it('playlists: playlistRenderer and the playlist lockupViewModel', () => {
    const { result, warnings } = captureWarnings(() => parseSearchResponse(firstPage([section([playlistRenderer, playlistLockup])])));
    expect(warnings).toEqual([]);
    expect(result.results).toEqual([
      {
        type: 'playlist',
        playlistId: 'PLa1b2c3d4e5f6',
        title: 'Glazing, start to finish',
        videoCountText: '12 videos',
        author: 'NightOwlCeramics',
        channelId: 'UCabcdefghijklmnopqrstuv',
        thumbnails: [{ url: 'https://i.ytimg.com/vi/Ab1Cd2Ef3Gh/hqdefault.jpg', width: 480, height: 270 }],
      },
      {
        type: 'playlist',
        playlistId: 'PLz9y8x7w6v5u4',
        title: 'Kiln builds',
        videoCountText: '8 videos',
        author: 'Night Owl Ceramics',
        channelId: 'UCabcdefghijklmnopqrstuv',
        thumbnails: [{ url: 'https://i.ytimg.com/vi/Zz9Yy8Xx7Ww/hqdefault.jpg', width: 480, height: 270 }],
      },
    ]);
    expect(result.token).toBeNull();
  });

  it('a podcast lockup is a playlist result (its episodes the count); query notices (including results for, crisis help) are no result and no warning', () => {
    const podcast = structuredClone(playlistLockup);
    podcast.lockupViewModel.contentId = 'PLp0d1c2a3s4t5';
    podcast.lockupViewModel.contentType = 'LOCKUP_CONTENT_TYPE_PODCAST';
    podcast.lockupViewModel.contentImage.collectionThumbnailViewModel.primaryThumbnail.thumbnailViewModel.overlays = [
      { thumbnailOverlayBadgeViewModel: { thumbnailBadges: [{ thumbnailBadgeViewModel: { text: '14 episodes' } }] } },
    ];
    const notices = [
      { includingResultsForRenderer: { includingResultsFor: { runs: [{ text: 'Including results for ' }, { text: 'kiln' }] } } },
      { emergencyOneboxRenderer: { title: { simpleText: 'Help is available' } } },
    ];
    const { result, warnings } = captureWarnings(() => parseSearchResponse(firstPage([section([...notices, podcast])])));
    expect(warnings).toEqual([]);
    expect(result.results).toEqual([
      {
        type: 'playlist',
        playlistId: 'PLp0d1c2a3s4t5',
        title: 'Kiln builds',
        videoCountText: '14 episodes',
        author: 'Night Owl Ceramics',
        channelId: 'UCabcdefghijklmnopqrstuv',
        thumbnails: [{ url: 'https://i.ytimg.com/vi/Zz9Yy8Xx7Ww/hqdefault.jpg', width: 480, height: 270 }],
      },
    ]);
  });

  it("a topic's information panels among the results (a clarification box, an info panel) are no result and no warning", () => {
    // Shape from NewPipeExtractor's recorded search answers for a health topic
    // (services/youtube/extractor/search/metaInfo/generated_mock_1|2.json, 2021–2024):
    // itemSectionRenderer.contents[0] a clarificationRenderer ("Get the latest information from …"),
    // a later one an infoPanelContainerRenderer, the videos around them; each was warned as an
    // unknown item on every such page. Our own panels and playlist here.
    const panels = [
      { clarificationRenderer: { text: { runs: [{ text: 'Get the latest kiln-safety guidance from the fire service.' }] } } },
      {
        infoPanelContainerRenderer: {
          icon: { iconType: 'HEALTH_AND_SAFETY' },
          title: { simpleText: 'Kiln safety' },
          content: { infoPanelContentRenderer: { paragraphs: [{ runs: [{ text: 'Keep a kiln room ventilated.' }] }] } },
        },
      },
    ];
    const { result, warnings } = captureWarnings(() => parseSearchResponse(firstPage([section([panels[0], playlistRenderer, panels[1]])])));
    expect(warnings).toEqual([]);
    expect(result.results.map((r) => [r.type, (r as { playlistId?: string }).playlistId])).toEqual([['playlist', 'PLa1b2c3d4e5f6']]);
  });

  it("a collaboration's video: the byline as shown, the channel its Collaborators dialog lists first (the uploader)", () => {
    const collaborators = (names: [string, string][]) => ({
      showDialogCommand: {
        panelLoadingStrategy: {
          inlineContent: {
            dialogViewModel: {
              header: { dialogHeaderViewModel: { headline: { content: 'Collaborators' } } },
              customContent: {
                listViewModel: {
                  listItems: names.map(([name, id]) => ({
                    listItemViewModel: {
                      title: { content: name },
                      rendererContext: { commandContext: { onTap: { innertubeCommand: { browseEndpoint: { browseId: id } } } } },
                    },
                  })),
                },
              },
            },
          },
        },
      },
    });
    const shown = 'Night Owl Ceramics and Kiln Friends';
    const run = {
      text: shown,
      navigationEndpoint: collaborators([
        ['Night Owl Ceramics', 'UCabcdefghijklmnopqrstuv'],
        ['Kiln Friends', 'UCzyxwvutsrqponmlkjihgfe'],
      ]),
    };
    const video = {
      videoRenderer: {
        videoId: 'Cl1Ab2Cd3Ef',
        title: { runs: [{ text: 'Two studios, one kiln' }] },
        thumbnail: { thumbnails: [{ url: 'https://i.ytimg.com/vi/Cl1Ab2Cd3Ef/hqdefault.jpg', width: 480, height: 270 }] },
        ownerText: { runs: [run] },
        longBylineText: { runs: [run] },
        viewCountText: { simpleText: '1,204 views' },
        publishedTimeText: { simpleText: '3 days ago' },
        lengthText: { simpleText: '12:01' },
      },
    };
    const { result, warnings } = captureWarnings(() => parseSearchResponse(firstPage([section([video])])));
    expect(warnings).toEqual([]);
    expect(result.results[0]).toMatchObject({
      type: 'video',
      videoId: 'Cl1Ab2Cd3Ef',
      author: shown,
      channelId: 'UCabcdefghijklmnopqrstuv',
    });
  });

  it('an unknown renderer and a channel without its id are left out (search.items warnings); "no results" is no result', () => {
    const { result, warnings } = captureWarnings(() =>
      parseSearchResponse(
        firstPage([
          section([
            { somethingNewRenderer: {} },
            { channelRenderer: { title: { simpleText: 'x' } } },
            { backgroundPromoRenderer: {} },
            playlistRenderer,
          ]),
        ]),
      ),
    );
    expect(result.results.map((r) => r.type)).toEqual(['playlist']);
    expect(warnings.map((w) => w.field)).toEqual(['search.items', 'search.items']);
  });

  it('a continuation answer: results and the next token; the last page ends the list; another shape → UPSTREAM_FAILED', () => {
    const next = {
      onResponseReceivedCommands: [
        { appendContinuationItemsAction: { continuationItems: [section([playlistRenderer]), continuationEntry('TOKEN-3')] } },
      ],
    };
    expect(parseSearchContinuation(next)).toMatchObject({ results: [{ playlistId: 'PLa1b2c3d4e5f6' }], token: 'TOKEN-3' });
    expect(parseSearchContinuation({ responseContext: {} })).toEqual({ results: [], token: null });
    expect(() => parseSearchContinuation({ onResponseReceivedCommands: [{}] })).toThrow(/continuationItems/);
    expect(() => parseSearchResponse({ contents: {} })).toThrow(/sectionListRenderer/);
  });

  it('a later page: the continuation sent with the cursor client version; YouTube refusing it (400) → INVALID_INPUT on cursor', async () => {
    const ctx = fakeContext(() =>
      json({ onResponseReceivedCommands: [{ appendContinuationItemsAction: { continuationItems: [section([playlistRenderer])] } }] }),
    );
    const page = await fetchVideoSearch(ctx, { query: 'wheel throwing', type: 'all', cursor: cursorOf() });
    const body = JSON.parse(ctx.requests[0].body!);
    expect(body.continuation).toBe('TOKEN-2');
    expect(body.query).toBeUndefined();
    expect(body.context.client.clientVersion).toBe('2.20260123.01.00');
    expect(page).toMatchObject({ results: [{ type: 'playlist' }], cursor: null });
    const refused = fakeContext(() => ({ status: 400, body: '{"error":{"code":400}}' }));
    await expect(fetchVideoSearch(refused, { query: 'wheel throwing', type: 'all', cursor: cursorOf() })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: [expect.objectContaining({ param: 'cursor' })],
    });
  });

  it('a later page whose next token is the one it was asked with (YouTube looping) is the last page: cursor null, never its own', async () => {
    const ctx = fakeContext(() =>
      json({
        onResponseReceivedCommands: [
          { appendContinuationItemsAction: { continuationItems: [section([playlistRenderer]), continuationEntry('TOKEN-2')] } },
        ],
      }),
    );
    const page = await fetchVideoSearch(ctx, { query: 'wheel throwing', type: 'all', cursor: cursorOf() });
    expect(page).toMatchObject({ results: [{ type: 'playlist' }], cursor: null });
    const on = fakeContext(() =>
      json({
        onResponseReceivedCommands: [
          { appendContinuationItemsAction: { continuationItems: [section([playlistRenderer]), continuationEntry('TOKEN-3')] } },
        ],
      }),
    );
    expect(
      decodeSearchCursor((await fetchVideoSearch(on, { query: 'wheel throwing', type: 'all', cursor: cursorOf() })).cursor!),
    ).toMatchObject({ k: 'TOKEN-3' });
  });
});

describe('videoSearch parameters', () => {
  it('defaults: type all, no cursor; the query normalised (one cache entry for spacing variants)', () => {
    expect(validateArgs(videoSearch, { query: '  wheel   throwing ' })).toMatchObject({
      ok: true,
      args: { query: 'wheel throwing', type: 'all', cursor: null },
    });
    const key = (a: Record<string, unknown>) => (validateArgs(videoSearch, a) as { cacheKey: string }).cacheKey;
    expect(key({ query: 'wheel throwing' })).toBe(key({ query: ' wheel  throwing' }));
    expect(key({ query: 'wheel throwing', type: 'video' })).not.toBe(key({ query: 'wheel throwing' }));
  });

  it('a cursor of another query or type, or not ours → INVALID_INPUT on cursor; the matching one is taken', () => {
    expect(validateArgs(videoSearch, { query: 'wheel  throwing', cursor: encodeCursor(cursorOf()) })).toMatchObject({
      ok: true,
      args: { cursor: cursorOf() },
    });
    for (const [args, message] of [
      [{ query: 'glazing', cursor: encodeCursor(cursorOf()) }, /another query/],
      [{ query: 'wheel throwing', type: 'channel', cursor: encodeCursor(cursorOf()) }, /all search, not channel/],
      [{ query: 'wheel throwing', cursor: 'garbage!' }, /previous response/],
      [{ query: 'wheel throwing', cursor: encodeCursor({ q: 'wheel throwing', y: 'shorts', k: 'x', v: null }) }, /previous response/],
    ] as const) {
      const v = validateArgs(videoSearch, args);
      expect(v.ok, JSON.stringify(args)).toBe(false);
      if (!v.ok) expect(v.problems).toEqual([{ param: 'cursor', message: expect.stringMatching(message) }]);
    }
    expect(validateArgs(videoSearch, { query: ' ' }).ok).toBe(false);
  });
});
