/**
 * Job bodies are read in a few places (JOBS_BODIES_AT_ONCE, one a key: JOBS_BODIES_PER_KEY). Two
 * keys sending their uploads slowly — above the minimum rate, so neither stalls — held both places
 * for as long as their bodies lasted (an outside sweep: 20 KB/s, 32 MiB ≈ half an hour), and every
 * other key's job was refused 429 meanwhile. Now a body still arriving after JOBS_BODY_HOLD_MS
 * gives its place up to another key's body that finds every place taken: the longest-held one is
 * answered 408 REQUEST_TIMEOUT (0 credits, no job, connection closed) and the newcomer is read at
 * once. Look-alikes kept: before JOBS_BODY_HOLD_MS the newcomer is refused 429 as before; a slow
 * body nobody asks the place of reads on to its job; a key never takes its own body's place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { anyRepo, call, openPost, waitFinal } from './helpers.js';

const HOLD_MS = 1_500;
const OP = '/v1/code/repository';
let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    routes: [anyRepo()],
    env: { JOBS_BODIES_AT_ONCE: '2', JOBS_BODIES_PER_KEY: '1', JOBS_BODY_HOLD_MS: String(HOLD_MS), BODY_IDLE_MS: '10000' },
  });
});
afterAll(async () => {
  await h?.close();
});

const line = (owner: string, n: number) => JSON.stringify({ url: `https://github.com/${owner}/r${n}` }) + '\n';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An NDJSON upload sent a line every 100 ms until `finish` (then ended); its answer. */
function trickle(key: string, owner: string) {
  const { req, answer } = openPost(`${h.url}/v1/jobs?operation=${OP}`, {
    'x-api-key': key,
    'content-type': 'application/x-ndjson',
    'transfer-encoding': 'chunked',
  });
  let n = 0;
  req.write(line(owner, n++));
  const drip = setInterval(() => req.writable && req.write(line(owner, n++)), 100);
  const result = answer
    .then(({ res, text }) => ({ status: res.statusCode!, body: JSON.parse(text), connection: res.headers.connection }))
    .finally(() => {
      clearInterval(drip);
      req.destroy();
    });
  return {
    result,
    finish() {
      clearInterval(drip);
      req.end();
    },
  };
}

const smallJob = (key: string, owner: string) =>
  call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: [{ url: `https://github.com/${owner}/r0` }] } });

async function jobsOf(key: string): Promise<unknown[]> {
  return (await call(h, 'GET', '/v1/jobs', { key })).body.jobs;
}

describe('two keys trickling job uploads hold both body places', () => {
  it('past JOBS_BODY_HOLD_MS a third key takes the longest-held place (408 for it, 0 credits); before, 429 as ever', async () => {
    const [a, b, c] = [await h.key(100), await h.key(100), await h.key(100)];
    const first = trickle(a.key, 'first');
    await sleep(200);
    const second = trickle(b.key, 'second');
    await sleep(300);
    // Both places taken, neither held long: refused, as before.
    const early = await smallJob(c.key, 'third');
    expect(early.status).toBe(429);
    expect(early.body.error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('JOBS_BODIES_AT_ONCE') });
    await sleep(HOLD_MS);
    // The first upload has held its place past the limit: the third key's job is read and created.
    const third = await smallJob(c.key, 'third');
    expect(third.status, JSON.stringify(third.body)).toBe(202);
    const cut = await first.result;
    expect(cut.status).toBe(408);
    expect(cut.body).toMatchObject({
      success: false,
      error: { code: 'REQUEST_TIMEOUT', message: expect.stringContaining('JOBS_BODY_HOLD_MS') },
    });
    expect(cut.connection).toBe('close');
    expect(await jobsOf(a.key)).toEqual([]);
    expect(await h.balance(a.id)).toBe(100);
    // Nobody asks for the second upload's place: it reads on to its job, however long it took.
    await sleep(300);
    second.finish();
    const done = await second.result;
    expect(done.status, JSON.stringify(done.body)).toBe(202);
    expect(done.body.job.items).toBeGreaterThan(15);
    await waitFinal(h, b.key, done.body.job.id);
    await waitFinal(h, c.key, third.body.job.id);
  });

  it('a key does not take its own body’s place; a key finding a free place cuts nothing', async () => {
    const [a, b] = [await h.key(100), await h.key(100)];
    const slow = trickle(a.key, 'own');
    await sleep(HOLD_MS + 300);
    // The same key: its one place (JOBS_BODIES_PER_KEY) is its slow body's, however long held.
    const own = await smallJob(a.key, 'own2');
    expect(own.status).toBe(429);
    expect(own.body.error.message).toContain('JOBS_BODIES_PER_KEY');
    // Another key finds a free place (one of two): nothing is cut.
    const other = await smallJob(b.key, 'other');
    expect(other.status).toBe(202);
    slow.finish();
    const done = await slow.result;
    expect(done.status).toBe(202);
    await waitFinal(h, a.key, done.body.job.id);
    await waitFinal(h, b.key, other.body.job.id);
  });
});
