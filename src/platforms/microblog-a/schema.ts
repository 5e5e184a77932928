/**
 * The microblog-a records (api.md "microblog-a post", "microblog-a account / profile") as data:
 * the parsers' types, the /openapi.json response schemas and what REST bodies are checked
 * against. Nullable fields: README.md.
 */
import { z } from 'zod';
import { named, NBool, NInt, NObj, NStr, Obj, Str } from '../records.js';

export const MicroblogAAccount = named(
  'MicroblogAAccount',
  z.strictObject({
    id: Str,
    username: NStr,
    acct: NStr,
    display_name: NStr,
    locked: NBool,
    bot: NBool,
    discoverable: NBool,
    group: NBool,
    created_at: NStr,
    note: NStr,
    url: NStr,
    avatar: NStr,
    avatar_static: NStr,
    header: NStr,
    header_static: NStr,
    followers_count: NInt,
    following_count: NInt,
    statuses_count: NInt,
    last_status_at: NStr,
    verified: NBool,
    location: NStr,
    website: NStr,
    /** Only the account embedded in a status carries it; `null` on the lookup endpoint. */
    unauth_visibility: NBool,
    chats_onboarded: NBool,
    feeds_onboarded: NBool,
    accepting_messages: NBool,
    show_nonmember_group_statuses: NBool,
    emojis: z.array(Obj),
    fields: z.array(Obj),
    tv_onboarded: NBool,
    tv_account: NBool,
  }),
);
export type MicroblogAAccount = z.infer<typeof MicroblogAAccount>;

export const MicroblogAProfile = named(
  'MicroblogAProfile',
  MicroblogAAccount.extend({
    bookmarks_onboarded: NBool,
    receive_only_follow_mentions: NBool,
    pleroma: z.strictObject({ accepts_chat_messages: NBool }).nullable(),
  }),
);
export type MicroblogAProfile = z.infer<typeof MicroblogAProfile>;

export const MicroblogAMedia = z.strictObject({
  id: NStr,
  type: NStr,
  url: NStr,
  preview_url: NStr,
  external_video_id: NStr,
  remote_url: NStr,
  preview_remote_url: NStr,
  text_url: NStr,
  meta: NObj,
  description: NStr,
  blurhash: NStr,
  processing: NStr,
});
export type MicroblogAMedia = z.infer<typeof MicroblogAMedia>;

interface PostShape {
  text: string | null;
  id: string;
  created_at: string | null;
  in_reply_to_id: string | null;
  quote_id: string | null;
  in_reply_to_account_id: string | null;
  sensitive: boolean | null;
  spoiler_text: string | null;
  visibility: string | null;
  language: string | null;
  uri: string | null;
  url: string | null;
  content: string | null;
  account: MicroblogAAccount | null;
  media_attachments: MicroblogAMedia[];
  mentions: Record<string, unknown>[];
  tags: Record<string, unknown>[];
  card: Record<string, unknown> | null;
  group: Record<string, unknown> | null;
  quote: PostShape | null;
  in_reply_to: PostShape | null;
  reblog: PostShape | null;
  sponsored: boolean | null;
  replies_count: number | null;
  reblogs_count: number | null;
  favourites_count: number | null;
  favourited: boolean | null;
  reblogged: boolean | null;
  muted: boolean | null;
  pinned: boolean | null;
  bookmarked: boolean | null;
  poll: Record<string, unknown> | null;
  emojis: Record<string, unknown>[];
}

/**
 * A post quotes, answers or boosts another post of the same shape: the recursive members are
 * getters (zod's way to declare a cycle), so the TypeScript type is spelled out once (PostShape)
 * and the schema is checked to produce it.
 */
export const MicroblogAPost: z.ZodType<PostShape> = named(
  'MicroblogAPost',
  z.strictObject({
    text: NStr,
    id: Str,
    created_at: NStr,
    in_reply_to_id: NStr,
    quote_id: NStr,
    in_reply_to_account_id: NStr,
    sensitive: NBool,
    spoiler_text: NStr,
    visibility: NStr,
    language: NStr,
    uri: NStr,
    url: NStr,
    content: NStr,
    account: MicroblogAAccount.nullable(),
    media_attachments: z.array(MicroblogAMedia),
    mentions: z.array(Obj),
    tags: z.array(Obj),
    card: NObj,
    group: NObj,
    get quote() {
      return MicroblogAPost.nullable();
    },
    get in_reply_to() {
      return MicroblogAPost.nullable();
    },
    get reblog() {
      return MicroblogAPost.nullable();
    },
    sponsored: NBool,
    replies_count: NInt,
    reblogs_count: NInt,
    favourites_count: NInt,
    favourited: NBool,
    reblogged: NBool,
    muted: NBool,
    pinned: NBool,
    bookmarked: NBool,
    poll: NObj,
    emojis: z.array(Obj),
  }),
);
export type MicroblogAPost = z.infer<typeof MicroblogAPost>;
