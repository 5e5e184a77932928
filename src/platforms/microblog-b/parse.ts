/**
 * microblog-b (X / Twitter) — pure parsers: upstream JSON in, api.md "microblog-b tweet" out.
 * No I/O here.
 *
 * Sources understood:
 *  - GraphQL `TweetResultByRestId` (`data.tweetResult.result`) and `TweetDetail` (the focal
 *    entry of `threaded_conversation_with_injections_v2`): the api.md shape itself.
 *  - the syndication endpoint `cdn.syndication.twimg.com/tweet-result` (the embed widget's):
 *    a flatter tweet, mapped into the api.md shape as far as it goes (see `parseSyndicationTweet`).
 *  - GraphQL `UserByScreenName` (`data.user.result`) and any user object: `parseUser`.
 *
 * The user object exists in two shapes. Until 2025 every profile field sat in `legacy`
 * (../shared/fixtures/microblog-b/user-by-screen-name-2025.json). The 2026 shape has no `legacy`:
 * the fields moved to `core`, `profile_bio`, `relationship_counts`, `tweet_counts`, `avatar`,
 * `banner`, `location`, `website`, `verification`, `privacy`, `pinned_items`… (user-by-screen-name-
 * 2026.json, and every author in tweet-detail-2026.json). Our output always carries the api.md
 * `legacy` block, filled from whichever shape upstream sent — see USER_LEGACY_MAPPING.
 *
 * Output rules: the api.md fields come first, in api.md order, always present (null where the
 * source lacks them); any further upstream fields of a GraphQL record follow unchanged (api.md's
 * "and more"). Only the ids are mandatory; a record without them is a shape change.
 */
import { ApiError, loginWall, notFound, privateContent, shapeChanged, upstreamBlocked, upstreamFailed } from '../../errors.js';
import { refersToLogin } from './walls.js';
import { at, bool, isObj, num, numText, obj, reader, signedOut, str, strings, arr } from '../../parse/index.js';
import type { Obj, Coerce, Reader, SignedOutValues } from '../../parse/index.js';
import { PLATFORM } from './endpoints.js';
import { assertSameResource } from '../identity.js';
import type {
  UrlEntity,
  UserEntities,
  UserLegacy,
  MicroblogBUser,
  EditControl,
  TweetEntities,
  TweetLegacy,
  MicroblogBTweet,
  TrimmedTweet,
} from './schema.js';
import { TRIM_FIELDS } from './schema.js';
export type {
  UrlEntity,
  UserEntities,
  UserLegacy,
  MicroblogBUser,
  EditControl,
  TweetEntities,
  TweetLegacy,
  MicroblogBTweet,
  TrimmedTweet,
} from './schema.js';

/** The strings of an array, or null when the value is not an array. */
/** The strings of a list already read (null when there was none); other elements left out, warned as `field`. */
function strList(v: unknown[] | null, r: Reader, field: string): string[] | null {
  if (!v) return null;
  const kept = strings(v);
  if (kept.length < v.length) r.warn(field, `${v.length - kept.length} element(s) not a string`);
  return kept;
}
const path = (o: unknown, ...keys: string[]): unknown => at(o, keys);

/** Keys of `src` not in `known`, unchanged and in upstream order. */
function rest(src: Obj | null, known: ReadonlySet<string>): Obj {
  const out: Obj = {};
  if (src) for (const [k, v] of Object.entries(src)) if (!known.has(k) && v !== undefined) out[k] = v;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Tweet URLs
// ---------------------------------------------------------------------------------------------

/** x.com and twitter.com, bare or with www. / mobile. / m. */
const TWEET_HOST_RE = /^(?:(?:www|mobile|m)\.)?(?:x|twitter)\.com$/;
/** Tweet ids are 64-bit snowflakes (at most 19 digits; the oldest are short). */
const TWEET_ID_RE = /^[1-9]\d{0,19}$/;
const SCREEN_NAME_RE = /^[A-Za-z0-9_]{1,50}$/;

/**
 * A post URL → its id (and the screen name in the path, when there is one), or null:
 * `/<user>/status/<id>[/photo/1|/video/1|/analytics…]`, `/<user>/statuses/<id>`,
 * `/i/web/status/<id>`, `/i/status/<id>`; query and fragment ignored.
 */
export function parseTweetUrl(input: string): { id: string; screenName: string | null } | null {
  if (typeof input !== 'string') return null;
  const s = input.trim();
  // Check the authority as written: URL() would silently drop credentials or a default port.
  const m = /^(https?):\/\/([^/?#]*)([/?#].*)?$/i.exec(s);
  if (!m || m[2].includes('@') || m[2].includes(':')) return null;
  if (!TWEET_HOST_RE.test(m[2].toLowerCase())) return null;
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    return null;
  }
  const segs = u.pathname.split('/').filter(Boolean);
  let screenName: string | null = null;
  let id: string | undefined;
  if (segs[0]?.toLowerCase() === 'i' && segs[1] === 'web' && segs[2] === 'status') id = segs[3];
  else if (segs[0]?.toLowerCase() === 'i' && segs[1] === 'status') id = segs[2];
  else if (segs.length >= 3 && (segs[1] === 'status' || segs[1] === 'statuses') && SCREEN_NAME_RE.test(segs[0])) {
    screenName = segs[0];
    id = segs[2];
  }
  if (!id || !TWEET_ID_RE.test(id)) return null;
  return { id, screenName };
}

// ---------------------------------------------------------------------------------------------
// Block pages and unavailable tweets
// ---------------------------------------------------------------------------------------------

/** A body that is an HTML page, where JSON was asked for. */
export function looksLikeHtml(body: string): boolean {
  return /^\s*(?:<!doctype html|<html|<head|<body|<\?xml|<!--)/i.test(body) || /^\s*<[a-z]/i.test(body.slice(0, 200));
}

/**
 * The error an HTML answer stands for, where JSON was asked for — by structure, never by its
 * (translated) sentences: a page pointing at the login flow is a login wall, any other one is
 * UPSTREAM_BLOCKED. The upstream client answers these as walls first (walls.ts); this is for an
 * HTML answer that ended elsewhere.
 */
export function htmlAnswerError(html: string, where: string): ApiError {
  if (refersToLogin(html.slice(0, 256 * 1024))) return loginWall(PLATFORM);
  return new ApiError(
    'UPSTREAM_BLOCKED',
    `${PLATFORM}: ${where} answered with an HTML page (an error, block or challenge page) instead of data`,
  );
}

/** Text of a tombstone, without its trailing "Learn more". */
function tombstoneText(t: unknown): string | null {
  const text = str(path(t, 'text', 'text')) ?? str(path(t, 'text'));
  return text ? text.replace(/\s*Learn more\.?\s*$/i, '').trim() : null;
}

/**
 * What a tombstone says, as a typed error. Texts X uses (2023–2026): "You’re unable to view this
 * Post because this account owner limits who can view their Posts." (protected account), "This
 * Post was deleted by the Post author.", "This Post is from an account that no longer exists.",
 * "This Post is from a suspended account.", "This Post violated the X Rules.", "Age-restricted
 * adult content. … you’ll need to log in to X.", "This Post from @… has been withheld in <country>
 * based on local laws." ("Tweet" in place of "Post" before 2023).
 *
 * Read by its English text as a last resort: a tombstone carries no code or reason field (the
 * structural `TweetUnavailable.reason` below is preferred where X sends it), and its language is
 * ours to choose — every request asks for English (`lang=en` on the syndication endpoint,
 * `x-twitter-client-language: en` on GraphQL), so the text is not a visitor's translation, and
 * it is X's own wording, never a user's content.
 */
export function tombstoneError(text: string | null, tweetId: string): ApiError {
  const t = text ?? '';
  // A tombstone that says nothing (`{"tombstone":{}}`, the syndication answer for an age-gated
  // post: ../shared/fixtures/blocks/microblog-b/) says only that a logged-out reader may not see
  // the post — not that it does not exist.
  if (!t) return privateContent(`${PLATFORM} post ${tweetId} cannot be shown to a logged-out reader`);
  if (/limits who can view|protected/i.test(t)) return privateContent(`${PLATFORM} post ${tweetId} (its account is protected)`);
  if (/log in|estimates your age|age-restricted|adult content/i.test(t)) return loginWall(PLATFORM);
  // "… has been withheld in Germany based on local laws": withheld from the reader's country (the
  // gateway's region), not gone; a copyright withholding ("withheld in response to a report…") is.
  if (/\bwithheld in (?!response\b)/i.test(t)) return upstreamBlocked(`${PLATFORM}: X withholds post ${tweetId} from the gateway's region`);
  return notFound(`${PLATFORM} post ${tweetId} is not available${t ? `: ${t}` : ''}`);
}

/**
 * GraphQL `TweetUnavailable.reason` as a typed error. `Limited` is a protected author (or one
 * blocking the viewer, which a logged-out reader cannot be); `ExclusiveTweet` a post for the
 * author's subscribers, signed in.
 */
function unavailableError(reason: string | null, tweetId: string): ApiError {
  if (reason === 'Protected' || reason === 'Limited') return privateContent(`${PLATFORM} post ${tweetId} (its account is protected)`);
  if (reason && (/^Nsfw/i.test(reason) || reason === 'ExclusiveTweet')) return loginWall(PLATFORM);
  return notFound(`${PLATFORM} post ${tweetId} is not available${reason ? ` (${reason})` : ''}`);
}

// ---------------------------------------------------------------------------------------------
// User
// ---------------------------------------------------------------------------------------------

/**
 * Where each api.md `legacy` field comes from in the 2026 user shape (used when the user object
 * has no `legacy` block, or its `legacy` lacks the field):
 */
export const USER_LEGACY_MAPPING: Readonly<Record<string, string>> = {
  created_at: 'core.created_at',
  name: 'core.name',
  screen_name: 'core.screen_name',
  description: 'profile_bio.description',
  entities: 'profile_bio.entities',
  followers_count: 'relationship_counts.followers',
  friends_count: 'relationship_counts.following',
  favourites_count: 'action_counts.favorites_count',
  statuses_count: 'tweet_counts.tweets',
  media_count: 'tweet_counts.media_tweets',
  location: 'location.location',
  profile_image_url_https: 'avatar.image_url',
  profile_banner_url: 'banner.image_url',
  url: 'website.url',
  verified: 'verification.verified',
  verified_type: 'verification.verified_type',
  protected: 'privacy.protected',
  pinned_tweet_ids_str: 'pinned_items.tweet_ids_str',
  possibly_sensitive: 'possibly_sensitive',
  profile_interstitial_type: 'profile_metadata.profile_interstitial_type',
  translator_type: 'profile_translation.translator_type',
  // listed_count, default_profile, default_profile_image, fast_followers_count,
  // normal_followers_count, has_custom_timelines, is_translator and withheld_in_countries have
  // no 2026 counterpart: null unless a `legacy` block carries them.
};

const USER_LEGACY_KEYS = [
  'created_at',
  'default_profile',
  'default_profile_image',
  'description',
  'entities',
  'fast_followers_count',
  'favourites_count',
  'followers_count',
  'friends_count',
  'has_custom_timelines',
  'is_translator',
  'listed_count',
  'location',
  'media_count',
  'name',
  'normal_followers_count',
  'pinned_tweet_ids_str',
  'possibly_sensitive',
  'profile_banner_url',
  'profile_image_url_https',
  'profile_interstitial_type',
  'protected',
  'screen_name',
  'statuses_count',
  'translator_type',
  'url',
  'verified',
  'verified_type',
  'withheld_in_countries',
] as const;
const USER_LEGACY_KEY_SET: ReadonlySet<string> = new Set(USER_LEGACY_KEYS);

const USER_KEYS = [
  '__typename',
  'id',
  'rest_id',
  'affiliates_highlighted_label',
  'is_blue_verified',
  'profile_image_shape',
  'legacy',
  'professional',
  'tipjar_settings',
] as const;
const USER_KEY_SET: ReadonlySet<string> = new Set(USER_KEYS);

/** A character offset: JSON's 1e400 parses as Infinity, which the record's JSON would write as null. */
const isIndex = (x: unknown): boolean => Number.isSafeInteger(x) && (x as number) >= 0;

/** A URL entity whose listed members (when present) have their types; any other is malformed. */
function isUrlEntity(v: Obj): boolean {
  const okStr = (k: string) => v[k] === undefined || typeof v[k] === 'string';
  const indices = v.indices;
  return (
    okStr('url') &&
    okStr('expanded_url') &&
    okStr('display_url') &&
    (indices === undefined || (Array.isArray(indices) && indices.every(isIndex)))
  );
}

/**
 * `<field>.urls` of an entities block: malformed entities left out (warned), the others kept.
 * `urlsRequired`: the block, when present, always lists its urls (a missing list is warned).
 */
function urlList(r: Reader, field: string, urlsRequired: boolean): { urls: UrlEntity[] } & Obj {
  const o = r.opt.obj(field);
  const e = r.over(o ?? {}, field);
  const each = (el: Reader) => (isUrlEntity(el.root as Obj) ? (el.root as UrlEntity) : null);
  return { ...(o ?? {}), urls: (o && urlsRequired ? e : e.opt).items('urls', each) };
}

/**
 * A user's entities: `url` (the website's t.co link) is there only to carry its `urls`; the bio's
 * `description` block is `{}` when the bio has no link (the 2026 capture).
 */
function userEntities(v: Obj | null, r: Reader): UserEntities {
  const e = r.over(v ?? {}, 'entities');
  return { ...(v ?? {}), description: urlList(e, 'description', false), url: urlList(e, 'url', true) };
}

/** The GraphQL node id X gives a user: base64 of `User:<rest_id>`. */
export function userNodeId(restId: string): string {
  return Buffer.from(`User:${restId}`).toString('base64');
}

/**
 * A user object in either shape → api.md's user object with a filled `legacy` block. The
 * discovery issue reuses this for microblog-b profiles (`UserByScreenName`).
 */
/**
 * What every user object carries, in either shape (missing → null plus `user.legacy.<key>`); the
 * rest is set by the account (a banner, a website, a pinned post…) or exists in one shape only.
 * `protected` is required of the 2026 shape only (it always sends `privacy.protected`): the
 * `legacy` block leaves it out for a public account (the 2025 capture has none).
 */
const USER_REQUIRED: ReadonlySet<string> = new Set([
  'created_at',
  'description',
  'entities',
  'favourites_count',
  'followers_count',
  'friends_count',
  'media_count',
  'name',
  'profile_image_url_https',
  'statuses_count',
  'verified',
]);
/** USER_REQUIRED, and what the 2026 shape (no `legacy` block) always carries besides. */
const NEW_SHAPE_REQUIRED: ReadonlySet<string> = new Set([...USER_REQUIRED, 'protected']);
/**
 * Optional fields whose 2026 block (USER_LEGACY_MAPPING) exists only to carry them: the block
 * absent is an account without one (no banner), the block without its member a changed shape.
 * Not so `verification.verified_type` (a verified account only), `pinned_items` (`{}` for an
 * account without a pinned post: the 2026 captures), `privacy` (`{}` in some answers) or
 * `profile_translation` (its `translator_type_enum` alone in a third-party API's recorded answers).
 */
const CARRIED_BY_BLOCK: ReadonlySet<string> = new Set(['location', 'profile_banner_url', 'url', 'profile_interstitial_type']);
/** What the syndication embed's user carries in every vintage (2023: name, avatar, verified). */
const EMBED_REQUIRED: ReadonlySet<string> = new Set(['name', 'profile_image_url_https', 'verified']);

/**
 * A user object's members that are the requester's relation to the account (src/parse/viewer.ts),
 * at their signed-out values: the captures, made signed in, carried the capturer's follow of the
 * account (`relationship_perspectives.following: true`, `legacy.following`), whether they may DM it,
 * their notification settings for it.
 */
const USER_SIGNED_OUT: SignedOutValues = {
  relationship_perspectives: undefined,
  dm_permissions: undefined,
  notifications_settings: undefined,
  follow_request_sent: false,
  super_following: false,
  super_followed_by: false,
};
const USER_LEGACY_SIGNED_OUT: SignedOutValues = {
  following: false,
  followed_by: false,
  follow_request_sent: false,
  blocking: false,
  blocked_by: false,
  muting: false,
  notifications: false,
  want_retweets: false,
  can_dm: false,
  can_media_tag: false,
};
/** A tweet's: whether the requester liked, reposted or bookmarked it (api.md lists them: false signed out). */
const TWEET_SIGNED_OUT: SignedOutValues = { favorited: false, retweeted: false, bookmarked: false };

/**
 * A user object in either shape → api.md's user object with a filled `legacy` block. The
 * discovery issue reuses this for microblog-b profiles (`UserByScreenName`). `embed`: the
 * syndication embed's user, which carries only a few members (the others are not warned).
 */
export function parseUser(result: unknown, opts: { embed?: boolean } = {}): MicroblogBUser {
  const given = obj(result);
  if (!given) throw shapeChanged(PLATFORM, 'user object');
  const u = signedOut(given, USER_SIGNED_OUT);
  if (isObj(u.legacy)) u.legacy = signedOut(u.legacy, USER_LEGACY_SIGNED_OUT);
  if (u.__typename === 'UserUnavailable') {
    // X's reasons: Deactivated, NoReason, Offboarded, Protected, Suspended (`unavailable_reason` in
    // newer answers). A protected account exists: its data is private, not missing.
    const reason = str(u.reason) ?? str(u.unavailable_reason) ?? str(path(u, 'unavailable_message', 'text'));
    if (reason === 'Protected') throw privateContent(`${PLATFORM} user (a protected account)`);
    throw notFound(`${PLATFORM} user is not available${reason ? ` (${reason})` : ''}`);
  }
  const legacy = obj(u.legacy);
  const restId = str(u.rest_id) ?? str(legacy?.id_str);
  const r = reader(u, { platform: PLATFORM, record: 'user' });
  const required = opts.embed ? EMBED_REQUIRED : legacy ? USER_REQUIRED : NEW_SHAPE_REQUIRED;
  // `legacy` first (the older shape, explicit), then the 2026 block; an empty image URL counts
  // as missing (X sent "" in legacy for a while).
  const pick = <T>(key: string, coerce: Coerce<T>): T | null => {
    const mapped = USER_LEGACY_MAPPING[key];
    const paths: (readonly string[])[] = [['legacy', key], ...(mapped ? [mapped.split('.')] : [])];
    const c: Coerce<T> = key.endsWith('_url_https') ? (v) => (v === '' ? null : coerce(v)) : coerce;
    // An optional 2026 block that is there always carries its member (`banner` its image_url).
    const inBlock = !opts.embed && CARRIED_BY_BLOCK.has(key) && isObj(u[mapped.split('.')[0]]);
    return (required.has(key) || inBlock ? r : r.opt).get(`legacy.${key}`, c, ...paths);
  };
  const screenName = r.opt.get('legacy.screen_name', str, ['legacy', 'screen_name'], ['core', 'screen_name']);
  if (!restId || !screenName) throw shapeChanged(PLATFORM, 'user rest_id/screen_name (in legacy or core)');

  const l: UserLegacy = {
    created_at: pick('created_at', str),
    default_profile: pick('default_profile', bool),
    default_profile_image: pick('default_profile_image', bool),
    description: pick('description', str),
    entities: userEntities(pick('entities', obj), r),
    fast_followers_count: pick('fast_followers_count', num),
    favourites_count: pick('favourites_count', num),
    followers_count: pick('followers_count', num),
    friends_count: pick('friends_count', num),
    has_custom_timelines: pick('has_custom_timelines', bool),
    is_translator: pick('is_translator', bool),
    listed_count: pick('listed_count', num),
    location: pick('location', str),
    media_count: pick('media_count', num),
    name: pick('name', str),
    normal_followers_count: pick('normal_followers_count', num),
    pinned_tweet_ids_str: strList(pick('pinned_tweet_ids_str', arr), r, 'legacy.pinned_tweet_ids_str'),
    possibly_sensitive: pick('possibly_sensitive', bool),
    profile_banner_url: pick('profile_banner_url', str),
    profile_image_url_https: pick('profile_image_url_https', str),
    profile_interstitial_type: pick('profile_interstitial_type', str),
    // The legacy block leaves `protected` out for a public account (X's own convention, 2024–25
    // answers); a protected account's says true.
    protected: pick('protected', bool) ?? (legacy && !opts.embed ? false : null),
    screen_name: screenName,
    statuses_count: pick('statuses_count', num),
    translator_type: pick('translator_type', str),
    url: pick('url', str),
    verified: pick('verified', bool),
    verified_type: pick('verified_type', str),
    withheld_in_countries: strList(pick('withheld_in_countries', arr), r, 'legacy.withheld_in_countries'),
    ...rest(legacy, USER_LEGACY_KEY_SET),
  };

  // GraphQL user objects carry these on every account; the embed's user only some.
  const g = opts.embed ? r.opt : r;
  return {
    __typename: r.opt.str('__typename') ?? 'User',
    id: r.opt.str('id') ?? userNodeId(restId),
    rest_id: restId,
    affiliates_highlighted_label: r.opt.obj('affiliates_highlighted_label'),
    is_blue_verified: g.bool('is_blue_verified'),
    profile_image_shape: g.str('profile_image_shape'),
    legacy: l,
    professional: r.opt.obj('professional'),
    tipjar_settings: r.opt.obj('tipjar_settings'),
    ...rest(u, USER_KEY_SET),
  };
}

/**
 * `UserByScreenName` → the user. An empty `data.user` is a missing account (404), and so is a
 * `data` without `user` at all: X's answer for a screen name nobody has (`{"data":{}}`, reported
 * by twitter-openapi-typescript's users in 2024, issue #111) — unless its `errors` say the
 * server failed (missingOr).
 */
export function parseUserByScreenName(json: unknown, screenName?: string): MicroblogBUser {
  if (!isObj(json)) throw shapeChanged(PLATFORM, 'JSON object');
  const data = obj(json.data);
  if (data) {
    const result = path(data.user, 'result');
    const missing = notFound(`No ${PLATFORM} account${screenName ? ` @${screenName}` : ''}`);
    if (!isObj(result)) throw missingOr(json, 'user', missing);
    // A user the server left unfilled (ids only, no `legacy` or `core`) beside errors saying the
    // account is suspended or gone (X's code 63 with the path `user…legacy`, reported in 2022):
    // that account's absence, not a changed shape.
    if (!isObj(result.legacy) && !isObj(result.core) && errorsSayMissing(json, [X_ERROR.NO_USER, X_ERROR.SUSPENDED])) throw missing;
    return parseUser(result);
  }
  throw shapeChanged(PLATFORM, `data.user${errorsSuffix(json)}`);
}

// ---------------------------------------------------------------------------------------------
// Tweet (GraphQL)
// ---------------------------------------------------------------------------------------------

const TWEET_KEYS = [
  '__typename',
  'rest_id',
  'core',
  'edit_control',
  'is_translatable',
  'unmention_data',
  'views',
  'source',
  'legacy',
] as const;
const TWEET_KEY_SET: ReadonlySet<string> = new Set(TWEET_KEYS);

const TWEET_LEGACY_KEYS = [
  'bookmark_count',
  'bookmarked',
  'created_at',
  'conversation_id_str',
  'display_text_range',
  'entities',
  'favorite_count',
  'favorited',
  'full_text',
  'is_quote_status',
  'lang',
  'possibly_sensitive',
  'quote_count',
  'reply_count',
  'retweet_count',
  'retweeted',
  'user_id_str',
  'id_str',
] as const;
const TWEET_LEGACY_KEY_SET: ReadonlySet<string> = new Set(TWEET_LEGACY_KEYS);

/**
 * A tweet's entities. X leaves an empty list out (the 2026 capture has none of them): [] when
 * absent, a list of another type or a malformed entry (left out) warned.
 */
function tweetEntities(v: Obj | null, r: Reader): TweetEntities {
  const e = r.over(v ?? {}, 'entities').opt;
  return {
    ...(v ?? {}),
    hashtags: e.objects('hashtags'),
    symbols: e.objects('symbols'),
    timestamps: e.objects('timestamps'),
    urls: e.items('urls', (u) => (isUrlEntity(u.root as Obj) ? (u.root as UrlEntity) : null)),
    user_mentions: e.objects('user_mentions'),
  };
}

/** `edit_control`, flattened: an edited post nests its fields under `edit_control_initial`. */
function editControl(ec: Obj | null, r: Reader): EditControl | null {
  if (!ec) return null;
  const src = { ...(obj(ec.edit_control_initial) ?? {}), ...ec };
  const e = r.over(src, 'edit_control');
  return {
    edit_tweet_ids: strList(e.arr('edit_tweet_ids'), e, 'edit_tweet_ids'),
    editable_until_msecs: e.get('editable_until_msecs', numText),
    is_edit_eligible: e.bool('is_edit_eligible'),
    edits_remaining: e.get('edits_remaining', numText),
  };
}

function views(o: Obj | null, r: Reader): MicroblogBTweet['views'] {
  if (!o) return null;
  const v = r.over(o, 'views');
  // X leaves the count out while it is not shown (state "EnabledWithCount" carries it).
  return { count: v.opt.get('count', numText), state: v.str('state') };
}

/** `[start, end]`: a pair of numbers, whole or not at all. */
const displayRange = (v: unknown): number[] | null => (Array.isArray(v) && v.every(isIndex) ? (v as number[]) : null);

/**
 * A GraphQL tweet result (`Tweet`, or `TweetWithVisibilityResults` around one) → api.md tweet.
 * `TweetTombstone` / `TweetUnavailable` become typed errors: protected account → 403
 * PRIVATE_CONTENT, sensitive content for logged-in viewers only → login wall (502
 * UPSTREAM_BLOCKED), deleted / suspended / removed → 404.
 */
export function parseTweet(result: unknown, tweetId: string): MicroblogBTweet {
  let r = obj(result);
  if (!r) throw shapeChanged(PLATFORM, 'tweet result object');
  if (r.__typename === 'TweetWithVisibilityResults') {
    r = obj(r.tweet);
    if (!r) throw shapeChanged(PLATFORM, 'TweetWithVisibilityResults.tweet');
  }
  if (r.__typename === 'TweetTombstone' || (r.__typename !== 'Tweet' && isObj(r.tombstone)))
    throw tombstoneError(tombstoneText(r.tombstone), tweetId);
  if (r.__typename === 'TweetUnavailable') throw unavailableError(str(r.reason), tweetId);
  if (r.__typename !== undefined && r.__typename !== 'Tweet')
    throw shapeChanged(PLATFORM, `a Tweet result (got __typename ${JSON.stringify(r.__typename)})`);

  // Since 2026-05 some answers carry `legacy: null` with the tweet fields at the top level.
  const hasLegacy = isObj(r.legacy);
  const l: Obj = signedOut(hasLegacy ? (r.legacy as Obj) : r, TWEET_SIGNED_OUT);
  const restId = str(r.rest_id) ?? str(l.id_str);
  if (!restId) throw shapeChanged(PLATFORM, 'tweet rest_id');
  // Another post than the one asked for (a CDN mix-up, a renamed id) is never this one's record.
  assertSameResource(PLATFORM, `post ${tweetId}`, { id: tweetId }, { id: restId });
  const author = path(r, 'core', 'user_results', 'result') ?? path(r, 'author_results', 'result');
  if (!isObj(author)) throw shapeChanged(PLATFORM, 'tweet author (core.user_results.result)');
  const user = parseUser(author);

  // Counts, text and date are on every GraphQL tweet: missing ones are warned (tweet.<field>).
  const t = reader(l, { platform: PLATFORM, record: 'tweet' });
  const legacy: TweetLegacy = {
    bookmark_count: t.num('bookmark_count'),
    bookmarked: t.opt.bool('bookmarked'),
    created_at: t.str('created_at'),
    conversation_id_str: t.str('conversation_id_str'),
    display_text_range: t.get('display_text_range', displayRange),
    entities: tweetEntities(t.obj('entities'), t),
    favorite_count: t.num('favorite_count'),
    favorited: t.opt.bool('favorited'),
    full_text: t.str('full_text'),
    is_quote_status: t.bool('is_quote_status'),
    lang: t.str('lang'),
    possibly_sensitive: t.opt.bool('possibly_sensitive'),
    quote_count: t.num('quote_count'),
    reply_count: t.num('reply_count'),
    retweet_count: t.num('retweet_count'),
    retweeted: t.opt.bool('retweeted'),
    user_id_str: str(l.user_id_str) ?? user.rest_id,
    id_str: str(l.id_str) ?? restId,
    ...(hasLegacy ? rest(l, TWEET_LEGACY_KEY_SET) : {}),
  };

  const skip = hasLegacy ? TWEET_KEY_SET : new Set<string>([...TWEET_KEY_SET, ...TWEET_LEGACY_KEY_SET]);
  // The GraphQL tweet carries these on every post (warned when missing).
  const g = reader(r, { platform: PLATFORM, record: 'tweet' });
  return {
    __typename: 'Tweet',
    rest_id: restId,
    core: { user_results: { result: user } },
    edit_control: editControl(g.obj('edit_control'), g),
    is_translatable: g.bool('is_translatable'),
    unmention_data: g.obj('unmention_data'),
    views: views(g.obj('views'), g),
    source: g.str('source'),
    legacy,
    ...rest(r, skip),
  };
}

function errorMessages(json: Obj): string[] {
  return Array.isArray(json.errors) ? json.errors.map((e) => str(path(e, 'message'))).filter((m): m is string => !!m) : [];
}

/** X's error codes (`errors[].code`, also under `extensions`). */
export const X_ERROR = {
  /** "Authorization: Denied by …" (GraphQL `AuthorizationError`, kind `Permissions`). */
  AUTHORIZATION: 37,
  /** "Rate limit exceeded". */
  RATE_LIMITED: 88,
  /** "User not found." */
  NO_USER: 50,
  /** "User has been suspended." */
  SUSPENDED: 63,
  /** "No status found with that ID." */
  NO_STATUS: 144,
  /** "Sorry, you are not authorized to see this status." (v1.1) */
  NOT_AUTHORIZED_STATUS: 179,
  /** "Bad guest token." */
  BAD_GUEST_TOKEN: 239,
} as const;

/** The structured facts of a body's `errors` (codes, names, kinds), never their messages. */
export function errorFacts(json: unknown): { codes: Set<number>; names: Set<string> } {
  const codes = new Set<number>();
  const names = new Set<string>();
  const errors = isObj(json) && Array.isArray(json.errors) ? json.errors : [];
  for (const e of errors) {
    for (const o of [e, path(e, 'extensions')]) {
      if (!isObj(o)) continue;
      if (typeof o.code === 'number') codes.add(o.code);
      for (const k of ['name', 'kind'] as const) if (typeof o[k] === 'string') names.add(o[k] as string);
    }
  }
  return { codes, names };
}

/**
 * An empty `result` is X's answer for an account or post that does not exist: `missing` — unless
 * the body's `errors` say the server failed to produce it (a `DeadlineExceeded` of a backend, an
 * internal error): then the emptiness says nothing of the account or post, and the answer is the
 * upstream's failure (502), never a 404. Errors that are themselves "no such user / post" (codes
 * 50, 63, 144, or the `_Missing:` tag) keep `missing`.
 */
function missingOr(json: Obj, what: string, missing: ApiError): ApiError {
  const gone = [X_ERROR.NO_USER, X_ERROR.SUSPENDED, X_ERROR.NO_STATUS];
  if (!Array.isArray(json.errors) || json.errors.length === 0 || errorsSayMissing(json, gone)) return missing;
  return upstreamFailed(`${PLATFORM}: the upstream answered without the ${what}, with errors${errorsSuffix(json)}`);
}

/**
 * Whether the body's `errors` say "no such user / post": one of X's `codes` — or, where it gives no
 * code, its GraphQL server's `_Missing:` tag (a machine tag at the start of the message, not a
 * sentence).
 */
function errorsSayMissing(json: Obj, codes: readonly number[]): boolean {
  const facts = errorFacts(json);
  if (codes.some((c) => facts.codes.has(c))) return true;
  return errorMessages(json).some((m) => m.startsWith('_Missing:'));
}

function errorsSuffix(json: Obj): string {
  const msgs = errorMessages(json);
  return msgs.length ? ` (upstream errors: ${msgs.join('; ').slice(0, 300)})` : '';
}

/**
 * `TweetResultByRestId` → the tweet. X answers a deleted or never-existing post with an empty
 * `tweetResult` (404).
 */
export function parseTweetResultByRestId(json: unknown, tweetId: string): MicroblogBTweet {
  if (!isObj(json)) throw shapeChanged(PLATFORM, 'JSON object');
  const data = obj(json.data);
  if (data && 'tweetResult' in data) {
    const result = path(data.tweetResult, 'result');
    if (!isObj(result)) throw missingOr(json, 'post', notFound(`${PLATFORM} post ${tweetId} was not found (deleted, or it never existed)`));
    return parseTweet(result, tweetId);
  }
  // By X's error codes and names, never their messages (see X_ERROR).
  const { codes, names } = errorFacts(json);
  if (
    names.has('AuthorizationError') ||
    names.has('Permissions') ||
    codes.has(X_ERROR.AUTHORIZATION) ||
    codes.has(X_ERROR.NOT_AUTHORIZED_STATUS)
  )
    throw loginWall(PLATFORM);
  if (errorsSayMissing(json, [X_ERROR.NO_STATUS])) throw notFound(`${PLATFORM} post ${tweetId} was not found`);
  throw shapeChanged(PLATFORM, `data.tweetResult${errorsSuffix(json)}`);
}

/**
 * `TweetDetail` (the logged-in conversation query, which refuses guest tokens) → the raw focal
 * tweet result: in the `TimelineAddEntries` instruction, the entry `tweet-<id>`.
 */
export function focalTweetResult(json: unknown, tweetId: string): Obj {
  const instructions = path(json, 'data', 'threaded_conversation_with_injections_v2', 'instructions');
  if (!Array.isArray(instructions)) throw shapeChanged(PLATFORM, 'data.threaded_conversation_with_injections_v2.instructions');
  const add = instructions.find((i) => isObj(i) && (i.type === 'TimelineAddEntries' || i.__typename === 'TimelineAddEntries'));
  const entries = path(add, 'entries');
  if (!Array.isArray(entries)) throw shapeChanged(PLATFORM, 'TimelineAddEntries entries');
  const entry = entries.find((e) => isObj(e) && e.entryId === `tweet-${tweetId}`);
  if (!entry) throw notFound(`${PLATFORM} post ${tweetId} is not in the conversation`);
  const result = path(entry, 'content', 'itemContent', 'tweet_results', 'result');
  if (!isObj(result)) throw notFound(`${PLATFORM} post ${tweetId} was not found`);
  return result;
}

export function parseTweetDetail(json: unknown, tweetId: string): MicroblogBTweet {
  return parseTweet(focalTweetResult(json, tweetId), tweetId);
}

// ---------------------------------------------------------------------------------------------
// Tweet (syndication)
// ---------------------------------------------------------------------------------------------

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** ISO 8601 (syndication) → X's GraphQL date format, `Wed Mar 29 14:34:41 +0000 2023`; else null. */
export function twitterDate(iso: string | null): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000 ${d.getUTCFullYear()}`;
}

/** Syndication card (`binding_values` keyed by name) → GraphQL's (`card.legacy.binding_values[]` of `{key, value}`). */
function syndicationCard(c: Obj | null, r: Reader): Obj | null {
  if (!c) return null;
  const k = r.over(c, 'card');
  const bindings = k.obj('binding_values') ?? {};
  return {
    rest_id: k.str('url'),
    legacy: {
      name: k.str('name'),
      url: k.str('url'),
      binding_values: Object.entries(bindings).map(([key, value]) => ({ key, value })),
      card_platform: k.opt.obj('card_platform'),
    },
  };
}

/**
 * A syndication `tweet-result` answer → api.md tweet, as far as the embed's fields go:
 *
 * | api.md | syndication |
 * |---|---|
 * | rest_id, legacy.id_str | `id_str` |
 * | legacy.full_text | `text` |
 * | legacy.created_at | `created_at` (ISO 8601) rewritten as `Wed Mar 29 14:34:41 +0000 2023` |
 * | legacy.favorite_count | `favorite_count` |
 * | legacy.reply_count | `conversation_count` (the embed's "Read N replies") |
 * | legacy.lang, possibly_sensitive, display_text_range, entities | same names |
 * | legacy.conversation_id_str | `conversation_id_str`, else the post's own id when it is not a reply |
 * | legacy.is_quote_status | whether `quoted_tweet` is present |
 * | legacy.user_id_str | `user.id_str` |
 * | legacy.extended_entities.media | `mediaDetails` |
 * | legacy.in_reply_to_* | same names |
 * | edit_control | `edit_control` |
 * | legacy.bookmarked / favorited / retweeted | false: the embed is a logged-out view |
 * | legacy.retweet_count / quote_count / bookmark_count | same names, where the answer carries them |
 * | card | `card`, with `binding_values` as GraphQL's `[{key, value}]` list |
 * | user: rest_id, is_blue_verified, profile_image_shape, and every legacy-named member (name, screen_name, profile_image_url_https, verified, verified_type, counts…) | `user.*`; `id` is derived (base64 of `User:<rest_id>`) |
 * | user: affiliates_highlighted_label | `user.highlighted_label` as `{label}` |
 * | user: legacy.protected | false (the embed shows public accounts only) |
 * | user: legacy.default_profile_image | whether the avatar URL is X's `/default_profile_images/` |
 *
 * Gaps (null): views, source, is_translatable, unmention_data, and the counts and author fields
 * the answer does not carry (the 2023 captures: retweets, quotes, bookmarks; the author's bio,
 * counts, location, banner, created_at…).
 */
export function parseSyndicationTweet(json: unknown, tweetId: string): MicroblogBTweet {
  if (!isObj(json)) throw shapeChanged(PLATFORM, 'syndication JSON object');
  if (json.__typename === 'TweetTombstone' || isObj(json.tombstone)) throw tombstoneError(tombstoneText(json.tombstone), tweetId);
  // The endpoint answers `200 {}` when it refuses the token (or has nothing to embed).
  if (Object.keys(json).length === 0) throw shapeChanged(PLATFORM, 'syndication tweet (the endpoint answered {}; token refused?)');
  if (json.__typename !== undefined && json.__typename !== 'Tweet')
    throw shapeChanged(PLATFORM, `a syndication Tweet (got __typename ${JSON.stringify(json.__typename)})`);
  const id = str(json.id_str);
  const u = obj(json.user);
  const userId = str(u?.id_str);
  const screenName = str(u?.screen_name);
  if (!id || !u || !userId || !screenName) throw shapeChanged(PLATFORM, 'syndication id_str/user');
  assertSameResource(PLATFORM, `post ${tweetId}`, { id: tweetId }, { id });

  // Author: every legacy-named member the embed's user object carries (its vintages differ: the
  // 2023 captures have name, avatar and verified only; others add verified_type, counts…).
  const userLegacy: Obj = {};
  for (const k of USER_LEGACY_KEYS) if (u[k] !== undefined) userLegacy[k] = u[k];
  userLegacy.screen_name = screenName;
  // The embed serves public accounts' posts only (a protected one's is a tombstone, above).
  userLegacy.protected ??= false;
  // X's default avatar lives under /default_profile_images/: the URL says which it is.
  if (typeof u.profile_image_url_https === 'string' && u.profile_image_url_https !== '') {
    userLegacy.default_profile_image ??= u.profile_image_url_https.includes('/default_profile_images/');
  }
  const label = obj(u.highlighted_label);
  const user = parseUser(
    {
      __typename: 'User',
      rest_id: userId,
      ...(label ? { affiliates_highlighted_label: { label } } : {}),
      is_blue_verified: u.is_blue_verified,
      profile_image_shape: u.profile_image_shape,
      legacy: userLegacy,
    },
    { embed: true },
  );

  // The embed's text, date, language, range, entities and like/reply counts are in every
  // vintage (warned when missing); the other counts, media, replies and quotes only in some.
  const j = reader(json, { platform: PLATFORM, record: 'syndication' });
  const inReplyTo = j.opt.str('in_reply_to_status_id_str');
  const quoted = j.opt.obj('quoted_tweet');
  const media = j.opt.objects('mediaDetails');
  // The embed is an anonymous view: the viewer has not bookmarked, liked or reposted (X's own
  // logged-out answers say false, not null). Counts are taken where this vintage carries them.
  const legacy: TweetLegacy = {
    bookmark_count: j.opt.num('bookmark_count'),
    bookmarked: false,
    created_at: twitterDate(j.str('created_at')),
    conversation_id_str: j.opt.str('conversation_id_str') ?? (inReplyTo ? null : id),
    display_text_range: j.get('display_text_range', displayRange),
    entities: tweetEntities(j.obj('entities'), j),
    favorite_count: j.num('favorite_count'),
    favorited: false,
    full_text: j.str('text'),
    is_quote_status: quoted !== null,
    lang: j.str('lang'),
    possibly_sensitive: j.opt.bool('possibly_sensitive'),
    quote_count: j.opt.num('quote_count'),
    reply_count: j.get('reply_count', num, 'conversation_count', 'reply_count'),
    retweet_count: j.opt.num('retweet_count'),
    retweeted: false,
    user_id_str: userId,
    id_str: id,
  };
  if (media.length) legacy.extended_entities = { media };
  if (inReplyTo) {
    legacy.in_reply_to_status_id_str = inReplyTo;
    legacy.in_reply_to_user_id_str = j.opt.str('in_reply_to_user_id_str');
    legacy.in_reply_to_screen_name = j.opt.str('in_reply_to_screen_name');
  }
  if (quoted && str(quoted.id_str)) legacy.quoted_status_id_str = str(quoted.id_str);

  const tweet: MicroblogBTweet = {
    __typename: 'Tweet',
    rest_id: id,
    core: { user_results: { result: user } },
    edit_control: editControl(j.opt.obj('edit_control'), j),
    is_translatable: null,
    unmention_data: null,
    views: null,
    source: null,
    legacy,
  };
  const card = syndicationCard(j.opt.obj('card'), j);
  if (card) tweet.card = card;
  return tweet;
}

// ---------------------------------------------------------------------------------------------
// trim
// ---------------------------------------------------------------------------------------------

export const TRIM_DESCRIPTION =
  'Return a reduced record (default false): __typename, rest_id, views; the author (core.user_results.result) with __typename, rest_id, is_blue_verified and legacy {screen_name, name, profile_image_url_https, followers_count, verified}; legacy {created_at, full_text, lang, conversation_id_str, favorite_count, retweet_count, reply_count, quote_count, bookmark_count, user_id_str, id_str}.';

function pickKeys<T extends object, K extends keyof T>(o: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) out[k] = o[k] ?? (null as T[K]);
  return out;
}

export function trimTweet(t: MicroblogBTweet): TrimmedTweet {
  const u = t.core.user_results.result;
  // api.md order: __typename, rest_id, core, views, legacy.
  return {
    __typename: t.__typename,
    rest_id: t.rest_id,
    core: { user_results: { result: { ...pickKeys(u, TRIM_FIELDS.user), legacy: pickKeys(u.legacy, TRIM_FIELDS.userLegacy) } } },
    views: t.views ?? null,
    legacy: pickKeys(t.legacy, TRIM_FIELDS.legacy),
  };
}
