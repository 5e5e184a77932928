/**
 * Written upstream answers for tests, the demo and the simulated webs (not captures: names and
 * numbers invented), in the shape of the real Tumblr API v2 `blog/<blog>/posts?npf=true` answer
 * (../shared/fixtures/blog/blog-posts-npf-staff-2020-05.json: `meta`, `response.blog`,
 * `response.posts` with the blog embedded in each post).
 */
export interface TumblrSample {
  name: string;
  title: string;
  /** HTML, as Tumblr keeps it. */
  description?: string;
}

export function tumblrPostsBody(s: TumblrSample): Record<string, unknown> {
  const blog = {
    name: s.name,
    title: s.title,
    description: s.description ?? '',
    url: `https://${s.name}.tumblr.com/`,
    uuid: `t:${s.name}sampleuuid`,
    updated: 1_588_000_000,
  };
  const post = {
    object_type: 'post',
    type: 'blocks',
    id: 616_000_000_000_000,
    id_string: '616000000000000001',
    blog_name: s.name,
    blog,
    post_url: `https://${s.name}.tumblr.com/post/616000000000000001/hello`,
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
  return { meta: { status: 200, msg: 'OK' }, response: { blog, posts: [post], total_posts: 1 } };
}
