/**
 * GraphQL types and root fields for blog (Tumblr): idiomatic names over the wire records (Tumblr
 * API v2's own field names, Neue Post Format), plus `json` carrying the whole wire record (what
 * REST returns). The posts page and the one post share the post type. The embedded blog, NPF
 * content blocks, layout, the reblog trail and a blog's theme are JSON.
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import { blogInfo, blogPost, blogPosts } from './operations.js';
import type { BlogAvatar, BlogInfo, BlogPost, BlogPostsPage } from './schema.js';

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
      tags: t.exposeStringList('tags', { nullable: false }),
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
  operationField(blogPost, PostRef);
  infoGraphql();
}

/** A blog's info record and its root field. */
function infoGraphql(): void {
  const AvatarRef = builder.objectRef<BlogAvatar>('BlogAvatar').implement({
    description: "One size of a blog's avatar",
    fields: (t) => ({
      url: t.exposeString('url', { nullable: false }),
      width: t.exposeInt('width'),
      height: t.exposeInt('height'),
    }),
  });

  const InfoRef = builder.objectRef<BlogInfo>('BlogInfo').implement({
    description: "A Tumblr blog's public info (API v2 `blog/<blog>/info`)",
    fields: (t) => ({
      name: t.exposeString('name', { nullable: false, description: 'Blog name (`staff` of staff.tumblr.com)' }),
      title: t.exposeString('title'),
      description: t.exposeString('description', { description: 'HTML, as the blog keeps it ("" when none)' }),
      url: t.exposeString('url'),
      uuid: t.exposeString('uuid', { description: '`t:…`: the permanent id of the blog' }),
      updated: t.exposeInt('updated', { description: 'Unix seconds of the last update' }),
      postCount: t.exposeInt('posts', { description: 'Number of posts' }),
      avatar: t.expose('avatar', {
        type: [AvatarRef],
        nullable: false,
        description: 'The avatar in the sizes Tumblr lists, largest first',
      }),
      ask: t.exposeBoolean('ask', { description: 'Whether the blog takes questions' }),
      askAnon: t.exposeBoolean('ask_anon', { description: 'Whether it takes anonymous questions (sent only when `ask`)' }),
      askPageTitle: t.exposeString('ask_page_title'),
      isNsfw: t.exposeBoolean('is_nsfw'),
      shareLikes: t.exposeBoolean('share_likes', { description: 'Whether the blog shows its likes' }),
      likes: t.exposeInt('likes', { description: 'Posts it liked, only when `shareLikes`' }),
      theme: t.expose('theme', { type: 'JSON', description: 'Its theme (colours, fonts, header image…), as Tumblr sends it' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(blogInfo, InfoRef);
}
