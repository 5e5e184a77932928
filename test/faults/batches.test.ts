/**
 * Faults under concurrency, on one gateway (embedded store): a mixed batch of ~50 requests
 * (every transport fault, challenges of four platforms, healthy and recovering answers, GraphQL
 * operations whose root fields fail differently), then 5xx and 429 storms of 40 concurrent
 * requests. After each: every answer typed and bounded, balance == start − Σcharged, no
 * reservation, exchange or per-host slot left taken; after the file, every upstream socket
 * closes. (Two instances on Redis: redis.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { repoJson } from '../data.js';
import { expectLive, expectTypedError, perPath, useFaultGateway } from './lib.js';
import type { Call } from './lib.js';
import { MIXED_MAX_BODY, MIXED_UPSTREAM_ENV, mixedRoutes, runMixedBatch } from './mixed.js';
import { OPS } from './pages.js';

const PER_HOST = 16;
/** The repositories of one test, named `<prefix><n>`. */
const repoPath = (prefix: string) => new RegExp(`^/repos/faults/${prefix}\\d+$`);
const repoBody = (req: { path: string }) => ({
  headers: { 'content-type': 'application/json' },
  body: repoJson('faults', req.path.split('/')[3]),
});

describe('faults under concurrency (one instance, embedded store)', () => {
  const t = useFaultGateway({
    credits: 1_000,
    env: { ...MIXED_UPSTREAM_ENV, UPSTREAM_PER_HOST_CONCURRENCY: String(PER_HOST), UPSTREAM_MAX_BODY_BYTES: String(MIXED_MAX_BODY) },
  });

  it('a mixed-fault batch of 48 concurrent requests (64 resources): each answer typed, charged only for live results', async () => {
    for (const r of mixedRoutes()) t.gw.h.replay.add(r);
    const { charged, requests, ownMs } = await runMixedBatch([t.gw.h.url], t.acc, 'A');
    expect(requests).toBe(48);
    // 5 healthy or recovering repository kinds × 3, plus the live field of each multi-field operation.
    expect(charged).toBe(5 * 3 + 4);
    expect(ownMs).toBeLessThan(10_000);
  });

  it('a second batch on the same gateway behaves the same (nothing degraded by the first)', async () => {
    for (const r of mixedRoutes()) t.gw.h.replay.add(r);
    const { charged } = await runMixedBatch([t.gw.h.url], t.acc, 'B');
    expect(charged).toBe(5 * 3 + 4);
  });

  // Each test counts the requests for its own names only: a mixed batch's request cut short by its
  // deadline can still pass the relay and reach the replay server after the next test has begun.
  it('429 storm: 40 concurrent requests each answered 429 with Retry-After: 1, then 200 → all live after ~1 s', async () => {
    t.gw.h.replay.add(
      perPath('api.github.com', repoPath('rl'), repoBody, (_p, n) =>
        n === 0 ? { kind: 'status', status: 429, headers: { 'retry-after': '1' } } : null,
      ),
    );
    const calls: Call[] = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 ? t.gw.rest(OPS.github.rest(`rl${i}`), t.acc.key) : t.gw.gql(OPS.github.gql(`rl${i}`), t.acc.key),
      ),
    );
    t.acc.charge(...calls);
    for (const c of calls) {
      expectLive(c);
      expect(c.ms).toBeGreaterThanOrEqual(900);
      expect(c.ms).toBeLessThan(8_000);
    }
    expect(t.gw.h.replay.hits({ path: repoPath('rl') })).toHaveLength(80);
  });

  it('5xx storm: 40 concurrent requests answered 502 / 503 / 500 every time → all 502 UPSTREAM_FAILED, at most one retry each', async () => {
    const statuses = [500, 502, 503];
    t.gw.h.replay.add(
      perPath('api.github.com', repoPath('st'), repoBody, (path) => ({
        kind: 'status',
        status: statuses[Number(path.replace(/\D/g, '')) % 3],
      })),
    );
    const calls: Call[] = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 ? t.gw.rest(OPS.github.rest(`st${i}`), t.acc.key) : t.gw.gql(OPS.github.gql(`st${i}`), t.acc.key),
      ),
    );
    t.acc.charge(...calls);
    for (const c of calls) {
      expectTypedError(c, 502, 'UPSTREAM_FAILED');
      expect(c.ms).toBeLessThan(8_000);
    }
    expect(t.gw.h.replay.hits({ path: repoPath('st') })).toHaveLength(80);
  });

  it('challenge storm: 40 concurrent requests over four platforms, all blocked → 502 UPSTREAM_BLOCKED, 0 credits', async () => {
    for (const r of mixedRoutes()) t.gw.h.replay.add(r);
    const ops = [OPS.linktree, OPS.truth, OPS.google, OPS.amazon];
    const calls: Call[] = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const op = ops[i % 4];
        return i % 8 < 4 ? t.gw.rest(op.rest(`storm${i}`), t.acc.key) : t.gw.gql(op.gql(`storm${i}`), t.acc.key);
      }),
    );
    t.acc.charge(...calls);
    for (const c of calls) expectTypedError(c, 502, 'UPSTREAM_BLOCKED');
    expect(t.gw.h.replay.hits().filter((r) => /[/=]storm\d+(&|$)/.test(r.upstreamUrl ?? ''))).toHaveLength(40);
  });

  it(`no per-host slot was left taken: ${PER_HOST} slow requests to the most faulted host all reach it at once`, async () => {
    const arrivals: number[] = [];
    t.gw.h.replay.add(
      perPath('api.github.com', repoPath('slot'), repoBody, () => {
        arrivals.push(performance.now());
        return { kind: 'latency', ms: 1_000 };
      }),
    );
    const calls = await Promise.all(Array.from({ length: PER_HOST }, (_, i) => t.gw.rest(OPS.github.rest(`slot${i}`), t.acc.key)));
    t.acc.charge(...calls);
    for (const c of calls) expectLive(c);
    expect(arrivals).toHaveLength(PER_HOST);
    // With a slot lost, the last request would wait for a first one to finish (1 s).
    expect(Math.max(...arrivals) - Math.min(...arrivals)).toBeLessThan(800);
  });
});
