/**
 * Hand-written Threads bodies for the project's own tests. NOT captures: no complete search
 * answer is public (../shared/fixtures/microblog-c/SOURCES.md), so these are written by us from
 * what is publicly known of the signed-out web client:
 * - the search answer of `BarcelonaSearchResultsQuery`:
 *   `data.searchResults.edges[].node.thread.thread_items[].post`, `page_info`, and
 *   `extensions.is_final` (the shape open-source Threads clients read);
 * - the post fields api.md lists (id `<pk>_<user pk>`, user, text_post_app_info with
 *   text_fragments, caption, code, image_versions2.candidates, media_type 19 for text, like_count,
 *   taken_at in Unix seconds, organic_tracking_token) plus a few of the "further nullable fields";
 * - the public page's `["LSD",[],{"token":"…"},…]` define and the route's Relay preloader entry
 *   (`"preloaderID":"adp_BarcelonaSearchResultsQueryRelayPreloader_…","queryID":"<doc_id>"`,
 *   `"variables":{…}`).
 * Ids, names, texts and numbers are invented.
 */

type Obj = Record<string, unknown>;

export interface SamplePost {
  pk: string;
  userPk?: string;
  username?: string;
  text?: string;
  takenAt?: number;
  likes?: number;
  mediaType?: number;
}

/** A text post (media_type 19) as a search thread item's `post`. */
export function post(p: SamplePost): Obj {
  const userPk = p.userPk ?? '6100200300';
  const username = p.username ?? 'harbor.notes';
  const text = p.text ?? `Post ${p.pk} about tide tables`;
  return {
    id: `${p.pk}_${userPk}`,
    pk: p.pk,
    user: {
      friendship_status: null,
      pk: userPk,
      profile_pic_url: `https://scontent.cdninstagram.com/v/t51.2885-19/${userPk}_n.jpg?stp=dst-jpg_s150x150`,
      username,
      id: userPk,
      transparency_label: null,
      is_verified: false,
      text_post_app_is_private: false,
      has_onboarded_to_text_post_app: true,
    },
    text_post_app_info: {
      is_markup: null,
      link_preview_attachment: null,
      text_fragments: {
        fragments: [{ fragment_type: 'plaintext', plaintext: text, link_fragment: null, mention_fragment: null, tag_fragment: null }],
      },
      reshare_count: 4,
      direct_reply_count: 11,
      repost_count: 3,
      quote_count: 1,
      share_info: { quoted_post: null, reposted_post: null, quoted_attachment_post_unavailable: false },
      reply_to_author: null,
      reply_control: 'everyone',
      is_reply: false,
      is_post_unavailable: false,
    },
    audio: null,
    caption: { text, pk: `1790${p.pk.slice(0, 12)}`, has_translation: null },
    caption_is_edited: false,
    carousel_media: null,
    code: `C${p.pk.slice(-9)}x`,
    image_versions2: { candidates: [] },
    original_height: 612,
    original_width: 612,
    video_versions: null,
    media_type: p.mediaType ?? 19,
    like_count: p.likes ?? 128,
    taken_at: p.takenAt ?? 1_746_000_000,
    organic_tracking_token: `eyJ2ZXJzaW9uIjo1LCJ${p.pk}`,
    like_and_view_counts_disabled: false,
  };
}

/** An image post with two candidates. */
export function imagePost(p: SamplePost): Obj {
  return {
    ...post({ ...p, mediaType: 1 }),
    image_versions2: {
      candidates: [
        { url: `https://scontent.cdninstagram.com/v/t51.2885-15/${p.pk}_1080.jpg`, width: 1080, height: 1350 },
        { url: `https://scontent.cdninstagram.com/v/t51.2885-15/${p.pk}_640.jpg`, width: 640, height: 800 },
      ],
    },
    original_width: 1080,
    original_height: 1350,
  };
}

/** A search answer: one edge (one thread of one item) per post. */
export function searchAnswer(posts: Obj[], next: string | null = 'QVFEc2VhcmNoX2N1cnNvcg'): Obj {
  return {
    data: {
      searchResults: {
        edges: posts.map((p, i) => ({
          node: {
            thread: {
              thread_items: [{ post: p, line_type: 'none', should_show_replies_cta: false }],
              thread_type: 'thread',
              id: `${p.pk}`,
            },
            __typename: 'XDTSearchResultNode',
          },
          cursor: `c${i}`,
        })),
        page_info: { has_next_page: next !== null, end_cursor: next },
      },
    },
    extensions: { is_final: true },
  };
}

/** The signed-out search page: the LSD define and, optionally, the search route's preloader. */
export function sessionPage(lsd: string, opts: { docId?: string; variables?: Obj } = {}): string {
  const preloader = opts.docId
    ? `<script type="application/json" data-content-len="812" data-sjs>{"require":[["ScheduledServerJS","handle",null,[{"__bbox":{"require":[["RelayPrefetchedStreamCache","next",[],["adp_BarcelonaSearchResultsQueryRelayPreloader_6a1f0c2e9b7d4",{"__bbox":{"complete":false}}]]]}}]]],"preloaders":[{"preloaderID":"adp_BarcelonaSearchResultsQueryRelayPreloader_6a1f0c2e9b7d4","queryID":"${opts.docId}","variables":${JSON.stringify(opts.variables ?? {})}}]}</script>`
    : '';
  return `<!DOCTYPE html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Threads</title>
<script type="application/json" data-content-len="240" data-sjs>{"require":[["ScheduledServerJS","handle",null,[{"__bbox":{"define":[["LSD",[],{"token":"${lsd}"},323],["SiteData",[],{"server_revision":1019933102},317]]}}]]]}</script>
${preloader}
</head><body><div id="barcelona-page-layout"><a href="/login?show_choice_screen=false">Log in</a></div></body></html>`;
}

/** What the GraphQL endpoint answers a signed-out search it will not run: Meta's login error. */
export const LOGIN_REQUIRED_JSON = JSON.stringify({
  error: 1357001,
  errorSummary: 'Not Logged In',
  errorDescription: 'Please log in to continue.',
  payload: null,
  isNotCritical: false,
});

/** Meta's bare error envelope (what a stale lsd gets), with its `for (;;);` prefix. */
export const STALE_TOKEN_BODY = `for (;;);${JSON.stringify({ error: 1357004, errorSummary: 'Sorry, something went wrong', errorDescription: 'Please try closing and re-opening your browser window.', payload: null })}`;

/** A login page served in place of data (e.g. after a redirect). */
export const LOGIN_PAGE_HTML = `<!DOCTYPE html><html><head><title>Log in • Threads</title></head><body>
<form id="loginForm" method="post" action="/accounts/login/ajax/"><input name="username"><input name="password" type="password"></form></body></html>`;

/** A checkpoint page. */
export const CHECKPOINT_HTML = `<!DOCTYPE html><html><head><title>Threads</title></head><body><script>window.__checkpoint={"checkpoint_url":"/challenge/?next=/"}</script></body></html>`;
