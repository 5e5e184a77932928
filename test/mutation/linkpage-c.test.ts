import { describe } from 'vitest';
import { pageRecord, readModules, readTalent } from '../../src/platforms/linkpage-c/parse.js';
import * as schema from '../../src/platforms/linkpage-c/schema.js';
import { modulesBody, talentBody } from '../../src/platforms/linkpage-c/samples.js';
import { mutationTest } from './suite.js';

const LABEL = 'linkpage-c';

// No capture of a Komi page exists: the project's own answers (src/platforms/linkpage-c/samples.ts). The
// record is built from two answers, the talent and its modules: each is mutated in turn.
describe('linkpage-c mutations (test page)', () => {
  mutationTest({
    name: 'page: the talent answer (test page talentBody)',
    platform: LABEL,
    load: () => talentBody(),
    parse: (doc) => pageRecord(readTalent(doc, 'nightowl'), readModules(modulesBody()), 'nightowl'),
    schema: schema.LinkpageCPage,
    source: [],
    maxDepth: 4,
    rootCodes: ['NOT_FOUND'],
    identity: {
      'talentProfile.id': 'the profile id: the record is that page (and its modules are requested by it)',
      talentProfile: 'the page itself',
      // A suspended or deleted account answers, but has no page: NOT_FOUND, never data.
      accountStatus: { why: 'active: a suspended or deleted account has no page', codes: ['NOT_FOUND'] },
    },
    fields: {
      id: ['talentProfile.id'],
      username: ['username', 'talentProfile.username'],
      avatar: ['avatar', 'talentProfile.avatar'],
      bio: ['talentProfile.bio', 'bio'],
      firstName: ['firstName', 'talentProfile.firstName'],
      lastName: ['lastName', 'talentProfile.lastName'],
      displayName: ['talentProfile.displayName', 'displayName'],
      displayNameImage: ['talentProfile.displayNameImage', 'displayNameImage'],
      website: ['talentProfile.website', 'website', 'talentProfile.socialProfileLinks'],
      links: ['-'],
      '*': ['talentProfile.socialProfileLinks', 'socialProfileLinks'],
    },
    quiet: {
      'talentProfile.displayNameImage': 'null when the talent set none',
      'talentProfile.website': 'null when the talent set none',
      'talentProfile.socialProfileLinks': 'talents without social profiles',
      'talentProfile.socialProfileLinks.*.link': 'an empty social slot',
    },
  });

  mutationTest({
    name: 'page: the modules answer (test page modulesBody)',
    platform: LABEL,
    load: () => modulesBody(),
    parse: (doc) => pageRecord(readTalent(talentBody(), 'nightowl'), readModules(doc), 'nightowl'),
    schema: schema.LinkpageCPage,
    source: [],
    maxDepth: 5,
    identity: {},
    // The links are the modules' entries flattened: one module's mutation may change all of its entries.
    atomic: ['links'],
    fields: {
      ...Object.fromEntries(
        ['id', 'username', 'avatar', 'bio', 'firstName', 'lastName', 'displayName', 'displayNameImage', 'website'].map((k) => [k, ['-']]),
      ),
      links: [''],
      '*': [''],
    },
    quiet: {
      '*.items': 'modules without entries (a header, an empty module)',
      '*.type': 'a module without a type is a LINK module',
    },
  });
});
