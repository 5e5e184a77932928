/**
 * A record's fields are written once, in its zod schema (each platform's schema.ts); every
 * GraphQL object type over a record is held to that schema here: a field present in one and
 * absent from the other fails.
 *
 * A GraphQL field reads the wire member its exposure names (`t.exposeString('full_name')`), or the
 * one with its name in snake_case / camelCase, or what it declares (`extensions: { wire: 'a.b' }`:
 * a member under another name, or inside another member). A wire member may be left to `json`
 * only when the type says so (`extensions: { jsonOnly: [...] }`); a record's platform URL fields
 * (src/platforms/records.ts withPlatformUrls) are the GraphQL type's `platformUrls`. A type
 * reached by several shapes (a view over two answers) is held to all of them together. Records
 * are read as every other reader reads them (src/platforms/schema-walk.ts `nodeOf`).
 */
import { getNamedType, isListType, isNonNullType } from 'graphql';
import type { GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allOperations } from '../gateway.js';
import { PLATFORM_NAMES } from '../links/classify.js';
import { nodeOf } from '../platforms/schema-walk.js';
import type { ObjectNode } from './record-types.js';
import { objectOf, reach, wirePaths } from './record-types.js';
import { buildSchema } from './schema.js';

/** Where GraphQL types and record schemas part: one line per field present in one and absent from the other. */
function mismatches(reached: Map<GraphQLObjectType, ObjectNode[]>): string[] {
  const out: string[] = [];
  const platformNames = new Set(PLATFORM_NAMES);
  for (const [type, nodes] of reached) {
    const keys = new Set(nodes.flatMap((n) => [...n.members.keys()]));
    const covered = new Set<string>((type.extensions as { jsonOnly?: string[] }).jsonOnly ?? []);
    for (const j of covered) if (!keys.has(j)) out.push(`${type.name}: jsonOnly names ${j}, which the record does not have`);
    const fields = type.getFields();
    for (const field of Object.values(fields)) {
      if (field.name === 'json') continue;
      if (field.name === 'platformUrls') {
        for (const k of keys) if (platformNames.has(k) && !fields[k]) covered.add(k);
        continue;
      }
      const paths = wirePaths(field, keys);
      if (!paths.length || paths.every((p) => !keys.has(p[0]))) out.push(`${type.name}.${field.name}: no such member in the record`);
      for (const p of paths) covered.add(p[0]);
    }
    for (const k of keys)
      if (!covered.has(k)) out.push(`${type.name}: record member ${k} has no GraphQL field (type it, or list it in jsonOnly)`);
  }
  return out.sort();
}

/**
 * Where a GraphQL field's nullability parts from its record member's: a non-null field over a member
 * the record may leave null (a "Cannot return null" error in place of the record), and a nullable
 * list over a member every record carries, never null (api.md: `[]` when empty; clients would have
 * to check for a null that never comes). Scalars over non-null members may stay nullable (the
 * builder's default: a field degrades alone).
 */
function nullabilityMismatches(reached: Map<GraphQLObjectType, ObjectNode[]>): string[] {
  const out = new Set<string>();
  for (const [type, nodes] of reached)
    for (const node of nodes) {
      const keys = new Set(node.members.keys());
      for (const field of Object.values(type.getFields())) {
        const paths = wirePaths(field, keys);
        if (paths.length !== 1 || paths[0].length !== 1) continue;
        const member = node.members.get(paths[0][0]);
        if (!member) continue;
        const mayBeNull = member.alternatives.some((a) => a.safeParse(null).success || a.safeParse(undefined).success);
        if (isNonNullType(field.type) && mayBeNull) out.add(`${type.name}.${field.name}: non-null, but the record may leave it null`);
        const always = member.always && !mayBeNull;
        if (!isNonNullType(field.type) && isListType(field.type) && always && nodeOf(member.alternatives).kind === 'list')
          out.add(`${type.name}.${field.name}: a list every record carries, typed nullable`);
      }
    }
  return [...out].sort();
}

describe('GraphQL types held to the record schemas', () => {
  const schema = buildSchema();

  it('every field of every record is a GraphQL field (or declared json-only), and every GraphQL field a record field', () => {
    const reached = reach(schema, allOperations());
    expect(reached.size).toBeGreaterThan(60);
    expect(mismatches(reached)).toEqual([]);
  });

  it("every field's nullability agrees with its record member's (lists the record always carries are non-null)", () => {
    expect(nullabilityMismatches(reach(schema, allOperations()))).toEqual([]);
  });

  it("a field (an operation's type) without a description of its own shows its record member's (record's): the zod schema's, as /openapi.json does", () => {
    const undescribed: string[] = [];
    for (const [type, nodes] of reach(schema, allOperations()))
      for (const field of Object.values(type.getFields()))
        for (const node of nodes) {
          const paths = wirePaths(field, new Set(node.members.keys()));
          const member = paths.length === 1 && paths[0].length === 1 ? node.members.get(paths[0][0]) : undefined;
          if (member?.alternatives.some((a) => a.description) && !field.description) undescribed.push(`${type.name}.${field.name}`);
        }
    for (const op of allOperations()) {
      const type = getNamedType(schema.getQueryType()!.getFields()[op.field].type);
      if (op.record.description && !type.description) undescribed.push(type.name);
    }
    expect(undescribed).toEqual([]);
    const fields = (name: string) => (schema.getType(name) as GraphQLObjectType).getFields();
    expect(fields('CodeUserObject').createdAt.description).toBe('ISO 8601');
    // Its own description stays: CodeRepository.id says more than the record's.
    expect(fields('CodeRepository').id.description).toBe('Numeric repository id');
  });

  it('a record member missing from GraphQL, or a GraphQL field missing from the record, is reported', () => {
    const op = allOperations().find((o) => o.field === 'codeRepository')!;
    const type = getNamedType(schema.getQueryType()!.getFields()[op.field].type) as GraphQLObjectType;
    const shape = (op.record as z.ZodObject).shape as Record<string, z.ZodType>;
    const { stars_count: _gone, ...fewer } = shape;
    const nodes = (s: Record<string, z.ZodType>) => [objectOf(nodeOf(z.object(s)))!];
    expect(mismatches(new Map([[type, nodes(fewer)]]))).toEqual(['CodeRepository.starsCount: no such member in the record']);
    expect(mismatches(new Map([[type, nodes({ ...shape, extra_member: z.string() })]]))).toEqual([
      'CodeRepository: record member extra_member has no GraphQL field (type it, or list it in jsonOnly)',
    ]);
  });
});
