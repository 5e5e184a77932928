/**
 * microblog-a = Truth Social (a Mastodon fork). Registry entry: hosts, operations (post and profile
 * here, posts in posts.ts), parameters, costs, cache policy. Upstream requests: platforms.md (the
 * public Mastodon API; expect Cloudflare bot checks).
 */
import { mediaConfig } from '../../media/config.js';
import type { PlatformDefinition } from '../definition.js';
import type { OperationDef } from '../operation.js';
import { fetchPost, fetchProfile, mediaCount } from './fetch.js';
import type { MicroblogAPost, MicroblogAProfile } from './parse.js';
import { normalizeHandle, parsePostUrl, PLATFORM } from './parse.js';
import * as schema from './schema.js';
import { withAbsoluteMedia } from './wire.js';
import { walls } from './walls.js';
import { reader } from './reader.js';
import { microblogAPosts } from './posts.js';
import { links } from './links.js';

const label = PLATFORM;
const hosts = ['truthsocial.com', 'www.truthsocial.com', 'static-assets-1.truthsocial.com'];

export interface PostArgs {
  /** The author's username the URL names, lower-case: the status must be theirs (fetch.ts). */
  user: string;
  /** Status id (the URL's last segment). */
  id: string;
  downloadMedia: boolean;
}

/** api.md: 1 credit; with download_media, 10 when the post has media and 1 when it has none. */
const MEDIA_COST = 10;

export const post: OperationDef<PostArgs, MicroblogAPost> = {
  field: 'microblogAPost',
  platform: label,
  summary: 'A public post on microblog-a, optionally with its images and videos hosted by this gateway',
  rest: { path: '/v1/microblog-a/post' },
  record: schema.MicroblogAPost,
  params: [
    {
      name: 'url',
      kind: 'string',
      required: true,
      maxLength: 2048,
      description: 'Post URL, e.g. https://truthsocial.com/@user/posts/123456789012345678 (or …/@user/123456789012345678)',
    },
    {
      name: 'download_media',
      kind: 'boolean',
      description:
        'Download the attached images and videos and return permanent URLs on this gateway instead of upstream ones (default false). Costs 10 credits when the post has media, 1 otherwise.',
    },
  ],
  // DECISIONS.md: every operation but retail-shop accepts cache_max_age.
  cacheable: true,
  check(args, problem) {
    if (typeof args.url === 'string' && args.url.trim() && !parsePostUrl(args.url)) {
      problem('url', 'must be a truthsocial.com post URL (https://truthsocial.com/@USER/posts/ID or https://truthsocial.com/@USER/ID)');
    }
  },
  normalize: (a) => {
    const { user, id } = parsePostUrl(a.url)!;
    return { user: user.toLowerCase(), id, downloadMedia: a.downloadMedia === true };
  },
  // The author is part of the key: `/@bob/posts/<alice's id>` is no post of anyone's, never
  // alice's cached one. With and without hosted media are different records.
  key: (a) => `${a.user}/${a.id}|${a.downloadMedia ? 'media' : 'plain'}`,
  cost: {
    max: MEDIA_COST,
    reserve: (a) => (a.downloadMedia ? MEDIA_COST : 1),
    of: (r, a) => (a.downloadMedia && mediaCount(r) > 0 ? MEDIA_COST : 1),
  },
  example: { url: 'https://truthsocial.com/@harbourweather/posts/114560000000000001' },
  run: (ctx, a) => fetchPost(ctx, a),
  // Downloading its files (four at a time, each within MEDIA_TIMEOUT_MS) gets one media download's
  // time on top of the operation deadline the post's own read has.
  deadlineMs: (a, config) => (a.downloadMedia ? config.operationDeadlineMs + mediaConfig().timeoutMs : config.operationDeadlineMs),
  // Hosted media's gateway paths, made absolute for each caller (the stored record keeps paths).
  wire: withAbsoluteMedia,
};

export const profile: OperationDef<{ handle: string }, MicroblogAProfile> = {
  field: 'microblogAProfile',
  platform: label,
  summary: 'A public microblog-a account profile',
  rest: { path: '/v1/microblog-a/profile' },
  record: schema.MicroblogAProfile,
  params: [
    {
      name: 'handle',
      kind: 'string',
      required: true,
      maxLength: 64,
      description: 'Username, with or without a leading @ (e.g. realDonaldTrump)',
    },
  ],
  cacheable: true,
  check(args, problem) {
    if (typeof args.handle === 'string' && args.handle.trim() && !normalizeHandle(args.handle)) {
      problem('handle', 'must be a microblog-a username (letters, digits and _, at most 30 characters; not a URL)');
    }
  },
  // Usernames are case-insensitive: lower-case, no @, in the cache key and in the lookup.
  normalize: (a) => ({ handle: normalizeHandle(a.handle)! }),
  key: (a) => a.handle,
  cost: { max: 1 },
  example: { handle: 'harbourweather' },
  run: (ctx, a) => fetchProfile(ctx, a),
};

export const platform: PlatformDefinition = {
  label,
  hosts,
  operations: [post, profile, microblogAPosts],
  walls,
  // Its reads share the profile operation's cache entry and in-flight fetches.
  reader: { ...reader, operation: { op: profile, args: (handle: string) => ({ handle }) } },
  links,
  names: { link: ['truth social'] },
};
