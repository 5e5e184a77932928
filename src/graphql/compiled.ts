/**
 * Compiled execution (graphql-jit): a GraphQL document the fast path has seen (src/graphql/fast-http.ts)
 * is compiled once into a function that calls the same schema's resolvers, instead of being
 * interpreted on every request.
 */
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import type { DocumentNode, ExecutionResult, GraphQLSchema } from 'graphql';
import type { GatewayContext } from '../pipeline/context.js';

export type CompiledOperation = (
  ctx: GatewayContext,
  variables: Record<string, unknown> | undefined,
) => ExecutionResult | Promise<ExecutionResult>;

export function compileOperation(schema: GraphQLSchema, document: DocumentNode, operationName?: string): CompiledOperation {
  const compiled = compileQuery(schema, document, operationName, { disablingCapturingStackErrors: true });
  if (!isCompiledQuery(compiled)) throw new Error(`cannot compile operation: ${compiled.errors?.map((e) => e.message).join('; ')}`);
  return (ctx, variables) => compiled.query(undefined, ctx, variables ?? {}) as ExecutionResult | Promise<ExecutionResult>;
}
