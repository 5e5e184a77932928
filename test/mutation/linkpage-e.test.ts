import { describe } from 'vitest';
import { parseLnkBioPage } from '../../src/platforms/linkpage-e/parse.js';
import * as schema from '../../src/platforms/linkpage-e/schema.js';
import { creatorPage, lnkBioHtml } from '../../src/platforms/linkpage-e/samples.js';
import { htmlMutationTest } from './suite.js';

const LABEL = 'linkpage-e';

// No capture of a Lnk.Bio page exists: the project's own page (src/platforms/linkpage-e/samples.ts), a pure
// HTML page — its elements are removed, stripped of their classes and attributes, or renamed.
describe('linkpage-e mutations (test page)', () => {
  htmlMutationTest({
    name: 'page of samples.ts creatorPage()',
    platform: LABEL,
    load: () => lnkBioHtml(creatorPage()),
    parse: (html) => parseLnkBioPage(html, 'rosaliavega'),
    schema: schema.LinkpageEPage,
    scope: 'body',
    maxElements: 80,
    identity: {
      'a.pb-username': 'the profile anchor: its data-uid is the page id (the redirects and the picture name are fallbacks)',
    },
    fields: {
      // What the icons and buttons give: the platform fields, e-mail, WhatsApp, website, links.
      links: ['.pb-links'],
      email: ['.lb-icons'],
      whatsapp: ['.lb-icons'],
      website: ['.lb-icons'],
    },
    removable: {
      '.pb-linkbox-container': 'a page with one button fewer',
      'a.lb-icon-pub': 'a page with one icon fewer',
      '.lb-icons': 'a page without icons',
      '.pb-links': 'a page without buttons',
    },
    quiet: {
      '.pb-linkbox-image': 'a button picture is not part of the record',
      '.pb-bio': 'the bio is not part of the record',
      '.pb-header': 'navigation, not the record',
      '.pb-footer': 'navigation, not the record',
    },
  });
});
