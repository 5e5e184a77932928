/**
 * social-a = Facebook (events). Registry entry: hosts, operations, parameters, costs, cache policy.
 * Upstream requests: platforms.md (logged-out event/city/page HTML with Relay data in its
 * scripts; GraphQL `api/graphql` with public `doc_id`s for search and later pages), kept in
 * ./endpoints.ts; the requests themselves in ./fetch.ts.
 */
import type { PlatformDefinition } from '../definition.js';
import type { OperationDef } from '../operation.js';
import { fetchCityEvents, fetchEventSearch, fetchPageEvents } from './fetch.js';
import type { CityEventsPage, EventSearchPage, PageEventsPage } from './parse.js';
import type { CityRef, Cursor, PageRef } from './urls.js';
import { decodeCursor, normalizeQuery, pageKey, parseCityEventsUrl, parsePageUrl, queryKey } from './urls.js';
import * as schema from './schema.js';
import { reader } from './reader.js';
import { page } from './page.js';
import { walls } from './walls.js';
import { links } from './links.js';

const label = 'social-a';
const hosts = ['www.facebook.com', 'facebook.com', 'm.facebook.com', 'web.facebook.com', 'mbasic.facebook.com'];

const given = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

const CURSOR_PARAM = {
  name: 'cursor',
  kind: 'string',
  maxLength: 8192,
  description: "The previous response's cursor, unchanged; omit for the first page. Null in a response means there are no more pages.",
} as const;

type CursorOf<K extends Cursor['k']> = Extract<Cursor, { k: K }>;

/** The caller's cursor, when given and of this kind; `undefined` when absent. */
function cursorArg<K extends Cursor['k']>(raw: unknown, kind: K): CursorOf<K> | null | undefined {
  if (!given(raw)) return undefined;
  const c = decodeCursor(raw.trim());
  return c && c.k === kind ? (c as CursorOf<K>) : null;
}

export interface CityEventsArgs {
  city: CityRef;
  cursor: CursorOf<'city'> | null;
  /** The cursor as given: the cache key (events at a cursor are what that cursor returned). */
  rawCursor: string | null;
}

export const events: OperationDef<CityEventsArgs, CityEventsPage> = {
  field: 'socialAEvents',
  platform: label,
  summary: 'Events of a city on the social-a platform (its public city events page), one page at a time',
  rest: { path: '/v1/social-a/events' },
  record: schema.CityEventsPage,
  params: [
    {
      name: 'url',
      kind: 'string',
      required: true,
      maxLength: 2048,
      description: "The city's events page URL, e.g. https://www.facebook.com/events/explore/us-new-york/108424279189115/",
    },
    CURSOR_PARAM,
  ],
  cacheable: true,
  check(args, problem) {
    const city = given(args.url) ? parseCityEventsUrl(args.url) : null;
    if (given(args.url) && !city) {
      problem('url', 'must be a facebook.com city events page URL (https://www.facebook.com/events/explore/CITY-SLUG/CITY-ID/)');
    }
    const c = cursorArg(args.cursor, 'city');
    if (c === null) problem('cursor', "is not a cursor of /v1/social-a/events; pass the previous response's cursor unchanged");
    else if (c && city && c.city !== city.cityId) problem('cursor', 'belongs to another city; pass it with the url it was returned for');
  },
  normalize: (a) => {
    const c = cursorArg(a.cursor, 'city');
    return { city: parseCityEventsUrl(a.url)!, cursor: c ?? null, rawCursor: c ? a.cursor.trim() : null };
  },
  key: (a) => `${a.city.cityId}|${a.rawCursor ?? ''}`,
  cost: { max: 1 },
  example: { url: 'https://www.facebook.com/events/explore/us-harbour-city/108000000000001/' },
  run: (ctx, a) => fetchCityEvents(ctx, a),
};

export interface EventSearchArgs {
  query: string;
  cursor: CursorOf<'search'> | null;
  rawCursor: string | null;
}

export const eventSearch: OperationDef<EventSearchArgs, EventSearchPage> = {
  field: 'socialAEventSearch',
  platform: label,
  summary: 'Search public events on the social-a platform by name or description, one page at a time',
  rest: { path: '/v1/social-a/events/search' },
  record: schema.EventSearchPage,
  params: [
    { name: 'query', kind: 'string', required: true, maxLength: 512, description: 'Event name or description to search for' },
    CURSOR_PARAM,
  ],
  cacheable: true,
  check(args, problem) {
    const c = cursorArg(args.cursor, 'search');
    if (c === null) problem('cursor', "is not a cursor of /v1/social-a/events/search; pass the previous response's cursor unchanged");
    else if (c && given(args.query) && c.q !== queryKey(args.query))
      problem('cursor', 'belongs to another query; pass it with the query it was returned for');
  },
  normalize: (a) => {
    const c = cursorArg(a.cursor, 'search');
    return { query: normalizeQuery(a.query), cursor: c ?? null, rawCursor: c ? a.cursor.trim() : null };
  },
  key: (a) => JSON.stringify([queryKey(a.query), a.rawCursor]),
  cost: { max: 1 },
  example: { query: 'dog show' },
  run: (ctx, a) => fetchEventSearch(ctx, a),
};

export interface PageEventsArgs {
  page: PageRef;
  cursor: CursorOf<'page'> | null;
  rawCursor: string | null;
}

export const profileEvents: OperationDef<PageEventsArgs, PageEventsPage> = {
  field: 'socialAProfileEvents',
  platform: label,
  summary: 'Events of a public page on the social-a platform (upcoming, or past when the URL names the past tab), one page at a time',
  rest: { path: '/v1/social-a/profile/events' },
  record: schema.PageEventsPage,
  params: [
    {
      name: 'url',
      kind: 'string',
      required: true,
      maxLength: 2048,
      description:
        'Public page URL, e.g. https://www.facebook.com/PAGE (or …/PAGE/past_hosted_events, https://www.facebook.com/profile.php?id=ID)',
    },
    CURSOR_PARAM,
  ],
  cacheable: true,
  check(args, problem) {
    const page = given(args.url) ? parsePageUrl(args.url) : null;
    if (given(args.url) && !page) {
      problem(
        'url',
        'must be a public facebook.com page URL (https://www.facebook.com/PAGE, optionally …/events, or https://www.facebook.com/profile.php?id=ID)',
      );
    }
    const c = cursorArg(args.cursor, 'page');
    if (c === null) problem('cursor', "is not a cursor of /v1/social-a/profile/events; pass the previous response's cursor unchanged");
    else if (c && page && (c.page !== pageKey(page.page) || c.tab !== page.tab))
      problem('cursor', 'belongs to another page; pass it with the url it was returned for');
  },
  normalize: (a) => {
    const c = cursorArg(a.cursor, 'page');
    return { page: parsePageUrl(a.url)!, cursor: c ?? null, rawCursor: c ? a.cursor.trim() : null };
  },
  key: (a) => `${pageKey(a.page.page)}|${a.page.tab}|${a.rawCursor ?? ''}`,
  cost: { max: 1 },
  example: { url: 'https://www.facebook.com/talaokafor.art' },
  run: (ctx, a) => fetchPageEvents(ctx, a),
};

export const platform: PlatformDefinition = {
  label,
  hosts,
  operations: [events, eventSearch, profileEvents, page],
  walls,
  reader,
  links,
  names: { link: ['facebook', 'fb', 'فیسبوک', 'فيسبوك', 'פייסבוק', 'фейсбук', 'ফেসবুক', 'फेसबुक', '페이스북', 'เฟซบุ๊ก'] },
};
