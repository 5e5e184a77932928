/**
 * blog's demo answers (`npm run demo`, src/demo/platforms.ts), from Tumblr API v2: answered only when the operator gives the demo a TUMBLR_API_KEY, e.g. `TUMBLR_API_KEY=any npm run demo`; without one the gateway answers the blog route NOT_CONFIGURED before asking, as it would live.
 * Written here in the shapes parse.ts reads (this folder's tests read real captures from ../shared,
 * which the demo never uses); every name, id and URL is invented. Each route answers the
 * operations' examples (their `example`: the blog's first posts page, its info, one of its posts
 * by id) and is a demo miss for anything else.
 */
import type { Route } from '../../replay/server.js';
import { json } from '../../demo/answer.js';
import { demoMiss } from '../../demo/miss.js';

/** What the demo holds on this platform. */
export const DEMO = {
  blogName: 'harbourweather',
} as const;

export function demoRoutes(): Route[] {
  const name: string = DEMO.blogName;
  const blog = {
    name,
    title: 'Harbour City Weather',
    description: 'Forecasts, storm photos and the odd tide table.',
    url: `https://${name}.tumblr.com/`,
    uuid: 't:DemoHarbourWeather0001',
    updated: 1_741_240_800,
  };
  const post = (id: string, slug: string, at: number, date: string, text: string, tags: string[], notes: number) => ({
    object_type: 'post',
    type: 'blocks',
    id: Number(id),
    id_string: id,
    tumblelog_uuid: blog.uuid,
    original_type: 'regular',
    blog_name: name,
    blog,
    post_url: `https://${name}.tumblr.com/post/${id}/${slug}`,
    short_url: `https://tmblr.co/ZDemo${id.slice(-6)}`,
    slug,
    date,
    timestamp: at,
    state: 'published',
    tags,
    summary: text,
    note_count: notes,
    content: [{ type: 'text', text }],
    layout: [],
    trail: [],
    followed: false,
    liked: false,
    can_like: true,
    can_reblog: true,
  });
  const posts = [
    post(
      '771000000000000102',
      'spring-tides-on-tuesday',
      1_741_240_800,
      '2025-03-06 06:00:00 GMT',
      'Spring tides on Tuesday: high water 06:42.',
      ['tides', 'harbour city'],
      57,
    ),
    post(
      '771000000000000101',
      'sea-fog-over-the-north-pier',
      1_741_100_000,
      '2025-03-04 14:53:20 GMT',
      'Sea fog over the north pier this afternoon.',
      ['fog'],
      23,
    ),
  ];
  const ok = (response: unknown) => json({ meta: { status: 200, msg: 'OK' }, response });
  // `/info`: the public fields of the blog object (no viewer fields: the demo's key is an api_key).
  const info = {
    ...blog,
    ask: true,
    ask_anon: true,
    ask_page_title: 'Ask about the weather',
    avatar: [512, 128, 96, 64].map((px) => ({ width: px, height: px, url: `https://64.media.tumblr.com/avatar_demoharbour_${px}.png` })),
    is_nsfw: false,
    posts: posts.length,
    share_likes: false,
    theme: { avatar_shape: 'circle', background_color: '#0B3C5D', title_color: '#FFFFFF', title_font: 'Gibson' },
    total_posts: posts.length,
  };
  return [
    {
      host: 'api.tumblr.com',
      path: `/v2/blog/${name}.tumblr.com/posts`,
      response: (req) => {
        if (!req.query.get('api_key') || req.query.get('offset')) return demoMiss(req);
        const id = req.query.get('id');
        if (id === null) return ok({ blog, posts, total_posts: posts.length });
        const one = posts.find((p) => p.id_string === id);
        return one ? ok({ blog, posts: [one], total_posts: posts.length }) : demoMiss(req);
      },
    },
    {
      host: 'api.tumblr.com',
      path: `/v2/blog/${name}.tumblr.com/info`,
      response: (req) => (req.query.get('api_key') ? ok({ blog: info }) : demoMiss(req)),
    },
  ];
}
