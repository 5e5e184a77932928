/**
 * GraphQL types and root field for linkpage-b (Linktree): idiomatic names over the api.md wire
 * record, the platform URL fields as a typed list, and `json` with the whole wire record.
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import { LinkedPlatformUrlRef, platformUrlsOf } from '../../links/graphql.js';
import type { LinkpageBLink, LinkpageBPage } from './parse.js';
import { FIXED_KEYS } from './parse.js';
import { page } from './platform.js';

/** Declares linkpage-b's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function linkpageBGraphql(): void {
  const LinkRef = builder.objectRef<LinkpageBLink>('LinkpageBLink').implement({
    fields: (t) => ({
      id: t.exposeFloat('id', { description: 'Integer link id' }),
      type: t.exposeString('type', { nullable: false, description: 'CLASSIC, HEADER, PRODUCT, SPOTIFY_SONG, YOUTUBE_VIDEO…' }),
      title: t.exposeString('title', { nullable: false }),
      url: t.exposeString('url', { nullable: false, description: "May be '' (headers, products)" }),
    }),
  });

  const PageRef = builder.objectRef<LinkpageBPage>('LinkpageBPage').implement({
    fields: (t) => ({
      id: t.exposeFloat('id', { nullable: false, description: 'Integer account id' }),
      username: t.exposeString('username', { nullable: false }),
      profilePictureUrl: t.exposeString('profilePictureUrl'),
      description: t.exposeString('description', { description: 'Bio; may hold line breaks' }),
      verticals: t.exposeStringList('verticals', { nullable: false }),
      linkPlatforms: t.exposeStringList('linkPlatforms', { nullable: false }),
      timezone: t.exposeString('timezone'),
      links: t.expose('links', { type: [LinkRef], nullable: false }),
      platformUrls: t.field({
        type: [LinkedPlatformUrlRef],
        nullable: false,
        description: 'One URL per linked platform (on /v1 each is a top-level field named after the platform)',
        resolve: (r) => platformUrlsOf(r as unknown as Record<string, unknown>, FIXED_KEYS),
      }),
      emailAddress: t.exposeString('email_address', { description: 'A contact address the page lists publicly' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(page, PageRef);
}
