/**
 * What a platform is to the gateway, as one plain value: each platform folder's `platform.ts`
 * exports `platform` of this type, and the registry (src/platforms/registry.ts) lists them. Typed
 * as an object literal, a misspelt member is a compile error rather than a silently ignored key
 * (Maigret's lesson); validateRegistry checks the rest at start-up.
 */
import type { LinkRule } from '../links/rules.js';
import type { WallRule } from '../upstream/blocks/catalogue.js';
import type { OperationDef } from './operation.js';
import type { ProfileReader } from './reader.js';

export interface PlatformDefinition {
  /** Neutral label (`code`, `social-b`…): REST paths, metrics, the health view and upstream requests use it. */
  label: string;
  /** The upstream hosts it fetches from (the SSRF guard and politeness key on them). */
  hosts: readonly string[];
  /** What the API can do here (src/platforms/operation.ts): each is a REST route, a GraphQL root field and an OpenAPI entry. */
  operations: readonly OperationDef[];
  /**
   * How this platform's URLs name an account (src/links/rules.ts): the shared link classifier
   * (src/links/classify.ts) is built from these, so link pages, channel links and discovery
   * recognise the platform by its own definition. Kept in the folder's `links.ts` (a leaf module,
   * listed in src/platforms/links.ts, generated from the folders by `npm run generate`: the
   * classifier cannot import the registry without a cycle).
   */
  links?: LinkRule;
  /**
   * What people call the platform, as creators write it (in any script: "YouTube", "yt", "یوتیوب",
   * "유튜브"), for creator discovery: its word tables (src/discovery/verification.ts SOCIAL_WORDS,
   * src/discovery/markers.ts SECOND_LINE_PLATFORMS, src/discovery/text.ts MENTIONS) are built from
   * these, so a new platform's names are its own definition's, not an edit there.
   */
  names?: PlatformNames;
  /** Creator discovery's view of this platform's public profiles (src/platforms/reader.ts). */
  reader?: ProfileReader;
  /**
   * The platform's own walls (login, consent, "unusual traffic", rate limit), recognised by the
   * upstream client on every answer to a request labelled with this platform (its `walls.ts`).
   * Anti-bot vendors' pages are recognised for every platform without being listed here.
   */
  walls?: readonly WallRule[];
}

/** A platform's names (PlatformDefinition `names`), as written; discovery folds them. */
export interface PlatformNames {
  /**
   * Names a link's text may give the account by ("YouTube", "Ютуб", "تیک تاک": each word of a name
   * counts): a text of such words says which platform, not whose the account is.
   */
  link: readonly string[];
  /**
   * Single words a second-account line may use to say the account is on this platform ("인스타
   * 부계정: @…", "IG second account: @…"): only names that say nothing else (not `x`, `tt`).
   */
  secondLine?: readonly string[];
  /**
   * How a bio names an account here in words ("IG: nightowl.bar", "@owl (YT)"): src/discovery/text.ts reads them,
   * with the platform's `link` names in other scripts ("유튜브: @owl", "انستقرام: @owl") as labels too.
   */
  mention?: MentionNames;
}

/** A platform's labels in bios (PlatformNames `mention`): "IG: name", "YT/IG: @name", "@name (YT)", "@name on IG". */
export interface MentionNames {
  /** The labels, lower-case Latin letters ("ig", "insta", "instagram"), each one platform's. */
  labels: readonly string[];
  /**
   * Of `labels`, those that are everyday words or letters too ("x", "tt"): they name an account
   * only before an explicit `@` ("X: @owl"; "x marks the spot" names nobody).
   */
  atOnly?: readonly string[];
  /**
   * The account's URL for a handle a bio names (default: the reader's `profileUrl`). Discovery
   * compares it with the profile's links as written (src/discovery/profiles.ts `enrich`): given
   * where the reader's URL is spelt otherwise (a trailing `/`) or reads a handle as something else.
   */
  url?: (handle: string) => string;
}
