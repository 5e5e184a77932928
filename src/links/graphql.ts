/**
 * GraphQL pieces shared by the link pages: the "one URL field per linked platform" members of a
 * wire record, typed as a list (GraphQL field names cannot be `social-b`, and the set of
 * platforms is open). The wire record itself, with those fields at top level, stays in `json`.
 */
import { builder } from '../graphql/builder.js';

export interface LinkedPlatformUrl {
  platform: string;
  url: string;
}

/** The shared type, referenced by the link pages' types; declared once by `linksGraphql`. */
export const LinkedPlatformUrlRef = builder.objectRef<LinkedPlatformUrl>('LinkedPlatformUrl');

/** Declares the shared link types on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function linksGraphql(): void {
  LinkedPlatformUrlRef.implement({
    description: 'A link to the creator on another platform, as the page lists it (first link per platform)',
    fields: (t) => ({
      platform: t.exposeString('platform', {
        nullable: false,
        description: 'Neutral label (social-b, video…) or lowercase platform name (twitch, patreon…): the field name on /v1',
      }),
      url: t.exposeString('url', { nullable: false, description: "The URL of the creator's page on that platform" }),
    }),
  });
}

/** The platform URL fields of a wire record: every string member that is not one of its fixed keys. */
export function platformUrlsOf(record: Record<string, unknown>, fixedKeys: ReadonlySet<string>): LinkedPlatformUrl[] {
  return Object.entries(record)
    .filter((e): e is [string, string] => !fixedKeys.has(e[0]) && typeof e[1] === 'string')
    .map(([platform, url]) => ({ platform, url }));
}
