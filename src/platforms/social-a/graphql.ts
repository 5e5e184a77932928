/**
 * GraphQL types and root fields for social-a (Facebook events). Idiomatic names over the api.md
 * wire records, plus `json` carrying the whole wire record (what REST returns). The three event
 * item shapes share their parts (place, cover photo, social context); Facebook's `__typename`
 * is exposed as `typename`.
 */
import { builder } from '../../graphql/builder.js';
import type { Fields } from '../../graphql/fields.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import type {
  CityEvent,
  CityEventsPage,
  CoverPhoto,
  EventCreator,
  EventPlace,
  EventSearchPage,
  PageEvent,
  PageEventPlace,
  PageEventsPage,
  SearchCoverPhoto,
  SearchEvent,
  SocialContext,
} from './parse.js';
import { eventSearch, events, profileEvents } from './platform.js';
import type { EventItemBase } from './schema.js';
import type { SocialAPageObject, SocialAPageRecord } from './page.js';
import { page } from './page.js';

/** One view over both cover photo shapes (`{photo: {…image…}}` of lists, flat `{…eventImage…}` of search). */
interface CoverView {
  id: string | null;
  accessibility_caption: string | null;
  uri: string | null;
}

const coverView = (c: CoverPhoto | SearchCoverPhoto | null): CoverView | null =>
  c === null
    ? null
    : 'photo' in c
      ? { id: c.photo.id, accessibility_caption: c.photo.accessibility_caption, uri: c.photo.image.uri }
      : { id: c.id, accessibility_caption: c.accessibility_caption, uri: c.eventImage.uri };

const CURSOR_DESCRIPTION = 'Pass unchanged as `cursor` for the next page; null at the end';

/** The parts event items share: place, cover photo, social context, creator. */
function eventPartTypes() {
  const PlaceRef = builder.objectRef<EventPlace | PageEventPlace>('SocialAEventPlace').implement({
    description: 'Where an event takes place (a page, or a free-form place)',
    fields: (t) => ({
      typename: t.exposeString('__typename', { description: 'Page, FreeformPlace, …' }),
      contextualName: t.exposeString('contextual_name'),
      id: t.exposeString('id'),
      city: t.string({
        description: 'City of the place (page events only: location.reverse_geocode.city)',
        extensions: { wire: 'location.reverse_geocode.city' },
        resolve: (p) => ('location' in p ? p.location.reverse_geocode.city : null),
      }),
    }),
  });

  const CoverPhotoRef = builder.objectRef<CoverView>('SocialAEventCoverPhoto').implement({
    fields: (t) => ({
      id: t.exposeString('id', { extensions: { wire: ['photo.id', 'id'] } }),
      accessibilityCaption: t.exposeString('accessibility_caption', {
        extensions: { wire: ['photo.accessibility_caption', 'accessibility_caption'] },
      }),
      uri: t.exposeString('uri', {
        description: 'Image URL (image.uri; eventImage.uri in search results)',
        extensions: { wire: ['photo.image.uri', 'eventImage.uri'] },
      }),
    }),
  });

  const SocialContextRef = builder.objectRef<SocialContext>('SocialAEventSocialContext').implement({
    fields: (t) => ({
      text: t.exposeString('text', { description: 'e.g. "7.3K interested · 195 going"' }),
      interestedCount: t.exposeInt('interested_count'),
      goingCount: t.exposeInt('going_count'),
      wentCount: t.exposeInt('went_count'),
    }),
  });

  const CreatorRef = builder.objectRef<EventCreator>('SocialAEventCreator').implement({
    fields: (t) => ({
      id: t.exposeString('id'),
      name: t.exposeString('name'),
      url: t.exposeString('url'),
    }),
  });
  return { PlaceRef, CoverPhotoRef, SocialContextRef, CreatorRef };
}

type EventParts = ReturnType<typeof eventPartTypes>;

/** What every event item (city, page, search) carries. */
type EventShape = Pick<
  SearchEvent,
  | 'id'
  | 'name'
  | 'day_time_sentence'
  | 'start_timestamp'
  | 'is_online'
  | 'is_past'
  | 'event_kind'
  | 'ticketing_context_row'
  | 'social_context'
> & {
  event_place: EventPlace | PageEventPlace | null;
  cover_photo: CoverPhoto | SearchCoverPhoto | null;
};

/** Declared once for SocialACityEvent, SocialAPageEvent and SocialASearchEvent. */
function eventFields(t: Fields<EventShape>, parts: EventParts) {
  return {
    id: t.exposeString('id', { nullable: false }),
    name: t.exposeString('name'),
    dayTimeSentence: t.exposeString('day_time_sentence'),
    startTimestamp: t.exposeFloat('start_timestamp', { description: 'Start, Unix seconds' }),
    isOnline: t.exposeBoolean('is_online'),
    isPast: t.exposeBoolean('is_past'),
    eventKind: t.exposeString('event_kind'),
    eventPlace: t.expose('event_place', { type: parts.PlaceRef }),
    coverPhoto: t.field({ type: parts.CoverPhotoRef, resolve: (e) => coverView(e.cover_photo) }),
    priceRangeText: t.string({
      description: 'ticketing_context_row.price_range_text',
      extensions: { wire: 'ticketing_context_row.price_range_text' },
      resolve: (e) => e.ticketing_context_row?.price_range_text ?? null,
    }),
    socialContext: t.expose('social_context', { type: parts.SocialContextRef }),
    json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
  };
}

/** Declared once for the items of the two lists, SocialACityEvent and SocialAPageEvent. */
function listEventFields(t: Fields<EventItemBase>) {
  return {
    typename: t.exposeString('__typename'),
    isHappeningNow: t.exposeBoolean('is_happening_now'),
    isOnlineOrDetectedOnline: t.exposeBoolean('is_online_or_detected_online'),
    coverVideo: t.expose('cover_video', { type: 'JSON' }),
    gifCoverPhoto: t.expose('gif_cover_photo', { type: 'JSON' }),
  };
}

/** A city's events: SocialACityEvent, its page and the events root field. */
function cityEventsTypes(parts: EventParts): void {
  const CityEventRef = builder.objectRef<CityEvent>('SocialACityEvent').implement({
    description: 'An event in a city events list',
    fields: (t) => ({
      ...eventFields(t, parts),
      ...listEventFields(t),
      eventUrl: t.exposeString('eventUrl'),
    }),
  });

  const CityEventsRef = builder.objectRef<CityEventsPage>('SocialACityEvents').implement({
    fields: (t) => ({
      events: t.expose('events', { type: [CityEventRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: CURSOR_DESCRIPTION }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(events, CityEventsRef);
}

/** Event search: SocialASearchEvent, its page and the eventSearch root field. */
function eventSearchTypes(parts: EventParts): void {
  const SearchEventRef = builder.objectRef<SearchEvent>('SocialASearchEvent').implement({
    description: 'An event search result',
    fields: (t) => ({
      ...eventFields(t, parts),
      type: t.exposeString('type'),
      url: t.exposeString('url'),
      eventUrl: t.exposeString('event_url'),
    }),
  });

  const EventSearchRef = builder.objectRef<EventSearchPage>('SocialAEventSearchPage').implement({
    fields: (t) => ({
      events: t.expose('events', { type: [SearchEventRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: CURSOR_DESCRIPTION }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(eventSearch, EventSearchRef);
}

/** A page's events: SocialAPageEvent, its page and the profileEvents root field. */
function pageEventsTypes(parts: EventParts): void {
  const PageEventRef = builder.objectRef<PageEvent>('SocialAPageEvent').implement({
    description: 'An event in a page events list',
    fields: (t) => ({
      ...eventFields(t, parts),
      ...listEventFields(t),
      url: t.exposeString('url'),
      isCanceled: t.exposeBoolean('is_canceled'),
      eventCreator: t.expose('event_creator', { type: parts.CreatorRef }),
    }),
  });

  const PageEventsRef = builder.objectRef<PageEventsPage>('SocialAPageEvents').implement({
    fields: (t) => ({
      events: t.expose('events', { type: [PageEventRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: CURSOR_DESCRIPTION }),
      hasNextPage: t.exposeBoolean('has_next_page', { nullable: false }),
      totalCount: t.exposeInt('total_count', { nullable: false, description: "Events in the page's list (its stated total)" }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(profileEvents, PageEventsRef);
}

/** A page's about facts: SocialAPageObject, its record and the page root field. */
function pageTypes(): void {
  const PageObjectRef = builder.objectRef<SocialAPageObject>('SocialAPageObject').implement({
    description: "A public page's about facts",
    fields: (t) => ({
      id: t.exposeString('id', { description: "The page's numeric id" }),
      username: t.exposeString('username', { description: "The page's vanity name; null when the page names none" }),
      url: t.exposeString('url', { nullable: false }),
      name: t.exposeString('name'),
      category: t.exposeString('category', { description: "The intro card's category line, as shown" }),
      intro: t.exposeString('intro', { description: "The intro card's bio" }),
      description: t.exposeString('description', { description: "The page's og:description" }),
      websites: t.exposeStringList('websites', { nullable: false }),
      emails: t.exposeStringList('emails', { nullable: false }),
      links: t.exposeStringList('links', { nullable: false }),
      followerCount: t.exposeInt('follower_count', { description: 'Where the page shows it (as shown)' }),
      likeCount: t.exposeInt('like_count', { description: 'Where the page shows it (as shown)' }),
    }),
  });

  const PageRef = builder.objectRef<SocialAPageRecord>('SocialAPage').implement({
    fields: (t) => ({
      page: t.expose('page', { type: PageObjectRef, nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(page, PageRef);
}

/** Declares social-a's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function socialAGraphql(): void {
  const parts = eventPartTypes();
  cityEventsTypes(parts);
  eventSearchTypes(parts);
  pageEventsTypes(parts);
  pageTypes();
}
