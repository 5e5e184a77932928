/**
 * Schema assembly: the registry (src/platforms/registry.ts) imports every platform's and
 * module's entry, which declares its types and fields on the builder; then the schema is built once.
 */
import { specifiedDirectives } from 'graphql';
import type { GraphQLSchema } from 'graphql';
import { builder } from './builder.js';
import { GraphQLDeferDirective, GraphQLStreamDirective } from './incremental.js';
import '../platforms/registry.js';

let schema: GraphQLSchema | undefined;

export function buildSchema(): GraphQLSchema {
  // @defer and @stream are declared here (not added by yoga's plugin at run time), so the printed
  // schema, introspection, REST and the fast path all see the one schema yoga serves.
  return (schema ??= builder.toSchema({
    sortSchema: false,
    directives: [...specifiedDirectives, GraphQLDeferDirective, GraphQLStreamDirective],
  }));
}
