/**
 * Keyless introspection is remembered per document, not per text: texts that differ only in
 * comments, layout or the operation's name (free for a caller to vary) share one answer.
 */
import { getIntrospectionQuery, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { GatewayContext } from '../pipeline/context.js';
import { buildSchema } from './schema.js';
import { executeGraphql } from './execute.js';

const schema = buildSchema();
const ctx = { deps: { config: { maxRootFields: 10 } } } as unknown as GatewayContext;

describe('introspection answers', () => {
  it('a text that differs only in comments, layout or name reuses the answer (remembered from its second time); another selection does not', async () => {
    // Introspection is walked without the executor (src/graphql/introspection.ts): a remembered
    // answer is the same object; a computed one is a new object.
    const ask = (query: string) => executeGraphql({ schema, document: parse(query), contextValue: ctx });
    const base = getIntrospectionQuery({ descriptions: false }).replace('IntrospectionQuery', 'IntrospectionQueryExecuteTest');
    // Remembered from its second time (a document sent only once is not kept).
    const once = await ask(base);
    expect(once.errors).toBeUndefined();
    const first = await ask(base);
    expect(first).not.toBe(once);
    expect(first).toEqual(once);
    expect(await ask(base)).toBe(first);
    const variant = `# a comment only\n${base.replace(/\n\s+/g, '\n    ').replace(/ {/g, '   {')}\n#${Math.random()}`;
    expect(await ask(variant)).toBe(first);
    // The operation's name is not part of the answer: a renamed query (GraphiQL lets users rename
    // its own) is the same document.
    expect(await ask(base.replace('IntrospectionQueryExecuteTest', 'Renamed'))).toBe(first);
    // Nor are the document's other operations.
    const withAnother = parse(`query Other { __typename }\n${base}`);
    expect(await executeGraphql({ schema, document: withAnother, operationName: 'IntrospectionQueryExecuteTest', contextValue: ctx })).toBe(
      first,
    );
    const other = await ask('query IntrospectionQueryExecuteTest { __schema { queryType { name } } }');
    expect(other).not.toBe(first);
    expect(other.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });

  it('at most two answers that ask for the schema are computed at once: a third is refused 429 until one is done', async () => {
    const ask = (query: string) => executeGraphql({ schema, document: parse(query), contextValue: ctx });
    const doc = (n: number) => `{ c${n}x${Date.now()}: __typename __schema { types { name fields { name } } } }`;
    // Started in the same turn: the first two are computing (in slices) when the third arrives.
    const [a, b, c] = await Promise.all([ask(doc(1)), ask(doc(2)), ask(doc(3))]);
    expect(a.errors).toBeUndefined();
    expect(b.errors).toBeUndefined();
    expect(c.errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED', http: { status: 429, headers: { 'retry-after': '1' } } });
    // {__typename} alone is never refused, and once those two are done a new one is computed.
    const [d, e, f] = await Promise.all([ask(doc(4)), ask(doc(5)), ask('{ t: __typename }')]);
    expect(d.errors).toBeUndefined();
    expect(e.errors).toBeUndefined();
    expect(f).toEqual({ data: { t: 'Query' } });
  });
});
