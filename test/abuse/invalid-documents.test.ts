/**
 * Abuse suite: keyless GraphQL documents made of errors. A document within every limit can hold
 * thousands of mistakes (2,000 unknown fields in 11 KB, 1,200 unused variables in 17 KB), and each
 * validation error is a GraphQLError whose line and column are found by scanning the text from its
 * start, then copied to carry the request id. Before, graphql-js reported up to 100 of them, and
 * the fast path handed an invalid document to yoga, which parsed and validated it again: ~44 ms of
 * the event loop a request, and 20 keyless clients held /healthz 1.8 s on `npm start`. Now at most
 * MAX_VALIDATION_ERRORS are reported (and graphql-js's "Too many validation errors" after them),
 * and the fast path answers an invalid document itself, as yoga answers it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VALIDATION_ERRORS } from '../../src/graphql/limits.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const documents: [string, string, RegExp][] = [
  [
    '2,000 unknown fields',
    `{ ${Array.from({ length: 2000 }, (_, i) => `f${i}`).join(' ')} }`,
    /^Cannot query field "f\d+" on type "Query"\.$/,
  ],
  [
    '1,200 unused variables',
    `query(${Array.from({ length: 1200 }, (_, i) => `$v${i}: String`).join(' ')}) { __typename }`,
    /^Variable "\$v\d+" is never used\.$/,
  ],
];

/** The errors a document is answered with, and the request ids set aside (they differ per request). */
async function errorsOf(res: Response) {
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data?: unknown; errors: { message: string; extensions: Record<string, unknown> }[] };
  expect(body.data).toBeUndefined();
  for (const e of body.errors) {
    expect(e.extensions.request_id).toBe(res.headers.get('x-request-id'));
    delete e.extensions.request_id;
  }
  return body.errors;
}

describe('a keyless document of many errors', () => {
  it.each(documents)('%s: at most MAX_VALIDATION_ERRORS, then graphql-js’s one line saying it stopped', async (_what, query, each) => {
    const errors = await errorsOf(
      await fetch(`${h.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) }),
    );
    expect(errors).toHaveLength(MAX_VALIDATION_ERRORS + 1);
    for (const e of errors.slice(0, -1)) {
      expect(e.message).toMatch(each);
      expect(e.extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED' });
    }
    expect(errors.at(-1)!.message).toMatch(/^Too many validation errors/);
  });

  // Smaller, to fit a GET's URL (yoga serves GET).
  it.each([
    ['300 unknown fields', `{ ${Array.from({ length: 300 }, (_, i) => `f${i}`).join(' ')} }`],
    ['300 unused variables', `query(${Array.from({ length: 300 }, (_, i) => `$v${i}: String`).join(' ')}) { __typename }`],
    ['one unknown field', '{ __typename nope }'],
  ])('%s: the fast path (POST) answers as yoga does (GET)', async (_what, query) => {
    const fast = await errorsOf(
      await fetch(`${h.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) }),
    );
    const yoga = await errorsOf(await fetch(`${h.url}/graphql?query=${encodeURIComponent(query)}`));
    expect(fast).toEqual(yoga);
  });
});
