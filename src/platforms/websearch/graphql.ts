/**
 * GraphQL types and root field for websearch.
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import type { WebSearchPage, WebSearchResult } from './parse.js';
import { search } from './platform.js';

/** Declares websearch's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function websearchGraphql(): void {
  const ResultRef = builder.objectRef<WebSearchResult>('WebsearchResult').implement({
    fields: (t) => ({
      url: t.exposeString('url', { nullable: false }),
      title: t.exposeString('title', { nullable: false }),
      description: t.exposeString('description', { nullable: false, description: 'Snippet; may be empty' }),
    }),
  });

  const PageRef = builder.objectRef<WebSearchPage>('WebsearchPage').implement({
    fields: (t) => ({
      results: t.expose('results', { type: [ResultRef], nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(search, PageRef);
}
