/**
 * GET /v1/account/transactions and GraphQL `transactions` on the embedded (SQLite) ledger: the
 * sum over an interval equals the settled balance change under concurrency (requests live,
 * cached and failing, a GraphQL operation, a top-up and a bulk job at once), a job is one row
 * that is not final while the job runs, the parameters' 400s, and 0 credits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTIONS_BUDGET } from '../../src/account/graphql.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { heldRepos, repoUrl, call, waitFinal, waitFor } from '../jobs/helpers.js';
import { runTransactionsScenario, scenarioRoute } from '../support/transactions-scenario.js';

let h: Harness;
const held = heldRepos('held');
beforeAll(async () => {
  // Held answers wait for the test, not for the upstream timeouts (the later route wins).
  h = await startHarness({
    routes: [scenarioRoute, held.route],
    env: { UPSTREAM_HEADERS_TIMEOUT_MS: '30000', UPSTREAM_BODY_TIMEOUT_MS: '30000', UPSTREAM_TOTAL_TIMEOUT_MS: '30000' },
  });
});
afterAll(async () => {
  await h?.close();
});

describe('transactions (SQLite ledger)', () => {
  it('under concurrency, the rows over an interval sum to the settled balance change; one row per charged request, one per job', async () => {
    const k = await h.key(500);
    await runTransactionsScenario([h], h.deps.ledger, { ...k, credits: 500 }, 'sqlite');
  });

  it("a running job's row is updated as its items settle and final once the job ends", async () => {
    const { key } = await h.key(50);
    const created = await call(h, 'POST', '/v1/jobs', {
      key,
      body: { operation: '/v1/code/repository', items: Array.from({ length: 3 }, (_, i) => ({ url: repoUrl('held', `r${i}`) })) },
    });
    const jobId = created.body.job.id;
    await waitFor(() => held.waiting() === 3);
    held.releaseOne();
    await waitFor(async () => (await h.rest('/v1/account/transactions', { key })).body.transactions.some((r: any) => r.job_id === jobId));
    const running = (await h.rest('/v1/account/transactions', { key })).body.transactions;
    expect(running.find((r: any) => r.job_id === jobId)).toMatchObject({ credits: -1, balance_after: 49, final: false });
    held.releaseAll({ free: true });
    await waitFinal(h, key, jobId);
    const done = (await h.rest('/v1/account/transactions', { key })).body.transactions;
    expect(done.filter((r: any) => r.job_id === jobId)).toEqual([
      expect.objectContaining({ id: running.find((r: any) => r.job_id === jobId).id, credits: -3, balance_after: 47, final: true }),
    ]);
  });

  it('costs 0 credits, needs a key, and answers 400 INVALID_INPUT naming each bad parameter', async () => {
    const { key, id } = await h.key(3);
    const ok = await h.rest('/v1/account/transactions', { key });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      success: true,
      credits_remaining: 3,
      credits_charged: 0,
      transactions: [
        {
          id: expect.any(Number),
          time: expect.any(String),
          kind: 'grant',
          request_id: null,
          operation: null,
          job_id: null,
          monitor_id: null,
          credits: 3,
          balance_after: 3,
          final: true,
        },
      ],
      next_after: null,
    });
    expect(await h.balance(id)).toBe(3);
    expect((await h.rest('/v1/account/transactions')).status).toBe(401);
    for (const [query, param] of [
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['limit=x', 'limit'],
      ['after=-1', 'after'],
      ['after=abc', 'after'],
      ['since=yesterday', 'since'],
      ['since=2025-13-45', 'since'],
      ['operation=', 'operation'],
      ['limit=1&limit=2', 'limit'],
    ]) {
      const r = await h.rest(`/v1/account/transactions?${query}`, { key });
      expect(r.status, query).toBe(400);
      expect(r.body.error.code).toBe('INVALID_INPUT');
      expect(r.body.error.details.map((d: any) => d.param)).toEqual([param]);
    }
    // A future `since` lists nothing.
    const later = await h.rest(`/v1/account/transactions?since=${new Date(Date.now() + 60_000).toISOString()}`, { key });
    expect(later.body.transactions).toEqual([]);
  });

  it('GraphQL transactions mirrors the route', async () => {
    const { key } = await h.key(9);
    await call(h, 'GET', `/v1/code/repository?url=${encodeURIComponent(repoUrl('gqltx', 'one'))}`, { key });
    const r = await h.gql(
      '{ transactions(limit: 1) { nextAfter transactions { id kind credits balanceAfter operation requestId final } } }',
      { key },
    );
    expect(r.body.data.transactions).toEqual({
      nextAfter: expect.any(Number),
      transactions: [{ id: expect.any(Number), kind: 'grant', credits: 9, balanceAfter: 9, operation: null, requestId: null, final: true }],
    });
    const next = await h.gql(
      `{ transactions(after: ${r.body.data.transactions.nextAfter}) { nextAfter transactions { kind credits balanceAfter operation } } }`,
      {
        key,
      },
    );
    expect(next.body.data.transactions).toEqual({
      nextAfter: null,
      transactions: [{ kind: 'charge', credits: -1, balanceAfter: 8, operation: 'code/repository' }],
    });
    expect(next.body.extensions.credits).toMatchObject({ charged: 0 });
    const bad = await h.gql('{ transactions(limit: 0) { nextAfter } }', { key });
    expect(bad.body.errors[0].extensions.code).toBe('INVALID_INPUT');
    // At most TRANSACTIONS_BUDGET.rows asked per document over every aliased field: then INVALID_INPUT.
    const full = Array.from({ length: TRANSACTIONS_BUDGET.rows / 1000 }, (_, i) => `a${i}: transactions(limit: 1000) { nextAfter }`);
    const over = await h.gql(`{ ${full.join(' ')} u: transactions(limit: 1) { nextAfter } }`, { key });
    expect(over.body.errors.map((e: { path: string[]; extensions: { code: string } }) => [e.path.join('.'), e.extensions.code])).toEqual([
      ['u', 'INVALID_INPUT'],
    ]);
    // Within the budget: every field answered.
    expect((await h.gql(`{ ${full.join(' ')} }`, { key })).body.errors).toBeUndefined();
  });
});
