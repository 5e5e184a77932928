/**
 * The social-b record (api.md "Social-b profile": `{data: {user}, status}`) as data: the parser's
 * types, the /openapi.json response schema and what REST bodies are checked against. The user
 * carries "many flags" beyond the listed fields, and Instagram's further members of media nodes,
 * bio links, owners and thumbnails pass through after the listed ones: those objects are loose
 * (documented fields typed, others allowed). Nullable fields: README.md.
 */
import { z } from 'zod';
import { Any, Bool, named, NBool, NNum, NStr, passThrough, Str } from '../records.js';

export const SocialBBioLink = passThrough(
  z.strictObject({
    title: NStr,
    /** Instagram's l.instagram.com redirect to `url`. */
    lynx_url: NStr,
    url: NStr,
    link_type: NStr,
  }),
);
export type SocialBBioLink = z.infer<typeof SocialBBioLink>;

export const SocialBPageInfo = z.strictObject({ has_next_page: Bool, end_cursor: NStr });
export type SocialBPageInfo = z.infer<typeof SocialBPageInfo>;

export const SocialBThumbnail = passThrough(z.strictObject({ src: NStr, config_width: NNum, config_height: NNum }));
export type SocialBThumbnail = z.infer<typeof SocialBThumbnail>;

const Count = z.strictObject({ count: NNum });

export const SocialBMedia = passThrough(
  z.strictObject({
    id: Str,
    shortcode: Str,
    dimensions: z.strictObject({ height: NNum, width: NNum }).nullable(),
    display_url: NStr,
    is_video: NBool,
    /** Videos only. */
    video_url: NStr,
    /** Videos only. */
    video_view_count: NNum,
    edge_media_to_comment: Count,
    edge_liked_by: Count,
    /** Unix seconds. */
    taken_at_timestamp: NNum,
    thumbnail_src: NStr,
    thumbnail_resources: z.array(SocialBThumbnail),
    owner: passThrough(z.strictObject({ id: NStr, username: NStr })).nullable(),
    /** GraphImage, GraphVideo or GraphSidecar, passed through where the upstream sends it (GraphQL `typename`). */
    __typename: Any.optional(),
  }),
);
export type SocialBMedia = z.infer<typeof SocialBMedia>;

export const SocialBTimelineMedia = z.strictObject({
  count: NNum,
  page_info: SocialBPageInfo,
  edges: z.array(z.strictObject({ node: SocialBMedia })),
});
export type SocialBTimelineMedia = z.infer<typeof SocialBTimelineMedia>;

export const SocialBUser = passThrough(
  z.strictObject({
    id: Str,
    fbid: NStr,
    username: Str,
    full_name: NStr,
    biography: NStr,
    biography_with_entities: z.strictObject({ raw_text: NStr, entities: z.array(Any) }).nullable(),
    bio_links: z.array(SocialBBioLink),
    external_url: NStr,
    edge_followed_by: Count,
    edge_follow: Count,
    is_private: NBool,
    is_verified: NBool,
    is_business_account: NBool,
    is_professional_account: NBool,
    category_name: NStr,
    /** A JSON document as a string (`{"city_name": …}`), as Instagram sends it. */
    business_address_json: NStr,
    business_email: NStr,
    business_phone_number: NStr,
    profile_pic_url: NStr,
    profile_pic_url_hd: NStr,
    highlight_reel_count: NNum,
    has_clips: NBool,
    edge_owner_to_timeline_media: SocialBTimelineMedia,
  }),
);
export type SocialBUser = z.infer<typeof SocialBUser>;

export const SocialBProfile = named(
  'SocialBProfile',
  z.strictObject({
    data: z.strictObject({ user: SocialBUser }),
    /** Instagram's `status` (`ok`). */
    status: Str,
  }),
);
export type SocialBProfile = z.infer<typeof SocialBProfile>;
