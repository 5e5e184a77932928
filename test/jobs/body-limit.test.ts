/**
 * A job request body over JOBS_MAX_BODY_MB is answered 413 PAYLOAD_TOO_LARGE (JSON, 0 credits) —
 * whether its size was declared (content-length) or only found while reading (chunked NDJSON) —
 * and the rest of it is never read: the connection closes after the answer.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { JOBS_MAX_BODY_MB: '1' } });
});
afterAll(async () => {
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
