/**
 * GraphQL types and root fields for pinboard (Pinterest): idiomatic names over the api.md pin, the
 * profile's user, the detailed pin (`pinboardPin`) and the board page (`pinboardBoard`), plus
 * `json` carrying the whole wire record (what REST returns). With `trim: true` the fields the
 * reduced search pin leaves out resolve to null.
 */
import { builder } from '../../graphql/builder.js';
import type { Fields, Ref } from '../../graphql/fields.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import type { PinboardBoard, PinboardImage, PinboardPin, PinboardSearchPage, PinboardUser } from './parse.js';
import { search } from './platform.js';
import type { PinboardProfileRecord, PinboardProfileUser } from './profile.js';
import { profile } from './profile.js';
import { pin } from './pin.js';
import { board } from './board.js';
import type { PinboardBoardDetail, PinboardBoardPage, PinboardPinDetail, PinboardPinRecord } from './schema.js';

/** Declared once for the board inside a pin (PinboardBoard) and the board page's (PinboardBoardDetail). */
function boardFields(
  t: Fields<
    Pick<
      PinboardBoard,
      | 'node_id'
      | 'id'
      | 'name'
      | 'url'
      | 'pin_count'
      | 'section_count'
      | 'is_collaborative'
      | 'collaborator_count'
      | 'cover_images'
      | 'images'
      | 'type'
      | 'board_order_modified_at'
    >
  >,
) {
  return {
    nodeId: t.exposeString('node_id'),
    id: t.exposeString('id'),
    name: t.exposeString('name'),
    url: t.exposeString('url', { description: 'Relative board path, e.g. /user/board/' }),
    pinCount: t.exposeInt('pin_count'),
    sectionCount: t.exposeInt('section_count'),
    isCollaborative: t.exposeBoolean('is_collaborative'),
    collaboratorCount: t.exposeInt('collaborator_count'),
    coverImages: t.field({ type: 'JSON', description: 'Image variants keyed by size', resolve: (b) => b.cover_images }),
    images: t.field({ type: 'JSON', description: 'Image variants keyed by size', resolve: (b) => b.images }),
    type: t.exposeString('type'),
    boardOrderModifiedAt: t.exposeString('board_order_modified_at'),
  };
}

/** Declared once for the user inside a pin (PinboardUser) and the profile's (PinboardProfileUser). */
function userFields(
  t: Fields<
    Pick<
      PinboardUser,
      'node_id' | 'full_name' | 'follower_count' | 'image_small_url' | 'image_medium_url' | 'image_large_url' | 'is_verified_merchant'
    >
  >,
) {
  return {
    nodeId: t.exposeString('node_id'),
    fullName: t.exposeString('full_name'),
    followerCount: t.exposeInt('follower_count'),
    imageSmallUrl: t.exposeString('image_small_url'),
    imageMediumUrl: t.exposeString('image_medium_url'),
    imageLargeUrl: t.exposeString('image_large_url'),
    isVerifiedMerchant: t.exposeBoolean('is_verified_merchant'),
  };
}

/** Declares pinboard's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function pinboardGraphql(): void {
  const ImageRef = builder.objectRef<PinboardImage>('PinboardImage').implement({
    fields: (t) => ({
      width: t.exposeInt('width'),
      height: t.exposeInt('height'),
      url: t.exposeString('url'),
    }),
  });

  const ImagesRef = builder.objectRef<PinboardPin['images']>('PinboardImages').implement({
    fields: (t) => ({
      orig: t.expose('orig', { type: ImageRef, description: 'The original upload' }),
    }),
  });

  const UserRef = builder.objectRef<PinboardUser>('PinboardUser').implement({
    fields: (t) => ({
      ...userFields(t),
      id: t.exposeString('id'),
      username: t.exposeString('username'),
      isAdsOnlyProfile: t.exposeBoolean('is_ads_only_profile'),
      isPrimaryWebsiteVerified: t.exposeBoolean('is_primary_website_verified'),
      verifiedIdentity: t.field({ type: 'JSON', resolve: (u) => u.verified_identity }),
      adsOnlyProfileSite: t.exposeString('ads_only_profile_site'),
    }),
  });

  const BoardRef = builder.objectRef<PinboardBoard>('PinboardBoard').implement({
    fields: (t) => ({
      ...boardFields(t),
      collaboratingUsers: t.expose('collaborating_users', { type: [UserRef] }),
      owner: t.expose('owner', { type: UserRef }),
    }),
  });

  const PinRef = builder.objectRef<PinboardPin>('PinboardPin').implement({
    fields: (t) => ({
      nodeId: t.exposeString('node_id'),
      id: t.exposeString('id', { nullable: false }),
      url: t.exposeString('url', { nullable: false, description: 'The pin page on the platform' }),
      title: t.exposeString('title'),
      description: t.exposeString('description'),
      gridTitle: t.exposeString('grid_title'),
      autoAltText: t.exposeString('auto_alt_text'),
      seoAltText: t.exposeString('seo_alt_text'),
      link: t.exposeString('link', { description: 'The outbound link the pin points to' }),
      domain: t.exposeString('domain'),
      isPromoted: t.exposeBoolean('is_promoted'),
      createdAt: t.exposeString('created_at', { description: 'RFC 2822 date as the platform gives it' }),
      images: t.expose('images', { type: ImagesRef }),
      board: t.expose('board', { type: BoardRef }),
      pinner: t.expose('pinner', { type: UserRef }),
      nativeCreator: t.expose('native_creator', { type: UserRef }),
      videos: t.field({ type: 'JSON', description: 'Video pins: video variants by format', resolve: (p) => p.videos }),
      storyPinData: t.field({ type: 'JSON', description: 'Idea pins: their pages', resolve: (p) => p.story_pin_data }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (p) => p }),
    }),
  });

  const SearchPageRef = builder.objectRef<PinboardSearchPage>('PinboardSearchPage').implement({
    fields: (t) => ({
      // A trimmed pin has a subset of PinboardPin's fields: the others resolve to null.
      pins: t.field({ type: [PinRef], nullable: false, resolve: (page) => page.pins as PinboardPin[] }),
      cursor: t.exposeString('cursor', { description: 'Pass unchanged as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (page) => page }),
    }),
  });

  operationField(search, SearchPageRef);

  const ProfileUserRef = builder.objectRef<PinboardProfileUser>('PinboardProfileUser').implement({
    description: "Pinterest's user object (its further members are in `json`)",
    fields: (t) => ({
      ...userFields(t),
      id: t.exposeString('id', { description: "The account's numeric id, as a string" }),
      username: t.exposeString('username', { nullable: false }),
      firstName: t.exposeString('first_name'),
      lastName: t.exposeString('last_name'),
      about: t.exposeString('about', { description: 'Bio ("" when none)' }),
      websiteUrl: t.exposeString('website_url', { description: 'The website field; null or "" when none' }),
      domainUrl: t.exposeString('domain_url'),
      domainVerified: t.exposeBoolean('domain_verified'),
      followingCount: t.exposeInt('following_count'),
      pinCount: t.exposeInt('pin_count'),
      boardCount: t.exposeInt('board_count'),
      imageXlargeUrl: t.exposeString('image_xlarge_url'),
      verifiedIdentity: t.field({ type: 'JSON', description: '{} when none, as sent', resolve: (u) => u.verified_identity ?? null }),
      isPrivateProfile: t.exposeBoolean('is_private_profile', { description: 'A private profile: its boards and pins are not read' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (u) => u }),
    }),
  });

  const ProfileRef = builder.objectRef<PinboardProfileRecord>('PinboardProfile').implement({
    fields: (t) => ({
      user: t.expose('user', { type: ProfileUserRef, nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (p) => p }),
    }),
  });
  operationField(profile, ProfileRef);

  pinboardPinGraphql(ImageRef, UserRef, PinRef);
}

/** `pinboardPin` and `pinboardBoard`: the detailed pin, the detailed board, the board page. */
function pinboardPinGraphql(ImageRef: Ref<PinboardImage>, UserRef: Ref<PinboardUser>, PinRef: Ref<PinboardPin>): void {
  const BoardDetailRef = builder.objectRef<PinboardBoardDetail>('PinboardBoardDetail').implement({
    fields: (t) => ({
      ...boardFields(t),
      collaboratingUsers: t.expose('collaborating_users', { type: [UserRef] }),
      owner: t.expose('owner', { type: UserRef }),
      description: t.exposeString('description'),
      privacy: t.exposeString('privacy', { description: 'public, secret or protected, as the platform spells it' }),
      followerCount: t.exposeInt('follower_count'),
      createdAt: t.exposeString('created_at', { description: 'RFC 2822 date as the platform gives it' }),
      imageCoverUrl: t.exposeString('image_cover_url'),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (b) => b }),
    }),
  });

  const StatsRef = builder
    .objectRef<NonNullable<NonNullable<PinboardPinDetail['aggregated_pin_data']>['aggregated_stats']>>('PinboardPinStats')
    .implement({
      fields: (t) => ({
        saves: t.exposeInt('saves'),
        done: t.exposeInt('done', { description: 'How many said they tried it' }),
      }),
    });

  const AggregatedRef = builder.objectRef<NonNullable<PinboardPinDetail['aggregated_pin_data']>>('PinboardAggregatedPinData').implement({
    fields: (t) => ({ aggregatedStats: t.expose('aggregated_stats', { type: StatsRef, nullable: true }) }),
  });

  const PinDetailRef = builder.objectRef<PinboardPinDetail>('PinboardPinDetail').implement({
    fields: (t) => ({
      nodeId: t.exposeString('node_id'),
      id: t.exposeString('id', { nullable: false }),
      url: t.exposeString('url', { nullable: false, description: 'The pin page on the platform' }),
      title: t.exposeString('title'),
      gridTitle: t.exposeString('grid_title'),
      description: t.exposeString('description'),
      closeupUnifiedDescription: t.exposeString('closeup_unified_description', { description: 'The description the pin page shows' }),
      autoAltText: t.exposeString('auto_alt_text'),
      link: t.exposeString('link', { description: 'The outbound link the pin points to' }),
      domain: t.exposeString('domain'),
      createdAt: t.exposeString('created_at', { description: 'RFC 2822 date as the platform gives it' }),
      isVideo: t.exposeBoolean('is_video'),
      isPromoted: t.exposeBoolean('is_promoted'),
      repinCount: t.exposeInt('repin_count'),
      commentCount: t.exposeInt('comment_count'),
      reactionCounts: t.field({ type: 'JSON', description: 'Reaction type → count, as sent', resolve: (p) => p.reaction_counts }),
      aggregatedPinData: t.expose('aggregated_pin_data', { type: AggregatedRef, nullable: true }),
      images: t.field({ type: 'JSON', description: 'Image variants keyed by size ({orig, 736x, …})', resolve: (p) => p.images }),
      videos: t.field({ type: 'JSON', description: 'Video pins: video variants by format', resolve: (p) => p.videos }),
      storyPinData: t.field({ type: 'JSON', description: 'Idea pins: their pages', resolve: (p) => p.story_pin_data }),
      richSummary: t.field({ type: 'JSON', description: 'The linked page’s summary, as sent', resolve: (p) => p.rich_summary }),
      pinner: t.expose('pinner', { type: UserRef }),
      nativeCreator: t.expose('native_creator', { type: UserRef }),
      board: t.expose('board', { type: BoardDetailRef }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (p) => p }),
    }),
  });

  const PinRecordRef = builder.objectRef<PinboardPinRecord>('PinboardPinRecord').implement({
    fields: (t) => ({
      pin: t.expose('pin', { type: PinDetailRef, nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(pin, PinRecordRef);

  const BoardPageRef = builder.objectRef<PinboardBoardPage>('PinboardBoardPage').implement({
    fields: (t) => ({
      board: t.expose('board', { type: BoardDetailRef, nullable: false }),
      pins: t.expose('pins', { type: [PinRef], nullable: true, description: 'This page of its pins; null when they could not be read' }),
      cursor: t.exposeString('cursor', { description: 'Pass unchanged as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(board, BoardPageRef);
}
