/**
 * newsletter's demo answers (`npm run demo`, src/demo/platforms.ts), from Substack's JSON API.
 * Written here in the shapes parse.ts reads (this folder's tests read real captures from ../shared,
 * which the demo never uses); every name, id and URL is invented. Each route answers the
 * operation's example (its `example`) and is a demo miss for anything else.
 */
import type { Route } from '../../replay/server.js';
import { json } from '../../demo/answer.js';
import { demoMiss } from '../../demo/miss.js';

/** What the demo holds on this platform. */
export const DEMO = {
  newsletterHandle: 'harbourweather',
} as const;

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
  const profile = {
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
  return [
    {
      host: 'harbourweather.substack.com',
      path: `/api/v1/posts/${spring.slug}`,
      response: json(single),
    },
    {
      host: 'substack.com',
      path: `/api/v1/user/${handle}/public_profile`,
      response: json(profile),
    },
    {
      host: 'substack.com',
      path: '/api/v1/profile/posts',
      response: (req) => (req.query.get('profile_user_id') === String(userId) && !req.query.get('cursor') ? json(posts) : demoMiss(req)),
    },
  ];
}
