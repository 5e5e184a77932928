/**
 * microblog-c's demo answers (`npm run demo`, src/demo/platforms.ts): a search that answers any query
 * with the same invented posts (two of them by the demo creators), built with samples.ts.
 */
import type { Route } from '../../replay/server.js';
import { HTML, json } from '../../demo/answer.js';
import * as microblogC from './samples.js';

export function demoRoutes(): Route[] {
  return [
    { host: 'www.threads.com', path: '/search', response: { headers: HTML, body: microblogC.sessionPage('AVqDemoLsd1') } },
    {
      host: 'www.threads.com',
      path: '/api/graphql',
      method: 'POST',
      response: () => {
        const day = (iso: string) => Date.parse(iso) / 1000;
        const posts = [
          microblogC.post({
            pk: '3600000000000000101',
            username: 'ravimenon.cooks',
            userPk: '6100200401',
            takenAt: day('2025-03-06T12:00:00Z'),
            text: 'Thursday recipe is up: Kerala fish curry, tamarind and coconut.',
          }),
          microblogC.imagePost({
            pk: '3600000000000000102',
            username: 'tala.draws',
            userPk: '6100200402',
            takenAt: day('2025-03-04T09:30:00Z'),
            text: 'Sketchbook page from the train.',
          }),
          microblogC.post({ pk: '3600000000000000103', takenAt: day('2025-03-01T18:00:00Z') }),
        ];
        return json(microblogC.searchAnswer(posts, null));
      },
    },
  ];
}
