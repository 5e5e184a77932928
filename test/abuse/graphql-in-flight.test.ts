/**
 * GraphQL requests one key may have answered at once (GRAPHQL_MAX_IN_FLIGHT_PER_KEY): an answer is
 * held until its client reads it, and one document may ask for megabytes, so a key's unread
 * requests must be bounded (an outside attack sweep: 250 pipelined job-results documents ran a
 * 512 MB process out of heap). Past the bound: 429 RATE_LIMITED with Retry-After, nothing run;
 * another key is not held up; a place is free again once an answer is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_MAX_IN_FLIGHT_PER_KEY } from '../../src/graphql/http.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { heldRepos } from '../jobs/helpers.js';

let h: Harness;
const held = heldRepos('inflight');
beforeAll(async () => {
  // No per-host cap: every request held reaches the held upstream.
  h = await startHarness({ routes: [held.route], env: { UPSTREAM_PER_HOST_CONCURRENCY: '0' } });
});
afterAll(async () => {
  held.releaseAll({ free: true });
  await h?.close();
});

const gql = (key: string, repo: string) =>
  fetch(`${h.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ query: `{ codeRepository(url: "https://github.com/inflight/${repo}") { fullName } }` }),
  });

describe('GraphQL requests of one key in flight', () => {
  it(`at most ${GRAPHQL_MAX_IN_FLIGHT_PER_KEY}: the next is 429 RATE_LIMITED, nothing run or charged; another key is served; a place frees once an answer is sent`, async () => {
    const { key, id } = await h.key(100);
    const waiting = Array.from({ length: GRAPHQL_MAX_IN_FLIGHT_PER_KEY }, (_, i) => gql(key, `r${i}`));
    while (held.waiting() < GRAPHQL_MAX_IN_FLIGHT_PER_KEY) await new Promise((r) => setTimeout(r, 10));
    const over = await gql(key, 'over');
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('1');
    expect((await over.json()).errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(held.hits.has('over')).toBe(false);
    const other = await h.key(0);
    const introspect = await fetch(`${h.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': other.key },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(introspect.status).toBe(200);
    held.releaseAll({ free: true });
    for (const r of await Promise.all(waiting)) expect(r.status).toBe(200);
    expect(await h.balance(id)).toBe(100 - GRAPHQL_MAX_IN_FLIGHT_PER_KEY);
    expect((await gql(key, 'after')).status).toBe(200);
  }, 30_000);
});
