import { describe } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { parseLinktreeNextData } from '../../src/platforms/linkpage-b/parse.js';
import * as schema from '../../src/platforms/linkpage-b/schema.js';
import type { RecordSpec } from './engine.js';
import { mutationTest } from './suite.js';
import { modernAccount, profileNextData } from '../../src/platforms/linkpage-b/samples.js';

const LABEL = 'linkpage-b';

const spec: Omit<RecordSpec<Record<string, unknown>>, 'name' | 'load' | 'parse'> = {
  platform: LABEL,
  schema: schema.LinkpageBPage,
  source: ['props', 'pageProps', 'account'],
  identity: {
    id: 'the account id: the record is that account',
    // The handle is also at pageProps.username, so only both gone fail the record.
  },
  fields: {
    id: ['id'],
    username: ['username'],
    profilePictureUrl: ['profilePictureUrl', 'customAvatar'],
    description: ['description'],
    verticals: ['verticals'],
    linkPlatforms: ['linkPlatforms'],
    timezone: ['timezone'],
    links: ['links'],
    // The e-mail and the one-URL-per-platform fields are read from the links and social links.
    email_address: ['socialLinks', 'links', 'description'],
    '*': ['socialLinks', 'links'],
  },
  quiet: {
    verticals: 'newer than the 2021 capture: read with r.opt',
    linkPlatforms: 'newer than the 2021 capture: read with r.opt',
    timezone: 'newer than the 2021 capture',
    profilePictureUrl: 'null on accounts with the generated placeholder picture',
    customAvatar: 'only accounts with a custom avatar',
  },
};

// Today's account shape (verticals, linkPlatforms, timezone), from the project's own test page.
describe('linkpage-b mutations (test page)', () => {
  mutationTest({
    ...spec,
    name: 'page of samples.ts modernAccount()',
    load: () => profileNextData(modernAccount()),
    parse: (doc) => parseLinktreeNextData(doc, 'nightowlband'),
  });
});

describe.skipIf(!hasFixtures(LABEL))(`linkpage-b mutations (${skipReason(LABEL)})`, () => {
  mutationTest({
    ...spec,
    name: 'page next-data-kaiserlol.json',
    load: () => JSON.parse(readFixture(LABEL, 'next-data-kaiserlol.json')),
    parse: (doc) => parseLinktreeNextData(doc, 'kaiserlol'),
  });
});
