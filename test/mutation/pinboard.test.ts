import { describe } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { parseSearchResponse } from '../../src/platforms/pinboard/parse.js';
import * as schema from '../../src/platforms/pinboard/schema.js';
import type { RecordSpec } from './engine.js';
import { fullBoardJson, pinJson, searchBody } from '../../src/platforms/pinboard/samples.js';
import { mutationTest } from './suite.js';

const LABEL = 'pinboard';

/**
 * The search page is the record: a pin without its id is left out (warned), the other pins stay.
 * README: what a pin may lack (absent: null, no warning; another type: warned).
 */
const spec: Omit<RecordSpec<unknown>, 'name' | 'load'> = {
  platform: LABEL,
  parse: (doc) => parseSearchResponse(doc),
  schema: schema.PinboardSearchPage,
  source: ['resource_response', 'data', 'results'],
  maxDepth: 4,
  identity: {},
  fields: { pins: ['*'] },
  quiet: {
    ...Object.fromEntries(
      [
        'grid_title',
        'auto_alt_text',
        'seo_alt_text',
        'link',
        'domain',
        'board',
        'native_creator',
        'videos',
        'story_pin_data',
        'images.orig',
        'url',
        'is_promoted',
        // A pinner's or board's own parts vary by the resource that sent them.
        'pinner.*',
        'board.*',
        'native_creator.*',
      ].map((k) => [`*.${k}`, 'README: a pin may lack it']),
    ),
    // A full board's owner and collaborators are users: their members follow the field set of the
    // resource that sent them, as a pinner's do (README).
    '*.board.owner.*': "README: a user's parts vary by the resource that sent it",
    '*.board.collaborating_users.*.*': "README: a user's parts vary by the resource that sent it",
  },
};

describe.skipIf(!hasFixtures(LABEL))(`pinboard mutations (${skipReason(LABEL)})`, () => {
  mutationTest({
    ...spec,
    name: 'search base-search-resource-unauth-2024.json',
    load: () => JSON.parse(readFixture(LABEL, 'base-search-resource-unauth-2024.json')),
  });
});

// A pin with a full board (as other resources send it), from the project's own answer.
describe('pinboard mutations (test page)', () => {
  mutationTest({
    ...spec,
    name: 'search (test page searchBody: a pin with a full board, a plain pin)',
    load: () => searchBody([pinJson('1000001', { board: fullBoardJson('7000001') }), pinJson('1000002')], 'Y2JVHz'),
  });
});
