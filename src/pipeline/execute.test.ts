/**
 * Keyless introspection is computed once per document, not per text: texts that differ only in
 * comments or layout (free for a caller to vary) share one answer.
 */
import { getIntrospectionQuery, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { GatewayContext } from '../graphql/context.js';
import { buildSchema } from '../graphql/schema.js';
import { executeGraphql } from './execute.js';

const schema = buildSchema();
const ctx = { deps: { config: { maxRootFields: 10 } } } as unknown as GatewayContext;

describe('introspection answers', () => {
  it('a text that differs only in comments and layout reuses the answer; another selection does not', async () => {
    // Introspection is walked without the executor (src/graphql/introspection.ts): a remembered
    // answer is the same object; a computed one is a new object.
    const ask = (query: string) => executeGraphql({ schema, document: parse(query), contextValue: ctx });
    const base = getIntrospectionQuery({ descriptions: false }).replace('IntrospectionQuery', 'IntrospectionQueryExecuteTest');
    const first = await ask(base);
    expect(first.errors).toBeUndefined();
    expect(await ask(base)).toBe(first);
    const variant = `# a comment only\n${base.replace(/\n\s+/g, '\n    ').replace(/ {/g, '   {')}\n#${Math.random()}`;
    expect(await ask(variant)).toBe(first);
    const other = await ask('query IntrospectionQueryExecuteTest { __schema { queryType { name } } }');
    expect(other).not.toBe(first);
    expect(other.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });
});
