/**
 * Abuse suite (issue: nothing without a key can hurt the service), over real HTTP against one
 * gateway: what a caller without a key can make the process hold or compute is bounded.
 *
 *  - distinct 1 MB GraphQL bodies are answered and never remembered; invalid documents are not
 *    remembered; the document caches stay within their byte caps;
 *  - introspection: GraphiQL's own query and `{__typename}` stay free and keyless; a second
 *    `__schema`/`__type`, aliases inside introspection, fan-out below a type reference, alias
 *    floods, fragment bombs and token floods are refused at 400 before graphql's own validation;
 *  - the root-field limit applies to keyless introspection too.
 */
import { getNamedType, isLeafType, isNonNullType, isObjectType } from 'graphql';
import type { GraphQLOutputType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTROSPECTION_MAX_BYTES } from '../../src/graphql/limits.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { startHarness } from '../harness.js';
import { FULL_INTROSPECTION_QUERY } from '../support/introspection.js';
import type { Harness } from '../harness.js';

let h: Harness;
let yoga: Harness;
beforeAll(async () => {
  h = await startHarness();
  yoga = await startHarness({ env: { GRAPHQL_FAST_PATH: '0' } });
});
afterAll(async () => {
  await h?.close();
  await yoga?.close();
});

/** Root fields taking a `handle`, and a selection of up to `n` leaf fields of a type, objects followed a few levels. */
const schema = buildSchema();
const bigRoots = Object.values(schema.getQueryType()!.getFields())
  .filter(
    (f) =>
      f.args.some((a) => a.name === 'handle' && isNonNullType(a.type)) &&
      f.args.every((a) => a.name === 'handle' || !isNonNullType(a.type)),
  )
  .slice(0, 25);
function leaves(type: GraphQLOutputType, n: number, depth = 0, left = { n }): string {
  const t = getNamedType(type);
  if (!isObjectType(t)) return '';
  const parts: string[] = [];
  for (const f of Object.values(t.getFields())) {
    if (left.n <= 0) break;
    if (f.args.length) continue;
    const inner = getNamedType(f.type);
    if (isLeafType(inner)) {
      parts.push(f.name);
      left.n--;
    } else if (isObjectType(inner) && depth < 5) {
      const s = leaves(f.type, n, depth + 1, left);
      if (s) parts.push(`${f.name} { ${s} }`);
    }
  }
  return parts.join(' ');
}

async function post(g: Harness, body: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  // The GraphQL-over-HTTP media type: a request error is then a 400 (yoga answers 200 to plain application/json).
  const res = await fetch(`${g.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...headers },
    body,
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text), ms: performance.now() - started };
}

// GraphiQL (graphiql 3/4, as @graphql-yoga/render-graphiql ships it) asks with every option on.
const GRAPHIQL_INTROSPECTION = FULL_INTROSPECTION_QUERY;

describe.each([
  ['fast path', () => h],
  ['yoga', () => yoga],
])('keyless GraphQL (%s)', (_name, gw) => {
  it('distinct 1 MB bodies without a valid key are refused from their headers; large ones within the limits are answered but never remembered', async () => {
    const g = gw();
    const pad = ' '.repeat(1024 * 1024 - 64);
    for (const key of [undefined, 'cl_not-a-key-0000000000000000000000000000000']) {
      for (let i = 0; i < 10; i++) {
        const r = await post(g, JSON.stringify({ query: `{__typename}${pad}#${i}` }), key ? { 'x-api-key': key } : {});
        expect(r.status).toBe(413);
        expect(r.json().errors[0]).toMatchObject({
          message: expect.stringMatching(/without a valid API key/),
          extensions: { code: 'PAYLOAD_TOO_LARGE' },
        });
      }
    }
    // With a key: a 1 MB query text is refused before it is lexed; a 1 MB body whose bulk is
    // variables (not lexed) is served.
    const { key } = await g.key(1);
    const long = await post(g, JSON.stringify({ query: `{__typename}${pad}` }), { 'x-api-key': key });
    expect(long.status).toBe(400);
    expect(long.json().errors[0]).toMatchObject({
      message: expect.stringMatching(/longer than 65536 characters/),
      extensions: { code: 'INVALID_INPUT' },
    });
    const vars = await post(
      g,
      JSON.stringify({ query: 'query ($x: String!) { __type(name: $x) { name } }', variables: { x: 'v'.repeat(1024 * 1024 - 200) } }),
      { 'x-api-key': key },
    );
    expect(vars.status).toBe(200);
    expect(vars.json().data).toEqual({ __type: null });
    // Keyless, just under the body limit: answered, never kept (texts over 16 KiB are prepared per request).
    const big = ' '.repeat(60 * 1024);
    for (let i = 0; i < 20; i++) {
      const r = await post(g, JSON.stringify({ query: `{__typename}${big}#${i}` }));
      expect(r.status).toBe(200);
      expect(r.json().data).toEqual({ __typename: 'Query' });
    }
    const held = g.app.documentCaches();
    for (const c of [held.fast, held.yoga]) expect(c.bytes).toBeLessThan(1024 * 1024);
  });

  it('invalid documents are not remembered', async () => {
    const g = gw();
    const before = g.app.documentCaches();
    for (let i = 0; i < 30; i++) {
      const r = await post(g, JSON.stringify({ query: `{ nope${i} }` }));
      expect(r.status).toBe(400);
    }
    for (let i = 0; i < 30; i++) expect((await post(g, JSON.stringify({ query: `{ broken${i}( }` }))).status).toBe(400);
    expect(g.app.documentCaches()).toEqual(before);
  });

  it("GraphiQL's introspection query and {__typename} need no key; the answer is within its bound", async () => {
    const r = await post(gw(), JSON.stringify({ query: GRAPHIQL_INTROSPECTION }));
    expect(r.status).toBe(200);
    expect(r.json().data.__schema.queryType.name).toBe('Query');
    expect(r.text.length).toBeLessThan(INTROSPECTION_MAX_BYTES / 2);
    expect((await post(gw(), '{"query":"{__typename}"}')).status).toBe(200);
  });

  it.each([
    [
      'two __schema selections',
      '{ a: __schema { queryType { name } } b: __schema { queryType { name } } }',
      /aliases are not allowed inside|at most one __schema/i,
    ],
    ['__schema and __type', '{ __schema { queryType { name } } __type(name: "Query") { name } }', /At most one __schema or __type/],
    [
      '100 aliases of __schema',
      `{ ${Array.from({ length: 100 }, (_, i) => `s${i}: __schema { types { name } }`).join(' ')} }`,
      /at most one __schema|more than 50 aliases/i,
    ],
    [
      'aliases inside introspection',
      '{ __schema { a: types { name } b: types { name } } }',
      /Aliases are not allowed inside introspection/,
    ],
    [
      'fields below a type reference',
      '{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }',
      /may not list fields of a type reference/,
    ],
    ['1,000 aliases of __typename', `{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: __typename`).join(' ')} }`, /more than 50 aliases/],
  ])('%s → 400, at once', async (_case, query, message) => {
    const r = await post(gw(), JSON.stringify({ query }));
    expect(r.status).toBe(400);
    expect(r.json().errors[0].message).toMatch(message);
    expect(r.json().errors[0].extensions.code).toBe('INVALID_INPUT');
    expect(r.ms).toBeLessThan(2_000);
  });

  it('a fragment bomb is refused before it is expanded', async () => {
    // Each level spreads the one below 8 times: 8^6 ≈ 262k selections once expanded.
    const levels = 6;
    let doc = `fragment F0 on Query { __typename }\n`;
    for (let i = 1; i <= levels; i++) doc += `fragment F${i} on Query { ${Array.from({ length: 8 }, () => `...F${i - 1}`).join(' ')} }\n`;
    const r = await post(gw(), JSON.stringify({ query: `{ ...F${levels} }\n${doc}` }));
    expect(r.status).toBe(400);
    expect(r.json().errors[0].message).toMatch(/more than 2000 fields/);
    expect(r.ms).toBeLessThan(2_000);
  });

  it('a token flood is refused by the parser', async () => {
    const r = await post(gw(), JSON.stringify({ query: `{ ${'a '.repeat(6_000)}}` }));
    expect(r.status).toBe(400);
    expect(r.text).toMatch(/more that 5000 tokens/); // graphql-js spells it so
    expect(r.ms).toBeLessThan(2_000);
  });

  it('values nested thousands deep are a 400, not the stack overflowing (a 500: an outside attack sweep); strings and comments holding brackets are no nesting', async () => {
    for (const query of [
      `{ __typename @include(if: ${'['.repeat(2_000)}true${']'.repeat(2_000)}) }`,
      `{ __typename @include(if: ${'{a:'.repeat(1_500)}1${'}'.repeat(1_500)}) }`,
    ]) {
      const r = await post(gw(), JSON.stringify({ query }));
      expect(r.status).toBe(400);
      expect(r.json().errors[0]).toMatchObject({
        message: expect.stringMatching(/more than 64 deep/),
        extensions: { code: 'INVALID_INPUT' },
      });
      const get = await fetch(`${gw().url}/graphql?query=${encodeURIComponent(query)}`, {
        headers: { accept: 'application/graphql-response+json' },
      });
      expect(get.status).toBe(400);
    }
    // 100 brackets inside a string, a block string and a comment count for nothing.
    const quoted = `# ${'['.repeat(100)}\n{ a: __typename @include(if: true) b: __typename @skip(if: false) }`;
    const ok = await post(gw(), JSON.stringify({ query: quoted }));
    expect(ok.status).toBe(200);
    expect(ok.json().data).toEqual({ a: 'Query', b: 'Query' });
  });

  it('the root-field limit holds for keyless introspection too', async () => {
    const r = await post(gw(), JSON.stringify({ query: `{ ${Array.from({ length: 30 }, (_, i) => `t${i}: __typename`).join(' ')} }` }));
    expect(r.status).toBe(400);
    expect(r.json().errors[0].message).toMatch(/at most 25 root fields/);
  });
});

describe('documents a keyless caller makes up (fast path)', () => {
  it('new valid documents without a key are answered 401 and never compiled; with a key, compiled when first run', async () => {
    // 25 root fields, each selecting ~70 fields of its record: ~9.5 KB. Compiled (graphql-jit) as
    // soon as they validated, such documents took ~57 ms of the event loop each for their 401 on
    // `npm start`: 20 keyless clients sending new ones were all the process did.
    const big = (i: number) => `{ ${bigRoots.map((f, j) => `r${j}: ${f.name}(handle: "h${i}") { ${leaves(f.type, 70)} }`).join(' ')} }`;
    const before = h.app.documentCaches().fast.compiled;
    for (let i = 0; i < 10; i++) {
      const r = await post(h, JSON.stringify({ query: big(i) }));
      expect(r.status).toBe(401);
      expect(r.json().errors[0].extensions.code).toBe('UNAUTHORIZED');
    }
    expect(h.app.documentCaches().fast.compiled - before).toBe(0);
    const { key } = await h.key(100);
    // Run twice (each root field NOT_FOUND upstream, 0 credits): compiled once, on its first run.
    for (let i = 0; i < 2; i++)
      expect((await post(h, JSON.stringify({ query: big(0) }), { 'x-api-key': key })).json().errors).toBeDefined();
    expect(h.app.documentCaches().fast.compiled - before).toBe(1);
  });
});
