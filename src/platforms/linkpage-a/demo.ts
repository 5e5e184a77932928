/**
 * linkpage-a's demo answers (`npm run demo`, src/demo/platforms.ts): one page, built with samples.ts (invented).
 */
import type { Route } from '../../replay/server.js';
import { HTML } from '../../demo/answer.js';
import { linkmeHtml, linkmeProfile, profileNextData } from './samples.js';

/** The page the demo holds. */
export const DEMO_USER = 'mira.sol';

export function demoRoutes(): Route[] {
  return [
    {
      host: 'link.me',
      path: `/${DEMO_USER}`,
      response: {
        headers: HTML,
        body: linkmeHtml(profileNextData(linkmeProfile(DEMO_USER)), `${DEMO_USER} | Linkme`),
      },
    },
  ];
}
