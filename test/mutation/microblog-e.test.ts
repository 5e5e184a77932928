import { describe } from 'vitest';
import { z } from 'zod';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import {
  parseAccount,
  parseAccountList,
  parseAccountSearch,
  parseContext,
  parseStatus,
  parseStatuses,
  parseTrendTags,
} from '../../src/platforms/microblog-e/parse.js';
import * as schema from '../../src/platforms/microblog-e/schema.js';
import type { RecordSpec } from './engine.js';
import { mutationTest } from './suite.js';

/**
 * microblog-e (Mastodon) records over the real captures: the Account (profile), Account lists (the
 * v2 search envelope; followers / following, a bare array), Status lists (an account's statuses,
 * a tag timeline; a thread's descendants), one Status of three shapes, Tag entities (trends).
 * The identity checks of fetch.ts (whose list, whose status) are not the parsers': not here.
 * Trending statuses are parseStatuses as the tag timeline (only the warning's record name differs).
 */
const LABEL = 'microblog-e';
const STATUSES = 'account-statuses-fosstodon-schochastics-2025-07-17.json';
const TAG = 'timeline-tag-rstats-mastodon-social-anon-2025-07-17.json';
const SEARCH = 'accounts-search-schochastics-fosstodon-2025-07-17.json';
const ACCOUNT = 'account-fosstodon-schochastics-2025-07-17.json';

const load = (file: string): unknown => JSON.parse(readFixture(LABEL, file));
const under = (prefix: string, quiet: Record<string, string>) =>
  Object.fromEntries(Object.entries(quiet).map(([k, why]) => [`${prefix}${k}`, why]));

/**
 * Account members parse.ts `accountFields` reads with r.opt because servers send them only
 * sometimes (README "Fields that may be null"): added by later Mastodon versions (older servers
 * and forks lack them), or only sent when there is something to say.
 */
const ACCOUNT_QUIET: Record<string, string> = {
  group: 'Mastodon 3.1+ (r.opt)',
  discoverable: 'Mastodon 3.1+ (r.opt)',
  indexable: 'Mastodon 4.2+ (r.opt)',
  uri: 'on accounts since Mastodon 4.2 (r.opt)',
  last_status_at: 'Mastodon 3.0+ (r.opt)',
  hide_collections: 'Mastodon 4.1+, not sent by every server (r.opt)',
  moved: 'sent only for an account that moved (r.opt)',
  'fields.*.verified_at': "Mastodon's; Pleroma's and Akkoma's fields carry none (r.opt)",
};
/** Status members parse.ts `statusFields` reads with r.opt (README "Fields that may be null"). */
const STATUS_QUIET: Record<string, string> = {
  url: 'README: not sent for every status (r.opt; fetch.test.ts asserts its absence is not warned)',
  edited_at: 'Mastodon 3.5+ (r.opt)',
  card: 'Mastodon 2.6+, forks differ (r.opt)',
  poll: 'Mastodon 2.8+, forks differ (r.opt)',
};

/**
 * A list record: output `out` holds the source list's elements in order (an element without its
 * id, or not public, left out: any mutation inside an element may drop that element, warned),
 * each element's members under their Mastodon names (`out.<i>.<key>` ← `<i>.<key>`).
 */
function listFields(out: string, n: number, keys: string[]): Record<string, string[]> {
  const fields: Record<string, string[]> = { [out]: ['*'] };
  for (let i = 0; i < n; i++) for (const k of keys) fields[`${out}.${i}.${k}`] = [`${i}.${k}`];
  return fields;
}

const accountKeys = Object.keys(schema.MicroblogEAccount.shape);
const statusKeys = Object.keys((schema.MicroblogEStatus as unknown as z.ZodObject).shape);

/** One status (parseStatus): its id is the record; its author is a nested account record. */
function statusSpec(file: string, index: number, why: string): RecordSpec {
  return {
    name: `post ${file} [${index}] (${why})`,
    platform: LABEL,
    load: () => (load(file) as unknown[])[index],
    parse: (doc) => parseStatus(doc),
    schema: schema.MicroblogEStatus,
    source: [],
    identity: { id: 'the status id: the record is that status' },
    nested: { account: { identity: ['account.id'], why: 'the author is that account by its id' } },
    quiet: { ...STATUS_QUIET, ...under('account.', ACCOUNT_QUIET) },
  };
}

describe.skipIf(!hasFixtures(LABEL))(`microblog-e mutations (${skipReason(LABEL)})`, () => {
  mutationTest({
    name: `profile ${ACCOUNT}`,
    platform: LABEL,
    load: () => load(ACCOUNT),
    parse: (doc) => parseAccount(doc),
    schema: schema.MicroblogEAccount,
    source: [],
    identity: {
      id: 'the account id: the record is that account',
      username: 'the handle the lookup is checked against: without it the answer is no account (a status)',
      acct: 'with username, what makes the answer an account',
    },
    quiet: ACCOUNT_QUIET,
  });

  // The v2 search envelope around the captured accounts (parse.test.ts reads it so: SOURCES.md).
  mutationTest({
    name: `profile search ${SEARCH} (in the /api/v2/search envelope)`,
    platform: LABEL,
    load: () => ({ accounts: load(SEARCH), statuses: [], hashtags: [] }),
    parse: (doc) => ({ profiles: parseAccountSearch(doc) }),
    schema: schema.MicroblogEProfileSearch,
    source: ['accounts'],
    identity: {},
    fields: listFields('profiles', 3, accountKeys),
    quiet: under('*.', ACCOUNT_QUIET),
  });

  // Followers / following have no capture: the search's bare Account array is that list's shape.
  mutationTest({
    name: `followers ${SEARCH} (a bare Account array)`,
    platform: LABEL,
    load: () => load(SEARCH),
    parse: (doc) => ({ followers: parseAccountList(doc) }),
    schema: z.strictObject({ followers: z.array(schema.MicroblogEAccount) }),
    source: [],
    identity: {},
    fields: listFields('followers', 3, accountKeys),
    quiet: under('*.', ACCOUNT_QUIET),
  });

  for (const [file, n, page] of [
    [STATUSES, 20, schema.MicroblogEPostsPage],
    [TAG, 5, schema.MicroblogETagPage],
  ] as const) {
    mutationTest({
      name: `posts ${file}`,
      platform: LABEL,
      load: () => load(file),
      parse: (doc) => ({ posts: parseStatuses(doc), cursor: null }),
      schema: page,
      source: [],
      identity: {},
      fields: listFields('posts', n, statusKeys),
      quiet: { ...under('*.', STATUS_QUIET), ...under('*.account.', ACCOUNT_QUIET) },
    });
  }

  // One status: statuses of other shapes than the lists' first (the lists are walked by element shape).
  mutationTest(statusSpec(STATUSES, 5, 'media, tags and a link card'));
  mutationTest(statusSpec(STATUSES, 15, 'an edited reply'));
  mutationTest(statusSpec(TAG, 3, 'a remote status with a custom emoji'));

  // A thread has no capture: the tag timeline's statuses as a Context's descendants (parse.test.ts reads it so).
  mutationTest({
    name: `thread: ${TAG} as the descendants of a Context`,
    platform: LABEL,
    load: () => ({ ancestors: [], descendants: load(TAG) }),
    parse: (doc) => parseContext(doc),
    schema: z.strictObject({ ancestors: z.array(schema.MicroblogEStatus), descendants: z.array(schema.MicroblogEStatus) }),
    source: ['descendants'],
    identity: {},
    fields: listFields('descendants', 5, statusKeys),
    quiet: { ...under('*.', STATUS_QUIET), ...under('*.account.', ACCOUNT_QUIET) },
  });

  // Trending tags have no capture: a status's real Tag entities (name, url; no history: null, warned).
  mutationTest(
    {
      name: `trending tags: the tags of ${TAG} [1]`,
      platform: LABEL,
      load: () => (load(TAG) as { tags: unknown[] }[])[1].tags,
      parse: (doc) => ({ tags: parseTrendTags(doc), cursor: null }),
      schema: schema.MicroblogETrendsTagsPage,
      source: [],
      identity: {},
      fields: listFields('tags', 2, ['name', 'url', 'history']),
      // Two Tag entities of two strings each: every path of them is mutated, fewer than 50 in all.
    },
    { minMutations: 15 },
  );
});
