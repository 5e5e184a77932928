/**
 * blog's demo answers (`npm run demo`, src/demo/platforms.ts), from Tumblr API v2: answered only when the operator gives the demo a TUMBLR_API_KEY, e.g. `TUMBLR_API_KEY=any npm run demo`; without one the gateway answers the blog route NOT_CONFIGURED before asking, as it would live.
 * Written here in the shapes parse.ts reads (this folder's tests read real captures from ../shared,
 * which the demo never uses); every name, id and URL is invented. Each route answers the
 * operations' examples (their `example`: the blog's first posts page, its info, one of its posts
 * by id) and is a demo miss for anything else. The blog has 24 posts: a first page of 20 whose
 * `_links.next` names the second (and last), of 4.
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
  // The two written posts, then 22 older ones made from the lists below (a day apart, each its own weather and place).
  const WEATHER = ['Sea fog', 'Squalls', 'Hail', 'Sunshine', 'Drizzle', 'A rainbow', 'Gusts to force 7'];
  const PLACES = ['the north pier', 'the east quay', 'the old fort', 'the harbour mouth'];
  const older = Array.from({ length: 22 }, (_, i) => {
    const text = `${WEATHER[i % WEATHER.length]} over ${PLACES[i % PLACES.length]} this morning.`;
    const at = 1_741_000_000 - 86_400 * i;
    const date = new Date(at * 1000)
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d{3}Z$/, ' GMT');
    const slug = text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    return post(
      String(771_000_000_000_000_100n - BigInt(i)),
      slug,
      at,
      date,
      text,
      ['weather', PLACES[i % PLACES.length].slice(4)],
      20 - (i % 9),
    );
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
    ...older,
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
  /**
   * A page of the posts as Tumblr answers it: `limit` (20 when absent) from `offset` (or from the
   * `page_number`th page when only that is sent); while posts remain, `_links.next` names the next
   * page by both its offset and its page number, with the request's other parameters, as Tumblr's does.
   */
  const postsPage = (query: URLSearchParams) => {
    const limit = Math.min(Math.max(Number(query.get('limit')) || 20, 1), 20);
    const pageNumber = Number(query.get('page_number')) || 1;
    const offset = query.has('offset') ? Math.max(Number(query.get('offset')) || 0, 0) : (pageNumber - 1) * limit;
    const page = posts.slice(offset, offset + limit);
    if (offset + limit >= posts.length) return { blog, posts: page, total_posts: posts.length };
    const params: Record<string, string> = Object.fromEntries([...query].filter(([k]) => k !== 'api_key'));
    const next = { ...params, limit: String(limit), offset: String(offset + limit), page_number: String(Math.floor(offset / limit) + 2) };
    const href = `/v2/blog/${name}.tumblr.com/posts?${new URLSearchParams(next).toString()}`;
    return { blog, posts: page, total_posts: posts.length, _links: { next: { href, method: 'GET', query_params: next } } };
  };
  return [
    {
      host: 'api.tumblr.com',
      path: `/v2/blog/${name}.tumblr.com/posts`,
      response: (req) => {
        if (!req.query.get('api_key')) return demoMiss(req);
        const id = req.query.get('id');
        if (id === null) return ok(postsPage(req.query));
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
