/**
 * newsletter = Substack. Registry entry: hosts and the operations (operations.ts: a writer's
 * profile and posts, one post, a post's comments, the publication search). Hosts: substack.com, and for one post the publication's host the
 * caller names (`<name>.substack.com` or any custom domain: `*`, passed as `userParam` so the SSRF
 * guard checks it). No walls of its own known: Cloudflare's pages are the block catalogue's.
 */
import type { PlatformDefinition } from '../definition.js';
import { operations } from './operations.js';
import { newsletterProfile } from './operations.js';
import { reader } from './reader.js';
import { PLATFORM } from './parse.js';
import { links } from './links.js';

export const platform: PlatformDefinition = {
  label: PLATFORM,
  hosts: ['substack.com', '*.substack.com', '*'],
  operations,
  links,
  // Discovery reads through the newsletterProfile operation: one cache entry serves both.
  reader: { ...reader, operation: { op: newsletterProfile, args: (handle: string) => ({ handle }) } },
  names: { link: ['substack'] },
};
