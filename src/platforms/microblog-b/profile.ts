/**
 * `GET /v1/microblog-b/profile` (`microblogBProfile`): a public X account as `{user}` — the user
 * object exactly as api.md's tweet carries its author in `core.user_results.result` (`rest_id`,
 * `is_blue_verified`, `legacy` with `screen_name`, `name`, `description`, `entities`,
 * `followers_count`…; schema.ts `MicroblogBUser`).
 *
 * One GraphQL `UserByScreenName` exchange as a logged-out guest (user.ts `fetchUserByScreenName`,
 * the profile reader's request: public web bearer, a shared guest token, the query id pinnable
 * with MICROBLOG_B_USER_QUERY_ID and re-scraped when X refuses it), read by parse.ts
 * `parseUserByScreenName` → `parseUser`, which fills the api.md `legacy` block from whichever era
 * arrived: the 2025 shape (every profile field in `legacy`), the 2026 one (no `legacy`: `core`,
 * `profile_bio`, `relationship_counts`, `tweet_counts`… — USER_LEGACY_MAPPING) or a hybrid of the
 * two (a partial `legacy` beside the new blocks: `legacy` wins where it has a value).
 *
 * Outcomes: the record (a protected account's header is public on X: `legacy.protected: true`);
 * NOT_FOUND for an empty `data.user` or a `UserUnavailable` result (suspended…; PRIVATE_CONTENT
 * when its reason is Protected); UPSTREAM_BLOCKED
 * for the login page or an error page served instead of JSON, a 429 or an exhausted guest quota;
 * UPSTREAM_FAILED for a changed shape or an answer about another account (identity.ts).
 *
 * The profile reader (reader.ts) reads the same answer: its view reads `record.user`.
 */
import { z } from 'zod';
import { assertSameResource } from '../identity.js';
import type { OpContext, OperationDef } from '../operation.js';
import { named } from '../records.js';
import { PLATFORM } from './endpoints.js';
import { parseUserByScreenName } from './parse.js';
import { MicroblogBUser } from './schema.js';
import { fetchUserByScreenName } from './user.js';

/** The record; /openapi.json names it `MicroblogBProfile`. */
export const MicroblogBProfile = named(
  'MicroblogBProfile',
  z
    .strictObject({
      user: MicroblogBUser.describe(
        "The account's user object, in the shape a tweet carries its author (core.user_results.result): the api.md `legacy` block filled from either era",
      ),
    })
    .describe('A public microblog-b account'),
);
export type MicroblogBProfile = z.infer<typeof MicroblogBProfile>;

/** X screen names: 1–15 letters, digits and underscores; case-insensitive. */
const SCREEN_NAME_RE = /^[a-z0-9_]{1,15}$/;

/** `@TalaDraws` → `taladraws`; anything that is not a screen name (a profile URL included) → null. */
export function normalizeScreenName(input: string): string | null {
  const h = input.trim().replace(/^@/, '').toLowerCase();
  return SCREEN_NAME_RE.test(h) ? h : null;
}

/** A `UserByScreenName` body → `{user}` (pure; NOT_FOUND for an empty or unavailable user). */
export function parseMicroblogBProfile(json: unknown, screenName?: string): MicroblogBProfile {
  return { user: parseUserByScreenName(json, screenName) };
}

/** The account `screenName` (normalised), checked to be that account. */
export async function fetchMicroblogBProfile(ctx: OpContext, screenName: string): Promise<MicroblogBProfile> {
  const user = await fetchUserByScreenName(ctx, screenName);
  assertSameResource(PLATFORM, `account @${screenName}`, { handle: screenName }, { handle: user.legacy.screen_name });
  return { user };
}

export const profile: OperationDef<{ handle: string }, MicroblogBProfile> = {
  field: 'microblogBProfile',
  platform: PLATFORM,
  summary: 'A public microblog-b account (the user object a post carries as its author: bio, links, counts, flags)',
  rest: { path: '/v1/microblog-b/profile' },
  record: MicroblogBProfile,
  params: [
    {
      name: 'handle',
      kind: 'string',
      required: true,
      maxLength: 64,
      description: 'Screen name, e.g. TalaDraws; a leading @ is ignored. Not a profile URL.',
    },
  ],
  cacheable: true,
  check(args, problem) {
    // Empty and over-long values are reported by the required / length rules.
    if (typeof args.handle === 'string' && args.handle.trim() && args.handle.length <= 64 && !normalizeScreenName(args.handle))
      problem('handle', 'must be a screen name: 1 to 15 letters, digits and underscores (a leading @ is allowed), not a URL');
  },
  normalize: (a) => ({ handle: normalizeScreenName(a.handle)! }),
  // Screen names are case-insensitive: every spelling shares one entry.
  key: (a) => a.handle,
  cost: { max: 1 },
  example: { handle: 'TalaDraws' },
  run: (ctx, a) => fetchMicroblogBProfile(ctx, a.handle),
};
