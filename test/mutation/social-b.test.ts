import { describe } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { parseProfile } from '../../src/platforms/social-b/parse.js';
import * as schema from '../../src/platforms/social-b/schema.js';
import { mutationTest } from './suite.js';

const LABEL = 'social-b';

describe.skipIf(!hasFixtures(LABEL))(`social-b mutations (${skipReason(LABEL)})`, () => {
  mutationTest({
    name: 'profile web-profile-info-megadeth.json',
    platform: LABEL,
    load: () => JSON.parse(readFixture(LABEL, 'web-profile-info-megadeth.json')),
    parse: (doc) => parseProfile(doc, 'megadeth'),
    schema: schema.SocialBProfile,
    source: ['data', 'user'],
    output: ['data', 'user'],
    rootCodes: ['NOT_FOUND'],
    identity: {
      id: 'the account id: the record is that account',
      username: 'the handle asked for: an answer without it cannot be matched to the request',
    },
    fields: {
      // An account that does not say it is public shows no media (counts kept).
      ...Object.fromEntries(
        [
          'edge_owner_to_timeline_media',
          'edge_felix_video_timeline',
          'edge_saved_media',
          'edge_media_collections',
          'edge_mutual_followed_by',
        ].map((k) => [`${k}.edges`, [`${k}.edges`, 'is_private']]),
      ),
      ...Object.fromEntries(
        ['edge_owner_to_timeline_media', 'edge_felix_video_timeline', 'edge_saved_media', 'edge_media_collections'].map((k) => [
          `${k}.page_info`,
          [`${k}.page_info`, 'is_private'],
        ]),
      ),
    },
    quiet: {
      'edge_owner_to_timeline_media.edges.*.node.video_url': 'videos only',
      'edge_owner_to_timeline_media.edges.*.node.video_view_count': 'videos only',
      'bio_links.*.lynx_url': 'newer than the first bio links',
      'bio_links.*.link_type': 'newer than the first bio links',
      'edge_owner_to_timeline_media.edges.*.node.owner.username': 'not every vintage names the owner in each node',
    },
  });
});
