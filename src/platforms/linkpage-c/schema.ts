/**
 * The linkpage-c record (api.md "linkpage-c page") as data: the parser's type, the /openapi.json
 * response schema and what REST bodies are checked against. Nullable fields: README.md.
 */
import { z } from 'zod';
import { named, NBool, NInt, NNum, NStr, Str, withPlatformUrls } from '../records.js';

export const LinkpageCLink = z.strictObject({
  id: NStr,
  url: Str,
  order: NInt,
  title: NStr,
  visible: NBool,
  moduleId: NStr,
  thumbnail: NStr,
  versionId: NStr,
  /** The module's type: LINK, PRODUCT… */
  type: Str,
  /** PRODUCT only. */
  price: NNum.optional(),
  /** PRODUCT only. */
  currency: NStr.optional(),
});
export type LinkpageCLink = z.infer<typeof LinkpageCLink>;

export const LinkpageCPage = named(
  'LinkpageCPage',
  withPlatformUrls(
    z.strictObject({
      id: Str,
      username: Str,
      avatar: NStr,
      bio: NStr,
      firstName: NStr,
      lastName: NStr,
      displayName: NStr,
      displayNameImage: NStr,
      website: NStr,
      links: z.array(LinkpageCLink),
    }),
  ),
);
export type LinkpageCPage = z.infer<typeof LinkpageCPage>;
