/**
 * blog = Tumblr. Registry entry: hosts and the operations (operations.ts: a blog's posts, its
 * info, one post), which need the operator's TUMBLR_API_KEY (without it: 501 NOT_CONFIGURED,
 * 0 credits). No Tumblr wall is known; vendor challenges are the block catalogue's.
 */
import type { PlatformDefinition } from '../definition.js';
import { operations } from './operations.js';
import { blogPosts } from './operations.js';
import { reader } from './reader.js';
import { PLATFORM } from './parse.js';
import { links } from './links.js';

export const platform: PlatformDefinition = {
  label: PLATFORM,
  hosts: ['api.tumblr.com'],
  operations,
  links,
  // Discovery reads through the blogPosts operation: one cache entry serves both.
  reader: { ...reader, operation: { op: blogPosts, args: (name: string) => ({ blog: `${name}.tumblr.com`, cursor: null }) } },
  names: { link: ['tumblr'] },
};
