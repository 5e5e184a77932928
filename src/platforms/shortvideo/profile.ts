/**
 * `GET /v1/shortvideo/profile` (`shortvideoProfile`): a public TikTok account as TikTok's own
 * user-detail data names it — `user` (the upstream user object: listed fields typed, every other
 * member passed through) and `stats` (its counts).
 *
 * One request, the profile page `GET https://www.tiktok.com/@<user>` (fetch.ts
 * `fetchProfilePageHtml`, the profile reader's request), read in either era (parse.ts
 * `profileData`): today's `__UNIVERSAL_DATA_FOR_REHYDRATION__` → `webapp.user-detail.userInfo`
 * `{user, stats, statsV2}`, or 2022's `SIGI_STATE` → `UserModule.users/stats[<uniqueId>]`. Both
 * answer the one shape below. Counts come from `statsV2` (digit strings, exact) when the page has
 * it, else from `stats`; the 32-bit `heart` is read only when `heartCount` is missing, and a
 * negative (overflowed) value is never a count.
 *
 * Outcomes: the record (a private account's public header included, `privateAccount: true`: the
 * record holds no posts); NOT_FOUND by TikTok's user-detail statusCode (10202 / 10221) or an HTTP
 * 404/410; UPSTREAM_BLOCKED for its captcha page or a login redirect (walls.ts, before the parser);
 * UPSTREAM_FAILED for a page without the user, a user without `id` / `uniqueId`, or another
 * account's page (identity.ts). A missing usual field is null plus a warning `user.<field>` /
 * `stats.<field>`; an absent `bioLink` (no declared website) is null without one.
 *
 * The profile reader (reader.ts) reads the same page: `profileView` is its clean record computed
 * from this one: the reader fetches through this operation and shares its cache entry.
 */
import { z } from 'zod';
import type { Coerce, Obj } from '../../parse/index.js';
import { intish, nonEmpty, reader } from '../../parse/index.js';
import { assertSameResource } from '../identity.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { named, NBool, NInt, NStr, passThrough, Str } from '../records.js';
import { fetchProfilePageHtml } from './fetch.js';
import type { ShortvideoProfile } from './parse.js';
import { likesOf, normaliseShortvideoHandle, profileData, profileLinks, TIKTOK_ORIGIN, videoCountOf } from './parse.js';

const PLATFORM = 'shortvideo';

// ---------------------------------------------------------------------------------------------
// Record
// ---------------------------------------------------------------------------------------------

export const ShortvideoUser = passThrough(
  z.strictObject({
    id: Str.describe("TikTok's numeric user id, as a string"),
    uniqueId: Str.describe('The @name, as TikTok spells it'),
    secUid: NStr.describe("TikTok's stable opaque user key (survives a change of uniqueId)"),
    nickname: NStr.describe('Display name ("" when the account set none)'),
    signature: NStr.describe('Bio ("" when the account wrote none)'),
    verified: NBool.describe('Verified badge'),
    privateAccount: NBool.describe('Private account: its header is public, its posts are not read'),
    bioLink: passThrough(z.strictObject({ link: NStr.describe('The declared website, often without a scheme') }))
      .nullable()
      .describe('The profile website field; null when the account declares none'),
    avatarLarger: NStr.describe('Avatar, 1080 px (signed, expiring URL)'),
    avatarMedium: NStr.describe('Avatar, 720 px'),
    avatarThumb: NStr.describe('Avatar, 100 px'),
  }),
).describe("TikTok's user object; members beyond the listed ones pass through unchanged");
export type ShortvideoUser = z.infer<typeof ShortvideoUser>;

export const ShortvideoStats = z
  .strictObject({
    followerCount: NInt.describe('Followers'),
    followingCount: NInt.describe('Accounts followed'),
    heartCount: NInt.describe('Likes received on all videos'),
    videoCount: NInt.describe('Public videos; null when TikTok withholds the count (a private account, logged out)'),
    diggCount: NInt.describe('Videos this account liked'),
    friendCount: NInt.describe('Mutual follows (pages from 2023 on; null on older pages)'),
  })
  .describe('Counts: exact (statsV2) where the page has them');
export type ShortvideoStats = z.infer<typeof ShortvideoStats>;

/** The record; /openapi.json names it `ShortvideoProfile`. */
export const ShortvideoProfileRecord = named(
  'ShortvideoProfile',
  z.strictObject({ user: ShortvideoUser, stats: ShortvideoStats }).describe('A public shortvideo account: its user object and counts'),
);
export type ShortvideoProfileRecord = z.infer<typeof ShortvideoProfileRecord>;

// ---------------------------------------------------------------------------------------------
// Parse (pure)
// ---------------------------------------------------------------------------------------------

/** A count: a non-negative integer, or its digit string (statsV2). An overflowed 32-bit `heart` (negative) is none. */
const count: Coerce<number> = (v) => {
  const n = intish(v);
  return n !== null && n >= 0 ? n : null;
};

/** `listed` first (in that order), then every other member of `raw` unchanged. */
function withRest<T extends object>(listed: T, raw: Obj): T {
  const out: Obj = { ...(listed as Obj) };
  for (const [k, v] of Object.entries(raw)) if (!(k in out)) out[k] = v;
  return out as T;
}

/**
 * A TikTok profile page (either era) → `{user, stats}`. `handle` (the one asked for, normalised)
 * picks the page's own user in a 2022 SIGI_STATE that holds several and names it in errors.
 */
export function parseShortvideoProfile(html: string, handle?: string): ShortvideoProfileRecord {
  const found = profileData(html, handle);
  const u = reader(found.user, { platform: PLATFORM, record: 'user' });
  const id = u.id('id');
  const uniqueId = u.id('uniqueId', nonEmpty);
  const bioLink = u.opt.obj('bioLink');
  const user = withRest<ShortvideoUser>(
    {
      id,
      uniqueId,
      secUid: u.nonEmpty('secUid'),
      nickname: u.str('nickname'),
      signature: u.str('signature'),
      verified: u.bool('verified'),
      // `secret` is the older spelling of the same flag.
      privateAccount: u.bool('privateAccount', 'privateAccount', 'secret'),
      bioLink: bioLink ? withRest({ link: u.over(bioLink, 'bioLink').str('link') }, bioLink) : null,
      // A blank URL is TikTok's "none" (null, not warned).
      avatarLarger: u.nonEmpty('avatarLarger'),
      avatarMedium: u.nonEmpty('avatarMedium'),
      avatarThumb: u.nonEmpty('avatarThumb'),
    },
    found.user,
  );
  // statsV2 (strings, exact) first, then stats; `heart` only where `heartCount` is missing.
  const st = reader({ v2: found.statsV2 ?? {}, s: found.stats ?? {} }, { platform: PLATFORM, record: 'stats' });
  const c = (k: string, ...also: string[]) =>
    st.get(
      k,
      count,
      ...[k, ...also].flatMap((name) => [
        ['v2', name],
        ['s', name],
      ]),
    );
  return {
    user,
    stats: {
      followerCount: c('followerCount'),
      followingCount: c('followingCount'),
      // A 2020 placeholder heartCount 0 beside the real heart: the heart (parse.ts likesOf).
      heartCount: likesOf(c('heartCount', 'heart'), [
        found.statsV2?.heartCount,
        found.stats?.heartCount,
        found.statsV2?.heart,
        found.stats?.heart,
      ]),
      // A private account's logged-out 0 is withheld: null (parse.ts videoCountOf).
      videoCount: videoCountOf(c('videoCount'), found.statusCode),
      diggCount: c('diggCount'),
      // Counted since 2023: absent on older pages, not warned.
      friendCount: st.opt.get('friendCount', count, ['v2', 'friendCount'], ['s', 'friendCount']),
    },
  };
}

/**
 * The profile reader's clean record (parse.ts `ShortvideoProfile`) computed from this operation's
 * record: what `reader.view` reads (the reader is a view over `shortvideoProfile`).
 */
export function profileView(p: ShortvideoProfileRecord): ShortvideoProfile {
  const u = p.user;
  const bio = nonEmpty(u.signature);
  return {
    id: u.id,
    handle: u.uniqueId,
    displayName: nonEmpty(u.nickname),
    bio,
    bioLinks: profileLinks(nonEmpty(u.bioLink?.link), bio),
    verified: u.verified,
    private: u.privateAccount,
    avatarUrl: u.avatarLarger ?? u.avatarMedium ?? u.avatarThumb,
    followerCount: p.stats.followerCount,
    followingCount: p.stats.followingCount,
    likeCount: p.stats.heartCount,
    videoCount: p.stats.videoCount,
    url: `${TIKTOK_ORIGIN}/@${u.uniqueId}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Fetch
// ---------------------------------------------------------------------------------------------

/** The account `handle` (normalised): the profile page, parsed, checked to be that account. */
export async function fetchShortvideoProfileRecord(ctx: OpContext, handle: string): Promise<ShortvideoProfileRecord> {
  const html = await fetchProfilePageHtml(ctx, handle);
  const record = parsed(ctx, () => parseShortvideoProfile(html, handle));
  // Another account's page is no answer (identity.ts): its uniqueId against the handle asked.
  assertSameResource(PLATFORM, `account @${handle}`, { handle }, { handle: record.user.uniqueId });
  return record;
}

// ---------------------------------------------------------------------------------------------
// Operation
// ---------------------------------------------------------------------------------------------

export const profile: OperationDef<{ handle: string }, ShortvideoProfileRecord> = {
  field: 'shortvideoProfile',
  platform: PLATFORM,
  summary: 'A public shortvideo account: its user object (name, bio, website, flags, avatars) and counts',
  rest: { path: '/v1/shortvideo/profile' },
  record: ShortvideoProfileRecord,
  params: [
    {
      name: 'handle',
      kind: 'string',
      required: true,
      maxLength: 100,
      description: 'Username, e.g. tala.draws; a leading @ is ignored. Not a profile URL.',
    },
  ],
  cacheable: true,
  check(args, problem) {
    // Empty and over-long values are reported by the required / length rules.
    if (typeof args.handle === 'string' && args.handle.trim() && args.handle.length <= 100 && !normaliseShortvideoHandle(args.handle))
      problem('handle', 'must be a username: 2 to 24 letters, digits, periods and underscores (a leading @ is allowed), not a URL');
  },
  normalize: (a) => ({ handle: normaliseShortvideoHandle(a.handle)! }),
  // Usernames are case-insensitive and the @ is decoration: every spelling shares one entry.
  key: (a) => a.handle,
  cost: { max: 1 },
  example: { handle: 'tala.draws' },
  run: (ctx, a) => fetchShortvideoProfileRecord(ctx, a.handle),
};
