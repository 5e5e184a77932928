/**
 * The demo's platform answers, collected through the registry: each platform that has demo data
 * keeps it in its own folder (`src/platforms/<label>/demo.ts`, built from its samples.ts — the
 * project's own invented pages, not captures), listed here by label. A label the registry does
 * not know is an error, so a renamed platform cannot silently drop out of the demo.
 *
 * Imported explicitly, here and only here, so that the demo's data never reaches the built
 * server (scripts/build.mjs bundles src/server.ts, which reaches platform.ts files, never demo.ts).
 * The creator web's sources (src/demo/web.ts) are arranged separately.
 */
import type { Route } from '../replay/server.js';
import { platforms } from '../platforms/registry.js';
import { demoRoutes as audioA } from '../platforms/audio-a/demo.js';
import { demoRoutes as blog } from '../platforms/blog/demo.js';
import { demoRoutes as audioB } from '../platforms/audio-b/demo.js';
import { demoRoutes as audioC } from '../platforms/audio-c/demo.js';
import { demoRoutes as forum } from '../platforms/forum/demo.js';
import { demoRoutes as linkpageA } from '../platforms/linkpage-a/demo.js';
import { demoRoutes as linkpageC } from '../platforms/linkpage-c/demo.js';
import { demoRoutes as linkpageD } from '../platforms/linkpage-d/demo.js';
import { demoRoutes as livestream } from '../platforms/livestream/demo.js';
import { demoRoutes as microblogA } from '../platforms/microblog-a/demo.js';
import { demoRoutes as microblogB } from '../platforms/microblog-b/demo.js';
import { demoRoutes as microblogC } from '../platforms/microblog-c/demo.js';
import { demoRoutes as microblogD } from '../platforms/microblog-d/demo.js';
import { demoRoutes as microblogE } from '../platforms/microblog-e/demo.js';
import { demoRoutes as moodboard } from '../platforms/moodboard/demo.js';
import { demoRoutes as newsletter } from '../platforms/newsletter/demo.js';
import { demoRoutes as pinboard } from '../platforms/pinboard/demo.js';
import { demoRoutes as retailShop } from '../platforms/retail-shop/demo.js';
import { demoRoutes as socialA } from '../platforms/social-a/demo.js';
import { demoRoutes as socialB } from '../platforms/social-b/demo.js';
import { demoRoutes as video } from '../platforms/video/demo.js';

/** Each platform's demo routes, by label. */
export const PLATFORM_DEMOS: Readonly<Record<string, () => Route[]>> = {
  'audio-a': audioA,
  'audio-b': audioB,
  'audio-c': audioC,
  blog,
  forum,
  'linkpage-a': linkpageA,
  'linkpage-c': linkpageC,
  'linkpage-d': linkpageD,
  livestream,
  'microblog-a': microblogA,
  'microblog-b': microblogB,
  'microblog-c': microblogC,
  'microblog-d': microblogD,
  'microblog-e': microblogE,
  moodboard,
  newsletter,
  pinboard,
  'retail-shop': retailShop,
  'social-a': socialA,
  'social-b': socialB,
  video,
};

/**
 * Routes of every platform with demo data, in the registry's order (they take precedence over
 * the creator web's catch-alls; no two platforms answer the same host and path).
 */
export function platformRoutes(demos: Readonly<Record<string, () => Route[]>> = PLATFORM_DEMOS): Route[] {
  const labels = new Set(platforms.map((p) => p.label));
  const unknown = Object.keys(demos).filter((label) => !labels.has(label));
  if (unknown.length) throw new Error(`demo data for platforms the registry does not list: ${unknown.join(', ')}`);
  return platforms.flatMap((p) => demos[p.label]?.() ?? []);
}
