/**
 * GraphQL types and root field for linkpage-c (Komi): idiomatic names over the api.md wire
 * record, the platform URL fields as a typed list, and `json` with the whole wire record.
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import { LinkedPlatformUrlRef, platformUrlsOf } from '../../links/graphql.js';
import type { LinkpageCLink, LinkpageCPage } from './parse.js';
import { FIXED_KEYS } from './parse.js';
import { page } from './platform.js';

/** Declares linkpage-c's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function linkpageCGraphql(): void {
  const LinkRef = builder.objectRef<LinkpageCLink>('LinkpageCLink').implement({
    description: 'An entry of a content module: a link, or a product with its price',
    fields: (t) => ({
      id: t.exposeString('id'),
      type: t.exposeString('type', { nullable: false, description: "The module's type: LINK, PRODUCT…" }),
      title: t.exposeString('title'),
      url: t.exposeString('url', { nullable: false }),
      order: t.exposeInt('order', { description: 'Position inside its module' }),
      visible: t.exposeBoolean('visible', { description: 'false: hidden on the page' }),
      moduleId: t.exposeString('moduleId'),
      thumbnail: t.exposeString('thumbnail'),
      versionId: t.exposeString('versionId', { description: 'Published page version' }),
      price: t.float({ description: 'Products only', resolve: (l) => l.price ?? null }),
      currency: t.string({ description: 'Products only, e.g. USD', resolve: (l) => l.currency ?? null }),
    }),
  });

  const PageRef = builder.objectRef<LinkpageCPage>('LinkpageCPage').implement({
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false, description: 'Talent profile id (UUID)' }),
      username: t.exposeString('username', { nullable: false }),
      avatar: t.exposeString('avatar'),
      bio: t.exposeString('bio'),
      firstName: t.exposeString('firstName'),
      lastName: t.exposeString('lastName'),
      displayName: t.exposeString('displayName'),
      displayNameImage: t.exposeString('displayNameImage', { description: 'An image used in place of the display name' }),
      website: t.exposeString('website'),
      links: t.expose('links', { type: [LinkRef], nullable: false }),
      platformUrls: t.field({
        type: [LinkedPlatformUrlRef],
        nullable: false,
        description: 'One URL per linked platform (on /v1 each is a top-level field named after the platform)',
        resolve: (r) => platformUrlsOf(r as unknown as Record<string, unknown>, FIXED_KEYS),
      }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(page, PageRef);
}
