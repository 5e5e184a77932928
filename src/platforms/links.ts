/**
 * Every platform folder's link patterns (its `links.ts`), as the shared link classifier reads
 * them (src/links/classify.ts). Each is also its definition's `links` field (definition.ts), and
 * validateRegistry (registry.ts) checks at start-up that the two lists hold the same objects —
 * a platform whose definition declares links that are missing here, or the reverse, fails loudly.
 *
 * Why a list of its own and not the registry: the registry imports every platform's operations,
 * and their parsers classify links (link pages, channel links, the readers' `handleFromUrl`), so a
 * classifier reading the registry would import itself (`npm run lint:cycles`). These modules are
 * leaves (they import src/links/rules.ts only).
 */
import type { LinkRule } from '../links/rules.js';
import { links as socialA } from './social-a/links.js';
import { links as socialB } from './social-b/links.js';
import { links as shortvideo } from './shortvideo/links.js';
import { links as video } from './video/links.js';
import { links as microblogA } from './microblog-a/links.js';
import { links as microblogB } from './microblog-b/links.js';
import { links as microblogC } from './microblog-c/links.js';
import { links as microblogD } from './microblog-d/links.js';
import { links as audioA } from './audio-a/links.js';
import { links as audioB } from './audio-b/links.js';
import { links as audioC } from './audio-c/links.js';
import { links as forum } from './forum/links.js';
import { links as pinboard } from './pinboard/links.js';
import { links as code } from './code/links.js';
import { links as moodboard } from './moodboard/links.js';
import { links as linkpageA } from './linkpage-a/links.js';
import { links as linkpageB } from './linkpage-b/links.js';
import { links as linkpageC } from './linkpage-c/links.js';
import { links as linkpageD } from './linkpage-d/links.js';
import { links as linkpageE } from './linkpage-e/links.js';
import { links as livestream } from './livestream/links.js';
import { links as newsletter } from './newsletter/links.js';
import { links as blog } from './blog/links.js';
import { links as retailShop } from './retail-shop/links.js';

export const PLATFORM_LINKS: readonly LinkRule[] = [
  socialA,
  socialB,
  shortvideo,
  video,
  microblogA,
  microblogB,
  microblogC,
  microblogD,
  audioA,
  audioB,
  audioC,
  forum,
  pinboard,
  code,
  moodboard,
  linkpageA,
  linkpageB,
  linkpageC,
  linkpageD,
  linkpageE,
  livestream,
  newsletter,
  blog,
  retailShop,
];
