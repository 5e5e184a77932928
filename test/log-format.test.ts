/**
 * LOG_FORMAT: JSON lines by default (production), readable lines with LOG_FORMAT=pretty (the
 * default when stdout is a terminal), and an unknown value stops start-up with one line naming
 * it. The server process is run as `npm start` runs it (test/start-args.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseLogFormat } from '../src/config.js';
import { accessLogger, createLogger } from '../src/log.js';
import type { AccessEntry } from '../src/log.js';
import { ROOT, startArgs } from './start-args.js';

function capture(): { stream: Writable & { write: Writable['write'] }; text: () => string } {
  let out = '';
  const stream = new Writable({
    write(chunk, _enc, cb) {
      out += chunk.toString();
      cb();
    },
  });
  return { stream, text: () => out };
}

describe('LOG_FORMAT in the configuration', () => {
  it('unset: json, or pretty when stdout is a terminal; an explicit value wins either way', () => {
    expect(parseLogFormat(undefined, false)).toBe('json');
    expect(parseLogFormat('', true)).toBe('pretty');
    expect(parseLogFormat('json', true)).toBe('json');
    expect(parseLogFormat(' Pretty ', false)).toBe('pretty');
    expect(loadConfig({} as NodeJS.ProcessEnv, { stdoutIsTTY: false }).logFormat).toBe('json');
    expect(loadConfig({} as NodeJS.ProcessEnv, { stdoutIsTTY: true }).logFormat).toBe('pretty');
  });

  it('an unknown value is a ConfigError naming the variable and the accepted values', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'fancy' } as NodeJS.ProcessEnv)).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_FORMAT: 'fancy' } as NodeJS.ProcessEnv)).toThrow('LOG_FORMAT must be one of json, pretty, got "fancy"');
    // the other configuration errors are ConfigErrors too (one line at start-up)
    expect(() => loadConfig({ PORT: 'eighty' } as NodeJS.ProcessEnv)).toThrow(ConfigError);
  });
});

describe('createLogger formats', () => {
  it('json: one JSON object a line', () => {
    const c = capture();
    createLogger('info', c.stream).info({ route: '/v1/x', apiKey: 'cl_secret' }, 'request done');
    const line = JSON.parse(c.text().trim()) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 30, msg: 'request done', route: '/v1/x', apiKey: '[redacted]' });
  });

  it('pretty: readable lines (time, level, message, fields), not JSON, keys redacted the same way', () => {
    const c = capture();
    const log = createLogger('debug', c.stream, 'pretty');
    log.info({ route: '/v1/x', apiKey: 'cl_secret' }, 'request done');
    log.warn('upstream slow');
    const text = c.text();
    expect(text).not.toContain('cl_secret');
    const lines = text.split('\n').filter((l) => /^\[\d\d:\d\d:\d\d\.\d{3}\]/.test(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request done$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: upstream slow$/);
    for (const l of text.split('\n').filter(Boolean)) expect(() => JSON.parse(l)).toThrow();
    // the fields follow the message line, one a line
    expect(text).toContain('route: "/v1/x"');
    expect(text).toContain('apiKey: "[redacted]"');
    // no colour codes into something that is not a terminal
    expect(text).not.toContain('\u001b[');
  });
});

describe('stdout (the default destination)', () => {
  const LOG = JSON.stringify(join(ROOT, 'src/log.ts'));

  /**
   * Runs `script` (lines of an ES module) in a node process whose stdout is a file (as a process
   * manager keeps it; its path in env OUT); returns its exit status, its stderr and the file.
   */
  function runWithStdoutInFile(script: string[], env: Record<string, string> = {}) {
    const dir = mkdtempSync(join(tmpdir(), 'cl-logout-'));
    try {
      const out = join(dir, 'out.log');
      const fd = openSync(out, 'w');
      const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script.join('\n')], {
        cwd: ROOT,
        env: { ...process.env, ...env, OUT: out },
        stdio: ['ignore', fd, 'pipe'],
        encoding: 'utf8',
      });
      closeSync(fd);
      return { status: r.status, stderr: r.stderr, stdout: readFileSync(out, 'utf8') };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('every line reaches stdout in order, a line logged just before process.exit too', () => {
    // Lines logged across turns, the last ones right before process.exit (held in the
    // destination's block until the exit writes them).
    const r = runWithStdoutInFile([
      `import { createLogger } from ${LOG};`,
      `const log = createLogger('info');`,
      `for (let i = 0; i < 2000; i++) log.info({ i }, 'in one turn');`,
      `setImmediate(() => {`,
      `  log.warn('a warning');`,
      `  log.info('just before exit');`,
      `  process.exit(3);`,
      `});`,
    ]);
    expect(r.status, r.stderr).toBe(3);
    const lines = r.stdout.trim().split('\n');
    const parsed = lines.map((l) => JSON.parse(l) as { msg: string; i?: number });
    expect(parsed).toHaveLength(2002);
    expect(parsed.slice(0, 2000).map((l) => l.i)).toEqual(Array.from({ length: 2000 }, (_, i) => i));
    expect(parsed.slice(2000).map((l) => l.msg)).toEqual(['a warning', 'just before exit']);
  }, 60_000);

  it('a line whose write would wait on a busy thread pool is written, in order, before process.exit returns', () => {
    // What a loaded machine did once at random: node's thread pool (fs, dns.lookup, crypto, zlib)
    // busy when a line is logged. Here its only thread is kept busy by a long key derivation
    // started first, so a write handed to the pool would still be queued when the process exits
    // (and land after the lines written at exit, or never); every line must be out, in order.
    const r = runWithStdoutInFile(
      [
        `import { pbkdf2 } from 'node:crypto';`,
        `import { createLogger } from ${LOG};`,
        `pbkdf2('secret', 'salt', 300000, 64, 'sha512', () => {});`,
        `const log = createLogger('info');`,
        `for (let i = 0; i < 5; i++) log.info({ i }, 'while the pool is busy');`,
        `setImmediate(() => { log.info('just before exit'); process.exit(3); });`,
      ],
      { UV_THREADPOOL_SIZE: '1' },
    );
    expect(r.status, r.stderr).toBe(3);
    const parsed = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string; i?: number });
    expect(parsed.map((l) => l.i ?? l.msg)).toEqual([0, 1, 2, 3, 4, 'just before exit']);
  }, 60_000);

  it('a line of a process that keeps running is on stdout within LOG_FLUSH_MS, not held for the next block', () => {
    // Lines are written in blocks (LOG_BLOCK_BYTES); one line alone must not wait for more.
    const r = runWithStdoutInFile([
      `import { readFileSync } from 'node:fs';`,
      `import { createLogger, LOG_FLUSH_MS } from ${LOG};`,
      `const log = createLogger('info');`,
      `log.info('one line, then nothing');`,
      `setTimeout(() => {`,
      `  process.stderr.write(JSON.stringify(readFileSync(process.env.OUT, 'utf8')));`,
      `  process.exit(0);`,
      `}, LOG_FLUSH_MS * 4);`,
    ]);
    expect(r.status, r.stderr).toBe(0);
    const seenBeforeExit = JSON.parse(r.stderr) as string;
    expect(seenBeforeExit).toContain('"msg":"one line, then nothing"');
  }, 60_000);
});

describe('the server process', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cl-logfmt-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Runs the server; with `until`, stops it (SIGTERM) once stdout matches every pattern. */
  function run(env: Record<string, string>, until?: RegExp[]) {
    const child = spawn(process.execPath, startArgs(), {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        UPSTREAM_REPLAY_URL: 'http://127.0.0.1:9',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => {
      stdout += d;
      if (until?.every((re) => re.test(stdout))) child.kill('SIGTERM');
    });
    child.stderr!.on('data', (d) => (stderr += d));
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((r) =>
      child.once('close', (code) => r({ code, stdout, stderr })),
    );
  }

  it('an unknown LOG_FORMAT: exit 1 with one line on stderr, nothing on stdout', async () => {
    const r = await run({ LOG_FORMAT: 'fancy' });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('Creator Lookup cannot start: LOG_FORMAT must be one of json, pretty, got "fancy"\n');
    expect(r.stdout).toBe('');
  }, 60_000);

  it('LOG_FORMAT=pretty: the start-up log lines are readable, not JSON', async () => {
    // Both lines, in either order: the banner (process.stdout) and pino's line (its own fd write)
    // may reach the pipe in either order.
    const r = await run({ LOG_FORMAT: 'pretty' }, [/gateway listening/, /listening on http/]);
    expect(r.stdout).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: gateway listening$/m);
    expect(r.stdout).not.toMatch(/^\{"level"/m);
  }, 60_000);

  it('by default (stdout not a terminal): JSON lines, as before', async () => {
    const r = await run({}, [/gateway listening/, /listening on http/]);
    const logLine = r.stdout.split('\n').find((l) => l.includes('gateway listening'))!;
    expect(JSON.parse(logLine)).toMatchObject({ level: 30, msg: 'gateway listening' });
  }, 60_000);
});

describe('access-log lines (accessLogger)', () => {
  const entries: AccessEntry[] = [
    { req_id: 'a1b2c3-4f', method: 'GET', route: '/v1/code/repository', status: 200, ms: 1.25, key_id: 'key_0123abcd' },
    { req_id: 'client "id" \\ with\tcontrols', method: 'POST', route: '/graphql', status: 401, ms: 0.07, key_id: undefined },
    { req_id: 'ид-日本-🎉', method: undefined, route: 'unmatched', status: 499, ms: 12, key_id: 'key_x' },
  ];

  it('one JSON line per request: level 30, time, pid, hostname, the entry’s fields in order (absent ones left out), msg "request"', () => {
    for (const e of entries) {
      const c = capture();
      accessLogger(createLogger('info', c.stream))(e);
      const text = c.text();
      expect(text.endsWith('\n')).toBe(true);
      expect(text.trimEnd().split('\n')).toHaveLength(1);
      const line = JSON.parse(text) as Record<string, unknown>;
      const fields = (['req_id', 'method', 'route', 'status', 'ms', 'key_id'] as const).filter((k) => e[k] !== undefined);
      expect(Object.keys(line)).toEqual(['level', 'time', 'pid', 'hostname', ...fields, 'msg']);
      expect(line).toMatchObject({ level: 30, pid: process.pid, msg: 'request', ...Object.fromEntries(fields.map((k) => [k, e[k]])) });
      expect(typeof line.time).toBe('number');
    }
  });

  it('keep a child logger’s bindings, and write nothing above level info', () => {
    const c = capture();
    const parent = createLogger('info', c.stream);
    accessLogger(parent.child({ instance: 'a' }))(entries[0]);
    expect(JSON.parse(c.text()) as object).toMatchObject({ instance: 'a', msg: 'request', req_id: 'a1b2c3-4f' });
    const quiet = capture();
    accessLogger(createLogger('warn', quiet.stream))(entries[0]);
    expect(quiet.text()).toBe('');
  });
});
