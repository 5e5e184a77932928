/**
 * The transactions check both ledgers run (test/e2e/transactions.test.ts on SQLite,
 * test/redis/transactions.test.ts on Redis): many requests at once — live, cached, failing, a
 * GraphQL operation with two fields, a top-up — and a bulk job beside them, on one key. Then the
 * sum of the rows' credits equals the key's settled balance change over the interval, and over
 * the whole history; each charged request is one row with its request id, the job one row with
 * the job's charge; nothing else (cache hits, failures) is a row.
 */
import { expect } from 'vitest';
import type { Ledger } from '../../src/credits/ledger.js';
import type { Route } from '../../src/replay/server.js';
import { repoJson } from '../data.js';
import { call, repoUrl, waitFinal } from '../jobs/helpers.js';

/** Repositories of owner `gone` are 404 upstream (the request fails: 0 credits); any other answers. */
export const scenarioRoute: Route = {
  host: 'api.github.com',
  path: /^\/repos\/[^/]+\/[^/]+$/,
  response: (req: { path: string }) => {
    const [, , owner, repo] = req.path.split('/');
    if (owner === 'gone') return { status: 404, headers: { 'content-type': 'application/json' }, body: '{"message":"Not Found"}' };
    return { headers: { 'content-type': 'application/json' }, body: repoJson(owner, repo), fault: { kind: 'latency' as const, ms: 5 } };
  },
};

const repoPath = (owner: string, repo: string, extra = '') => `/v1/code/repository?url=${encodeURIComponent(repoUrl(owner, repo))}${extra}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Node {
  url: string;
}

/** Every row of the key's transactions, read page by page (`limit` small: the cursor is exercised). */
export async function allTransactions(node: Node, key: string, query = ''): Promise<any[]> {
  const rows: any[] = [];
  let after: number | null = null;
  for (;;) {
    const r = await call(node, 'GET', `/v1/account/transactions?limit=7${query}${after === null ? '' : `&after=${after}`}`, { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 0 });
    rows.push(...r.body.transactions);
    after = r.body.next_after;
    if (after === null) return rows;
    expect(r.body.transactions).toHaveLength(7);
    expect(after).toBe(r.body.transactions.at(-1).id);
  }
}

const sum = (rows: { credits: number }[]) => rows.reduce((s, r) => s + r.credits, 0);

export async function runTransactionsScenario(
  nodes: readonly Node[],
  ledger: Ledger,
  key: { key: string; id: string; credits: number },
  tag: string,
) {
  const node = (i: number) => nodes[i % nodes.length];
  // Before the interval: one live request (1 credit) whose answer the cached requests reuse.
  const warm = await call(node(0), 'GET', repoPath(tag, 'warm'), { key: key.key });
  expect(warm.body.credits_charged).toBe(1);
  await sleep(5);
  const t0 = Date.now();
  const before = await ledger.balance(key.id);
  await sleep(5);

  const jobItems = [
    ...Array.from({ length: 12 }, (_, i) => ({ url: repoUrl(tag, `job${i}`) })),
    { url: repoUrl(tag, 'warm') },
    { url: repoUrl('gone', `${tag}-job`) },
  ];
  const created = await call(node(0), 'POST', '/v1/jobs', {
    key: key.key,
    body: { operation: '/v1/code/repository', items: jobItems, cache_max_age: '1d' },
  });
  expect(created.status).toBe(202);
  const jobId: string = created.body.job.id;

  const calls = [
    ...Array.from({ length: 30 }, (_, i) => call(node(i), 'GET', repoPath(tag, `live${i}`), { key: key.key })),
    ...Array.from({ length: 15 }, (_, i) => call(node(i), 'GET', repoPath(tag, 'warm', '&cache_max_age=1d'), { key: key.key })),
    ...Array.from({ length: 10 }, (_, i) => call(node(i), 'GET', repoPath('gone', `${tag}${i}`), { key: key.key })),
    call(node(1), 'POST', '/graphql', {
      key: key.key,
      body: {
        query: `{ a: codeRepository(url: "${repoUrl(tag, 'gql-a')}") { fullName } b: codeRepository(url: "${repoUrl(tag, 'gql-b')}") { fullName } }`,
      },
    }),
  ];
  const topUp = ledger.addCredits(key.id, 25);
  const answers = await Promise.all(calls);
  await topUp;
  const job = await waitFinal(node(1), key.key, jobId);
  const after = await ledger.balance(key.id);
  await sleep(5);

  const live = answers.slice(0, 30);
  const cached = answers.slice(30, 45);
  const failed = answers.slice(45, 55);
  const gql = answers[55];
  for (const a of live) expect(a.body.credits_charged).toBe(1);
  for (const a of cached) expect(a.body).toMatchObject({ credits_charged: 0, cached: true });
  for (const a of failed) expect(a.status).toBe(404);
  expect(gql.body.extensions.credits.charged).toBe(2);
  expect(job).toMatchObject({ status: 'completed', credits_charged: 12 });

  // The interval: its rows' credits sum to the settled balance's change (no reservation is open now).
  const since = await allTransactions(node(1), key.key, `&since=${new Date(t0).toISOString()}`);
  expect(sum(since)).toBe(after - before);
  expect(after - before).toBe(25 - 30 - 2 - 12);
  // The whole history: the balance itself.
  const all = await allTransactions(node(0), key.key);
  expect(sum(all)).toBe(after);
  expect(all.map((r) => r.id)).toEqual([...all.map((r) => r.id)].sort((x, y) => x - y));
  expect(new Set(all.map((r) => r.id)).size).toBe(all.length);

  // Rows: 2 grants, the warm-up, 30 live requests, the GraphQL operation, one for the job.
  expect(all.filter((r) => r.kind === 'grant').map((r) => r.credits)).toEqual([key.credits, 25]);
  expect(all).toHaveLength(2 + 1 + 30 + 1 + 1);
  expect(all.every((r) => r.credits !== 0)).toBe(true);
  const byRequest = new Map(all.filter((r) => r.request_id).map((r) => [r.request_id, r]));
  for (const a of [warm, ...live]) {
    expect(byRequest.get(a.headers.get('x-request-id'))).toMatchObject({
      kind: 'charge',
      operation: 'code/repository',
      job_id: null,
      monitor_id: null,
      credits: -1,
      final: true,
    });
  }
  expect(byRequest.get(gql.headers.get('x-request-id'))).toMatchObject({ kind: 'charge', operation: 'code/repository', credits: -2 });
  for (const a of [...cached, ...failed]) expect(byRequest.has(a.headers.get('x-request-id'))).toBe(false);
  const jobRows = all.filter((r) => r.job_id !== null);
  expect(jobRows).toEqual([
    expect.objectContaining({ job_id: jobId, kind: 'charge', operation: 'code/repository', request_id: null, credits: -12, final: true }),
  ]);
  for (const r of all) {
    expect(Date.parse(r.time)).not.toBeNaN();
    expect(Number.isInteger(r.balance_after)).toBe(true);
  }
  // The operation filter, as rows name it or as a job does.
  expect(await allTransactions(node(0), key.key, '&operation=code/repository')).toHaveLength(33);
  expect(await allTransactions(node(0), key.key, `&operation=${encodeURIComponent('/v1/code/repository')}`)).toHaveLength(33);
  expect(await allTransactions(node(0), key.key, '&operation=code/user')).toEqual([]);
  return { all, jobId };
}
