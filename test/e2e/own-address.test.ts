/**
 * This machine's own addresses through the whole gateway (REST and a job's webhook): a name
 * resolving to one of them is refused like a private one — 400 on a caller-named server, 0
 * credits, nothing sent; a webhook is given up at its first attempt. The machine's interfaces are
 * its real ones plus a made-up one holding a public address (written for this test), and names
 * resolve through an injected resolver.
 */
import { networkInterfaces } from 'node:os';
import type { NetworkInterfaceInfo } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRoutes } from '../../src/platforms/microblog-e/demo.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { anyRepo, call, repoUrl, waitFinal, waitFor } from '../jobs/helpers.js';

const OWN = '93.184.216.99';
const eth9: NetworkInterfaceInfo = {
  address: OWN,
  family: 'IPv4',
  netmask: '255.255.255.0',
  mac: '02:00:00:00:00:01',
  internal: false,
  cidr: `${OWN}/24`,
};

describe("a name resolving to this machine's own public address", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      routes: [...demoRoutes(), anyRepo()],
      env: { JOBS_WEBHOOK_ATTEMPTS: '3', JOBS_WEBHOOK_BACKOFF_MS: '20' },
      resolver: async (host) => [host.startsWith('own.') ? OWN : '93.184.216.34'],
      deps: { interfaces: () => ({ ...networkInterfaces(), eth9: [eth9] }) },
    });
  });
  afterAll(() => h?.close());

  it('as a caller-named server → 400 INVALID_INPUT on instance, 0 credits, nothing sent; a public name is asked', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest('/v1/microblog-e/search/profiles?instance=own.example&query=harbour', { key });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details).toEqual([
      // Worded as a name that does not resolve: which of the two it is stays the operator's.
      { param: 'instance', message: 'URL refused: host own.example does not resolve to a public address' },
    ]);
    expect(h.replay.hits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(5);
    const ok = await h.rest('/v1/microblog-e/search/profiles?instance=mastodon.social&query=harbour', { key });
    expect(ok.status).toBe(200);
  });

  it("as a job's webhook → given up at the first attempt, the refusal shown; nothing sent there", async () => {
    const { key } = await h.key(5);
    const created = await call(h, 'POST', '/v1/jobs', {
      key,
      body: {
        operation: '/v1/code/repository',
        items: [{ url: repoUrl('own', 'hook') }],
        webhook: { url: 'https://own.example/hook', secret: 'whsec-own-0123456789abcdef' },
      },
    });
    expect(created.status).toBe(202);
    const job = await waitFinal(h, key, created.body.job.id);
    const webhookOf = async () => (await call(h, 'GET', `/v1/jobs/${job.id}`, { key })).body.job.webhook;
    await waitFor(async () => (await webhookOf()).delivered === false);
    await new Promise((r) => setTimeout(r, 200));
    expect(await webhookOf()).toEqual({
      attempts: 1,
      last_status: null,
      last_error: 'refused by the SSRF guard: host own.example does not resolve to a public address',
      delivered: false,
    });
    expect(h.replay.hits({ host: 'own.example' })).toHaveLength(0);
  });
});
