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
import { bool, idStr, int, nonEmpty, num, reader, str } from '../../parse/index.js';
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

/** Relay-style merge: keys in first-seen order, the first non-null value wins, objects merged deeply. */
export function mergeNodes(nodes: Obj[]): Obj {
  const out: Obj = {};
  for (const n of nodes) mergeInto(out, n);
  return out;
}

function mergeInto(target: Obj, src: Obj): void {
  for (const [k, v] of Object.entries(src)) {
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

/** `7.3K` → 7300, `1,204` → 1204, `2M` → 2000000. */
function parseCount(s: string): number | null {
  const m = /^([\d.,]+)\s*([KMB])?$/i.exec(s.trim());
  if (!m) return null;
  const n = Number(m[1].replace(/,/g, ''));
  if (!Number.isFinite(n)) return null;
  const mult = { K: 1e3, M: 1e6, B: 1e9 }[(m[2] ?? '').toUpperCase() as 'K' | 'M' | 'B'] ?? 1;
  return Math.round(n * mult);
}

/** The count before `word` in a social-context line such as `7.3K interested · 195 going`. */
function countInText(line: string | null, word: string): number | null {
  if (!line) return null;
  const m = new RegExp(`([\\d][\\d.,]*\\s*[KMB]?)\\s+${word}\\b`, 'i').exec(line);
  return m ? parseCount(m[1]) : null;
}

const connectionCount = (v: Json | undefined): number | null => int(obj(v)?.count);

/**
 * `social_context`: Facebook's line of text (`7.3K interested · 195 going`) and its counts —
 * numeric fields when the node has them, else read from the text, else (event pages) the
 * `event_connected_users_interested` / `_going` connections. Null when the node has none of these.
 */
function socialContextOf(e: Obj): SocialContext | null {
  const sc = obj(e.social_context);
  const line = nonEmpty(sc?.text);
  const interested = int(sc?.interested_count) ?? countInText(line, 'interested') ?? connectionCount(e.event_connected_users_interested);
  const going = int(sc?.going_count) ?? countInText(line, 'going') ?? connectionCount(e.event_connected_users_going);
  const went = int(sc?.went_count) ?? countInText(line, 'went') ?? connectionCount(e.event_connected_users_went);
  if (!sc && interested === null && going === null && went === null) return null;
  return { text: line, interested_count: interested, going_count: going, went_count: went };
}

function ticketingOf(e: Obj): TicketingContextRow | null {
  const row = obj(e.ticketing_context_row);
  return row ? { price_range_text: nonEmpty(row.price_range_text) } : null;
}

/** The event's cover photo node: `cover_photo.photo` (lists), or the event page's `cover_media_renderer.cover_photo.photo`. */
function coverPhotoNode(e: Obj): Obj | null {
  return obj(obj(e.cover_photo)?.photo) ?? obj(e.cover_photo) ?? obj(obj(obj(e.cover_media_renderer)?.cover_photo)?.photo);
}

function photoUri(p: Obj): string | null {
  return str(obj(p.image)?.uri) ?? str(obj(p.eventImage)?.uri) ?? str(obj(p.full_image)?.uri);
}

function coverPhotoOf(e: Obj, cardImageUri: string | null): CoverPhoto | null {
  const p = coverPhotoNode(e);
  const uri = p ? photoUri(p) : null;
  if (p && (uri || p.id)) return { photo: { accessibility_caption: str(p.accessibility_caption), image: { uri }, id: idStr(p.id) } };
  // A page's events tab shows each event as a card whose `image` is the event's cover, cropped.
  if (cardImageUri) return { photo: { accessibility_caption: null, image: { uri: cardImageUri }, id: null } };
  return null;
}

function searchCoverPhotoOf(e: Obj): SearchCoverPhoto | null {
  const p = coverPhotoNode(e);
  if (!p) return null;
  const uri = photoUri(p);
  if (!uri && !p.id) return null;
  return { accessibility_caption: str(p.accessibility_caption), eventImage: { uri }, id: idStr(p.id) };
}

function placeOf(e: Obj): EventPlace | null {
  const p = obj(e.event_place);
  if (!p) return null;
  return { __typename: str(p.__typename), contextual_name: nonEmpty(p.contextual_name) ?? nonEmpty(p.name), id: idStr(p.id) };
}

function pagePlaceOf(e: Obj): PageEventPlace | null {
  const p = obj(e.event_place);
  if (!p) return null;
  // `location.reverse_geocode.city` as page lists give it; event pages name the city as `city.contextual_name`.
  const city = nonEmpty(obj(obj(p.location)?.reverse_geocode)?.city) ?? nonEmpty(obj(p.city)?.contextual_name);
  return {
    __typename: str(p.__typename),
    contextual_name: nonEmpty(p.contextual_name) ?? nonEmpty(p.name),
    location: { reverse_geocode: { city } },
    id: idStr(p.id),
  };
}

function creatorOf(e: Obj, hosts: Obj[]): EventCreator | null {
  const c = obj(e.event_creator);
  if (!c) return null;
  const id = idStr(c.id);
  // Event pages give the creator without its url; the same profile is listed among the hosts with one.
  const host = id ? hosts.find((h) => idStr(h.id) === id) : undefined;
  return { url: str(c.url) ?? str(host?.url) ?? null, name: nonEmpty(c.name) ?? nonEmpty(host?.name) ?? null, id };
}

function baseOf(id: string, e: Obj, cardImageUri: string | null): EventItemBase {
  // Every event node (merged from its fragments) names the event and its date: missing, they are
  // warned. The rest depends on the list the event came from (api.md: may be null).
  const r = reader(e, { platform: PLATFORM, record: 'event' });
  return {
    id,
    name: r.nonEmpty('name'),
    __typename: 'Event',
    day_time_sentence: r.nonEmpty('day_time_sentence', 'day_time_sentence', 'capitalized_day_time_sentence'),
    start_timestamp: r.opt.int('start_timestamp') ?? int(e.current_start_timestamp),
    is_online: bool(e.is_online),
    is_past: bool(e.is_past),
    is_happening_now: bool(e.is_happening_now),
    is_online_or_detected_online: bool(e.is_online_or_detected_online),
    event_kind: nonEmpty(e.event_kind),
    cover_photo: coverPhotoOf(e, cardImageUri),
    cover_video: obj(e.cover_video),
    gif_cover_photo: obj(e.gif_cover_photo),
    ticketing_context_row: ticketingOf(e),
    social_context: socialContextOf(e),
  };
}

/** The merged node as an api.md city event item. */
export function toCityEvent(id: string, e: Obj): CityEvent {
  const b = baseOf(id, e, null);
  const { cover_photo, cover_video, gif_cover_photo, ticketing_context_row, social_context, ...head } = b;
  return {
    ...head,
    event_place: placeOf(e),
    cover_photo,
    cover_video,
    gif_cover_photo,
    ticketing_context_row,
    social_context,
    eventUrl: nonEmpty(e.eventUrl) ?? nonEmpty(e.url) ?? canonicalEventUrl(id),
  };
}

/** The merged node as an api.md page event item. */
export function toPageEvent(id: string, e: Obj, extra: { cardImageUri?: string | null; hosts?: Obj[] } = {}): PageEvent {
  const b = baseOf(id, e, extra.cardImageUri ?? null);
  const { cover_photo, cover_video, gif_cover_photo, ticketing_context_row, social_context, ...head } = b;
  return {
    ...head,
    event_place: pagePlaceOf(e),
    cover_photo,
    cover_video,
    gif_cover_photo,
    ticketing_context_row,
    social_context,
    url: nonEmpty(e.url) ?? nonEmpty(e.eventUrl) ?? canonicalEventUrl(id),
    is_canceled: bool(e.is_canceled),
    event_creator: creatorOf(e, extra.hosts ?? []),
  };
}

/** The merged node as an api.md event search item. */
export function toSearchEvent(id: string, e: Obj): SearchEvent {
  const url = nonEmpty(e.url) ?? nonEmpty(e.eventUrl) ?? canonicalEventUrl(id);
  return {
    id,
    name: nonEmpty(e.name),
    type: nonEmpty(e.__typename) ?? 'Event',
    url,
    event_url: nonEmpty(e.eventUrl) ?? nonEmpty(e.event_url) ?? url,
    day_time_sentence: nonEmpty(e.day_time_sentence) ?? nonEmpty(e.capitalized_day_time_sentence),
    event_place: placeOf(e),
    ticketing_context_row: ticketingOf(e),
    is_online: bool(e.is_online),
    is_past: bool(e.is_past),
    event_kind: nonEmpty(e.event_kind),
    start_timestamp: int(e.start_timestamp) ?? int(e.current_start_timestamp),
    cover_photo: searchCoverPhotoOf(e),
    social_context: socialContextOf(e),
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
  const cardImageUri = wrapper && wrapper !== first ? str(obj(wrapper.image)?.uri) : null;
  return { id, node: mergeNodes(fragmentsOf([edge], id, first)), cardImageUri };
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
      for (const edge of o.edges) {
        const ev = eventOfEdge(edge);
        if (!ev) other++;
        else if (!seen.has(ev.id)) {
          seen.add(ev.id);
          events.push(ev);
        }
      }
      if (events.length === 0 && (o.edges.length > 0 || !info)) return undefined;
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

/** `GET /events/explore/<slug>/<id>/` (logged out): the city's events and where the list continues. */
export function parseCityEventsHtml(html: string): ParsedList<CityEvent> {
  const results = pageRelayResults(html);
  const c = pickConnection(findEventConnections(results.map((r) => r.data)), CITY_HINT);
  if (!c) throw explainMissingData(html, 'The city events page', 'the events list (a connection of Event nodes) in the page data');
  return toList(c, (e) => toCityEvent(e.id, e.node));
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

  const hosts = (Array.isArray(e.event_hosts_that_can_view_guestlist) ? e.event_hosts_that_can_view_guestlist : [])
    .filter(isObj)
    .map((h) => ({ __typename: str(h.__typename), id: idStr(h.id), name: nonEmpty(h.name), url: str(h.url) }));
  const place = obj(e.event_place);
  const loc = obj(place?.location);
  const details: EventPageDetails = {
    description: str(obj(e.event_description)?.text),
    place: place
      ? {
          name: nonEmpty(place.name) ?? nonEmpty(place.contextual_name),
          latitude: num(loc?.latitude),
          longitude: num(loc?.longitude),
          country_code: nonEmpty(obj(loc?.reverse_geocode)?.country_alpha_two),
          city: nonEmpty(obj(place.city)?.contextual_name),
        }
      : null,
    users_responded: connectionCount(e.event_connected_users_public_responded),
    hosts,
    ticket_url: nonEmpty(e.event_buy_ticket_url),
  };
  const rawHosts = (Array.isArray(e.event_hosts_that_can_view_guestlist) ? e.event_hosts_that_can_view_guestlist : []).filter(isObj);
  return { event: toPageEvent(id, e, { hosts: rawHosts }), details };
}
