/**
 * The explicit list of platform modules. Adding a platform = adding its folder and one line
 * here (and its graphql.ts import in src/graphql/schema.ts). Validated strictly at start-up:
 * a misspelt entry fails loudly instead of being silently ignored.
 */
import type { WallRule } from '../upstream/blocks/catalogue.js';
import type { OperationDef } from './operation.js';
import type { ProfileReader } from './reader.js';
import * as code from './code/platform.js';
import * as websearch from './websearch/platform.js';
import * as audioA from './audio-a/platform.js';
import * as audioB from './audio-b/platform.js';
import * as audioC from './audio-c/platform.js';
import * as moodboard from './moodboard/platform.js';
import * as linkpageA from './linkpage-a/platform.js';
import * as linkpageB from './linkpage-b/platform.js';
import * as linkpageC from './linkpage-c/platform.js';
import * as linkpageD from './linkpage-d/platform.js';
import * as linkpageE from './linkpage-e/platform.js';
import * as pinboard from './pinboard/platform.js';
import * as socialB from './social-b/platform.js';
import * as shortvideo from './shortvideo/platform.js';
import * as forum from './forum/platform.js';
import * as microblogC from './microblog-c/platform.js';
import * as microblogA from './microblog-a/platform.js';
import * as microblogB from './microblog-b/platform.js';
import * as video from './video/platform.js';
import * as retailShop from './retail-shop/platform.js';
import * as socialA from './social-a/platform.js';
import * as discovery from '../discovery/api/platform.js';

export interface PlatformEntry {
  label: string;
  hosts: string[];
  operations: OperationDef[];
  /** Creator discovery's view of this platform's public profiles (src/platforms/reader.ts). */
  reader?: ProfileReader;
  /**
   * The platform's own walls (login, consent, "unusual traffic", rate limit), recognised by the
   * upstream client on every answer to a request labelled with this platform (its `walls.ts`).
   * Anti-bot vendors' pages are recognised for every platform without being listed here.
   */
  walls?: readonly WallRule[];
}

export const platforms: PlatformEntry[] = [code, websearch, audioA, audioB, audioC, moodboard, linkpageA, linkpageB, linkpageC, linkpageD, linkpageE, pinboard, socialB, shortvideo, forum, microblogC, microblogA, microblogB, video, retailShop, socialA, discovery];

export function allOperations(): OperationDef[] {
  return platforms.flatMap((p) => p.operations);
}

/** Every platform's profile reader, for creator discovery. */
export function allReaders(): ProfileReader[] {
  return platforms.flatMap((p) => (p.reader ? [p.reader] : []));
}

/** Each platform's walls by label, for the upstream client. */
export function platformWalls(entries: PlatformEntry[] = platforms): ReadonlyMap<string, readonly WallRule[]> {
  return new Map(entries.map((p) => [p.label, p.walls ?? []]));
}

export function validateRegistry(entries: PlatformEntry[] = platforms): void {
  const fields = new Set<string>();
  const paths = new Set<string>();
  for (const p of entries) {
    if (!/^[a-z]+(-[a-z]+)*$/.test(p.label)) throw new Error(`platform label ${JSON.stringify(p.label)} is not a neutral label`);
    if (!p.hosts.length) throw new Error(`platform ${p.label} lists no hosts`);
    const walls = new Set<string>();
    for (const w of p.walls ?? []) {
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(w.name)) throw new Error(`platform ${p.label}: wall name ${JSON.stringify(w.name)} is not a label`);
      if (walls.has(w.name)) throw new Error(`platform ${p.label}: wall ${w.name} declared twice`);
      walls.add(w.name);
    }
    for (const op of p.operations) {
      if (op.platform !== p.label) throw new Error(`operation ${op.field} is filed under ${p.label} but says ${op.platform}`);
      if (fields.has(op.field)) throw new Error(`operation field ${op.field} declared twice`);
      if (paths.has(op.rest.path)) throw new Error(`REST path ${op.rest.path} declared twice`);
      if (!op.rest.path.startsWith('/v1/')) throw new Error(`REST path ${op.rest.path} must start with /v1/`);
      if (!(op.cost.max >= 0 && Number.isInteger(op.cost.max))) throw new Error(`operation ${op.field} has an invalid maximum cost`);
      fields.add(op.field);
      paths.add(op.rest.path);
    }
    if (p.reader && p.reader.platform !== p.label) throw new Error(`platform ${p.label} exports the reader of ${p.reader.platform}`);
  }
}
