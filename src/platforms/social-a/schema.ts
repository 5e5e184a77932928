/**
 * The social-a records (api.md "Event records": events of a city, of a page, event search) as
 * data: the parsers' types, the /openapi.json response schemas and what REST bodies are checked
 * against. Nullable fields: README.md.
 */
import { z } from 'zod';
import { Bool, Int, named, NBool, NInt, NObj, NStr, Str } from '../records.js';

export const EventPlace = z.strictObject({ __typename: NStr, contextual_name: NStr, id: NStr });
export type EventPlace = z.infer<typeof EventPlace>;

export const PageEventPlace = z.strictObject({
  __typename: NStr,
  contextual_name: NStr,
  location: z.strictObject({ reverse_geocode: z.strictObject({ city: NStr }) }),
  id: NStr,
});
export type PageEventPlace = z.infer<typeof PageEventPlace>;

/** Cover photo of city and page events: Facebook's `{photo: {accessibility_caption, image: {uri}, id}}`. */
export const CoverPhoto = z.strictObject({
  photo: z.strictObject({ accessibility_caption: NStr, image: z.strictObject({ uri: NStr }), id: NStr }),
});
export type CoverPhoto = z.infer<typeof CoverPhoto>;

/** Cover photo of event search results, flattened as api.md shows it. */
export const SearchCoverPhoto = z.strictObject({ accessibility_caption: NStr, eventImage: z.strictObject({ uri: NStr }), id: NStr });
export type SearchCoverPhoto = z.infer<typeof SearchCoverPhoto>;

export const TicketingContextRow = z.strictObject({ price_range_text: NStr });
export type TicketingContextRow = z.infer<typeof TicketingContextRow>;

export const SocialContext = z.strictObject({ text: NStr, interested_count: NInt, going_count: NInt, went_count: NInt });
export type SocialContext = z.infer<typeof SocialContext>;

export const EventCreator = z.strictObject({ url: NStr, name: NStr, id: NStr });
export type EventCreator = z.infer<typeof EventCreator>;

/** Fields every city / page event item has, in api.md order. */
const EventItemBase = z.strictObject({
  id: Str,
  name: NStr,
  __typename: z.literal('Event'),
  day_time_sentence: NStr,
  start_timestamp: NInt,
  is_online: NBool,
  is_past: NBool,
  is_happening_now: NBool,
  is_online_or_detected_online: NBool,
  event_kind: NStr,
  cover_photo: CoverPhoto.nullable(),
  /** As Facebook gives it (no capture shows one); null when absent. */
  cover_video: NObj,
  /** As Facebook gives it (no capture shows one); null when absent. */
  gif_cover_photo: NObj,
  ticketing_context_row: TicketingContextRow.nullable(),
  social_context: SocialContext.nullable(),
});
export type EventItemBase = z.infer<typeof EventItemBase>;

export const CityEvent = EventItemBase.extend({ event_place: EventPlace.nullable(), eventUrl: Str });
export type CityEvent = z.infer<typeof CityEvent>;

export const PageEvent = EventItemBase.extend({
  event_place: PageEventPlace.nullable(),
  url: Str,
  is_canceled: NBool,
  event_creator: EventCreator.nullable(),
});
export type PageEvent = z.infer<typeof PageEvent>;

export const SearchEvent = z.strictObject({
  id: Str,
  name: NStr,
  type: Str,
  url: Str,
  event_url: Str,
  day_time_sentence: NStr,
  event_place: EventPlace.nullable(),
  ticketing_context_row: TicketingContextRow.nullable(),
  is_online: NBool,
  is_past: NBool,
  event_kind: NStr,
  start_timestamp: NInt,
  cover_photo: SearchCoverPhoto.nullable(),
  social_context: SocialContext.nullable(),
});
export type SearchEvent = z.infer<typeof SearchEvent>;

export const CityEventsPage = named('SocialACityEventsPage', z.strictObject({ events: z.array(CityEvent), cursor: NStr }));
export type CityEventsPage = z.infer<typeof CityEventsPage>;

export const EventSearchPage = named('SocialAEventSearchPage', z.strictObject({ events: z.array(SearchEvent), cursor: NStr }));
export type EventSearchPage = z.infer<typeof EventSearchPage>;

export const PageEventsPage = named(
  'SocialAPageEventsPage',
  z.strictObject({ events: z.array(PageEvent), cursor: NStr, has_next_page: Bool, total_count: Int }),
);
export type PageEventsPage = z.infer<typeof PageEventsPage>;
