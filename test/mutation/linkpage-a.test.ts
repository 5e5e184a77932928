import { describe } from 'vitest';
import { parseLinkmeNextData } from '../../src/platforms/linkpage-a/parse.js';
import * as schema from '../../src/platforms/linkpage-a/schema.js';
import { linkmeProfile, profileNextData } from '../../src/platforms/linkpage-a/samples.js';
import { mutationTest } from './suite.js';

const LABEL = 'linkpage-a';

// No capture of a link.me page exists: the project's own page (src/platforms/linkpage-a/samples.ts), every
// api.md member of a profile with values of each kind.
describe('linkpage-a mutations (test page)', () => {
  mutationTest({
    name: 'profile of samples.ts linkmeProfile()',
    platform: LABEL,
    load: () => profileNextData(linkmeProfile()),
    parse: (doc) => parseLinkmeNextData(doc, 'mira.sol'),
    schema: schema.LinkpageAProfile,
    source: ['props', 'pageProps', 'profile'],
    maxDepth: 4,
    // `profile: null` is link.me's answer for a username nobody has.
    rootCodes: ['NOT_FOUND'],
    identity: {
      id: 'the profile id: the record is that profile',
      // A private profile is never returned, whatever else the page shows: fail closed.
      isPrivate: { why: 'a private profile is PRIVATE_CONTENT, never data', codes: ['PRIVATE_CONTENT'] },
    },
    quiet: Object.fromEntries(
      [
        'logo',
        'cover',
        'QRCode',
        'deeplink',
        'chatID',
        'businessInfo',
        'customisedTheme',
        'stripeStatus',
        'subscriptionFeature',
        'displayNameOption',
        'totalFollowers',
        'customisedTheme.featuredLinkTitles',
      ].map((k) => [k, 'README: null when the profile has no such setting']),
    ),
  });
});
