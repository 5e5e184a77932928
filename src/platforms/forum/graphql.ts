/**
 * GraphQL types and root field for forum (Reddit): idiomatic names over the api.md wire records,
 * plus `json` carrying the whole wire record (what REST returns, every upstream field included).
 *
 * Search items are posts or, with `filter: COMMENTS`, comments: both implement `ForumItem`.
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import type { ForumComment, ForumItem, ForumPost, ForumSearchPage } from './parse.js';
import { search } from './platform.js';

/** Declares forum's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function forumGraphql(): void {
  const ItemRef = builder.interfaceRef<ForumItem>('ForumItem').implement({
    description:
      'A forum search result: a post (ForumPost) or a comment (ForumComment). Fields not in the trimmed item are null with `trim: true`.',
    resolveType: (item) => (item.name.startsWith('t1_') ? 'ForumComment' : 'ForumPost'),
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false, description: 'Base-36 id, e.g. 6ganxe' }),
      name: t.exposeString('name', { nullable: false, description: 'Fullname: t3_<id> for a post, t1_<id> for a comment' }),
      subreddit: t.exposeString('subreddit'),
      subredditNamePrefixed: t.exposeString('subreddit_name_prefixed'),
      author: t.exposeString('author'),
      authorFullname: t.exposeString('author_fullname'),
      permalink: t.exposeString('permalink', { description: 'Path on www.reddit.com' }),
      score: t.exposeInt('score'),
      ups: t.exposeInt('ups'),
      downs: t.exposeInt('downs'),
      numComments: t.exposeInt('num_comments', { description: "A comment's value is its thread's comment count" }),
      created: t.exposeInt('created', { description: 'Unix seconds as Reddit sends it (older data: created_utc + 28800)' }),
      createdUtc: t.exposeInt('created_utc', { description: 'Unix seconds, UTC' }),
      createdAtIso: t.exposeString('created_at_iso', { description: 'created_utc as ISO 8601' }),
      edited: t.boolean({
        description: 'Whether it was edited',
        resolve: (r) => (r.edited === undefined || r.edited === null ? null : r.edited !== false),
      }),
      editedUtc: t.int({
        description: 'When it was edited (Unix seconds), if known',
        resolve: (r) => (typeof r.edited === 'number' ? r.edited : null),
      }),
      over18: t.exposeBoolean('over_18'),
      locked: t.exposeBoolean('locked'),
      stickied: t.exposeBoolean('stickied'),
      archived: t.exposeBoolean('archived'),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  builder.objectRef<ForumPost>('ForumPost').implement({
    description:
      'A post (t3). Trimmed fields: id, name, subreddit, subreddit_name_prefixed, title, selftext, author, permalink, url, domain, score, upvote_ratio, num_comments, created_utc, created_at_iso, over_18, is_self, is_video.',
    interfaces: [ItemRef],
    fields: (t) => ({
      title: t.exposeString('title'),
      selftext: t.exposeString('selftext', { description: 'Markdown body of a self post; empty for link posts' }),
      selftextHtml: t.exposeString('selftext_html'),
      url: t.exposeString('url', { description: 'Link target (the post page itself for self posts)' }),
      domain: t.exposeString('domain'),
      upvoteRatio: t.exposeFloat('upvote_ratio'),
      numCrossposts: t.exposeInt('num_crossposts'),
      spoiler: t.exposeBoolean('spoiler'),
      isSelf: t.exposeBoolean('is_self'),
      isVideo: t.exposeBoolean('is_video'),
      thumbnail: t.exposeString('thumbnail', { description: 'Thumbnail URL, or self / default / nsfw / spoiler' }),
    }),
  });

  builder.objectRef<ForumComment>('ForumComment').implement({
    description:
      'A comment (t1), from comment search. Trimmed fields: id, name, subreddit, subreddit_name_prefixed, body, author, permalink, link_id, link_title, parent_id, score, created_utc, created_at_iso, over_18.',
    interfaces: [ItemRef],
    fields: (t) => ({
      body: t.exposeString('body', { description: 'Markdown' }),
      bodyHtml: t.exposeString('body_html'),
      subredditId: t.exposeString('subreddit_id'),
      subredditType: t.exposeString('subreddit_type'),
      parentId: t.exposeString('parent_id', { description: 'Fullname of the parent: t1_ (a comment) or t3_ (the post)' }),
      linkId: t.exposeString('link_id', { description: 'Fullname of the post (t3_…)' }),
      linkTitle: t.exposeString('link_title'),
      linkAuthor: t.exposeString('link_author'),
      linkPermalink: t.exposeString('link_permalink'),
      linkUrl: t.exposeString('link_url'),
      controversiality: t.exposeInt('controversiality'),
      isSubmitter: t.exposeBoolean('is_submitter', { description: 'The comment author is the post author' }),
      distinguished: t.exposeString('distinguished', { description: 'moderator, admin or null' }),
      scoreHidden: t.exposeBoolean('score_hidden'),
      gilded: t.exposeInt('gilded'),
      totalAwardsReceived: t.exposeInt('total_awards_received'),
      collapsed: t.exposeBoolean('collapsed'),
    }),
  });

  const SearchPageRef = builder.objectRef<ForumSearchPage>('ForumSearchPage').implement({
    fields: (t) => ({
      posts: t.expose('posts', { type: [ItemRef], nullable: false, description: 'Posts, or comments with filter COMMENTS' }),
      after: t.exposeString('after', { description: 'Pass unchanged as `after` for the next page; null on the last page' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(search, SearchPageRef);
}
