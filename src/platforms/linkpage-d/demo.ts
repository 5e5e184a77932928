/**
 * linkpage-d's demo answers (`npm run demo`, src/demo/platforms.ts): one creator, built with
 * samples.ts (invented): the pillar.io shell and its bundles, and the GraphQL endpoint's answers.
 */
import type { Route } from '../../replay/server.js';
import { HTML } from '../../demo/answer.js';
import {
  GRAPHQL_HOST,
  graphqlAnswer,
  PLAIN_VENDORS_PATH,
  sampleCreator,
  SETTINGS_VENDORS_PATH,
  shellHtml,
  TOKEN,
  GRAPHQL_URL,
  vendorsJs,
} from './samples.js';

/** The page the demo holds. */
export const DEMO_USER = 'maraquintero';

const JS = { 'content-type': 'application/javascript; charset=utf-8' };
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

export function demoRoutes(): Route[] {
  const creators = [sampleCreator(DEMO_USER)];
  return [
    // The shell, for any username (the single-page app serves the same one).
    { host: 'pillar.io', path: /^\/[^/]+$/, response: { headers: HTML, body: shellHtml() } },
    { host: 'pillar.io', path: PLAIN_VENDORS_PATH, response: { headers: JS, body: vendorsJs() } },
    {
      host: 'pillar.io',
      path: SETTINGS_VENDORS_PATH,
      response: { headers: JS, body: vendorsJs({ endpoint: GRAPHQL_HOST, token: TOKEN }) },
    },
    {
      host: GRAPHQL_HOST,
      path: new URL(GRAPHQL_URL).pathname,
      method: 'POST',
      response: (req) => ({ headers: JSON_TYPE, body: JSON.stringify(graphqlAnswer(req.body.toString('utf8'), creators)) }),
    },
  ];
}
