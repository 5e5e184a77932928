/**
 * newsletter's demo answers (`npm run demo`, src/demo/platforms.ts), from Substack's JSON API.
 * Written here in the shapes parse.ts reads (this folder's tests read real captures from ../shared,
 * which the demo never uses); every name, id and URL is invented. Each route answers the
 * operation's example (its `example`) and is a demo miss for anything else. The posts (Substack's
 * `nextCursor`) and the publication search (`page` 0, then 1) come in two pages, the second the last.
 */
import type { Route } from '../../replay/server.js';
import { json } from '../../demo/answer.js';
import { demoMiss } from '../../demo/miss.js';

/** What the demo holds on this platform. */
export const DEMO = {
  newsletterHandle: 'harbourweather',
} as const;

/** Substack's `nextCursor` after the first page of posts (invented, in the shape of its base64 date cursors). */
const POSTS_PAGE_2 = 'MjAyNS0wMi0yNlQwNzowMDowMC4wMDBa';

export function demoRoutes(): Route[] {
  const handle: string = DEMO.newsletterHandle;
  const userId = 310000101;
  const publication = {
    id: 2100101,
    subdomain: 'harbourweather',
    custom_domain: null,
    name: 'Harbour Weather Weekly',
    author_id: userId,
    logo_url: 'https://substackcdn.com/image/fetch/demo/harbourweather-logo.png',
  };
  const byline = {
    id: userId,
    name: 'Harbour City Weather',
    handle,
    photo_url: 'https://substackcdn.com/image/fetch/demo/harbourweather.jpg',
  };
  const profile = demoProfile(publication, byline);
  const post = (id: number, slug: string, title: string, subtitle: string, date: string, audience: string, counts: [number, number]) => ({
    id,
    publication_id: publication.id,
    title,
    subtitle,
    description: subtitle,
    slug,
    type: 'newsletter',
    audience,
    post_date: date,
    canonical_url: `https://harbourweather.substack.com/p/${slug}`,
    cover_image: `https://substackcdn.com/image/fetch/demo/${slug}.jpg`,
    wordcount: 1_100,
    reaction_count: counts[0],
    reactions: { '❤': counts[0] },
    comment_count: counts[1],
    child_comment_count: 0,
    section_name: null,
    podcast_url: null,
    postTags: [{ id: 'demo-tag-tides', name: 'Tides', slug: 'tides' }],
    publishedBylines: [byline],
  });
  const posts = {
    posts: [
      post(
        150000102,
        'spring-tides-ahead',
        'Spring tides ahead',
        "What Tuesday's high water means for the harbour wall.",
        '2025-03-05T07:00:00.000Z',
        'everyone',
        [48, 6],
      ),
      post(
        150000101,
        'a-winter-of-sea-fog',
        'A winter of sea fog',
        'Why this winter was the foggiest in a decade.',
        '2025-02-26T07:00:00.000Z',
        'only_paid',
        [31, 2],
      ),
    ],
    nextCursor: POSTS_PAGE_2,
  };
  // The second (last) page: older posts.
  const olderPosts = {
    posts: [
      post(
        150000099,
        'the-january-storms-in-numbers',
        'The January storms in numbers',
        'Three gales, one surge and a record low.',
        '2025-02-19T07:00:00.000Z',
        'everyone',
        [57, 9],
      ),
      post(
        150000097,
        'reading-a-tide-table',
        'Reading a tide table',
        'Heights, times and the rule of twelfths.',
        '2025-02-12T07:00:00.000Z',
        'everyone',
        [40, 3],
      ),
    ],
    nextCursor: null,
  };
  // One post as /api/v1/posts/<slug> answers it: the list's post object, its text, the publication in its byline.
  const [spring] = posts.posts;
  const single = {
    ...spring,
    publishedBylines: [
      { ...byline, publicationUsers: [{ id: 4100101, user_id: userId, publication_id: publication.id, role: 'admin', publication }] },
    ],
    body_html:
      '<p>High water on Tuesday reaches 5.9 m at 07:40, the highest of the spring.</p><p>Keep clear of the harbour wall between 07:00 and 09:00.</p>',
    truncated_body_text: 'High water on Tuesday reaches 5.9 m at 07:40, the highest of the spring.',
    updated_at: '2025-03-05T07:05:00.000Z',
    language: 'en',
    restacks: 4,
  };
  const comments = demoComments(spring.id);
  return [
    {
      host: 'harbourweather.substack.com',
      path: `/api/v1/posts/${spring.slug}`,
      response: json({ ...single, write_comment_permissions: 'everyone' }),
    },
    {
      host: 'harbourweather.substack.com',
      path: `/api/v1/post/${spring.id}/comments`,
      response: (req) => (req.query.get('all_comments') === 'true' ? json(comments) : demoMiss(req)),
    },
    {
      host: 'substack.com',
      path: `/api/v1/user/${handle}/public_profile`,
      response: json(profile),
    },
    {
      host: 'substack.com',
      path: '/api/v1/publication/search',
      // The example's query, pages 0 and 1: Substack's search results are flat publication objects.
      response: (req) => {
        const page = req.query.get('page');
        return req.query.get('query') === 'harbour weather' && (page === '0' || page === '1')
          ? json(demoSearch(publication, byline)[Number(page)])
          : demoMiss(req);
      },
    },
    {
      host: 'substack.com',
      path: '/api/v1/profile/posts',
      response: (req) => {
        if (req.query.get('profile_user_id') !== String(userId)) return demoMiss(req);
        const cursor = req.query.get('cursor');
        if (!cursor) return json(posts);
        return cursor === POSTS_PAGE_2 ? json(olderPosts) : demoMiss(req);
      },
    },
  ];
}

/** The demo post's comments as /api/v1/post/<id>/comments?all_comments=true answers them: a tree, replies in `children`. */
function demoComments(postId: number): Record<string, unknown> {
  const comment = (id: number, who: [string, string, number], date: string, body: string, hearts: number, children: unknown[] = []) => ({
    id,
    post_id: postId,
    user_id: who[2],
    body,
    date,
    edited_at: null,
    name: who[0],
    handle: who[1],
    photo_url: `https://substackcdn.com/image/fetch/demo/${who[1]}.jpg`,
    reactions: { '❤': hearts },
    reaction_count: hearts,
    children_count: children.length,
    deleted: false,
    status: 'published',
    ancestor_path: '',
    children,
  });
  return {
    comments: [
      comment(
        410000201,
        ['Pier Keeper', 'pierkeeper', 320000201],
        '2025-03-05T08:12:00.000Z',
        'The lifeboat crew will move the slipway barrier on Monday evening.',
        9,
        [
          comment(
            410000203,
            ['Quay Rower', 'quayrower', 320000203],
            '2025-03-05T09:00:00.000Z',
            'Thanks — our club will keep the boats in until Tuesday noon.',
            4,
          ),
        ],
      ),
      comment(410000202, ['Tidal Notes', 'tidalnotes', 320000202], '2025-03-05T10:30:00.000Z', 'Is the 07:40 at the outer mole?', 2),
    ],
    more: false,
  };
}

/** The example search's two pages (/api/v1/publication/search, `page` 0 and 1): `{results, more}`, each result a flat publication object. */
function demoSearch(publication: Record<string, unknown>, author: { id: number; name: string; handle: string }): Record<string, unknown>[] {
  const first = {
    results: [
      {
        ...publication,
        hero_text: 'Forecasts and storm warnings for Harbour City, and a weekly letter on the sea.',
        base_url: 'https://harbourweather.substack.com',
        language: 'en',
        author_name: author.name,
        author_handle: author.handle,
      },
      {
        id: 2100177,
        name: 'North Pier Tides',
        subdomain: 'northpiertides',
        custom_domain: 'tides.northpier.example',
        base_url: 'https://tides.northpier.example',
        logo_url: null,
        hero_text: 'Tide tables and harbour news from the north pier.',
        language: 'en',
        author_id: 310000177,
        author_name: 'North Pier Harbour Office',
        author_handle: 'northpier',
      },
    ],
    more: true,
  };
  const last = {
    results: [
      {
        id: 2100203,
        name: 'Weather on the Harbour Wall',
        subdomain: 'harbourwall',
        custom_domain: null,
        base_url: 'https://harbourwall.substack.com',
        logo_url: 'https://substackcdn.com/image/fetch/demo/harbourwall-logo.png',
        hero_text: 'A sea-swimmer’s notes on harbour weather, every Sunday.',
        language: 'en',
        author_id: 310000203,
        author_name: 'Morwenna Hale',
        author_handle: 'harbourwall',
      },
    ],
    more: false,
  };
  return [first, last];
}

/** The author's public profile (/api/v1/user/<handle>/public_profile), their publication its primary one. */
function demoProfile(
  publication: { id: number } & Record<string, unknown>,
  byline: { id: number; handle: string; photo_url: string },
): Record<string, unknown> {
  const userId = byline.id;
  const handle = byline.handle;
  return {
    id: userId,
    name: 'Harbour City Weather',
    handle,
    previous_name: null,
    photo_url: byline.photo_url,
    bio: 'Forecasts and storm warnings for Harbour City, and a weekly letter on the sea.',
    profile_set_up_at: '2023-05-02T09:00:00.000Z',
    profile_disabled: false,
    slug: 'harbourweather',
    subdomainUrl: 'https://harbourweather.substack.com',
    primaryPublication: publication,
    publicationUsers: [{ id: 4100101, user_id: userId, publication_id: publication.id, role: 'admin', public: true, publication }],
    userLinks: [{ url: 'https://harbourweather.example.org', label: 'Website' }],
    twitterAccount: null,
    facebookAccount: null,
    subscriberCount: '1240',
    subscriberCountNumber: 1240,
    subscriberCountString: '1,240 subscribers',
    rough_num_free_subscribers: 'Thousands',
    subscriptions: [],
  };
}
