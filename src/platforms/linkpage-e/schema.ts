/**
 * The linkpage-e record (api.md "linkpage-e page") as data: the parser's type, the /openapi.json
 * response schema and what REST bodies are checked against. Nullable fields: README.md.
 */
import { z } from 'zod';
import { named, NStr, Str, withPlatformUrls } from '../records.js';
import { LISTED_PLATFORMS } from './parse.js';

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
