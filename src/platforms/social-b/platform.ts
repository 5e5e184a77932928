/**
 * social-b = Instagram. Registry entry: hosts, operations, parameters, costs, cache policy.
 * Upstream request: platforms.md (public web_profile_info with the web app id, no login).
 *
 * Decisions where api.md is silent ("Query parameters: not shown"):
 *  - the parameter is `handle` (the username; a leading @ is ignored; case-insensitive), as the
 *    discovery tools take it; a profile URL given as handle is refused (400), like theirs;
 *  - a private account is answered with its public header (name, bio, links, counts; Instagram
 *    shows those to anyone) and `is_private: true`, with every media list empty — not with
 *    PRIVATE_CONTENT: discovery needs exactly that public header, and no private data is read;
 *  - the REST body is the record's `data` (and Instagram's `status`) beside the envelope:
 *    `{success, credits_remaining, credits_charged, data: {user}, status}`.
 */
import type { PlatformDefinition } from '../definition.js';
import type { OperationDef } from '../operation.js';
import { fetchProfile } from './fetch.js';
import type { SocialBProfile } from './parse.js';
import { looksLikeUrl, normalizeHandle } from './parse.js';
import * as schema from './schema.js';
import { walls } from './walls.js';
import { reader } from './reader.js';
import { post } from './post.js';
import { posts } from './posts.js';
import { links } from './links.js';

const label = 'social-b';
const hosts = ['www.instagram.com', 'instagram.com', 'i.instagram.com'];

export const profile: OperationDef<{ handle: string }, SocialBProfile> = {
  field: 'socialBProfile',
  platform: label,
  summary: 'A public profile on the social-b platform, with its latest posts',
  rest: { path: '/v1/social-b/profile' },
  record: schema.SocialBProfile,
  params: [
    {
      name: 'handle',
      kind: 'string',
      required: true,
      maxLength: 100,
      description: 'Username, e.g. megadeth; a leading @ is ignored. Not a profile URL.',
    },
  ],
  cacheable: true,
  check(args, problem) {
    if (typeof args.handle !== 'string' || !args.handle.trim() || args.handle.length > 100) return; // required / length rules report these
    if (looksLikeUrl(args.handle)) problem('handle', 'must be a username (e.g. megadeth), not a profile URL');
    else if (!normalizeHandle(args.handle))
      problem('handle', 'must be a username: 1 to 30 letters, digits, periods and underscores (a leading @ is allowed)');
  },
  normalize: (a) => ({ handle: normalizeHandle(a.handle)! }),
  // Usernames are case-insensitive and the @ is decoration: every spelling shares one entry.
  key: (a) => a.handle,
  cost: { max: 1 },
  example: { handle: 'tala.draws' },
  run: (ctx, a) => fetchProfile(ctx, a.handle),
};

export const platform: PlatformDefinition = {
  label,
  hosts,
  operations: [profile, post, posts],
  walls,
  // Its reads share the profile operation's cache entry and in-flight fetches.
  reader: { ...reader, operation: { op: profile, args: (handle: string) => ({ handle }) } },
  links,
  names: {
    link: [
      'instagram',
      'insta',
      'ig',
      'اینستاگرام',
      'اینستا',
      'انستغرام',
      'انستقرام',
      'إنستغرام',
      'אינסטגרם',
      'инстаграм',
      'інстаграм',
      'инста',
      'инст',
      'ινσταγκραμ',
      'ইনস্টাগ্রাম',
      'इंस्टाग्राम',
      'インスタ',
      'インスタグラム',
      '인스타그램',
      '인스타',
      'อินสตาแกรม',
    ],
    secondLine: [
      'instagram',
      'insta',
      'ig',
      '인스타',
      '인스타그램',
      'インスタ',
      'インスタグラム',
      'инстаграм',
      'інстаграм',
      'инста',
      'انستغرام',
      'انستقرام',
      'إنستغرام',
      'اینستاگرام',
      'اینستا',
      'อินสตาแกรม',
      'ไอจี',
    ],
    // "IG: nightowl.bar" → instagram.com/nightowl.bar, without the trailing `/` of the reader's URL.
    // "ins" is what Chinese-writing bios call it ("ins: nightowl.bar").
    mention: { labels: ['ig', 'insta', 'ins', 'instagram'], url: (h) => `https://www.instagram.com/${h}` },
  },
};
