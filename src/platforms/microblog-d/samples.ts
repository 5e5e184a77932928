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
 *
 * The thread of a post (`app.bsky.feed.getPostThread`) has no capture either: its bodies here
 * are built from the lexicon (`{thread: threadViewPost | notFoundPost | blockedPost}`;
 * threadViewPost `{$type, post, parent?, replies?}`, notFoundPost `{$type, uri, notFound: true}`,
 * blockedPost `{$type, uri, blocked: true, author: {did, viewer}}`), each post an
 * `app.bsky.feed.defs#postView` with the captured getAuthorFeed postViews' members in their order
 * (uri, cid, author, record, embed?, replyCount, repostCount, likeCount, quoteCount, indexedAt,
 * viewer, labels); the anonymous caller's `viewer` is empty.
 *
 * Who liked or reposted a post (`app.bsky.feed.getLikes` / `getRepostedBy`) has no capture
 * either: the envelopes here are written from the lexicon (`{uri, cid?, likes: [{indexedAt,
 * createdAt, actor}], cursor?}`, `{uri, cid?, repostedBy: [profileView…], cursor?}`; the AppView
 * echoes the `uri` asked), each account `bskyProfileViewBody`'s profileView.
 */
export interface BskySample {
  handle: string;
  did: string;
  displayName?: string | null;
  description?: string | null;
  followersCount?: number;
  /** The account labels itself `!no-unauthenticated` (content for logged-in viewers only), as the search capture's four such authors do. */
  loggedInOnly?: boolean;
}

/**
 * An account's `labels`: its self-label `!no-unauthenticated` when `s.loggedInOnly`, in the shape
 * the search capture's labelled authors carry it (`src` the account's DID, `uri` its profile
 * record, `cid`, `val`, `cts`), else none.
 */
export function sampleLabels(s: Pick<BskySample, 'did' | 'loggedInOnly'>): Record<string, unknown>[] {
  if (!s.loggedInOnly) return [];
  return [
    {
      src: s.did,
      uri: `at://${s.did}/app.bsky.actor.profile/self`,
      cid: 'bafyreisampleselflabel',
      val: '!no-unauthenticated',
      cts: '2024-11-13T02:13:44.288Z',
    },
  ];
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
    labels: sampleLabels(s),
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
    labels: sampleLabels(s),
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

/** A post of a written thread: its author, record key and text (the counts and dates are made up from them). */
export interface BskyPostSample {
  author: BskySample;
  rkey: string;
  text: string;
  /** The post it answers, for the record's `reply` refs. */
  replyTo?: BskyPostSample;
  /** The thread's root, when not the post it answers. */
  root?: BskyPostSample;
}

export const bskyPostUri = (p: BskyPostSample) => `at://${p.author.did}/app.bsky.feed.post/${p.rkey}`;
const sampleCid = (p: BskyPostSample) => `bafyrei${p.rkey.replace(/[^a-z2-7]/g, '')}sample`;

/** An `app.bsky.feed.defs#postView` of `p` (profileViewBasic author, the post record, counts). */
export function bskyPostViewBody(p: BskyPostSample): Record<string, unknown> {
  const ref = (q: BskyPostSample) => ({ cid: sampleCid(q), uri: bskyPostUri(q) });
  const createdAt = '2025-03-05T17:30:00.000Z';
  return {
    uri: bskyPostUri(p),
    cid: sampleCid(p),
    author: {
      did: p.author.did,
      handle: p.author.handle,
      displayName: p.author.displayName ?? '',
      avatar: `https://cdn.bsky.app/img/avatar/plain/${p.author.did}/bafkreisample@jpeg`,
      associated: { chat: { allowIncoming: 'following' } },
      viewer: { muted: false, blockedBy: false },
      labels: sampleLabels(p.author),
      createdAt: '2023-09-19T15:47:01.417Z',
    },
    record: {
      $type: 'app.bsky.feed.post',
      createdAt,
      langs: ['en'],
      ...(p.replyTo ? { reply: { parent: ref(p.replyTo), root: ref(p.root ?? p.replyTo) } } : {}),
      text: p.text,
    },
    replyCount: 0,
    repostCount: 1,
    likeCount: p.text.length % 17,
    quoteCount: 0,
    indexedAt: '2025-03-05T17:30:01.120Z',
    viewer: { threadMuted: false, embeddingDisabled: false },
    labels: [],
  };
}

/**
 * A post's hydrated embed quoting `quoted` (`app.bsky.embed.record#view` around its
 * `#viewRecord`: uri, cid, author, value, counts, indexedAt, as the search capture's quote posts
 * carry it), or, with `media`, a `recordWithMedia#view` of it and the media view.
 */
export function bskyQuoteEmbed(quoted: BskyPostSample, media?: Record<string, unknown>): Record<string, unknown> {
  const view = bskyPostViewBody(quoted);
  const record = {
    $type: 'app.bsky.embed.record#view',
    record: {
      $type: 'app.bsky.embed.record#viewRecord',
      uri: view.uri,
      cid: view.cid,
      author: view.author,
      value: view.record,
      labels: [],
      likeCount: view.likeCount,
      replyCount: view.replyCount,
      repostCount: view.repostCount,
      quoteCount: view.quoteCount,
      indexedAt: view.indexedAt,
      embeds: [],
    },
  };
  return media ? { $type: 'app.bsky.embed.recordWithMedia#view', media, record } : record;
}

/** A thread entry as getPostThread nests them: a post (with its parent and replies), or a stub. */
export type BskyThreadSample =
  | { post: BskyPostSample; parent?: BskyThreadSample; replies?: BskyThreadSample[] }
  | { notFound: string }
  | { blocked: string; authorDid: string };

/** The AppView's JSON of one thread entry (threadViewPost, notFoundPost or blockedPost). */
export function bskyThreadEntryBody(e: BskyThreadSample): Record<string, unknown> {
  if ('notFound' in e) return { $type: 'app.bsky.feed.defs#notFoundPost', uri: e.notFound, notFound: true };
  if ('blocked' in e)
    return {
      $type: 'app.bsky.feed.defs#blockedPost',
      uri: e.blocked,
      blocked: true,
      author: { did: e.authorDid, viewer: { blockedBy: false } },
    };
  const post = bskyPostViewBody(e.post);
  if (e.replies) post.replyCount = e.replies.length;
  return {
    $type: 'app.bsky.feed.defs#threadViewPost',
    post,
    ...(e.parent ? { parent: bskyThreadEntryBody(e.parent) } : {}),
    ...(e.replies ? { replies: e.replies.map(bskyThreadEntryBody) } : {}),
  };
}

/** The body of `app.bsky.feed.getPostThread`: `{thread}`. */
export function bskyThreadBody(thread: BskyThreadSample): Record<string, unknown> {
  return { thread: bskyThreadEntryBody(thread) };
}

/** getPostThread's 400 for a post that does not exist (or was deleted). */
export const bskyPostNotFound = (uri: string) => ({ error: 'NotFound', message: `Post not found: ${uri}` });

/** A like in getLikes' answer: when it was made (its record) and indexed, and who. */
export interface BskyLikeSample {
  actor: BskySample;
  createdAt: string;
  indexedAt?: string;
}

/** The body of `app.bsky.feed.getLikes` for the post at `uri` (the AT URI asked, echoed). */
export function bskyLikesBody(uri: string, likes: BskyLikeSample[], cursor?: string): Record<string, unknown> {
  return {
    likes: likes.map((l) => ({ actor: bskyProfileViewBody(l.actor), createdAt: l.createdAt, indexedAt: l.indexedAt ?? l.createdAt })),
    uri,
    ...(cursor ? { cursor } : {}),
  };
}

/** The body of `app.bsky.feed.getRepostedBy` for the post at `uri` (the AT URI asked, echoed). */
export function bskyRepostedByBody(uri: string, accounts: BskySample[], cursor?: string): Record<string, unknown> {
  return { repostedBy: accounts.map(bskyProfileViewBody), uri, ...(cursor ? { cursor } : {}) };
}
