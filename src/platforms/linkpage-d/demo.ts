/**
 * linkpage-d's demo answers (`npm run demo`, src/demo/platforms.ts): one page, built with samples.ts (invented).
 */
import type { Route } from '../../replay/server.js';
import { HTML } from '../../demo/answer.js';
import { creatorPage } from './samples.js';

/** The page the demo holds. */
export const DEMO_USER = 'maraquintero';

export function demoRoutes(): Route[] {
  return [
    {
      host: 'pillar.io',
      path: `/${DEMO_USER}`,
      response: { headers: HTML, body: creatorPage(DEMO_USER) },
    },
  ];
}
