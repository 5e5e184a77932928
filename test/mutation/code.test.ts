import { describe } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { parseRepository, parseTrendingDevelopers, type TrendingDevelopers } from '../../src/platforms/code/parse.js';
import * as schema from '../../src/platforms/code/schema.js';
import { htmlMutationTest, mutationTest } from './suite.js';

const LABEL = 'code';

describe.skipIf(!hasFixtures(LABEL))(`code mutations (${skipReason(LABEL)})`, () => {
  for (const file of ['repo-pygithub-pygithub.json', 'repo-octokit-fixture-org-hello-world.json']) {
    mutationTest({
      name: `repository ${file}`,
      platform: LABEL,
      load: () => JSON.parse(readFixture(LABEL, file)),
      parse: (doc) => parseRepository(doc).repository,
      schema: schema.Repository,
      source: [],
      identity: {
        id: 'the repository id: what a renamed repository is matched by (fetch.ts assertSameResource)',
        full_name: 'owner/name: the record asked for (and the fallback of name and owner.login)',
      },
      fields: {
        url: ['html_url', 'full_name'],
        stars_count: ['stargazers_count'],
        'owner.url': ['owner.html_url', 'owner.login', 'full_name'],
        'owner.login': ['owner.login', 'full_name'],
        name: ['name', 'full_name'],
      },
    });
  }
});

describe.skipIf(!hasFixtures(LABEL))(`code trending mutations (${skipReason(LABEL)})`, () => {
  const FILE = 'trending-developers-daily-2022-04.html';
  let page: string | undefined;
  htmlMutationTest({
    name: `trending developer ${FILE} (the first row)`,
    platform: LABEL,
    load: () => (page ??= readFixture(LABEL, FILE)),
    parse: (html) => parseTrendingDevelopers(html, { since: 'daily', language: null }),
    schema: schema.TrendingDevelopers,
    scope: 'article.Box-row',
    list: (r) => (r as TrendingDevelopers).developers,
    fields: {
      // The row's position stands for its rank when the rank text is gone.
      rank: ['a.color-fg-muted.f6'],
      username: ['p.f4 a', 'h1.h3 a'],
      url: ['p.f4 a', 'h1.h3 a'],
      popular_repository: ['article'],
      avatar_url: ['img'],
    },
    quiet: {
      article: 'the "Popular repo" block: developers showing an organisation or "Follow" have none',
    },
  });
});
