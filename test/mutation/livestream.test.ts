import { describe } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { parseChannel } from '../../src/platforms/livestream/parse.js';
import * as schema from '../../src/platforms/livestream/schema.js';
import { mutationTest } from './suite.js';

const LABEL = 'livestream';
/** Two complete `api/v2/channels/<slug>` bodies keyed by the slug asked (SOURCES.md). */
const FILE = 'api-v2-channels-ac7ionman-2023-11-26.test-results.json';

describe.skipIf(!hasFixtures(LABEL))(`livestream mutations (${skipReason(LABEL)})`, () => {
  // A partner channel (badges, banners, a category, links set) and a dormant one (nulls, no banner).
  for (const key of ['ac7ionman', 'invalidUsername']) {
    mutationTest({
      name: `channel ${key} of ${FILE}`,
      platform: LABEL,
      load: () => JSON.parse(readFixture(LABEL, FILE)) as Record<string, unknown>,
      parse: (doc) => parseChannel(doc[key]),
      schema: schema.LivestreamChannel,
      source: [key],
      identity: {
        id: 'the channel id: the record is that channel (what its past broadcasts are checked by)',
        slug: 'the channel address kick.com/<slug>: fetch.ts checks it is the slug asked',
      },
      quiet: {
        // r.opt.obj: the dormant `invalidusername` body has no `banner_image` key at all.
        banner_image: 'Kick leaves it out for a channel without a banner (r.opt)',
      },
    });
  }
});
