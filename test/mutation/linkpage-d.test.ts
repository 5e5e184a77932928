import { describe } from 'vitest';
import { parsePillarData } from '../../src/platforms/linkpage-d/parse.js';
import * as schema from '../../src/platforms/linkpage-d/schema.js';
import { creatorProfile, pillarState } from '../../src/platforms/linkpage-d/samples.js';
import { mutationTest } from './suite.js';

const LABEL = 'linkpage-d';

// No capture of a Pillar page exists: the project's own page store (src/platforms/linkpage-d/samples.ts).
describe('linkpage-d mutations (test page)', () => {
  mutationTest({
    name: 'page of samples.ts creatorProfile()',
    platform: LABEL,
    load: () => pillarState(creatorProfile()),
    parse: (doc) => parsePillarData(doc, 'maraquintero'),
    schema: schema.LinkpageDPage,
    source: ['shop', 'profile'],
    // The store saying `profile: null` is a page nobody has… or no profile at all: typed either way.
    rootCodes: ['NOT_FOUND'],
    identity: {
      id: 'the profile id: the record is that profile (and how the profile is found in the store)',
    },
    fields: {
      email_primary: ['email_primary', 'email', 'contact_email', 'links'],
      email: ['email', 'contact_email', 'email_primary', 'links'],
      links: ['links'],
      products: ['products'],
      // One URL field per platform: from the profile's own URL members, its socials and its links.
      '*': ['*'],
      id: ['id'],
      first_name: ['first_name'],
      last_name: ['last_name'],
      location: ['location'],
    },
    quiet: {
      location: 'README: not set',
      email_primary: 'README: no address on the profile',
      email: 'README: no address on the profile',
      contact_email: 'README: no address on the profile',
      products: 'the creator sells nothing',
      'links.*.order': 'api.md: integer or null (links without a set order)',
      'products.*.price': 'README: the product card does not show it',
      'products.*.url': 'README: the product card does not show it',
      'products.*.image': 'README: the product card does not show it',
      'products.*.description': 'README: the product card does not show it',
    },
  });
});
