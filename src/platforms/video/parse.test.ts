import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { wallError } from '../../../test/blocks/wall-answer.js';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors.js';
import { FIXTURES_DIR, hasFixtures, hasPeerExample, readFixture, skipReason } from '../../../test/support/fixtures.js';
import {
  channelCacheKey,
  channelPageUrl,
  handleFromChannelUrl,
  normalizeHandle,
  parseChannelInput,
  parseChannelUrl,
} from './channel-ref.js';
import { parseCount } from '../../parse/counts.js';
import { captureWarnings } from '../../parse/index.js';
import { parseJoinedDate } from './dates.js';
import { aboutRequestBody, fetchChannel } from './fetch.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import type { AboutPanel, ChannelPage } from './parse.js';
import {
  buildChannelRecord,
  descriptionUrls,
  extractYtInitialData,
  FIXED_KEYS,
  keywordsToTags,
  parseAboutResponse,
  parseAboutViewModel,
  parseChannelHtml,
  parseChannelPage,
  ytText,
} from './parse.js';
import {
  aboutBrowseResponse,
  aboutPanelCommand,
  aboutPageInitialData,
  aboutViewModel,
  channelHtml,
  channelInitialData,
  channelMissingInitialData,
  CONSENT_HTML,
  legacyAboutPageInitialData,
  NIGHT_OWL,
  NIGHT_OWL_LINKS,
  nightOwlAbout,
  NOT_FOUND_HTML,
  shownLink,
  TEST_CLIENT_VERSION,
} from './samples.js';

const LABEL = 'video';
const HOSPITAL = 'channel-videos-tab-hospitalrecords.html';
const BULWARK = 'ytinitialdata-channel-videos-bulwark.json';
const KURZGESAGT = 'youtubei-browse-videos-kurzgesagt.newpipe-mock.json';

/** api.md "Video channel" field order; platform URL fields sit between store and links. */
const LEADING_KEYS = [
  'channelId',
  'channel',
  'name',
  'avatar',
  'description',
  'subscriberCount',
  'subscriberCountText',
  'videoCountText',
  'viewCountText',
  'joinedDateText',
  'tags',
  'email',
  'store',
];
const TRAILING_KEYS = ['links', 'country'];

type Obj = Record<string, any>;

function expectApiError(fn: () => unknown, code: string, message?: RegExp): void {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(ApiError);
  expect((caught as ApiError).code).toBe(code);
  if (message) expect((caught as ApiError).message).toMatch(message);
}

// Test-side readers for the parts of the captures that are not in the channel record (tabs, the
// Videos grid): they let every SOURCES.md fact be asserted against the parsed capture.
function tabs(data: Obj): { title: string; selected: boolean }[] {
  return data.contents.twoColumnBrowseResultsRenderer.tabs
    .map((t: Obj) => t.tabRenderer)
    .filter(Boolean)
    .map((t: Obj) => ({ title: t.title, selected: t.selected === true }));
}
function videoRenderers(data: Obj): Obj[] {
  const selected = data.contents.twoColumnBrowseResultsRenderer.tabs.map((t: Obj) => t.tabRenderer).find((t: Obj) => t?.selected);
  return selected.content.richGridRenderer.contents.map((i: Obj) => i.richItemRenderer?.content?.videoRenderer).filter(Boolean);
}

/** A hand-written about panel for a captured channel (no about-panel capture exists; values invented, ids from the capture). */
function inventedAbout(channelId: string, handle: string, links: { title: string; url: string }[]): AboutPanel {
  return parseAboutViewModel(
    aboutViewModel({
      channelId,
      handle,
      description: 'invented for the test',
      country: 'United Kingdom',
      subscribers: null,
      videos: '3,412 videos',
      views: '271,690,163 views',
      joined: 'Joined 19 Jul 2006',
      links,
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Real captures (read in place from ../shared/fixtures/video; facts from its SOURCES.md)
// ---------------------------------------------------------------------------------------------

describe.skipIf(!hasFixtures('blocks/video'))(`www.youtube.com's real 404 page (${skipReason('blocks/video')})`, () => {
  const GOOGLE_404 = 'www-youtube-com-404-google-error-page-2026.html';
  const html = () => readFixture('blocks/video', GOOGLE_404);

  it("Google's error page (the answer for a handle or channel id nobody has) → NOT_FOUND", () => {
    expect(html()).toContain('<title>Error 404 (Not Found)!!1</title>');
    expectApiError(() => parseChannelHtml(html()), 'NOT_FOUND');
  });

  it('the same page with its sentences in German (our own edit of the capture: only the words change) → NOT_FOUND', () => {
    const german = html()
      .replace('Error 404 (Not Found)!!1', 'Fehler 404 (Nicht gefunden)!!1')
      .replace('That’s an error.', 'Das ist ein Fehler.')
      .replace('was not found on this server.', 'wurde auf diesem Server nicht gefunden.')
      .replace('That’s all we know.', 'Mehr wissen wir nicht.');
    expect(german).not.toMatch(/Not Found|error\./);
    expectApiError(() => parseChannelHtml(german), 'NOT_FOUND');
  });
});

describe.skipIf(!hasFixtures(LABEL))(`video captures (${skipReason(LABEL)})`, () => {
  describe(HOSPITAL, () => {
    const html = () => readFixture(LABEL, HOSPITAL);
    const page = () => parseChannelHtml(html());

    it('channelMetadataRenderer: title, externalId, vanity URL; client version from the page', () => {
      const p = page();
      expect(p.title).toBe('Hospital Records');
      expect(p.channelId).toBe('UCw49uOTAJjGUdoAeUcp7tOg');
      expect(p.vanityChannelUrl).toBe('http://www.youtube.com/@hospitalrecords');
      expect(p.channelUrl).toBe('https://www.youtube.com/channel/UCw49uOTAJjGUdoAeUcp7tOg');
      expect(p.clientVersion).toBe('2.20250618.01.00');
      expect(p.visitorData).toMatch(/^Cgt/);
    });

    // Scrapers of youtube.com record the object assigned in more spellings than `var` and
    // `window["…"]` (yt-dlp's _YT_INITIAL_DATA_RE takes any `ytInitialData =`; others list
    // `window.ytInitialData = {…}` and a bare `ytInitialData={…}` as observed forms): this page,
    // rewritten at run time to each, reads as the page itself.
    it.each(['window.ytInitialData = ', 'ytInitialData=', 'window . ytInitialData =', "window['ytInitialData'] = "])(
      'the same page with %j for `var ytInitialData = ` reads the same',
      (spelling) => {
        const variant = html().replace('var ytInitialData = ', spelling);
        expect(variant).not.toContain('var ytInitialData');
        expect(parseChannelHtml(variant)).toEqual(page());
      },
    );

    it("look-alikes are not the page data: another object's property, a longer name, a quoted mention", () => {
      const data = extractYtInitialData(html())!;
      for (const spelling of ['a.ytInitialData = ', 'myytInitialData = ', '"ytInitialData = "+', "'ytInitialData='+"]) {
        const variant = html().replace('var ytInitialData = ', spelling);
        expect(extractYtInitialData(variant), spelling).toBeNull();
      }
      // A look-alike before the real assignment is passed over, and so is a bare mention of no JSON.
      const both = html().replace('var ytInitialData = ', `x.ytInitialData = {"decoy":1};\nvar ytInitialData = `);
      expect(extractYtInitialData(both)).toEqual(data);
      const mention = html().replace('<body', '<body><p>ytInitialData = {the page data}</p');
      expect(mention).toContain('ytInitialData = {the page data}');
      expect(extractYtInitialData(mention)).toEqual(data);
      // Only assignments of no JSON: still a changed shape, never an empty page.
      expect(() => extractYtInitialData('<p>ytInitialData = {a}</p><script>var ytInitialData = {b};</script>')).toThrow(
        /parseable ytInitialData/,
      );
    });

    it('one ytInitialData; <title> and canonical link', () => {
      const h = html();
      expect(h.match(/var ytInitialData = /g)).toHaveLength(1);
      expect(/<title>([^<]*)<\/title>/.exec(h)?.[1]).toBe('Hospital Records - YouTube');
      expect(/<link rel="canonical" href="([^"]+)"/.exec(h)?.[1]).toBe('https://www.youtube.com/channel/UCw49uOTAJjGUdoAeUcp7tOg');
    });

    it('header metadata rows: @hospitalrecords, 551K subscribers (551 thousand), 3.4K videos', () => {
      const p = page();
      expect(p.handle).toBe('hospitalrecords');
      expect(p.subscriberCountText).toBe('551K subscribers');
      expect(p.subscriberCountLabel).toBe('551 thousand subscribers');
      expect(p.videoCountText).toBe('3.4K videos');
      expect(parseCount(p.subscriberCountText)).toBe(551_000);
      expect(parseCount(p.subscriberCountLabel)).toBe(551_000);
      expect(parseCount(p.videoCountText)).toBe(3_400);
    });

    it('header attribution: hospitalrecords.ffm.to/fresh, "and 5 more links"; about-panel token present', () => {
      const p = page();
      expect(p.headerLink).toEqual({
        text: 'hospitalrecords.ffm.to/fresh',
        url: 'https://hospitalrecords.ffm.to/fresh',
        more: 'and 5 more links',
      });
      expect(p.aboutToken).toMatch(/^4qmFsgJgEhhVQ3c0OXVPVEFKakdVZG9BZVVjcDd0T2ca/);
      expect(p.about).toBeNull();
      expect(html()).not.toContain('aboutChannelViewModel');
      expect(html()).not.toContain('c4TabbedHeaderRenderer');
    });

    it('Videos tab selected, 30 videoRenderer items; the first one', () => {
      const data = extractYtInitialData(html())!;
      expect(tabs(data).find((t) => t.selected)?.title).toBe('Videos');
      const videos = videoRenderers(data);
      expect(videos).toHaveLength(30);
      expect(videos[0].videoId).toBe('54GLfp51D6o');
      expect(ytText(videos[0].title)).toBe('Kyrist & Mantmast | Live @ Hospitality On The Beach 2024');
      expect(ytText(videos[0].viewCountText)).toBe('4,413 views');
      expect(parseCount(ytText(videos[0].viewCountText))).toBe(4_413);
      expect(ytText(videos[0].publishedTimeText)).toBe('9 days ago');
      expect(ytText(videos[0].lengthText)).toBe('56:56');
    });

    it('description starts with "The official Hospital Records channel ✅"; keywords become comma-separated tags', () => {
      const p = page();
      expect(p.description?.startsWith('The official Hospital Records channel ✅')).toBe(true);
      const tags = keywordsToTags(p.keywords)!;
      expect(tags.startsWith('hospital records, drum and bass, dnb, music, netsky')).toBe(true);
      expect(tags.split(', ')).toContain('camo & krooked');
      expect(tags.endsWith('dj, mr suicide sheep')).toBe(true);
    });

    it('with a hand-written about panel: a whole record (avatar as the header gives it)', () => {
      const p = page();
      const about = inventedAbout(p.channelId, 'hospitalrecords', [
        { title: 'Spotify', url: 'https://hospitalrecords.ffm.to/fresh' },
        { title: 'Instagram', url: 'https://www.instagram.com/hospitalrecords' },
        { title: 'Store', url: 'https://store.hospitalrecords.com/' },
      ]);
      const r = buildChannelRecord(p, about) as unknown as Obj;
      expect(Object.keys(r)).toEqual([...LEADING_KEYS, 'social-b', ...TRAILING_KEYS]);
      expect(r).toMatchObject({
        channelId: 'UCw49uOTAJjGUdoAeUcp7tOg',
        channel: 'http://www.youtube.com/@hospitalrecords',
        name: 'Hospital Records',
        description: 'invented for the test',
        // The panel has no subscriber text here: the header's is used.
        subscriberCount: 551_000,
        subscriberCountText: '551K subscribers',
        videoCountText: '3,412 videos',
        email: null,
        store: 'https://store.hospitalrecords.com/',
        'social-b': 'https://www.instagram.com/hospitalrecords',
        links: ['https://hospitalrecords.ffm.to/fresh', 'https://www.instagram.com/hospitalrecords', 'https://store.hospitalrecords.com/'],
      });
      expect(r.avatar.avatarImageSize).toBe('AVATAR_SIZE_XL');
      expect(r.avatar.image.sources.map((s: Obj) => s.width)).toEqual([72, 120, 160]);
      expect(r.avatar.image.sources[0].url).toMatch(/^https:\/\/yt3\.googleusercontent\.com\/ytc\/.*=s72-c-k-c0x00ffffff-no-rj$/);
      expect(r.avatar.loggingDirectives.trackingParams).toBeTruthy();
    });
  });

  describe(BULWARK, () => {
    const data = () => JSON.parse(readFixture(LABEL, BULWARK)) as Obj;

    it('channelMetadataRenderer and header: The Bulwark, @bulwarkmedia, 1.33M subscribers, 5.3K videos, thebulwark.com', () => {
      const p = parseChannelPage(data());
      expect(p.title).toBe('The Bulwark');
      expect(p.channelId).toBe('UCG4Hp1KbGw4e02N7FpPXDgQ');
      expect(p.vanityChannelUrl).toBe('http://www.youtube.com/@bulwarkmedia');
      expect(p.handle).toBe('bulwarkmedia');
      expect(p.subscriberCountText).toBe('1.33M subscribers');
      expect(parseCount(p.subscriberCountText)).toBe(1_330_000);
      expect(p.videoCountText).toBe('5.3K videos');
      expect(p.headerLink).toEqual({ text: 'thebulwark.com', url: 'https://www.thebulwark.com', more: null });
      expect(p.aboutToken).toMatch(/^4qmFsgJgEhhVQ0c0SHAxS2JHdzRlMDJON0ZwUFhEZ1Ea/);
      // cver in the response context (no ytcfg: this is the bare object).
      expect(p.clientVersion).toBe('2.20250618.01.00');
      // No keywords on this channel.
      expect(keywordsToTags(p.keywords)).toBeNull();
    });

    it('tabs: Home, Videos (selected), Shorts, Live, Podcasts, Playlists, Posts, Store', () => {
      const t = tabs(data());
      expect(t.map((x) => x.title)).toEqual(['Home', 'Videos', 'Shorts', 'Live', 'Podcasts', 'Playlists', 'Posts', 'Store']);
      expect(t.filter((x) => x.selected).map((x) => x.title)).toEqual(['Videos']);
    });

    it('30 videoRenderer items: members-only first (no viewCountText), then _ypGbbe2znE with 10,342 views', () => {
      const v = videoRenderers(data());
      expect(v).toHaveLength(30);
      expect(v[0].videoId).toBe('QmiiHHgkFgA');
      expect(v[0].badges[0].metadataBadgeRenderer.style).toBe('BADGE_STYLE_TYPE_MEMBERS_ONLY');
      expect(v[0].viewCountText).toBeUndefined();
      expect(ytText(v[0].publishedTimeText)).toBe('1 hour ago');
      expect(ytText(v[0].lengthText)).toBe('35:56');
      expect(v[1].videoId).toBe('_ypGbbe2znE');
      expect(ytText(v[1].viewCountText)).toBe('10,342 views');
      expect(parseCount(ytText(v[1].viewCountText))).toBe(10_342);
    });

    it('description starts with the mission sentence', () => {
      expect(
        parseChannelPage(data()).description?.startsWith(
          'The Bulwark was founded to provide analysis and reporting in defense of America’s liberal democracy.',
        ),
      ).toBe(true);
    });
  });

  describe(KURZGESAGT, () => {
    const mock = () => JSON.parse(readFixture(LABEL, KURZGESAGT)) as Obj;
    // NewPipe's wrapper: the upstream body is the JSON string in response.responseBody.
    const body = () => JSON.parse(mock().response.responseBody) as Obj;

    it('the recorded request: POST youtubei/v1/browse, WEB client, Videos tab params; our about request uses the same client context', () => {
      const m = mock();
      expect(m.request.httpMethod).toBe('POST');
      expect(m.request.url).toBe('https://www.youtube.com/youtubei/v1/browse?prettyPrint=false');
      expect(m.response.responseCode).toBe(200);
      expect(m.response.responseHeaders.date).toEqual(['Mon, 26 Jan 2026 17:59:54 GMT']);
      const sent = JSON.parse(Buffer.from(m.request.dataToSend).toString('utf8'));
      expect(sent.context.client).toMatchObject({ hl: 'en-GB', gl: 'GB', clientName: 'WEB', clientVersion: '2.20260123.01.00' });
      expect(sent).toMatchObject({ browseId: 'UCsXVk37bltHxD1rDPwtNM8Q', params: 'EgZ2aWRlb3PyBgQKAjoA' });
      const ours = aboutRequestBody('TOKEN', { clientVersion: '2.20260123.01.00', visitorData: null }) as Obj;
      expect(Object.keys(ours.context.client)).toEqual(expect.arrayContaining(Object.keys(sent.context.client)));
      expect(ours.context.client).toMatchObject({
        clientName: 'WEB',
        clientVersion: sent.context.client.clientVersion,
        platform: 'DESKTOP',
      });
      expect(ours.continuation).toBe('TOKEN');
    });

    it('channelMetadataRenderer and header: Kurzgesagt, @kurzgesagt, 25m subscribers (25 million), 337 videos, shop.kgs.link/cool + 7 more', () => {
      const p = parseChannelPage(body());
      expect(p.title).toBe('Kurzgesagt – In a Nutshell');
      expect(p.channelId).toBe('UCsXVk37bltHxD1rDPwtNM8Q');
      expect(p.vanityChannelUrl).toBe('http://www.youtube.com/@kurzgesagt');
      expect(p.handle).toBe('kurzgesagt');
      expect(p.subscriberCountText).toBe('25m subscribers');
      expect(p.subscriberCountLabel).toBe('25 million subscribers');
      // en-GB writes a lower-case m.
      expect(parseCount(p.subscriberCountText)).toBe(25_000_000);
      expect(parseCount(p.subscriberCountLabel)).toBe(25_000_000);
      expect(p.videoCountText).toBe('337 videos');
      expect(parseCount(p.videoCountText)).toBe(337);
      expect(p.headerLink).toEqual({ text: 'shop.kgs.link/cool', url: 'https://shop.kgs.link/cool', more: 'and 7 more links' });
      expect(p.clientVersion).toBe('2.20260123.01.00');
    });

    it('tabs: Home, Videos (selected), Shorts, Playlists, Posts, Store; route channel.videos', () => {
      const b = body();
      expect(tabs(b).map((t) => t.title)).toEqual(['Home', 'Videos', 'Shorts', 'Playlists', 'Posts', 'Store']);
      expect(tabs(b).find((t) => t.selected)?.title).toBe('Videos');
      const params = b.responseContext.serviceTrackingParams.flatMap((s: Obj) => s.params ?? []);
      expect(params.find((p: Obj) => p.key === 'route')?.value).toBe('channel.videos');
    });

    it('30 videoRenderer items; the first: D0WQK7cMJn8 "We Made A New Channel!", 1,545,374 views, 10 days ago', () => {
      const v = videoRenderers(body());
      expect(v).toHaveLength(30);
      expect(v[0].videoId).toBe('D0WQK7cMJn8');
      expect(ytText(v[0].title)).toBe('We Made A New Channel!');
      expect(ytText(v[0].viewCountText)).toBe('1,545,374 views');
      expect(parseCount(ytText(v[0].viewCountText))).toBe(1_545_374);
      expect(ytText(v[0].publishedTimeText)).toBe('10 days ago');
    });

    it('no aboutChannelViewModel and no c4TabbedHeaderRenderer: parseAboutResponse reports the missing panel', () => {
      const raw = mock().response.responseBody as string;
      expect(raw).not.toContain('aboutChannelViewModel');
      expect(raw).not.toContain('c4TabbedHeaderRenderer');
      expect(parseChannelPage(body()).about).toBeNull();
      expectApiError(() => parseAboutResponse(body()), 'UPSTREAM_FAILED', /aboutChannelViewModel/);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Project-own cases (always run). Bodies from src/platforms/video/samples.ts: hand-written, not captures.
// ---------------------------------------------------------------------------------------------

describe('parseChannelHtml / parseChannelPage (hand-written pages)', () => {
  it('reads identity, header, ytcfg and the about token', () => {
    const p = parseChannelHtml(channelHtml(channelInitialData(NIGHT_OWL)));
    expect(p).toMatchObject({
      channelId: NIGHT_OWL.channelId,
      title: 'Night Owl Workshop',
      handle: 'NightOwlWorkshop',
      vanityChannelUrl: 'http://www.youtube.com/@NightOwlWorkshop',
      subscriberCountText: '1.24M subscribers',
      videoCountText: '412 videos',
      aboutToken: NIGHT_OWL.aboutToken,
      about: null,
      clientVersion: TEST_CLIENT_VERSION,
      visitorData: 'CgtUZXN0VmlzaXRvcii0oKnOBjIKCgJVUxIEGgAgWQ%3D%3D',
    });
    expect(p.headerLink).toEqual({ text: 'nightowlworkshop.co.uk', url: 'https://nightowlworkshop.co.uk/', more: 'and 6 more links' });
  });

  it('the /about page embeds the panel', () => {
    const p = parseChannelHtml(channelHtml(aboutPageInitialData(NIGHT_OWL, nightOwlAbout())));
    expect(p.about).toMatchObject({ channelId: NIGHT_OWL.channelId, country: 'United Kingdom', joinedDateText: 'Joined 14 Mar 2013' });
    expect(p.about?.links).toHaveLength(7);
  });

  it('the pre-2023 /about page (channelAboutFullMetadataRenderer in the About tab, our own page): the panel read from it', () => {
    const about = nightOwlAbout({ joined: 'Joined Mar 14, 2013' });
    const p = parseChannelHtml(channelHtml(legacyAboutPageInitialData(NIGHT_OWL, about)));
    expect(p.about).toMatchObject({
      channelId: NIGHT_OWL.channelId,
      canonicalChannelUrl: 'http://www.youtube.com/@NightOwlWorkshop',
      description: NIGHT_OWL.description,
      country: 'United Kingdom',
      viewCountText: '187,402,118 views',
      joinedDateText: 'Joined Mar 14, 2013',
      // That generation showed the counts in the header only.
      subscriberCountText: null,
      videoCountText: null,
    });
    expect(p.about?.links.map((l) => [l.title, l.url])).toEqual(NIGHT_OWL_LINKS.map((l) => [l.title, l.url]));
    const record = buildChannelRecord(p, p.about);
    expect(record).toMatchObject({
      subscriberCount: 1_240_000,
      videoCountText: '412 videos',
      viewCountText: '187,402,118 views',
      joinedDateText: 'Joined Mar 14, 2013',
      country: 'United Kingdom',
      store: 'https://nightowl-workshop.myshopify.com/collections/all',
    });
    expect(record.links).toHaveLength(7);
  });

  it('fetch: a pre-2023 channel page (c4 header, no token) and its /about page of that generation → the whole record, not a partial one', async () => {
    const about = nightOwlAbout({ joined: 'Joined Mar 14, 2013' });
    const legacy = legacyAboutPageInitialData(NIGHT_OWL, about);
    // The Home tab of that generation: the same c4 header, no About tab content.
    const home = { ...legacy, contents: channelInitialData(NIGHT_OWL).contents };
    const ctx = fakeContext((req) => ({ body: channelHtml(req.url.includes('/about') ? legacy : home) }));
    const record = await fetchChannel(ctx, { kind: 'handle', handle: 'nightowlworkshop' });
    expect(ctx.requests.map((r) => new URL(r.url).pathname)).toEqual(['/@nightowlworkshop', `/channel/${NIGHT_OWL.channelId}/about`]);
    expect(record).toMatchObject({
      channelId: NIGHT_OWL.channelId,
      subscriberCount: 1_240_000,
      viewCountText: '187,402,118 views',
      joinedDateText: 'Joined Mar 14, 2013',
      country: 'United Kingdom',
    });
    expect(record.links).toHaveLength(7);
  });

  it("a header with one link and no more: YouTube's empty suffix ({}) is no 'more', not an unreadable field", () => {
    // Shape from NewPipeExtractor's recorded browse answer of Radiohead's Releases tab
    // (youtubechanneltabextractor/albums/generated_mock_3.json, 2025-26): attributionViewModel
    // {text: 'radiohead.com', suffix: {}}; channels with more links send 'and N more links'.
    // Our own channel and link here.
    const data = channelInitialData({ ...NIGHT_OWL, headerLink: { ...NIGHT_OWL.headerLink!, more: null } });
    const vm = (data.header as any).pageHeaderRenderer.content.pageHeaderViewModel;
    vm.attribution.attributionViewModel.suffix = {};
    const { result: p, warnings } = captureWarnings(() => parseChannelPage(data));
    expect(p.headerLink).toEqual({ text: 'nightowlworkshop.co.uk', url: 'https://nightowlworkshop.co.uk/', more: null });
    expect(warnings).toEqual([]);
  });

  it('a header without description or links has no about token', () => {
    const p = parseChannelPage(channelInitialData({ ...NIGHT_OWL, aboutToken: null }));
    expect(p.aboutToken).toBeNull();
    expect(p.headerLink).toBeNull();
  });

  it('pre-2024 c4TabbedHeaderRenderer: counts, handle and avatar as fallback', () => {
    const data = channelInitialData(NIGHT_OWL);
    data.header = {
      c4TabbedHeaderRenderer: {
        channelId: NIGHT_OWL.channelId,
        title: 'Night Owl Workshop',
        avatar: { thumbnails: [{ url: '//yt3.ggpht.com/old=s48-c-k', width: 48, height: 48 }] },
        subscriberCountText: {
          accessibility: { accessibilityData: { label: '1.24 million subscribers' } },
          simpleText: '1.24M subscribers',
        },
        videosCountText: { runs: [{ text: '412' }, { text: ' videos' }] },
        channelHandleText: { runs: [{ text: '@NightOwlWorkshop' }] },
      },
    };
    const p = parseChannelPage(data);
    expect(p).toMatchObject({
      handle: 'NightOwlWorkshop',
      subscriberCountText: '1.24M subscribers',
      subscriberCountLabel: '1.24 million subscribers',
      videoCountText: '412 videos',
    });
    expect(p.avatar).toEqual({
      image: { sources: [{ url: 'https://yt3.ggpht.com/old=s48-c-k', width: 48, height: 48 }] },
      avatarImageSize: null,
    });
  });

  it('late-2023 c4TabbedHeaderRenderer (our own, from the paths public parsers read): the about token in its tagline, the first link in channelHeaderLinksViewModel', () => {
    const data = channelInitialData(NIGHT_OWL);
    data.header = {
      c4TabbedHeaderRenderer: {
        channelId: NIGHT_OWL.channelId,
        title: 'Night Owl Workshop',
        subscriberCountText: { simpleText: '1.24M subscribers' },
        videosCountText: { runs: [{ text: '412' }, { text: ' videos' }] },
        channelHandleText: { runs: [{ text: '@NightOwlWorkshop' }] },
        tagline: {
          channelTaglineRenderer: {
            content: 'Woodworking after dark 🦉',
            maxLines: 1,
            moreLabel: '...more',
            moreEndpoint: aboutPanelCommand('Night Owl Workshop', NIGHT_OWL.aboutToken!).innertubeCommand,
          },
        },
        headerLinks: {
          channelHeaderLinksViewModel: {
            firstLink: shownLink('https://nightowlworkshop.co.uk/', 'channel_header'),
            more: {
              content: 'and 6 more links',
              commandRuns: [{ startIndex: 0, length: 16, onTap: aboutPanelCommand('Night Owl Workshop', 'other') }],
            },
          },
        },
      },
    };
    const p = parseChannelPage(data);
    expect(p.aboutToken).toBe(NIGHT_OWL.aboutToken);
    expect(p.headerLink).toEqual({ text: 'nightowlworkshop.co.uk', url: 'https://nightowlworkshop.co.uk/', more: 'and 6 more links' });
    // Without the panel the record's links are that first link.
    expect(buildChannelRecord(p, null).links).toEqual(['https://nightowlworkshop.co.uk/']);
  });

  it('2020–22 c4TabbedHeaderRenderer: the first link from channelHeaderLinksRenderer.primaryLinks (our own, from the paths public parsers read)', () => {
    const data = channelInitialData(NIGHT_OWL);
    const redirect = `https://www.youtube.com/redirect?event=channel_banner&redir_token=QUFFTest&q=${encodeURIComponent('https://nightowlworkshop.co.uk/')}`;
    data.header = {
      c4TabbedHeaderRenderer: {
        channelId: NIGHT_OWL.channelId,
        title: 'Night Owl Workshop',
        subscriberCountText: { simpleText: '1.24M subscribers' },
        headerLinks: {
          channelHeaderLinksRenderer: {
            primaryLinks: [
              {
                navigationEndpoint: {
                  commandMetadata: { webCommandMetadata: { url: redirect } },
                  urlEndpoint: { url: redirect, target: 'TARGET_NEW_WINDOW' },
                },
                icon: { thumbnails: [{ url: 'https://encrypted-tbn0.gstatic.com/favicon-tbn?q=tbn:TestFavicon' }] },
                title: { simpleText: 'Website' },
              },
            ],
            secondaryLinks: [
              {
                navigationEndpoint: {
                  urlEndpoint: { url: 'https://www.youtube.com/redirect?q=https%3A%2F%2Finstagram.com%2Fnightowlworkshop' },
                },
                title: { simpleText: 'Instagram' },
              },
            ],
          },
        },
      },
    };
    const p = parseChannelPage(data);
    expect(p.headerLink).toEqual({ text: 'Website', url: 'https://nightowlworkshop.co.uk/', more: null });
    expect(p.aboutToken).toBeNull();
  });

  it.each([
    ['German', '1,24 Mio. Abonnenten', '1,24 Millionen Abonnenten', '412 Videos', 1_240_000],
    ['French', '1,24 M d’abonnés', '1,24 million d’abonnés', '412 vidéos', 1_240_000],
    ['Japanese', 'チャンネル登録者数 124万人', 'チャンネル登録者数 124万人', '412 本の動画', 1_240_000],
  ])(
    'a header in another language (%s; our own page, NewPipeExtractor PR #1318: the last metadata row is [subscribers, videos] in every language)',
    (_lang, subscribers, label, videos, count) => {
      const p = parseChannelPage(channelInitialData({ ...NIGHT_OWL, subscribers, subscribersLabel: label, videos }));
      expect(p).toMatchObject({
        handle: 'NightOwlWorkshop',
        subscriberCountText: subscribers,
        subscriberCountLabel: label,
        videoCountText: videos,
      });
      expect(buildChannelRecord(p, null).subscriberCount).toBe(count);
    },
  );

  it('a localized header whose last row has one part (subscribers hidden) reads no subscriber count from it', () => {
    const data = channelInitialData({ ...NIGHT_OWL, videos: '412 vidéos' });
    const vm = (data.header as any).pageHeaderRenderer.content.pageHeaderViewModel;
    vm.metadata.contentMetadataViewModel.metadataRows[1].metadataParts.shift();
    const p = parseChannelPage(data);
    expect(p.subscriberCountText).toBeNull();
    expect(p.handle).toBe('NightOwlWorkshop');
  });

  it('no header at all: handle from the vanity URL, avatar from the metadata thumbnails, counts null', () => {
    const data = channelInitialData(NIGHT_OWL);
    delete data.header;
    const p = parseChannelPage(data);
    expect(p.handle).toBe('NightOwlWorkshop');
    expect(p.avatar?.image.sources[0].width).toBe(900);
    expect(p.subscriberCountText).toBeNull();
  });

  it("no header and no @ vanity URL: the handle from any owner URL, else from the channel's own tabs (canonicalBaseUrl, as in ../shared/fixtures/video); another channel's tab is not read", () => {
    const bare = () => {
      const data = channelInitialData(NIGHT_OWL);
      delete data.header;
      const meta = (data.metadata as any).channelMetadataRenderer;
      meta.vanityChannelUrl = `https://www.youtube.com/channel/${NIGHT_OWL.channelId}`;
      meta.ownerUrls = [];
      return data;
    };
    const owners = bare();
    (owners.metadata as any).channelMetadataRenderer.ownerUrls = [
      'https://www.youtube.com/c/NightOwl',
      'http://www.youtube.com/@OwlAtNight',
    ];
    expect(parseChannelPage(owners).handle).toBe('OwlAtNight');
    const tabs = bare();
    (tabs.contents as any).twoColumnBrowseResultsRenderer.tabs = [
      {
        tabRenderer: {
          title: 'Elsewhere',
          endpoint: { browseEndpoint: { browseId: 'UC0ther0ther0ther0ther0', canonicalBaseUrl: '/@someone' } },
        },
      },
      { tabRenderer: { title: 'Home', endpoint: { browseEndpoint: { browseId: NIGHT_OWL.channelId, canonicalBaseUrl: '/@Owl.Tabs' } } } },
    ];
    expect(parseChannelPage(tabs).handle).toBe('Owl.Tabs');
    expect(parseChannelPage(bare()).handle).toBeNull();
  });

  it('a description holding "};" does not end ytInitialData early', () => {
    const c = { ...NIGHT_OWL, description: 'braces }; and "quotes" and </b> and \\ backslash' };
    const p = parseChannelHtml(channelHtml(channelInitialData(c)));
    expect(p.description).toBe(c.description);
  });

  it('window["ytInitialData"] = … is read too', () => {
    const html = `<script>window["ytInitialData"] = ${JSON.stringify(channelInitialData(NIGHT_OWL))};</script>`;
    expect(parseChannelHtml(html).channelId).toBe(NIGHT_OWL.channelId);
  });

  it('consent interstitial → UPSTREAM_BLOCKED (by body, and by the final URL)', () => {
    // Walls (walls.ts): the upstream client answers them before the parser, as wallError does.
    expectApiError(
      () => {
        throw wallError('video', CONSENT_HTML, { url: 'https://www.youtube.com/@x' });
      },
      'UPSTREAM_BLOCKED',
      /consent/,
    );
    expectApiError(() => {
      throw wallError('video', '<html></html>', { url: 'https://consent.youtube.com/m?continue=x' });
    }, 'UPSTREAM_BLOCKED');
  });

  it('"This channel does not exist." and the 404 page → NOT_FOUND', () => {
    expectApiError(() => parseChannelHtml(channelHtml(channelMissingInitialData())), 'NOT_FOUND', /This channel does not exist\./);
    expectApiError(() => parseChannelHtml(NOT_FOUND_HTML), 'NOT_FOUND');
  });

  // Our own page: the alert YouTube shows in place of a channel withheld from the visitor's country
  // (its English text as public readers match it). The channel exists: not NOT_FOUND.
  it("a channel withheld from the requester's country (an ERROR alert naming the country) → UPSTREAM_BLOCKED, not NOT_FOUND", () => {
    const withheld = {
      responseContext: { serviceTrackingParams: [] },
      alerts: [{ alertRenderer: { type: 'ERROR', text: { simpleText: 'This channel is not available in your country.' } } }],
    };
    expectApiError(() => parseChannelPage(withheld), 'UPSTREAM_BLOCKED', /gateway's region/);
    const legal = {
      alerts: [
        {
          alertWithButtonRenderer: {
            type: 'ERROR',
            text: {
              runs: [{ text: 'This content is not available on this country domain due to a legal complaint from the government.' }],
            },
          },
        },
      ],
    };
    expectApiError(() => parseChannelHtml(channelHtml(legal)), 'UPSTREAM_BLOCKED', /gateway's region/);
  });

  // Our own pages in the shapes YouTube answers signed-out visitors (no capture of either here).
  it('an age-restricted channel (channelAgeGateRenderer in place of the tabs, no metadata) → a login wall, never worked around', () => {
    const gate = {
      responseContext: {},
      contents: {
        twoColumnBrowseResultsRenderer: {
          tabs: [
            {
              tabRenderer: {
                selected: true,
                content: {
                  sectionListRenderer: {
                    contents: [
                      {
                        channelAgeGateRenderer: {
                          channelTitle: 'Peat Smoke Distillery',
                          header: { runs: [{ text: 'Age-restricted channel' }] },
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
    };
    expectApiError(() => parseChannelPage(gate), 'UPSTREAM_BLOCKED', /login wall/);
  });

  it('an auto-generated topic channel (interactiveTabbedHeaderRenderer, no channelMetadataRenderer): id, title, description (the header’s first) and avatar from the microformat; the rest null', () => {
    const topic = {
      responseContext: { visitorData: 'CgtWaXNpdG9yRGF0YQ%3D%3D' },
      header: {
        interactiveTabbedHeaderRenderer: { type: 'INTERACTIVE_TABBED_HEADER_RENDERER_TYPE_GAMING', title: { simpleText: 'Lantern Keep' } },
      },
      microformat: {
        microformatDataRenderer: {
          urlCanonical: 'https://www.youtube.com/channel/UCQvWX73GQygcwXOTSf_VDVk',
          title: 'Lantern Keep - Topic',
          description: 'Build a keep, light the lanterns.',
          thumbnail: { thumbnails: [{ url: 'https://yt3.googleusercontent.com/lantern=s200', width: 200, height: 200 }] },
        },
      },
    };
    const p = parseChannelPage(topic);
    expect(p).toMatchObject({
      channelId: 'UCQvWX73GQygcwXOTSf_VDVk',
      title: 'Lantern Keep - Topic',
      handle: null,
      description: 'Build a keep, light the lanterns.',
      channelUrl: 'https://www.youtube.com/channel/UCQvWX73GQygcwXOTSf_VDVk',
      subscriberCountText: null,
      visitorData: 'CgtWaXNpdG9yRGF0YQ%3D%3D',
    });
    expect(p.avatar?.image.sources[0].url).toBe('https://yt3.googleusercontent.com/lantern=s200');
    // A microformat naming no channel is no channel page.
    const odd = {
      ...topic,
      microformat: {
        microformatDataRenderer: { ...topic.microformat.microformatDataRenderer, urlCanonical: 'https://www.youtube.com/feed/trending' },
      },
    };
    expectApiError(() => parseChannelPage(odd), 'UPSTREAM_FAILED', /channelMetadataRenderer/);
    // Without the topic channels' header, a page missing the metadata is a changed shape (its handle unproven).
    expectApiError(() => parseChannelPage({ ...topic, header: {} }), 'UPSTREAM_FAILED', /channelMetadataRenderer/);
    // The header's own description (2026 topic pages carry one) wins over the microformat's, which
    // may be an older text cut off with "...".
    const described = structuredClone(topic);
    Object.assign(described.header.interactiveTabbedHeaderRenderer, { description: { simpleText: 'Light every lantern.\r\n' } });
    described.microformat.microformatDataRenderer.description = 'Build a keep, light the lanterns, then wa...';
    expect(parseChannelPage(described).description).toBe('Light every lantern.');
  });

  // Hand-written in the shape of YouTube's own system channels ("Sports", "Music": a
  // `carouselHeaderRenderer` of promoted videos and a `topicChannelDetailsRenderer`), as a public
  // extractor's recorded 2026 browse answers have it; no capture of ours holds one.
  const SYSTEM_ID = 'UCd4Lr5Vq0Qm2Nf8Tb1Wx3Zy';
  const systemHeader = (browseId: string, buttonId: string) => ({
    carouselHeaderRenderer: {
      contents: [
        {
          carouselItemRenderer: {
            carouselItems: [{ defaultPromoPanelRenderer: { title: { runs: [{ text: 'Harbour Regatta 2026 highlights' }] } } }],
          },
        },
        {
          topicChannelDetailsRenderer: {
            title: { simpleText: 'Regattas' },
            avatar: { thumbnails: [{ url: '//yt3.googleusercontent.com/regattas=s88-c-k', width: 88, height: 88 }] },
            subtitle: { accessibility: { accessibilityData: { label: '3.2 million subscribers' } }, simpleText: '3.2m subscribers' },
            subscribeButton: { subscribeButtonRenderer: { channelId: buttonId, subscribed: false } },
            navigationEndpoint: { browseEndpoint: { browseId, canonicalBaseUrl: '/regattas' } },
          },
        },
      ],
    },
  });

  it('a system channel (carouselHeaderRenderer, no channelMetadataRenderer): id, title, avatar and subscribers from the header; no handle or description', () => {
    const page = { responseContext: { visitorData: 'CgtTeXN0ZW0%3D' }, header: systemHeader(SYSTEM_ID, SYSTEM_ID) };
    const p = parseChannelPage(page);
    expect(p).toMatchObject({
      channelId: SYSTEM_ID,
      title: 'Regattas',
      handle: null,
      description: null,
      channelUrl: `https://www.youtube.com/channel/${SYSTEM_ID}`,
      subscriberCountText: '3.2m subscribers',
      subscriberCountLabel: '3.2 million subscribers',
      videoCountText: null,
      visitorData: 'CgtTeXN0ZW0%3D',
    });
    expect(p.avatar?.image.sources[0].url).toBe('https://yt3.googleusercontent.com/regattas=s88-c-k');
    const record = buildChannelRecord(p, null);
    expect(record).toMatchObject({ channelId: SYSTEM_ID, name: 'Regattas', subscriberCount: 3_200_000, description: null });
    // A header whose two ids disagree, or names no channel id, proves no channel: a changed shape.
    const other = 'UCz9Yx8Wv7Ut6Sr5Qp4On3Ml';
    expectApiError(() => parseChannelPage({ header: systemHeader(SYSTEM_ID, other) }), 'UPSTREAM_FAILED', /channelMetadataRenderer/);
    expectApiError(() => parseChannelPage({ header: systemHeader('FEsports', 'FEsports') }), 'UPSTREAM_FAILED', /channelMetadataRenderer/);
  });

  it('a channel with its metadata under the carousel header takes the subscriber count and avatar from that header', () => {
    const meta = {
      channelMetadataRenderer: { externalId: SYSTEM_ID, title: 'Regattas', description: 'Sailing from every harbour.', ownerUrls: [] },
    };
    const p = parseChannelPage({ metadata: meta, header: systemHeader(SYSTEM_ID, SYSTEM_ID) });
    expect(p).toMatchObject({ channelId: SYSTEM_ID, description: 'Sailing from every harbour.', subscriberCountText: '3.2m subscribers' });
    expect(p.avatar?.image.sources[0].width).toBe(88);
  });

  it('a channel whose description and title say "404 Not Found" is a channel (decoy)', () => {
    const decoy = channelInitialData({ ...NIGHT_OWL, description: "404 Not Found — This page isn't available. Sorry about that." });
    const page = parseChannelHtml(channelHtml(decoy, '404 Not Found'));
    expect(page.channelId).toBe(NIGHT_OWL.channelId);
    expect(page.description).toMatch(/^404 Not Found/);
  });

  it('a page with neither ytInitialData nor a 404 mark is a changed shape, whatever its English says', () => {
    const html =
      "<html><head><title>YouTube</title></head><body><p>404 Not Found. This page isn't available. Sorry about that.</p></body></html>";
    expectApiError(() => parseChannelHtml(html), 'UPSTREAM_FAILED', /ytInitialData/);
  });

  it('changed shapes → UPSTREAM_FAILED naming what is missing', () => {
    expectApiError(() => parseChannelHtml('<html><body>hello</body></html>'), 'UPSTREAM_FAILED', /ytInitialData/);
    expectApiError(() => parseChannelHtml('<script>var ytInitialData = {"a": [1, 2};</script>'), 'UPSTREAM_FAILED', /ytInitialData/);
    expectApiError(() => parseChannelPage({ responseContext: {} }), 'UPSTREAM_FAILED', /channelMetadataRenderer/);
    const noId = channelInitialData(NIGHT_OWL);
    delete (noId.metadata as Obj).channelMetadataRenderer.externalId;
    expectApiError(() => parseChannelPage(noId), 'UPSTREAM_FAILED', /externalId/);
    expectApiError(() => parseChannelPage('nope'), 'UPSTREAM_FAILED');
  });
});

describe('about panel (hand-written: no capture of it exists)', () => {
  it('parseAboutResponse reads the continuation answer; links are unwrapped from youtube.com/redirect', () => {
    const a = parseAboutResponse(aboutBrowseResponse(nightOwlAbout()));
    expect(a).toMatchObject({
      channelId: NIGHT_OWL.channelId,
      canonicalChannelUrl: 'http://www.youtube.com/@NightOwlWorkshop',
      country: 'United Kingdom',
      subscriberCountText: '1.24M subscribers',
      videoCountText: '412 videos',
      viewCountText: '187,402,118 views',
      joinedDateText: 'Joined 14 Mar 2013',
    });
    expect(a.links[1]).toEqual({
      title: 'Instagram',
      text: 'instagram.com/nightowlworkshop',
      url: 'https://instagram.com/nightowlworkshop',
    });
    expect(a.links.map((l) => l.url)).toEqual([
      'https://nightowlworkshop.co.uk/',
      'https://instagram.com/nightowlworkshop',
      'https://twitter.com/NightOwlWorks',
      'https://www.tiktok.com/@nightowlworkshop',
      'https://nightowl-workshop.myshopify.com/collections/all',
      'https://www.patreon.com/nightowlworkshop',
      'https://discord.gg/n1ghtow1',
    ]);
  });

  it('a link without a tap command falls back to the text shown', () => {
    const vm: Obj = aboutViewModel(nightOwlAbout({ links: [{ title: 'Blog', url: 'https://blog.example.org/x' }] }));
    delete vm.links[0].channelExternalLinkViewModel.link.commandRuns;
    expect(parseAboutViewModel(vm).links[0].url).toBe('https://blog.example.org/x');
  });

  it('a response without the panel → UPSTREAM_FAILED naming aboutChannelViewModel', () => {
    expectApiError(() => parseAboutResponse({ onResponseReceivedEndpoints: [] }), 'UPSTREAM_FAILED', /aboutChannelViewModel/);
    expectApiError(() => parseAboutResponse(null), 'UPSTREAM_FAILED');
  });
});

describe('buildChannelRecord', () => {
  const page = (): ChannelPage => parseChannelHtml(channelHtml(channelInitialData(NIGHT_OWL)));

  it('the whole record, api.md order, platform fields from the shared classifier', () => {
    const r = buildChannelRecord(page(), parseAboutResponse(aboutBrowseResponse(nightOwlAbout()))) as unknown as Obj;
    expect(Object.keys(r)).toEqual([...LEADING_KEYS, 'social-b', 'microblog-b', 'shortvideo', 'patreon', 'discord', ...TRAILING_KEYS]);
    expect(Object.values(r)).not.toContain(undefined);
    const { avatar, ...rest } = r;
    expect(rest).toEqual({
      channelId: 'UCn1ghtOw1W0rkSh0pTest01',
      channel: 'http://www.youtube.com/@NightOwlWorkshop',
      name: 'Night Owl Workshop',
      description: NIGHT_OWL.description,
      subscriberCount: 1_240_000,
      subscriberCountText: '1.24M subscribers',
      videoCountText: '412 videos',
      viewCountText: '187,402,118 views',
      joinedDateText: 'Joined 14 Mar 2013',
      tags: 'woodworking, hand tools, joinery, night owl, diy',
      email: 'hello@nightowlworkshop.co.uk',
      store: 'https://nightowl-workshop.myshopify.com/collections/all',
      'social-b': 'https://instagram.com/nightowlworkshop',
      'microblog-b': 'https://twitter.com/NightOwlWorks',
      shortvideo: 'https://www.tiktok.com/@nightowlworkshop',
      patreon: 'https://www.patreon.com/nightowlworkshop',
      discord: 'https://discord.gg/n1ghtow1',
      links: nightOwlAbout().links.map((l) => l.url),
      country: 'United Kingdom',
    });
    expect(avatar).toMatchObject({ avatarImageSize: 'AVATAR_SIZE_XL', image: { processor: { borderImageProcessor: { circular: true } } } });
    expect(avatar.image.sources).toHaveLength(3);
    expect(avatar.loggingDirectives).toEqual({ trackingParams: expect.any(String), visibility: { types: '12' } });
    expect(FIXED_KEYS.size).toBe(LEADING_KEYS.length + TRAILING_KEYS.length);
  });

  it('absent about facts are null, never missing; no public e-mail → null; links []', () => {
    const about = parseAboutResponse(
      aboutBrowseResponse(
        nightOwlAbout({ country: null, subscribers: null, description: 'No contact here. Business e-mail: sign in to see it.', links: [] }),
      ),
    );
    const r = buildChannelRecord({ ...page(), subscriberCountText: null, keywords: '' }, about);
    expect(r).toMatchObject({
      country: null,
      subscriberCount: null,
      subscriberCountText: null,
      email: null,
      store: null,
      tags: null,
      links: [],
    });
    expect(Object.keys(r)).toEqual([...LEADING_KEYS, ...TRAILING_KEYS]);
  });

  it('"Store" title wins over host guesses; a store. host is a store too', () => {
    const about = parseAboutViewModel(
      aboutViewModel(
        nightOwlAbout({
          links: [
            { title: 'Instagram', url: 'https://instagram.com/x' },
            { title: 'Official Store', url: 'https://example.org/buy' },
          ],
        }),
      ),
    );
    expect(buildChannelRecord(page(), about).store).toBe('https://example.org/buy');
    const byHost = parseAboutViewModel(aboutViewModel(nightOwlAbout({ links: [{ title: 'Stuff', url: 'https://store.example.org/' }] })));
    expect(buildChannelRecord(page(), byHost).store).toBe('https://store.example.org/');
  });

  it('an about panel of another channel → UPSTREAM_FAILED', () => {
    const about = parseAboutResponse(aboutBrowseResponse(nightOwlAbout({ channelId: 'UCxxxxxxxxxxxxxxxxxxxxxx' })));
    expectApiError(() => buildChannelRecord(page(), about), 'UPSTREAM_FAILED', /about panel/);
  });

  it('an about panel with this channel id whose own URL names another handle → UPSTREAM_FAILED; the handle in another case is this one', () => {
    const handle = page().handle!;
    const other = parseAboutResponse(aboutBrowseResponse(nightOwlAbout({ handle: `${handle}x` })));
    expectApiError(() => buildChannelRecord(page(), other), 'UPSTREAM_FAILED', /about panel/);
    const same = parseAboutResponse(aboutBrowseResponse(nightOwlAbout({ handle: handle.toUpperCase() })));
    expect(buildChannelRecord(page(), same).channelId).toBe(page().channelId);
  });
});

describe('parseCount', () => {
  it.each<[string | null, number | null]>([
    ['551K subscribers', 551_000],
    ['1.33M subscribers', 1_330_000],
    ['2.75M subscribers', 2_750_000],
    ['25m subscribers', 25_000_000],
    ['1.2B views', 1_200_000_000],
    ['12,345 subscribers', 12_345],
    ['9,221 videos', 9_221],
    ['2,170,355,382 views', 2_170_355_382],
    ['1 subscriber', 1],
    ['1 video', 1],
    ['No subscribers', 0],
    ['No videos', 0],
    ['551 thousand subscribers', 551_000],
    ['1.33 million subscribers', 1_330_000],
    // Localized interfaces.
    ['1,2 M abonnés', 1_200_000],
    ['12 345 abonnés', 12_345],
    ['12\u202f345 abonnés', 12_345],
    ['1,33 Mio. Abonnenten', 1_330_000],
    ['12.345 Abonnenten', 12_345],
    ['4,5 Tsd. Abonnenten', 4_500],
    ['2,5 mil suscriptores', 2_500],
    ['1,3 mi de inscritos', 1_300_000],
    ['2,75 млн подписчиков', 2_750_000],
    ['12,3 тыс. подписчиков', 12_300],
    ['チャンネル登録者数 1.2万人', 12_000],
    ['구독자 120만명', 1_200_000],
    ['1.2億 回視聴', 120_000_000],
    ['1.2 lakh subscribers', 120_000],
    ['3 crore views', 30_000_000],
    ['１２３ videos', 123],
    ['', null],
    ['subscribers hidden', null],
    [null, null],
  ])('%s → %s', (text, n) => {
    expect(parseCount(text)).toBe(n);
  });
});

describe('parseCount: abbreviations it cannot read are no count (never their digits run together)', () => {
  // Our own texts, written from CLDR's short number forms as YouTube shows them: Turkish writes a
  // thousand "B" (bin: "1,2 B abone" is 1,200 — English "1.2B" is a billion) and a billion "Mr";
  // Greek "χιλ." / "εκ.". A decimal number with a word that is not a known multiplier was read as
  // its digits ("1,2 Mr" → 12).
  it.each<[string, number | null]>([
    ['1,2 B abone', null],
    ['1,2 Mr görüntüleme', null],
    ['1,2 εκ. συνδρομητές', null],
    ['3,4 χιλ. συνδρομητές', null],
    ['1.5 views', null],
    // Still read: grouping marks (three digits after the last), known multipliers, English billions.
    ['1.2B views', 1_200_000_000],
    ['12.345 abone', 12_345],
    ['1,2 Mn abone', 1_200_000],
    ['12,34,567 views', 1_234_567],
  ])('%s → %s', (text, n) => {
    expect(parseCount(text)).toBe(n);
  });
});

describe('parseJoinedDate', () => {
  it.each<[string | null, string | null]>([
    ['Joined Aug 23, 2017', '2017-08-23'],
    ['Joined 23 Aug 2017', '2017-08-23'],
    ['Joined 14 Mar 2013', '2013-03-14'],
    ['Joined September 5, 2006', '2006-09-05'],
    ['Joined Sept 5, 2006', '2006-09-05'],
    ['Joined Feb 30, 2020', null],
    ['Beigetreten am 23.08.2017', null],
    [null, null],
  ])('%s → %s', (text, iso) => {
    expect(parseJoinedDate(text)).toBe(iso);
  });
});

describe('keywordsToTags / descriptionUrls / ytText', () => {
  it('keywords: quoted phrases stay whole', () => {
    expect(keywordsToTags('Science universe space "black hole" life')).toBe('Science, universe, space, black hole, life');
    expect(keywordsToTags('')).toBeNull();
    expect(keywordsToTags('  ')).toBeNull();
    expect(keywordsToTags(null)).toBeNull();
  });

  it('descriptionUrls: http(s) URLs in order, trailing punctuation dropped, deduplicated', () => {
    expect(descriptionUrls('Plans: https://a.example/plans. More at http://b.example/x?y=1, and https://a.example/plans!')).toEqual([
      'https://a.example/plans',
      'http://b.example/x?y=1',
    ]);
    expect(descriptionUrls(null)).toEqual([]);
  });

  it('ytText reads every text shape', () => {
    expect(ytText('a')).toBe('a');
    expect(ytText({ content: 'b' })).toBe('b');
    expect(ytText({ simpleText: 'c' })).toBe('c');
    expect(ytText({ runs: [{ text: '3' }, { text: ' videos' }] })).toBe('3 videos');
    expect(ytText(42)).toBeNull();
  });
});

describe('channel references', () => {
  it.each<[string, ReturnType<typeof parseChannelUrl>]>([
    ['https://www.youtube.com/@hospitalrecords', { kind: 'handle', handle: 'hospitalrecords' }],
    ['https://www.youtube.com/@HospitalRecords/videos', { kind: 'handle', handle: 'hospitalrecords' }],
    ['http://youtube.com/@kurzgesagt/about', { kind: 'handle', handle: 'kurzgesagt' }],
    ['youtube.com/@kurzgesagt', { kind: 'handle', handle: 'kurzgesagt' }],
    ['https://m.youtube.com/@kurzgesagt?app=desktop#x', { kind: 'handle', handle: 'kurzgesagt' }],
    ['https://www.youtube.com/@%E3%81%AD%E3%81%93%E3%81%AD%E3%81%93', { kind: 'handle', handle: 'ねこねこ' }],
    ['https://www.youtube.com/channel/UCsXVk37bltHxD1rDPwtNM8Q', { kind: 'id', id: 'UCsXVk37bltHxD1rDPwtNM8Q' }],
    ['https://www.youtube.com/channel/UCsXVk37bltHxD1rDPwtNM8Q/featured', { kind: 'id', id: 'UCsXVk37bltHxD1rDPwtNM8Q' }],
    ['https://www.youtube.com/c/Kurzgesagt', { kind: 'custom', name: 'kurzgesagt' }],
    ['https://www.youtube.com/user/Kurzgesagt/videos', { kind: 'user', name: 'kurzgesagt' }],
  ])('accepts %s', (url, ref) => {
    expect(parseChannelUrl(url)).toEqual(ref);
  });

  it.each([
    'https://www.youtube.com/watch?v=D0WQK7cMJn8',
    'https://youtu.be/D0WQK7cMJn8',
    'https://www.youtube.com/',
    'https://www.youtube.com/@a',
    'https://www.youtube.com/@kurzgesagt/watch',
    'https://www.youtube.com/@kurzgesagt/videos/extra',
    'https://www.youtube.com/channel/UCshort',
    'https://www.youtube.com/channel/',
    'https://www.youtube.com/kurzgesagt',
    'https://music.youtube.com/channel/UCsXVk37bltHxD1rDPwtNM8Q',
    'https://youtube.com.evil.example/@kurzgesagt',
    'https://user:pw@www.youtube.com/@kurzgesagt',
    'https://www.youtube.com:8443/@kurzgesagt',
    'ftp://www.youtube.com/@kurzgesagt',
    'javascript:alert(1)',
    'not a url',
    '',
  ])('rejects %s', (url) => {
    expect(parseChannelUrl(url)).toBeNull();
  });

  it('handles: @ optional, case-insensitive; ids are case-sensitive', () => {
    expect(normalizeHandle('@Kurzgesagt')).toBe('kurzgesagt');
    expect(normalizeHandle(' kurzgesagt ')).toBe('kurzgesagt');
    expect(normalizeHandle('mr.beast_6000-x')).toBe('mr.beast_6000-x');
    expect(normalizeHandle('ab')).toBeNull();
    expect(normalizeHandle('a'.repeat(31))).toBeNull();
    expect(normalizeHandle('has space')).toBeNull();
    expect(normalizeHandle('@@double')).toBeNull();
    expect(channelCacheKey({ kind: 'handle', handle: normalizeHandle('@Kurzgesagt')! })).toBe(
      channelCacheKey(parseChannelUrl('https://m.youtube.com/@kurzgesagt/about')!),
    );
    expect(channelCacheKey(parseChannelUrl('https://www.youtube.com/channel/UCsXVk37bltHxD1rDPwtNM8Q')!)).toBe(
      'id:UCsXVk37bltHxD1rDPwtNM8Q',
    );
    expect(channelPageUrl({ kind: 'handle', handle: 'ねこねこ' })).toBe('https://www.youtube.com/@%E3%81%AD%E3%81%93%E3%81%AD%E3%81%93');
  });

  it('parseChannelInput (creator discovery): an id, a handle or a URL', () => {
    expect(parseChannelInput('UCsXVk37bltHxD1rDPwtNM8Q')).toEqual({ kind: 'id', id: 'UCsXVk37bltHxD1rDPwtNM8Q' });
    expect(parseChannelInput('@Kurzgesagt')).toEqual({ kind: 'handle', handle: 'kurzgesagt' });
    expect(parseChannelInput('https://www.youtube.com/c/kurzgesagt')).toEqual({ kind: 'custom', name: 'kurzgesagt' });
    expect(parseChannelInput('https://www.youtube.com/watch?v=x')).toBeNull();
    expect(handleFromChannelUrl('http://www.youtube.com/@Kurzgesagt')).toBe('kurzgesagt');
    expect(handleFromChannelUrl('https://www.youtube.com/channel/UCsXVk37bltHxD1rDPwtNM8Q')).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Peer example: key set and value types (api.md wins on names: the peer's `twitter` and
// `instagram` are our `microblog-b` and `social-b`)
// ---------------------------------------------------------------------------------------------

const PEER_FILE = join(FIXTURES_DIR, '..', 'reference', 'peer-examples', 'video_channel.json');

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

describe.skipIf(!hasPeerExample(PEER_FILE))(
  `peer example (skipped when ${PEER_FILE} is absent: fresh clone without the shared reference)`,
  () => {
    it('a record built from the peer sample has its key set (platform names per api.md) and value types', () => {
      const {
        success: _s,
        credits_remaining: _r,
        credits_charged: _c,
        ...sample
      } = JSON.parse(readFileSync(PEER_FILE, 'utf8')).sampleResponse as Obj;
      const handle = sample.channel.split('/@')[1];
      const data = channelInitialData({
        ...NIGHT_OWL,
        channelId: sample.channelId,
        handle,
        title: sample.name,
        description: sample.description,
        keywords: sample.tags
          .split(', ')
          .map((t: string) => (t.includes(' ') ? `"${t}"` : t))
          .join(' '),
        subscribers: sample.subscriberCountText,
      });
      (data.header as Obj).pageHeaderRenderer.content.pageHeaderViewModel.image.decoratedAvatarViewModel.avatar.avatarViewModel =
        sample.avatar;
      const about = parseAboutViewModel(
        aboutViewModel({
          channelId: sample.channelId,
          handle,
          description: sample.description,
          country: sample.country,
          subscribers: sample.subscriberCountText,
          videos: sample.videoCountText,
          views: sample.viewCountText,
          joined: sample.joinedDateText,
          links: sample.links.map((url: string, i: number) => ({ title: i === 0 ? 'Store' : 'Link', url })),
        }),
      );
      const mine = buildChannelRecord(parseChannelPage(data), about) as unknown as Obj;
      const renamed: Record<string, string> = { twitter: 'microblog-b', instagram: 'social-b' };
      const expectedKeys = Object.keys(sample).map((k) => renamed[k] ?? k);
      expect(Object.keys(mine)).toEqual(expectedKeys);
      for (const key of Object.keys(sample)) {
        expect([key, typeOf(mine[renamed[key] ?? key])]).toEqual([key, typeOf(sample[key])]);
        expect([key, mine[renamed[key] ?? key]]).toEqual([key, sample[key]]);
      }
    });
  },
);
