/**
 * The schema index: every part's GraphQL types and root fields, declared explicitly and in this
 * order (the order of schema/schema.graphql), then the schema is built once. A part's graphql.ts
 * exports the function that declares them; importing it declares nothing. The platforms' are
 * called in the registry's order from the generated list of their folders' graphql.ts
 * (./platforms.ts), so adding a platform touches nothing here.
 */
import { specifiedDirectives } from 'graphql';
import type { GraphQLSchema } from 'graphql';
import type { PlatformDefinition } from '../platforms/definition.js';
import type { OperationDef } from '../platforms/operation.js';
import { platforms } from '../platforms/registry.js';
import { allOperations, labels } from '../gateway.js';
import { accountGraphql } from '../account/graphql.js';
import { discoveryGraphql } from '../discovery/api/graphql.js';
import { jobsGraphql } from '../jobs/graphql.js';
import { linksGraphql } from '../links/graphql.js';
import { monitorsGraphql } from '../monitors/graphql.js';
import { statusGraphql } from '../status/graphql.js';
import { builder } from './builder.js';
import { GraphQLDeferDirective, GraphQLStreamDirective } from './incremental.js';
import { PLATFORM_GRAPHQL } from './platforms.js';
import { describeFromRecords } from './record-types.js';

let schema: GraphQLSchema | undefined;

export function buildSchema(): GraphQLSchema {
  if (schema) return schema;
  jobsGraphql();
  accountGraphql();
  statusGraphql(labels);
  linksGraphql();
  declarePlatformTypes();
  discoveryGraphql();
  monitorsGraphql();
  // @defer and @stream are declared here (not added by yoga's plugin at run time), so the printed
  // schema, introspection, REST and the fast path all see the one schema yoga serves.
  schema = builder.toSchema({
    sortSchema: false,
    directives: [...specifiedDirectives, GraphQLDeferDirective, GraphQLStreamDirective],
  });
  // A record field without a description of its own takes its zod member's (record-types.ts).
  describeFromRecords(schema, allOperations());
  return schema;
}

/**
 * Calls each registered platform's GraphQL function (`declare`: by label, generated from the
 * folders' graphql.ts) in the registry's order. A label the registry does not list is an error,
 * so a renamed or unregistered folder cannot declare root fields of its own.
 */
export function declarePlatformTypes(
  entries: readonly PlatformDefinition[] = platforms,
  declare: Readonly<Record<string, () => void>> = PLATFORM_GRAPHQL,
): void {
  const listed = new Set(entries.map((p) => p.label));
  const unknown = Object.keys(declare).filter((label) => !listed.has(label));
  if (unknown.length) throw new Error(`GraphQL types for platforms the registry does not list: ${unknown.join(', ')}`);
  for (const p of entries) declare[p.label]?.();
}

/**
 * Start-up check: every operation has its root field in the schema (its part's graphql.ts is
 * called above; a platform's, when its folder has one), and every root field that runs an operation runs one the gateway lists.
 */
export function checkRootFields(schema: GraphQLSchema, ops: readonly OperationDef[]): void {
  const fields = schema.getQueryType()!.getFields();
  for (const op of ops) {
    if ((fields[op.field]?.extensions as { operation?: OperationDef } | undefined)?.operation !== op)
      throw new Error(`operation ${op.field} has no GraphQL root field: its platform folder needs a graphql.ts (npm run platforms:lists)`);
  }
  const listed = new Set(ops);
  for (const f of Object.values(fields)) {
    const op = (f.extensions as { operation?: OperationDef }).operation;
    if (op && !listed.has(op)) throw new Error(`GraphQL root field ${f.name} runs an operation no registry entry lists`);
  }
}
