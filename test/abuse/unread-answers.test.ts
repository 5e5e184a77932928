/**
 * Answers nobody reads, against a real gateway process (as `npm start` runs it) on a small heap:
 * a client can pipeline requests on a connection, or open many, and never read what comes back.
 * Node keeps an answer the socket cannot take in memory, so what such answers may hold must not
 * grow with the number of requests. Before: the GraphiQL page (~9 MB, keyless) was built anew for
 * each request, and 30 pipelined requests stopped a 512 MB process (an outside attack sweep).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAll, spawnGateway } from '../gateway-process.js';
import type { GatewayProcess } from '../gateway-process.js';
import { startArgs } from '../start-args.js';

const KEY = 'cl_unread-answers-key-0000000000000000000000000000000';
/** A quarter of `npm start`'s heap. */
const HEAP_MB = 128;
const PROCESS_TEST_TIMEOUT = 180_000;

const dataDir = mkdtempSync(join(tmpdir(), 'cl-unread-'));
let gateway: GatewayProcess;
let port: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  const args = startArgs().map((a) => (a.startsWith('--max-old-space-size=') ? `--max-old-space-size=${HEAP_MB}` : a));
  gateway = spawnGateway({ DATA_DIR: dataDir, BOOTSTRAP_API_KEY: KEY, BOOTSTRAP_CREDITS: '0' }, args);
  port = await gateway.listening;
}, PROCESS_TEST_TIMEOUT);
afterAll(() => {
  for (const s of sockets) s.destroy();
  killAll([gateway]);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Opens a connection, writes `requests` pipelined, and never reads (the socket is paused). */
async function unread(requests: string[]): Promise<void> {
  const s = connect(port, '127.0.0.1');
  sockets.push(s);
  await new Promise<void>((resolve, reject) => s.once('connect', resolve).once('error', reject));
  s.pause();
  s.on('error', () => undefined);
  s.write(requests.join(''));
}

async function alive(): Promise<void> {
  expect(gateway.child.exitCode, gateway.stderr()).toBeNull();
  const started = Date.now();
  const health = await fetch(`http://127.0.0.1:${port}/healthz`);
  expect(health.status).toBe(200);
  expect(Date.now() - started).toBeLessThan(5_000);
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`answers nobody reads, against a gateway process with a ${HEAP_MB} MB heap`, () => {
  it(
    'the GraphiQL page, keyless: 40 connections × 5 pipelined requests, never read — the process lives',
    async () => {
      const page = 'GET /graphql HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\n\r\n';
      // One answer first: the page is rendered (and its bundle loaded) once.
      const first = await fetch(`http://127.0.0.1:${port}/graphql`, { headers: { accept: 'text/html' } });
      expect(first.status).toBe(200);
      expect((await first.text()).length).toBeGreaterThan(1_000_000);
      // Rendered aside (a worker thread): the renderer's ~49 MB are not kept in this heap.
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      const heapMb = Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(metrics)?.[1]) / 1024 / 1024;
      // ~63 MB used with it (the start's ~51 live and garbage); ~93 MB when rendered here.
      expect(heapMb).toBeLessThan(80);
      for (let i = 0; i < 40; i++) await unread(Array.from({ length: 5 }, () => page));
      await settle(3_000);
      await alive();
    },
    PROCESS_TEST_TIMEOUT,
  );
});
