/**
 * GraphQL types and root field for microblog-c (Threads): idiomatic names over the api.md wire
 * record, plus `json` carrying the whole wire record (what REST returns, every upstream field
 * included).
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import type {
  MicroblogCCaption,
  MicroblogCImageCandidate,
  MicroblogCPost,
  MicroblogCSearchResult,
  MicroblogCTextFragment,
  MicroblogCTextPostAppInfo,
  MicroblogCUser,
} from './parse.js';
import { search } from './platform.js';
import type { MicroblogCProfileRecord, MicroblogCProfileUser } from './profile.js';
import { profile } from './profile.js';

/** Declares microblog-c's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function microblogCGraphql(): void {
  const UserRef = builder.objectRef<MicroblogCUser>('MicroblogCUser').implement({
    fields: (t) => ({
      pk: t.exposeString('pk', { description: 'Numeric user id, as a string' }),
      id: t.exposeString('id'),
      username: t.exposeString('username'),
      profilePicUrl: t.exposeString('profile_pic_url'),
      isVerified: t.exposeBoolean('is_verified'),
      textPostAppIsPrivate: t.exposeBoolean('text_post_app_is_private'),
      hasOnboardedToTextPostApp: t.exposeBoolean('has_onboarded_to_text_post_app'),
      friendshipStatus: t.field({ type: 'JSON', description: 'null for signed-out callers', resolve: (u) => u.friendship_status ?? null }),
    }),
  });

  const TextFragmentRef = builder.objectRef<MicroblogCTextFragment>('MicroblogCTextFragment').implement({
    fields: (t) => ({
      fragmentType: t.exposeString('fragment_type', { description: 'plaintext, mention, link, tag…' }),
      plaintext: t.exposeString('plaintext'),
    }),
  });

  const TextPostAppInfoRef = builder.objectRef<MicroblogCTextPostAppInfo>('MicroblogCTextPostAppInfo').implement({
    fields: (t) => ({
      textFragments: t.field({
        type: [TextFragmentRef],
        description: 'The post text in pieces (plain text, mentions, links, tags)',
        extensions: { wire: 'text_fragments.fragments' },
        resolve: (i) => i.text_fragments?.fragments ?? null,
      }),
      directReplyCount: t.exposeInt('direct_reply_count'),
      repostCount: t.exposeInt('repost_count'),
      quoteCount: t.exposeInt('quote_count'),
      reshareCount: t.exposeInt('reshare_count'),
      replyControl: t.exposeString('reply_control', { description: 'Who may reply, e.g. everyone' }),
      isReply: t.exposeBoolean('is_reply'),
      shareInfo: t.field({ type: 'JSON', description: 'Quoted / reposted post details', resolve: (i) => i.share_info ?? null }),
    }),
  });

  const CaptionRef = builder.objectRef<MicroblogCCaption>('MicroblogCCaption').implement({
    fields: (t) => ({
      text: t.exposeString('text'),
      pk: t.exposeString('pk'),
      hasTranslation: t.exposeBoolean('has_translation'),
    }),
  });

  const ImageCandidateRef = builder.objectRef<MicroblogCImageCandidate>('MicroblogCImageCandidate').implement({
    fields: (t) => ({
      url: t.exposeString('url'),
      width: t.exposeInt('width'),
      height: t.exposeInt('height'),
    }),
  });

  const PostRef = builder.objectRef<MicroblogCPost>('MicroblogCPost').implement({
    description:
      'A post found by search. With `trim: true` only id, pk, code, user (pk, id, username, is_verified, profile_pic_url), caption (text), text_post_app_info (direct_reply_count, repost_count, quote_count, reshare_count, is_reply, reply_control), media_type, like_count and taken_at are kept; other fields are null.',
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false, description: '<post pk>_<author pk>' }),
      pk: t.exposeString('pk', { nullable: false }),
      code: t.exposeString('code', { description: 'Shortcode of the post URL: https://www.threads.com/@<username>/post/<code>' }),
      user: t.expose('user', { type: UserRef }),
      caption: t.expose('caption', { type: CaptionRef }),
      textPostAppInfo: t.expose('text_post_app_info', { type: TextPostAppInfoRef }),
      imageCandidates: t.field({
        type: [ImageCandidateRef],
        description: 'image_versions2.candidates',
        extensions: { wire: 'image_versions2.candidates' },
        resolve: (p) => p.image_versions2?.candidates ?? null,
      }),
      originalWidth: t.exposeInt('original_width'),
      originalHeight: t.exposeInt('original_height'),
      mediaType: t.exposeInt('media_type', { description: '1 image, 2 video, 8 carousel, 19 text' }),
      likeCount: t.exposeInt('like_count'),
      takenAt: t.exposeInt('taken_at', { description: 'Unix seconds' }),
      organicTrackingToken: t.exposeString('organic_tracking_token'),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  const SearchResultRef = builder.objectRef<MicroblogCSearchResult>('MicroblogCSearchResult').implement({
    fields: (t) => ({
      posts: t.expose('posts', { type: [PostRef], nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(search, SearchResultRef);

  const BioLinkRef = builder.objectRef<MicroblogCProfileUser['bio_links'][number]>('MicroblogCBioLink').implement({
    fields: (t) => ({
      url: t.exposeString('url', { description: 'The link ("" where Threads keeps an empty entry)' }),
    }),
  });

  const ProfileUserRef = builder.objectRef<MicroblogCProfileUser>('MicroblogCProfileUser').implement({
    description: "Threads' user object (its further members are in `json`)",
    fields: (t) => ({
      pk: t.exposeString('pk', { description: "The account's numeric id, as a string; null where only the page's og: tags named it" }),
      username: t.exposeString('username', { nullable: false }),
      fullName: t.exposeString('full_name'),
      biography: t.exposeString('biography'),
      bioLinks: t.expose('bio_links', { type: [BioLinkRef], nullable: false, description: 'The first is the website field' }),
      followerCount: t.exposeInt('follower_count'),
      isVerified: t.exposeBoolean('is_verified'),
      isPrivate: t.exposeBoolean('is_private', { description: 'A private account: its header is public, its posts are not read' }),
      profilePicUrl: t.exposeString('profile_pic_url'),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (u) => u }),
    }),
  });

  const ProfileRef = builder.objectRef<MicroblogCProfileRecord>('MicroblogCProfile').implement({
    fields: (t) => ({
      user: t.expose('user', { type: ProfileUserRef, nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (p) => p }),
    }),
  });
  operationField(profile, ProfileRef);
}
