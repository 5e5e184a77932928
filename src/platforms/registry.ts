/**
 * The platforms, as data: one line per platform, each its folder's definition (`platform.ts`,
 * src/platforms/definition.ts). Adding a platform = its folder, its import and entry here, its
 * row in docs/platforms.md and `npm run generate` (docs/architecture.md "Adding a platform").
 * Validated strictly at start-up: a misspelt entry fails loudly instead of being silently ignored. What the gateway serves besides the platforms (creator discovery, the
 * modules with routes of their own) is listed in src/gateway.ts.
 */
import type { LinkRule } from '../links/rules.js';
import type { WallRule } from '../upstream/blocks/catalogue.js';
import type { PlatformDefinition } from './definition.js';
import type { ProfileReader } from './reader.js';
import { PLATFORM_LINKS } from './links.js';
import { platform as code } from './code/platform.js';
import { platform as websearch } from './websearch/platform.js';
import { platform as audioA } from './audio-a/platform.js';
import { platform as audioB } from './audio-b/platform.js';
import { platform as audioC } from './audio-c/platform.js';
import { platform as moodboard } from './moodboard/platform.js';
import { platform as linkpageA } from './linkpage-a/platform.js';
import { platform as linkpageB } from './linkpage-b/platform.js';
import { platform as linkpageC } from './linkpage-c/platform.js';
import { platform as linkpageD } from './linkpage-d/platform.js';
import { platform as linkpageE } from './linkpage-e/platform.js';
import { platform as pinboard } from './pinboard/platform.js';
import { platform as socialB } from './social-b/platform.js';
import { platform as shortvideo } from './shortvideo/platform.js';
import { platform as forum } from './forum/platform.js';
import { platform as microblogC } from './microblog-c/platform.js';
import { platform as microblogA } from './microblog-a/platform.js';
import { platform as microblogB } from './microblog-b/platform.js';
import { platform as video } from './video/platform.js';
import { platform as retailShop } from './retail-shop/platform.js';
import { platform as socialA } from './social-a/platform.js';
import { platform as microblogD } from './microblog-d/platform.js';
import { platform as microblogE } from './microblog-e/platform.js';
import { platform as newsletter } from './newsletter/platform.js';
import { platform as livestream } from './livestream/platform.js';
import { platform as blog } from './blog/platform.js';

export const platforms: readonly PlatformDefinition[] = [
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
  microblogD,
  microblogE,
  newsletter,
  livestream,
  blog,
];

/** Every platform's profile reader, for creator discovery. */
export function allReaders(): ProfileReader[] {
  return platforms.flatMap((p) => (p.reader ? [p.reader] : []));
}

/** Each platform's walls by label, for the upstream client. */
export function platformWalls(entries: readonly PlatformDefinition[] = platforms): ReadonlyMap<string, readonly WallRule[]> {
  return new Map(entries.map((p) => [p.label, p.walls ?? []]));
}

/** Each platform's own upstream hosts by label (`*.domain` for any subdomain; `*`, "any host", left out), for the upstream client. */
export function platformHosts(entries: readonly PlatformDefinition[] = platforms): ReadonlyMap<string, readonly string[]> {
  return new Map(entries.map((p) => [p.label, p.hosts.filter((h) => h !== '*')]));
}

export function validateRegistry(entries: readonly PlatformDefinition[] = platforms): void {
  const fields = new Set<string>();
  const paths = new Set<string>();
  const mentionLabels = new Set<string>();
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
    if (p.links && p.links.platform !== p.label) throw new Error(`platform ${p.label} declares the links of ${p.links.platform}`);
    const mention = p.names?.mention;
    if (mention) {
      if (!mention.url && !p.reader) throw new Error(`platform ${p.label}: mention labels need a URL (its own or its reader's profileUrl)`);
      for (const l of mention.labels) {
        if (!/^[a-z]+$/.test(l)) throw new Error(`platform ${p.label}: mention label ${JSON.stringify(l)} is not lower-case Latin letters`);
        if (mentionLabels.has(l)) throw new Error(`mention label ${l} declared twice`);
        mentionLabels.add(l);
      }
      for (const l of mention.atOnly ?? [])
        if (!mention.labels.includes(l)) throw new Error(`platform ${p.label}: atOnly label ${l} is not one of its mention labels`);
    }
  }
  validateLinks(entries);
}

/**
 * The link classifier's table (src/platforms/links.ts, generated from the folders' `links.ts` by
 * `npm run platforms:lists`) holds exactly the definitions' `links`: every declared rule is in it,
 * and a rule under a listed platform's label is that platform's declared one (with the whole
 * registry: the two lists are the same objects). Catches a definition whose `links` is not its
 * folder's `links.ts` export, or a list not regenerated since a folder changed.
 */
export function validateLinks(entries: readonly PlatformDefinition[] = platforms, table: readonly LinkRule[] = PLATFORM_LINKS): void {
  const byLabel = new Map(entries.map((p) => [p.label, p]));
  for (const p of entries)
    if (p.links && !table.includes(p.links))
      throw new Error(`platform ${p.label}: its links are not in src/platforms/links.ts (its folder's links.ts; npm run platforms:lists)`);
  for (const rule of table) {
    const p = byLabel.get(rule.platform);
    if (p && p.links !== rule)
      throw new Error(`src/platforms/links.ts lists links of ${rule.platform} that its definition does not declare`);
  }
}
