/**
 * A job's idempotency key given again names the same job only with the same webhook URL — the
 * same as a URL, not as a string: `HTTPS://Hooks.Example:443/jobs` is `https://hooks.example/jobs`
 * (WHATWG URL parsing: scheme and host case, the scheme's default port, dot segments). It was
 * compared as sent, so a client retrying with its URL spelt another way got a 400 instead of its
 * job. URLs that differ as URLs (path case, another scheme or port, a trailing slash) still differ:
 * 400 naming idempotency_key, as for any other difference.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { anyRepo, call, repoUrl, waitFinal } from './helpers.js';

const OP = '/v1/code/repository';
const SECRET = 'a-secret-of-16-chars';
const items = [{ url: repoUrl('hooked', 'a') }, { url: repoUrl('hooked', 'b') }];

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ routes: [anyRepo()] });
});
afterAll(() => h?.close());

describe('an idempotency key given again with its webhook URL spelt another way', () => {
  it('JSON: the same URL in another spelling is the same job (idempotent-replayed); another URL is a 400 naming idempotency_key', async () => {
    const { key } = await h.key(10);
    const body = (url: string) => ({ operation: OP, items, idempotency_key: 'hooked-1', webhook: { url, secret: SECRET } });
    const first = await call(h, 'POST', '/v1/jobs', { key, body: body('https://hooks.example/jobs/done') });
    expect(first.status).toBe(202);
    const id = first.body.job.id;
    for (const same of [
      'HTTPS://Hooks.Example:443/jobs/done',
      'https://hooks.example:443/jobs/done',
      'https://HOOKS.example/jobs/./done',
      'https://hooks.example/jobs/x/../done',
    ]) {
      const r = await call(h, 'POST', '/v1/jobs', { key, body: body(same) });
      expect(r.status, `${same}: ${r.text}`).toBe(202);
      expect(r.body.job.id, same).toBe(id);
      expect(r.headers.get('idempotent-replayed'), same).toBe('true');
    }
    for (const other of [
      'https://hooks.example/Jobs/done',
      'http://hooks.example/jobs/done',
      'https://hooks.example:8443/jobs/done',
      'https://hooks.example/jobs/done/',
      'https://hooks.example.org/jobs/done',
    ]) {
      const r = await call(h, 'POST', '/v1/jobs', { key, body: body(other) });
      expect(r.status, other).toBe(400);
      expect(r.body.error.details, other).toEqual([
        {
          param: 'idempotency_key',
          message: `is job ${id}'s, whose webhook URL (https://hooks.example/jobs/done) this request does not have; use a new key for a new job`,
        },
      ]);
    }
    await waitFinal(h, key, id);
  });

  it('an upload (webhook_url in the query string) is compared the same way', async () => {
    const { key } = await h.key(10);
    const upload = (url: string) =>
      call(h, 'POST', `/v1/jobs?operation=${OP}&idempotency_key=hooked-2&webhook_url=${encodeURIComponent(url)}`, {
        key,
        raw: items.map((i) => JSON.stringify(i)).join('\n'),
        type: 'application/x-ndjson',
        headers: { 'x-webhook-secret': SECRET },
      });
    const first = await upload('https://hooks.example/uploads');
    expect(first.status).toBe(202);
    const again = await upload('HTTPS://HOOKS.EXAMPLE:443/uploads');
    expect(again.status, again.text).toBe(202);
    expect(again.body.job.id).toBe(first.body.job.id);
    const other = await upload('https://hooks.example/uploads/');
    expect(other.status).toBe(400);
    expect(other.body.error.details[0].param).toBe('idempotency_key');
    await waitFinal(h, key, first.body.job.id);
  });
});
