/**
 * Which requests count as single requests (src/http/activity.ts): while they come in, bulk jobs
 * pace themselves more strictly (src/jobs/pace.ts, JOBS_CPU_PRESSURE_MAX_SERVING). A client's
 * operations, GraphQL, media and account/status lookups count; a job's own routes (creating,
 * polling, downloading), health checks, metrics, the OpenAPI document and the start-up warm-up do
 * not — else polling a job, or a load balancer's health check, would slow every job down.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warmUp } from '../../src/http/warm-up.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

describe('single requests, as the job pacer sees them', () => {
  let h: Harness;
  let seen = 0;
  beforeAll(async () => {
    h = await startHarness({ deps: { activity: { seen: () => void seen++, serving: () => seen > 0 } } });
  });
  afterAll(() => h?.close());

  /** How many single requests `send` began. */
  const counted = async (send: () => Promise<unknown>) => {
    const before = seen;
    await send();
    return seen - before;
  };
  const get =
    (path: string, init: RequestInit = {}) =>
    () =>
      fetch(h.url + path, init).then((r) => r.text());

  it('counts operations (answered or refused), GraphQL, media, account and status', async () => {
    const { key } = await h.key(0);
    const json = { 'content-type': 'application/json', 'x-api-key': key };
    for (const send of [
      get('/v1/code/repository?url=https%3A%2F%2Fgithub.com%2Focto%2Fkit'),
      get('/v1/code/repository'),
      get('/v1/no-such-operation'),
      get('/graphql', { method: 'POST', headers: json, body: JSON.stringify({ query: '{ __typename }' }) }),
      get('/media/unknown'),
      get('/v1/account', { headers: { 'x-api-key': key } }),
      get('/v1/status'),
    ])
      expect(await counted(send)).toBe(1);
  });

  it("does not count jobs' routes, health checks, metrics, the OpenAPI document or the warm-up", async () => {
    const { key } = await h.key(100);
    const json = { 'content-type': 'application/json', 'x-api-key': key };
    const body = JSON.stringify({ operation: '/v1/code/repository', items: [{ url: 'https://github.com/octo/kit' }] });
    for (const send of [
      get('/v1/jobs', { method: 'POST', headers: json, body: JSON.stringify({ operation: '/v1/nope', items: [] }) }),
      get('/v1/jobs/estimate', { method: 'POST', headers: json, body }),
      get('/v1/jobs/job_unknown', { headers: { 'x-api-key': key } }),
      get('/v1/jobs/job_unknown/results', { headers: { 'x-api-key': key } }),
      get('/healthz'),
      get('/readyz'),
      get('/metrics'),
      get('/openapi.json'),
      get('/'),
    ])
      expect(await counted(send)).toBe(0);
    // Thousands of requests to /graphql and /v1 paths, each marked as this process's own.
    const port = Number(new URL(h.url).port);
    expect(await counted(() => warmUp(port, '127.0.0.1'))).toBe(0);
  });
});
