/**
 * Hand-written social-b (Instagram) upstream bodies for the parser and end-to-end tests.
 *
 * NOT captures (the one capture, ../shared/fixtures/social-b, is read in place by the tests that
 * need it). Written by us in the web_profile_info shape that capture shows
 * (`{"data": {"user": {...}}, "status": "ok"}` with `edge_*` counts and a timeline of
 * `{node}` edges) and in shapes publicly known for the rest: `bio_links[]` with `lynx_url` (2023+
 * answers, as in the peer example), `data.user: null` for a username nobody has, a private
 * account's header with `is_private: true` and no edges, and the
 * `{"message": "Please wait a few minutes before you try again.", "require_login": true,
 * "status": "fail"}` refusal Instagram sends logged-out clients (HTTP 401 or 429); a post page in
 * the 2024 reel capture's shape (a Relay preloader result carrying `xdt_api__v1__media__shortcode__web_info`).
 * Names, ids, URLs and texts are invented.
 */

type Obj = Record<string, unknown>;

const CDN = 'https://scontent-ams2-1.cdninstagram.com/v/t51.2885-15';

export function mediaNode(id: string, shortcode: string, ownerId: string, username: string, video = false): Obj {
  return {
    __typename: video ? 'GraphVideo' : 'GraphImage',
    id,
    shortcode,
    dimensions: { height: 1350, width: 1080 },
    display_url: `${CDN}/${id}_n.jpg`,
    edge_media_to_tagged_user: { edges: [] },
    owner: { id: ownerId, username },
    is_video: video,
    ...(video ? { video_url: `${CDN}/${id}_n.mp4`, video_view_count: 4321, has_audio: true } : {}),
    accessibility_caption: video ? null : 'Photo by Test on May 01, 2026.',
    edge_media_to_caption: { edges: [{ node: { text: `Post ${shortcode}` } }] },
    edge_media_to_comment: { count: 12 },
    comments_disabled: false,
    taken_at_timestamp: 1777600000,
    edge_liked_by: { count: 345 },
    edge_media_preview_like: { count: 345 },
    location: null,
    thumbnail_src: `${CDN}/${id}_s640.jpg`,
    thumbnail_resources: [
      { src: `${CDN}/${id}_s150.jpg`, config_width: 150, config_height: 150 },
      { src: `${CDN}/${id}_s640.jpg`, config_width: 640, config_height: 640 },
    ],
    product_type: video ? 'clips' : 'feed',
  };
}

export function userJson(username: string, opts: { private?: boolean; extra?: Obj } = {}): Obj {
  const id = String(40_000_000 + username.length * 1_111);
  const isPrivate = opts.private === true;
  return {
    biography: `Ceramics and slow mornings.\nStudio: Rotterdam`,
    bio_links: [
      {
        title: 'Shop',
        lynx_url: `https://l.instagram.com/?u=https%3A%2F%2Fshop.${username}.example%2F&e=AT0test`,
        url: `https://shop.${username}.example/`,
        link_type: 'external',
      },
    ],
    biography_with_entities: { raw_text: 'Ceramics and slow mornings.\nStudio: Rotterdam', entities: [] },
    blocked_by_viewer: false,
    country_block: false,
    external_url: `https://shop.${username}.example/`,
    external_url_linkshimmed: `https://l.instagram.com/?u=https%3A%2F%2Fshop.${username}.example%2F&e=AT1test`,
    edge_followed_by: { count: 15_230 },
    fbid: `1784140${id}`,
    followed_by_viewer: false,
    edge_follow: { count: 321 },
    follows_viewer: false,
    full_name: 'Studio Test',
    has_clips: true,
    highlight_reel_count: 3,
    hide_like_and_view_counts: false,
    id,
    is_business_account: true,
    is_professional_account: true,
    is_embeds_disabled: false,
    business_address_json:
      '{"city_name": "Rotterdam, Netherlands", "city_id": 1, "latitude": 51.92, "longitude": 4.48, "street_address": null, "zip_code": null}',
    business_contact_method: 'UNKNOWN',
    business_email: `hello@${username}.example`,
    business_phone_number: null,
    business_category_name: 'Creators & Celebrities',
    category_name: 'Artist',
    is_private: isPrivate,
    is_verified: false,
    edge_mutual_followed_by: { count: 0, edges: [] },
    profile_pic_url: `https://scontent-ams2-1.cdninstagram.com/v/t51.2885-19/${id}_s150.jpg`,
    profile_pic_url_hd: `https://scontent-ams2-1.cdninstagram.com/v/t51.2885-19/${id}_s320.jpg`,
    username,
    pronouns: [],
    edge_felix_video_timeline: { count: 0, page_info: { has_next_page: false, end_cursor: null }, edges: [] },
    edge_owner_to_timeline_media: isPrivate
      ? { count: 87, page_info: { has_next_page: false, end_cursor: null }, edges: [] }
      : {
          count: 87,
          page_info: { has_next_page: true, end_cursor: 'QVFCdGVzdGN1cnNvcg==' },
          edges: [
            { node: mediaNode('3300000000000000001', 'DAbCdEf1234', id, username, true) },
            { node: mediaNode('3300000000000000002', 'DAbCdEf5678', id, username) },
          ],
        },
    edge_saved_media: { count: 0, page_info: { has_next_page: false, end_cursor: null }, edges: [] },
    edge_media_collections: { count: 0, page_info: { has_next_page: false, end_cursor: null }, edges: [] },
    ...opts.extra,
  };
}

export const profileBody = (user: Obj | null): Obj => ({ data: { user }, status: 'ok' });

/** Instagram's refusal of a logged-out client. */
export const WAIT_BODY = { message: 'Please wait a few minutes before you try again.', require_login: true, status: 'fail' };

/** A checkpoint answer. */
export const CHECKPOINT_BODY = {
  message: 'checkpoint_required',
  checkpoint_url: 'https://www.instagram.com/challenge/?next=/api/v1/users/web_profile_info/',
  lock: true,
  status: 'fail',
};

/** The login page logged-out visitors are redirected to (abridged). */
export const LOGIN_HTML = `<!DOCTYPE html><html lang="en" class="no-js not-logged-in"><head><title>Login • Instagram</title></head>
<body><div id="react-root"><form id="loginForm"><input name="username"><input name="password" type="password"></form></div></body></html>`;

const POST_CDN = 'https://scontent-lhr8-1.cdninstagram.com/v/t51.2885-15';

/** An invented photo post (Tala Okafor's `DAtalaDraw1`) as a media dict (web_info's shape): the post tests' and the demo's. */
export function postMedia(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    code: 'DAtalaDraw1',
    pk: '3500000000000000001',
    id: '3500000000000000001_6100200300',
    taken_at: 1767225600,
    media_type: 1,
    product_type: 'feed',
    image_versions2: { candidates: [{ url: `${POST_CDN}/tala_1080.jpg`, width: 1080, height: 1350 }] },
    original_width: 1080,
    original_height: 1350,
    user: { pk: '6100200300', username: 'tala.draws' },
    owner: {
      pk: '6100200300',
      id: '6100200300',
      username: 'tala.draws',
      full_name: 'Tala Okafor',
      is_verified: false,
      is_private: false,
      profile_pic_url: `${POST_CDN}/tala_pic.jpg`,
    },
    caption: { pk: '18000000000000001', text: 'Ink study, day 12', created_at: 1767225601 },
    like_count: 231,
    comment_count: 14,
    ...extra,
  };
}

/** A post page shipping `item` the way the 2024 capture does (a Relay preloader result in a data-sjs blob). */
export function postPage(items: unknown[]): string {
  return relayPage({ xdt_api__v1__media__shortcode__web_info: { items } }, 'adp_PolarisPostRootQueryRelayPreloader_1');
}

/**
 * A 2026 logged-out post page — our own page, written from what public parsers read of it since
 * Instagram stopped embedding web_info in mid-2026 (FxEmbed PR #2299 "rework post fetch to yt-dlp
 * Polaris path", after yt-dlp PRs #17075 / #17113; several open parsers' tests): the Relay result
 * `data.xig_polaris_media` = `{code, gating_ruling, if_not_gated_logged_out: <the v1 media dict,
 * owner under `user`> | null}` in the same data-sjs blob; `null` (a post withheld from logged-out
 * visitors) is the login wall. `others`: more `xig_polaris_media` results on the same page.
 */
export function polarisPostPage(media: Record<string, unknown> | null, code = 'DAtalaDraw1', others: unknown[] = []): string {
  return relayPage(
    {
      xig_polaris_media: { code, gating_ruling: media ? null : { gating_type: 'LOGGED_OUT' }, if_not_gated_logged_out: media },
      ...Object.fromEntries(others.map((o, i) => [`related_${i}`, { xig_polaris_media: o }])),
    },
    'adp_PolarisLoggedOutDesktopWWWPostRootContentQueryRelayPreloader_1',
  );
}

/** A media dict as the 2026 polaris result carries it: the owner under `user` only. */
export function polarisMedia(extra: Record<string, unknown> = {}): Record<string, unknown> {
  const { owner, user: _user, ...rest } = postMedia();
  return { ...rest, user: owner, like_and_view_counts_disabled: false, ...extra };
}

function relayPage(data: Record<string, unknown>, preloader: string): string {
  const payload = {
    require: [
      [
        'ScheduledServerJS',
        'handle',
        null,
        [
          {
            __bbox: {
              require: [['RelayPrefetchedStreamCache', 'next', [], [preloader, { __bbox: { complete: true, result: { data } } }]]],
            },
          },
        ],
      ],
    ],
  };
  return `<!DOCTYPE html><html><head><meta property="og:title" content="Tala Okafor on Instagram"></head><body>
<script type="application/json" data-sjs>{"require":[["ServerJS"]]}</script>
<script type="application/json" data-content-len="1" data-sjs>${JSON.stringify(payload)}</script></body></html>`;
}

/**
 * A v1 media dict as the profile grid's timeline query sends it (the 2024 timeline capture's shape),
 * of tala.draws (owner pk 6100200300).
 */
export function timelineDict(code: string, pk: string, extra: Obj = {}): Obj {
  return {
    code,
    pk,
    id: `${pk}_6100200300`,
    taken_at: 1767225600,
    media_type: 1,
    product_type: 'feed',
    image_versions2: {
      candidates: [
        { url: `https://cdn.example/${pk}_1080x1350.jpg`, width: 1080, height: 1350 },
        { url: `https://cdn.example/${pk}_640.jpg`, width: 640, height: 640 },
        { url: `https://cdn.example/${pk}_150.jpg`, width: 150, height: 150 },
      ],
    },
    original_width: 1080,
    original_height: 1350,
    owner: { pk: '6100200300', username: 'tala.draws' },
    caption: { text: 'Ink study' },
    like_count: 12,
    comment_count: 3,
    ...extra,
  };
}

/** The timeline query's answer: `nodes` as its edges, `next` its end cursor. */
export const timelineBody = (nodes: Obj[], next: string | null): Obj => ({
  data: {
    xdt_api__v1__feed__user_timeline_graphql_connection: {
      edges: nodes.map((node) => ({ node, cursor: null })),
      page_info: { end_cursor: next, has_next_page: next !== null, has_previous_page: false, start_cursor: null },
    },
  },
  status: 'ok',
});
