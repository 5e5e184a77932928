/**
 * Test pages and GraphQL answers for social-a (Facebook events), used by the parser tests and
 * the e2e tests. Written by us, not captured: no capture exists of a city events page, a page's
 * events tab or an event search answer. They follow what is publicly known of Facebook's
 * logged-out markup — Relay results handed to ServerJS in `<script type="application/json"
 * data-sjs>` blobs (`RelayPrefetchedStreamCache` → `__bbox.result.data`), the `LSD` define,
 * preloaders naming their queries' `doc_id`s (all as in the captured event pages), connections
 * `{edges[{node, cursor}], page_info{has_next_page, end_cursor}}`, a page's events tab as an app
 * collection (`collection{items{count}, pageItems{…}}` of `TimelineAppCollectionItem` cards whose
 * `node` is the Event and whose `actions_renderer.event` carries its flags), search results under
 * `serpResponse.results`, and the event node fields the peer examples show. Names of the
 * connections' owners and of the city list's query are not public; the parsers do not depend on
 * them. Every name, id, URL and count below is invented.
 */

type J = Record<string, unknown>;

export const TEST_LSD = 'AVqTestLsd01';
export const TEST_LSD_2 = 'AVqTestLsd02';
/** doc_ids our test pages name (invented). */
export const TEST_DOC_IDS = { cityEvents: '7100000000000001', pageEvents: '7200000000000002' };

// ---------------------------------------------------------------------------------------------
// Page scaffolding
// ---------------------------------------------------------------------------------------------

/** JSON as Facebook embeds it in a script: `/` escaped, `<` escaped. */
function embed(v: unknown): string {
  return JSON.stringify(v).replace(/\//g, '\\/').replace(/</g, '\\u003c');
}

function sjs(payload: unknown): string {
  const json = embed(payload);
  return `<script type="application/json" data-content-len="${json.length}" data-sjs>${json}</script>`;
}

/** One Relay query result, as a page streams it. */
function relayBlob(queryName: string, data: unknown): string {
  return sjs({
    require: [
      [
        'ScheduledServerJS',
        'handle',
        null,
        [
          {
            __bbox: {
              require: [
                [
                  'RelayPrefetchedStreamCache',
                  'next',
                  [],
                  [
                    `adp_${queryName}RelayPreloader_6a1f0c3e9b2d4`,
                    { __bbox: { complete: true, result: { data, extensions: { is_final: true } }, sequence_number: 0 } },
                  ],
                ],
              ],
            },
          },
        ],
      ],
    ],
  });
}

export interface PageOptions {
  title: string;
  lsd?: string;
  /** Root queries the page preloads: name → doc_id (Facebook lists them with their variables). */
  preloaders?: Record<string, string>;
  /** Relay operation modules inlined in the page: name → doc_id (Facebook ships these in its bundles). */
  operations?: Record<string, string>;
  results?: { query: string; data: unknown }[];
  body?: string;
}

/** A logged-out Comet page. */
export function cometPage(o: PageOptions): string {
  const defines = sjs({
    define: [
      ['LSD', [], { token: o.lsd ?? TEST_LSD }, 323],
      ['SiteData', [], { server_revision: 1017000001 }, 317],
    ],
  });
  const preloaders = Object.entries(o.preloaders ?? {}).map(([name, id]) => ({
    actorID: '0',
    preloaderID: `adp_${name}RelayPreloader_6a1f0c3e9b2d4`,
    queryID: id,
    variables: { scale: 1 },
  }));
  const boot = preloaders.length ? sjs({ require: [['CometPlatformRootClient', 'init', [], [{ routePath: '/' }, preloaders]]] }) : '';
  const modules = Object.entries(o.operations ?? {})
    .map(([name, id]) => `<script>__d("${name}_facebookRelayOperation",[],(function(a,b,c,d,e,f){e.exports="${id}"}),null);</script>`)
    .join('');
  const blobs = (o.results ?? []).map((r) => relayBlob(r.query, r.data)).join('\n');
  return `<!DOCTYPE html><html id="facebook" lang="en"><head><meta charset="utf-8"/><title>${o.title}</title>
<link rel="preload" href="https://static.xx.fbcdn.net/rsrc.php/v4/yX/r/test.js" as="script"/>${defines}${boot}</head>
<body><div id="mount_0_0_Ab"></div>${o.body ?? ''}${modules}
${blobs}</body></html>`;
}

/** The logged-out home page: the lsd token in its defines and on the login form. */
export function tokenPageHtml(lsd = TEST_LSD, operations: Record<string, string> = {}): string {
  return cometPage({
    title: 'Facebook - log in or sign up',
    lsd,
    operations,
    body: `<form method="post" action="/login/?privacy_mutation_token=x"><input type="hidden" name="lsd" value="${lsd}" autocomplete="off"/><input type="text" name="email"/></form>`,
  });
}

/**
 * Facebook's page for missing (or not public) content: the error route in its ServerJS bootstrap
 * (`CometPlatformRootClient.init` with the route object, as the captured event pages carry theirs:
 * `rootView`, `tracePolicy`, `meta`; the error route's names as public reports of these pages
 * give them), and the sentences in the visitor's language.
 */
export function notAvailableHtml(
  lang = 'en',
  title = "This content isn't available right now",
  text = "When this happens, it's usually because the owner only shared it with a small group of people, changed who can see it or it's been deleted.",
): string {
  const route = {
    actorID: '0',
    rootView: { allResources: [{ __dr: 'CometErrorRoot.react' }], resource: { __dr: 'CometErrorRoot.react' }, props: { privacy: true } },
    tracePolicy: 'comet.error',
    meta: { title: 'Facebook', accessory: null, favicon: null },
    canonicalRouteName: 'comet.fbweb.CometErrorRoute',
    routePath: null,
  };
  return `<!DOCTYPE html><html id="facebook" lang="${lang}"><head><meta charset="utf-8"/><title>Facebook</title>
${sjs({ require: [['CometPlatformRootClient', 'init', ['CometFBLoggedOutRootConfig'], [{ __m: 'CometFBLoggedOutRootConfig' }, 'mount_0_0_Zq', '7217675847396869001', route]]] })}</head><body>
<div id="mount_0_0_Zq"><div role="main"><h2>${title}</h2><span>${text}</span></div></div></body></html>`;
}

/** Facebook's page for missing (or not public) content, in English. */
export const NOT_AVAILABLE_HTML = notAvailableHtml();

/** The same page as a visitor from Spain gets it (our own: only the sentences change). */
export const LOCALIZED_NOT_AVAILABLE_HTML = notAvailableHtml(
  'es',
  'Este contenido no está disponible en este momento',
  'Por lo general, esto sucede porque el propietario solo compartió el contenido con un grupo reducido de personas, cambió quién puede verlo o este se eliminó.',
);

/** The logged-out interstitial that asks for a login instead of showing the list. */
export const LOGIN_WALL_HTML = `<!DOCTYPE html><html lang="en"><head><title>Log in to Facebook</title></head><body>
<div><h2>You must log in to continue.</h2><form id="login_form" action="/login/device-based/regular/login/" method="post"><input type="hidden" name="lsd" value="AVqLoginWall"/><input name="email"/><input name="pass" type="password"/></form></div></body></html>`;

/** A checkpoint (security check) page. */
export const CHECKPOINT_HTML = `<!DOCTYPE html><html lang="en"><head><title>Security Check</title></head><body>
<form method="post" action="/checkpoint/block/?next=https%3A%2F%2Fwww.facebook.com%2F"><h2>Please complete a security check</h2><div id="captcha"><img src="/captcha/tfbimage.php?captcha_challenge_code=x"/></div></form></body></html>`;

// ---------------------------------------------------------------------------------------------
// Event nodes
// ---------------------------------------------------------------------------------------------

export interface TestEvent {
  id: string;
  name: string;
  when: string;
  start: number;
  place?: { typename: 'Page' | 'FreeformPlace'; name: string; id: string; city?: string } | null;
  social?: string;
  /** Explicit counts in social_context (most nodes carry only the text). */
  counts?: { interested: number; going: number; went: number | null };
  price?: string | null;
  online?: boolean;
  past?: boolean;
  now?: boolean;
  canceled?: boolean;
  caption?: string;
}

const img = (id: string) => `https://scontent.xx.fbcdn.net/v/t39.30808-6/${id}_n.jpg?stp=dst-jpg_s640x640&_nc_cat=1&oh=00_test&oe=6A000000`;

function place(e: TestEvent, withCity: boolean): J | null {
  if (!e.place) return null;
  const p: J = { __typename: e.place.typename, contextual_name: e.place.name };
  if (withCity) p.location = { reverse_geocode: { city: e.place.city ?? null } };
  return { ...p, __isNode: e.place.typename, id: e.place.id };
}

function rsvp(id: string): J {
  return {
    __typename: 'PublicRsvpStyleRenderer',
    event: { id, connection_style: 'INTERESTED', can_viewer_join: false, viewer_watch_status: 'UNWATCHED', chat: null },
    __module_operation_EventCometUniversalRSVPButton_event: {
      __dr: 'PublicEventCometRSVPButtonRenderer_rsvpStyleRenderer$normalization.graphql',
    },
  };
}

function socialContext(e: TestEvent): J {
  const sc: J = { text: e.social ?? '', ranges: [] };
  if (e.counts) Object.assign(sc, { interested_count: e.counts.interested, going_count: e.counts.going, went_count: e.counts.went });
  return sc;
}

/** An event as a city's events list carries it (the peer example's node). */
export function cityEventNode(e: TestEvent): J {
  return {
    id: e.id,
    schema_context: null,
    cover_photo: {
      photo: { accessibility_caption: e.caption ?? 'May be an image of crowd', image: { uri: img(`${e.id}01`) }, id: `${e.id}9` },
    },
    cover_video: null,
    gif_cover_photo: null,
    online_event_setup: null,
    is_happening_now: e.now ?? false,
    day_time_sentence: e.when,
    name: e.name,
    is_online: e.online ?? false,
    ticketing_context_row: { price_range_text: e.price ?? null },
    event_place: place(e, false),
    eventUrl: `https://www.facebook.com/events/${e.id}/`,
    can_viewer_rsvp: false,
    can_viewer_share: false,
    event_kind: 'PUBLIC_TYPE',
    is_online_or_detected_online: e.online ?? false,
    is_past: e.past ?? false,
    is_viewer_host: false,
    start_timestamp: e.start,
    rsvp_button_renderer: rsvp(e.id),
    parent_if_exists_or_self: { online_event_setup: null, id: e.id },
    live_virtual_event_info: null,
    __typename: 'Event',
    social_context: socialContext(e),
  };
}

export const TEST_CREATOR = {
  __typename: 'User',
  __isEntity: 'User',
  url: 'https://www.facebook.com/harbourhalltest',
  name: 'Harbour Hall',
  id: '100070000000001',
};

/** A page's events-tab card: the Event under `node`, its flags under `actions_renderer.event`. */
export function pageEventEdge(e: TestEvent, i: number): J {
  return {
    node: {
      id: Buffer.from(`app_item:100070000000001:2344061033:210::${e.id}`).toString('base64'),
      node: {
        __typename: 'Event',
        id: e.id,
        name: e.name,
        is_canceled: e.canceled ?? false,
        event_creator: TEST_CREATOR,
        event_place: place(e, true),
        day_time_sentence: e.when,
        url: `https://www.facebook.com/events/${e.id}/`,
        gif_cover_photo: null,
        cover_video: null,
        __isEntity: 'Event',
      },
      image: { uri: img(`${e.id}02`) },
      url: `https://www.facebook.com/events/${e.id}/`,
      actions_renderer: {
        __typename: 'TimelineAppCollectionItemEventsListActionsRenderer',
        event: {
          id: e.id,
          eventUrl: `https://www.facebook.com/events/${e.id}/`,
          can_viewer_rsvp: false,
          event_kind: 'PUBLIC_TYPE',
          is_happening_now: e.now ?? false,
          is_online_or_detected_online: e.online ?? false,
          is_past: e.past ?? false,
          is_viewer_host: false,
          start_timestamp: e.start,
          rsvp_button_renderer: rsvp(e.id),
          online_event_setup: null,
          parent_if_exists_or_self: { online_event_setup: null, id: e.id },
          live_virtual_event_info: null,
        },
      },
      privacy_scope: null,
      __typename: 'TimelineAppCollectionItem',
    },
    cursor: `AQHRtestItem${i}`,
  };
}

/** An event as a search result carries it (under the edge's rendering strategy). */
export function searchEventEdge(e: TestEvent, i: number): J {
  return {
    node: { role: 'ENTITY_EVENTS', __typename: 'SearchRenderable' },
    rendering_strategy: {
      __typename: 'SearchEndpointEventResultRenderingStrategy',
      view_model: {
        __typename: 'SearchEventEntityViewModel',
        profile: {
          __typename: 'Event',
          id: e.id,
          name: e.name,
          url: `https://www.facebook.com/events/${e.id}/`,
          day_time_sentence: e.when,
          event_place: place(e, false),
          ticketing_context_row: { price_range_text: e.price ?? null },
          is_online: e.online ?? false,
          is_past: e.past ?? false,
          eventUrl: `https://www.facebook.com/events/${e.id}/`,
          event_kind: 'PUBLIC_TYPE',
          start_timestamp: e.start,
          cover_photo: {
            photo: {
              accessibility_caption: e.caption ?? 'No photo description available.',
              eventImage: { uri: img(`${e.id}03`) },
              id: `${e.id}8`,
            },
          },
          social_context: socialContext(e),
        },
      },
    },
    cursor: `AbrTestSerp${i}`,
  };
}

function pageInfo(endCursor: string | null, hasNext: boolean): J {
  return { end_cursor: endCursor, has_next_page: hasNext };
}

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

export interface ListOptions {
  events: TestEvent[];
  endCursor?: string | null;
  hasNext?: boolean;
}

/** `/events/explore/<slug>/<cityId>/`: the city's events connection, owned by the city. */
export function cityEventsHtml(
  cityId: string,
  cityName: string,
  l: ListOptions,
  o: { lsd?: string; paginationDocId?: string | null } = {},
): string {
  const data = {
    viewer: { actor: { __typename: 'LoggedOutUser', id: '0' } },
    city: {
      __typename: 'Page',
      id: cityId,
      name: cityName,
      events: {
        edges: l.events.map((e, i) => ({ node: cityEventNode(e), cursor: `AQHRtestCity${i}` })),
        page_info: pageInfo(l.endCursor ?? null, l.hasNext ?? false),
      },
    },
  };
  const doc = o.paginationDocId === undefined ? TEST_DOC_IDS.cityEvents : o.paginationDocId;
  return cometPage({
    title: `Events in ${cityName} | Facebook`,
    lsd: o.lsd,
    preloaders: { EventCometDiscoverCityRootQuery: '7100000000000000' },
    operations: doc ? { EventCometDiscoverCityEventsPaginationQuery: doc } : {},
    results: [{ query: 'EventCometDiscoverCityRootQuery', data }],
  });
}

/** `/<page>/upcoming_hosted_events`: the page's events collection (`items.count` = total). */
export function pageEventsHtml(
  pageName: string,
  collectionId: string,
  total: number,
  l: ListOptions,
  o: { paginationDocId?: string | null } = {},
): string {
  const data = {
    user: { __typename: 'User', id: TEST_CREATOR.id, name: pageName },
    collection_renderer: {
      __typename: 'TimelineAppCollectionEventsRenderer',
      collection: {
        name: 'Upcoming',
        id: collectionId,
        items: { count: total },
        pageItems: { edges: l.events.map(pageEventEdge), page_info: pageInfo(l.endCursor ?? null, l.hasNext ?? false) },
      },
    },
  };
  const doc = o.paginationDocId === undefined ? TEST_DOC_IDS.pageEvents : o.paginationDocId;
  return cometPage({
    title: `${pageName} | Facebook`,
    preloaders: { ProfileCometAppSectionQuery: '7200000000000000' },
    operations: doc ? { ProfileCometAppCollectionEventsRendererPaginationQuery: doc } : {},
    results: [{ query: 'ProfileCometAppSectionQuery', data }],
  });
}

/** A city events pagination answer: `data.node.events`. */
export function cityEventsGraphql(ownerId: string, l: ListOptions): string {
  return JSON.stringify({
    data: {
      node: {
        __typename: 'Page',
        events: {
          edges: l.events.map((e, i) => ({ node: cityEventNode(e), cursor: `AQHRtestCityNext${i}` })),
          page_info: pageInfo(l.endCursor ?? null, l.hasNext ?? false),
        },
        id: ownerId,
      },
    },
    extensions: { is_final: true },
  });
}

/** A page events pagination answer: `data.node.pageItems` (the collection). */
export function pageEventsGraphql(collectionId: string, l: ListOptions): string {
  return JSON.stringify({
    data: {
      node: {
        __typename: 'AppCollection',
        pageItems: { edges: l.events.map(pageEventEdge), page_info: pageInfo(l.endCursor ?? null, l.hasNext ?? false) },
        id: collectionId,
      },
    },
    extensions: { is_final: true },
  });
}

/** An event search answer: `data.serpResponse.results`, streamed (a second line with a deferred fragment). */
export function eventSearchGraphql(l: ListOptions): string {
  const main = {
    data: {
      serpResponse: { results: { edges: l.events.map(searchEventEdge), page_info: pageInfo(l.endCursor ?? null, l.hasNext ?? false) } },
    },
    extensions: { is_final: false },
  };
  const deferred = {
    label: 'SearchCometResultsPaginatedResultsQuery$defer$SearchFilters',
    path: ['serpResponse'],
    data: { filters: [] },
    extensions: { is_final: true },
  };
  return `${JSON.stringify(main)}\r\n${JSON.stringify(deferred)}`;
}

/** `{"error":1357001}` (log in to continue) and `1357004` (stale lsd), behind the anti-XSSI prefix. */
export const GRAPHQL_LOGIN_REQUIRED =
  'for (;;);{"__ar":1,"error":1357001,"errorSummary":"You must log in to continue","errorDescription":"You must log in to see this page.","payload":null,"lid":"7312345678901234567"}';
export const GRAPHQL_BAD_SESSION =
  'for (;;);{"__ar":1,"error":1357004,"errorSummary":"Sorry, something went wrong","errorDescription":"Please try closing and re-opening your browser window.","payload":null}';

// ---------------------------------------------------------------------------------------------
// Sample data
// ---------------------------------------------------------------------------------------------

export const CITY_ID = '108000000000001';
export const CITY_SLUG = 'us-harbour-city';
export const CITY_URL = `https://www.facebook.com/events/explore/${CITY_SLUG}/${CITY_ID}/`;

export const CITY_EVENTS: TestEvent[] = [
  {
    id: '2255000000000001',
    name: 'Harbour Flea Market ',
    when: 'Sun, May 3 at 12:00 PM EDT',
    start: 1777824000,
    place: { typename: 'Page', name: 'Mirror Park, Downtown', id: '521000000000001' },
    social: '7.3K interested · 195 going',
  },
  {
    id: '2255000000000002',
    name: 'Jazz on the Pier',
    when: 'Sat, May 9 at 8:00 PM EDT',
    start: 1778371200,
    place: { typename: 'FreeformPlace', name: '12 Pier Rd, Harbour City, FL', id: '521000000000002' },
    social: '1,204 interested · 88 going',
    price: '$15 - $40',
  },
  {
    id: '2255000000000003',
    name: 'Online Book Club',
    when: 'Happening now',
    start: 1777700000,
    place: null,
    online: true,
    now: true,
    social: '',
    counts: { interested: 12, going: 3, went: null },
  },
];

export const CITY_EVENTS_PAGE_2: TestEvent[] = [
  {
    id: '2255000000000004',
    name: 'Sunset Yoga',
    when: 'Sun, May 10 at 7:00 AM EDT',
    start: 1778410800,
    place: { typename: 'Page', name: 'Harbour Beach', id: '521000000000004' },
    social: '66 interested · 7 going',
  },
];

export const PAGE_URL = 'https://www.facebook.com/HarbourHallTest';
export const PAGE_VANITY = 'harbourhalltest';
export const COLLECTION_ID = 'YXBwX2NvbGxlY3Rpb246MTAwMDcwMDAwMDAwMDAxOjIzNDQwNjEwMzM6MjEw';

export const PAGE_EVENTS: TestEvent[] = [
  {
    id: '1596000000000001',
    name: 'Open Mic at Harbour Hall',
    when: 'Thu, May 7 at 6:00 PM CDT',
    start: 1778194800,
    place: { typename: 'FreeformPlace', name: 'Harbour Hall', id: '1594000000000001', city: 'Wichita' },
  },
  {
    id: '1596000000000002',
    name: 'Trivia Night',
    when: 'Fri, May 8 at 5:30 PM CDT',
    start: 1778279400,
    place: { typename: 'Page', name: 'Harbour Hall', id: '274000000000001', city: 'Wichita' },
    canceled: true,
  },
];

export const PAGE_EVENTS_PAGE_2: TestEvent[] = [
  {
    id: '1596000000000003',
    name: 'Blues Brunch',
    when: 'Sun, May 10 at 11:00 AM CDT',
    start: 1778428800,
    place: { typename: 'Page', name: 'Harbour Hall', id: '274000000000001', city: 'Wichita' },
  },
];

export const SEARCH_EVENTS: TestEvent[] = [
  {
    id: '2465000000000001',
    name: 'DockDogs at the Harbour Bowl',
    when: 'Fri, May 22 - May 24',
    start: 1779480000,
    place: { typename: 'FreeformPlace', name: 'Harbour River Shops', id: '1455000000000001' },
    social: '21 interested · 10 going',
  },
  {
    id: '9245000000000002',
    name: 'Dogs Day Out',
    when: 'Sun, May 31 at 9:00 AM NZST',
    start: 1780174800,
    place: { typename: 'FreeformPlace', name: '145 Camp Road, Dunedin', id: '1570000000000002' },
    social: '17 interested · 3 going · 40 went',
    caption: 'May be an image of dog',
  },
];

/**
 * One item of a page's intro card as the page's Relay data holds it (`timeline_context_item`
 * typed INTRO_CARD_*, a `title {text, ranges[{entity}]}`); a link's entity carries `url` through
 * Facebook's l.php redirect (`shim`) and the `external_url` itself.
 */
export function introItem(type: string, text: string, url: string | undefined, shim: (url: string) => string) {
  return {
    node: {
      __typename: 'TimelineContextListItem',
      timeline_context_item: {
        timeline_context_list_item_type: type,
        renderer: {
          __typename: 'ProfileTileContextListItemRenderer',
          context_item: {
            title: {
              text,
              ranges: url
                ? [{ offset: 0, length: text.length, entity: { __typename: 'ExternalUrl', url: shim(url), external_url: url } }]
                : [],
            },
          },
        },
      },
    },
  };
}
