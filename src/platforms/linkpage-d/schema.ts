/**
 * The linkpage-d record (api.md "linkpage-d page") as data: the parser's type, the /openapi.json
 * response schema and what REST bodies are checked against. Nullable fields: README.md.
 */
import { z } from 'zod';
import { named, NInt, NNum, NStr, Str, withPlatformUrls } from '../records.js';

/**
 * Platform fields every record lists, in the peer's order (its `amazon`, `medium`, `tiktok`,
 * `twitch`, `discord`, `patreon`, `spotify`, `twitter`, `youtube`, `facebook`, `linkedin`,
 * `snapchat`, `instagram`, `soundcloud`, `apple_app_store`, `google_app_store`, named here by
 * label where api.md has one). The store-listing fields are among them.
 */
export const LISTED_PLATFORMS: readonly string[] = [
  'amazon',
  'medium',
  'shortvideo',
  'twitch',
  'discord',
  'patreon',
  'audio-a',
  'microblog-b',
  'video',
  'social-a',
  'professional',
  'snapchat',
  'social-b',
  'audio-c',
  'apple_app_store',
  'google_app_store',
];

export const LinkpageDLink = z.strictObject({
  id: NStr,
  /** Pillar's link kind; for most links it repeats the title. */
  type: Str,
  title: Str,
  url: Str,
  clicks: NInt,
  order: NInt,
});
export type LinkpageDLink = z.infer<typeof LinkpageDLink>;

export const LinkpageDProduct = z.strictObject({
  id: NStr,
  title: NStr,
  price: NNum,
  url: NStr,
  name: NStr,
  description: NStr,
  image: NStr,
});
export type LinkpageDProduct = z.infer<typeof LinkpageDProduct>;

export const LinkpageDPage = named(
  'LinkpageDPage',
  withPlatformUrls(
    z.strictObject({
      id: Str,
      first_name: NStr,
      last_name: NStr,
      email_primary: NStr,
      email: NStr,
      location: NStr,
      links: z.array(LinkpageDLink),
      products: z.array(LinkpageDProduct),
    }),
    // api.md: "empty string when absent, including store-listing fields".
    { names: LISTED_PLATFORMS, value: Str },
  ),
);
export type LinkpageDPage = z.infer<typeof LinkpageDPage>;
