/**
 * moodboard's demo answers (`npm run demo`, src/demo/platforms.ts), built with samples.ts (invented,
 * not captures): one post, and a search that answers any query with the same invented elements, in two
 * pages (six results: four, then, at the first page's `nextPageCursor`, two more and a null cursor).
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
      response: (req) => {
        const { searchTerm, pageCursor } = (
          JSON.parse(req.body.toString('utf8')) as { variables: { searchTerm?: string; pageCursor?: string | null } }
        ).variables;
        // Cosmos's cursor: base64 JSON of the term and the offset of the next page.
        const next = moodboard.cursorFor(4, searchTerm ?? '');
        if (!pageCursor)
          return json(
            moodboard.searchAnswer(
              [moodboard.imageElement(), moodboard.productElement(), moodboard.videoElement(), moodboard.websiteElement()],
              next,
              6,
            ),
          );
        return pageCursor === next
          ? json(moodboard.searchAnswer([moodboard.imageElement(1909064733), moodboard.websiteElement(174672912)], null, 6))
          : demoMiss(req);
      },
    },
  ];
}
