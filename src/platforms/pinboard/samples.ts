/**
 * Hand-written pinboard (Pinterest) upstream bodies for the parser and end-to-end tests.
 *
 * NOT captures (the one capture, ../shared/fixtures/pinboard, is read in place by the tests that
 * need it). Written by us in the shape that capture shows — `resource_response {status, code,
 * message, endpoint_name, data {results[]}, bookmark, http_status}` beside `resource {name,
 * options {bookmarks}}` — and in the shapes publicly known for the rest: the `-end-` bookmark of
 * the last page, `status: "failure"` answers with an `error {http_status, message}`, full boards
 * (`pin_count`, `owner`…) as the peer example shows them, node ids that are base64 of
 * `Pin:<id>` / `Board:<id>` / `User:<id>`; for PinResource, BoardResource and BoardFeedResource
 * (no capture of any), the same envelope around the members Pinterest's web client reads for the
 * detailed pin and board (counts, `aggregated_pin_data.aggregated_stats`, `privacy`, `owner`…)
 * and a list of pins as the feed's `data`. Names, ids, URLs and texts are invented.
 */

type Obj = Record<string, unknown>;

const nodeId = (kind: string, id: string) => Buffer.from(`${kind}:${id}`).toString('base64');

export function userJson(id: string, username: string, extra: Obj = {}): Obj {
  return {
    node_id: nodeId('User', id),
    ads_only_profile_site: null,
    image_medium_url: `https://i.pinimg.com/75x75_RS/aa/bb/cc/${id}.jpg`,
    verified_identity: {},
    is_ads_only_profile: false,
    is_verified_merchant: false,
    username,
    image_small_url: `https://i.pinimg.com/30x30_RS/aa/bb/cc/${id}.jpg`,
    id,
    full_name: `${username[0].toUpperCase()}${username.slice(1)} Test`,
    image_large_url: `https://i.pinimg.com/140x140_RS/aa/bb/cc/${id}.jpg`,
    follower_count: 120,
    ...extra,
  };
}

/** A search result pin with the summary board search results carry (as in the capture). */
export function pinJson(id: string, extra: Obj = {}): Obj {
  return {
    node_id: nodeId('Pin', id),
    access: [],
    is_promoted: false,
    title: `Pin ${id}`,
    created_at: 'Mon, 05 Feb 2024 10:11:12 +0000',
    dominant_color: '#c0ffee',
    board: { node_id: nodeId('Board', `9${id}`), name: 'Weeknight dinners', url: '/maple.kitchen/weeknight-dinners/' },
    description: 'Quick noodles with chili oil',
    tracking_params: 'CwABAAAAEDEyMzQ1Njc4OTAxMjM0NTYA',
    pinner: userJson('5550001', 'maple.kitchen'),
    domain: 'maple-kitchen.example',
    images: {
      '236x': { width: 236, height: 354, url: `https://i.pinimg.com/236x/12/34/56/${id}.jpg` },
      orig: { width: 1000, height: 1500, url: `https://i.pinimg.com/originals/12/34/56/${id}.jpg` },
    },
    grid_title: `Chili oil noodles ${id}`,
    type: 'pin',
    link: `https://maple-kitchen.example/recipes/${id}/`,
    videos: null,
    story_pin_data: null,
    id,
    ...extra,
  };
}

/** A full board object (search results send the summary; other resources send this). */
export function fullBoardJson(id: string): Obj {
  return {
    node_id: nodeId('Board', id),
    id,
    name: 'Food',
    url: '/maple.kitchen/food/',
    pin_count: 423,
    section_count: 10,
    is_collaborative: true,
    collaborator_count: 1,
    collaborating_users: [userJson('5550002', 'oak.table')],
    cover_images: { '222x': { url: 'https://i.pinimg.com/222x/fb/a4/05/cover.jpg', width: 222, height: null } },
    images: { '170x': [{ url: 'https://i.pinimg.com/170x/8c/80/93/one.jpg', width: 170, height: 339, dominant_color: '#E1B342' }] },
    owner: userJson('5550001', 'maple.kitchen'),
    type: 'board',
    board_order_modified_at: 'Sat, 19 Apr 2025 17:05:53 +0000',
  };
}

/** A BaseSearchResource answer; `bookmark` null leaves it out (as no page of Pinterest's does). */
export function searchBody(results: Obj[], bookmark: string | null): Obj {
  const rr: Obj = {
    status: 'success',
    code: 0,
    message: 'ok',
    endpoint_name: 'v3_search_pins',
    data: { nag: {}, results, sensitivity: {}, tabs: [] },
  };
  if (bookmark !== null) rr.bookmark = bookmark;
  rr.x_pinterest_sli_endpoint_name = 'v3_search_pins';
  rr.http_status = 200;
  return {
    resource_response: rr,
    client_context: { is_authenticated: false, current_url: 'https://www.pinterest.com/resource/BaseSearchResource/get/' },
    resource: { name: 'BaseSearchResource', options: { bookmarks: bookmark === null ? [] : [bookmark] } },
    request_identifier: '1234567890123456',
  };
}

/** A UserResource answer (`field_set_key: profile`) carrying the user `data`, in the search capture's envelope. */
export function userResourceBody(data: Obj): Obj {
  return {
    resource_response: { status: 'success', code: 0, message: 'ok', endpoint_name: 'v3_get_user_handler', data, http_status: 200 },
    client_context: { is_authenticated: false },
    resource: { name: 'UserResource', options: { username: data.username, field_set_key: 'profile' } },
    request_identifier: '3121779956231599',
  };
}

/** A `status: "failure"` answer. */
export function failureBody(httpStatus: number, message: string): Obj {
  return {
    resource_response: {
      status: 'failure',
      code: httpStatus === 401 ? 3 : 1,
      message,
      endpoint_name: 'v3_search_pins',
      data: null,
      error: { http_status: httpStatus, status: 'failure', code: httpStatus === 401 ? 3 : 1, message, message_detail: null },
      http_status: httpStatus,
    },
    client_context: { is_authenticated: false },
    resource: { name: 'BaseSearchResource', options: {} },
    request_identifier: '1234567890123457',
  };
}

/** Cursors in Pinterest's form (base64 text), one per page. */
export const cursorFor = (page: number, query: string) => Buffer.from(`Y2JV|${query}|page${page}|NEW|`).toString('base64');

/** The login page Pinterest redirects a refused anonymous visitor to (abridged). */
export const LOGIN_HTML = `<!DOCTYPE html><html lang="en"><head><title>Pinterest</title></head>
<body><div id="__PWS_ROOT__"><h1>Log in to see more</h1><form action="/login/"><input name="id"><input name="password" type="password"></form></div></body></html>`;

/** A generic challenge page in front of the site (abridged). */
export const CHALLENGE_HTML = `<!DOCTYPE html><html><head><title>Just a moment...</title></head>
<body><div id="challenge-body"><p>Checking your browser before accessing www.pinterest.com.</p></div></body></html>`;

/** A resource answer in the search capture's envelope: `data` under `resource_response`, the resource's name and options beside it. */
export function resourceBody(name: string, endpoint: string, data: unknown, options: Obj, bookmark?: string): Obj {
  const rr: Obj = { status: 'success', code: 0, message: 'ok', endpoint_name: endpoint, data };
  if (bookmark !== undefined) rr.bookmark = bookmark;
  rr.http_status = 200;
  return {
    resource_response: rr,
    client_context: { is_authenticated: false },
    resource: { name, options: bookmark === undefined ? options : { ...options, bookmarks: [bookmark] } },
    request_identifier: '3121779956231600',
  };
}

/**
 * A detailed pin (PinResource, `field_set_key: detailed`): the search pin's members plus the
 * pin page's (counts, aggregated stats, the closeup description, a full board), as publicly
 * known for that field set.
 */
export function detailedPinJson(id: string, board: Obj, extra: Obj = {}): Obj {
  return pinJson(id, {
    board,
    closeup_unified_description: 'Quick noodles with chili oil, garlic and scallions, ready in fifteen minutes.',
    auto_alt_text: 'a bowl of noodles topped with chili oil',
    is_video: false,
    repin_count: 14,
    comment_count: 3,
    reaction_counts: { '1': 52 },
    aggregated_pin_data: { node_id: nodeId('AggregatedPinData', `8${id}`), aggregated_stats: { saves: 311, done: 4 } },
    rich_summary: { type: 'richpingriddata', url: `https://maple-kitchen.example/recipes/${id}/`, site_name: 'Maple Kitchen' },
    ...extra,
  });
}

/** A board as BoardResource sends it (`field_set_key: detailed`). */
export function detailedBoardJson(id: string, owner: Obj, slug: string, extra: Obj = {}): Obj {
  return {
    ...fullBoardJson(id),
    name: slug[0].toUpperCase() + slug.slice(1).replace(/-/g, ' '),
    url: `/${String(owner.username)}/${slug}/`,
    owner,
    description: 'Pages from the sketchbook, in order.',
    privacy: 'public',
    follower_count: 87,
    created_at: 'Tue, 12 Mar 2019 09:30:00 +0000',
    image_cover_url: `https://i.pinimg.com/222x/aa/bb/cc/${id}.jpg`,
    collaborating_users: [],
    collaborator_count: 0,
    is_collaborative: false,
    ...extra,
  };
}

/** A feed pin (BoardFeedResource): the search pin with the board it is on (id, name, url). */
export function boardPinJson(id: string, board: Obj, extra: Obj = {}): Obj {
  return pinJson(id, { board: { node_id: board.node_id, id: board.id, name: board.name, url: board.url }, ...extra });
}
