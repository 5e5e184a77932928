/**
 * microblog-e = any Mastodon-compatible server. Registry entry: the operations (operations.ts:
 * profile, posts, followers, following, one status with its thread, who boosted or favourited a
 * status, hashtag timeline, account search, trending tags and statuses) and the walls
 * (walls.ts). Hosts: whichever server the caller names (`*`), each request passing its parameter
 * as `userParam` so the SSRF guard checks it.
 */
import type { PlatformDefinition } from '../definition.js';
import { operations } from './operations.js';
import { microblogEProfile } from './operations.js';
import { normalizeAcct } from './parse.js';
import { reader } from './reader.js';
import { PLATFORM } from './parse.js';
import { walls } from './walls.js';

export const platform: PlatformDefinition = {
  label: PLATFORM,
  hosts: ['*'],
  operations,
  walls,
  // Discovery reads through the microblogEProfile operation: one cache entry serves both.
  reader: { ...reader, operation: { op: microblogEProfile, args: (handle: string) => normalizeAcct(handle)! } },
  names: { link: ['mastodon'] },
};
