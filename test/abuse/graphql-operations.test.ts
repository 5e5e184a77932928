/**
 * Abuse suite: GraphQL operations a key holder shapes to do more than one request's worth, over
 * real HTTP against one gateway (MAX_ROOT_FIELDS lowered to 3 so the documents stay short).
 *
 *  - a mutation of more root fields than MAX_ROOT_FIELDS (aliases of createMonitor): refused
 *    (400 INVALID_INPUT naming the limit) before any of them runs — the limit was a query's only,
 *    and one mutation of 50 aliased createMonitor fields made 50 monitors, each with a first run
 *    due at once;
 *  - a document writing more fragment spreads than MAX_FRAGMENT_SPREADS (100), in any definition,
 *    used or not: refused (INVALID_INPUT naming the limit) before graphql-js validates it — its
 *    OverlappingFieldsCanBeMerged rule compares the fragments spread in a selection set pair by
 *    pair, and 400 spreads of one-field fragments (18 KB, no key needed) held the event loop
 *    ~0.2–1 s;
 *  - one response key selected more than MAX_SAME_KEY (100) times in one selection set (fragments
 *    merged), or a fragment no operation spreads: refused before graphql-js validates — its
 *    OverlappingFieldsCanBeMerged rule compares the fields of one key pair by pair (up to its own
 *    budget: 1,990 `__typename`, 20 KB keyless, held the event loop ~60–300 ms), and it validates
 *    unused fragments all the same;
 *  - an answer longer than GRAPHQL_MAX_ANSWER_BYTES (8 MiB): refused (400 INVALID_INPUT naming the
 *    bound) instead of serialised — aliases of one cached record's `json` made an answer of any
 *    size at 0 credits (25 of a 4 MB record, and an alias of each: ~300 MB; two ran a 512 MB
 *    process out of heap).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_MAX_ANSWER_BYTES } from '../../src/graphql/answer-bytes.js';
import { MAX_SAME_KEY } from '../../src/graphql/limits.js';
import { repoRoute } from '../data.js';
import { startHarness } from '../harness.js';
import { postStreaming } from '../incremental.js';
import type { Harness } from '../harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    // A repository whose description is 1 MB: its record's JSON is about that long.
    routes: [repoRoute('octo', 'kit'), repoRoute('octo', 'big', { description: 'd'.repeat(1024 * 1024) })],
    env: { MAX_ROOT_FIELDS: '3' },
  });
});
afterAll(() => h?.close());

const createMonitors = (n: number) =>
  `mutation { ${Array.from(
    { length: n },
    (_, i) => `m${i}: createMonitor(operation: "/v1/code/repository", params: {url: "https://github.com/octo/kit"}, every: "7d") { id }`,
  ).join(' ')} }`;

const monitorsOf = async (key: string) => (await h.rest('/v1/monitors', { key })).body.monitors as unknown[];

describe('the root-field limit (MAX_ROOT_FIELDS) holds for mutations', () => {
  it('4 aliased createMonitor fields (limit 3): 400 INVALID_INPUT naming the limit, no monitor made; 3 are made', async () => {
    const { key } = await h.key(5);
    const over = await h.gql(createMonitors(4), { key });
    expect(over.status).toBe(400);
    expect(over.body.errors).toHaveLength(1);
    expect(over.body.errors[0].extensions.code).toBe('INVALID_INPUT');
    expect(over.body.errors[0].message).toMatch(/at most 3 root fields \(got 4\)/);
    expect(over.body.data).toBeUndefined();
    expect(await monitorsOf(key)).toHaveLength(0);

    // Through a fragment, as a query's root fields are counted.
    const spread = await h.gql(`mutation { ...M } fragment M on Mutation { ${createMonitors(4).slice('mutation { '.length, -2)} }`, {
      key,
    });
    expect(spread.status).toBe(400);
    expect(spread.body.errors[0].message).toMatch(/at most 3 root fields \(got 4\)/);
    expect(await monitorsOf(key)).toHaveLength(0);

    const within = await h.gql(createMonitors(3), { key });
    expect(within.status).toBe(200);
    expect(Object.keys(within.body.data)).toHaveLength(3);
    expect(await monitorsOf(key)).toHaveLength(3);
  });
});

/** `{ ...F0 … ...F(n-1) }` and the n one-field fragments it spreads. */
const spreads = (n: number) => Array.from({ length: n }, (_, i) => `...F${i}`).join(' ');
const fragments = (n: number) => Array.from({ length: n }, (_, i) => `fragment F${i} on Query { __typename }`).join('\n');

async function keyless(query: string, method: 'GET' | 'POST') {
  const headers = { accept: 'application/graphql-response+json' };
  const res =
    method === 'POST'
      ? await fetch(`${h.url}/graphql`, {
          method,
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ query }),
        })
      : await fetch(`${h.url}/graphql?query=${encodeURIComponent(query)}`, { headers });
  return {
    status: res.status,
    body: (await res.json()) as { data?: unknown; errors?: { message: string; extensions: { code: string } }[] },
  };
}

describe('fragment spreads past MAX_FRAGMENT_SPREADS (100) in one document', () => {
  it.each(['POST', 'GET'] as const)(
    '%s: over 100 spreads of one-field fragments (no key) → 400 INVALID_INPUT naming the limit, before validation',
    async (method) => {
      // GET carries what fits a request line (16 KiB): 120 spreads.
      const n = method === 'POST' ? 400 : 120;
      const r = await keyless(`{ ${spreads(n)} }\n${fragments(n)}`, method);
      expect(r.status).toBe(400);
      expect(r.body.errors).toHaveLength(1);
      expect(r.body.errors![0].extensions.code).toBe('INVALID_INPUT');
      expect(r.body.errors![0].message).toMatch(/spreads fragments more than 100 times \(MAX_FRAGMENT_SPREADS\)/);
    },
  );

  it('the spreads of a fragment no operation uses count too (graphql-js validates every definition)', async () => {
    const r = await keyless(`{ __typename }\nfragment X on Query { ${spreads(101)} }\n${fragments(101)}`, 'POST');
    expect(r.status).toBe(400);
    expect(r.body.errors![0].message).toMatch(/MAX_FRAGMENT_SPREADS/);
  });

  it('100 spreads are answered', async () => {
    const r = await keyless(`{ ${spreads(100)} }\n${fragments(100)}`, 'POST');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { __typename: 'Query' } });
  });
});

describe(`one response key more than MAX_SAME_KEY (${MAX_SAME_KEY}) times in a selection set; unused fragments`, () => {
  it.each([
    ['1,990 __typename', `{ ${'__typename '.repeat(1990)}}`],
    ['600 inline fragments of __typename', `{ ${'... on Query { __typename } '.repeat(600)}}`],
    [
      'two fragments of 60 each, spread in one set',
      `{ ...A ...B }\nfragment A on Query { ${'__typename '.repeat(60)}}\nfragment B on Query { ${'__typename '.repeat(60)}}`,
    ],
  ])('%s (no key) → 400 INVALID_INPUT naming the key and the bound', async (_case, query) => {
    const r = await keyless(query, 'POST');
    expect(r.status).toBe(400);
    expect(r.body.errors).toHaveLength(1);
    expect(r.body.errors![0].extensions.code).toBe('INVALID_INPUT');
    expect(r.body.errors![0].message).toBe(
      `Operation selects "__typename" more than ${MAX_SAME_KEY} times in one selection set (fragments merged)`,
    );
  });

  it('a fragment no operation spreads (1,900 fields of one key) → 400 INVALID_INPUT, refused before validation', async () => {
    const r = await keyless(`{ __typename }\nfragment U on Query { ${'__typename '.repeat(1900)}}`, 'POST');
    expect(r.status).toBe(400);
    expect(r.body.errors![0]).toMatchObject({ message: 'Fragment "U" is never used.', extensions: { code: 'INVALID_INPUT' } });
  });

  it(`${MAX_SAME_KEY} of one key are answered`, async () => {
    const r = await keyless(`{ ${'__typename '.repeat(MAX_SAME_KEY)}}`, 'POST');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { __typename: 'Query' } });
  });
});

describe(`an answer longer than GRAPHQL_MAX_ANSWER_BYTES (${GRAPHQL_MAX_ANSWER_BYTES})`, () => {
  it('aliases of a cached 1 MB record: 9 of its json → 400 INVALID_INPUT naming the bound, 0 credits (cached); 7 are answered', async () => {
    const { key, id } = await h.key(5);
    const url = 'https://github.com/octo/big';
    const live = await h.rest(`/v1/code/repository?url=${encodeURIComponent(url)}`, { key });
    expect(live.status).toBe(200);
    expect(await h.balance(id)).toBe(4);
    // One root field (MAX_ROOT_FIELDS is 3 here), its json under aliases: one record, n copies in the answer.
    const doc = (n: number) =>
      `{ codeRepository(url: "${url}", cacheMaxAge: "1d") { ${Array.from({ length: n }, (_, i) => `j${i}: json`).join(' ')} } }`;

    const over = await h.gql(doc(9), { key });
    expect(over.status).toBe(400);
    expect(over.body.errors).toHaveLength(1);
    expect(over.body.errors[0].extensions.code).toBe('INVALID_INPUT');
    expect(over.body.errors[0].message).toMatch(new RegExp(`answer would exceed ${GRAPHQL_MAX_ANSWER_BYTES} bytes`));
    expect(over.body.data).toBeNull();
    expect(over.body.extensions.credits.charged).toBe(0);

    const within = await h.gql(doc(7), { key });
    expect(within.status).toBe(200);
    expect(within.body.data.codeRepository.j6.description).toHaveLength(1024 * 1024);
    expect(await h.balance(id)).toBe(4);
    expect(h.replay.hits({ path: '/repos/octo/big' })).toHaveLength(1);
  });

  it('with @defer, a part over the bound is not sent: the stream ends with the error and the credits (a live lookup: 1)', async () => {
    const { key, id } = await h.key(5);
    const url = 'https://github.com/octo/big';
    const jsons = Array.from({ length: 9 }, (_, i) => `j${i}: json`).join(' ');
    const r = await postStreaming(h.url, `{ codeRepository(url: "${url}") { ${jsons} ... @defer { id } } }`, {
      key,
      accept: 'multipart/mixed',
    });
    expect(r.status).toBe(200);
    const parts: { data?: unknown; errors?: { message: string; extensions: { code: string } }[]; hasNext: boolean; extensions?: any }[] =
      [];
    for await (const p of r.parts) parts.push(p.payload);
    expect(parts).toHaveLength(1);
    expect(parts[0].data).toBeUndefined();
    expect(parts[0].hasNext).toBe(false);
    expect(parts[0].errors![0].extensions.code).toBe('INVALID_INPUT');
    expect(parts[0].errors![0].message).toMatch(new RegExp(`answer would exceed ${GRAPHQL_MAX_ANSWER_BYTES} bytes`));
    expect(parts[0].extensions.credits.charged).toBe(1);
    expect(await h.balance(id)).toBe(4);
  });
});
