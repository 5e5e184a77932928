/**
 * Written upstream answers for tests, the demo and the simulated webs (not captures: names and
 * numbers invented), in the shape of the real `GET https://substack.com/api/v1/user/<handle>/public_profile`
 * answer (../shared/fixtures/newsletter/user-public-profile-jakubslys-2025-07.json, without the
 * viewer fields of its logged-in recording).
 */
export interface SubstackSample {
  handle: string;
  name: string;
  bio?: string;
  id?: number;
  /** The primary publication: its subdomain and custom domain. */
  publication?: { subdomain: string; name: string; customDomain?: string | null };
  /** `userLinks` URLs. */
  links?: string[];
  subscribers?: number;
}

export function substackProfileBody(s: SubstackSample): Record<string, unknown> {
  const id = s.id ?? 254_824_415;
  const pub = s.publication
    ? {
        id: id + 7,
        subdomain: s.publication.subdomain,
        custom_domain: s.publication.customDomain ?? null,
        custom_domain_optional: false,
        name: s.publication.name,
        logo_url: null,
        author_id: id,
        user_id: id,
      }
    : null;
  return {
    id,
    name: s.name,
    handle: s.handle,
    previous_name: null,
    photo_url: 'https://substack-post-media.s3.amazonaws.com/public/images/sample_256x256.png',
    bio: s.bio ?? '',
    profile_set_up_at: '2024-07-23T21:21:27.927Z',
    profile_disabled: false,
    publicationUsers: pub
      ? [{ id: id + 11, user_id: id, publication_id: pub.id, role: 'admin', public: true, is_primary: true, publication: pub }]
      : [],
    userLinks: (s.links ?? []).map((url, i) => ({ id: i + 1, url, label: null })),
    subscriptions: [],
    subscriberCount: String(s.subscribers ?? 88),
    subscriberCountNumber: s.subscribers ?? 88,
    subscriberCountString: `${s.subscribers ?? 88} subscribers`,
    rough_num_free_subscribers: 'Tens',
    slug: s.handle.replace(/_/g, '-'),
    primaryPublication: pub,
    subdomainUrl: `https://${s.handle}.substack.com`,
    twitterAccount: null,
  };
}

/** Substack's 404 body for an unknown handle. */
export const SUBSTACK_NOT_FOUND = { error: 'User not found' };

/** One post of a publication, for `GET https://<publication host>/api/v1/posts/<slug>`. */
export interface SubstackPostSample {
  slug: string;
  /** The publication: its subdomain, and its custom domain when it has one (then the canonical host). */
  publication: { id?: number; subdomain: string; name?: string; customDomain?: string | null };
  author?: { id: number; handle: string; name: string };
  id?: number;
  title?: string;
  audience?: string;
  /** The text as HTML (a paid post's: its preview, or null). */
  bodyHtml?: string | null;
}

/**
 * A post as `/api/v1/posts/<slug>` answers it. No capture of that endpoint exists: the keys are
 * the captured post objects' (../shared/fixtures/newsletter/profile-posts-user-27968736-2025-07.json,
 * `posts[]`, without its viewer fields), their bylines carrying `publicationUsers` with the
 * publication as there, plus the keys a post alone carries as described by public notes on the
 * endpoint (`body_html` filled, `updated_at`, `restacks`, `language`, `previous_post_slug`…). Values invented.
 */
export function substackPostBody(s: SubstackPostSample): Record<string, unknown> {
  const author = s.author ?? { id: 254_824_415, handle: 'mirasol', name: 'Mira Sol' };
  const pub = {
    id: s.publication.id ?? 2_100_207,
    name: s.publication.name ?? 'Mira Sol Notes',
    subdomain: s.publication.subdomain,
    custom_domain: s.publication.customDomain ?? null,
    custom_domain_optional: false,
    logo_url: null,
    author_id: author.id,
    primary_user_id: author.id,
    payments_state: 'enabled',
    language: 'en',
  };
  const id = s.id ?? 170_000_101;
  const audience = s.audience ?? 'everyone';
  const bodyHtml = s.bodyHtml === undefined ? '<p>The light over the estuary, week by week.</p>' : s.bodyHtml;
  return {
    id,
    editor_v2: false,
    publication_id: pub.id,
    title: s.title ?? 'Estuary light',
    social_title: s.title ?? 'Estuary light',
    search_engine_title: null,
    search_engine_description: null,
    type: 'newsletter',
    slug: s.slug,
    post_date: '2025-04-02T08:00:00.000Z',
    audience,
    podcast_duration: null,
    write_comment_permissions: audience,
    should_send_free_preview: false,
    free_unlock_required: false,
    canonical_url: `https://${pub.custom_domain ?? `${pub.subdomain}.substack.com`}/p/${s.slug}`,
    section_id: null,
    section_slug: null,
    section_name: null,
    reactions: { '❤': 12 },
    subtitle: 'Notes from the shore',
    cover_image: 'https://substack-post-media.s3.amazonaws.com/public/images/sample_1200x800.png',
    podcast_url: null,
    description: 'Notes from the shore',
    body_json: null,
    body_html: bodyHtml,
    truncated_body_text: bodyHtml ? 'The light over the estuary, week by week.' : '',
    wordcount: 860,
    postTags: [{ id: 'sample-tag', publication_id: pub.id, name: 'Shore', slug: 'shore', hidden: false }],
    publishedBylines: [
      {
        id: author.id,
        name: author.name,
        handle: author.handle,
        previous_name: null,
        photo_url: 'https://substackcdn.com/image/fetch/sample.jpeg',
        bio: null,
        publicationUsers: [
          {
            id: author.id + 11,
            user_id: author.id,
            publication_id: pub.id,
            role: 'admin',
            public: true,
            is_primary: true,
            publication: pub,
          },
        ],
        is_guest: false,
        bestseller_tier: null,
      },
    ],
    reaction_count: 12,
    comment_count: 3,
    child_comment_count: 1,
    restacks: 2,
    audio_items: [],
    is_geoblocked: false,
    hasCashtag: false,
    updated_at: '2025-04-02T08:10:00.000Z',
    language: 'en',
    is_published: true,
    meter_type: 'none',
    previous_post_slug: null,
    next_post_slug: null,
  };
}

/** One comment for `substackCommentsBody`; its replies in `children`. */
export interface SubstackCommentSample {
  id: number;
  body?: string | null;
  handle?: string | null;
  name?: string;
  postId?: number;
  deleted?: boolean;
  status?: string;
  children?: SubstackCommentSample[];
}

/**
 * A post's comments as `GET https://<publication host>/api/v1/post/<id>/comments?all_comments=true&sort=`
 * answers them: `{comments: [...], more}`, each comment with its replies nested in `children`. Not
 * a capture (none exists): written from public clients' notes on the endpoint (the keys they read
 * and type: `id`, `post_id`, `user_id`, `body`, `date`, `edited_at`, `name`, `handle`, `photo_url`,
 * `reactions`, `reaction_count`, `children_count`, `deleted`, `status`, `ancestor_path`,
 * `children`); values invented.
 */
export function substackCommentsBody(
  postId: number,
  comments: SubstackCommentSample[],
  extra: Record<string, unknown> = { more: false },
): Record<string, unknown> {
  const one = (c: SubstackCommentSample, path: number[]): Record<string, unknown> => {
    const gone = c.deleted === true || (c.status !== undefined && c.status !== 'published');
    const handle = c.handle === undefined ? `reader${c.id}` : c.handle;
    return {
      id: c.id,
      post_id: c.postId ?? postId,
      publication_id: 2_100_207,
      user_id: gone ? null : 330_000_000 + c.id,
      body: c.body === undefined ? (gone ? null : `Comment ${c.id} on the estuary.`) : c.body,
      body_json: null,
      date: '2025-04-02T09:15:00.000Z',
      edited_at: null,
      ancestor_path: path.join('.'),
      type: 'comment',
      status: c.status ?? 'published',
      deleted: c.deleted ?? false,
      name: gone ? null : (c.name ?? `Reader ${c.id}`),
      handle: gone ? null : handle,
      photo_url: gone ? null : 'https://substackcdn.com/image/fetch/sample-reader.jpeg',
      reactions: { '❤': c.id % 5 },
      reaction_count: c.id % 5,
      restacks: 0,
      children_count: (c.children ?? []).length,
      user_bestseller_tier: null,
      children: (c.children ?? []).map((r) => one(r, [...path, c.id])),
    };
  };
  return { comments: comments.map((c) => one(c, [])), ...extra };
}

/**
 * The publication search's envelope, `GET https://substack.com/api/v1/publication/search?query=&page=&limit=`:
 * `{results, more}`. Not a capture (none exists): the envelope is ours, written from public
 * clients' notes on the endpoint (a `results` array and a `more` flag); tests put real publication
 * objects in it (the profile capture's), or samplePublication's.
 */
export function substackSearchBody(results: unknown[], more: boolean | 'absent' = false): Record<string, unknown> {
  return more === 'absent' ? { results } : { results, more };
}

/** A search result as public clients read it (flat `author_*` fields); values invented. */
export function samplePublication(id: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    name: `Estuary Notes ${id}`,
    subdomain: `estuary${id}`,
    custom_domain: null,
    base_url: `https://estuary${id}.substack.com`,
    logo_url: 'https://substackcdn.com/image/fetch/sample-logo.png',
    hero_text: 'Letters from the estuary.',
    language: 'en',
    author_id: 330_000_000 + id,
    author_name: `Writer ${id}`,
    author_handle: `writer${id}`,
    author_photo_url: null,
    ...extra,
  };
}
