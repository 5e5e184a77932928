/**
 * GET /v1/account and GraphQL `me`: the caller's own balance, rate limit, key name and hint, at
 * 0 credits; a key is needed (401) and its rate limit applies (429).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { RATE_LIMIT_RPS: '0.01', RATE_LIMIT_BURST: '3' } });
});
afterAll(async () => {
  await h?.close();
});

describe('account', () => {
  it('GET /v1/account shows balance, rate limit, name and hint, and costs nothing', async () => {
    const { key, id } = await h.key(7);
    const r = await h.rest('/v1/account', { key });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      credits_remaining: 7,
      credits_charged: 0,
      account: {
        key_id: id,
        name: 'test',
        hint: `cl_…${key.slice(-4)}`,
        balance: 7,
        created_at: expect.any(String),
        rate_limit: { rps: 0.01, burst: 3, own: false },
      },
    });
    expect(JSON.stringify(r.body)).not.toContain(key);
    expect(await h.balance(id)).toBe(7);
  });

  it('GraphQL me: the same account at 0 credits', async () => {
    const { key, id } = await h.key(4);
    await h.deps.ledger.setRateLimit(id, { rps: 0, burst: 1 });
    const r = await h.gql('{ me { keyId name hint balance rateLimit { rps } } }', { key });
    expect(r.body.data.me).toEqual({ keyId: id, name: 'test', hint: `cl_…${key.slice(-4)}`, balance: 4, rateLimit: null });
    expect(r.body.extensions.credits).toMatchObject({ charged: 0, remaining: 4 });
  });

  it('is described in /openapi.json', async () => {
    const doc = (await (await fetch(`${h.url}/openapi.json`)).json()) as { paths: Record<string, { get: { operationId: string } }> };
    expect(doc.paths['/v1/account'].get.operationId).toBe('account');
  });

  it('needs a key; the rate limit applies', async () => {
    expect((await h.rest('/v1/account')).status).toBe(401);
    expect((await h.gql('{ me { balance } }')).status).toBe(401);
    const { key } = await h.key(1);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await h.rest('/v1/account', { key })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
