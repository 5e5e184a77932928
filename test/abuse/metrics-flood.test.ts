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
let socket: Socket | undefined;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  socket?.destroy();
  await h?.close();
});

const PIPELINED = 1_500;

describe('pipelined /metrics requests nobody reads', () => {
  it(`${PIPELINED} on one connection: the heap holds a few answers' worth, not one per request; the gateway answers others`, async () => {
    const one = await fetch(`${h.url}/metrics`);
    const size = (await one.text()).length;
    expect(size).toBeGreaterThan(50_000);
    gc();
    const before = process.memoryUsage().heapUsed;

    socket = connect(Number(new URL(h.url).port), '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket!.once('connect', resolve).once('error', reject));
    socket.on('error', () => undefined);
    // Never read: what comes back stays with the gateway.
    socket.pause();
    socket.write('GET /metrics HTTP/1.1\r\nhost: x\r\n\r\n'.repeat(PIPELINED));
    // Every request is being answered: all but the few whose answers the kernel's buffers took whole.
    const pending = PIPELINED - 100;
    const deadline = Date.now() + 90_000;
    while (h.app.inFlight() < pending && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(h.app.inFlight()).toBeGreaterThanOrEqual(pending);
    // Until each has its answer (or none is left to compute).
    await new Promise((r) => setTimeout(r, 1_000));
    gc();
    const held = process.memoryUsage().heapUsed - before;
    expect(held).toBeLessThan(20 * size + 16 * 1024 * 1024);

    const health = await fetch(`${h.url}/healthz`);
    expect(health.status).toBe(200);
    socket.destroy();
    while (h.app.inFlight() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(h.app.inFlight()).toBe(0);
  }, 120_000);
});
