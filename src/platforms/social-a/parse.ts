/**
 * social-a (Facebook events) — pure parsers: page HTML or GraphQL JSON in, api.md records out.
 *
 * One event node, three list shapes. Facebook's Relay data repeats an event in several
 * fragments (the captured event pages hold the header query, the about query and deferred
 * fragments, each with part of the fields; a page's events tab splits an item into the event
 * node, the card and its actions renderer). Relay itself normalises them by id; so do we:
 * every object carrying the event's id is merged (first non-null value wins) before the
 * fields are picked. Only the id is required; every other field falls back to null.
 *
 * Lists are Relay connections — `{edges: [{node…, cursor}], page_info: {has_next_page,
 * end_cursor}}` — found wherever the page or answer holds them, with the object that owns the
 * connection (its id is what the pagination query takes).
 */
import { shapeChanged } from '../../errors.js';
import { assertSameResource } from '../identity.js';
import { countBefore } from '../../parse/counts.js';
import { idStr, int, nonEmpty, reader, str } from '../../parse/index.js';
import type { Reader } from '../../parse/index.js';
import type { Json, Obj, RelayResult } from './blobs.js';
import { explainMissingData, extractScriptJson, findFirst, isObj, relayResults, walk } from './blobs.js';
import { ORIGIN, PLATFORM } from './endpoints.js';
import type {
  EventItemBase,
  EventPlace,
  PageEventPlace,
  CoverPhoto,
  SearchCoverPhoto,
  TicketingContextRow,
  SocialContext,
  EventCreator,
  CityEvent,
  PageEvent,
  SearchEvent,
} from './schema.js';
export type {
  EventPlace,
  PageEventPlace,
  CoverPhoto,
  SearchCoverPhoto,
  TicketingContextRow,
  SocialContext,
  EventCreator,
  CityEvent,
  PageEvent,
  SearchEvent,
  CityEventsPage,
  EventSearchPage,
  PageEventsPage,
} from './schema.js';

// ---------------------------------------------------------------------------------------------
// Field helpers
// ---------------------------------------------------------------------------------------------

/** The parse kit's `obj`, narrowed to this platform's JSON type (blobs.ts). */
const obj = (v: Json | undefined): Obj | null => (isObj(v) ? v : null);

const EVENT_ID_RE = /^\d{5,25}$/;

export function canonicalEventUrl(id: string): string {
  return `${ORIGIN}/events/${id}/`;
}

/** An event node: typed `Event`, or (older fragments) an id with a day/time sentence. */
function isEventNode(o: Obj): boolean {
  if (typeof o.id !== 'string' || !EVENT_ID_RE.test(o.id)) return false;
  if (o.__typename === 'Event') return true;
  return o.__typename === undefined && typeof o.day_time_sentence === 'string' && typeof o.name === 'string';
}

/**
 * Relay-style merge: keys in first-seen order, the first non-null value wins, objects merged deeply.
 * An own `__proto__` key (JSON.parse makes one from upstream text) is skipped: `target.__proto__`
 * is Object.prototype, and merging into it would give every object in the process its fields.
 */
export function mergeNodes(nodes: Obj[]): Obj {
  const out: Obj = {};
  for (const n of nodes) mergeInto(out, n);
  return out;
}

function mergeInto(target: Obj, src: Obj): void {
  for (const [k, v] of Object.entries(src)) {
    if (k === '__proto__') continue;
    const cur = target[k];
    if (cur === undefined || cur === null) {
      target[k] = isObj(v) ? mergeNodes([v]) : v;
    } else if (isObj(cur) && isObj(v)) {
      mergeInto(cur, v);
    } else if (Array.isArray(cur) && cur.length === 0 && Array.isArray(v) && v.length > 0) {
      target[k] = v;
    }
  }
}

/** Every object in `roots` (depth first) that carries `id`, `first` leading. */
function fragmentsOf(roots: Json[], id: string, first?: Obj): Obj[] {
  const parts: Obj[] = first ? [first] : [];
  for (const r of roots) {
    walk(r, (o) => {
      if (o !== first && o.id === id) parts.push(o);
    });
  }
  return parts;
}

/** The count before `word` in a social-context line such as `7.3K interested · 195 going` (`1,2 K interested`: 1200). */
const countInText = (line: string | null, word: string): number | null => countBefore(line, `${word}\\b`);

const connectionCount = (v: Json | undefined): number | null => int(obj(v)?.count);

/**
 * An event node's fields depend on the list it came from (api.md: may be null): every one is read
 * as optional — absent is normal, a value of another type is warned (`event.<field>`).
 */
const eventReader = (e: Obj) => reader(e, { platform: PLATFORM, record: 'event' });

/** A `{count}` connection of the node, read through `r` (another type warned). */
const countOf = (r: Reader, field: string): number | null => r.opt.int(field, [field, 'count']);

/**
 * `social_context`: Facebook's line of text (`7.3K interested · 195 going`) and its counts —
 * numeric fields when the node has them, else read from the text, else (event pages) the
 * `event_connected_users_interested` / `_going` connections. Null when the node has none of these.
 */
function socialContextOf(e: Obj, r: Reader): SocialContext | null {
  const sc = r.opt.obj('social_context');
  const s = r.over(sc ?? {}, 'social_context').opt;
  // A social context that is there always holds its line of text ("" when there is none to show).
  const line = sc ? r.over(sc, 'social_context').nonEmpty('text') : null;
  const interested = s.int('interested_count') ?? countInText(line, 'interested') ?? countOf(r, 'event_connected_users_interested');
  const going = s.int('going_count') ?? countInText(line, 'going') ?? countOf(r, 'event_connected_users_going');
  const went = s.int('went_count') ?? countInText(line, 'went') ?? countOf(r, 'event_connected_users_went');
  if (!sc && interested === null && going === null && went === null) return null;
  return { text: line, interested_count: interested, going_count: going, went_count: went };
}

function ticketingOf(r: Reader): TicketingContextRow | null {
  const row = r.opt.obj('ticketing_context_row');
  return row ? { price_range_text: r.over(row, 'ticketing_context_row').opt.nonEmpty('price_range_text') } : null;
}

/**
 * The event's cover photo node: `cover_photo.photo` (lists), or the event page's
 * `cover_media_renderer.cover_photo.photo` (a video cover's renderer has a cover_video instead). A
 * cover photo holds its photo: one without it is read as the photo itself, whose id and image are
 * then warned missing; an explicit null photo is no cover.
 */
function coverPhotoNode(r: Reader): Obj | null {
  // Facebook's JSON, read as the kit's plain objects.
  const cover = (r.opt.obj('cover_photo') ?? r.opt.obj('cover_photo', ['cover_media_renderer', 'cover_photo'])) as Obj | null;
  if (!cover || cover.photo === null) return null;
  return isObj(cover.photo) ? cover.photo : cover;
}

/** A photo's image URL: every photo node carries its image (`eventImage` in search results) with its uri. */
function photoUri(p: Reader): string | null {
  return p.str('image', ['image', 'uri'], ['eventImage', 'uri'], ['full_image', 'uri']);
}

/** A photo node's id and image are always there (warned when missing); its accessibility caption only in some fragments. */
function coverPhotoOf(r: Reader, cardImageUri: string | null): CoverPhoto | null {
  const node = coverPhotoNode(r);
  const p = r.over(node ?? {}, 'cover_photo');
  const uri = node ? photoUri(p) : null;
  const id = node ? p.idStr('id') : null;
  if (node && (uri || id)) return { photo: { accessibility_caption: p.opt.str('accessibility_caption'), image: { uri }, id } };
  // A page's events tab shows each event as a card whose `image` is the event's cover, cropped.
  if (cardImageUri) return { photo: { accessibility_caption: null, image: { uri: cardImageUri }, id: null } };
  return null;
}

function searchCoverPhotoOf(r: Reader): SearchCoverPhoto | null {
  const node = coverPhotoNode(r);
  if (!node) return null;
  const p = r.over(node, 'cover_photo');
  const uri = photoUri(p);
  const id = p.idStr('id');
  if (!uri && !id) return null;
  return { accessibility_caption: p.opt.str('accessibility_caption'), eventImage: { uri }, id };
}

/** A place (a Page or a FreeformPlace) always names its type, its contextual name and its id (warned when missing). */
function placeOf(r: Reader): EventPlace | null {
  const place = r.opt.obj('event_place');
  if (!place) return null;
  const p = r.over(place, 'event_place');
  return { __typename: p.str('__typename'), contextual_name: p.nonEmpty('contextual_name', 'contextual_name', 'name'), id: p.idStr('id') };
}

function pagePlaceOf(r: Reader): PageEventPlace | null {
  const place = r.opt.obj('event_place');
  if (!place) return null;
  const p = r.over(place, 'event_place');
  // `location.reverse_geocode.city` as page lists give it; event pages name the city as
  // `city.contextual_name`. Only some fragments of a place carry either (optional).
  const city = p.opt.nonEmpty('city', ['location', 'reverse_geocode', 'city'], ['city', 'contextual_name']);
  return {
    __typename: p.str('__typename'),
    contextual_name: p.nonEmpty('contextual_name', 'contextual_name', 'name'),
    location: { reverse_geocode: { city } },
    id: p.idStr('id'),
  };
}

function creatorOf(r: Reader, hosts: Obj[]): EventCreator | null {
  const c = r.opt.obj('event_creator');
  if (!c) return null;
  const cr = r.over(c, 'event_creator').opt;
  // A creator is a Relay node: every fragment of it has its id (warned when missing); its name and url only some.
  const id = r.over(c, 'event_creator').idStr('id');
  // Event pages give the creator without its url; the same profile is listed among the hosts with one.
  const host = id ? hosts.find((h) => idStr(h.id) === id) : undefined;
  const url = cr.str('url') ?? str(host?.url) ?? null;
  // Lists give the creator's url; event pages give it among the hosts: found in neither, warned.
  if (!url) r.warn('event_creator.url', id ? 'no url, and no host with its id' : 'no url and no id');
  return { url, name: cr.nonEmpty('name') ?? nonEmpty(host?.name) ?? null, id };
}

function baseOf(id: string, e: Obj, cardImageUri: string | null): EventItemBase {
  // Every event node (merged from its fragments) names the event and its date: missing, they are
  // warned. The rest depends on the list the event came from (api.md: may be null).
  const r = eventReader(e);
  return {
    id,
    name: r.nonEmpty('name'),
    __typename: 'Event',
    day_time_sentence: r.nonEmpty('day_time_sentence', 'day_time_sentence', 'capitalized_day_time_sentence'),
    start_timestamp: r.opt.int('start_timestamp', 'start_timestamp', 'current_start_timestamp'),
    is_online: r.opt.bool('is_online'),
    is_past: r.opt.bool('is_past'),
    is_happening_now: r.opt.bool('is_happening_now'),
    is_online_or_detected_online: r.opt.bool('is_online_or_detected_online'),
    event_kind: r.opt.nonEmpty('event_kind'),
    cover_photo: coverPhotoOf(r, cardImageUri),
    // A video cover sits under the cover renderer on event pages (EventCoverVideoRenderer).
    cover_video: r.opt.obj('cover_video', ['cover_video'], ['cover_media_renderer', 'cover_video']),
    gif_cover_photo: r.opt.obj('gif_cover_photo'),
    ticketing_context_row: ticketingOf(r),
    social_context: socialContextOf(e, r),
  };
}

/** The merged node as an api.md city event item. */
export function toCityEvent(id: string, e: Obj): CityEvent {
  const b = baseOf(id, e, null);
  const r = eventReader(e);
  const { cover_photo, cover_video, gif_cover_photo, ticketing_context_row, social_context, ...head } = b;
  return {
    ...head,
    event_place: placeOf(r),
    cover_photo,
    cover_video,
    gif_cover_photo,
    ticketing_context_row,
    social_context,
    eventUrl: r.opt.nonEmpty('eventUrl', 'eventUrl', 'url') ?? canonicalEventUrl(id),
  };
}

/** The merged node as an api.md page event item. */
export function toPageEvent(id: string, e: Obj, extra: { cardImageUri?: string | null; hosts?: Obj[] } = {}): PageEvent {
  const b = baseOf(id, e, extra.cardImageUri ?? null);
  const r = eventReader(e);
  const { cover_photo, cover_video, gif_cover_photo, ticketing_context_row, social_context, ...head } = b;
  return {
    ...head,
    event_place: pagePlaceOf(r),
    cover_photo,
    cover_video,
    gif_cover_photo,
    ticketing_context_row,
    social_context,
    url: r.opt.nonEmpty('url', 'url', 'eventUrl') ?? canonicalEventUrl(id),
    is_canceled: r.opt.bool('is_canceled'),
    event_creator: creatorOf(r, extra.hosts ?? []),
  };
}

/** The merged node as an api.md event search item. */
export function toSearchEvent(id: string, e: Obj): SearchEvent {
  const r = eventReader(e);
  const url = r.opt.nonEmpty('url', 'url', 'eventUrl') ?? canonicalEventUrl(id);
  return {
    id,
    // Like every event node, a search result names the event and its date (warned when missing).
    name: r.nonEmpty('name'),
    type: r.opt.nonEmpty('__typename') ?? 'Event',
    url,
    event_url: r.opt.nonEmpty('event_url', 'eventUrl', 'event_url') ?? url,
    day_time_sentence: r.nonEmpty('day_time_sentence', 'day_time_sentence', 'capitalized_day_time_sentence'),
    event_place: placeOf(r),
    ticketing_context_row: ticketingOf(r),
    is_online: r.opt.bool('is_online'),
    is_past: r.opt.bool('is_past'),
    event_kind: r.opt.nonEmpty('event_kind'),
    start_timestamp: r.opt.int('start_timestamp', 'start_timestamp', 'current_start_timestamp'),
    cover_photo: searchCoverPhotoOf(r),
    social_context: socialContextOf(e, r),
  };
}

// ---------------------------------------------------------------------------------------------
// Connections (lists)
// ---------------------------------------------------------------------------------------------

/** One list item: the merged event node and, for page event cards, the card's image. */
export interface EdgeEvent {
  id: string;
  node: Obj;
  cardImageUri: string | null;
}

export interface EventConnection {
  /** The property that holds the connection (`pageItems`, `results`, …). */
  key: string | null;
  /** The object that owns the connection; its id is what pagination queries take. */
  owner: Obj | null;
  events: EdgeEvent[];
  /** Edges that held no event (ads, section headers). */
  otherEdges: number;
  hasNextPage: boolean;
  endCursor: string | null;
}

function eventOfEdge(edge: Json): EdgeEvent | null {
  const first = findFirst(edge, isEventNode);
  if (!first) return null;
  const id = first.id as string;
  // The card wrapping the event on a page's events tab (TimelineAppCollectionItem) carries its image.
  const wrapper = isObj(edge) ? obj(edge.node) : null;
  const card = wrapper && wrapper !== first ? reader(wrapper, { platform: PLATFORM, record: 'event_card' }) : null;
  // A card's image, when it has one, always holds its uri.
  const cardImageUri = card ? (isObj(wrapper!.image) ? card : card.opt).str('image', ['image', 'uri']) : null;
  return { id, node: mergeNodes(fragmentsOf([edge], id, first)), cardImageUri };
}

const listWarnings = reader({}, { platform: PLATFORM, record: 'events' });

/**
 * Why an edge without a readable event is a broken event edge rather than another kind of edge
 * (an ad, a section header), or null: it is not an object, has no node, holds a node that says
 * it is an Event (or has an event's date line) without a valid id, or is a search result of the
 * events role or a page's events tab card.
 */
function brokenEdge(edge: Json): string | null {
  if (!isObj(edge)) return 'not an object';
  if (!isObj(edge.node)) return 'no node';
  const half = findFirst(edge, (o) => (o.__typename === 'Event' || typeof o.day_time_sentence === 'string') && !isEventNode(o));
  if (half) return 'an event node without a valid id or type';
  if (edge.node.role === 'ENTITY_EVENTS') return 'an events search result without its event';
  if (edge.node.__typename === 'TimelineAppCollectionItem') return 'an events tab card without its event';
  return null;
}

/** Every connection in `roots` whose edges are events (or that is empty), in document order. */
export function findEventConnections(roots: Json[]): EventConnection[] {
  const found: EventConnection[] = [];
  for (const root of roots) {
    walk(root, (o, parent, key) => {
      if (!Array.isArray(o.edges)) return undefined;
      const info = obj(o.page_info);
      const events: EdgeEvent[] = [];
      const seen = new Set<string>();
      let other = 0;
      const broken: string[] = [];
      o.edges.forEach((edge, i) => {
        const ev = eventOfEdge(edge);
        if (!ev) {
          other++;
          const why = brokenEdge(edge);
          if (why) broken.push(`edge ${i + 1}: ${why}`);
        } else if (!seen.has(ev.id)) {
          seen.add(ev.id);
          events.push(ev);
        }
      });
      if (events.length === 0 && (o.edges.length > 0 || !info)) return undefined;
      // A list degrades one event at a time: an event edge that lost its event is left out, warned.
      for (const why of broken) listWarnings.warn('edges', why);
      found.push({
        key,
        owner: parent,
        events,
        otherEdges: other,
        hasNextPage: info?.has_next_page === true,
        endCursor: nonEmpty(info?.end_cursor),
      });
      return false;
    });
  }
  return found;
}

/**
 * The list a page or answer is about: among connections whose property name matches `hint`
 * the first with events (else the first, empty); otherwise the one with the most events.
 */
export function pickConnection(all: EventConnection[], hint: RegExp): EventConnection | null {
  const hinted = all.filter((c) => c.key !== null && hint.test(c.key));
  const withEvents = hinted.find((c) => c.events.length > 0);
  if (withEvents) return withEvents;
  const anyWithEvents = [...all].sort((a, b) => b.events.length - a.events.length)[0];
  if (anyWithEvents && anyWithEvents.events.length > 0) return anyWithEvents;
  return hinted[0] ?? null;
}

/** Relay results of an HTML page (checkpoint pages are walls, walls.ts, never parsed). */
export function pageRelayResults(html: string): RelayResult[] {
  if (typeof html !== 'string' || html.trim() === '') throw shapeChanged(PLATFORM, 'page body');
  return relayResults(extractScriptJson(html));
}

/** Property names a city's events connection has been seen under, or may plausibly be. */
const CITY_HINT = /event/i;
/** A page's events tab: an app collection's `pageItems` (older pages: `upcoming_events` / `past_events`). */
const PAGE_HINT = /^(pageItems|upcoming_events|past_events|upcoming_hosted_events|past_hosted_events)$/;
/** Search answers: `serpResponse.results`. */
const SEARCH_HINT = /^results$/;

export interface ParsedList<T> {
  events: T[];
  hasNextPage: boolean;
  endCursor: string | null;
  ownerId: string | null;
  /** Total the owner states (`items.count` of a page's collection), when it does. */
  total: number | null;
}

function toList<T>(c: EventConnection, map: (e: EdgeEvent) => T): ParsedList<T> {
  const ownerId = c.owner ? idStr(c.owner.id) : null;
  const total = c.owner ? (connectionCount(c.owner.items) ?? int(c.owner.count)) : null;
  return { events: c.events.map(map), hasNextPage: c.hasNextPage && c.endCursor !== null, endCursor: c.endCursor, ownerId, total };
}

// ---------------------------------------------------------------------------------------------
// City events
// ---------------------------------------------------------------------------------------------

/**
 * `GET /events/explore/<slug>/<id>/` (logged out): the city's events and where the list continues.
 * An EMPTY list must be the city's (its owner, the node the pagination query refetches, the city
 * page `cityId`): one whose owner states another id is another resource's — an event page's own
 * `event_lineups`, say — and UPSTREAM_FAILED, never the city's "no events". (Only the empty list
 * is held to it: no real explore page has been captured, and a rule wrong about where real pages
 * hang a list of events would refuse every city.)
 */
export function parseCityEventsHtml(html: string, cityId?: string): ParsedList<CityEvent> {
  const results = pageRelayResults(html);
  const c = pickConnection(findEventConnections(results.map((r) => r.data)), CITY_HINT);
  if (!c) throw explainMissingData(html, 'The city events page', 'the events list (a connection of Event nodes) in the page data');
  const list = toList(c, (e) => toCityEvent(e.id, e.node));
  if (cityId !== undefined && list.events.length === 0)
    assertSameResource(PLATFORM, `the events page of city ${cityId}`, { id: cityId }, { id: list.ownerId });
  return list;
}

/** A city events pagination answer (`data.node.<events connection>`). */
export function parseCityEventsGraphql(objs: Obj[]): ParsedList<CityEvent> {
  const c = pickConnection(findEventConnections(objs.map((o) => o.data as Json)), CITY_HINT);
  if (!c) throw shapeChanged(PLATFORM, 'the events connection in the GraphQL answer');
  return toList(c, (e) => toCityEvent(e.id, e.node));
}

// ---------------------------------------------------------------------------------------------
// Page events
// ---------------------------------------------------------------------------------------------

/** `GET /<page>/upcoming_hosted_events` (logged out): the collection's events, total and continuation. */
export function parsePageEventsHtml(html: string): ParsedList<PageEvent> {
  const results = pageRelayResults(html);
  const c = pickConnection(findEventConnections(results.map((r) => r.data)), PAGE_HINT);
  if (!c) throw explainMissingData(html, 'The page', 'the events collection (pageItems) in the page data');
  return toList(c, (e) => toPageEvent(e.id, e.node, { cardImageUri: e.cardImageUri }));
}

/** A page events pagination answer (`data.node.pageItems`). */
export function parsePageEventsGraphql(objs: Obj[]): ParsedList<PageEvent> {
  const c = pickConnection(findEventConnections(objs.map((o) => o.data as Json)), PAGE_HINT);
  if (!c) throw shapeChanged(PLATFORM, 'the events collection (pageItems) in the GraphQL answer');
  return toList(c, (e) => toPageEvent(e.id, e.node, { cardImageUri: e.cardImageUri }));
}

// ---------------------------------------------------------------------------------------------
// Event search
// ---------------------------------------------------------------------------------------------

/** A search answer (`data.serpResponse.results`, each edge's event somewhere under its rendering strategy). */
export function parseEventSearchGraphql(objs: Obj[]): ParsedList<SearchEvent> {
  const c = pickConnection(findEventConnections(objs.map((o) => o.data as Json)), SEARCH_HINT);
  if (!c) throw shapeChanged(PLATFORM, 'the search results connection (serpResponse.results) in the GraphQL answer');
  return toList(c, (e) => toSearchEvent(e.id, e.node));
}

// ---------------------------------------------------------------------------------------------
// Single event pages (the captures)
// ---------------------------------------------------------------------------------------------

export interface EventHost {
  __typename: string | null;
  id: string | null;
  name: string | null;
  url: string | null;
}

/** What an event page says beyond the list item. */
export interface EventPageDetails {
  description: string | null;
  place: {
    name: string | null;
    latitude: number | null;
    longitude: number | null;
    country_code: string | null;
    city: string | null;
  } | null;
  /** `event_connected_users_public_responded.count`: people who answered going or interested. */
  users_responded: number | null;
  hosts: EventHost[];
  ticket_url: string | null;
}

export interface EventPage {
  /** The event as a page event item (the richest list shape). */
  event: PageEvent;
  details: EventPageDetails;
}

/**
 * `GET /events/<id>/` (logged out). The event is the `"event":{…"day_time_sentence"…}` object of
 * the header query; every other fragment with its id (about query, deferred fragments, RSVP and
 * ticket renderers) is merged into it.
 */
export function parseEventPage(html: string): EventPage {
  const results = pageRelayResults(html);
  const roots = results.map((r) => r.data);
  const isHead = (o: Obj, _p: Obj | null, key: string | null) =>
    key === 'event' && typeof o.day_time_sentence === 'string' && typeof o.id === 'string' && EVENT_ID_RE.test(o.id);
  let first: Obj | null = null;
  for (const r of roots) if (!first) first = findFirst(r, isHead);
  if (!first) throw explainMissingData(html, 'The event', 'the event object ("event":{…"day_time_sentence"…}) in the page data');
  const id = first.id as string;
  const e = mergeNodes(fragmentsOf(roots, id, first));

  // What the page adds to the list item: each part only some events have (absent: null, no
  // warning); a part of another type, or a malformed host, is warned.
  const r = eventReader(e);
  const rawHosts = r.opt.objects('event_hosts_that_can_view_guestlist') as Obj[];
  const hosts = r.opt.items('event_hosts_that_can_view_guestlist', (h) => ({
    __typename: h.opt.str('__typename'),
    id: h.opt.idStr('id'),
    name: h.opt.nonEmpty('name'),
    url: h.opt.str('url'),
  }));
  const place = r.opt.obj('event_place');
  const p = r.over(place ?? {}, 'event_place').opt;
  const details: EventPageDetails = {
    description: r.opt.str('event_description', ['event_description', 'text']),
    place: place
      ? {
          name: p.nonEmpty('name', 'name', 'contextual_name'),
          latitude: p.num('latitude', ['location', 'latitude']),
          longitude: p.num('longitude', ['location', 'longitude']),
          country_code: p.nonEmpty('country_code', ['location', 'reverse_geocode', 'country_alpha_two']),
          city: p.nonEmpty('city', ['city', 'contextual_name']),
        }
      : null,
    users_responded: countOf(r, 'event_connected_users_public_responded'),
    hosts,
    ticket_url: r.opt.nonEmpty('event_buy_ticket_url'),
  };
  return { event: toPageEvent(id, e, { hosts: rawHosts }), details };
}
