/**
 * microblog-d = Bluesky. Registry entry: hosts (the public AppView), the operations
 * (operations.ts: profile, posts, post search, account search, followers, follows, a post's
 * thread, its likes and reposts) and the walls (walls.ts).
 */
import type { PlatformDefinition } from '../definition.js';
import { operations } from './operations.js';
import { microblogDProfile } from './operations.js';
import { reader } from './reader.js';
import { PLATFORM } from './parse.js';
import { walls } from './walls.js';
import { links } from './links.js';

export const platform: PlatformDefinition = {
  label: PLATFORM,
  hosts: ['public.api.bsky.app'],
  operations,
  walls,
  links,
  // Discovery reads through the microblogDProfile operation: one cache entry serves both.
  reader: { ...reader, operation: { op: microblogDProfile, args: (actor: string) => ({ actor }) } },
  names: { link: ['bluesky', 'bsky'] },
};
