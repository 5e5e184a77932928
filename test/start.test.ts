/**
 * `npm start` (scripts/start.mjs, run by its own command: test/start-args.ts): it listens and
 * answers /healthz soon after it is run, without rebuilding a bundle that is current; it runs as
 * production unless NODE_ENV says otherwise; a retired setting (src/config.ts RETIRED_SETTINGS)
 * is accepted, and one warning line names it; and it sends itself no requests — the first real
 * ones are the first logged and counted.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAll, spawnGateway } from './gateway-process.js';
import type { GatewayProcess } from './gateway-process.js';
import { ROOT } from './start-args.js';
import { runQueueWaitMs } from './support/cpu-time.js';

const started: GatewayProcess[] = [];
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};
beforeAll(() => {
  // The bundle current, as after any earlier start: what is timed below is a start, not a build.
  execFileSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'ignore' });
});
afterAll(() => {
  killAll(started);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The JSON log lines on stdout. */
function jsonLines(out: string): Record<string, unknown>[] {
  return out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The JSON access-log lines on stdout (msg "request"). */
const requestLines = (out: string) => jsonLines(out).filter((l) => l.msg === 'request');

/** NODE_ENV as the "gateway listening" line reports it. */
const nodeEnvOf = (out: string) => jsonLines(out).find((l) => l.msg === 'gateway listening')?.nodeEnv;

/** The value of `cl_http_requests_total{route="<route>",…}` summed over statuses (0 when absent). */
function requestsCounted(metrics: string, route: string): number {
  let n = 0;
  for (const line of metrics.split('\n')) {
    if (!line.startsWith('cl_http_requests_total{') || !line.includes(`route="${route}"`)) continue;
    n += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return n;
}

/** Waits (10 s at most) for what a process writes asynchronously. */
async function until(ok: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 10_000; !ok() && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 50));
}

describe('npm start', () => {
  it('answers /healthz within 6 s of being run, time it spent waiting for a CPU not counted (0.8–1 s measured on the 2-core machine on a quiet day, 2.0–2.7 s on a slow one, 2 s beside benchmarks); the first real requests are the first logged and counted', async () => {
    const t0 = performance.now();
    // LOG_LEVEL info is the shipped default (spawnGateway's own default is warn).
    const g = spawnGateway({ DATA_DIR: tempDir('cl-start-'), LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
    started.push(g);
    const port = await g.listening;
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const wall = performance.now() - t0;
    // Less the time its main thread was ready to run while other processes had the cores: beside
    // two other test runs this start took 7.6 s and 11.9 s of wall time (2026-11-30), ~1.3 s of
    // them its own. Its own work and its own waits (a build, a timer, a file) still count in full.
    const waited = runQueueWaitMs(g.child.pid!);
    const ms = wall - waited;
    expect(
      ms,
      `npm start answered /healthz after ${Math.round(wall)} ms, ${Math.round(waited)} ms of them waiting for a CPU`,
    ).toBeLessThanOrEqual(6_000);

    await until(() => nodeEnvOf(g.stdout()) !== undefined);
    // npm start runs as production when NODE_ENV is unset (spawnGateway passes none): graphql-js's
    // production checks (scripts/start.mjs).
    expect(nodeEnvOf(g.stdout())).toBe('production');
    // No retired setting given: no line about them.
    expect(jsonLines(g.stdout()).filter((l) => String(l.msg).startsWith('retired settings'))).toEqual([]);

    // The /healthz above is the only request so far: counted once (its line written meanwhile).
    const before = await (await fetch(`${base}/metrics`)).text();
    expect(requestsCounted(before, '/healthz')).toBe(1);
    expect(requestsCounted(before, '/graphql')).toBe(0);
    const gql = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(gql.status).toBe(200);
    const after = await (await fetch(`${base}/metrics`)).text();
    expect(requestsCounted(after, '/healthz')).toBe(1);
    expect(requestsCounted(after, '/graphql')).toBe(1);
    await until(() => requestLines(g.stdout()).filter((l) => l.route !== '/metrics').length >= 2);
    expect(
      requestLines(g.stdout())
        .filter((l) => l.route !== '/metrics')
        .map((l) => l.route),
    ).toEqual(['/healthz', '/graphql']);
  });

  it('retired settings (WARM_UP, JOBS_CPU_PRESSURE_MAX, JOBS_CPU_PRESSURE_MAX_SERVING) are accepted, named in one warning line', async () => {
    const g = spawnGateway({
      DATA_DIR: tempDir('cl-start-retired-'),
      LOG_FORMAT: 'json',
      WARM_UP: '0',
      JOBS_CPU_PRESSURE_MAX: '20',
      JOBS_CPU_PRESSURE_MAX_SERVING: 'not a number',
    });
    started.push(g);
    const port = await g.listening;
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const retired = () => jsonLines(g.stdout()).filter((l) => String(l.msg).startsWith('retired settings'));
    await until(() => retired().length > 0);
    expect(retired()).toHaveLength(1);
    expect(retired()[0]).toMatchObject({
      level: 40,
      msg: 'retired settings ignored: WARM_UP, JOBS_CPU_PRESSURE_MAX, JOBS_CPU_PRESSURE_MAX_SERVING (they no longer do anything; remove them)',
    });
    expect(Object.keys(retired()[0].settings as object)).toEqual(['WARM_UP', 'JOBS_CPU_PRESSURE_MAX', 'JOBS_CPU_PRESSURE_MAX_SERVING']);
  });

  it('an explicit NODE_ENV is kept', async () => {
    const g = spawnGateway({ DATA_DIR: tempDir('cl-nodeenv-'), LOG_LEVEL: 'info', LOG_FORMAT: 'json', NODE_ENV: 'development' });
    started.push(g);
    await g.listening;
    await until(() => g.stdout().includes('gateway listening'));
    expect(nodeEnvOf(g.stdout())).toBe('development');
  });
});

describe('the bundle npm start runs (scripts/build.mjs bundleIsCurrent)', () => {
  type BundleIsCurrent = (outfile: string, inputs: { dirs: string[]; files: string[] }) => boolean;
  it('is rebuilt when missing or older than any source; not otherwise', async () => {
    const { bundleIsCurrent } = (await import(pathToFileURL(join(ROOT, 'scripts/build.mjs')).href)) as { bundleIsCurrent: BundleIsCurrent };
    const dir = tempDir('cl-bundle-');
    const src = join(dir, 'src');
    mkdirSync(join(src, 'deep'), { recursive: true });
    const at = (file: string, s: number) => utimesSync(file, s, s);
    const files = { a: join(src, 'a.ts'), b: join(src, 'deep', 'b.ts'), config: join(dir, 'tsconfig.json'), out: join(dir, 'server.js') };
    for (const f of Object.values(files)) writeFileSync(f, '');
    for (const f of [files.a, files.b, files.config]) at(f, 1_000);
    const inputs = { dirs: [src], files: [files.config] };
    expect(bundleIsCurrent(join(dir, 'missing.js'), inputs)).toBe(false);
    at(files.out, 2_000);
    expect(bundleIsCurrent(files.out, inputs)).toBe(true);
    at(files.b, 3_000); // a file in a subdirectory edited after the build
    expect(bundleIsCurrent(files.out, inputs)).toBe(false);
    at(files.out, 3_000);
    expect(bundleIsCurrent(files.out, inputs)).toBe(true);
    at(files.config, 4_000);
    expect(bundleIsCurrent(files.out, inputs)).toBe(false);
  });

  it('loads, before it listens, none of the libraries of the faces made once listening (GraphQL, MCP) nor the Redis client', () => {
    // The packages a start of dist/server.js reads: its static imports and those of the chunks it
    // statically imports, transitively (a dynamic import() is read when it runs: after listening).
    const loaded = new Set<string>();
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^import\s[^;]*?from\s*"([^"]+)";/gms)) {
        if (m[1].startsWith('./') || m[1].startsWith('../')) visit(join(dirname(file), m[1]));
        else loaded.add(m[1]);
      }
      for (const m of text.matchAll(/^import\s*"([^"]+)";/gm)) if (m[1].startsWith('.')) visit(join(dirname(file), m[1]));
    };
    visit(join(ROOT, 'dist/server.js'));
    // What is read at start: the store, the upstream client, the parsers.
    for (const p of ['better-sqlite3', 'undici', 'pino']) expect([...loaded], p).toContain(p);
    const lazy = [...loaded].filter((p) =>
      /^(graphql-yoga|@graphql-yoga\/|@pothos\/|graphql-jit|graphql-scalars|@modelcontextprotocol\/|@keyv\/redis|@redis\/|bullmq|ioredis)/.test(
        p,
      ),
    );
    expect(lazy).toEqual([]);
  });
});
