import { describe } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { buildChannelRecord, parseAboutResponse, parseChannelHtml, parseChannelPage } from '../../src/platforms/video/parse.js';
import * as schema from '../../src/platforms/video/schema.js';
import { embedded, type RecordSpec } from './engine.js';
import { aboutBrowseResponse, channelInitialData, NIGHT_OWL, nightOwlAbout } from '../../src/platforms/video/samples.js';
import { mutationTest } from './suite.js';
import { z } from 'zod';
import { extractYtVar } from '../../src/platforms/video/parse.js';
import { parsePlayerResponse, VideoVideoRecord } from '../../src/platforms/video/video.js';
import { parseChannelTab, VideoListItem } from '../../src/platforms/video/videos.js';
import { parseSearchResponse, VideoSearchResult } from '../../src/platforms/video/search.js';

const LABEL = 'video';
/** The record built from the page alone (the about panel's request failed: fetch.ts). */
const fromPage = (doc: unknown) => buildChannelRecord(parseChannelPage(doc), null);
/** Output fields the part being mutated does not feed: read from elsewhere ('-' never matches). */
const elsewhere = (...fields: string[]) => Object.fromEntries(fields.map((f) => [f, ['-']]));

/** `metadata.channelMetadataRenderer`: the channel's identity, name, description, keywords. */
const metadataSpec: Omit<RecordSpec<unknown>, 'name' | 'load'> = {
  platform: LABEL,
  parse: fromPage,
  schema: schema.VideoChannel,
  source: ['metadata', 'channelMetadataRenderer'],
  identity: { externalId: 'the channel id (UC…): the record is that channel' },
  fields: {
    channelId: ['externalId'],
    channel: ['vanityChannelUrl', 'ownerUrls', 'channelUrl'],
    name: ['title'],
    avatar: ['avatar'],
    description: ['description'],
    email: ['description'],
    tags: ['keywords'],
  },
  quiet: { keywords: 'channels without keywords leave the member out' },
};

/** `header.pageHeaderRenderer…pageHeaderViewModel` (2024+): handle, counts, avatar, first link. */
const headerSpec: Omit<RecordSpec<unknown>, 'name' | 'load'> = {
  platform: LABEL,
  parse: fromPage,
  schema: schema.VideoChannel,
  source: ['header', 'pageHeaderRenderer', 'content', 'pageHeaderViewModel'],
  maxDepth: 6,
  sample: 60,
  sampleDepth: 14,
  identity: {},
  rootOptional: 'a page without the 2024+ header still has the channel (warned channel.header)',
  fields: {
    ...elsewhere('channelId', 'channel', 'name', 'description', 'email', 'tags', 'store', 'country', 'viewCountText', 'joinedDateText'),
    // The header's own facts; the platform fields and links come from its first link.
    avatar: ['image'],
    subscriberCount: ['metadata'],
    subscriberCountText: ['metadata'],
    videoCountText: ['metadata'],
    links: ['attribution'],
    '*': ['attribution'],
  },
  quiet: { attribution: 'channels without an external link have none' },
};

describe.skipIf(!hasFixtures(LABEL))(`video mutations (${skipReason(LABEL)})`, () => {
  const bulwark = () => JSON.parse(readFixture(LABEL, 'ytinitialdata-channel-videos-bulwark.json'));
  const kurzgesagt = () =>
    JSON.parse(JSON.parse(readFixture(LABEL, 'youtubei-browse-videos-kurzgesagt.newpipe-mock.json')).response.responseBody);
  mutationTest({ ...metadataSpec, name: 'channel metadata ytinitialdata-channel-videos-bulwark.json', load: bulwark });
  mutationTest({ ...headerSpec, name: 'channel header ytinitialdata-channel-videos-bulwark.json', load: bulwark });
  mutationTest({ ...metadataSpec, name: 'channel metadata youtubei-browse-videos-kurzgesagt (browse answer)', load: kurzgesagt });
  mutationTest({ ...headerSpec, name: 'channel header youtubei-browse-videos-kurzgesagt (browse answer)', load: kurzgesagt });

  // The whole HTML page: `var ytInitialData = {…};` mutated in place (the channel metadata).
  const PAGE = 'channel-videos-tab-hospitalrecords.html';
  let cached: ReturnType<typeof embedded> | undefined;
  const page = () => (cached ??= embedded(readFixture(LABEL, PAGE), /var ytInitialData = /, /;<\/script>/));
  mutationTest({
    ...metadataSpec,
    name: `channel metadata in the ytInitialData of ${PAGE}`,
    load: () => page().json,
    parse: (doc) => buildChannelRecord(parseChannelHtml(page().with(doc)), null),
  });
});

// The about panel (no capture holds one): the project's own browse answer for it.
describe('video mutations (test page)', () => {
  const page = parseChannelPage(channelInitialData(NIGHT_OWL));
  mutationTest({
    name: 'about panel (test page aboutBrowseResponse)',
    platform: LABEL,
    load: () => aboutBrowseResponse(nightOwlAbout()),
    parse: (doc) => buildChannelRecord(page, parseAboutResponse(doc)),
    schema: schema.VideoChannel,
    source: (doc) => {
      // The one aboutChannelViewModel, wherever the continuation puts it.
      const path: (string | number)[] = [];
      const walk = (v: unknown, at: (string | number)[]): boolean => {
        if (v && typeof v === 'object') {
          for (const [k, x] of Object.entries(v)) {
            const next = [...at, Array.isArray(v) ? Number(k) : k];
            if (k === 'aboutChannelViewModel') return (path.push(...next), true);
            if (walk(x, next)) return true;
          }
        }
        return false;
      };
      walk(doc, []);
      return path;
    },
    identity: { channelId: 'the panel is that channel’s: one about another channel is never merged (buildChannelRecord)' },
    fields: {
      ...elsewhere('channelId', 'name', 'avatar', 'tags'),
      channel: ['canonicalChannelUrl'],
      description: ['description'],
      email: ['description'],
      subscriberCount: ['subscriberCountText'],
      subscriberCountText: ['subscriberCountText'],
      videoCountText: ['videoCountText'],
      viewCountText: ['viewCountText'],
      joinedDateText: ['joinedDateText'],
      country: ['country'],
      links: ['links'],
      store: ['links'],
      '*': ['links'],
    },
    quiet: {
      description: 'README: only when the channel set one',
      country: 'README: only when the channel set one',
      links: 'README: only when the channel set some',
      subscriberCountText: 'hidden by channels that hide their count',
    },
  });
});

describe.skipIf(!hasFixtures(LABEL))(`video reads mutations (${skipReason(LABEL)})`, () => {
  const WATCH = 'watch-page-B68agR-OeJM-2025-06.html';
  let watch: { player: unknown; initialData: Record<string, unknown> | null } | undefined;
  const watchPage = () => {
    if (!watch) {
      const html = readFixture(LABEL, WATCH);
      watch = { player: extractYtVar(html, 'ytInitialPlayerResponse'), initialData: extractYtVar(html, 'ytInitialData') };
    }
    return watch;
  };
  const fromPlayer = (doc: unknown) => parsePlayerResponse(doc, watchPage().initialData);

  mutationTest({
    name: `video details in the ytInitialPlayerResponse of ${WATCH}`,
    platform: LABEL,
    load: () => watchPage().player,
    parse: fromPlayer,
    schema: VideoVideoRecord,
    source: ['videoDetails'],
    output: ['video'],
    identity: { videoId: 'the video id: the record is that video' },
    fields: {
      ...elsewhere('likeCount', 'publishDate', 'category', 'captions'),
      description: ['shortDescription'],
      isLive: ['isLive'],
    },
    quiet: {
      keywords: 'videos without tags have none',
      isLive: 'only live streams carry it',
      // videoDetails first, the microformat's copy otherwise: one gone is no missing field.
      title: 'the microformat carries it too',
      shortDescription: 'the microformat carries it too',
      lengthSeconds: 'the microformat carries it too',
      viewCount: 'the microformat carries it too',
      channelId: 'the microformat carries it too',
      author: 'the microformat carries it too',
    },
    rootCodes: ['NOT_FOUND'],
  });

  mutationTest({
    name: `microformat in the ytInitialPlayerResponse of ${WATCH}`,
    platform: LABEL,
    load: () => watchPage().player,
    parse: fromPlayer,
    schema: VideoVideoRecord,
    source: ['microformat', 'playerMicroformatRenderer'],
    output: ['video'],
    rootOptional: 'the ANDROID player sends none: its facts are null (warned video.microformat)',
    identity: {},
    fields: {
      ...elsewhere('videoId', 'title', 'description', 'lengthSeconds', 'viewCount', 'channelId', 'author', 'keywords', 'captions'),
      publishDate: ['publishDate', 'uploadDate'],
      isLive: ['liveBroadcastDetails'],
    },
    quiet: {
      likeCount: 'the like button in ytInitialData says it too',
      liveBroadcastDetails: 'only streams and premieres carry it',
      publishDate: 'uploadDate says it too',
    },
  });

  const CC = 'youtubei-browse-videos-tab-lockup-creativecommons-2026.json';
  mutationTest({
    name: `channel tab lockup grid ${CC}`,
    platform: LABEL,
    load: () => JSON.parse(readFixture(LABEL, CC)),
    parse: (doc) => parseChannelTab(doc, 'videos'),
    schema: z.strictObject({ videos: z.array(VideoListItem) }).loose(),
    source: ['contents', 'twoColumnBrowseResultsRenderer', 'tabs', 1, 'tabRenderer', 'content', 'richGridRenderer', 'contents'],
    identity: {},
    fields: { videos: ['*'], token: ['*'], channelId: ['-'], handle: ['-'], clientVersion: ['-'], tabFound: ['-'] },
    maxDepth: 8,
    sampleDepth: 16,
    sample: 60,
  });

  const ALL = 'youtubei-search-test-all-2026-01-26.json';
  mutationTest({
    name: `search results ${ALL}`,
    platform: LABEL,
    load: () => JSON.parse(readFixture(LABEL, ALL)),
    parse: (doc) => parseSearchResponse(doc),
    schema: z.strictObject({ results: z.array(VideoSearchResult), token: z.string().nullable() }),
    // The results themselves (the section around them is a container: its loss is every result's, warned).
    source: [
      'contents',
      'twoColumnSearchResultsRenderer',
      'primaryContents',
      'sectionListRenderer',
      'contents',
      0,
      'itemSectionRenderer',
      'contents',
    ],
    rootOptional: 'an item section without contents has no results (warned search.sections)',
    identity: {},
    fields: { results: ['*'], token: ['-'] },
    maxDepth: 6,
    sampleDepth: 12,
    quiet: {
      '*.videoRenderer.viewCountText': 'upcoming and members-only videos show none (README)',
      '*.videoRenderer.publishedTimeText': 'live and upcoming streams show none (README)',
      '*.videoRenderer.lengthText': 'live streams show none (README)',
    },
  });
});
