/**
 * moodboard's demo answers (`npm run demo`, src/demo/platforms.ts), built with samples.ts (invented,
 * not captures): one post, and a search that answers any query with the same invented elements.
 */
import type { Route } from '../../replay/server.js';
import { json } from '../../demo/answer.js';
import { demoMiss } from '../../demo/miss.js';
import * as moodboard from './samples.js';

/** The post the demo holds. */
export const DEMO_POST_ID = 1909064612;

export function demoRoutes(): Route[] {
  return [
    {
      host: 'api.cosmos.so',
      path: '/graphql',
      method: 'POST',
      query: { q: 'GetElementDetails' },
      response: (req) => {
        const id = Number((JSON.parse(req.body.toString('utf8')) as { variables: { elementId?: unknown } }).variables.elementId);
        return id === DEMO_POST_ID ? json(moodboard.elementDetails(moodboard.imageElement(id), 57)) : demoMiss(req);
      },
    },
    {
      host: 'api.cosmos.so',
      path: '/graphql',
      method: 'POST',
      query: { q: 'SearchGlobalElements' },
      response: () =>
        json(
          moodboard.searchAnswer(
            [moodboard.imageElement(), moodboard.productElement(), moodboard.videoElement(), moodboard.websiteElement()],
            null,
          ),
        ),
    },
  ];
}
