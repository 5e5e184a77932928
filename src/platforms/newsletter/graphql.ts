/**
 * GraphQL types and root fields for newsletter (Substack): idiomatic names over the wire records
 * (Substack's own field names, its snake_case and camelCase mix), plus `json` carrying the whole
 * wire record (what REST returns). Publications, links, bylines, tags and reactions are JSON. A
 * post's fields are declared once (postFields), for the lists' post and the one post with its text.
 */
import { builder } from '../../graphql/builder.js';
import type { Fields } from '../../graphql/fields.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import { newsletterPost, newsletterPosts, newsletterProfile } from './operations.js';
import type { NewsletterPost, NewsletterPostDetail, NewsletterPostsPage, NewsletterProfile } from './schema.js';

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

  operationField(newsletterProfile, ProfileRef);
  operationField(newsletterPosts, PostsPageRef);
  operationField(newsletterPost, PostDetailRef);
}
