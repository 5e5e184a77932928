/**
 * The microblog-c record (api.md "microblog-c search result", and its `trim` form) as data: the
 * parsers' types, the /openapi.json response schema and what REST bodies are checked against.
 * api.md lists a post's and its user's fields "and others", "and further nullable fields": the
 * upstream objects are passed through whole, so they are loose (documented fields typed, others
 * allowed). Nullable fields: README.md.
 */
import { z } from 'zod';
import { named, passThrough, NBool, NInt, NObj, NStr, Str } from '../records.js';

/** The user object of a post (and of a profile answer): api.md's fields, then whatever else came. */
export const MicroblogCUser = passThrough(
  z.strictObject({
    friendship_status: NObj,
    pk: NStr,
    profile_pic_url: NStr,
    username: NStr,
    id: NStr,
    is_verified: NBool,
    text_post_app_is_private: NBool,
    has_onboarded_to_text_post_app: NBool,
  }),
);
export type MicroblogCUser = z.infer<typeof MicroblogCUser>;

export const MicroblogCTextFragment = passThrough(z.strictObject({ fragment_type: NStr, plaintext: NStr }));
export type MicroblogCTextFragment = z.infer<typeof MicroblogCTextFragment>;

export const MicroblogCTextPostAppInfo = passThrough(
  z.strictObject({
    text_fragments: passThrough(z.strictObject({ fragments: z.array(MicroblogCTextFragment) })).nullable(),
    reshare_count: NInt,
    direct_reply_count: NInt,
    repost_count: NInt,
    quote_count: NInt,
    share_info: NObj,
    reply_control: NStr,
    is_reply: NBool,
  }),
);
export type MicroblogCTextPostAppInfo = z.infer<typeof MicroblogCTextPostAppInfo>;

export const MicroblogCCaption = passThrough(z.strictObject({ text: NStr, pk: NStr, has_translation: NBool }));
export type MicroblogCCaption = z.infer<typeof MicroblogCCaption>;

export const MicroblogCImageCandidate = passThrough(z.strictObject({ url: NStr, width: NInt, height: NInt }));
export type MicroblogCImageCandidate = z.infer<typeof MicroblogCImageCandidate>;

export const MicroblogCPost = named(
  'MicroblogCPost',
  passThrough(
    z.strictObject({
      id: Str,
      pk: Str,
      user: MicroblogCUser.nullable(),
      text_post_app_info: MicroblogCTextPostAppInfo.nullable(),
      caption: MicroblogCCaption.nullable(),
      code: NStr,
      image_versions2: passThrough(z.strictObject({ candidates: z.array(MicroblogCImageCandidate) })).nullable(),
      original_height: NInt,
      original_width: NInt,
      /** 1 image, 2 video, 8 carousel, 19 text-only. */
      media_type: NInt,
      like_count: NInt,
      /** Unix seconds. */
      taken_at: NInt,
      organic_tracking_token: NStr,
    }),
  ),
);
export type MicroblogCPost = z.infer<typeof MicroblogCPost>;

/** `trim=true` (TRIMMED_POST in parse.ts): the listed fields of the full post, nothing else. */
export const MicroblogCTrimmedPost = named(
  'MicroblogCTrimmedPost',
  z.strictObject({
    id: Str,
    pk: Str,
    code: NStr,
    user: z.strictObject({ pk: NStr, id: NStr, username: NStr, is_verified: NBool, profile_pic_url: NStr }).nullable(),
    caption: z.strictObject({ text: NStr }).nullable(),
    text_post_app_info: z
      .strictObject({
        direct_reply_count: NInt,
        repost_count: NInt,
        quote_count: NInt,
        reshare_count: NInt,
        is_reply: NBool,
        reply_control: NStr,
      })
      .nullable(),
    media_type: NInt,
    like_count: NInt,
    taken_at: NInt,
  }),
);

/** What the parser returns (trimmed posts are typed as posts: same names, fewer of them). */
export const MicroblogCSearchResult = z.strictObject({ posts: z.array(MicroblogCPost) });
export type MicroblogCSearchResult = z.infer<typeof MicroblogCSearchResult>;

/** The /v1 record: posts, or trimmed posts with `trim=true`. */
export const MicroblogCSearchRecord = named(
  'MicroblogCSearchResult',
  z.strictObject({ posts: z.array(z.union([MicroblogCPost, MicroblogCTrimmedPost])) }),
);
