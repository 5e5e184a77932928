/**
 * Abuse suite: hostile monitor requests from a key holder, over REST against one embedded gateway.
 *
 *  - a body of thousands of unknown fields (in the monitor, in its webhook, in its params; on
 *    create and on PATCH): a 400 listing the first 50 problems and how many more, not one line per
 *    field (a 59 KB body was a 1.3 MB answer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { call } from '../jobs/helpers.js';
import { codeUser } from '../monitors/helpers.js';

const OP = '/v1/code/user';
const SECRET = 'whsec-abuse-0123456789';
const user = codeUser('octo-abuse');
const base = { operation: OP, params: { handle: 'octo-abuse' }, every: '1d' };

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ routes: [user.route], resolver: async () => ['93.184.216.34'] });
});
afterAll(async () => {
  await h?.close();
});

const fields = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, 1]));

describe('the 400 of a request with many problems', () => {
  it('thousands of unknown fields: the first 50 problems and how many more; nothing created', async () => {
    const { key } = await h.key(5);
    for (const body of [
      { ...base, ...fields(5000) },
      { ...base, webhook: { url: 'https://hooks.example/m', secret: SECRET, ...fields(5000) } },
      { ...base, params: { handle: 'octo-abuse', ...fields(5000) } },
    ]) {
      const r = await call(h, 'POST', '/v1/monitors', { key, body });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('INVALID_INPUT');
      expect(r.body.error.details).toHaveLength(51);
      expect(r.body.error.details[50]).toEqual({ param: 'body', message: '…and 4950 more problems' });
      expect(r.text.length).toBeLessThan(16 * 1024);
    }
    expect((await call(h, 'GET', '/v1/monitors', { key })).body.monitors).toEqual([]);

    const made = await call(h, 'POST', '/v1/monitors', { key, body: base });
    expect(made.status).toBe(201);
    const patch = await call(h, 'PATCH', `/v1/monitors/${made.body.monitor.id}`, { key, body: { paused: true, ...fields(5000) } });
    expect(patch.status).toBe(400);
    expect(patch.body.error.details).toHaveLength(51);
    expect(patch.text.length).toBeLessThan(16 * 1024);
    expect((await call(h, 'GET', `/v1/monitors/${made.body.monitor.id}`, { key })).body.monitor.status).not.toBe('paused');
  });
});
