/**
 * A job request body over JOBS_MAX_BODY_MB is answered 413 PAYLOAD_TOO_LARGE (JSON, 0 credits) —
 * whether its size was declared (content-length) or only found while reading (chunked NDJSON) —
 * and the rest of it is never read: the connection closes after the answer.
 *
 * The cheap checks come before the body: a key at its job limit (429) or over its quota (413) is
 * answered from the headers while its body is still on the way, and at most JOBS_BODIES_PER_KEY
 * bodies of a key are read at once (429 with Retry-After beyond).
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { captureLogs, startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { call, heldRepos, openPost, repoUrl, waitFinal, waitFor } from './helpers.js';

const held = heldRepos('limit');
let h: Harness;
const logs = captureLogs();
beforeAll(async () => {
  h = await startHarness({ routes: [held.route], logger: logs.logger, env: { JOBS_MAX_BODY_MB: '1', JOBS_MAX_RUNNING_PER_KEY: '1' } });
});
afterAll(async () => {
  held.releaseAll({ free: true });
  await h?.close();
});

const line = JSON.stringify({ url: 'https://github.com/octo/some-repository-name' }) + '\n';

function send(key: string, chunked: boolean): Promise<{ status: number; body: string; connection: string | undefined }> {
  const total = 3 * 1024 * 1024;
  const body = Buffer.from(line.repeat(Math.ceil(total / line.length)));
  return new Promise((resolve, reject) => {
    const u = new URL(`${h.url}/v1/jobs?operation=/v1/code/repository`);
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: 'POST',
        headers: {
          'x-api-key': key,
          'content-type': 'application/x-ndjson',
          ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: text, connection: res.headers.connection }));
        res.on('error', reject);
      },
    );
    // The server may stop reading and close once it has answered: a write error then is expected.
    req.on('error', (e) => reject(e));
    let off = 0;
    const pump = () => {
      while (off < body.length) {
        const chunk = body.subarray(off, off + 64 * 1024);
        off += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe('job request bodies over JOBS_MAX_BODY_MB', () => {
  it.each([
    ['declared by content-length', false],
    ['found while reading a chunked upload', true],
  ])('%s: 413 PAYLOAD_TOO_LARGE as JSON, nothing charged, connection closed', async (_name, chunked) => {
    const { key } = await h.key(100);
    const r = await send(key, chunked);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body)).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(r.connection).toBe('close');
    expect((await h.rest('/v1/account', { key })).body).toMatchObject({ credits_remaining: 100 });
  });
});

/** An upload whose first chunk is sent and whose end is not: the answer must come before it. */
function openUpload(key: string): { req: ClientRequest; response: Promise<{ res: IncomingMessage; body: string }> } {
  const { req, answer } = openPost(`${h.url}/v1/jobs?operation=/v1/code/repository`, {
    'x-api-key': key,
    'content-type': 'application/x-ndjson',
    'transfer-encoding': 'chunked',
  });
  req.write(line.repeat(10));
  return { req, response: answer.then(({ res, text }) => ({ res, body: text })) };
}

describe('checks before the body is read', () => {
  it('a key at its job limit is refused 429 while its upload is still on the way; nothing charged', async () => {
    const { key } = await h.key(10);
    const first = await call(h, 'POST', '/v1/jobs', {
      key,
      body: { operation: '/v1/code/repository', items: [{ url: repoUrl('limit', 'a') }] },
    });
    expect(first.status).toBe(202);
    await waitFor(() => held.waiting() === 1);
    const upload = openUpload(key);
    const { res, body } = await upload.response;
    expect(res.statusCode).toBe(429);
    expect(JSON.parse(body)).toMatchObject({
      error: { code: 'RATE_LIMITED', message: expect.stringContaining('JOBS_MAX_RUNNING_PER_KEY') },
    });
    upload.req.destroy();
    held.releaseAll();
    // The job's one item charged; the refused upload nothing.
    expect(await waitFinal(h, key, first.body.job.id)).toMatchObject({ status: 'completed', credits_charged: 1 });
    expect((await h.rest('/v1/account', { key })).body).toMatchObject({ credits_remaining: 9 });
  });

  it('a second body of the same key while one is being read: 429 with Retry-After; the first goes on, and later ones are read again', async () => {
    const { key } = await h.key(10);
    const first = openUpload(key);
    // The first is being read (its slot taken) once its first lines have arrived.
    await new Promise((r) => setTimeout(r, 200));
    const second = await call(h, 'POST', '/v1/jobs/estimate', {
      key,
      body: { operation: '/v1/code/repository', items: [{ url: repoUrl('limit', 'b') }] },
    });
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(second.body).toMatchObject({ error: { code: 'RATE_LIMITED', message: expect.stringContaining('JOBS_BODIES_PER_KEY') } });
    first.req.end(line);
    const done = await first.response;
    expect(done.res.statusCode).toBe(202);
    const third = await call(h, 'POST', '/v1/jobs/estimate', {
      key,
      body: { operation: '/v1/code/repository', items: [{ url: repoUrl('limit', 'c') }] },
    });
    expect(third.status).toBe(200);
  });

  it('a client that leaves mid-upload: its place is given back, and the abort is not logged as a bug', async () => {
    const { key } = await h.key(10);
    const logged = logs.lines().length;
    const gone = openUpload(key);
    gone.response.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));
    gone.req.destroy();
    await waitFor(async () =>
      logs
        .lines()
        .slice(logged)
        .some((l) => l.msg === 'request' && l.route === '/v1/jobs'),
    );
    const next = await call(h, 'POST', '/v1/jobs/estimate', {
      key,
      body: { operation: '/v1/code/repository', items: [{ url: repoUrl('limit', 'd') }] },
    });
    expect(next.status).toBe(200);
    const lines = logs.lines().slice(logged);
    expect(lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
  });
});
