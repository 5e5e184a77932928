/**
 * Per-host politeness: the gate on its own (short real waits), then through the upstream client
 * against the replay server — request rate per host, cool-downs that honour Retry-After for
 * later requests to that host, and waits bounded by each request's deadline.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpstreamConfig } from '../config.js';
import { loadConfig } from '../config.js';
import { ApiError } from '../errors.js';
import { startReplayServer } from '../replay/server.js';
import type { RecordedResponse, ReplayServer } from '../replay/server.js';
import { createUpstream } from './client.js';
import type { Upstream } from './client.js';
import { createHostGate } from './politeness.js';

const never = new AbortController().signal;

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a rejection');
}

/**
 * The gate's timing on a controlled clock (fake timers: Date.now and setTimeout move only when
 * the test advances them), so each turn is asserted to the millisecond, however loaded the
 * machine. `settle` notes the clock when a pass resolves or rejects.
 */
describe('host gate', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const far = () => Date.now() + 60_000;
  /** Milliseconds from now until `p` settles (as the fake clock tells it), and how. */
  function settle(p: Promise<unknown>): Promise<{ ms: number; err?: ApiError }> {
    const t0 = Date.now();
    return p.then(
      () => ({ ms: Date.now() - t0 }),
      (e: unknown) => {
        expect(e).toBeInstanceOf(ApiError);
        return { ms: Date.now() - t0, err: e as ApiError };
      },
    );
  }
  async function run<T>(p: Promise<T>, ms = 120_000): Promise<T> {
    await vi.advanceTimersByTimeAsync(ms);
    return p;
  }

  it('is not made when neither a rate nor cool-downs are configured', () => {
    expect(createHostGate({ rps: 0, burst: 1, cooldownMaxMs: 0 })).toBeNull();
  });

  it('open: a host without a rate limit is open until a 429 cools it down, and again once the cool-down is over', async () => {
    const gate = createHostGate({ rps: 0, burst: 1, cooldownMaxMs: 60_000 })!;
    expect(gate.open('a.example')).toBe(true);
    gate.observe('a.example', 429, 2_000);
    expect(gate.open('a.example')).toBe(false);
    expect(gate.open('b.example')).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(gate.open('a.example')).toBe(true);
    // With a request rate every request takes a turn: never open.
    expect(createHostGate({ rps: 5, burst: 5, cooldownMaxMs: 0 })!.open('a.example')).toBe(false);
  });

  it('spaces requests to one host at the configured rate after the burst; other hosts are independent', async () => {
    const gate = createHostGate({ rps: 20, burst: 2, cooldownMaxMs: 0 })!;
    const turns = Array.from({ length: 5 }, () => settle(gate.pass('a.example', 't', far(), never)));
    const other = settle(gate.pass('b.example', 't', far(), never));
    const at = (await run(Promise.all(turns))).map((t) => t.ms);
    // The burst at once, then one every 1/20 s — never sooner.
    expect(at).toEqual([0, 0, 50, 100, 150]);
    expect((await other).ms).toBe(0);
  });

  it('a turn that would come after the deadline fails at once (UPSTREAM_TIMEOUT) and is given back', async () => {
    const gate = createHostGate({ rps: 2, burst: 1, cooldownMaxMs: 0 })!;
    await gate.pass('a.example', 't', far(), never); // the burst: no wait, the clock stays
    const refused = await run(settle(gate.pass('a.example', 't', Date.now() + 200, never)), 0);
    expect(refused.ms).toBe(0);
    expect(refused.err?.code).toBe('UPSTREAM_TIMEOUT');
    expect(refused.err?.message).toMatch(/limited to 2 requests per second/);
    // The refused turn went back: the next caller waits one interval, not two.
    expect((await run(settle(gate.pass('a.example', 't', far(), never)))).ms).toBe(500);
  });

  it("a 429's Retry-After holds later requests to that host; past the deadline they fail at once (UPSTREAM_BLOCKED)", async () => {
    const gate = createHostGate({ rps: 0, burst: 1, cooldownMaxMs: 60_000 })!;
    gate.observe('a.example', 429, 300);
    expect(gate.coolingMs('a.example')).toBe(300);
    expect((await run(settle(gate.pass('a.example', 't', far(), never)))).ms).toBe(300);

    gate.observe('a.example', 429, 10_000);
    const refused = await run(settle(gate.pass('a.example', 't', Date.now() + 1_000, never)), 0);
    expect(refused.ms).toBe(0);
    expect(refused.err?.code).toBe('UPSTREAM_BLOCKED');
    expect(refused.err?.message).toMatch(/asked to slow down.*cooling down for another 10 s/);
    expect((await run(settle(gate.pass('b.example', 't', Date.now() + 1_000, never)))).ms).toBe(0); // other hosts are not held
  });

  it('429 without Retry-After backs off 0.5 s, 1 s, 2 s…; a good answer ends the streak; cool-downs are capped', () => {
    const gate = createHostGate({ rps: 0, burst: 1, cooldownMaxMs: 1_500 })!;
    gate.observe('a.example', 429, null);
    expect(gate.coolingMs('a.example')).toBe(500);
    gate.observe('a.example', 429, null);
    expect(gate.coolingMs('a.example')).toBe(1_000);
    gate.observe('a.example', 429, null);
    expect(gate.coolingMs('a.example')).toBe(1_500); // 2 s capped at 1.5 s
    gate.observe('a.example', 200, null);
    vi.advanceTimersByTime(1_500);
    gate.observe('a.example', 429, null);
    expect(gate.coolingMs('a.example')).toBe(500); // the streak starts over
    gate.observe('b.example', 429, 3_600_000);
    expect(gate.coolingMs('b.example')).toBe(1_500);
  });

  it("a cool-down observed on a caller-named request holds caller-named requests only; the platform's own holds both", async () => {
    const gate = createHostGate({ rps: 0, burst: 1, cooldownMaxMs: 600_000 })!;
    gate.observe('api.github.com', 429, 600_000, true);
    expect(gate.open('api.github.com')).toBe(true);
    expect(gate.coolingMs('api.github.com')).toBe(0);
    expect((await run(settle(gate.pass('api.github.com', 't', Date.now() + 1_000, never)), 0)).ms).toBe(0);
    expect(gate.open('api.github.com', true)).toBe(false);
    expect(gate.coolingMs('api.github.com', true)).toBe(600_000);
    const named = await run(settle(gate.pass('api.github.com', 't', Date.now() + 1_000, never, { callerNamed: true })), 0);
    expect(named.err?.code).toBe('UPSTREAM_BLOCKED');

    gate.observe('b.example', 429, 2_000);
    expect(gate.coolingMs('b.example', true)).toBe(2_000);
    expect((await run(settle(gate.pass('b.example', 't', far(), never, { callerNamed: true })))).ms).toBe(2_000);
    // Each side's 429 streak is its own: a caller-named good answer does not end the platform's.
    gate.observe('c.example', 429, null);
    gate.observe('c.example', 200, null, true);
    vi.advanceTimersByTime(500);
    gate.observe('c.example', 429, null);
    expect(gate.coolingMs('c.example')).toBe(1_000);
  });

  it('503 cools down only with Retry-After; other statuses never do', () => {
    const gate = createHostGate({ rps: 0, burst: 1, cooldownMaxMs: 60_000 })!;
    gate.observe('a.example', 503, null);
    gate.observe('a.example', 500, 5_000);
    expect(gate.coolingMs('a.example')).toBe(0);
    gate.observe('a.example', 503, 2_000);
    expect(gate.coolingMs('a.example')).toBe(2_000);
  });

  it('failWhileCooling: a cooling host fails at once (UPSTREAM_BLOCKED) however far the deadline; a host not cooling passes', async () => {
    const gate = createHostGate({ rps: 0, burst: 1, cooldownMaxMs: 60_000 })!;
    gate.observe('a.example', 429, 300);
    const refused = await run(settle(gate.pass('a.example', 't', far(), never, { failWhileCooling: true })), 0);
    expect(refused.ms).toBe(0);
    expect(refused.err?.code).toBe('UPSTREAM_BLOCKED');
    expect(gate.coolingMs('a.example')).toBe(300); // failing did not end or extend the cool-down
    expect((await run(settle(gate.pass('b.example', 't', far(), never, { failWhileCooling: true })), 0)).ms).toBe(0);
    // A waiting caller still waits for the same host, the whole cool-down.
    expect((await run(settle(gate.pass('a.example', 't', far(), never)))).ms).toBe(300);
    expect((await run(settle(gate.pass('a.example', 't', far(), never, { failWhileCooling: true })), 0)).err).toBeUndefined();
  });

  it('a caller that gives up while waiting stops waiting', async () => {
    const gate = createHostGate({ rps: 1, burst: 1, cooldownMaxMs: 0 })!;
    await gate.pass('a.example', 't', far(), never); // the burst: no wait, the clock stays
    const abort = new AbortController();
    const p = gate.pass('a.example', 't', far(), abort.signal);
    const outcome = p.then(
      () => 'passed',
      (e: Error) => e.message,
    );
    await vi.advanceTimersByTimeAsync(20);
    abort.abort(new Error('gone'));
    expect(await outcome).toBe('gone');
    // Its turn went back: the next caller goes at the next interval (1 s after the first).
    expect((await run(settle(gate.pass('a.example', 't', far(), never)))).ms).toBe(980);
  });

  it('a timer that fires early by the clock does not let a request go early', async () => {
    // A clock 5 ms behind the timers: each timer fires "early" by that clock.
    let lag = 0;
    const gate = createHostGate({ rps: 10, burst: 1, cooldownMaxMs: 0, now: () => Date.now() - lag })!;
    await gate.pass('a.example', 't', far(), never); // the burst: no wait, the clock stays
    const t0 = Date.now() - lag;
    const p = gate.pass('a.example', 't', far(), never).then(() => Date.now() - lag - t0);
    lag = 5;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await p).toBeGreaterThanOrEqual(100);
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
    const start = Date.now();
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => upstream.request({ url: `https://rate.example/${i}`, platform: 't' })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    // At 10 per second with a burst of 1, the k-th request cannot leave before k/10 s after the
    // first, which left after `start`; each arrives after it left. A lower bound only, on one
    // clock (Date.now, the gate's own): a loaded machine can only make arrivals later, never
    // earlier (spacing between consecutive arrivals is not bounded: transit times vary).
    const at = arrivals.get('rate.example')!;
    expect(at).toHaveLength(4);
    at.forEach((t, k) => expect(t - start).toBeGreaterThanOrEqual(k * 100));
  });

  it('after a 429 with Retry-After: 1, the next request to that host waits about a second before it is sent', async () => {
    timed('busy.example', (n) => (n === 0 ? { status: 429, headers: { 'retry-after': '1' }, body: 'slow down' } : { body: 'ok' }));
    const first = await upstream.request({ url: 'https://busy.example/a', platform: 't' });
    expect(first.status).toBe(429);
    const second = await upstream.request({ url: 'https://busy.example/b', platform: 't' });
    expect(second.status).toBe(200);
    // The cool-down began when the 429 came back, after it arrived: a full second between them.
    const at = arrivals.get('busy.example')!;
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(1_000);
  });

  it('a Retry-After longer than the deadline: later requests fail at once with UPSTREAM_BLOCKED and nothing is sent', async () => {
    timed('closed.example', () => ({ status: 429, headers: { 'retry-after': '120' }, body: '' }));
    timed('open.example', () => ({ body: 'ok' }));
    expect((await upstream.request({ url: 'https://closed.example/', platform: 't' })).status).toBe(429);
    const t0 = Date.now();
    const err = await rejection(upstream.request({ url: 'https://closed.example/again', platform: 't' }));
    // Nothing is sent: a gate that waited instead would end at the 3 s deadline. 1 s leaves a loaded
    // machine room (300 ms was a tenth of that) and still fails a wait of 3 s.
    expect(Date.now() - t0).toBeLessThan(1_000);
    expect(err.code).toBe('UPSTREAM_BLOCKED');
    expect(arrivals.get('closed.example')).toHaveLength(1);
    expect((await upstream.request({ url: 'https://open.example/', platform: 't' })).status).toBe(200);
  });

  it("cooldown: 'fail' — a request to a cooling host fails at once and nothing is sent; a retryable answer is not retried after a cool-down", async () => {
    const retrying = createUpstream({ config: { ...CONFIG, retries: 2, perHostRps: 0 }, replayUrl: replay.url });
    try {
      // Retry-After: 2 (was 1), the longest a waiting caller still retries after (client.ts): a retry
      // or a wait would take ≥ 2 s, so the bounds below are 1 s (were 500 ms against a 1 s wait,
      // with a first exchange on a new connection in them, on a loaded machine).
      timed('cooling.example', (n) => (n === 0 ? { status: 429, headers: { 'retry-after': '2' }, body: 'slow down' } : { body: 'ok' }));
      const t0 = Date.now();
      // Would be retried after the 2 s Retry-After by a waiting caller; returned at once here.
      const first = await retrying.request({ url: 'https://cooling.example/a', platform: 't', cooldown: 'fail' });
      expect(first.status).toBe(429);
      const err = await rejection(retrying.request({ url: 'https://cooling.example/b', platform: 't', cooldown: 'fail' }));
      expect(err.code).toBe('UPSTREAM_BLOCKED');
      expect(Date.now() - t0).toBeLessThan(1_000);
      expect(arrivals.get('cooling.example')).toHaveLength(1);
      // The default still waits the cool-down out (2 s from the 429, which came after t0) and gets its answer.
      expect((await retrying.request({ url: 'https://cooling.example/c', platform: 't' })).status).toBe(200);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(1_800);
      // 503 with Retry-After cools the host down too.
      timed('unavailable.example', () => ({ status: 503, headers: { 'retry-after': '2' }, body: '' }));
      const t1 = Date.now();
      expect((await retrying.request({ url: 'https://unavailable.example/', platform: 't', cooldown: 'fail' })).status).toBe(503);
      expect((await rejection(retrying.request({ url: 'https://unavailable.example/x', platform: 't', cooldown: 'fail' }))).code).toBe(
        'UPSTREAM_BLOCKED',
      );
      expect(Date.now() - t1).toBeLessThan(1_000);
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
      // A retry waited for would be cut by the 1.5 s deadline (a timer: never sooner); 1 s (was
      // 500 ms) for one exchange on a loaded machine still fails it.
      expect(Date.now() - t1).toBeLessThan(1_000);
    } finally {
      await retrying.close();
    }
  });
});
