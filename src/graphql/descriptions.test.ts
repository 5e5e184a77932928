/**
 * What a developer reads in GraphiQL's docs or an introspection-generated client: every argument
 * and input field says what it takes (format, range, default), every enum value what it is, and
 * every type and field of the gateway's own parts (bulk jobs, monitors, account, status, creator
 * discovery) what it holds. The platforms' record types are described where their records are
 * (their zod schemas, api.md); their arguments come from each operation's params, described there.
 */
import { getNamedType, isEnumType, isInputObjectType, isInterfaceType, isObjectType, isUnionType } from 'graphql';
import type { GraphQLNamedType, GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { platforms } from '../platforms/registry.js';
import { buildSchema } from './schema.js';

/** The types a platform operation's root field reaches: its record and everything inside it. */
function platformRecordTypes(schema: GraphQLSchema): Set<string> {
  const reached = new Set<string>();
  const visit = (type: GraphQLNamedType) => {
    if (reached.has(type.name)) return;
    reached.add(type.name);
    if (isUnionType(type)) type.getTypes().forEach(visit);
    if (isObjectType(type) || isInterfaceType(type)) for (const f of Object.values(type.getFields())) visit(getNamedType(f.type));
  };
  const fields = schema.getQueryType()!.getFields();
  for (const op of platforms.flatMap((p) => p.operations)) visit(getNamedType(fields[op.field].type));
  return reached;
}

/** One line per argument, input field or enum value without a description. */
function undescribedInputs(schema: GraphQLSchema): string[] {
  const out: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isObjectType(type) || isInterfaceType(type))
      for (const f of Object.values(type.getFields()))
        for (const a of f.args) if (!a.description) out.push(`${type.name}.${f.name}(${a.name})`);
    if (isInputObjectType(type)) for (const f of Object.values(type.getFields())) if (!f.description) out.push(`${type.name}.${f.name}`);
    if (isEnumType(type)) for (const v of type.getValues()) if (!v.description) out.push(`${type.name}.${v.name}`);
  }
  return out;
}

/** One line per type, or field of an object type, outside the platforms' records without a description. */
function undescribedOwnTypes(schema: GraphQLSchema): string[] {
  const records = platformRecordTypes(schema);
  const roots = new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].map((t) => t?.name));
  const out: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || records.has(type.name)) continue;
    if (!type.description) out.push(type.name);
    if (isObjectType(type) && !roots.has(type.name))
      for (const f of Object.values(type.getFields())) if (!f.description) out.push(`${type.name}.${f.name}`);
  }
  return out;
}

describe('the schema as GraphiQL documents it', () => {
  const schema = buildSchema();

  it('every argument, input field and enum value has a description', () => {
    expect(undescribedInputs(schema)).toEqual([]);
  });

  it("every type and field of the gateway's own parts has a description", () => {
    expect(platformRecordTypes(schema).size).toBeGreaterThan(200);
    expect(undescribedOwnTypes(schema)).toEqual([]);
  });
});
