/**
 * GraphQL types and root fields for newsletter (Substack): idiomatic names over the wire records
 * (Substack's own field names, its snake_case and camelCase mix), plus `json` carrying the whole
 * wire record (what REST returns). A profile's and a post's publications, links, bylines, tags and reactions are JSON. A
 * post's fields are declared once (postFields), for the lists' post and the one post with its text.
 */
import { builder } from '../../graphql/builder.js';
import type { Fields } from '../../graphql/fields.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import { newsletterPost, newsletterPostComments, newsletterPosts, newsletterProfile, newsletterSearch } from './operations.js';
import type {
  NewsletterComment,
  NewsletterPost,
  NewsletterPostComments,
  NewsletterPostDetail,
  NewsletterPostsPage,
  NewsletterProfile,
  NewsletterPublication,
  NewsletterSearchPage,
} from './schema.js';

/** A post's fields as the profile lists show it; the one post (NewsletterPostDetail) carries them too. */
function postFields(t: Fields<NewsletterPost>) {
  return {
    id: t.exposeInt('id', { nullable: false }),
    publicationId: t.exposeInt('publication_id'),
    title: t.exposeString('title'),
    subtitle: t.exposeString('subtitle'),
    description: t.exposeString('description'),
    slug: t.exposeString('slug'),
    type: t.exposeString('type', { description: '`newsletter`, `podcast`, `thread`…' }),
    audience: t.exposeString('audience', { description: 'Who may read the full text: `everyone`, `only_paid`…' }),
    postDate: t.exposeString('post_date'),
    canonicalUrl: t.exposeString('canonical_url'),
    coverImage: t.exposeString('cover_image'),
    wordcount: t.exposeInt('wordcount'),
    reactionCount: t.exposeInt('reaction_count'),
    reactions: t.expose('reactions', { type: 'JSON', description: 'Reaction counts by emoji' }),
    commentCount: t.exposeInt('comment_count'),
    childCommentCount: t.exposeInt('child_comment_count'),
    sectionName: t.exposeString('section_name'),
    podcastUrl: t.exposeString('podcast_url'),
    postTags: t.expose('postTags', { type: 'JSON' }),
    publishedBylines: t.expose('publishedBylines', { type: 'JSON', description: 'Authors (`id`, `name`, `handle`…)' }),
  };
}

/** Declares newsletter's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function newsletterGraphql(): void {
  const json = WIRE_FIELD_DESCRIPTION;

  const ProfileRef = builder.objectRef<NewsletterProfile>('NewsletterProfile').implement({
    description: "A Substack writer's public profile",
    fields: (t) => ({
      id: t.exposeInt('id', { nullable: false, description: "The person's Substack user id" }),
      handle: t.exposeString('handle', { nullable: false }),
      name: t.exposeString('name'),
      previousName: t.exposeString('previous_name'),
      slug: t.exposeString('slug'),
      bio: t.exposeString('bio'),
      photoUrl: t.exposeString('photo_url'),
      profileSetUpAt: t.exposeString('profile_set_up_at'),
      profileDisabled: t.exposeBoolean('profile_disabled'),
      subdomainUrl: t.exposeString('subdomainUrl', { description: "The person's own <name>.substack.com address" }),
      primaryPublication: t.expose('primaryPublication', { type: 'JSON', description: 'The publication they write' }),
      publicationUsers: t.expose('publicationUsers', { type: 'JSON', description: 'Publications they have a role on' }),
      userLinks: t.expose('userLinks', { type: 'JSON', description: 'Links they list on their profile' }),
      twitterAccount: t.expose('twitterAccount', { type: 'JSON' }),
      facebookAccount: t.expose('facebookAccount', { type: 'JSON' }),
      subscriberCount: t.exposeString('subscriberCount', { description: 'As Substack sends it (a string)' }),
      subscriberCountNumber: t.exposeInt('subscriberCountNumber'),
      subscriberCountString: t.exposeString('subscriberCountString'),
      roughNumFreeSubscribers: t.exposeString('rough_num_free_subscribers', { description: 'A rough band ("Tens", "Hundreds"…)' }),
      subscriptions: t.expose('subscriptions', { type: 'JSON', description: 'Publications they subscribe to publicly' }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const PostRef = builder.objectRef<NewsletterPost>('NewsletterPost').implement({
    description: 'A Substack post as profile lists show it (no body)',
    fields: (t) => ({
      ...postFields(t),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const PostsPageRef = builder.objectRef<NewsletterPostsPage>('NewsletterPostsPage').implement({
    fields: (t) => ({
      posts: t.expose('posts', { type: [PostRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const PostDetailRef = builder.objectRef<NewsletterPostDetail>('NewsletterPostDetail').implement({
    description: 'A Substack post with its text; for a paid post the public preview only (`isPaywalled`)',
    fields: (t) => ({
      ...postFields(t),
      bodyHtml: t.exposeString('body_html', {
        description: 'The text as HTML; of a paywalled post the public preview at most (no marker where it stops), or null',
      }),
      truncatedBodyText: t.exposeString('truncated_body_text', { description: 'A short plain-text excerpt, when sent' }),
      isPaywalled: t.exposeBoolean('is_paywalled', {
        description: '`audience` is not `everyone`: `bodyHtml` is the public preview at most; null when `audience` is missing',
      }),
      updatedAt: t.exposeString('updated_at'),
      language: t.exposeString('language'),
      restacks: t.exposeInt('restacks'),
      publication: t.expose('publication', {
        type: 'JSON',
        description: 'The publication it is in (`id`, `name`, `subdomain`, `custom_domain`…)',
      }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const CommentRef = builder.objectRef<NewsletterComment>('NewsletterComment');
  CommentRef.implement({
    description: 'A comment on a Substack post, with its replies',
    fields: (t) => ({
      id: t.exposeInt('id', { nullable: false }),
      postId: t.exposeInt('post_id', { description: 'The post it is on' }),
      body: t.exposeString('body', { description: 'Plain text; null for a comment deleted or removed' }),
      date: t.exposeString('date'),
      editedAt: t.exposeString('edited_at', { description: 'When it was last edited; null when never' }),
      name: t.exposeString('name', { description: "The commenter's name" }),
      handle: t.exposeString('handle', { description: "The commenter's profile handle, when they have one" }),
      userId: t.exposeInt('user_id'),
      photoUrl: t.exposeString('photo_url'),
      reactions: t.expose('reactions', { type: 'JSON', description: 'Reaction counts by emoji' }),
      reactionCount: t.exposeInt('reaction_count'),
      childrenCount: t.exposeInt('children_count', { description: 'Replies Substack counts under it' }),
      deleted: t.exposeBoolean('deleted'),
      status: t.exposeString('status', { description: '`published`, `moderator_removed`…' }),
      children: t.field({ type: [CommentRef], nullable: false, description: 'Replies, nested the same way', resolve: (c) => c.children }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const CommentsPostRef = builder.objectRef<NewsletterPostComments['post']>('NewsletterCommentsPost').implement({
    description: 'The post the comments are on',
    fields: (t) => ({
      id: t.exposeInt('id', { nullable: false }),
      slug: t.exposeString('slug'),
      title: t.exposeString('title'),
      canonicalUrl: t.exposeString('canonical_url'),
      writeCommentPermissions: t.exposeString('write_comment_permissions', {
        description: 'Who may comment: `everyone`, `only_paid`, `none` (comments off)…',
      }),
    }),
  });

  const PostCommentsRef = builder.objectRef<NewsletterPostComments>('NewsletterPostComments').implement({
    description: "A Substack post's public comments, as a tree",
    fields: (t) => ({
      post: t.expose('post', { type: CommentsPostRef, nullable: false }),
      comments: t.expose('comments', { type: [CommentRef], nullable: false, description: 'Top-level comments, each with its replies' }),
      commentsOff: t.exposeBoolean('comments_off', { description: 'The post has comments turned off; null when it does not say' }),
      more: t.exposeBoolean('more', { description: "Substack's `more`: comments were left out of this answer" }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  operationField(newsletterProfile, ProfileRef);
  operationField(newsletterPosts, PostsPageRef);
  operationField(newsletterPost, PostDetailRef);
  operationField(newsletterPostComments, PostCommentsRef);
  operationField(newsletterSearch, searchPageRef());
}

/** The publication search's page and its publications (declared once, by newsletterGraphql). */
function searchPageRef() {
  const json = WIRE_FIELD_DESCRIPTION;
  const PublicationAuthorRef = builder.objectRef<NonNullable<NewsletterPublication['author']>>('NewsletterPublicationAuthor').implement({
    description: 'The person who writes a publication',
    fields: (t) => ({
      id: t.exposeInt('id', { description: "The author's Substack user id" }),
      name: t.exposeString('name'),
      handle: t.exposeString('handle', { description: 'Profile handle (substack.com/@<handle>)' }),
    }),
  });

  const PublicationRef = builder.objectRef<NewsletterPublication>('NewsletterPublication').implement({
    description: 'A Substack publication as its publication search lists it',
    fields: (t) => ({
      id: t.exposeInt('id', { nullable: false }),
      name: t.exposeString('name'),
      subdomain: t.exposeString('subdomain', { description: 'Its address on Substack: <subdomain>.substack.com' }),
      customDomain: t.exposeString('custom_domain', { description: 'Its own domain, when it has one' }),
      baseUrl: t.exposeString('base_url', { description: 'Its address as Substack states it; null when not stated' }),
      logoUrl: t.exposeString('logo_url'),
      heroText: t.exposeString('hero_text', { description: 'Its short description' }),
      language: t.exposeString('language'),
      author: t.expose('author', { type: PublicationAuthorRef, description: 'The person who writes it; null when the answer names none' }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  return builder.objectRef<NewsletterSearchPage>('NewsletterSearchPage').implement({
    description: 'One page of Substack publications matching a query',
    fields: (t) => ({
      publications: t.expose('publications', { type: [PublicationRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` (with the same query) for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });
}
