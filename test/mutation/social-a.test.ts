import { describe } from 'vitest';
import { z } from 'zod';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import {
  parseCityEventsGraphql,
  parseEventPage,
  parseEventSearchGraphql,
  parsePageEventsGraphql,
} from '../../src/platforms/social-a/parse.js';
import type { Obj } from '../../src/platforms/social-a/blobs.js';
import * as pages from '../../src/platforms/social-a/samples.js';
import { balancedObject } from '../../src/parse/json.js';
import * as schema from '../../src/platforms/social-a/schema.js';
import { embeddedAt, findPath } from './engine.js';
import { mutationTest } from './suite.js';

const LABEL = 'social-a';

/** parse.ts EventPageDetails as zod (event pages are read by tests and discovery, not an operation). */
const EventPage = z.strictObject({
  event: schema.PageEvent,
  details: z.strictObject({
    description: z.string().nullable(),
    place: z
      .strictObject({
        name: z.string().nullable(),
        latitude: z.number().nullable(),
        longitude: z.number().nullable(),
        country_code: z.string().nullable(),
        city: z.string().nullable(),
      })
      .nullable(),
    users_responded: z.number().int().nullable(),
    hosts: z.array(
      z.strictObject({
        __typename: z.string().nullable(),
        id: z.string().nullable(),
        name: z.string().nullable(),
        url: z.string().nullable(),
      }),
    ),
    ticket_url: z.string().nullable(),
  }),
});

/**
 * The ServerJS payload (`….handle({…})`) holding the event page's header event
 * (`"event":{…"day_time_sentence"…}`): the JSON argument, so a test can mutate it and put it back.
 */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function headPayload(page: string) {
  const marker = page.indexOf('"day_time_sentence"');
  // The outermost JSON value of the script that holds the marker (a ServerJS `.handle({…})` argument).
  let at = page.lastIndexOf('<script', marker);
  while (marker > 0 && at > 0 && at < marker) {
    const start = page.indexOf('{', at);
    const text = start >= 0 ? balancedObject(page, start) : null;
    if (text && start + text.length > marker && isJson(text)) {
      // Facebook escapes `<` in script JSON; so does the copy put back.
      return embeddedAt(page, start, start + text.length, (j) => j.replace(/</g, '\\u003C'));
    }
    // A JavaScript block around it (`function(m){…}`): look inside.
    at = text && start + text.length <= marker ? start + text.length : start + 1;
  }
  throw new Error('no script JSON with the event header');
}

/** The captured event pages: 1 of 5 photo objects carries accessibility_caption (the header's), the others {id, image} alone. */
const PHOTO_CAPTION = 'only some fragments of a photo carry it (the captures: the header photo, not the others)';

describe.skipIf(!hasFixtures(LABEL))(`social-a mutations (${skipReason(LABEL)})`, () => {
  for (const file of ['event-page-pitbull.html', 'event-page-aew-house-rules.html']) {
    let cached: ReturnType<typeof headPayload> | undefined;
    const page = () => (cached ??= headPayload(readFixture(LABEL, file)));
    mutationTest({
      name: `event page ${file} (the header event)`,
      platform: LABEL,
      load: () => page().json,
      parse: (doc) => parseEventPage(page().with(doc)),
      schema: EventPage,
      source: (doc) => findPath(doc, (o, key) => key === 'event' && typeof o.day_time_sentence === 'string')!,
      identity: {
        id: 'the event id: the record is that event (and its other fragments are found by it)',
        // The header query's event object is recognised by it: without it no fragment is the header.
        day_time_sentence: 'the marker of the header event object',
      },
      fields: {
        'event.url': ['url', 'eventUrl', 'id'],
        'event.day_time_sentence': ['day_time_sentence', 'capitalized_day_time_sentence'],
        'event.start_timestamp': ['start_timestamp', 'current_start_timestamp'],
        'event.cover_photo': ['cover_photo', 'cover_media_renderer'],
        'event.social_context': [
          'social_context',
          'event_connected_users_interested',
          'event_connected_users_going',
          'event_connected_users_went',
        ],
        'event.event_creator': ['event_creator', 'event_hosts_that_can_view_guestlist'],
        'event.event_place': ['event_place'],
        'details.description': ['event_description'],
        'details.place': ['event_place'],
        'details.users_responded': ['event_connected_users_public_responded'],
        'details.hosts': ['event_hosts_that_can_view_guestlist'],
        'details.ticket_url': ['event_buy_ticket_url'],
        event: [''],
      },
      // What only some events have (parse.ts reads them as optional: absent is no warning).
      quiet: {
        ...Object.fromEntries(
          [
            'is_canceled',
            'is_online',
            'is_past',
            'is_happening_now',
            'is_online_or_detected_online',
            'event_kind',
            'cover_media_renderer',
            'cover_photo',
            'cover_video',
            'gif_cover_photo',
            'ticketing_context_row',
            'social_context',
            'event_place',
            'event_creator',
            'event_description',
            'event_buy_ticket_url',
            'event_hosts_that_can_view_guestlist',
            'event_connected_users_public_responded',
            'start_timestamp',
          ].map((k) => [k, 'only some events have it (api.md: may be null)']),
        ),
        'cover_media_renderer.cover_photo': "a video cover's renderer (EventCoverVideoRenderer) holds a cover_video instead",
        'cover_media_renderer.cover_photo.photo.accessibility_caption': PHOTO_CAPTION,
      },
    });
  }
});

/**
 * The operations' records: the three event lists, from the project's own GraphQL answers
 * (src/platforms/social-a/samples.ts). The record is the list: an edge whose event lost its id is left out
 * (warned), the other events stay.
 */
describe('social-a list mutations (test pages)', () => {
  const list = (items: z.ZodType) => z.looseObject({ events: z.array(items) });
  const answer = (text: string) => () => JSON.parse(text.split('\r\n')[0]) as unknown;
  // What an event node of a list may lack (api.md: may be null): absent, no warning.
  const quiet = Object.fromEntries(
    [
      '*.node.cover_photo',
      '*.node.cover_video',
      '*.node.gif_cover_photo',
      '*.node.event_place',
      '*.node.ticketing_context_row',
      '*.node.social_context',
      '*.node.event_kind',
      '*.node.is_online',
      '*.node.is_past',
      '*.node.is_happening_now',
      '*.node.is_online_or_detected_online',
      '*.node.start_timestamp',
      '*.node.eventUrl',
      '*.node.url',
      '*.node.image',
      '*.node.node.event_place',
      '*.node.node.is_canceled',
      '*.node.node.event_creator',
      '*.node.node.url',
      '*.node.actions_renderer',
      ...[
        'name',
        'day_time_sentence',
        'event_place',
        'ticketing_context_row',
        'is_online',
        'is_past',
        'event_kind',
        'start_timestamp',
        'cover_photo',
        'social_context',
      ].map((k) => `*.rendering_strategy.view_model.profile.${k}`),
    ].map((k) => [k, 'depends on the list the event came from (api.md: may be null)']),
  );
  // Members of a present part that some of Facebook's fragments leave out (the captured event pages).
  Object.assign(quiet, {
    '*.node.cover_photo.photo.accessibility_caption': PHOTO_CAPTION,
    '*.rendering_strategy.view_model.profile.cover_photo.photo.accessibility_caption': PHOTO_CAPTION,
    '*.node.node.event_creator.name':
      "2 of 13 creator fragments in the captures name it ({__typename, id} alone): the hosts' name is the fallback",
    '*.node.node.event_place.location': '2 of 14 place fragments in each capture have a location',
    '*.node.node.event_place.location.reverse_geocode': "a place's location has it in some fragments only (the captures: 2 of 4)",
    '*.node.node.event_place.location.reverse_geocode.city':
      "never in the captures' reverse_geocode (country_alpha_two or city_page); event pages give the city as city.contextual_name",
  });
  const spec = {
    platform: LABEL,
    identity: {},
    fields: { events: ['*'] },
    quiet,
    maxDepth: 4,
    // The events tab card's flags are a Relay fragment of the event (`actions_renderer.event`,
    // merged by id): one of another type is one fragment fewer, which no answer announces.
    unwarned: { '*.node.actions_renderer': 'a Relay fragment of the event, merged by its id' },
  };

  mutationTest({
    ...spec,
    name: 'city events (test page cityEventsGraphql)',
    load: answer(pages.cityEventsGraphql(pages.CITY_ID, { events: pages.CITY_EVENTS })),
    parse: (doc) => parseCityEventsGraphql([doc as Obj]),
    schema: list(schema.CityEvent),
    source: ['data', 'node', 'events', 'edges'],
  });
  mutationTest({
    ...spec,
    name: 'page events (test page pageEventsGraphql)',
    load: answer(pages.pageEventsGraphql(pages.COLLECTION_ID, { events: pages.PAGE_EVENTS })),
    parse: (doc) => parsePageEventsGraphql([doc as Obj]),
    schema: list(schema.PageEvent),
    source: ['data', 'node', 'pageItems', 'edges'],
  });
  mutationTest({
    ...spec,
    name: 'event search (test page eventSearchGraphql)',
    load: answer(pages.eventSearchGraphql({ events: pages.SEARCH_EVENTS })),
    parse: (doc) => parseEventSearchGraphql([doc as Obj]),
    schema: list(schema.SearchEvent),
    source: ['data', 'serpResponse', 'results', 'edges'],
    maxDepth: 6,
  });
});
