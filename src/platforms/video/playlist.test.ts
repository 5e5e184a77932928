/**
 * videoPlaylist. No playlist capture exists in ../shared/fixtures/video: the playlist answers here
 * are our own (samples.ts), written in the shapes of NewPipe's recorded 2026 playlist browse
 * answers (2024+ pageHeaderViewModel and the older playlistHeaderRenderer, the sidebar, the
 * microformat, playlistVideoRenderer items, alerts) — the parser was run over those recordings
 * while it was written; they are not copied here. The item reader's 2025+ lockup path runs on the
 * real @creativecommons browse capture (its lockupViewModel grid, facts from SOURCES.md).
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { encodeCursor } from '../cursor.js';
import { validateArgs } from '../operation.js';
import type { PlaylistCursor } from './playlist.js';
import {
  decodePlaylistCursor,
  durationSeconds,
  exactVideoCount,
  fetchPlaylist,
  parsePlaylistContinuation,
  parsePlaylistResponse,
  parsePlaylistUrl,
  readPlaylistItems,
  videoPlaylist,
  VideoPlaylistPage,
} from './playlist.js';
import { playlistAlertAnswer, playlistBrowseAnswer, playlistContinuationAnswer, TEST_PLAYLIST, TEST_PLAYLIST_VIDEOS } from './samples.js';

const LABEL = 'video';
const CC = 'youtubei-browse-videos-tab-lockup-creativecommons-2026.json';
const ID = TEST_PLAYLIST.playlistId;
const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const cursorOf = (c: Partial<PlaylistCursor> = {}): PlaylistCursor => ({ p: ID, k: 'PAGE-2', v: '2.20260123.01.00', ...c });
const own = (w: { field: string }[]) => w.filter((x) => x.field.startsWith('playlist'));

describe.skipIf(!hasFixtures(LABEL))(`playlist items on the real lockup capture (${skipReason(LABEL)})`, () => {
  it('@creativecommons 2026 lockupViewModel grid read as playlist items: 30 videos, item 1–3 ids and durations; no warnings', () => {
    const data = JSON.parse(readFixture(LABEL, CC));
    const tabs = data.contents.twoColumnBrowseResultsRenderer.tabs as { tabRenderer: { selected?: boolean; content?: any } }[];
    const grid = tabs.find((t) => t.tabRenderer.selected)!.tabRenderer.content.richGridRenderer.contents as unknown[];
    const { result, warnings } = captureWarnings(() => readPlaylistItems(grid));
    expect(warnings).toEqual([]);
    expect(result.videos).toHaveLength(30);
    expect(result.videos[0]).toMatchObject({
      videoId: 'BD-LB23rRBE',
      title: 'Expert Panel III: Global Perspectives on Open Heritage and Diversity, Inclusion, and Sustainability',
      lengthText: '1:07:34',
      lengthSeconds: 4054,
      isPlayable: null,
    });
    expect(result.videos.slice(1, 3).map((v) => [v.videoId, v.lengthText, v.lengthSeconds])).toEqual([
      ['ea1MAxH0KJc', '33:52', 2032],
      ['zXhTF-T24fw', '53:29', 3209],
    ]);
    expect(result.token).toEqual(expect.any(String));
    // A channel tab links to no playlist: nothing to compare.
    expect(result.linked.every((id) => id === null)).toBe(true);
  });
});

describe.skipIf(!hasFixtures(LABEL))(`a channel's videos tab served for a playlist (${skipReason(LABEL)})`, () => {
  it('the real Bulwark channel videos answer names no playlist: UPSTREAM_FAILED, never its videos as the playlist', async () => {
    const body = readFixture(LABEL, 'ytinitialdata-channel-videos-bulwark.json');
    await expect(
      fetchPlaylist(
        fakeContext(() => ({ body, headers: { 'content-type': 'application/json' } })),
        { id: ID, cursor: null },
      ),
    ).rejects.toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('names no playlist') });
  });
});

describe('the first browse answer (ours, in the 2026 shapes)', () => {
  it('2024+ pageHeaderViewModel: header, owner, counts, sidebar "last updated", privacy; items with index, length, channel; the token', () => {
    const answer = playlistBrowseAnswer(TEST_PLAYLIST, TEST_PLAYLIST_VIDEOS, 'PAGE-2');
    const { result, warnings } = captureWarnings(() => parsePlaylistResponse(answer, ID));
    expect(own(warnings)).toEqual([]);
    expect(result.info).toEqual({
      playlistId: ID,
      title: 'Workshop basics',
      description: 'Sharpening, glue-ups and finishes: start here.',
      owner: { name: 'Night Owl Workshop', channelId: 'UCn1ghtOw1W0rkSh0pTest01', handle: 'nightowlworkshop' },
      videoCount: 3,
      videoCountText: '3 videos',
      viewCountText: '12,408 views',
      lastUpdatedText: 'Last updated on 4 Mar 2026',
      privacy: 'PUBLIC',
      thumbnails: expect.arrayContaining([expect.objectContaining({ url: expect.stringContaining('/vi/Nw1AbCdEf_0/') })]),
    });
    expect(result.videos[0]).toEqual({
      videoId: 'Nw1AbCdEf_0',
      title: 'Sharpening a card scraper',
      index: 1,
      lengthSeconds: 724,
      lengthText: '12:04',
      channel: { name: 'Night Owl Workshop', channelId: 'UCn1ghtOw1W0rkSh0pTest01' },
      isPlayable: true,
      thumbnails: expect.any(Array),
    });
    // A private video: no length, no byline, not playable — its fields null, not a crash.
    expect(result.videos[1]).toMatchObject({
      videoId: 'Nw1AbCdEf_1',
      title: '[Private video]',
      index: 2,
      lengthSeconds: null,
      lengthText: null,
      channel: { name: null, channelId: null },
      isPlayable: false,
    });
    expect(result.videos[2]).toMatchObject({ index: 3, lengthSeconds: 3723, channel: { channelId: 'UCb3nchN0tesTest00000001' } });
    expect(result.token).toBe('PAGE-2');
    expect(new Set([...result.ids, ...result.linked].filter(Boolean))).toEqual(new Set([ID]));
  });

  it('the older playlistHeaderRenderer: the same facts; its privacy UNLISTED', () => {
    const answer = playlistBrowseAnswer({ ...TEST_PLAYLIST, unlisted: true }, TEST_PLAYLIST_VIDEOS, null, 'renderer');
    const { result, warnings } = captureWarnings(() => parsePlaylistResponse(answer, ID));
    expect(own(warnings)).toEqual([]);
    expect(result.info).toMatchObject({
      title: 'Workshop basics',
      description: 'Sharpening, glue-ups and finishes: start here.',
      owner: { name: 'Night Owl Workshop', channelId: 'UCn1ghtOw1W0rkSh0pTest01', handle: 'nightowlworkshop' },
      videoCount: 3,
      viewCountText: '12,408 views',
      privacy: 'UNLISTED',
    });
    expect(result.ids).toContain(ID);
    expect(result.token).toBeNull();
  });

  it('missing parts degrade one field at a time: no sidebar, no microformat, no owner, no description, rounded count', () => {
    const answer = playlistBrowseAnswer({ ...TEST_PLAYLIST, owner: null, description: null, videos: '1.2K videos' }, TEST_PLAYLIST_VIDEOS);
    delete answer.sidebar;
    delete answer.microformat;
    const { result, warnings } = captureWarnings(() => parsePlaylistResponse(answer, ID));
    expect(own(warnings)).toEqual([]);
    expect(result.info).toMatchObject({
      title: 'Workshop basics',
      description: null,
      owner: null,
      videoCount: null,
      videoCountText: '1.2K videos',
      viewCountText: '12,408 views',
      lastUpdatedText: null,
      privacy: null,
    });
    expect(result.videos).toHaveLength(3);
  });

  it('an empty playlist: no list in the section → videos [], no token', () => {
    const answer = playlistBrowseAnswer({ ...TEST_PLAYLIST, videos: 'No videos' }, []) as any;
    const section = answer.contents.twoColumnBrowseResultsRenderer.tabs[0].tabRenderer.content.sectionListRenderer.contents[0];
    section.itemSectionRenderer.contents = [{ messageRenderer: { text: { simpleText: 'There are no videos in this playlist yet' } } }];
    const r = parsePlaylistResponse(answer, ID);
    expect([r.videos, r.token, r.info.videoCount]).toEqual([[], null, 0]);
  });

  // A playlist in seasons (a course, a show): its list follows a section of its own holding
  // `playlistShowMetadataRenderer` and the season menu (a public library's recorded 2023 answer).
  it('a playlist in seasons: the list in the section after the season menu is read, no warning', () => {
    const answer = playlistBrowseAnswer(TEST_PLAYLIST, TEST_PLAYLIST_VIDEOS) as any;
    const sections = answer.contents.twoColumnBrowseResultsRenderer.tabs[0].tabRenderer.content.sectionListRenderer.contents;
    sections.unshift({
      itemSectionRenderer: {
        contents: [
          { playlistShowMetadataRenderer: { collection: { sortFilterSubMenuRenderer: { title: 'Season 1', subMenuItems: [] } } } },
        ],
      },
    });
    const { result, warnings } = captureWarnings(() => parsePlaylistResponse(answer, ID));
    expect([result.videos.map((v) => v.videoId), warnings]).toEqual([TEST_PLAYLIST_VIDEOS.map((v) => v.videoId), []]);
  });

  it('an item without its id or of an unknown kind is left out (warned playlist.items)', () => {
    const items = TEST_PLAYLIST_VIDEOS.map((v) => playlistBrowseAnswer(TEST_PLAYLIST, [v]) as any).map(
      (a) =>
        a.contents.twoColumnBrowseResultsRenderer.tabs[0].tabRenderer.content.sectionListRenderer.contents[0].itemSectionRenderer
          .contents[0].playlistVideoListRenderer.contents[0],
    );
    delete items[0].playlistVideoRenderer.videoId;
    const { result, warnings } = captureWarnings(() => readPlaylistItems([...items, { somethingNewRenderer: {} }]));
    expect(result.videos.map((v) => v.videoId)).toEqual(['Nw1AbCdEf_1', 'Nw1AbCdEf_2']);
    expect(warnings.map((w) => w.field)).toEqual(['playlist.items', 'playlist.items']);
  });

  it('alerts: "This playlist is private." → PRIVATE_CONTENT; "The playlist does not exist." and other refusals → NOT_FOUND', () => {
    expect(() => parsePlaylistResponse(playlistAlertAnswer('This playlist is private.'), ID)).toThrow(
      expect.objectContaining({ code: 'PRIVATE_CONTENT' }),
    );
    for (const text of ['The playlist does not exist.', 'This playlist type is unviewable.'])
      expect(() => parsePlaylistResponse(playlistAlertAnswer(text), ID)).toThrow(
        expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining(text) }),
      );
    // An INFO alert is no refusal.
    const answer = playlistBrowseAnswer(TEST_PLAYLIST, TEST_PLAYLIST_VIDEOS);
    answer.alerts = [
      { alertWithButtonRenderer: { type: 'INFO', text: { simpleText: 'Unavailable videos will be hidden during playback' } } },
    ];
    expect(parsePlaylistResponse(answer, ID).videos).toHaveLength(3);
  });

  it("a channel's Shorts playlist: a grid of Shorts (reelItemRenderer, shortsLockupViewModel) instead of the list — each a video, linked to the playlist; no warning", () => {
    // Shape from NewPipeExtractor's recorded first browse answers for YouTube's own Shorts playlist
    // UUSHBR8-60-B28hp2BmDPdntcQ (extractor/playlist/shortsUI/generated_mock_2.json, 2023-12:
    // 100 richItemRenderer > reelItemRenderer; 2024-11: 100 richItemRenderer > shortsLockupViewModel),
    // in itemSectionRenderer.contents[0].richGridRenderer — read as no videos and one warning before.
    // Our own playlist and Shorts here.
    const answer = playlistBrowseAnswer(TEST_PLAYLIST, []) as any;
    const reel = {
      reelItemRenderer: {
        videoId: 'Sh0rtA1b2C3',
        headline: { simpleText: 'Pulling a handle' },
        viewCountText: { simpleText: '3.1K views' },
        thumbnail: { thumbnails: [{ url: 'https://i.ytimg.com/vi/Sh0rtA1b2C3/frame0.jpg', width: 1080, height: 1920 }] },
        navigationEndpoint: { reelWatchEndpoint: { videoId: 'Sh0rtA1b2C3', playlistId: ID } },
      },
    };
    const lockup = {
      shortsLockupViewModel: {
        entityId: 'shorts-shelf-item-Sh0rtD4e5F6',
        thumbnail: { sources: [{ url: 'https://i.ytimg.com/vi/Sh0rtD4e5F6/oar2.jpg', width: 405, height: 720 }] },
        onTap: { innertubeCommand: { reelWatchEndpoint: { videoId: 'Sh0rtD4e5F6', playlistId: ID } } },
        indexInCollection: 0,
        overlayMetadata: { primaryText: { content: 'Glaze drip close-up' }, secondaryText: { content: '880 views' } },
      },
    };
    answer.contents.twoColumnBrowseResultsRenderer.tabs[0].tabRenderer.content.sectionListRenderer.contents[0].itemSectionRenderer.contents =
      [{ richGridRenderer: { contents: [{ richItemRenderer: { content: reel } }, { richItemRenderer: { content: lockup } }] } }];
    const { result, warnings } = captureWarnings(() => parsePlaylistResponse(answer, ID));
    expect(warnings).toEqual([]);
    expect(result.videos.map((v) => [v.videoId, v.title, v.index, v.lengthText])).toEqual([
      ['Sh0rtA1b2C3', 'Pulling a handle', null, null],
      ['Sh0rtD4e5F6', 'Glaze drip close-up', null, null],
    ]);
    expect(result.linked).toEqual([ID, ID]);
  });

  it('an answer with neither header nor sidebar, or without the list, is a changed shape (UPSTREAM_FAILED)', () => {
    const noHeader = playlistBrowseAnswer(TEST_PLAYLIST, TEST_PLAYLIST_VIDEOS);
    delete noHeader.header;
    delete noHeader.sidebar;
    expect(() => parsePlaylistResponse(noHeader, ID)).toThrow(expect.objectContaining({ code: 'UPSTREAM_FAILED' }));
    const noList = playlistBrowseAnswer(TEST_PLAYLIST, TEST_PLAYLIST_VIDEOS);
    delete noList.contents;
    expect(() => parsePlaylistResponse(noList, ID)).toThrow(expect.objectContaining({ code: 'UPSTREAM_FAILED' }));
  });
});

describe('continuations', () => {
  it('appendContinuationItemsAction: the next items and token; a last page without an action ends the list', () => {
    const r = parsePlaylistContinuation(playlistContinuationAnswer(ID, TEST_PLAYLIST_VIDEOS.slice(2), 'PAGE-3'));
    expect(r).toMatchObject({ videos: [{ videoId: 'Nw1AbCdEf_2', index: 3 }], token: 'PAGE-3', linked: [ID, null] });
    expect(parsePlaylistContinuation({ responseContext: {} })).toEqual({ videos: [], token: null, linked: [] });
    expect(() => parsePlaylistContinuation({ responseContext: {}, onResponseReceivedActions: [{ other: {} }] })).toThrow(
      /continuationItems/,
    );
  });
});

describe('videoPlaylist requests, identity and cursor', () => {
  it('first page: POST browse with browseId VL<id> and the WEB client (English); the cursor binds the token to the playlist', async () => {
    const ctx = fakeContext(() => json(playlistBrowseAnswer(TEST_PLAYLIST, TEST_PLAYLIST_VIDEOS, 'PAGE-2')));
    const page = await fetchPlaylist(ctx, { id: ID, cursor: null });
    expect(VideoPlaylistPage.parse(page)).toEqual(page);
    const [req] = ctx.requests;
    expect([req.method, req.url]).toEqual(['POST', 'https://www.youtube.com/youtubei/v1/browse?prettyPrint=false']);
    const body = JSON.parse(req.body!);
    expect(body.browseId).toBe(`VL${ID}`);
    expect(body.context.client).toMatchObject({ clientName: 'WEB', hl: 'en' });
    expect(page.playlist?.title).toBe('Workshop basics');
    expect(decodePlaylistCursor(page.cursor!)).toEqual({ p: ID, k: 'PAGE-2', v: body.context.client.clientVersion });
  });

  it('a later page: the continuation token; playlist null; the cursor pages on, null at the end', async () => {
    const ctx = fakeContext(() => json(playlistContinuationAnswer(ID, TEST_PLAYLIST_VIDEOS.slice(2))));
    const page = await fetchPlaylist(ctx, { id: ID, cursor: cursorOf() });
    expect(JSON.parse(ctx.requests[0].body!).continuation).toBe('PAGE-2');
    expect(page).toMatchObject({ playlist: null, videos: [{ videoId: 'Nw1AbCdEf_2' }], cursor: null });
  });

  it('a later page whose next token is the one it was asked with (YouTube looping) is the last page: cursor null, never its own', async () => {
    const ctx = fakeContext(() => json(playlistContinuationAnswer(ID, TEST_PLAYLIST_VIDEOS.slice(2), 'PAGE-2')));
    const page = await fetchPlaylist(ctx, { id: ID, cursor: cursorOf() });
    expect(page).toMatchObject({ playlist: null, videos: [{ videoId: 'Nw1AbCdEf_2' }], cursor: null });
  });

  it('another playlist in the answer (canonical URL, header id or an item link) → UPSTREAM_FAILED', async () => {
    const other = 'PLs0me0therPlaylistTest0000000001';
    const byCanonical = playlistBrowseAnswer(TEST_PLAYLIST, TEST_PLAYLIST_VIDEOS);
    (byCanonical.microformat as any).microformatDataRenderer.urlCanonical = `http://www.youtube.com/playlist?list=${other}`;
    const byHeader = playlistBrowseAnswer(TEST_PLAYLIST, TEST_PLAYLIST_VIDEOS, null, 'renderer');
    (byHeader.header as any).playlistHeaderRenderer.playlistId = other;
    for (const answer of [byCanonical, byHeader, playlistBrowseAnswer({ ...TEST_PLAYLIST, playlistId: other }, TEST_PLAYLIST_VIDEOS)])
      await expect(
        fetchPlaylist(
          fakeContext(() => json(answer)),
          { id: ID, cursor: null },
        ),
      ).rejects.toMatchObject({
        code: 'UPSTREAM_FAILED',
        message: expect.stringContaining(other),
      });
    const later = playlistContinuationAnswer(other, TEST_PLAYLIST_VIDEOS);
    await expect(
      fetchPlaylist(
        fakeContext(() => json(later)),
        { id: ID, cursor: cursorOf() },
      ),
    ).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
    });
  });

  it('a first answer naming no playlist at all (no header id, canonical URL, sidebar link or item link) → UPSTREAM_FAILED', async () => {
    const answer = playlistBrowseAnswer(TEST_PLAYLIST, []) as any;
    delete answer.sidebar;
    delete answer.microformat;
    await expect(
      fetchPlaylist(
        fakeContext(() => json(answer)),
        { id: ID, cursor: null },
      ),
    ).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringContaining('names no playlist'),
    });
    // the same answer with one item linking to the playlist is the playlist
    const withItem = playlistBrowseAnswer(TEST_PLAYLIST, TEST_PLAYLIST_VIDEOS.slice(0, 1)) as any;
    delete withItem.sidebar;
    delete withItem.microformat;
    expect(
      (
        await fetchPlaylist(
          fakeContext(() => json(withItem)),
          { id: ID, cursor: null },
        )
      ).videos,
    ).toHaveLength(1);
  });

  it('YouTube refusing the token (400) → INVALID_INPUT on cursor; a 404 on the first request → NOT_FOUND', async () => {
    const refused = fakeContext(() => ({ status: 400, body: '{"error":{"code":400,"status":"INVALID_ARGUMENT"}}' }));
    await expect(fetchPlaylist(refused, { id: ID, cursor: cursorOf() })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: [expect.objectContaining({ param: 'cursor' })],
    });
    const gone = fakeContext(() => ({ status: 404, body: '{"error":{"code":404}}' }));
    await expect(fetchPlaylist(gone, { id: ID, cursor: null })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('parameters: URL spellings; LL, WL, LM and RD… mixes refused with a reason; a cursor of another playlist is INVALID_INPUT', () => {
    for (const url of [
      `https://www.youtube.com/playlist?list=${ID}`,
      `https://m.youtube.com/watch?v=Nw1AbCdEf_0&list=${ID}&index=2`,
      `https://music.youtube.com/playlist?list=${ID}`,
      `youtube.com/playlist?list=${ID}`,
      `https://youtu.be/Nw1AbCdEf_0?list=${ID}`,
    ])
      expect([url, parsePlaylistUrl(url)]).toEqual([url, ID]);
    for (const url of ['https://www.youtube.com/watch?v=Nw1AbCdEf_0', `https://example.com/playlist?list=${ID}`, 'not a url'])
      expect(parsePlaylistUrl(url)).toBeNull();
    expect(validateArgs(videoPlaylist, { id: ` ${ID} ` })).toMatchObject({ ok: true, args: { id: ID, cursor: null } });
    expect(
      validateArgs(videoPlaylist, { url: `https://www.youtube.com/playlist?list=OLAK5uy_kTestAlbumId0000000000000000` }),
    ).toMatchObject({
      ok: true,
      args: { id: 'OLAK5uy_kTestAlbumId0000000000000000' },
    });
    for (const [args, param, message] of [
      [{ id: 'LL' }, 'id', /viewer's own list/],
      [{ id: 'WL' }, 'id', /viewer's own list/],
      [{ url: 'https://www.youtube.com/playlist?list=LM' }, 'url', /viewer's own list/],
      [{ id: 'RDdQw4w9WgXcQ' }, 'id', /mixes YouTube generates for each viewer/],
      [{ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=RDdQw4w9WgXcQ' }, 'url', /mixes/],
      [{ id: 'PL bad id' }, 'id', /playlist id/],
      [{ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }, 'url', /playlist URL/],
      [{ id: ID, cursor: encodeCursor(cursorOf({ p: 'PLs0me0therPlaylistTest0000000001' })) }, 'cursor', /another playlist/],
      [{ id: ID, cursor: 'not a cursor' }, 'cursor', /previous response/],
    ] as const) {
      const v = validateArgs(videoPlaylist, args);
      expect(v.ok, JSON.stringify(args)).toBe(false);
      if (!v.ok) expect(v.problems).toEqual([{ param, message: expect.stringMatching(message) }]);
    }
    const both = validateArgs(videoPlaylist, { id: ID, url: `https://www.youtube.com/playlist?list=${ID}` });
    expect(both.ok).toBe(false);
  });

  it('cache keys: the id and its URLs share one; another id (case matters) or a cursor does not', () => {
    const key = (a: Record<string, unknown>) => (validateArgs(videoPlaylist, a) as { cacheKey: string }).cacheKey;
    expect(key({ id: ID })).toBe(key({ url: `https://www.youtube.com/watch?v=Nw1AbCdEf_0&list=${ID}` }));
    expect(key({ id: ID })).not.toBe(key({ id: ID.toLowerCase() }));
    expect(key({ id: ID, cursor: encodeCursor(cursorOf()) })).not.toBe(key({ id: ID }));
  });

  it('text helpers: durations and exact video counts', () => {
    expect([durationSeconds('3:33'), durationSeconds('1:02:03'), durationSeconds('LIVE'), durationSeconds(null)]).toEqual([
      213,
      3723,
      null,
      null,
    ]);
    expect(['4,999 videos', '1 video', 'No videos', '1.2K videos', null].map(exactVideoCount)).toEqual([4999, 1, 0, null, null]);
  });
});
