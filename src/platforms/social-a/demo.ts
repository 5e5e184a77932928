/**
 * social-a's demo answers (`npm run demo`, src/demo/platforms.ts), built with samples.ts (invented,
 * not captures): a city's events (two pages), an event search, Tala Okafor's page events. The
 * upstream accepts the tokens it hands out without checking them: the demo has one user and no clock.
 */
import type { Route } from '../../replay/server.js';
import { HTML, json } from '../../demo/answer.js';
import { TALA } from '../../demo/creators.js';
import { demoMiss } from '../../demo/miss.js';
import { OPERATIONS } from './endpoints.js';
import * as socialA from './samples.js';

const TALA_EVENTS: socialA.TestEvent[] = [
  {
    id: '3710000000000001',
    name: 'Picture-book signing with Tala Okafor',
    when: 'Sat, Mar 14 at 2:00 PM GMT',
    start: 1773496800,
    place: { typename: 'Page', name: 'Marchpane Books', id: '530000000000001', city: 'London' },
    social: '214 interested · 38 going',
  },
  {
    id: '3710000000000002',
    name: 'Live drawing: gouache covers',
    when: 'Thu, Mar 26 at 7:00 PM GMT',
    start: 1774551600,
    place: null,
    online: true,
    social: '96 interested · 20 going',
  },
];
const TALA_COLLECTION_ID = Buffer.from(`app_collection:${'100089417700001'}:2344061033:210`).toString('base64');

export function demoRoutes(): Route[] {
  const FB = 'www.facebook.com';
  return [
    // The home page hands out the LSD token (with an anonymous cookie) that GraphQL calls carry.
    {
      host: FB,
      path: '/',
      method: 'GET',
      response: {
        headers: { ...HTML, 'set-cookie': 'datr=demoDatr1; Max-Age=63072000; path=/; domain=.facebook.com; secure; httponly' },
        body: socialA.tokenPageHtml(),
      },
    },
    {
      host: FB,
      path: `/events/explore/${socialA.CITY_SLUG}/${socialA.CITY_ID}/`,
      response: {
        headers: HTML,
        body: socialA.cityEventsHtml(socialA.CITY_ID, 'Harbour City', {
          events: socialA.CITY_EVENTS,
          endCursor: 'AQHRcity1',
          hasNext: true,
        }),
      },
    },
    {
      host: FB,
      path: `/${TALA.socialA}/upcoming_hosted_events`,
      response: {
        headers: HTML,
        body: socialA.pageEventsHtml(`${TALA.name} Illustration`, TALA_COLLECTION_ID, TALA_EVENTS.length, { events: TALA_EVENTS }),
      },
    },
    {
      host: FB,
      path: '/api/graphql/',
      method: 'POST',
      response: (req) => {
        const form = new URLSearchParams(req.body.toString('utf8'));
        const docId = form.get('doc_id');
        const variables = JSON.parse(form.get('variables') ?? '{}') as { cursor?: string | null; id?: string };
        if (docId === OPERATIONS.eventSearch.docId) return json(socialA.eventSearchGraphql({ events: socialA.SEARCH_EVENTS }));
        if (docId === socialA.TEST_DOC_IDS.cityEvents && variables.cursor === 'AQHRcity1') {
          return json(socialA.cityEventsGraphql(socialA.CITY_ID, { events: socialA.CITY_EVENTS_PAGE_2, endCursor: null, hasNext: false }));
        }
        return demoMiss(req);
      },
    },
  ];
}
