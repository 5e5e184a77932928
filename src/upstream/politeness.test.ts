/**
 * Per-host politeness: the gate on its own (short real waits), then through the upstream client
 * against the replay server — request rate per host, cool-downs that honour Retry-After for
 * later requests to that host, and waits bounded by each request's deadline.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UpstreamConfig } from '../config.js';
import { loadConfig } from '../config.js';
import { ApiError } from '../errors.js';
import { startReplayServer } from '../replay/server.js';
import type { RecordedResponse, ReplayServer } from '../replay/server.js';
import { createUpstream } from './client.js';
import type { Upstream } from './client.js';
import { createHostGate } from './politeness.js';

const never = new AbortController().signal;
const far = () => Date.now() + 60_000;

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a rejection');
}

describe('host gate', () => {
  it('is not made when neither a rate nor cool-downs are configured', () => {
    expect(createHostGate({ rps: 0, burst: 1, cooldownMaxMs: 0 })).toBeNull();
  });

  it('spaces requests to one host at the configured rate after the burst; other hosts are independent', async () => {
    const gate = createHostGate({ rps: 20, burst: 2, cooldownMaxMs: 0 })!;
    const t0 = Date.now();
    const at: number[] = [];
    await Promise.all(Array.from({ length: 5 }, () => gate.pass('a.example', 't', far(), never).then(() => at.push(Date.now() - t0))));
    at.sort((x, y) => x - y);
    expect(at[1]).toBeLessThan(40); // the burst
    expect(at[2]).toBeGreaterThanOrEqual(40); // then one every 50 ms
    expect(at[4]).toBeGreaterThanOrEqual(140);
    const other = Date.now();
    await gate.pass('b.example', 't', far(), never);
    expect(Date.now() - other).toBeLessThan(100);
  });

  it('a turn that would come after the deadline fails at once (UPSTREAM_TIMEOUT) and is given back', async () => {
    const gate = createHostGate({ rps: 2, burst: 1, cooldownMaxMs: 0 })!;
    await gate.pass('a.example', 't', far(), never);
    const t0 = Date.now();
    const err = await rejection(gate.pass('a.example', 't', Date.now() + 200, never));
    expect(Date.now() - t0).toBeLessThan(150);
    expect(err.code).toBe('UPSTREAM_TIMEOUT');
    expect(err.message).toMatch(/limited to 2 requests per second/);
    // The refused turn went back: the next caller waits one interval, not two.
    const t1 = Date.now();
    await gate.pass('a.example', 't', far(), never);
    expect(Date.now() - t1).toBeLessThan(650);
  });

  it("a 429's Retry-After holds later requests to that host; past the deadline they fail at once (UPSTREAM_BLOCKED)", async () => {
    const gate = createHostGate({ rps: 0, burst: 1, cooldownMaxMs: 60_000 })!;
    gate.observe('a.example', 429, 300);
    expect(gate.coolingMs('a.example')).toBeGreaterThan(250);
    const t0 = Date.now();
    await gate.pass('a.example', 't', far(), never);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(280);

    gate.observe('a.example', 429, 10_000);
    const t1 = Date.now();
    const err = await rejection(gate.pass('a.example', 't', Date.now() + 1_000, never));
    expect(Date.now() - t1).toBeLessThan(150);
    expect(err.code).toBe('UPSTREAM_BLOCKED');
    expect(err.message).toMatch(/asked to slow down.*cooling down for another 10 s/);
    await gate.pass('b.example', 't', Date.now() + 1_000, never); // other hosts are not held
  });

  it('429 without Retry-After backs off 0.5 s, 1 s, 2 s…; a good answer ends the streak; cool-downs are capped', () => {
    const gate = createHostGate({ rps: 0, burst: 1, cooldownMaxMs: 1_500 })!;
    gate.observe('a.example', 429, null);
    expect(gate.coolingMs('a.example')).toBeGreaterThan(400);
    expect(gate.coolingMs('a.example')).toBeLessThanOrEqual(500);
    gate.observe('a.example', 429, null);
    expect(gate.coolingMs('a.example')).toBeGreaterThan(900);
    gate.observe('a.example', 429, null);
    expect(gate.coolingMs('a.example')).toBeLessThanOrEqual(1_500); // 2 s capped at 1.5 s
    gate.observe('a.example', 200, null);
    gate.observe('b.example', 429, 3_600_000);
    expect(gate.coolingMs('b.example')).toBeLessThanOrEqual(1_500);
  });

  it('503 cools down only with Retry-After; other statuses never do', () => {
    const gate = createHostGate({ rps: 0, burst: 1, cooldownMaxMs: 60_000 })!;
    gate.observe('a.example', 503, null);
    gate.observe('a.example', 500, 5_000);
    expect(gate.coolingMs('a.example')).toBe(0);
    gate.observe('a.example', 503, 2_000);
    expect(gate.coolingMs('a.example')).toBeGreaterThan(1_900);
  });

  it('failWhileCooling: a cooling host fails at once (UPSTREAM_BLOCKED) however far the deadline; a host not cooling passes', async () => {
    const gate = createHostGate({ rps: 0, burst: 1, cooldownMaxMs: 60_000 })!;
    gate.observe('a.example', 429, 300);
    const t0 = Date.now();
    const err = await rejection(gate.pass('a.example', 't', far(), never, { failWhileCooling: true }));
    expect(Date.now() - t0).toBeLessThan(100);
    expect(err.code).toBe('UPSTREAM_BLOCKED');
    expect(gate.coolingMs('a.example')).toBeGreaterThan(150); // failing did not end or extend the cool-down
    await gate.pass('b.example', 't', far(), never, { failWhileCooling: true });
    // A waiting caller still waits for the same host.
    await gate.pass('a.example', 't', far(), never);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
    await gate.pass('a.example', 't', far(), never, { failWhileCooling: true });
  });

  it('a caller that gives up while waiting stops waiting', async () => {
    const gate = createHostGate({ rps: 1, burst: 1, cooldownMaxMs: 0 })!;
    await gate.pass('a.example', 't', far(), never);
    const abort = new AbortController();
    const p = gate.pass('a.example', 't', far(), abort.signal);
    setTimeout(() => abort.abort(new Error('gone')), 20);
    await expect(p).rejects.toThrow('gone');
  });
});

describe('configuration', () => {
  it('UPSTREAM_PER_HOST_RPS / _BURST and UPSTREAM_COOLDOWN_MAX_MS; rates off and cool-downs on by default', () => {
    const def = loadConfig({} as NodeJS.ProcessEnv).upstream;
    expect([def.perHostRps, def.perHostBurst, def.cooldownMaxMs]).toEqual([0, 1, 600_000]);
    const set = loadConfig({ UPSTREAM_PER_HOST_RPS: '2.5', UPSTREAM_COOLDOWN_MAX_MS: '0' } as NodeJS.ProcessEnv).upstream;
    expect([set.perHostRps, set.perHostBurst, set.cooldownMaxMs]).toEqual([2.5, 3, 0]);
    expect(() => loadConfig({ UPSTREAM_PER_HOST_RPS: 'lots' } as NodeJS.ProcessEnv)).toThrow(/UPSTREAM_PER_HOST_RPS/);
  });
});

describe('through the upstream client', () => {
  const CONFIG: UpstreamConfig = {
    connectTimeoutMs: 1_000,
    headersTimeoutMs: 1_000,
    bodyTimeoutMs: 1_000,
    totalTimeoutMs: 3_000,
    maxBodyBytes: 1_024,
    maxRedirects: 5,
    retries: 0,
    perHostConcurrency: 8,
    userAgent: 'politeness-test/1.0',
    perHostRps: 10,
    perHostBurst: 1,
    cooldownMaxMs: 60_000,
  };
  let replay: ReplayServer;
  let upstream: Upstream;
  const arrivals = new Map<string, number[]>();
  /** A route that notes when each request arrived. */
  const timed = (host: string, response: (n: number) => RecordedResponse) => {
    replay.add({
      host,
      path: /.*/,
      response: () => {
        const list = arrivals.get(host) ?? [];
        list.push(Date.now());
        arrivals.set(host, list);
        return response(list.length - 1);
      },
    });
  };

  beforeAll(async () => {
    replay = await startReplayServer();
    upstream = createUpstream({ config: CONFIG, replayUrl: replay.url });
  });
  afterAll(async () => {
    await upstream.close();
    await replay.close();
  });
  beforeEach(() => {
    replay.reset();
    arrivals.clear();
  });

  it('requests to one host leave at most at UPSTREAM_PER_HOST_RPS; the concurrency cap still applies', async () => {
    timed('rate.example', () => ({ body: 'ok' }));
    const results = await Promise.all(Array.from({ length: 4 }, (_, i) => upstream.request({ url: `https://rate.example/${i}`, platform: 't' })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const at = arrivals.get('rate.example')!;
    for (let i = 1; i < at.length; i++) expect(at[i] - at[i - 1]).toBeGreaterThanOrEqual(80);
  });

  it('after a 429 with Retry-After: 1, the next request to that host waits about a second before it is sent', async () => {
    timed('busy.example', (n) => (n === 0 ? { status: 429, headers: { 'retry-after': '1' }, body: 'slow down' } : { body: 'ok' }));
    const first = await upstream.request({ url: 'https://busy.example/a', platform: 't' });
    expect(first.status).toBe(429);
    const t0 = Date.now();
    const second = await upstream.request({ url: 'https://busy.example/b', platform: 't' });
    expect(second.status).toBe(200);
    const at = arrivals.get('busy.example')!;
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(900);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(800);
  });

  it('a Retry-After longer than the deadline: later requests fail at once with UPSTREAM_BLOCKED and nothing is sent', async () => {
    timed('closed.example', () => ({ status: 429, headers: { 'retry-after': '120' }, body: '' }));
    timed('open.example', () => ({ body: 'ok' }));
    expect((await upstream.request({ url: 'https://closed.example/', platform: 't' })).status).toBe(429);
    const t0 = Date.now();
    const err = await rejection(upstream.request({ url: 'https://closed.example/again', platform: 't' }));
    expect(Date.now() - t0).toBeLessThan(300);
    expect(err.code).toBe('UPSTREAM_BLOCKED');
    expect(arrivals.get('closed.example')).toHaveLength(1);
    expect((await upstream.request({ url: 'https://open.example/', platform: 't' })).status).toBe(200);
  });

  it("cooldown: 'fail' — a request to a cooling host fails at once and nothing is sent; a retryable answer is not retried after a cool-down", async () => {
    const retrying = createUpstream({ config: { ...CONFIG, retries: 2, perHostRps: 0 }, replayUrl: replay.url });
    try {
      timed('cooling.example', (n) => (n === 0 ? { status: 429, headers: { 'retry-after': '1' }, body: 'slow down' } : { body: 'ok' }));
      const t0 = Date.now();
      // Would be retried after the 1 s Retry-After by a waiting caller; returned at once here.
      const first = await retrying.request({ url: 'https://cooling.example/a', platform: 't', cooldown: 'fail' });
      expect(first.status).toBe(429);
      const err = await rejection(retrying.request({ url: 'https://cooling.example/b', platform: 't', cooldown: 'fail' }));
      expect(err.code).toBe('UPSTREAM_BLOCKED');
      expect(Date.now() - t0).toBeLessThan(500);
      expect(arrivals.get('cooling.example')).toHaveLength(1);
      // The default still waits the cool-down out and gets its answer.
      expect((await retrying.request({ url: 'https://cooling.example/c', platform: 't' })).status).toBe(200);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(800);
      // 503 with Retry-After cools the host down too.
      timed('unavailable.example', () => ({ status: 503, headers: { 'retry-after': '1' }, body: '' }));
      const t1 = Date.now();
      expect((await retrying.request({ url: 'https://unavailable.example/', platform: 't', cooldown: 'fail' })).status).toBe(503);
      expect((await rejection(retrying.request({ url: 'https://unavailable.example/x', platform: 't', cooldown: 'fail' }))).code).toBe('UPSTREAM_BLOCKED');
      expect(Date.now() - t1).toBeLessThan(500);
      expect(arrivals.get('unavailable.example')).toHaveLength(1);
    } finally {
      await retrying.close();
    }
  });

  it('a retry honours the cool-down too, and never waits past the deadline', async () => {
    const retrying = createUpstream({ config: { ...CONFIG, retries: 2, perHostRps: 0, totalTimeoutMs: 1_500 }, replayUrl: replay.url });
    try {
      timed('flaky.example', (n) => (n === 0 ? { status: 429, headers: { 'retry-after': '1' }, body: '' } : { body: 'ok' }));
      const t0 = Date.now();
      const ok = await retrying.request({ url: 'https://flaky.example/', platform: 't' });
      expect(ok.status).toBe(200);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
      // 2 s would pass the 1.5 s deadline: the 429 is answered at once instead of a timeout.
      timed('slowest.example', () => ({ status: 429, headers: { 'retry-after': '2' }, body: '' }));
      const t1 = Date.now();
      expect((await retrying.request({ url: 'https://slowest.example/', platform: 't' })).status).toBe(429);
      expect(Date.now() - t1).toBeLessThan(500);
    } finally {
      await retrying.close();
    }
  });
});
