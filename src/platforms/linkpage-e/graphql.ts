/**
 * GraphQL types and root field for linkpage-e (Lnk.Bio): idiomatic names over the api.md wire
 * record, the platform URL fields as a typed list (the listed-but-null ones left out), and `json`
 * with the whole wire record.
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import { LinkedPlatformUrlRef, platformUrlsOf } from '../../links/graphql.js';
import type { LinkpageELink, LinkpageEPage } from './parse.js';
import { FIXED_KEYS } from './parse.js';
import { page } from './platform.js';

/** Declares linkpage-e's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function linkpageEGraphql(): void {
  const LinkRef = builder.objectRef<LinkpageELink>('LinkpageELink').implement({
    description: 'A link button of the page',
    fields: (t) => ({
      url: t.exposeString('url', { nullable: false, description: 'The target (Lnk.Bio click-counting redirects unwrapped)' }),
      text: t.exposeString('text', { nullable: false, description: "The button's text" }),
    }),
  });

  const PageRef = builder.objectRef<LinkpageEPage>('LinkpageEPage').implement({
    fields: (t) => ({
      handle: t.exposeString('handle', { nullable: false }),
      id: t.exposeString('id', { nullable: false, description: 'Page id, a negative number as a string' }),
      platformUrls: t.field({
        type: [LinkedPlatformUrlRef],
        nullable: false,
        description:
          'One URL per linked platform (on /v1 each is a top-level field named after the platform, null when the page links none)',
        resolve: (r) => platformUrlsOf(r as unknown as Record<string, unknown>, FIXED_KEYS),
      }),
      email: t.exposeString('email', { description: 'A contact address the page lists publicly' }),
      whatsapp: t.exposeString('whatsapp', { description: 'WhatsApp link (wa.me…)' }),
      website: t.exposeString('website', { description: "The creator's website icon" }),
      links: t.expose('links', { type: [LinkRef], nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(page, PageRef);
}
