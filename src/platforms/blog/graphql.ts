/**
 * GraphQL types and root field for blog (Tumblr): idiomatic names over the wire records (Tumblr
 * API v2's own field names, Neue Post Format), plus `json` carrying the whole wire record (what
 * REST returns). The embedded blog, NPF content blocks, layout and the reblog trail are JSON.
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import { blogPosts } from './operations.js';
import type { BlogPost, BlogPostsPage } from './schema.js';

/** Declares blog's GraphQL types and root field on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function blogGraphql(): void {
  const PostRef = builder.objectRef<BlogPost>('BlogPost').implement({
    description: 'A Tumblr post (API v2, Neue Post Format)',
    fields: (t) => ({
      idString: t.exposeString('id_string', { nullable: false, description: 'Post id' }),
      type: t.exposeString('type', { description: '`blocks` for Neue Post Format posts' }),
      blogName: t.exposeString('blog_name'),
      blog: t.expose('blog', { type: 'JSON', description: 'The blog (name, title, description, url, uuid…), as Tumblr embeds it' }),
      postUrl: t.exposeString('post_url'),
      shortUrl: t.exposeString('short_url'),
      slug: t.exposeString('slug'),
      date: t.exposeString('date', { description: '"2020-05-01 21:49:17 GMT"' }),
      timestamp: t.exposeInt('timestamp', { description: 'Unix seconds' }),
      state: t.exposeString('state'),
      tags: t.exposeStringList('tags'),
      summary: t.exposeString('summary'),
      noteCount: t.exposeInt('note_count'),
      content: t.expose('content', { type: 'JSON', description: 'NPF content blocks (`text`, `image`, `link`, `video`…)' }),
      layout: t.expose('layout', { type: 'JSON' }),
      trail: t.expose('trail', { type: 'JSON', description: 'The reblog trail: earlier posts with their content' }),
      sourceUrl: t.exposeString('source_url'),
      sourceTitle: t.exposeString('source_title'),
      rebloggedFromName: t.exposeString('reblogged_from_name'),
      rebloggedFromUrl: t.exposeString('reblogged_from_url'),
      rebloggedRootName: t.exposeString('reblogged_root_name'),
      rebloggedRootUrl: t.exposeString('reblogged_root_url'),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  const PostsPageRef = builder.objectRef<BlogPostsPage>('BlogPostsPage').implement({
    fields: (t) => ({
      posts: t.expose('posts', { type: [PostRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(blogPosts, PostsPageRef);
}
