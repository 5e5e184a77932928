/**
 * Abuse suite: /metrics asked for by a client that pipelines requests on one connection and never
 * reads. /metrics needs no key unless METRICS_TOKEN is set (the default), its answer is ~150 KB,
 * and node hands JS every request of a 64 KiB read before any answer is written (~2,000 of
 * `GET /metrics`). Each was computed anew and kept until its client read it: 1,500 such requests
 * held ~250 MB of heap (and took the event loop for seconds computing them); a few connections
 * ran `npm start`'s 512 MB heap out. Answers made within a second are now one and the same text.
 */
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let h: Harness;
let guarded: Harness;
let socket: Socket | undefined;
const TOKEN = 'metrics-flood-token-0000';
beforeAll(async () => {
  h = await startHarness();
  guarded = await startHarness({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  socket?.destroy();
  await h?.close();
  await guarded?.close();
});

/** `total` GET /metrics, `clients` at a time (each asks again as soon as it has its answer): statuses counted. */
async function flood(url: string, total: number, clients: number, headers: Record<string, string> = {}) {
  const statuses = new Map<number, number>();
  const refusals: Response[] = [];
  let left = total;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (left-- > 0) {
        const res = await fetch(`${url}/metrics`, { headers });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 200) await res.arrayBuffer();
        else refusals.push(res);
      }
    }),
  );
  return { statuses, refusals };
}

const PIPELINED = 1_500;

describe('pipelined /metrics requests nobody reads', () => {
  it(`${PIPELINED} on one connection: the heap holds a few answers' worth, not one per request; the gateway answers others`, async () => {
    // Behind METRICS_TOKEN, so that every request has its answer made: open, past the first ~50
    // they are refused at once (429, below) and nothing would be left waiting to measure.
    const one = await fetch(`${guarded.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const size = (await one.text()).length;
    expect(size).toBeGreaterThan(50_000);
    gc();
    const before = process.memoryUsage().heapUsed;

    socket = connect(Number(new URL(guarded.url).port), '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket!.once('connect', resolve).once('error', reject));
    socket.on('error', () => undefined);
    // Never read: what comes back stays with the gateway.
    socket.pause();
    socket.write(`GET /metrics HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${TOKEN}\r\n\r\n`.repeat(PIPELINED));
    // Every request is being answered: all but the few whose answers the kernel's buffers took whole.
    const pending = PIPELINED - 100;
    const deadline = Date.now() + 90_000;
    while (guarded.app.inFlight() < pending && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(guarded.app.inFlight()).toBeGreaterThanOrEqual(pending);
    // Until each has its answer (or none is left to compute).
    await new Promise((r) => setTimeout(r, 1_000));
    gc();
    const held = process.memoryUsage().heapUsed - before;
    expect(held).toBeLessThan(20 * size + 16 * 1024 * 1024);

    const health = await fetch(`${guarded.url}/healthz`);
    expect(health.status).toBe(200);
    socket.destroy();
    while (guarded.app.inFlight() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(guarded.app.inFlight()).toBe(0);
  }, 120_000);
});

/**
 * Many clients asking for /metrics at once, none of them pipelining: each answer takes ~5 ms of the
 * event loop against ~0.1 ms for a keyless 401, and before, every request had one made — 20
 * clients held /healthz's p99 at ~0.5 s on `npm start`, 200 at 1.7 s. Open (no METRICS_TOKEN),
 * making answers now shares a budget of the loop: past it, 429 RATE_LIMITED with Retry-After.
 */
describe('/metrics asked without pause by many clients', () => {
  it('open: past its share of the event loop, 429 RATE_LIMITED with Retry-After (a JSON error)', async () => {
    const { statuses, refusals } = await flood(h.url, 600, 20);
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(429)).toBeGreaterThan(0);
    expect([...statuses.keys()].sort()).toEqual([200, 429]);
    const refused = refusals[0];
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const body = await refused.json();
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.message).toContain('METRICS_TOKEN');
  }, 60_000);

  it('behind METRICS_TOKEN: its holder is not limited', async () => {
    const { statuses } = await flood(guarded.url, 600, 20, { authorization: `Bearer ${TOKEN}` });
    expect([...statuses]).toEqual([[200, 600]]);
  }, 60_000);
});
