/**
 * social-b's demo answers (`npm run demo`, src/demo/platforms.ts): one post by Tala Okafor, built with
 * samples.ts (invented, not a capture). Her profile and posts are the creator web's (src/demo/web.ts).
 */
import type { Route } from '../../replay/server.js';
import { HTML } from '../../demo/answer.js';
import { postMedia, postPage } from './samples.js';

/** The post the demo holds. */
export const DEMO_POST_CODE = 'DAtalaDraw1';

export function demoRoutes(): Route[] {
  const code = DEMO_POST_CODE;
  return [{ host: 'www.instagram.com', path: `/p/${code}/`, response: { headers: HTML, body: postPage([postMedia({ code })]) } }];
}
