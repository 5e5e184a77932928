/**
 * Abuse suite: GraphQL requests yoga refuses before reading any document — a batched array body,
 * `variables` or `extensions` that are no object, a mutation asked by GET — answered with the
 * gateway's stable codes (docs/behaviour.md): INVALID_INPUT (400), METHOD_NOT_ALLOWED (405). Before,
 * they carried yoga's own `BAD_REQUEST`, a code no client of the gateway is told of. On both paths
 * (the fast path hands such bodies to yoga), with a key and without; 0 credits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
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

const POSTS: [string, string, number][] = [
  ['a batched array body', JSON.stringify([{ query: '{ me { balance } }' }, { query: '{ me { balance } }' }]), 400],
  ['variables as a string', JSON.stringify({ query: '{ me { balance } }', variables: '{"a":1}' }), 400],
  ['query as a number', JSON.stringify({ query: 5 }), 400],
  ['no query at all', JSON.stringify({ variables: {} }), 400],
  // GraphQL over HTTP: `extensions` is an optional map. The fast path once served these (200,
  // charged) where yoga refused them.
  ['extensions as a number', JSON.stringify({ query: '{ me { balance } }', extensions: 5 }), 400],
  ['extensions as a string', JSON.stringify({ query: '{ me { balance } }', extensions: '{}' }), 400],
  ['extensions as an array', JSON.stringify({ query: '{ me { balance } }', extensions: [] }), 400],
];

/** Bodies both paths serve: an empty or null map, a null parameter (as good as absent). */
const SERVED = [
  { query: '{ me { balance } }', extensions: {} },
  { query: '{ me { balance } }', extensions: { persistedQuery: null } },
  { query: '{ me { balance } }', extensions: null, variables: null, operationName: null },
  { query: '{ me { balance } }', other: null },
];

describe.each([
  ['fast path', () => h],
  ['yoga', () => yoga],
])('yoga-refused requests (%s)', (_name, gw) => {
  it.each(POSTS)('%s: a stable code, never BAD_REQUEST; 0 credits', async (_what, body, status) => {
    const g = gw();
    const { key, id } = await g.key(3);
    for (const k of [key, null]) {
      const res = await fetch(`${g.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...(k ? { 'x-api-key': k } : {}) },
        body,
      });
      const json = (await res.json()) as { errors: { extensions: { code: string; request_id?: string } }[] };
      expect(res.status).toBe(status);
      expect(json.errors.map((e) => e.extensions.code)).toEqual(json.errors.map(() => 'INVALID_INPUT'));
      expect(json.errors[0].extensions.request_id).toBe(res.headers.get('x-request-id'));
    }
    expect(await g.balance(id)).toBe(3);
  });

  it.each(SERVED)('served alike: %j', async (body) => {
    const g = gw();
    const { key, id } = await g.key(3);
    const res = await fetch(`${g.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-api-key': key },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown }).data).toEqual({ me: { balance: 3 } });
    expect(await g.balance(id)).toBe(3);
  });

  it('a mutation asked by GET: 405 METHOD_NOT_ALLOWED', async () => {
    const g = gw();
    const { key } = await g.key(3);
    const res = await fetch(`${g.url}/graphql?query=${encodeURIComponent('mutation { cancelLookupJob(id: "job_x") { id } }')}`, {
      headers: { 'x-api-key': key, accept: 'application/graphql-response+json' },
    });
    const json = (await res.json()) as { errors: { extensions: { code: string } }[] };
    expect(res.status).toBe(405);
    expect(json.errors[0].extensions.code).toBe('METHOD_NOT_ALLOWED');
  });
});

/**
 * A request naming no document is refused before any is read, as docs/behaviour.md lists it: 400
 * INVALID_INPUT whatever the client accepts. (yoga answered a plain `application/json` client —
 * most clients, `*∕*` included — 200 with the error.)
 */
const NO_QUERY: [string, RequestInit & { path?: string }][] = [
  ['a POST body without query', { method: 'POST', body: JSON.stringify({ variables: {} }) }],
  ['a POST body with query null', { method: 'POST', body: JSON.stringify({ query: null, operationName: null }) }],
  ['a POST body with an empty query', { method: 'POST', body: JSON.stringify({ query: '' }) }],
  ['a GET without query', { method: 'GET', path: '/graphql' }],
  ['a GET with an empty query', { method: 'GET', path: '/graphql?query=&variables=%7B%7D' }],
];

describe.each([
  ['fast path', () => h],
  ['yoga', () => yoga],
])('no document (%s)', (_name, gw) => {
  it.each(NO_QUERY)('%s: 400 INVALID_INPUT on every Accept, 0 credits', async (_what, init) => {
    const g = gw();
    const { key, id } = await g.key(3);
    for (const accept of ['application/json', '*/*', 'application/graphql-response+json']) {
      const res = await fetch(`${g.url}${init.path ?? '/graphql'}`, {
        method: init.method,
        headers: { 'content-type': 'application/json', accept, 'x-api-key': key },
        ...(init.body ? { body: init.body } : {}),
      });
      const json = (await res.json()) as { errors: { message: string; extensions: { code: string; request_id?: string } }[] };
      expect([accept, res.status]).toEqual([accept, 400]);
      expect(json.errors.map((e) => e.extensions.code)).toEqual(['INVALID_INPUT']);
      expect(json.errors[0].message).toMatch(/query/);
      expect(json.errors[0].extensions.request_id).toBe(res.headers.get('x-request-id'));
    }
    expect(await g.balance(id)).toBe(3);
  });
});
