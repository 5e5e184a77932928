/**
 * A gateway as a real child process, for tests of what only a whole process shows (locks held
 * until it dies, start-up failures, exit codes). `npm start`'s own command by default
 * (test/start-args.ts), or other node arguments (e.g. the built bundle, dist/server.js).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { ROOT, startArgs } from './start-args.js';

export interface GatewayProcess {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stdout(): string;
  stderr(): string;
  /** Resolves with the port once it listens; rejects (with its output) if it exits first. */
  listening: Promise<number>;
}

export function spawnGateway(env: Record<string, string>, args: string[] = startArgs()): GatewayProcess {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    // Only what the test sets: nothing from the developer's shell (REDIS_URL, PORT…) leaks in.
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    // 'close', not 'exit': 'exit' can come before the pipes' last bytes are read.
    child.once('close', (code, signal) => r({ code, signal })),
  );
  const listening = new Promise<number>((resolveP, reject) => {
    const onData = () => {
      const m = /listening on http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        resolveP(Number(m[1]));
      }
    };
    child.stdout!.on('data', onData);
    void exited.then((e) => reject(new Error(`gateway exited (${JSON.stringify(e)}) before listening:\n${out}\n${err}`)));
  });
  // A test that expects a failed start never awaits `listening`.
  listening.catch(() => undefined);
  return { child, exited, listening, stdout: () => out, stderr: () => err };
}

/** Kills what is still running (afterAll). */
export function killAll(gateways: GatewayProcess[]): void {
  for (const g of gateways) if (g.child.exitCode === null && g.child.signalCode === null) g.child.kill('SIGKILL');
}
