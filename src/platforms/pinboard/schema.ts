/**
 * The pinboard record (api.md "pinboard pin": `{pins[], cursor}`, and the `trim` form) as data:
 * the parsers' types, the /openapi.json response schema and what REST bodies are checked
 * against. Nullable fields: README.md.
 */
import { z } from 'zod';
import { Any, named, NBool, NNum, NStr, Str } from '../records.js';

export const PinboardImage = z.strictObject({ width: NNum, height: NNum, url: NStr });
export type PinboardImage = z.infer<typeof PinboardImage>;

export const PinboardUser = z.strictObject({
  node_id: NStr,
  id: NStr,
  username: NStr,
  full_name: NStr,
  follower_count: NNum,
  image_small_url: NStr,
  image_medium_url: NStr,
  image_large_url: NStr,
  is_ads_only_profile: NBool,
  is_primary_website_verified: NBool,
  is_verified_merchant: NBool,
  /** An object (`{}` when the user has none), passed through. */
  verified_identity: Any,
  /** Not in api.md's list; kept because Pinterest and the peer example both carry it. */
  ads_only_profile_site: NStr,
});
export type PinboardUser = z.infer<typeof PinboardUser>;

export const PinboardBoard = z.strictObject({
  node_id: NStr,
  id: NStr,
  name: NStr,
  /** Relative, as Pinterest gives it: `/cindybcindyb/juicing/`. */
  url: NStr,
  pin_count: NNum,
  section_count: NNum,
  is_collaborative: NBool,
  collaborator_count: NNum,
  collaborating_users: z.array(PinboardUser).nullable(),
  /** Pinterest's size-keyed image maps (`{"222x": {url, width, height}}`), passed through. */
  cover_images: Any,
  images: Any,
  owner: PinboardUser.nullable(),
  type: NStr,
  board_order_modified_at: NStr,
});
export type PinboardBoard = z.infer<typeof PinboardBoard>;

export const PinboardPin = named(
  'PinboardPin',
  z.strictObject({
    node_id: NStr,
    id: Str,
    url: Str,
    title: NStr,
    description: NStr,
    grid_title: NStr,
    auto_alt_text: NStr,
    seo_alt_text: NStr,
    link: NStr,
    domain: NStr,
    is_promoted: NBool,
    /** Pinterest's RFC 2822 date, e.g. `Sun, 04 Apr 2021 05:43:58 +0000`. */
    created_at: NStr,
    images: z.strictObject({ orig: PinboardImage.nullable() }),
    board: PinboardBoard.nullable(),
    pinner: PinboardUser.nullable(),
    native_creator: PinboardUser.nullable(),
    /** Video pins: Pinterest's `videos` object (`video_list` by format), passed through; else null. */
    videos: Any,
    /** Idea (story) pins: Pinterest's `story_pin_data`, passed through; else null. */
    story_pin_data: Any,
  }),
);
export type PinboardPin = z.infer<typeof PinboardPin>;

/** `trim: true`: the reduced pin, same names as the full one. */
export const TrimmedPin = named(
  'PinboardTrimmedPin',
  z.strictObject({
    id: Str,
    url: Str,
    title: NStr,
    grid_title: NStr,
    description: NStr,
    link: NStr,
    domain: NStr,
    is_promoted: NBool,
    created_at: NStr,
    images: z.strictObject({ orig: PinboardImage.nullable() }),
    board: z.strictObject({ id: NStr, name: NStr, url: NStr }).nullable(),
    pinner: z.strictObject({ id: NStr, username: NStr, full_name: NStr }).nullable(),
  }),
);
export type TrimmedPin = z.infer<typeof TrimmedPin>;

export const PinboardSearchPage = named(
  'PinboardSearchPage',
  z.strictObject({
    pins: z.union([z.array(PinboardPin), z.array(TrimmedPin)]),
    /** Pass unchanged as `cursor` for the next page; null when there is none. */
    cursor: NStr,
  }),
);
export type PinboardSearchPage = z.infer<typeof PinboardSearchPage>;
