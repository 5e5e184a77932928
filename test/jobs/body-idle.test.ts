/**
 * A request body from which nothing arrives for BODY_IDLE_MS is answered 408 REQUEST_TIMEOUT
 * (JSON, 0 credits, connection closed) within about that time, instead of holding its job body
 * place (JOBS_BODIES_PER_KEY, JOBS_BODIES_AT_ONCE) until node's requestTimeout (300 s). A job
 * upload whose bytes keep coming is read to its end if, past its first BODY_IDLE_MS, they have come
 * at 16 KiB/s or more on average (else 408: a trickle would hold the place). Every body the gateway reads has
 * the same rule (src/http/edges.ts: bodyChunks for streamed bodies, readBody for small ones): job
 * create, estimate, monitors, GraphQL POST, MCP POST.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { anyRepo, call, openPost } from './helpers.js';

// Long enough that a loaded machine's pauses (GC, descheduling) do not look like a stall to the
// steady upload below, whose bytes come every fifth of it.
const IDLE_MS = 1000;
let h: Harness;
const logs = captureLogs();
beforeAll(async () => {
  h = await startHarness({
    routes: [anyRepo()],
    logger: logs.logger,
    env: { BODY_IDLE_MS: String(IDLE_MS), JOBS_BODIES_AT_ONCE: '2', JOBS_BODIES_PER_KEY: '1' },
  });
});
afterAll(async () => {
  await h?.close();
});

const line = (n: number) => JSON.stringify({ url: `https://github.com/octo/repo-${n}` }) + '\n';

interface Answer {
  status: number;
  body: any;
  connection: string | undefined;
  ms: number;
}

/**
 * A POST whose headers go out (with `headers`), then `first` (if any), then nothing: the request
 * is left open until the answer comes (then destroyed).
 */
function stalled(path: string, headers: Record<string, string>, first?: string): Promise<Answer> {
  const started = Date.now();
  const { req, answer } = openPost(h.url + path, headers);
  req.flushHeaders();
  if (first) req.write(first);
  return answer
    .then(({ res, text }) => {
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.statusCode!, body, connection: res.headers.connection, ms: Date.now() - started };
    })
    .finally(() => req.destroy());
}

function expectTimedOut(r: Answer): void {
  expect(r.status).toBe(408);
  expect(r.body).toMatchObject({ success: false, error: { code: 'REQUEST_TIMEOUT', message: expect.stringContaining('BODY_IDLE_MS') } });
  expect(r.connection).toBe('close');
  // Within about the idle time, not node's 300 s (generous for a loaded machine).
  expect(r.ms).toBeLessThan(IDLE_MS + 5_000);
}

describe('a job upload that stalls', () => {
  it.each([
    ['a declared length, a first chunk, then nothing', true, line(1)],
    ['a declared length and no byte of the body', true, undefined],
    ['chunked, a first chunk, then nothing', false, line(1)],
  ])('%s: 408 REQUEST_TIMEOUT, 0 credits, and the key uploads again at once', async (_name, declared, first) => {
    const { key, id } = await h.key(100);
    const r = await stalled(
      '/v1/jobs?operation=/v1/code/repository',
      {
        'x-api-key': key,
        'content-type': 'application/x-ndjson',
        ...(declared ? { 'content-length': String(100 * 1024) } : { 'transfer-encoding': 'chunked' }),
      },
      first,
    );
    expectTimedOut(r);
    expect(await h.balance(id)).toBe(100);
    // Its body place (JOBS_BODIES_PER_KEY = 1) was given back: the next upload of the key is read.
    const next = await call(h, 'POST', '/v1/jobs?operation=/v1/code/repository', { key, raw: line(2), type: 'application/x-ndjson' });
    expect(next.status).toBe(202);
  });

  it('two stalled uploads (JOBS_BODIES_AT_ONCE = 2) hold back other keys only until they time out', async () => {
    const [a, b, c] = [await h.key(10), await h.key(10), await h.key(10)];
    const headers = (key: string) => ({ 'x-api-key': key, 'content-type': 'application/x-ndjson', 'transfer-encoding': 'chunked' });
    const path = '/v1/jobs/estimate?operation=/v1/code/repository';
    const both = Promise.all([stalled(path, headers(a.key), line(1)), stalled(path, headers(b.key), line(1))]);
    const answers = await both;
    for (const r of answers) expectTimedOut(r);
    const next = await call(h, 'POST', path, { key: c.key, raw: line(3), type: 'application/x-ndjson' });
    expect(next.status).toBe(200);
  });

  /** An NDJSON upload of `lines` lines, one every fifth of BODY_IDLE_MS, each followed by `pad` blank lines. */
  async function steadyUpload(lines: number, pad: number): Promise<{ status: number; body: any }> {
    const { key } = await h.key(100);
    const { req, answer } = openPost(`${h.url}/v1/jobs?operation=/v1/code/repository`, {
      'x-api-key': key,
      'content-type': 'application/x-ndjson',
      'transfer-encoding': 'chunked',
    });
    let sent = 0;
    const tick = () => {
      sent++;
      const chunk = line(sent) + '\n'.repeat(pad);
      if (sent === lines) return void req.end(chunk);
      if (!req.write(chunk) && req.destroyed) return;
      setTimeout(tick, IDLE_MS / 5);
    };
    tick();
    return answer.then(({ res, text }) => ({ status: res.statusCode!, body: JSON.parse(text) }));
  }

  it('a slow but steady upload (a chunk every fifth of BODY_IDLE_MS, more than twice as long in all) at 16 KiB/s or more is read to its end', async () => {
    // 4 KiB every 200 ms: 20 KiB/s.
    const r = await steadyUpload(12, 4096);
    expect(r.status).toBe(202);
    expect(r.body.job).toMatchObject({ items: 12 });
  });

  it('the same upload at under 16 KiB/s on average, past its first BODY_IDLE_MS: 408, though no gap reaches BODY_IDLE_MS (two keys trickling held both body places for 300 s)', async () => {
    const r = await steadyUpload(12, 0);
    expect(r.status).toBe(408);
    expect(r.body.error).toMatchObject({ code: 'REQUEST_TIMEOUT', message: expect.stringContaining('slower than 16 KiB/s') });
  });
});

describe('the other bodies the gateway reads', () => {
  it('POST /v1/monitors that stalls: 408 REQUEST_TIMEOUT', async () => {
    const { key } = await h.key(10);
    const r = await stalled('/v1/monitors', { 'x-api-key': key, 'content-type': 'application/json', 'content-length': '500' }, '{"op');
    expectTimedOut(r);
  });

  it('POST /graphql that stalls: 408 REQUEST_TIMEOUT', async () => {
    const { key } = await h.key(10);
    const r = await stalled('/graphql', { 'x-api-key': key, 'content-type': 'application/json', 'content-length': '500' }, '{"qu');
    expect(r.status).toBe(408);
    expect(r.body).toMatchObject({ errors: [{ extensions: { code: 'REQUEST_TIMEOUT' } }] });
    expect(r.connection).toBe('close');
  });

  it('POST /mcp that stalls: 408 REQUEST_TIMEOUT', async () => {
    const { key } = await h.key(10);
    const r = await stalled(
      '/mcp',
      { 'x-api-key': key, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': '500' },
      '{"js',
    );
    expectTimedOut(r);
  });
});

// Last in the file (a file's tests run in order): after every case above.
it('none of these is logged as a bug: a read left pending when its connection closes settles quietly', async () => {
  await new Promise((r) => setTimeout(r, 200));
  expect(logs.lines().some((l) => l.msg === 'request' && l.status === 408)).toBe(true);
  expect(logs.lines().filter((l) => (l.level as number) >= 50)).toEqual([]);
});
