/**
 * GraphQL types and root field for linkpage-d (Pillar): idiomatic names over the api.md wire
 * record, the platform URL fields as a typed list (the listed-but-empty ones left out), and `json`
 * with the whole wire record.
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import { LinkedPlatformUrlRef, platformUrlsOf } from '../../links/graphql.js';
import type { LinkpageDLink, LinkpageDPage, LinkpageDProduct } from './parse.js';
import { FIXED_KEYS } from './parse.js';
import { page } from './platform.js';

/** Declares linkpage-d's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function linkpageDGraphql(): void {
  const LinkRef = builder.objectRef<LinkpageDLink>('LinkpageDLink').implement({
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Link id (UUID)' }),
      type: t.exposeString('type', { nullable: false, description: "Pillar's link kind; often repeats the title" }),
      title: t.exposeString('title', { nullable: false }),
      url: t.exposeString('url', { nullable: false }),
      clicks: t.exposeInt('clicks', { description: 'Clicks Pillar counted on this link' }),
      order: t.exposeInt('order', { description: 'Position set by the creator; null when unset' }),
    }),
  });

  const ProductRef = builder.objectRef<LinkpageDProduct>('LinkpageDProduct').implement({
    description: 'A product the creator features on the page',
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Product id (UUID)' }),
      title: t.exposeString('title'),
      name: t.exposeString('name'),
      price: t.exposeFloat('price'),
      url: t.exposeString('url'),
      description: t.exposeString('description'),
      image: t.exposeString('image', { description: 'Image URL' }),
    }),
  });

  const PageRef = builder.objectRef<LinkpageDPage>('LinkpageDPage').implement({
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false, description: 'Profile id (UUID)' }),
      firstName: t.exposeString('first_name'),
      lastName: t.exposeString('last_name'),
      emailPrimary: t.exposeString('email_primary', { description: 'The address the profile marks as primary' }),
      email: t.exposeString('email', { description: 'The contact address the page shows' }),
      location: t.exposeString('location'),
      platformUrls: t.field({
        type: [LinkedPlatformUrlRef],
        nullable: false,
        description:
          'One URL per linked platform (on /v1 each is a top-level field named after the platform, an empty string when the page links none)',
        resolve: (r) => platformUrlsOf(r as unknown as Record<string, unknown>, FIXED_KEYS).filter((p) => p.url !== ''),
      }),
      links: t.expose('links', { type: [LinkRef], nullable: false }),
      products: t.expose('products', { type: [ProductRef], nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(page, PageRef);
}
