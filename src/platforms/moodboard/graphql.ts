/**
 * GraphQL types and root fields for moodboard (Cosmos): idiomatic names over the api.md wire
 * records, plus `json` carrying the whole wire record (what REST returns).
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import type {
  MoodboardItem,
  MoodboardMedia,
  MoodboardOwner,
  MoodboardPost,
  MoodboardPrice,
  MoodboardSearchPage,
  MoodboardSourceAuthor,
} from './parse.js';
import { post, search } from './platform.js';

/** Declares moodboard's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function moodboardGraphql(): void {
  const MediaRef = builder.objectRef<MoodboardMedia>('MoodboardMedia').implement({
    fields: (t) => ({
      id: t.exposeString('id'),
      type: t.exposeString('type', { description: 'StaticImage, AnimatedImage or Video' }),
      url: t.exposeString('url'),
      width: t.exposeInt('width'),
      height: t.exposeInt('height'),
      aiGenerated: t.exposeBoolean('ai_generated'),
      duration: t.exposeFloat('duration', { description: 'Videos only, in seconds' }),
      thumbnailUrl: t.exposeString('thumbnail_url'),
      videoUrl: t.exposeString('video_url'),
      playbackUrl: t.exposeString('playback_url', { description: 'HLS stream of a video' }),
    }),
  });

  const OwnerRef = builder.objectRef<MoodboardOwner>('MoodboardOwner').implement({
    fields: (t) => ({
      id: t.exposeFloat('id'),
      username: t.exposeString('username'),
    }),
  });

  const SourceAuthorRef = builder.objectRef<MoodboardSourceAuthor>('MoodboardSourceAuthor').implement({
    fields: (t) => ({
      username: t.exposeString('username'),
      fullName: t.exposeString('full_name'),
      profileUrl: t.exposeString('profile_url'),
      avatarUrl: t.exposeString('avatar_url'),
    }),
  });

  const PriceRef = builder.objectRef<MoodboardPrice>('MoodboardPrice').implement({
    fields: (t) => ({
      value: t.exposeFloat('value'),
      currency: t.exposeString('currency'),
    }),
  });

  /** The fields a post and a search item share, declared once. */
  const ElementRef = builder.interfaceRef<MoodboardItem>('MoodboardElement').implement({
    description: 'A post (element) on the moodboard platform',
    resolveType: (item) => ('save_count' in item ? 'MoodboardPost' : 'MoodboardSearchItem'),
    fields: (t) => ({
      id: t.exposeFloat('id', { nullable: false, description: 'Numeric element id' }),
      url: t.exposeString('url', { nullable: false }),
      createdAt: t.exposeString('created_at'),
      caption: t.exposeString('caption', { description: 'Caption the platform generated for the post' }),
      text: t.exposeString('text', { description: 'Text posts only' }),
      title: t.exposeString('title', { description: 'Website or product posts' }),
      description: t.exposeString('description', { description: 'Website or product posts' }),
      owner: t.expose('owner', { type: OwnerRef }),
      sourceUrl: t.exposeString('source_url'),
      sourceAuthor: t.expose('source_author', { type: SourceAuthorRef }),
      media: t.expose('media', { type: [MediaRef], nullable: false }),
      price: t.expose('price', { type: PriceRef, description: 'Product posts only' }),
      brand: t.exposeString('brand', { description: 'Product posts only' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  const PostRef = builder.objectRef<MoodboardPost>('MoodboardPost').implement({
    interfaces: [ElementRef],
    fields: (t) => ({
      saveCount: t.exposeInt('save_count', { description: 'How many collections the post is saved to' }),
    }),
  });

  const SearchItemRef = builder.objectRef<MoodboardItem>('MoodboardSearchItem').implement({
    interfaces: [ElementRef],
    fields: () => ({}),
  });

  const SearchPageRef = builder.objectRef<MoodboardSearchPage>('MoodboardSearchPage').implement({
    fields: (t) => ({
      items: t.expose('items', { type: [SearchItemRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: 'Pass unchanged as `cursor` for the next page; null at the end' }),
      hasMore: t.exposeBoolean('has_more', { nullable: false }),
      resultCount: t.exposeInt('result_count', { nullable: false, description: 'Items on this page' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(post, PostRef);
  operationField(search, SearchPageRef);
}
