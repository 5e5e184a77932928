/**
 * GraphQL over HTTP: the fast path (plain POST JSON, compiled documents) must answer exactly as
 * yoga does. Two gateways, one with the fast path off, get the same requests in the same order
 * and must return the same status, content type and body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { repoRoute } from '../data.js';

let fast: Harness;
let slow: Harness;
const routes = () => [
  repoRoute('octo', 'kit'),
  { host: 'api.github.com', path: '/repos/ghost/gone', response: { status: 404, body: '{}' } },
];

beforeAll(async () => {
  fast = await startHarness({ routes: routes() });
  slow = await startHarness({ routes: routes(), env: { GRAPHQL_FAST_PATH: '0' } });
});
afterAll(async () => {
  await fast.close();
  await slow.close();
});

async function post(h: Harness, body: unknown, headers: Record<string, string>) {
  const res = await fetch(`${h.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), body: text.replace(/"cached_at":"[^"]+"/g, '"cached_at":"T"') };
}

const cases: [string, unknown, { key?: boolean; credits?: number; accept?: string }][] = [
  ['success with credits', { query: '{ codeRepository(url: "https://github.com/octo/kit") { fullName starsCount } }' }, { key: true }],
  [
    'variables and operationName',
    {
      query: 'query A($u: String!) { codeRepository(url: $u) { fullName } } query B { __typename }',
      variables: { u: 'https://github.com/octo/kit' },
      operationName: 'A',
    },
    { key: true },
  ],
  ['cache hit', { query: '{ codeRepository(url: "https://github.com/octo/kit", cacheMaxAge: "1d") { fullName } }' }, { key: true }],
  [
    'field errors: not found and invalid input',
    {
      query:
        '{ a: codeRepository(url: "https://github.com/ghost/gone") { id } b: websearchSearch(query: "x", page: 40) { results { url } } }',
    },
    { key: true },
  ],
  ['missing key → 401', { query: '{ codeRepository(url: "https://github.com/octo/kit") { id } }' }, {}],
  ['insufficient credits → 402', { query: '{ codeRepository(url: "https://github.com/octo/kit") { id } }' }, { key: true, credits: 0 }],
  ['introspection without key', { query: '{ __schema { queryType { name } } }' }, {}],
  ['application/json accept', { query: '{ codeRepository(url: "https://github.com/octo/kit") { id } }' }, { accept: 'application/json' }],
  ['no accept header', { query: '{ codeRepository(url: "https://github.com/octo/kit") { id } }' }, { key: true, accept: '' }],
  ['invalid document (yoga answers for both)', { query: '{ nope }' }, { key: true }],
  // Over a document limit (src/graphql/limits.ts): the fast path answers these itself, as yoga does.
  ['over the alias limit', { query: `{ ${Array.from({ length: 60 }, (_, i) => `a${i}: __typename`).join(' ')} }` }, {}],
  [
    'two __schema selections',
    { query: '{ __schema { queryType { name } } __type(name: "Query") { name } }' },
    { accept: 'application/json' },
  ],
  ['syntax error', { query: '{ codeRepository(' }, { key: true }],
  ['bad JSON body', '{"query": ', { key: true }],
  ['variables of the wrong type', { query: 'query A($u: String!) { codeRepository(url: $u) { id } }', variables: { u: 5 } }, { key: true }],
  // Variables are coerced once, by executeGraphql, on both paths (the fast path no longer checks them first).
  ['variables of the wrong type, no key', { query: 'query A($u: String!) { codeRepository(url: $u) { id } }', variables: { u: 5 } }, {}],
  [
    'variables of the wrong type, plain JSON client',
    { query: 'query A($u: String!) { codeRepository(url: $u) { id } }', variables: { u: [1] } },
    { key: true, accept: 'application/json' },
  ],
  ['a required variable missing', { query: 'query A($u: String!) { codeRepository(url: $u) { id } }', variables: {} }, { key: true }],
  ['a required variable null, no variables', { query: 'query A($u: String!) { codeRepository(url: $u) { id } }' }, { key: true }],
  [
    'an Int variable given a string',
    { query: 'query A($n: Int) { websearchSearch(query: "x", page: $n) { results { url } } }', variables: { n: 'two' } },
    { key: true },
  ],
  // @defer / @stream are yoga's (graphql-jit has no incremental delivery): the fast path hands them over.
  [
    '@defer as multipart/mixed',
    { query: '{ codeRepository(url: "https://github.com/octo/kit") { fullName ... @defer { starsCount topics } } }' },
    { key: true, accept: 'multipart/mixed, application/json' },
  ],
  [
    '@defer to a JSON-only client: one result',
    { query: '{ codeRepository(url: "https://github.com/octo/kit") { fullName topics @stream ... @defer { starsCount } } }' },
    { key: true },
  ],
  ['@defer on a root field', { query: '{ ... @defer { codeRepository(url: "https://github.com/octo/kit") { id } } }' }, { key: true }],
];

describe('fast GraphQL path answers exactly like yoga', () => {
  it.each(cases)('%s', async (_name, body, o) => {
    const results = [];
    for (const h of [fast, slow]) {
      // One request id for both, so their errors' extensions.request_id match too.
      const headers: Record<string, string> = {
        accept: o.accept ?? 'application/graphql-response+json, application/json',
        'x-request-id': `same-${_name.length}`,
      };
      if (o.accept === '') delete headers.accept;
      if (o.key) headers['x-api-key'] = (await h.key(o.credits ?? 10)).key;
      results.push(await post(h, body, headers));
    }
    expect(results[0]).toEqual(results[1]);
  });
});
