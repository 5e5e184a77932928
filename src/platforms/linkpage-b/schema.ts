/**
 * The linkpage-b record (api.md "linkpage-b page") as data: the parser's type, the /openapi.json
 * response schema and what REST bodies are checked against. Nullable fields: README.md.
 */
import { z } from 'zod';
import { Int, named, NInt, NStr, Str, Strs, withPlatformUrls } from '../records.js';

export const LinkpageBLink = z.strictObject({
  /** Integer link id; null only if Linktree ever sends one that is not numeric. */
  id: NInt,
  type: Str,
  title: Str,
  /** May be '' (HEADER, PRODUCT…). */
  url: Str,
});
export type LinkpageBLink = z.infer<typeof LinkpageBLink>;

export const LinkpageBPage = named(
  'LinkpageBPage',
  withPlatformUrls(
    z.strictObject({
      id: Int,
      username: Str,
      profilePictureUrl: NStr,
      description: NStr,
      verticals: Strs,
      linkPlatforms: Strs,
      timezone: NStr,
      links: z.array(LinkpageBLink),
      email_address: NStr,
    }),
  ),
);
export type LinkpageBPage = z.infer<typeof LinkpageBPage>;
