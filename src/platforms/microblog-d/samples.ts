/**
 * Written upstream answers for tests, the demo and the simulated webs (not captures: names,
 * DIDs, cursors and numbers invented), in the shape of the real `app.bsky.actor.getProfile` answer
 * (profileViewDetailed, ../shared/fixtures/microblog-d/getprofiles-chriskenny-2025-05-19.json,
 * without the logged-in `viewer`).
 *
 * The follower and follow lists (`app.bsky.graph.getFollowers` / `getFollows`) have no capture:
 * their bodies here are built from the lexicon (`{subject, followers | follows, cursor?}`, each
 * account an `app.bsky.actor.defs#profileView`) and the real profile views of the captures: the
 * typeahead's profileViewBasic members in their order (did, handle, displayName, avatar,
 * associated, viewer, labels, createdAt), then the profileView's own `description` and
 * `indexedAt` as the getProfiles capture carries them; `viewer` as an anonymous caller gets it
 * (muted/blockedBy only).
 */
export interface BskySample {
  handle: string;
  did: string;
  displayName?: string | null;
  description?: string | null;
  followersCount?: number;
}

/** A did:plc of 24 base32 characters made from a seed word (`did:plc:mirasol…`). */
export function samplePlcDid(seed: string): string {
  const base = seed.toLowerCase().replace(/[^a-z2-7]/g, '');
  return `did:plc:${(base + 'abcdefghijklmnopqrstuvwx').slice(0, 24)}`;
}

/** The body of `app.bsky.actor.getProfile` for `s`. */
export function bskyProfileBody(s: BskySample): Record<string, unknown> {
  return {
    did: s.did,
    handle: s.handle,
    displayName: s.displayName ?? '',
    avatar: `https://cdn.bsky.app/img/avatar/plain/${s.did}/bafkreisample@jpeg`,
    associated: { lists: 0, feedgens: 0, starterPacks: 0, labeler: false },
    labels: [],
    createdAt: '2023-09-19T15:47:01.417Z',
    description: s.description ?? '',
    banner: `https://cdn.bsky.app/img/banner/plain/${s.did}/bafkreisamplebanner@jpeg`,
    followersCount: s.followersCount ?? 120,
    followsCount: 80,
    postsCount: 42,
    indexedAt: '2025-04-26T18:24:05.352Z',
  };
}

/** The AppView's 400 for an account that does not exist. */
export const BSKY_NOT_FOUND = { error: 'InvalidRequest', message: 'Profile not found' };

/** An `app.bsky.actor.defs#profileView` for `s` (an account in a follower or follow list). */
export function bskyProfileViewBody(s: BskySample): Record<string, unknown> {
  return {
    did: s.did,
    handle: s.handle,
    displayName: s.displayName ?? '',
    avatar: `https://cdn.bsky.app/img/avatar/plain/${s.did}/bafkreisample@jpeg`,
    associated: { chat: { allowIncoming: 'following' } },
    viewer: { muted: false, blockedBy: false },
    labels: [],
    createdAt: '2023-10-05T11:25:58.672Z',
    description: s.description ?? '',
    indexedAt: '2025-04-26T18:24:05.352Z',
  };
}

/**
 * The body of `app.bsky.graph.getFollowers` (`list` 'followers') or `getFollows` ('follows') for
 * `subject`: its profile view, the accounts' views, and the next page's cursor when there is one.
 */
export function bskyGraphListBody(
  list: 'followers' | 'follows',
  subject: BskySample,
  accounts: BskySample[],
  cursor?: string,
): Record<string, unknown> {
  return {
    [list]: accounts.map(bskyProfileViewBody),
    subject: bskyProfileViewBody(subject),
    ...(cursor ? { cursor } : {}),
  };
}
