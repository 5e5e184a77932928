/**
 * Schema assembly: importing each platform's graphql.ts declares its types and root fields on
 * the builder; then the schema is built once.
 */
import type { GraphQLSchema } from 'graphql';
import { builder } from './builder.js';
import '../platforms/code/graphql.js';
import '../platforms/websearch/graphql.js';

let schema: GraphQLSchema | undefined;

export function buildSchema(): GraphQLSchema {
  return (schema ??= builder.toSchema({ sortSchema: false }));
}
