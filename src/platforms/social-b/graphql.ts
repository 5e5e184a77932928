/**
 * GraphQL types and root field for social-b (Instagram): idiomatic names over the api.md
 * profile, plus `json` carrying the whole wire record (what REST returns, Instagram's further
 * flags included).
 */
import { builder } from '../../graphql/builder.js';
import type { Fields, Ref } from '../../graphql/fields.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import type {
  SocialBBioLink,
  SocialBMedia,
  SocialBPageInfo,
  SocialBProfile,
  SocialBThumbnail,
  SocialBTimelineMedia,
  SocialBUser,
} from './parse.js';
import { profile } from './platform.js';
import type {
  SocialBCarouselItem,
  SocialBImageCandidate,
  SocialBPost,
  SocialBPostCaption,
  SocialBPostOwner,
  SocialBPostRecord,
  SocialBVideoVersion,
} from './post.js';
import { post } from './post.js';
import type { SocialBPostsPage } from './posts.js';
import { posts } from './posts.js';

/** A photo or video's media: declared once for a post (SocialBPost) and a carousel item (SocialBCarouselItem). */
function mediaFields(
  t: Fields<Pick<SocialBCarouselItem, 'id' | 'image_versions2' | 'video_versions' | 'original_width' | 'original_height'>>,
  ImageVersionsRef: Ref<NonNullable<SocialBPost['image_versions2']>>,
  VideoVersionRef: Ref<SocialBVideoVersion>,
) {
  return {
    id: t.exposeString('id', { nullable: false }),
    imageVersions2: t.expose('image_versions2', { type: ImageVersionsRef, nullable: true }),
    videoVersions: t.expose('video_versions', { type: [VideoVersionRef], nullable: true }),
    originalWidth: t.exposeInt('original_width'),
    originalHeight: t.exposeInt('original_height'),
  };
}

/** Declares social-b's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function socialBGraphql(): void {
  const { MediaRef } = profileGraphql();
  postGraphql(MediaRef);
}

/** socialBProfile and its types; returns the grid media type the post types reuse. */
function profileGraphql() {
  const BioLinkRef = builder.objectRef<SocialBBioLink>('SocialBBioLink').implement({
    fields: (t) => ({
      title: t.exposeString('title'),
      lynxUrl: t.exposeString('lynx_url', { description: "Instagram's l.instagram.com redirect to url" }),
      url: t.exposeString('url'),
      linkType: t.exposeString('link_type'),
    }),
  });

  const BiographyRef = builder.objectRef<NonNullable<SocialBUser['biography_with_entities']>>('SocialBBiographyWithEntities').implement({
    fields: (t) => ({
      rawText: t.exposeString('raw_text'),
      entities: t.field({ type: 'JSON', description: 'Mentioned users and hashtags', resolve: (b) => b.entities }),
    }),
  });

  const DimensionsRef = builder.objectRef<NonNullable<SocialBMedia['dimensions']>>('SocialBDimensions').implement({
    fields: (t) => ({
      width: t.exposeInt('width'),
      height: t.exposeInt('height'),
    }),
  });

  const ThumbnailRef = builder.objectRef<SocialBThumbnail>('SocialBThumbnail').implement({
    fields: (t) => ({
      src: t.exposeString('src'),
      configWidth: t.exposeInt('config_width'),
      configHeight: t.exposeInt('config_height'),
    }),
  });

  const MediaOwnerRef = builder.objectRef<NonNullable<SocialBMedia['owner']>>('SocialBMediaOwner').implement({
    fields: (t) => ({
      id: t.exposeString('id'),
      username: t.exposeString('username'),
    }),
  });

  const MediaRef = builder.objectRef<SocialBMedia>('SocialBMedia').implement({
    description: 'A post on the profile grid',
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false }),
      shortcode: t.exposeString('shortcode', { nullable: false, description: 'The post URL is https://www.instagram.com/p/<shortcode>/' }),
      typename: t.string({
        description: 'GraphImage, GraphVideo or GraphSidecar',
        resolve: (m) => {
          const t = (m as unknown as Record<string, unknown>).__typename;
          return typeof t === 'string' ? t : null;
        },
      }),
      dimensions: t.expose('dimensions', { type: DimensionsRef }),
      displayUrl: t.exposeString('display_url'),
      isVideo: t.exposeBoolean('is_video'),
      videoUrl: t.exposeString('video_url'),
      // Float: a viral reel's views can pass GraphQL's 32-bit Int.
      videoViewCount: t.exposeFloat('video_view_count'),
      commentCount: t.int({ extensions: { wire: 'edge_media_to_comment.count' }, resolve: (m) => m.edge_media_to_comment.count }),
      likeCount: t.int({ extensions: { wire: 'edge_liked_by.count' }, resolve: (m) => m.edge_liked_by.count }),
      takenAtTimestamp: t.exposeInt('taken_at_timestamp', { description: 'Unix seconds' }),
      thumbnailSrc: t.exposeString('thumbnail_src'),
      thumbnailResources: t.expose('thumbnail_resources', { type: [ThumbnailRef], nullable: false }),
      owner: t.expose('owner', { type: MediaOwnerRef }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (m) => m }),
    }),
  });

  const PageInfoRef = builder.objectRef<SocialBPageInfo>('SocialBPageInfo').implement({
    fields: (t) => ({
      hasNextPage: t.exposeBoolean('has_next_page', { nullable: false }),
      endCursor: t.exposeString('end_cursor'),
    }),
  });

  const MediaEdgeRef = builder.objectRef<{ node: SocialBMedia }>('SocialBMediaEdge').implement({
    fields: (t) => ({
      node: t.expose('node', { type: MediaRef, nullable: false }),
    }),
  });

  const TimelineRef = builder.objectRef<SocialBTimelineMedia>('SocialBTimelineMedia').implement({
    fields: (t) => ({
      count: t.exposeInt('count', { description: 'Posts on the profile' }),
      pageInfo: t.expose('page_info', { type: PageInfoRef, nullable: false }),
      edges: t.expose('edges', {
        type: [MediaEdgeRef],
        nullable: false,
        description: 'The latest posts (about 12); empty for a private account',
      }),
    }),
  });

  const UserRef = builder.objectRef<SocialBUser>('SocialBUser').implement({
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false }),
      fbid: t.exposeString('fbid'),
      username: t.exposeString('username', { nullable: false }),
      fullName: t.exposeString('full_name'),
      biography: t.exposeString('biography'),
      biographyWithEntities: t.expose('biography_with_entities', { type: BiographyRef }),
      bioLinks: t.expose('bio_links', { type: [BioLinkRef], nullable: false }),
      externalUrl: t.exposeString('external_url'),
      followerCount: t.int({ extensions: { wire: 'edge_followed_by.count' }, resolve: (u) => u.edge_followed_by.count }),
      followingCount: t.int({ extensions: { wire: 'edge_follow.count' }, resolve: (u) => u.edge_follow.count }),
      isPrivate: t.exposeBoolean('is_private', { description: 'A private account is returned with its public header only: no posts' }),
      isVerified: t.exposeBoolean('is_verified'),
      isBusinessAccount: t.exposeBoolean('is_business_account'),
      isProfessionalAccount: t.exposeBoolean('is_professional_account'),
      categoryName: t.exposeString('category_name'),
      businessAddressJson: t.exposeString('business_address_json', { description: 'A JSON document, as a string' }),
      businessEmail: t.exposeString('business_email'),
      businessPhoneNumber: t.exposeString('business_phone_number'),
      profilePicUrl: t.exposeString('profile_pic_url'),
      profilePicUrlHd: t.exposeString('profile_pic_url_hd'),
      highlightReelCount: t.exposeInt('highlight_reel_count'),
      hasClips: t.exposeBoolean('has_clips'),
      timelineMedia: t.expose('edge_owner_to_timeline_media', { type: TimelineRef, nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (u) => u }),
    }),
  });

  const ProfileRef = builder.objectRef<SocialBProfile>('SocialBProfile').implement({
    fields: (t) => ({
      user: t.field({ type: UserRef, nullable: false, extensions: { wire: 'data.user' }, resolve: (p) => p.data.user }),
      status: t.exposeString('status'),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (p) => p }),
    }),
  });

  operationField(profile, ProfileRef);
  return { MediaRef };
}

/** socialBPost (one post or reel as Instagram's media dict), socialBPosts and their types. */
function postGraphql(MediaRef: ReturnType<typeof profileGraphql>['MediaRef']): void {
  const ImageCandidateRef = builder.objectRef<SocialBImageCandidate>('SocialBImageCandidate').implement({
    fields: (t) => ({
      url: t.exposeString('url', { nullable: false }),
      width: t.exposeInt('width'),
      height: t.exposeInt('height'),
    }),
  });

  const ImageVersionsRef = builder.objectRef<NonNullable<SocialBPost['image_versions2']>>('SocialBImageVersions').implement({
    fields: (t) => ({
      candidates: t.expose('candidates', { type: [ImageCandidateRef], nullable: false, description: 'Largest first' }),
    }),
  });

  const VideoVersionRef = builder.objectRef<SocialBVideoVersion>('SocialBVideoVersion').implement({
    fields: (t) => ({
      url: t.exposeString('url', { nullable: false }),
      width: t.exposeInt('width'),
      height: t.exposeInt('height'),
      type: t.exposeInt('type', { description: 'Rendition kind' }),
    }),
  });

  const PostOwnerRef = builder.objectRef<SocialBPostOwner>('SocialBPostOwner').implement({
    fields: (t) => ({
      pk: t.exposeString('pk'),
      username: t.exposeString('username'),
      fullName: t.exposeString('full_name'),
      isVerified: t.exposeBoolean('is_verified'),
      isPrivate: t.exposeBoolean('is_private'),
      profilePicUrl: t.exposeString('profile_pic_url'),
    }),
  });

  const CaptionRef = builder.objectRef<SocialBPostCaption>('SocialBPostCaption').implement({
    fields: (t) => ({
      pk: t.exposeString('pk'),
      text: t.exposeString('text'),
      createdAt: t.exposeInt('created_at', { description: 'Unix seconds' }),
    }),
  });

  const CarouselItemRef = builder.objectRef<SocialBCarouselItem>('SocialBCarouselItem').implement({
    fields: (t) => ({
      ...mediaFields(t, ImageVersionsRef, VideoVersionRef),
      mediaType: t.exposeInt('media_type', { description: '1 image, 2 video' }),
    }),
  });

  const PostRef = builder.objectRef<SocialBPost>('SocialBPost').implement({
    description: "A post or reel (Instagram's media object; its further members are in `json`)",
    fields: (t) => ({
      ...mediaFields(t, ImageVersionsRef, VideoVersionRef),
      pk: t.exposeString('pk', { nullable: false, description: 'Numeric media id, as a string (64 bits)' }),
      code: t.exposeString('code', { nullable: false, description: 'The post URL is https://www.instagram.com/p/<code>/' }),
      takenAt: t.exposeInt('taken_at', { description: 'Unix seconds' }),
      mediaType: t.exposeInt('media_type', { description: '1 image, 2 video, 8 carousel' }),
      productType: t.exposeString('product_type'),
      caption: t.expose('caption', { type: CaptionRef, nullable: true }),
      likeCount: t.exposeInt('like_count'),
      commentCount: t.exposeInt('comment_count'),
      // Float: a viral reel's plays can pass GraphQL's 32-bit Int.
      playCount: t.exposeFloat('play_count'),
      owner: t.expose('owner', { type: PostOwnerRef, nullable: true }),
      carouselMediaCount: t.exposeInt('carousel_media_count'),
      carouselMedia: t.expose('carousel_media', { type: [CarouselItemRef], nullable: true }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (p) => p }),
    }),
  });

  const PostRecordRef = builder.objectRef<SocialBPostRecord>('SocialBPostRecord').implement({
    fields: (t) => ({
      post: t.expose('post', { type: PostRef, nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(post, PostRecordRef);

  // socialBPosts: a page of the grid, each post a timeline node (SocialBMedia above).
  const PostsPageRef = builder.objectRef<SocialBPostsPage>('SocialBPostsPage').implement({
    fields: (t) => ({
      posts: t.expose('posts', { type: [MediaRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: 'Pass unchanged as cursor for the next page; null on the last page' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(posts, PostsPageRef);
}
