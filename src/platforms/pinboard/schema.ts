/**
 * The pinboard record (api.md "pinboard pin": `{pins[], cursor}`, and the `trim` form) as data:
 * the parsers' types, the /openapi.json response schema and what REST bodies are checked
 * against. Nullable fields: README.md.
 */
import { z } from 'zod';
import { Any, named, NBool, NInt, NNum, NStr, Str } from '../records.js';

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

/** Pinterest's size-keyed images (`orig`, `736x`, `474x`, `236x`…), each `{width, height, url}`. */
export const PinboardImageSet = z.record(z.string(), PinboardImage);
export type PinboardImageSet = z.infer<typeof PinboardImageSet>;

/**
 * A board as BoardResource (and a detailed pin) sends it: the search pin's board plus its own
 * page's members. `url` is relative (`/taladraws/sketchbook/`).
 */
export const PinboardBoardDetail = named(
  'PinboardBoardDetail',
  PinboardBoard.extend({
    description: NStr,
    /** `public` or `secret` (`protected` for a protected board), as Pinterest spells it. */
    privacy: NStr,
    follower_count: NNum,
    /** RFC 2822, as Pinterest gives it. */
    created_at: NStr,
    image_cover_url: NStr,
  }),
);
export type PinboardBoardDetail = z.infer<typeof PinboardBoardDetail>;

/** One pin as PinResource sends it (`field_set_key: "detailed"`), in Pinterest's names. */
export const PinboardPinDetail = named(
  'PinboardPinDetail',
  z.strictObject({
    node_id: NStr,
    id: Str,
    /** `https://www.pinterest.com/pin/<id>/` */
    url: Str,
    title: NStr,
    grid_title: NStr,
    description: NStr,
    /** The description the pin page shows (Pinterest's own or the pinner's). */
    closeup_unified_description: NStr,
    auto_alt_text: NStr,
    link: NStr,
    domain: NStr,
    /** RFC 2822, e.g. `Sun, 04 Apr 2021 05:43:58 +0000`. */
    created_at: NStr,
    is_video: NBool,
    is_promoted: NBool,
    repin_count: NInt,
    comment_count: NInt,
    /** Reaction type → count (`{"1": 626}`), as sent. */
    reaction_counts: z.record(z.string(), z.number()).nullable(),
    aggregated_pin_data: z.strictObject({ aggregated_stats: z.strictObject({ saves: NInt, done: NInt }).nullable() }).nullable(),
    images: PinboardImageSet.nullable(),
    /** Video pins: Pinterest's `videos` (`video_list` by format), passed through; else null. */
    videos: Any,
    /** Idea (story) pins: Pinterest's `story_pin_data`, passed through; else null. */
    story_pin_data: Any,
    /** The linked page's summary (`url`, `display_name`, `site_name`…), passed through. */
    rich_summary: Any,
    pinner: PinboardUser.nullable(),
    native_creator: PinboardUser.nullable(),
    board: PinboardBoardDetail.nullable(),
  }),
);
export type PinboardPinDetail = z.infer<typeof PinboardPinDetail>;

/** `pinboardPin`'s record. */
export const PinboardPinRecord = named('PinboardPinRecord', z.strictObject({ pin: PinboardPinDetail }).describe('One public pin'));
export type PinboardPinRecord = z.infer<typeof PinboardPinRecord>;

/** `pinboardBoard`'s record: the board, and one page of its pins (BoardFeedResource). */
export const PinboardBoardPage = named(
  'PinboardBoardPage',
  z
    .strictObject({
      board: PinboardBoardDetail,
      /** This page of the board's pins; null when that request failed (a partial read). */
      pins: z.array(PinboardPin).nullable(),
      /** Pass unchanged as `cursor` for the next page; null on the last page (or when `pins` is null). */
      cursor: NStr,
    })
    .describe('A public board and one page of its pins'),
);
export type PinboardBoardPage = z.infer<typeof PinboardBoardPage>;
