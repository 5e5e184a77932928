/**
 * social-a's demo answers (`npm run demo`, src/demo/platforms.ts), built with samples.ts (invented,
 * not captures): a city's events, an event search and Tala Okafor's page events, two pages each (the
 * second a GraphQL pagination answer to the first's end cursor, and the last). The upstream accepts
 * the tokens it hands out without checking them: the demo has one user and no clock.
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
/** The second (last) page of her events. */
const TALA_LATER_EVENTS: socialA.TestEvent[] = [
  {
    id: '3710000000000003',
    name: 'Zine fair: Tala Okafor’s sketchbook table',
    when: 'Sat, Apr 18 at 11:00 AM BST',
    start: 1776506400,
    place: { typename: 'Page', name: 'Harbour Arts Centre', id: '530000000000007', city: 'London' },
    social: '58 interested · 11 going',
  },
];
/** The second (last) page of the event search. */
const LATER_SEARCH_EVENTS: socialA.TestEvent[] = [
  {
    id: '2465000000000009',
    name: 'Harbour City Dog Show 2026',
    when: 'Sat, Jun 13 at 10:00 AM CDT',
    start: 1781362800,
    place: { typename: 'FreeformPlace', name: 'Riverside Park Showground', id: '1455000000000009' },
    social: '64 interested · 12 going',
  },
];
/** End cursors of the first pages (invented, in the shape of Facebook's). */
const NEXT = { tala: 'AQHRtalaEvents1', search: 'AQHRsearchDogShow1' };
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
        body: socialA.pageEventsHtml(`${TALA.name} Illustration`, TALA_COLLECTION_ID, TALA_EVENTS.length + TALA_LATER_EVENTS.length, {
          events: TALA_EVENTS,
          endCursor: NEXT.tala,
          hasNext: true,
        }),
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
        if (docId === OPERATIONS.eventSearch.docId) {
          if (!variables.cursor)
            return json(socialA.eventSearchGraphql({ events: socialA.SEARCH_EVENTS, endCursor: NEXT.search, hasNext: true }));
          return variables.cursor === NEXT.search ? json(socialA.eventSearchGraphql({ events: LATER_SEARCH_EVENTS })) : demoMiss(req);
        }
        if (docId === socialA.TEST_DOC_IDS.pageEvents && variables.cursor === NEXT.tala && variables.id === TALA_COLLECTION_ID)
          return json(socialA.pageEventsGraphql(TALA_COLLECTION_ID, { events: TALA_LATER_EVENTS, endCursor: null, hasNext: false }));
        if (docId === socialA.TEST_DOC_IDS.cityEvents && variables.cursor === 'AQHRcity1') {
          return json(socialA.cityEventsGraphql(socialA.CITY_ID, { events: socialA.CITY_EVENTS_PAGE_2, endCursor: null, hasNext: false }));
        }
        return demoMiss(req);
      },
    },
  ];
}
