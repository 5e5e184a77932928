import { describe } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { parseSearchPage, type WebSearchPage } from '../../src/platforms/websearch/parse.js';
import * as schema from '../../src/platforms/websearch/schema.js';
import { htmlMutationTest } from './suite.js';

const LABEL = 'websearch';

/** Snippet elements: api.md lets a result have no description (''), so their loss needs no warning. */
const SNIPPETS = ['.VwiC3b', 'span.st', 'div.BNeawe.s3v9rd.AP7Wnd', '[data-sncf="1"]', '.IsZvec', 'span.aCOpRe'];

describe.skipIf(!hasFixtures(LABEL))(`websearch mutations (${skipReason(LABEL)})`, () => {
  // The first organic result of each layout: its elements removed, stripped of their classes or renamed.
  for (const [file, scope] of [
    ['google-desktop-q-google-2023.html', '#rso div.MjjYud'],
    ['google-nojs-q-google-2023.html', '#main div.Gx5Zad:has(h3)'],
    ['google-ru-100-results-2016.html', '#search div.g'],
  ] as const) {
    let page: string | undefined;
    htmlMutationTest({
      name: `result ${file} (the first organic result)`,
      platform: LABEL,
      load: () => (page ??= readFixture(LABEL, file)),
      parse: (html) => parseSearchPage(html),
      schema: schema.WebSearchPage,
      scope,
      list: (r) => (r as WebSearchPage).results,
      quiet: Object.fromEntries(SNIPPETS.map((s) => [s, "api.md: a result may have no description ('')"])),
      identity: {
        h3: 'a result is recognised by its heading: without it the block is not a result (a layout change that drops every heading fails the page, parse tests)',
        'a[href]': 'a result is its link: without it the heading is not a result (the no-JS knowledge-panel heading has none)',
      },
    });
  }
});
