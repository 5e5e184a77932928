/**
 * The explicit list of platform modules. Adding a platform = adding its folder and one line
 * here (and its graphql.ts import in src/graphql/schema.ts). Validated strictly at start-up:
 * a misspelt entry fails loudly instead of being silently ignored.
 */
import type { WallRule } from '../upstream/blocks/catalogue.js';
import { accountModule } from '../account/index.js';
import { jobsModule } from '../jobs/index.js';
import { statusModule } from '../status/index.js';
import type { GatewayModule } from './module.js';
import type { OperationDef } from './operation.js';
import type { ProfileReader } from './reader.js';
import * as code from './code/index.js';
import * as websearch from './websearch/index.js';
import * as audioA from './audio-a/index.js';
import * as audioB from './audio-b/index.js';
import * as audioC from './audio-c/index.js';
import * as moodboard from './moodboard/index.js';
import * as linkpageA from './linkpage-a/index.js';
import * as linkpageB from './linkpage-b/index.js';
import * as linkpageC from './linkpage-c/index.js';
import * as linkpageD from './linkpage-d/index.js';
import * as linkpageE from './linkpage-e/index.js';
import * as pinboard from './pinboard/index.js';
import * as socialB from './social-b/index.js';
import * as shortvideo from './shortvideo/index.js';
import * as forum from './forum/index.js';
import * as microblogC from './microblog-c/index.js';
import * as microblogA from './microblog-a/index.js';
import * as microblogB from './microblog-b/index.js';
import * as video from './video/index.js';
import * as retailShop from './retail-shop/index.js';
import * as socialA from './social-a/index.js';
import * as discovery from '../discovery/api/index.js';

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

export const platforms: PlatformEntry[] = [
  code,
  websearch,
  audioA,
  audioB,
  audioC,
  moodboard,
  linkpageA,
  linkpageB,
  linkpageC,
  linkpageD,
  linkpageE,
  pinboard,
  socialB,
  shortvideo,
  forum,
  microblogC,
  microblogA,
  microblogB,
  video,
  retailShop,
  socialA,
  discovery,
];

/** Parts of the gateway that are not platforms, registered the same way (src/platforms/module.ts). */
export const modules: GatewayModule[] = [statusModule(() => platforms.map((p) => p.label)), accountModule, jobsModule];

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
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(w.name))
        throw new Error(`platform ${p.label}: wall name ${JSON.stringify(w.name)} is not a label`);
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
