/**
 * livestream = Kick. Registry entry: hosts, the operations (operations.ts: a channel, its past broadcasts, its clips) and the
 * walls (walls.ts: Kick's own 403 from its API; Cloudflare's pages are the block catalogue's).
 */
import type { PlatformDefinition } from '../definition.js';
import { operations } from './operations.js';
import { livestreamChannel } from './operations.js';
import { reader } from './reader.js';
import { PLATFORM } from './parse.js';
import { walls } from './walls.js';
import { links } from './links.js';

export const platform: PlatformDefinition = {
  label: PLATFORM,
  hosts: ['kick.com'],
  operations,
  walls,
  links,
  // Discovery reads through the livestreamChannel operation: one cache entry serves both.
  reader: { ...reader, operation: { op: livestreamChannel, args: (slug: string) => ({ slug }) } },
  names: { link: ['kick'] },
};
