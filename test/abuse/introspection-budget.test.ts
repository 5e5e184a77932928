/**
 * Keyless introspection computed per new document shares a CPU budget (INTROSPECTION_CPU_MS,
 * src/graphql/introspection-budget.ts): a caller who makes up a new document each time is refused
 * 429 RATE_LIMITED with Retry-After once the budget is spent, while answers already given —
 * GraphiQL's, under any operation name — are still answered. Real HTTP, both GraphQL paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import { cpuMs } from '../support/cpu-time.js';
import { FULL_INTROSPECTION_QUERY } from '../support/introspection.js';
import type { Harness } from '../harness.js';

let fast: Harness;
let yoga: Harness;
beforeAll(async () => {
  // 20 ms a second, 100 ms saved up: some tens of full introspections' worth. Each charged the
  // CPU time this thread spent on it (test/support/cpu-time.ts), not its wall time: beside other
  // test runs the first full introspection took over 100 ms of wall time, and the second ask
  // for GraphiQL's was refused (2026-11-30).
  const deps = { introspectionClock: cpuMs };
  fast = await startHarness({ env: { INTROSPECTION_CPU_MS: '20' }, deps });
  yoga = await startHarness({ env: { INTROSPECTION_CPU_MS: '20', GRAPHQL_FAST_PATH: '0' }, deps });
});
afterAll(async () => {
  await fast?.close();
  await yoga?.close();
});

async function post(g: Harness, query: string) {
  const res = await fetch(`${g.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: JSON.stringify({ query }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}

describe.each([
  ['fast path', () => fast],
  ['yoga', () => yoga],
])('introspection budget (%s)', (name, gw) => {
  it('new documents past the budget are refused 429 with Retry-After; remembered answers still come', async () => {
    // GraphiQL's query, asked for twice: its answer is remembered from the second time.
    await post(gw(), FULL_INTROSPECTION_QUERY);
    const graphiql = await post(gw(), FULL_INTROSPECTION_QUERY);
    expect(graphiql.status).toBe(200);
    // A new document each time (a root alias of __typename), each a full introspection to compute.
    const body = FULL_INTROSPECTION_QUERY.slice(FULL_INTROSPECTION_QUERY.indexOf('{'));
    // (The first tens of these are computed within the budget.)
    const refused: Awaited<ReturnType<typeof post>>[] = [];
    for (let i = 0; i < 300 && refused.length < 3; i++) {
      const r = await post(gw(), `query${body.replace('{', `{ ${name[0]}${i}x${Date.now()}: __typename `)}`);
      if (r.status !== 200) refused.push(r);
    }
    expect(refused.length).toBe(3);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(r.json().errors[0].extensions.code).toBe('RATE_LIMITED');
      expect(r.json().data).toBeUndefined();
    }
    // While new documents are refused, GraphiQL's (remembered) is answered — renamed too, which
    // would be refused if a new name made it a new document — as is {__typename}.
    expect((await post(gw(), FULL_INTROSPECTION_QUERY)).text).toBe(graphiql.text);
    expect((await post(gw(), FULL_INTROSPECTION_QUERY.replace('IntrospectionQuery', 'Renamed'))).text).toBe(graphiql.text);
    expect((await post(gw(), '{ __typename }')).json()).toEqual({ data: { __typename: 'Query' } });
  });
});
