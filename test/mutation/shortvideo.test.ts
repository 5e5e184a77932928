import { describe } from 'vitest';
import { z } from 'zod';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { parseProfilePage, type ShortvideoProfile } from '../../src/platforms/shortvideo/parse.js';
import { embedded } from './engine.js';
import { mutationTest } from './suite.js';
import { nightOwlPage } from '../../src/platforms/shortvideo/samples.js';

const LABEL = 'shortvideo';
const PAGE = 'profile-page-sigi-huxleythepandapuppy.html';
const HANDLE = 'huxleythepandapuppy';

/**
 * shortvideo has no operation of its own (creator discovery reads it), so no schema.ts: its
 * record's type (parse.ts ShortvideoProfile) as a strict zod object, checked equal to it.
 */
const Profile = z.strictObject({
  id: z.string(),
  handle: z.string(),
  displayName: z.string().nullable(),
  bio: z.string().nullable(),
  bioLinks: z.array(z.string()),
  verified: z.boolean().nullable(),
  private: z.boolean().nullable(),
  avatarUrl: z.string().nullable(),
  followerCount: z.number().int().nullable(),
  followingCount: z.number().int().nullable(),
  likeCount: z.number().int().nullable(),
  videoCount: z.number().int().nullable(),
  url: z.string(),
}) satisfies z.ZodType<ShortvideoProfile>;

describe.skipIf(!hasFixtures(LABEL))(`shortvideo mutations (${skipReason(LABEL)})`, () => {
  // The 2022 page's `<script id="SIGI_STATE">` JSON, mutated and put back into the page.
  let cached: ReturnType<typeof embedded> | undefined;
  const page = () => (cached ??= embedded(readFixture(LABEL, PAGE), /<script id="SIGI_STATE"\s+type="application\/json">/, /<\/script>/));
  const user = `users.${HANDLE}`;
  const stats = `stats.${HANDLE}`;
  mutationTest({
    name: `profile from the SIGI_STATE of ${PAGE}`,
    platform: LABEL,
    load: () => page().json,
    parse: (doc) => parseProfilePage(page().with(doc), HANDLE),
    schema: Profile,
    source: ['UserModule'],
    maxDepth: 4,
    identity: {
      [`${user}.id`]: 'the account id: the record is that account',
      [`${user}.uniqueId`]: 'the handle asked for (also the key the user is found by)',
    },
    fields: {
      id: [`${user}.id`],
      handle: [`${user}.uniqueId`],
      url: [`${user}.uniqueId`],
      displayName: [`${user}.nickname`],
      bio: [`${user}.signature`],
      bioLinks: [`${user}.signature`, `${user}.bioLink`],
      verified: [`${user}.verified`],
      private: [`${user}.privateAccount`, `${user}.secret`],
      avatarUrl: [`${user}.avatarLarger`, `${user}.avatarMedium`, `${user}.avatarThumb`],
      followerCount: [`${stats}.followerCount`],
      followingCount: [`${stats}.followingCount`],
      likeCount: [`${stats}.heartCount`, `${stats}.heart`],
      videoCount: [`${stats}.videoCount`],
    },
    quiet: { [`${user}.bioLink`]: 'only accounts that declare a website have one' },
  });
});

// Today's shape (`__UNIVERSAL_DATA_FOR_REHYDRATION__`), from the project's own test page.
describe('shortvideo mutations (test page)', () => {
  let cached: ReturnType<typeof embedded> | undefined;
  const page = () =>
    (cached ??= embedded(nightOwlPage(), /<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__" type="application\/json">/, /<\/script>/, (j) =>
      j.replace(/\//g, '\\u002F'),
    ));
  mutationTest({
    name: 'profile from the __UNIVERSAL_DATA_FOR_REHYDRATION__ of samples.ts nightOwlPage()',
    platform: LABEL,
    load: () => page().json,
    parse: (doc) => parseProfilePage(page().with(doc), 'nightowl.ceramics'),
    schema: Profile,
    source: ['__DEFAULT_SCOPE__', 'webapp.user-detail', 'userInfo'],
    identity: {
      'user.id': 'the account id: the record is that account',
      'user.uniqueId': 'the handle asked for',
      // A userInfo without its user is TikTok's answer for an account nobody has (or a changed shape).
      user: 'the account itself',
    },
    fields: {
      id: ['user.id'],
      handle: ['user.uniqueId'],
      url: ['user.uniqueId'],
      displayName: ['user.nickname'],
      bio: ['user.signature'],
      bioLinks: ['user.signature', 'user.bioLink'],
      verified: ['user.verified'],
      private: ['user.privateAccount', 'user.secret'],
      avatarUrl: ['user.avatarLarger', 'user.avatarMedium', 'user.avatarThumb'],
      // stats first, statsV2 (counts as strings) as the fallback.
      followerCount: ['stats.followerCount', 'statsV2.followerCount'],
      followingCount: ['stats.followingCount', 'statsV2.followingCount'],
      likeCount: ['stats.heartCount', 'stats.heart', 'statsV2.heartCount', 'statsV2.heart'],
      videoCount: ['stats.videoCount', 'statsV2.videoCount'],
    },
    quiet: { 'user.bioLink': 'only accounts that declare a website have one' },
  });
});
