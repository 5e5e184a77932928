/**
 * Pothos builder: configuration only (plugins, scalars, context type). Types and root fields
 * live beside their platform in src/platforms/<label>/graphql.ts.
 */
import SchemaBuilder from '@pothos/core';
import { JSONResolver, DateTimeResolver } from 'graphql-scalars';
import type { GatewayContext } from '../pipeline/context.js';

export const builder = new SchemaBuilder<{
  Context: GatewayContext;
  DefaultFieldNullability: true;
  Scalars: {
    JSON: { Input: unknown; Output: unknown };
    DateTime: { Input: Date; Output: Date | string };
  };
}>({});

builder.addScalarType('JSON', JSONResolver);
builder.addScalarType('DateTime', DateTimeResolver);

builder.queryType({
  description:
    'Public creator data, fetched live from public pages (or from cache with cacheMaxAge). Each root field costs credits; see extensions.credits.',
});

builder.mutationType({
  description: 'Actions for the calling key (bulk lookup jobs). Every mutation needs a key (401 → 429 first, as every request).',
});
