import { describe } from 'vitest';
import { z } from 'zod';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { notFound } from '../../src/errors.js';
import { parseInfo, parsePosts, parseSinglePost } from '../../src/platforms/blog/parse.js';
import * as schema from '../../src/platforms/blog/schema.js';
import { NStr } from '../../src/platforms/records.js';
import { mutationTest } from './suite.js';

const LABEL = 'blog';
const FILE = 'blog-posts-npf-staff-2020-05.json';

interface Capture {
  meta: unknown;
  response: { blog: unknown; posts: unknown[] };
}
/** The capture (SOURCES.md: it starts with a UTF-8 BOM, stripped before parsing). */
let cached: Capture | undefined;
const capture = (): Capture => (cached ??= JSON.parse(readFixture(LABEL, FILE).replace(/^\uFEFF/, '')) as Capture);

const optional = (prefix: string, keys: string[], why: string) => Object.fromEntries(keys.map((k) => [`${prefix}${k}`, why]));

/** What a post may lack (parse.ts parsePost reads these with r.opt; README "Fields that may be null"). */
const postQuiet = (prefix: string) => ({
  ...optional(prefix, ['source_url', 'source_title'], "api.md: only when there's a content source (r.opt)"),
  ...optional(
    prefix,
    ['reblogged_from_name', 'reblogged_from_url', 'reblogged_root_name', 'reblogged_root_url'],
    'api.md: only with reblog_info=true (the capture asked for it; the gateway does not), and only on reblogs (r.opt)',
  ),
  [`${prefix}note_count`]: 'api.md: the note count comes with notes_info=true (the capture asked for it; the gateway does not): r.opt',
  ...optional(
    prefix,
    ['blog', 'short_url', 'slug', 'summary'],
    'not in api.md\'s post fields ("not officially supported"; its example post has none of them): r.opt',
  ),
});

/** What parsePosts returns: the page's posts, the blog's name (fetch.ts checks it) and the next offset (our cursor's). */
const PostsAnswer = z.strictObject({
  posts: z.array(schema.BlogPost),
  blogName: NStr,
  next: z.union([z.strictObject({ offset: z.number().int() }), z.strictObject({ pageNumber: z.string() })]).nullable(),
});

describe.skipIf(!hasFixtures(LABEL))(`blog mutations (${skipReason(LABEL)})`, () => {
  mutationTest({
    name: `info from response.blog of ${FILE}`,
    platform: LABEL,
    // SOURCES.md: /info's response.blog is this same object (no capture of /info itself).
    load: () => ({ meta: capture().meta, response: { blog: capture().response.blog } }),
    parse: (doc) => parseInfo(doc),
    schema: schema.BlogInfo,
    source: ['response', 'blog'],
    identity: { name: 'the blog name: the record is that blog (fetch.ts checks it against the blog asked)' },
    quiet: {
      ask_anon: 'api.md: returned only if ask is true (r.opt)',
      ...optional('', ['ask_page_title', 'is_nsfw', 'share_likes'], 'not in api.md\'s /info fields ("not officially supported"): r.opt'),
    },
  });

  mutationTest({
    name: `posts ${FILE}`,
    platform: LABEL,
    load: () => capture(),
    parse: (doc) => parsePosts(doc),
    schema: PostsAnswer,
    source: ['response'],
    maxDepth: 4,
    identity: { posts: 'the posts list: an answer without it is no posts page' },
    fields: {
      blogName: ['blog.name'],
      // The next page's offset, or (without one) its page_number: read from the next link's parameters.
      next: ['_links.next.query_params'],
    },
    quiet: {
      _links: 'the last page has no next page: no _links is the end (r.opt)',
      '_links.next': 'api.md: _links names the pages around this one (next, previous…); the last has no next (r.opt)',
      ...postQuiet('posts.*.'),
    },
  });

  // A post answered alone (`posts?id=`: no capture; the posts answer holding that one post), as
  // fetch.ts reads it: no post is NOT_FOUND. The capture's kinds: a reblog with empty content (0), a
  // reblog with its own text and a source (1), an original post (13), an answer with its ask layout (19).
  for (const i of [0, 1, 13, 19]) {
    mutationTest({
      name: `post ${i} of ${FILE}, answered alone`,
      platform: LABEL,
      load: () => ({ meta: capture().meta, response: { blog: capture().response.blog, posts: [capture().response.posts[i]] } }),
      parse: (doc) => {
        const post = parseSinglePost(doc);
        if (!post) throw notFound('no post in the answer');
        return post;
      },
      schema: schema.BlogPost,
      source: ['response', 'posts', 0],
      rootCodes: ['NOT_FOUND'],
      maxDepth: 4,
      identity: { id_string: 'the post id (Tumblr ids exceed 2^53: the string is the id; fetch.ts checks it)' },
      quiet: postQuiet(''),
    });
  }
});
