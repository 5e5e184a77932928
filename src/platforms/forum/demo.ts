/**
 * forum's demo answers (`npm run demo`, src/demo/platforms.ts), built with samples.ts (invented, not
 * captures): one user (NightOwlPots), their posts and comments, r/Pottery (and a search in it, any
 * query answering their posts), one post's thread; a
 * search answers any query with the same invented posts or comments. Other users, subreddits and
 * threads are demo misses.
 */
import type { Route } from '../../replay/server.js';
import { json } from '../../demo/answer.js';
import { demoMiss } from '../../demo/miss.js';
import { comment, listing, post, subredditAbout, t1, t3, thread, userAbout } from './samples.js';

export function demoRoutes(): Route[] {
  const user = 'NightOwlPots';
  const mine = (id: string, title: string, extra: Record<string, unknown> = {}) =>
    t3(id, {
      subreddit: 'Pottery',
      subreddit_name_prefixed: 'r/Pottery',
      subreddit_subscribers: 512_300,
      author: user,
      title,
      ...extra,
    });
  const firstGlaze = mine('1hq7x2a', 'First glaze firing', {
    selftext: 'Cone 6, a celadon over a white stoneware. Two of five crazed; the rest came out glassy.',
    selftext_html:
      '<!-- SC_OFF --><div class="md"><p>Cone 6, a celadon over a white stoneware. Two of five crazed; the rest came out glassy.</p>\n</div><!-- SC_ON -->',
    num_comments: 3,
    permalink: '/r/Pottery/comments/1hq7x2a/first_glaze_firing/',
    url: 'https://www.reddit.com/r/Pottery/comments/1hq7x2a/first_glaze_firing/',
  });
  const posts = [firstGlaze, mine('1hn2c8d', 'Trimming feet on a batch of mugs'), mine('1hk0v5e', 'Wedging table from a scaffold board')];
  const reply = comment('m4x2b1c', {
    subreddit: 'Pottery',
    author: user,
    is_submitter: true,
    depth: 1,
    parent_id: 't1_m4x1a0b',
    link_id: 't3_1hq7x2a',
    body: 'Thanks! I will try a slower cool next time.',
  });
  const top = comment('m4x1a0b', {
    subreddit: 'Pottery',
    depth: 0,
    link_id: 't3_1hq7x2a',
    parent_id: 't3_1hq7x2a',
    body: 'Crazing on celadon often means the glaze shrinks more than the body: try a little more silica.',
    replies: listing([reply]),
  });
  // NightOwlPots's own comments (`/user/<name>/comments`), newest first: their reply in the thread
  // above, and one on another user's thread. A user's listing carries each comment's thread
  // (`link_*`) and no `depth`.
  const ownComment = (
    id: string,
    thread: { id: string; slug: string; title: string; author: string },
    body: string,
    extra: Record<string, unknown> = {},
  ) => {
    const link = `https://www.reddit.com/r/Pottery/comments/${thread.id}/${thread.slug}/`;
    return t1(id, {
      subreddit: 'Pottery',
      author: user,
      author_fullname: 't2_abc123',
      link_id: `t3_${thread.id}`,
      parent_id: `t3_${thread.id}`,
      link_title: thread.title,
      link_author: thread.author,
      link_permalink: link,
      link_url: link,
      permalink: `/r/Pottery/comments/${thread.id}/${thread.slug}/${id}/`,
      body,
      body_html: `<div class="md"><p>${body}</p>\n</div>`,
      ...extra,
    });
  };
  const ownComments = [
    ownComment(
      'm4x2b1c',
      { id: '1hq7x2a', slug: 'first_glaze_firing', title: 'First glaze firing', author: user },
      'Thanks! I will try a slower cool next time.',
      { parent_id: 't1_m4x1a0b', is_submitter: true, num_comments: 3 },
    ),
    ownComment(
      'm3k9z7q',
      { id: '1gz4k2w', slug: 'which_clay_body_for_mugs', title: 'Which clay body for mugs?', author: 'clay_curious' },
      'A mid-fire stoneware with a little grog: it throws well and holds a handle.',
      { created_utc: 1_699_000_000.0, created: 1_699_000_000.0, edited: false, score: 14, ups: 14 },
    ),
  ];
  const more = {
    kind: 'more',
    data: { count: 1, name: 't1_m4x3c2d', id: 'm4x3c2d', parent_id: 't3_1hq7x2a', depth: 0, children: ['m4x3c2d'] },
  };
  const R = 'www.reddit.com';
  return [
    // Search: any query answers with the same invented posts (or comments).
    {
      host: 'www.reddit.com',
      path: '/search.json',
      response: (req) =>
        req.query.get('type') === 'comment'
          ? json(listing([comment('dm1'), comment('dm2')], null))
          : json(
              listing(
                [
                  post('dp1'),
                  post('dp2', { is_self: false, domain: 'github.com', url: 'https://github.com/creator-lookup-demo/creator-kit' }),
                  post('dp3'),
                ],
                null,
              ),
            ),
    },
    {
      host: R,
      path: /^\/user\/[^/]+\/about\.json$/i,
      response: (req) => (/^\/user\/nightowlpots\//i.test(req.path) ? json(userAbout(user)) : demoMiss(req)),
    },
    {
      host: R,
      path: /^\/user\/[^/]+\/submitted\.json$/i,
      response: (req) =>
        /^\/user\/nightowlpots\//i.test(req.path) ? json(listing(posts.map((data) => ({ kind: 't3', data })))) : demoMiss(req),
    },
    {
      host: R,
      path: /^\/user\/[^/]+\/comments\.json$/i,
      response: (req) =>
        /^\/user\/nightowlpots\//i.test(req.path) ? json(listing(ownComments.map((data) => ({ kind: 't1', data })))) : demoMiss(req),
    },
    {
      host: R,
      path: /^\/r\/[^/]+\/(?:hot|new|top|rising)\.json$/i,
      response: (req) => (/^\/r\/pottery\//i.test(req.path) ? json(listing(posts.map((data) => ({ kind: 't3', data })))) : demoMiss(req)),
    },
    {
      // Search within r/Pottery: any query answers with NightOwlPots's posts there.
      host: R,
      path: /^\/r\/[^/]+\/search\.json$/i,
      response: (req) => (/^\/r\/pottery\//i.test(req.path) ? json(listing(posts.map((data) => ({ kind: 't3', data })))) : demoMiss(req)),
    },
    {
      host: R,
      path: /^\/r\/[^/]+\/about\.json$/i,
      response: (req) => (/^\/r\/pottery\//i.test(req.path) ? json(subredditAbout('Pottery')) : demoMiss(req)),
    },
    {
      host: R,
      path: /^\/comments\/[^/]+\.json$/i,
      response: (req) => (req.path === '/comments/1hq7x2a.json' ? json(thread(firstGlaze, [top, more])) : demoMiss(req)),
    },
  ];
}
