/**
 * The linkpage-e record (api.md "linkpage-e page") as data: the parser's type, the /openapi.json
 * response schema and what REST bodies are checked against. Nullable fields: README.md.
 */
import { z } from 'zod';
import { named, NStr, Str, withPlatformUrls } from '../records.js';

/** Platform fields every record lists (the peer's `instagram`, `tiktok`, `youtube`, `twitter`), null when absent. */
export const LISTED_PLATFORMS: readonly string[] = ['social-b', 'shortvideo', 'video', 'microblog-b'];

export const LinkpageELink = z.strictObject({ url: Str, text: Str });
export type LinkpageELink = z.infer<typeof LinkpageELink>;

export const LinkpageEPage = named(
  'LinkpageEPage',
  withPlatformUrls(
    z.strictObject({
      handle: Str,
      id: Str,
      email: NStr,
      whatsapp: NStr,
      website: NStr,
      links: z.array(LinkpageELink),
    }),
    // api.md: "per-platform fields … (each string or null)"; these four are always listed.
    { names: LISTED_PLATFORMS, value: NStr },
  ),
);
export type LinkpageEPage = z.infer<typeof LinkpageEPage>;
