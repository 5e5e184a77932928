/**
 * The GraphQL object types over the records (each platform's zod schemas, src/platforms/records.ts),
 * each with the record objects it stands for: what record-fields.test.ts holds the types to, and
 * where a field without a description of its own takes its record member's (the zod schema's
 * `.describe()`, which /openapi.json shows too), so a field is described once, in its record.
 *
 * A GraphQL field reads the wire member its exposure names (`t.exposeString('full_name')`), or the
 * one with its name in snake_case / camelCase, or what it declares (`extensions: { wire: 'a.b' }`).
 * Records are read as every other reader reads them (src/platforms/schema-walk.ts `nodeOf`).
 */
import { getNamedType, isInterfaceType, isObjectType } from 'graphql';
import type { GraphQLObjectType, GraphQLSchema } from 'graphql';
import type { z } from 'zod';
import type { OperationDef } from '../platforms/operation.js';
import { memberNode, nodeOf } from '../platforms/schema-walk.js';
import type { SchemaNode } from '../platforms/schema-walk.js';

export type ObjectNode = Extract<SchemaNode, { kind: 'object' }>;

/** The object a value is, lists opened (a list of posts: a post); null where it is none (a record, unknown, a string). */
export function objectOf(node: SchemaNode | null): ObjectNode | null {
  while (node?.kind === 'list') node = node.item;
  return node?.kind === 'object' ? node : null;
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The wire paths a GraphQL field reads, each a list of member names. */
export function wirePaths(
  field: { name: string; extensions: Record<string, unknown> | null | undefined },
  keys: ReadonlySet<string>,
): string[][] {
  const ext = field.extensions ?? {};
  const declared = ext.wire as string | string[] | undefined;
  if (declared !== undefined) return (Array.isArray(declared) ? declared : [declared]).map((p) => p.split('.'));
  if (typeof ext.pothosExposedField === 'string') return [[ext.pothosExposedField]];
  for (const k of [field.name, snake(field.name), `__${field.name}`]) if (keys.has(k)) return [[k]];
  return [];
}

/** The object at `path` in the node (a member's options merged), or null where there is none. */
function at(node: ObjectNode, path: string[]): ObjectNode | null {
  let found: ObjectNode | null = node;
  for (const member of path) found = found && objectOf(memberNode(found, member));
  return found;
}

/** Every GraphQL object type reached from the root fields, with the record objects it stands for. */
export function reach(schema: GraphQLSchema, ops: readonly OperationDef[]): Map<GraphQLObjectType, ObjectNode[]> {
  const reached = new Map<GraphQLObjectType, ObjectNode[]>();
  const seen = new Set<string>();
  const visit = (type: GraphQLObjectType, node: ObjectNode | null) => {
    if (!node) return;
    const keys = new Set(node.members.keys());
    const id = `${type.name}\u0000${[...keys].join()}`;
    if (seen.has(id)) return;
    seen.add(id);
    reached.set(type, [...(reached.get(type) ?? []), node]);
    for (const field of Object.values(type.getFields())) {
      const inner = getNamedType(field.type);
      if (!isObjectType(inner)) continue;
      for (const path of wirePaths(field, keys)) visit(inner, at(node, path));
    }
  };
  for (const op of ops)
    visit(getNamedType(schema.getQueryType()!.getFields()[op.field].type) as GraphQLObjectType, objectOf(nodeOf(op.record)));
  return reached;
}

/** The description a member's schema carries (on it, or on what it wraps: `Str.describe(…).nullable()`). */
function describedAs(alternatives: readonly z.ZodType[]): string | undefined {
  for (let s of alternatives) {
    // Bounded: wrappers nest a few levels at most.
    for (let i = 0; i < 8; i++) {
      if (s.description) return s.description;
      const def = (s as unknown as { _zod: { def: { innerType?: z.ZodType; in?: z.ZodType } } })._zod.def;
      const inner = def.innerType ?? def.in;
      if (!inner) break;
      s = inner;
    }
  }
  return undefined;
}

/**
 * Gives each field over a record member that has no description of its own the member's, from
 * the record's zod schema; an interface field, the one its implementations were given alike; an
 * operation's type without one, its record's.
 * Called once, on the built schema (src/graphql/schema.ts).
 */
export function describeFromRecords(schema: GraphQLSchema, ops: readonly OperationDef[]): void {
  const query = schema.getQueryType()!.getFields();
  for (const op of ops) {
    const type = getNamedType(query[op.field].type);
    type.description ??= describedAs([op.record]);
  }
  for (const [type, nodes] of reach(schema, ops))
    for (const field of Object.values(type.getFields())) {
      if (field.description) continue;
      for (const node of nodes) {
        const paths = wirePaths(field, new Set(node.members.keys()));
        const member = paths.length === 1 && paths[0].length === 1 ? node.members.get(paths[0][0]) : undefined;
        const description = member && describedAs(member.alternatives);
        if (description) {
          field.description = description;
          break;
        }
      }
    }
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isInterfaceType(type)) continue;
    const implementations = schema.getImplementations(type).objects;
    for (const field of Object.values(type.getFields())) {
      if (field.description) continue;
      const given = new Set(implementations.map((o) => o.getFields()[field.name]?.description));
      const [only] = given;
      if (given.size === 1 && only) field.description = only;
    }
  }
}
