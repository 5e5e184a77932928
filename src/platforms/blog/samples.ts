/**
 * Written upstream answers for tests, the demo and the simulated webs (not captures: names and
 * numbers invented), in the shape of the real Tumblr API v2 `blog/<blog>/posts?npf=true` answer
 * (../shared/fixtures/blog/blog-posts-npf-staff-2020-05.json: `meta`, `response.blog`,
 * `response.posts` with the blog embedded in each post). No capture of `blog/<blog>/info` or of
 * `posts?id=<id>` exists: those answers here are written from that capture too (SOURCES.md: the
 * `/info` blog object has the fields of the capture's `response.blog`; `posts?id=` is the posts
 * answer with the one post), without the viewer fields an OAuth request adds (`followed`,
 * `subscribed`, `can_*`…), as an `api_key` request gets them.
 */
export interface TumblrSample {
  name: string;
  title: string;
  /** HTML, as Tumblr keeps it. */
  description?: string;
}

/** The blog object a post embeds (and `response.blog` of a posts answer). */
function embeddedBlog(s: TumblrSample) {
  return {
    name: s.name,
    title: s.title,
    description: s.description ?? '',
    url: `https://${s.name}.tumblr.com/`,
    uuid: `t:${s.name}sampleuuid`,
    updated: 1_588_000_000,
  };
}

/** One NPF post of the sample blog (its id `616000000000000001` unless given). */
export function tumblrPost(s: TumblrSample, id = '616000000000000001'): Record<string, unknown> {
  return {
    object_type: 'post',
    type: 'blocks',
    id: Number(id),
    id_string: id,
    blog_name: s.name,
    blog: embeddedBlog(s),
    post_url: `https://${s.name}.tumblr.com/post/${id}/hello`,
    short_url: 'https://tmblr.co/ZsampleX1',
    slug: 'hello',
    date: '2020-05-01 12:00:00 GMT',
    timestamp: 1_588_334_400,
    state: 'published',
    tags: [],
    summary: 'Hello',
    note_count: 3,
    content: [{ type: 'text', text: 'Hello' }],
    layout: [],
    trail: [],
  };
}

export function tumblrPostsBody(s: TumblrSample): Record<string, unknown> {
  return { meta: { status: 200, msg: 'OK' }, response: { blog: embeddedBlog(s), posts: [tumblrPost(s)], total_posts: 1 } };
}

/** `posts?id=<id>&npf=true`: the posts answer holding that one post. */
export function tumblrPostByIdBody(s: TumblrSample, id: string): Record<string, unknown> {
  return { meta: { status: 200, msg: 'OK' }, response: { blog: embeddedBlog(s), posts: [tumblrPost(s, id)], total_posts: 1 } };
}

/** `info`: `response.blog` with the public fields of the capture's blog object (no viewer fields). */
export function tumblrInfoBody(s: TumblrSample): Record<string, unknown> {
  const avatar = [512, 128, 96, 64].map((px) => ({ width: px, height: px, url: `https://64.media.tumblr.com/avatar_${s.name}_${px}.png` }));
  return {
    meta: { status: 200, msg: 'OK' },
    response: {
      blog: {
        ...embeddedBlog(s),
        ask: true,
        ask_anon: false,
        ask_page_title: 'Ask me anything',
        avatar,
        is_nsfw: false,
        posts: 42,
        share_likes: false,
        theme: { avatar_shape: 'circle', background_color: '#FAFAFA', title_font: 'Gibson' },
        total_posts: 42,
      },
    },
  };
}

/** Tumblr's error envelope, as its 404 carries it. */
export const TUMBLR_NOT_FOUND_BODY = '{"meta":{"status":404,"msg":"Not Found"},"response":[]}';
