import { describe } from 'vitest';
import { pageRecord, readPage, readProducts } from '../../src/platforms/linkpage-d/parse.js';
import type { Resolved } from '../../src/platforms/linkpage-d/parse.js';
import * as schema from '../../src/platforms/linkpage-d/schema.js';
import { INFLUENCER_ID, pageAnswer, productsAnswer, sampleCreator } from '../../src/platforms/linkpage-d/samples.js';
import { mutationTest } from './suite.js';

const LABEL = 'linkpage-d';
const USER = 'maraquintero';
const RESOLVED: Resolved = { id: INFLUENCER_ID, by: 'url_key' };
const PAGE_FIELDS = ['id', 'first_name', 'last_name', 'email_primary', 'email', 'location'];

// No capture of Pillar's GraphQL answers exists: the project's own answers (src/platforms/linkpage-d/samples.ts,
// written in the shape public evidence gives). The record is built from two answers, the page (influencer,
// banner, links) and the products: each is mutated in turn.
describe('linkpage-d mutations (test answers)', () => {
  mutationTest({
    name: 'page: the page answer (samples.ts pageAnswer)',
    platform: LABEL,
    load: () => pageAnswer(sampleCreator(USER)),
    parse: (doc) => pageRecord(readPage(doc, RESOLVED, USER), readProducts(productsAnswer(sampleCreator(USER)), USER, RESOLVED.id)),
    schema: schema.LinkpageDPage,
    source: [],
    maxDepth: 5,
    // `influencer: null` is a creator the public role cannot read: NOT_FOUND.
    rootCodes: ['NOT_FOUND'],
    identity: {
      data: 'the answer itself',
      'data.influencer': { why: 'the creator (null: not readable by the public role)', codes: ['NOT_FOUND'] },
      'data.influencer.id': 'the influencer id: the record is that creator, the one the lookup resolved',
      'data.banner.url_key': 'resolved by url_key: the page states the username asked for, else another account',
    },
    fields: {
      id: ['data.influencer.id'],
      first_name: ['data.influencer.user.first_name', 'data.influencer.user'],
      last_name: ['data.influencer.user.last_name', 'data.influencer.user'],
      email_primary: [
        'data.influencer.user.email',
        'data.influencer.user',
        'data.influencer.contact_email',
        'data.banner.customizations.socials.EMAIL',
        'data.links',
      ],
      email: [
        'data.banner.customizations.socials.EMAIL',
        'data.influencer.contact_email',
        'data.influencer.user.email',
        'data.influencer.user',
        'data.links',
      ],
      location: ['data.banner.customizations.location'],
      links: ['data.links'],
      products: ['-'],
      // One URL field per platform: the banner's icons, the connected accounts, the links.
      '*': ['data.banner.customizations.socials', 'data.influencer.socials', 'data.links'],
    },
    quiet: {
      'data.banner': 'a creator without a banner row (resolved by alias or slug)',
      'data.banner.customizations': 'a banner never customised',
      'data.banner.customizations.location': 'README: not set',
      'data.banner.customizations.socials': 'no social icons',
      'data.banner.customizations.socials.*': 'an icon left empty',
      'data.banner.customizations.socials.*.value': 'an icon left empty',
      'data.influencer.user.email': 'README: no address on the profile',
      'data.influencer.contact_email': 'README: no address on the profile',
      'data.influencer.socials': 'no connected accounts',
      'data.influencer.socials.*.url': 'a connected account without a URL',
      'data.links.*.order': 'api.md: integer or null (links without a set order)',
      'data.links.*.status': 'a link without a status is shown',
      'data.links.*.data.visible': 'a link without the flag is shown',
    },
  });

  mutationTest({
    name: 'page: the products answer (samples.ts productsAnswer)',
    platform: LABEL,
    load: () => productsAnswer(sampleCreator(USER)),
    parse: (doc) => pageRecord(readPage(pageAnswer(sampleCreator(USER)), RESOLVED, USER), readProducts(doc, USER, RESOLVED.id)),
    schema: schema.LinkpageDPage,
    source: [],
    identity: {
      data: 'the answer itself (fetch.ts: its failure is the optional step’s, products [])',
      'data.products.*.influencer_id': 'the row’s influencer: a row of another is another account’s answer (the optional step fails)',
    },
    fields: {
      ...Object.fromEntries([...PAGE_FIELDS, 'links', '*'].map((k) => [k, ['-']])),
      products: ['data.products'],
    },
    quiet: {
      'data.products.*.price': 'README: the product card does not show it',
      'data.products.*.url': 'README: the product card does not show it',
      'data.products.*.image': 'README: the product card does not show it',
      'data.products.*.description': 'README: the product card does not show it',
      'data.products.*.order': 'not read: the answer is in the creator’s order',
    },
  });
});
