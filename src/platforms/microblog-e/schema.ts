/**
 * microblog-e (any Mastodon-compatible server) records as data: the parsers' types, the
 * /openapi.json response schemas and what REST bodies are checked against. Field names are
 * Mastodon's own (Account, Status entities); the viewer's state (`favourited`, `bookmarked`,
 * `muted`, `filtered`…) is never part of a record. Nullable fields: README.md.
 */
import { z } from 'zod';
import { named, NBool, NInt, NObj, NStr, Obj, Str } from '../records.js';

export const MicroblogEField = z.strictObject({
  name: NStr.describe('Label, as the account wrote it'),
  value: NStr.describe('Value as HTML (a link is an `<a href>`)'),
  verified_at: NStr.describe(
    'When the server last confirmed the linked page links back to this profile with rel="me"; null when not verified',
  ),
});
export type MicroblogEField = z.infer<typeof MicroblogEField>;

export const MicroblogEAccount = named(
  'MicroblogEAccount',
  z.strictObject({
    id: Str.describe("The account's id on the server that answered"),
    username: NStr.describe('Username, without the server'),
    acct: NStr.describe('`username` for an account of the server that answered, `username@server` for a remote one'),
    display_name: NStr,
    locked: NBool.describe('Follow requests are approved by hand'),
    bot: NBool,
    group: NBool,
    discoverable: NBool.describe('Listed in the server directory; null when the account never chose'),
    indexable: NBool.describe('Public posts may be indexed for search; null on servers before Mastodon 4.2'),
    created_at: NStr.describe('Account creation date (Mastodon rounds it to the day)'),
    note: NStr.describe('Bio as HTML'),
    url: NStr.describe("Profile page on the account's own server"),
    uri: NStr.describe('ActivityPub id'),
    avatar: NStr,
    avatar_static: NStr,
    header: NStr.describe('Header image (`…/missing.png` when none)'),
    header_static: NStr,
    followers_count: NInt,
    following_count: NInt,
    statuses_count: NInt,
    last_status_at: NStr.describe('Date of the last post (day precision)'),
    hide_collections: NBool.describe(
      'The account hides whom it follows and who follows it (the server answers others an empty list); null where the server does not say',
    ),
    emojis: z.array(Obj).describe('Custom emoji used in the name and bio'),
    fields: z.array(MicroblogEField).describe('Profile metadata: up to 4 (server-configurable) label/value pairs'),
    moved: NObj.describe('The account this one moved to; null when it has not'),
  }),
  'A Mastodon account (Account entity)',
);
export type MicroblogEAccount = z.infer<typeof MicroblogEAccount>;

interface StatusShape {
  id: string;
  uri: string | null;
  url: string | null;
  created_at: string | null;
  edited_at: string | null;
  account: MicroblogEAccount | null;
  content: string | null;
  visibility: string | null;
  sensitive: boolean | null;
  spoiler_text: string | null;
  language: string | null;
  in_reply_to_id: string | null;
  in_reply_to_account_id: string | null;
  reblog: StatusShape | null;
  media_attachments: Record<string, unknown>[];
  mentions: Record<string, unknown>[];
  tags: Record<string, unknown>[];
  emojis: Record<string, unknown>[];
  card: Record<string, unknown> | null;
  poll: Record<string, unknown> | null;
  replies_count: number | null;
  reblogs_count: number | null;
  favourites_count: number | null;
}

export const MicroblogEStatus: z.ZodType<StatusShape> = named(
  'MicroblogEStatus',
  z.strictObject({
    id: Str.describe("The status id on the server that answered (a remote status's id differs from its origin's)"),
    uri: NStr.describe('ActivityPub id (on the origin server)'),
    url: NStr.describe('Web page of the status (on the origin server)'),
    created_at: NStr,
    edited_at: NStr.describe('Last edit; null when never edited'),
    account: MicroblogEAccount.nullable().describe('The author (the booster, for a boost)'),
    content: NStr.describe('HTML'),
    visibility: NStr.describe('`public` or `unlisted` (other visibilities are never returned)'),
    sensitive: NBool,
    spoiler_text: NStr.describe('Content warning; empty when none'),
    language: NStr,
    in_reply_to_id: NStr,
    in_reply_to_account_id: NStr,
    get reblog() {
      return MicroblogEStatus.nullable().describe('The boosted status, for a boost; null otherwise');
    },
    media_attachments: z.array(Obj).describe('MediaAttachment entities, as sent'),
    mentions: z.array(Obj),
    tags: z.array(Obj).describe('Hashtags (`name`, `url`)'),
    emojis: z.array(Obj),
    card: NObj.describe('Link preview card; null when none'),
    poll: NObj,
    replies_count: NInt,
    reblogs_count: NInt,
    favourites_count: NInt,
  }),
  'A Mastodon status (Status entity)',
);
export type MicroblogEStatus = z.infer<typeof MicroblogEStatus>;

const Cursor = NStr.describe('Pass unchanged as `cursor` (with the same other parameters) for the next page; null at the end');

export const MicroblogEPostsPage = named(
  'MicroblogEPostsPage',
  z.strictObject({ posts: z.array(MicroblogEStatus).describe("The account's public statuses and boosts, newest first"), cursor: Cursor }),
  "One page of a Mastodon account's statuses",
);
export type MicroblogEPostsPage = z.infer<typeof MicroblogEPostsPage>;

export const MicroblogETagPage = named(
  'MicroblogETagPage',
  z.strictObject({
    posts: z
      .array(MicroblogEStatus)
      .describe('Public statuses with the hashtag that the server knows of (its own and federated), newest first'),
    cursor: Cursor,
  }),
  "One page of a Mastodon server's hashtag timeline",
);
export type MicroblogETagPage = z.infer<typeof MicroblogETagPage>;

export const MicroblogEProfileSearch = named(
  'MicroblogEProfileSearch',
  z.strictObject({
    profiles: z
      .array(MicroblogEAccount)
      .describe(
        "Accounts the server knows whose name or handle matches, in the server's order (at most 40); a remote account's `acct` is `username@server`",
      ),
  }),
  'Accounts matching a query on a Mastodon server (`/api/v2/search?type=accounts`)',
);
export type MicroblogEProfileSearch = z.infer<typeof MicroblogEProfileSearch>;

const FollowsAccount = MicroblogEAccount.describe(
  'The account asked for: its profile record (`/v1/microblog-e/profile`), looked up by this call',
);
const FollowsCursor = NStr.describe(
  'Pass unchanged as `cursor` (with the same handle) for the next page; null at the end (no `rel="next"` Link)',
);

export const MicroblogEFollowersPage = named(
  'MicroblogEFollowersPage',
  z.strictObject({
    account: FollowsAccount,
    followers: z
      .array(MicroblogEAccount)
      .describe(
        "Accounts following it, most recent follow first (at most 80), as the server has them (a remote account's `acct` is `username@server`)",
      ),
    cursor: FollowsCursor,
  }),
  "One page of a Mastodon account's followers",
);
export type MicroblogEFollowersPage = z.infer<typeof MicroblogEFollowersPage>;

export const MicroblogEFollowingPage = named(
  'MicroblogEFollowingPage',
  z.strictObject({
    account: FollowsAccount,
    following: z
      .array(MicroblogEAccount)
      .describe(
        "Accounts it follows, most recent follow first (at most 80), as the server has them (a remote account's `acct` is `username@server`)",
      ),
    cursor: FollowsCursor,
  }),
  'One page of the accounts a Mastodon account follows',
);
export type MicroblogEFollowingPage = z.infer<typeof MicroblogEFollowingPage>;

export const MicroblogEPostContext = named(
  'MicroblogEPostContext',
  z.strictObject({
    post: MicroblogEStatus.describe('The status asked for (public or unlisted)'),
    ancestors: z
      .array(MicroblogEStatus)
      .nullable()
      .describe(
        "The public statuses it replies to, from the thread's top down to its parent ([] for a status that replies to none); null when the thread could not be read (a partial read)",
      ),
    descendants: z
      .array(MicroblogEStatus)
      .nullable()
      .describe(
        'The public replies below it, depth first, as far as the server shows them to anonymous callers; null when the thread could not be read (a partial read)',
      ),
  }),
  'A Mastodon status and its thread (`/api/v1/statuses/<id>` and `/context`)',
);
export type MicroblogEPostContext = z.infer<typeof MicroblogEPostContext>;

export const MicroblogEInteractionPost = named(
  'MicroblogEInteractionPost',
  z.strictObject({
    id: Str.describe('The status id on the server that answered'),
    url: NStr.describe('Web page of the status (on the origin server)'),
    reblogs_count: NInt.describe('Boosts the server counts (the list may show fewer: Mastodon leaves out suspended accounts)'),
    favourites_count: NInt.describe('Favourites the server counts'),
  }),
  'The status whose boosters or favouriters are listed (its id, page and counts, from `/api/v1/statuses/<id>`)',
);
export type MicroblogEInteractionPost = z.infer<typeof MicroblogEInteractionPost>;

/** One page of the accounts that boosted or favourited a status (`who`: what they did). */
function interactionsPage(name: string, who: string, description: string) {
  return named(
    name,
    z.strictObject({
      post: MicroblogEInteractionPost.describe('The status asked for (public or unlisted), read by this call'),
      accounts: z
        .array(MicroblogEAccount)
        .describe(
          `Accounts that ${who} it, most recent first (at most 80), as the server has them (a remote account's \`acct\` is \`username@server\`)`,
        ),
      cursor: NStr.describe('Pass unchanged as `cursor` (with the same url) for the next page; null at the end (no `rel="next"` Link)'),
    }),
    description,
  );
}

export const MicroblogERebloggedByPage = interactionsPage(
  'MicroblogERebloggedByPage',
  'boosted',
  'One page of the accounts that boosted a Mastodon status (`/api/v1/statuses/<id>/reblogged_by`)',
);
export const MicroblogEFavouritedByPage = interactionsPage(
  'MicroblogEFavouritedByPage',
  'favourited',
  'One page of the accounts that favourited a Mastodon status (`/api/v1/statuses/<id>/favourited_by`)',
);
/** Either page (the two records have the same members). */
export type MicroblogEInteractionsPage = z.infer<typeof MicroblogERebloggedByPage>;
export type MicroblogERebloggedByPage = MicroblogEInteractionsPage;
export type MicroblogEFavouritedByPage = z.infer<typeof MicroblogEFavouritedByPage>;

export const MicroblogETagHistory = z.strictObject({
  day: NInt.describe('The day, as Unix time (seconds) of its start, UTC'),
  uses: NInt.describe('Statuses using the hashtag that day, as the server counts them'),
  accounts: NInt.describe('Accounts using the hashtag that day'),
});
export type MicroblogETagHistory = z.infer<typeof MicroblogETagHistory>;

export const MicroblogETrendTag = named(
  'MicroblogETrendTag',
  z.strictObject({
    name: Str.describe('The hashtag, without #, as the server writes it'),
    url: NStr.describe("The hashtag's page on the server that answered"),
    history: z
      .array(MicroblogETagHistory)
      .nullable()
      .describe('Daily use over the past week, most recent day first; null when the server sent none'),
  }),
  'A trending hashtag (Mastodon Tag entity, without the viewer’s `following`)',
);
export type MicroblogETrendTag = z.infer<typeof MicroblogETrendTag>;

const TrendsCursor = NStr.describe(
  'Pass unchanged as `cursor` (with the same instance) for the next page; null at the end. Trends change as they are read: a later page may repeat or skip an item',
);

export const MicroblogETrendsTagsPage = named(
  'MicroblogETrendsTagsPage',
  z.strictObject({
    tags: z.array(MicroblogETrendTag).describe("The server's trending hashtags, most trending first (at most 20 a page)"),
    cursor: TrendsCursor,
  }),
  "One page of a Mastodon server's trending hashtags (`/api/v1/trends/tags`)",
);
export type MicroblogETrendsTagsPage = z.infer<typeof MicroblogETrendsTagsPage>;

export const MicroblogETrendsStatusesPage = named(
  'MicroblogETrendsStatusesPage',
  z.strictObject({
    posts: z
      .array(MicroblogEStatus)
      .describe(
        "The server's trending public statuses, most trending first (at most 20 a page), its own and other servers' (a remote status's `url` and `uri` are on its own server)",
      ),
    cursor: TrendsCursor,
  }),
  "One page of a Mastodon server's trending statuses (`/api/v1/trends/statuses`)",
);
export type MicroblogETrendsStatusesPage = z.infer<typeof MicroblogETrendsStatusesPage>;
