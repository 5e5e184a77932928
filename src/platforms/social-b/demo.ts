/**
 * social-b's demo answers (`npm run demo`, src/demo/platforms.ts): one post by Tala Okafor, built with
 * samples.ts (invented, not a capture), and the second (last) page of her posts — the grid's
 * timeline query after the first page's last post. Her profile and first page are the creator web's
 * (src/demo/web.ts, web_profile_info).
 */
import type { Route } from '../../replay/server.js';
import { HTML, json } from '../../demo/answer.js';
import { demoMiss } from '../../demo/miss.js';
import { postMedia, postPage, timelineBody, timelineDict, userJson } from './samples.js';
import { TALA } from '../../demo/creators.js';

/** The post the demo holds. */
export const DEMO_POST_CODE = 'DAtalaDraw1';

export function demoRoutes(): Route[] {
  const code = DEMO_POST_CODE;
  const handle = TALA.socialB;
  // The profile's first page ends at its last grid post (samples.ts userJson): `<pk>_<owner pk>`.
  const ownerPk = String(userJson(handle).id);
  const after = `3300000000000000002_${ownerPk}`;
  const owner = { pk: ownerPk, username: handle };
  const lastPage = timelineBody(
    [
      timelineDict('DAtalaDraw0', '3299000000000000009', {
        id: `3299000000000000009_${ownerPk}`,
        owner,
        caption: { text: 'Inktober warm-up' },
      }),
      timelineDict('DAtalaDraw9', '3299000000000000004', {
        id: `3299000000000000004_${ownerPk}`,
        owner,
        caption: { text: 'First zine, page 3' },
      }),
    ],
    null,
  );
  return [
    { host: 'www.instagram.com', path: `/p/${code}/`, response: { headers: HTML, body: postPage([postMedia({ code })]) } },
    {
      host: 'www.instagram.com',
      path: '/graphql/query',
      method: 'POST',
      response: (req) => {
        const variables = JSON.parse(new URLSearchParams(req.body.toString()).get('variables') ?? '{}') as {
          username?: string;
          after?: string;
        };
        return variables.username === handle && variables.after === after ? json(lastPage) : demoMiss(req);
      },
    },
  ];
}
