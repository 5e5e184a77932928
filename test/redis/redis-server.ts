/**
 * A real `redis-server` on a free loopback port for the REDIS_URL tests (installed by .ci/run
 * with apt). No persistence by default (`--save ''`); `restart()` stops it with SHUTDOWN SAVE and
 * starts it again on the same port and data, as an operator's restart of a persistent Redis.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const REDIS_BIN = 'redis-server';

/** SECRETS_KEY of every test gateway on Redis (required with REDIS_URL; the same on every instance). */
export const TEST_SECRETS_KEY = '5ec12e75'.repeat(8);

// Whether redis-server is installed is each suite's prerequisite: `requireTool('redis-server')`
// (test/prereq.ts) skips with the reason, or fails the run under CI=true.

export interface RedisServer {
  url: string;
  port: number;
  /** Sends one inline command and returns the first reply line (or '' if the connection closed). */
  send(command: string): Promise<string>;
  /** SHUTDOWN SAVE (the data survives), and waits for the process to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port, loading what stop() saved. */
  start(): Promise<void>;
  /** SIGSTOP: the process keeps its port and connections but answers nothing (a frozen Redis). */
  freeze(): void;
  /** SIGCONT after freeze(). */
  thaw(): void;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

function sendInline(port: number, command: string, timeoutMs = 1_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = createConnection({ host: '127.0.0.1', port });
    let buf = '';
    const timer = setTimeout(() => {
      sock.destroy();
      reject(new Error(`redis: no reply to ${command}`));
    }, timeoutMs);
    sock.on('connect', () => sock.write(`${command}\r\n`));
    sock.on('data', (d) => {
      buf += d.toString();
      if (buf.includes('\r\n')) {
        clearTimeout(timer);
        sock.destroy();
        resolve(buf.slice(0, buf.indexOf('\r\n')));
      }
    });
    sock.on('close', () => {
      clearTimeout(timer);
      resolve(buf);
    });
    sock.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

export async function startRedisServer(): Promise<RedisServer> {
  let port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'cl-redis-'));
  let proc: ChildProcess | null = null;
  let output = '';

  const start = async () => {
    proc = spawn(
      REDIS_BIN,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--dbfilename', 'dump.rdb'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    proc.stdout?.on('data', (d) => (output += d));
    proc.stderr?.on('data', (d) => (output += d));
    const deadline = Date.now() + 10_000;
    for (;;) {
      const reply = await sendInline(port, 'PING', 500).catch(() => '');
      if (reply === '+PONG') return;
      if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not start on ${port}:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const stop = async () => {
    const p = proc;
    if (!p || p.exitCode !== null) return;
    const exited = new Promise((r) => p.once('exit', r));
    await sendInline(port, 'SHUTDOWN SAVE').catch(() => '');
    await exited;
    proc = null;
  };

  // A port freePort found free can be taken by another process before redis-server binds it
  // (suites in parallel, other programs): the first start then moves to another port.
  for (let attempt = 1; ; attempt++) {
    try {
      await start();
      break;
    } catch (e) {
      if (attempt >= 3 || !output.includes('Address already in use')) throw e;
      port = await freePort();
      output = '';
    }
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    send: (command) => sendInline(port, command),
    stop,
    start,
    freeze() {
      if (!proc?.kill('SIGSTOP')) throw new Error('redis-server is not running');
    },
    thaw() {
      proc?.kill('SIGCONT');
    },
    async close() {
      const p = proc as ChildProcess | null;
      p?.kill('SIGCONT'); // in case a test left it frozen
      if (p && p.exitCode === null) {
        const exited = new Promise((r) => p.once('exit', r));
        p.kill('SIGKILL');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
