import { describe } from 'vitest';
import { parsePost, parseSearch } from '../../src/platforms/moodboard/parse.js';
import * as schema from '../../src/platforms/moodboard/schema.js';
import * as pages from '../../src/platforms/moodboard/samples.js';
import { mutationTest } from './suite.js';

const LABEL = 'moodboard';

/** What an element has only for some kinds (an image, a video, a product, a website…): absent is normal. */
const KIND_PARTS = [
  'generatedCaption',
  'text',
  'websiteTitle',
  'productTitle',
  'websiteDescription',
  'productDescription',
  'source',
  'source.url',
  'source.author',
  'media',
  'multipleMedia',
  'productPrice',
  'productBrand',
  'media.aiGenerated',
  'media.duration',
  'media.thumbnail',
  'media.video',
  'media.mux',
  'multipleMedia.*.aiGenerated',
];

// No capture of Cosmos exists: the project's own GraphQL answers (src/platforms/moodboard/samples.ts), with
// elements of each kind.
describe('moodboard mutations (test page)', () => {
  for (const [kind, element] of [
    ['image', pages.imageElement()],
    ['gallery', pages.galleryElement()],
    ['video', pages.videoElement()],
    ['product', pages.productElement()],
    ['website', pages.websiteElement()],
  ] as const) {
    mutationTest({
      name: `post: a ${kind} element (test page elementDetails)`,
      platform: LABEL,
      load: () => pages.elementDetails(element),
      parse: (doc) => parsePost(doc, String(element.id)),
      schema: schema.MoodboardPost,
      source: ['data', 'elementView', 'element'],
      maxDepth: 4,
      rootCodes: ['NOT_FOUND'],
      identity: { id: 'the element id: the record is that element (fetch.ts checks it against the one asked for)' },
      fields: {
        url: ['shareUrl', 'id'],
        created_at: ['createdAt'],
        caption: ['generatedCaption'],
        title: ['websiteTitle', 'productTitle'],
        description: ['websiteDescription', 'productDescription'],
        owner: ['owner', 'ownerId'],
        source_url: ['source'],
        source_author: ['source'],
        media: ['media', 'multipleMedia'],
        price: ['productPrice'],
        brand: ['productBrand'],
      },
      quiet: Object.fromEntries(KIND_PARTS.map((k) => [k, 'only some element kinds carry it'])),
    });
  }

  mutationTest({
    name: 'search (test page searchAnswer: elements of each kind)',
    platform: LABEL,
    load: () =>
      pages.searchAnswer(
        [pages.imageElement(), pages.videoElement(), pages.productElement(), pages.websiteElement()],
        pages.cursorFor(20, 'tide'),
      ),
    parse: (doc) => parseSearch(doc),
    schema: schema.MoodboardSearchPage,
    source: ['data', 'searchElements', 'items'],
    maxDepth: 4,
    identity: {},
    fields: { items: ['*'], result_count: ['*'] },
    quiet: Object.fromEntries(KIND_PARTS.map((k) => [`*.${k}`, 'only some element kinds carry it'])),
  });
});
