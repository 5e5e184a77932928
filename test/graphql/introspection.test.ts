/**
 * src/graphql/introspection.ts answers introspection-only operations without graphql-js's
 * executor: its answers must be graphql-js's own, byte for byte, on the gateway's schema.
 * Compared over the standard introspection queries (GraphiQL's, with every option) and over
 * randomly generated selections of the introspection types: subsets of fields in any order,
 * aliases, repeated fields that merge, inline and named fragments, @skip/@include (literal and
 * by variable), includeDeprecated both ways, __type of known and unknown names, __typename at
 * every level.
 */
import { execute, getIntrospectionQuery, getNamedType, getOperationAST, getVariableValues, isObjectType, parse, validate } from 'graphql';
import type { GraphQLObjectType, GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { answerIntrospection, answerIntrospectionInSlices } from '../../src/graphql/introspection.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { mulberry32 } from '../sim/rng.js';
import { FULL_INTROSPECTION_QUERY } from '../support/introspection.js';
import { countingTurns } from '../support/turns.js';

const schema: GraphQLSchema = buildSchema();

/**
 * Ours (at once, and in slices — the smallest, so every job is a slice of its own) and
 * graphql-js's, as JSON.
 */
async function both(query: string, variables: Record<string, unknown> = {}) {
  const document = parse(query);
  expect(validate(schema, document)).toEqual([]);
  const operation = getOperationAST(document)!;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
  if (coerced.errors) throw coerced.errors[0];
  const ours = answerIntrospection(schema, document, operation, coerced.coerced);
  const sliced = await answerIntrospectionInSlices(schema, document, operation, coerced.coerced, 0);
  const theirs = execute({ schema, document, variableValues: variables });
  expect(JSON.stringify(sliced?.result), query).toBe(JSON.stringify(ours));
  return { ours: JSON.stringify(ours), theirs: JSON.stringify(theirs) };
}

/** A random selection set of an introspection type, `depth` levels deep at most. */
function selection(type: GraphQLObjectType, depth: number, r: () => number, fragments: string[]): string {
  const fields = Object.values(type.getFields());
  const picked = fields.filter(() => r() < 0.5);
  if (!picked.length) picked.push(fields[Math.floor(r() * fields.length)]);
  // Any order; sometimes a field twice (graphql merges them).
  picked.sort(() => r() - 0.5);
  if (r() < 0.3) picked.push(picked[0]);
  const parts: string[] = [];
  for (const f of picked) {
    const named = getNamedType(f.type);
    if (isObjectType(named) && depth <= 0) continue;
    let text = r() < 0.15 ? `al${Math.floor(r() * 3)}: ${f.name}` : f.name;
    // An alias that another field already uses with another name would not validate.
    if (text.includes(':') && parts.some((p) => p.startsWith(text.split(':')[0] + ':'))) text = f.name;
    if (f.args.some((a) => a.name === 'includeDeprecated') && r() < 0.5) text += `(includeDeprecated: ${r() < 0.5})`;
    const directive = r();
    if (directive < 0.1) text += r() < 0.5 ? ' @skip(if: $flag)' : ' @include(if: $flag)';
    else if (directive < 0.2) text += r() < 0.5 ? ' @skip(if: true)' : ' @include(if: false)';
    if (isObjectType(named)) text += ` { ${selection(named, depth - 1, r, fragments)} }`;
    parts.push(text);
  }
  if (r() < 0.2) parts.push('__typename');
  if (r() < 0.15) parts.push(`... on ${type.name} { ${selection(type, Math.min(depth, 1), r, fragments)} }`);
  if (r() < 0.1) {
    const name = `F${fragments.length}`;
    fragments.push(`fragment ${name} on ${type.name} { ${selection(type, Math.min(depth, 1), r, fragments)} }`);
    parts.push(`...${name}`);
  }
  if (!parts.length) parts.push('__typename');
  return parts.join(' ');
}

/** Fields that are aliased differently but share a response key do not validate: such draws are skipped. */
function validQuery(text: string): boolean {
  return validate(schema, parse(text)).length === 0;
}

describe('introspection without the executor: graphql-js’s answers', () => {
  it.each([
    ['graphql 16 defaults', getIntrospectionQuery()],
    ['every option', FULL_INTROSPECTION_QUERY],
    ['no descriptions', getIntrospectionQuery({ descriptions: false })],
    ['__typename', '{ __typename }'],
    ['__type of Query', '{ __type(name: "Query") { name kind fields { name args { name type { name kind ofType { name } } } } } }'],
    ['__type unknown', '{ __type(name: "NoSuchType") { name } }'],
    ['deprecated included', '{ __schema { types { name fields(includeDeprecated: true) { name isDeprecated deprecationReason } } } }'],
    ['directives', '{ __schema { directives { name locations isRepeatable args(includeDeprecated: true) { name defaultValue } } } }'],
    ['enum values', '{ __schema { types { name enumValues(includeDeprecated: false) { name description } } } }'],
  ])('%s', async (_name, query) => {
    const { ours, theirs } = await both(query);
    expect(ours).toBe(theirs);
  });

  it('__type by variable, @skip/@include by variable', async () => {
    const query =
      'query ($n: String!, $flag: Boolean!) { __type(name: $n) { name kind @skip(if: $flag) description @include(if: $flag) } }';
    for (const variables of [
      { n: 'Query', flag: true },
      { n: 'Query', flag: false },
      { n: 'Nope', flag: true },
    ]) {
      const { ours, theirs } = await both(query, variables);
      expect(ours).toBe(theirs);
    }
  });

  it('200 random selections of the introspection types', async () => {
    const schemaType = schema.getType('__Schema') as GraphQLObjectType;
    const typeType = schema.getType('__Type') as GraphQLObjectType;
    let compared = 0;
    for (let seed = 1; compared < 200; seed++) {
      const r = mulberry32(seed); // the same queries on every run
      const fragments: string[] = [];
      const root =
        r() < 0.6
          ? `__schema { ${selection(schemaType, 3, r, fragments)} }`
          : `__type(name: "${['Query', 'String', 'Boolean', '__Type', 'NoSuch'][Math.floor(r() * 5)]}") { ${selection(typeType, 3, r, fragments)} }`;
      const text = `query ($flag: Boolean!) { ${root}${r() < 0.3 ? ' __typename' : ''} }\n${fragments.join('\n')}`;
      if (!validQuery(text)) continue;
      const { ours, theirs } = await both(text, { flag: r() < 0.5 });
      expect(ours, text).toBe(theirs);
      compared++;
    }
    expect(compared).toBe(200);
    // A comparison, not a timing test: ~4 s on an idle 2-core machine, past vitest's default 30 s at
    // a load average of 14 (other test runs beside it).
  }, 120_000);

  it('an operation it does not model (mutation, subscription) is left to graphql-js: null, never a guess', () => {
    const document = parse('{ __typename }');
    const operation = getOperationAST(document)!;
    expect(answerIntrospection(schema, document, operation, {})).toEqual({ data: { __typename: 'Query' } });
    for (const kind of ['mutation', 'subscription'])
      expect(answerIntrospection(schema, document, { ...operation, operation: kind } as never, {})).toBeNull();
  });

  it('in slices: other callbacks run between them, and the answer is the same', async () => {
    const document = parse(FULL_INTROSPECTION_QUERY);
    const operation = getOperationAST(document)!;
    const { result: sliced, turns: ranBetween } = await countingTurns(() =>
      answerIntrospectionInSlices(schema, document, operation, {}, 0),
    );
    expect(sliced!.slices).toBeGreaterThan(20);
    // Each slice gave the event loop a turn.
    expect(ranBetween).toBeGreaterThanOrEqual(sliced!.slices - 1);
    expect(JSON.stringify(sliced!.result)).toBe(JSON.stringify(answerIntrospection(schema, document, operation, {})));
    expect(sliced!.cpuMs).toBeGreaterThan(0);
  });

  it('in slices, an operation it does not model is null too', async () => {
    const document = parse('{ __typename }');
    const operation = getOperationAST(document)!;
    expect((await answerIntrospectionInSlices(schema, document, operation, {}))?.result).toEqual({ data: { __typename: 'Query' } });
    expect(await answerIntrospectionInSlices(schema, document, { ...operation, operation: 'mutation' } as never, {})).toBeNull();
  });
});
