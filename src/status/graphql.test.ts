/**
 * GraphQL's `PlatformStatus` shows the same numbers as GET /v1/status, whose body is written once
 * as a zod schema (`StatusBody`, src/observability/health.ts). The GraphQL types are camelCase and
 * differ in three declared places (below); everything else must match field for field, so a number
 * added to the wire and not to GraphQL (or the other way round) fails here.
 */
import { describe, expect, it } from 'vitest';
import { getNamedType, isObjectType } from 'graphql';
import type { GraphQLObjectType } from 'graphql';
import { z } from 'zod';
import { buildSchema } from '../graphql/schema.js';
import { StatusBody } from '../observability/health.js';

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Where GraphQL's shape differs from the wire's by design: wire path → GraphQL fields instead. */
const DIFFERENT: Record<string, string[]> = {
  // A map keyed by `record.field` has no GraphQL type: a list of { field, count } instead.
  'parser_warnings.fields': ['parserWarnings.fields.field', 'parserWarnings.fields.count'],
  // The canary's error object is flattened into two nullable strings.
  'canaries.error': ['canaries.errorCode', 'canaries.errorMessage'],
};

/** Wire field paths of a zod object (arrays and nullables looked through), snake_case. */
function wirePaths(schema: z.ZodType, skip: Record<string, unknown> = DIFFERENT, prefix = ''): string[] {
  let s: z.ZodType = schema;
  for (;;) {
    if (s instanceof z.ZodNullable || s instanceof z.ZodOptional) s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodArray) s = s.element as z.ZodType;
    else break;
  }
  if (!(s instanceof z.ZodObject)) return prefix ? [prefix] : [];
  const out: string[] = [];
  for (const [key, member] of Object.entries(s.shape as Record<string, z.ZodType>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (path in skip) continue;
    const inner = wirePaths(member, skip, path);
    out.push(...(inner.length ? inner : [path]));
  }
  return out;
}

/** GraphQL field paths of an object type, leaves only. */
function graphqlPaths(type: GraphQLObjectType, prefix = ''): string[] {
  return Object.values(type.getFields()).flatMap((f) => {
    const path = prefix ? `${prefix}.${f.name}` : f.name;
    const named = getNamedType(f.type);
    return isObjectType(named) ? graphqlPaths(named, path) : [path];
  });
}

describe('PlatformStatus (GraphQL) against StatusBody (GET /v1/status)', () => {
  it('has every wire field of a platform, camelCased, and nothing the wire lacks', () => {
    const element = StatusBody.shape.platforms.element;
    const wire = wirePaths(element).map((p) => p.split('.').map(camel).join('.'));
    // The window is the body's on the wire and each platform's on GraphQL.
    wire.push('windowSeconds');
    wire.push(...Object.values(DIFFERENT).flat());
    const type = buildSchema().getType('PlatformStatus');
    if (!isObjectType(type)) throw new Error('PlatformStatus is not an object type');
    expect(graphqlPaths(type).sort()).toEqual([...new Set(wire)].sort());
  });

  it('the declared differences name wire fields that exist', () => {
    const all = wirePaths(StatusBody.shape.platforms.element, {});
    for (const path of Object.keys(DIFFERENT))
      expect(
        all.some((p) => p === path || p.startsWith(`${path}.`)),
        path,
      ).toBe(true);
  });
});
