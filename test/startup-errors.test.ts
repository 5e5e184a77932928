/**
 * A start that cannot succeed says why in one line on stderr, naming the setting or resource to
 * fix, with no stack trace, and exits non-zero. Run on the built bundle (dist/server.js, what
 * `npm start` runs) and once through `npm start`'s own command.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAll, spawnGateway } from './gateway-process.js';
import type { GatewayProcess } from './gateway-process.js';
import { TEST_SECRETS_KEY } from './redis/redis-server.js';
import { ROOT, startArgs } from './start-args.js';

const work = mkdtempSync(join(tmpdir(), 'cl-startup-'));
const gateways: GatewayProcess[] = [];
let taken: Server;
let takenPort: number;

const listenOn = (port: number) =>
  new Promise<Server>((resolveP, reject) => {
    const s = createServer().once('error', reject);
    s.listen(port, '127.0.0.1', () => resolveP(s));
  });

/**
 * A port nothing listens on: taken, then given back — just before it is used. Taken once for the
 * whole file, it was free for seconds while other files started servers on ports the system chose,
 * and once a Redis of test/redis/ had it (WRONGPASS, not ECONNREFUSED; three workers, 2026-12-01).
 */
async function closedPort(): Promise<number> {
  const s = await listenOn(0);
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

beforeAll(async () => {
  execFileSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'ignore' });
  taken = await listenOn(0);
  takenPort = (taken.address() as AddressInfo).port;
  writeFileSync(join(work, 'not-a-cert.pem'), 'just text\n');
  writeFileSync(join(work, 'a-file'), 'a file where a directory should be\n');
});
afterAll(async () => {
  killAll(gateways);
  await new Promise((r) => taken.close(r));
  rmSync(work, { recursive: true, force: true });
});

let n = 0;
/** Runs a start that must fail; returns its exit and output. */
async function failedStart(env: Record<string, string>, args = ['--max-old-space-size=512', join(ROOT, 'dist/server.js')]) {
  const g = spawnGateway({ DATA_DIR: join(work, `data-${++n}`), ...env }, args);
  gateways.push(g);
  const exit = await Promise.race([g.exited, g.listening.then(() => 'listening' as const)]);
  return { exit, stderr: g.stderr(), stdout: g.stdout() };
}

function expectOneLine(r: Awaited<ReturnType<typeof failedStart>>, names: RegExp) {
  expect(r.exit).toEqual({ code: 1, signal: null });
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^Creator Lookup cannot start: /);
  expect(lines[0]).toMatch(names);
  expect(r.stderr).not.toMatch(/^\s+at /m);
}

// Concurrent: each case is its own process (vitest runs at most 5 at a time).
describe.concurrent('start-up failures: one line naming the setting, exit 1', { timeout: 60_000 }, () => {
  it.each([
    ['PORT', { PORT: 'eighty' }, /^Creator Lookup cannot start: PORT must be an integer/],
    ['PORT out of range', { PORT: '70000' }, /PORT must be an integer from 0 to 65535/],
    ['a timeout of 0', { UPSTREAM_TOTAL_TIMEOUT_MS: '0' }, /UPSTREAM_TOTAL_TIMEOUT_MS must be an integer ≥ 1, got "0"/],
    ['a rate that is no number', { RATE_LIMIT_RPS: 'fast' }, /RATE_LIMIT_RPS must be a number/],
    ['UPSTREAM_REPLAY_URL', { UPSTREAM_REPLAY_URL: 'not a url' }, /UPSTREAM_REPLAY_URL is not a valid URL/],
    [
      'a missing UPSTREAM_CA_FILE',
      { UPSTREAM_CA_FILE: '/nonexistent/ca.pem' },
      /UPSTREAM_CA_FILE: cannot read \/nonexistent\/ca.pem \(ENOENT\)/,
    ],
    [
      'an UPSTREAM_CA_FILE without certificates',
      { UPSTREAM_CA_FILE: join(work, 'not-a-cert.pem') },
      /UPSTREAM_CA_FILE: .*not-a-cert.pem holds no PEM certificate/,
    ],
    // Read where media are downloaded, and checked at start (a 500 INTERNAL on each download_media request before).
    ['MEDIA_MAX_BYTES', { MEDIA_MAX_BYTES: 'abc' }, /MEDIA_MAX_BYTES must be a positive integer, got "abc"/],
    ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: 'not a url' }, /PUBLIC_BASE_URL must be an absolute http\(s\) URL/],
    // JSON.parse's own message named no setting.
    ['GRAPHIQL_DEFAULTS', { GRAPHIQL_DEFAULTS: 'nope' }, /GRAPHIQL_DEFAULTS must be a JSON object/],
    // Checked against the routes once the app is built (docs/running.md: "stops the gateway with a message"); a stack trace before.
    [
      'a CANARIES target of another platform',
      { CANARIES: 'code=/v1/social-b/profile?handle=nasa' },
      /CANARIES: \/v1\/social-b\/profile\?handle=nasa is not a route of code/,
    ],
    ['a CANARIES platform that does not exist', { CANARIES: 'nowhere=https://example.com/' }, /CANARIES: unknown platform "nowhere"/],
    [
      'a CANARIES target its operation refuses',
      { CANARIES: 'websearch=/v1/websearch/search?query=x&page=99' },
      /CANARIES: websearch=\/v1\/websearch\/search\?query=x&page=99: page must be at most 11/,
    ],
  ])('%s', async (_, env, names) => {
    expectOneLine(await failedStart(env), names);
  });

  it.each([
    // node-redis alone says `TypeError: Invalid pathname`, naming no setting.
    ['a database that is no number', 'redis://localhost:6379/abc', /REDIS_URL: the path must be a database number/],
    ['not a URL', 'redis://user:s3cret@[::1', /REDIS_URL is not a valid URL/],
    ['another scheme', 'http://user:s3cret@localhost:6379', /REDIS_URL must be redis:\/\/ or rediss:\/\//],
    ['no host', 'redis://', /REDIS_URL names no host/],
  ])('a malformed REDIS_URL: %s', async (_, url, names) => {
    const r = await failedStart({ REDIS_URL: url });
    expectOneLine(r, names);
    expect(r.stderr + r.stdout).not.toContain('s3cret');
  });

  it('Redis unreachable at start: REDIS_URL and its host, not its password', async () => {
    const port = await closedPort();
    const r = await failedStart({ REDIS_URL: `redis://user:s3cret@127.0.0.1:${port}/2`, SECRETS_KEY: TEST_SECRETS_KEY });
    expectOneLine(r, new RegExp(`REDIS_URL: Redis at redis://127\\.0\\.0\\.1:${port}/2 is unreachable \\(ECONNREFUSED\\)`));
    expect(r.stderr + r.stdout).not.toContain('s3cret');
  });

  it('Redis that takes connections and answers nothing (frozen) at start: the same error within seconds, not when it wakes', async () => {
    const silent = createServer((socket) => socket.on('error', () => undefined));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as AddressInfo;
    try {
      const started = Date.now();
      const r = await failedStart({ REDIS_URL: `redis://127.0.0.1:${port}`, SECRETS_KEY: TEST_SECRETS_KEY });
      expectOneLine(r, new RegExp(`REDIS_URL: Redis at redis://127\\.0\\.0\\.1:${port} is unreachable`));
      // ~3 s to connect, 1.5 s for its ping, and at most 2 s to close what was opened (it waited on
      // the frozen Redis for as long as it stayed frozen: an outside sweep).
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      silent.close();
    }
  }, 30_000);

  it('REDIS_URL without SECRETS_KEY (every instance must seal webhook secrets with the same key), or a SECRETS_KEY that is no key', async () => {
    expectOneLine(
      await failedStart({ REDIS_URL: 'redis://user:s3cret@127.0.0.1:6379' }),
      /^Creator Lookup cannot start: SECRETS_KEY is required with REDIS_URL/,
    );
    const r = await failedStart({ SECRETS_KEY: 'hunter2-hunter2' });
    expectOneLine(r, /SECRETS_KEY must be 32 bytes as 64 hex digits or base64 .*, got 15 characters$/);
    expect(r.stderr).not.toContain('hunter2');
  });

  it('DATA_DIR whose secret.key holds no key: named, not replaced', async () => {
    const dir = join(work, 'bad-key');
    mkdirSync(dir);
    writeFileSync(join(dir, 'secret.key'), 'not a key\n');
    expectOneLine(await failedStart({ DATA_DIR: dir }), new RegExp(`${dir}/secret\\.key must be 32 bytes`));
    expect(readFileSync(join(dir, 'secret.key'), 'utf8')).toBe('not a key\n');
  });

  it('DATA_DIR that cannot be a directory', async () => {
    const dir = join(work, 'a-file', 'data');
    expectOneLine(await failedStart({ DATA_DIR: dir }), new RegExp(`DATA_DIR ${dir} cannot be created \\(ENOTDIR\\)`));
  });

  it('DATA_DIR whose store is not a database', async () => {
    const dir = join(work, 'corrupt');
    mkdirSync(dir);
    writeFileSync(join(dir, 'gateway.db'), 'not a database '.repeat(100));
    expectOneLine(await failedStart({ DATA_DIR: dir }), new RegExp(`DATA_DIR ${dir}: cannot open its store \\(SQLITE_NOTADB`));
  });

  it('port in use, through `npm start` itself: names PORT, HOST and the address', async () => {
    const r = await failedStart({ PORT: String(takenPort) }, startArgs());
    expectOneLine(
      r,
      new RegExp(
        `PORT ${takenPort} is already in use on HOST 127\\.0\\.0\\.1 \\(another process listens on 127\\.0\\.0\\.1:${takenPort}\\)`,
      ),
    );
  });

  it('a setting error changes nothing: DATA_DIR is not even created', async () => {
    const dir = join(work, 'untouched');
    expectOneLine(await failedStart({ DATA_DIR: dir, PORT: '-1' }), /PORT/);
    expect(existsSync(dir)).toBe(false);
  });
});
