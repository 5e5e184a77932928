import { describe } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { buildChannelRecord, parseAboutResponse, parseChannelHtml, parseChannelPage } from '../../src/platforms/video/parse.js';
import * as schema from '../../src/platforms/video/schema.js';
import { embedded, type RecordSpec } from './engine.js';
import { aboutBrowseResponse, channelInitialData, NIGHT_OWL, nightOwlAbout } from '../../src/platforms/video/samples.js';
import { mutationTest } from './suite.js';

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
