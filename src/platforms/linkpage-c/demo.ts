/**
 * linkpage-c's demo answers (`npm run demo`, src/demo/platforms.ts): one page (its talent and modules), built with samples.ts (invented).
 */
import type { Route } from '../../replay/server.js';
import { json } from '../../demo/answer.js';
import { modulesBody, PROFILE_ID, talentBody } from './samples.js';

/** The page the demo holds. */
export const DEMO_USER = 'nightowl';

export function demoRoutes(): Route[] {
  return [
    {
      host: 'api.komi.io',
      path: `/api/talent/usernames/${DEMO_USER}`,
      response: json(talentBody(DEMO_USER)),
    },
    { host: 'api.komi.io', path: `/api/talent-profiles/${PROFILE_ID}/modules`, response: json(modulesBody()) },
  ];
}
