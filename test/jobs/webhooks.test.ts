/**
 * Webhooks of finished jobs, received by the replay server (deliveries go through the upstream
 * client like every outbound request): signed HMAC-SHA256 over timestamp + body, retried with
 * backoff a bounded number of times, never holding up the job; a destination the SSRF guard
 * refuses is not retried; the job shows how its delivery went (`webhook`). The secret is stored sealed.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signWebhook } from '../../src/jobs/webhook.js';
import { secretBox } from '../../src/store/secrets.js';
import { captureLogs, startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { anyRepo, call, repoUrl, verifySignature, waitFinal, waitFor } from './helpers.js';

let h: Harness;
const logs = captureLogs();
const OP = '/v1/code/repository';
const SECRET = 'whsec-test-0123456789abcdef';
const hook = (path: string) => ({ url: `https://hooks.example${path}`, secret: SECRET });
const deliveries = (path: string) => h.replay.hits({ host: 'hooks.example', path });
/** The job as GET /v1/jobs/{id} shows it. */
const jobOf = async (key: string, id: string) => (await call(h, 'GET', `/v1/jobs/${id}`, { key })).body.job;

beforeAll(async () => {
  h = await startHarness({
    env: { JOBS_WEBHOOK_ATTEMPTS: '3', JOBS_WEBHOOK_BACKOFF_MS: '20' },
    logger: logs.logger,
    // Names are resolved (and judged by the SSRF guard) as they would be live: one resolves to a
    // private address, as a receiver's name turned internal would.
    // private address, as a receiver's name turned internal would; one has no address at all.
    resolver: async (host) => {
      if (host === 'gone-hooks.example') throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return host === 'internal-hooks.example' ? ['10.0.0.7'] : ['93.184.216.34'];
    },
  });
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  h.replay.add(anyRepo());
});

describe('webhooks', () => {
  it('on completion: POST of the job summary, signed over timestamp + body; a failed delivery is retried', async () => {
    h.replay.add({
      host: 'hooks.example',
      path: '/done',
      method: 'POST',
      response: { status: 200, body: 'ok', fault: { kind: 'sequence', faults: [{ kind: 'status', status: 500 }, null] } },
    });
    const { key } = await h.key(10);
    const created = await call(h, 'POST', '/v1/jobs', {
      key,
      body: { operation: OP, items: [{ url: repoUrl('hook', 'a') }, { url: repoUrl('hook', 'b') }], webhook: hook('/done') },
    });
    const job = await waitFinal(h, key, created.body.job.id);
    await waitFor(() => deliveries('/done').length === 2);
    const [first, second] = deliveries('/done');
    for (const [n, d] of [first, second].entries()) {
      expect(d.method).toBe('POST');
      expect(d.headers['content-type']).toBe('application/json');
      expect(d.headers['x-cl-webhook-event']).toBe('job.completed');
      expect(d.headers['x-cl-webhook-id']).toBe(`${job.id}.completed`);
      expect(verifySignature(SECRET, d.headers, d.body.toString())).toBe(true);
      expect(verifySignature('another-secret-000000', d.headers, d.body.toString())).toBe(false);
      const body = JSON.parse(d.body.toString());
      expect(body).toEqual({ event: 'job.completed', job: { ...job, updated_at: expect.any(String), webhook: expect.any(Object) } });
      // The delivery so far, this attempt counted: the second knows how the first went.
      expect(body.job.webhook).toEqual(
        n === 0
          ? { attempts: 1, last_status: null, last_error: null, delivered: null }
          : { attempts: 2, last_status: 500, last_error: 'HTTP 500', delivered: null },
      );
      expect(JSON.stringify(body)).not.toContain(SECRET);
    }
    await waitFor(async () => (await jobOf(key, job.id)).webhook.delivered === true);
    expect((await jobOf(key, job.id)).webhook).toEqual({ attempts: 2, last_status: 200, last_error: null, delivered: true });
    // A tampered body fails the check.
    expect(verifySignature(SECRET, first.headers, first.body.toString().replace('completed', 'cancelled'))).toBe(false);
    expect(signWebhook(SECRET, 1, '{}')).toMatch(/^v1=[0-9a-f]{64}$/);
    // Delivered: no third attempt.
    await new Promise((r) => setTimeout(r, 200));
    expect(deliveries('/done')).toHaveLength(2);
  });

  it('retried a bounded number of times (JOBS_WEBHOOK_ATTEMPTS), then given up', async () => {
    h.replay.add({ host: 'hooks.example', path: '/down', method: 'POST', response: { status: 503, body: 'down' } });
    const { key } = await h.key(10);
    const created = await call(h, 'POST', '/v1/jobs', {
      key,
      body: { operation: OP, items: [{ url: repoUrl('hook', 'c') }], webhook: hook('/down') },
    });
    await waitFinal(h, key, created.body.job.id);
    await waitFor(() => deliveries('/down').length === 3);
    await waitFor(() => h.deps.db!.prepare('SELECT webhook_event FROM jobs WHERE id = ?').pluck().get(created.body.job.id) === null);
    expect(deliveries('/down')).toHaveLength(3);
    const given = { attempts: 3, last_status: 503, last_error: 'HTTP 503', delivered: false };
    expect((await jobOf(key, created.body.job.id)).webhook).toEqual(given);
    const gql = await h.gql(
      `{ lookupJob(id: "${created.body.job.id}") { webhookUrl webhook { attempts lastStatus lastError delivered } } }`,
      {
        key,
      },
    );
    expect(gql.body.data.lookupJob).toEqual({
      webhookUrl: 'https://hooks.example/down',
      webhook: { attempts: 3, lastStatus: 503, lastError: 'HTTP 503', delivered: false },
    });
  });

  it('a webhook whose name resolves to a private address and one whose name does not exist show the same: one attempt, one line, given up — which internal names exist is not told', async () => {
    const { key } = await h.key(10);
    const shown = async (host: string) => {
      const created = await call(h, 'POST', '/v1/jobs', {
        key,
        body: { operation: OP, items: [{ url: repoUrl('hook', `probe-${host}`) }], webhook: { url: `https://${host}/x`, secret: SECRET } },
      });
      expect(created.status).toBe(202);
      const job = await waitFinal(h, key, created.body.job.id);
      await waitFor(async () => (await jobOf(key, job.id)).webhook.delivered === false);
      // Several backoffs later: nothing more tried for either.
      await new Promise((r) => setTimeout(r, 200));
      return JSON.stringify((await jobOf(key, job.id)).webhook).replaceAll(host, '<host>');
    };
    const inside = await shown('internal-hooks.example');
    expect(await shown('gone-hooks.example')).toBe(inside);
    expect(JSON.parse(inside)).toEqual({
      attempts: 1,
      last_status: null,
      last_error: 'refused by the SSRF guard: host <host> does not resolve to a public address',
      delivered: false,
    });
  });

  it('a destination the SSRF guard refuses is not retried; the job shows the refusal and that it was given up', async () => {
    const { key } = await h.key(10);
    const created = await call(h, 'POST', '/v1/jobs', {
      key,
      body: {
        operation: OP,
        items: [{ url: repoUrl('hook', 'ssrf') }],
        webhook: { url: 'https://internal-hooks.example/x', secret: SECRET },
      },
    });
    expect(created.status).toBe(202);
    // A job without a webhook end yet: nothing tried.
    expect(created.body.job.webhook).toEqual({ attempts: 0, last_status: null, last_error: null, delivered: null });
    const job = await waitFinal(h, key, created.body.job.id);
    await waitFor(async () => (await jobOf(key, job.id)).webhook.delivered === false);
    // Several backoffs later, still the one attempt.
    await new Promise((r) => setTimeout(r, 200));
    const shown = await jobOf(key, job.id);
    expect(shown.webhook).toEqual({
      attempts: 1,
      last_status: null,
      last_error: 'refused by the SSRF guard: host internal-hooks.example does not resolve to a public address',
      delivered: false,
    });
    expect(shown.webhook_url).toBe('https://internal-hooks.example/x');
    expect(JSON.stringify(shown)).not.toContain(SECRET);
    expect(h.replay.hits({ host: 'internal-hooks.example' })).toHaveLength(0);
  });

  it("a webhook on another protocol's port (SMTP's 25, IRC's 6667) is refused when the job is made: 400 naming webhook.url, REST and GraphQL, no job, nothing charged or sent", async () => {
    for (const host of ['hooks.example:25', 'hooks.example:6667'])
      h.replay.add({ host, path: /.*/, method: 'POST', response: { status: 200, body: 'ok' } });
    const { key, id } = await h.key(10);
    const jobs = () => h.deps.db!.prepare('SELECT COUNT(*) FROM jobs').pluck().get();
    const before = jobs();
    for (const url of ['http://hooks.example:25/x', 'https://hooks.example:6667/x']) {
      const rest = await call(h, 'POST', '/v1/jobs', {
        key,
        body: { operation: OP, items: [{ url: repoUrl('hook', 'port') }], webhook: { url, secret: SECRET } },
      });
      expect(rest.status).toBe(400);
      expect(rest.body.error.code).toBe('INVALID_INPUT');
      expect(rest.body.error.details).toEqual([
        { param: 'webhook.url', message: expect.stringMatching(/^may not be fetched: port \d+ is not allowed/) },
      ]);
      const gql = await h.gql(
        `mutation($items: [JSON!]!, $url: String!) { createLookupJob(operation: "${OP}", items: $items, webhook: { url: $url, secret: "${SECRET}" }) { id } }`,
        { key, variables: { items: [{ url: repoUrl('hook', 'port') }], url } },
      );
      expect(gql.body.data).toBeNull();
      expect(gql.body.errors[0].extensions.code).toBe('INVALID_INPUT');
      expect(JSON.stringify(gql.body.errors[0])).toContain('webhook.url');
    }
    expect(jobs()).toBe(before);
    expect(await h.balance(id)).toBe(10);
    expect(h.replay.hits()).toHaveLength(0);
  });

  it('a redirect is not followed: the signed POST never reaches where it points (another host, or a name that resolves inside); the answer counts as a failed attempt', async () => {
    h.replay.add({
      host: 'hooks.example',
      path: '/moved',
      method: 'POST',
      response: { status: 307, headers: { location: 'https://elsewhere.example/in' } },
    });
    h.replay.add({
      host: 'hooks.example',
      path: '/inside',
      method: 'POST',
      response: { status: 308, headers: { location: 'https://internal-hooks.example/in' } },
    });
    for (const host of ['elsewhere.example', 'internal-hooks.example'])
      h.replay.add({ host, path: '/in', method: 'POST', response: { status: 200, body: 'ok' } });
    const { key } = await h.key(10);
    for (const [path, status] of [
      ['/moved', 307],
      ['/inside', 308],
    ] as const) {
      const created = await call(h, 'POST', '/v1/jobs', {
        key,
        body: { operation: OP, items: [{ url: repoUrl('hook', path.slice(1)) }], webhook: hook(path) },
      });
      const job = await waitFinal(h, key, created.body.job.id);
      await waitFor(async () => (await jobOf(key, job.id)).webhook.delivered === false);
      expect((await jobOf(key, job.id)).webhook).toEqual({
        attempts: 3,
        last_status: status,
        last_error: `HTTP ${status}`,
        delivered: false,
      });
      expect(deliveries(path)).toHaveLength(3);
    }
    expect(h.replay.hits({ host: 'elsewhere.example' })).toHaveLength(0);
    expect(h.replay.hits({ host: 'internal-hooks.example' })).toHaveLength(0);
  });

  it('a connection error is retried (as timeouts and 5xx are); a job without a webhook shows none', async () => {
    h.replay.add({
      host: 'hooks.example',
      path: '/flaky',
      method: 'POST',
      response: { status: 204, fault: { kind: 'sequence', faults: [{ kind: 'reset' }, null] } },
    });
    const { key } = await h.key(10);
    const created = await call(h, 'POST', '/v1/jobs', {
      key,
      body: { operation: OP, items: [{ url: repoUrl('hook', 'flaky') }], webhook: hook('/flaky') },
    });
    const job = await waitFinal(h, key, created.body.job.id);
    await waitFor(async () => (await jobOf(key, job.id)).webhook.delivered === true);
    expect((await jobOf(key, job.id)).webhook).toEqual({ attempts: 2, last_status: 204, last_error: null, delivered: true });
    // The second attempt's body says what the first got.
    expect(JSON.parse(deliveries('/flaky')[1].body.toString()).job.webhook).toMatchObject({
      attempts: 2,
      last_status: null,
      last_error: expect.stringMatching(/^webhook: upstream hooks\.example failed/),
    });
    const plain = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: [{ url: repoUrl('hook', 'plain') }] } });
    expect((await waitFinal(h, key, plain.body.job.id)).webhook).toBeNull();
  });

  it.each([
    ['a body over the client’s 8 MiB cap', { status: 200, body: 'x'.repeat(9 * 1024 * 1024) }],
    [
      'a body that stalls after its headers',
      { status: 202, body: 'accepted', fault: { kind: 'slowBody' as const, chunkBytes: 1, intervalMs: 60_000 } },
    ],
  ])(
    'any 2xx delivers it, whatever its body: %s → delivered at the first attempt, sent once (an outside sweep: failed and sent 6 times)',
    async (_what, response) => {
      const path = `/big-${response.status}`;
      h.replay.add({ host: 'hooks.example', path, method: 'POST', response });
      const { key } = await h.key(10);
      const created = await call(h, 'POST', '/v1/jobs', {
        key,
        body: { operation: OP, items: [{ url: repoUrl('hook', path.slice(1)) }], webhook: hook(path) },
      });
      const job = await waitFinal(h, key, created.body.job.id);
      const started = Date.now();
      await waitFor(async () => (await jobOf(key, job.id)).webhook.delivered !== null, 20_000);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect((await jobOf(key, job.id)).webhook).toEqual({ attempts: 1, last_status: response.status, last_error: null, delivered: true });
      await new Promise((r) => setTimeout(r, 200));
      expect(deliveries(path)).toHaveLength(1);
    },
  );

  it('never holds up the job: a receiver that does not answer; and stopped_at_cap, cancelled are reported too', async () => {
    const waiting: (() => void)[] = [];
    h.replay.add({
      host: 'hooks.example',
      path: '/slow',
      method: 'POST',
      response: async () => (await new Promise<void>((r) => waiting.push(r)), { status: 204 }),
    });
    h.replay.add({ host: 'hooks.example', path: '/events', method: 'POST', response: { status: 204 } });
    const { key } = await h.key(10);
    const slow = await call(h, 'POST', '/v1/jobs', {
      key,
      body: { operation: OP, items: [{ url: repoUrl('hook', 'd') }], webhook: hook('/slow') },
    });
    expect((await waitFinal(h, key, slow.body.job.id)).status).toBe('completed');
    await waitFor(() => waiting.length === 1);
    // The job is complete while its webhook is still waiting; another job runs meanwhile.
    const capped = await call(h, 'POST', '/v1/jobs', {
      key,
      body: {
        operation: OP,
        items: [{ url: repoUrl('hook', 'e') }, { url: repoUrl('hook', 'f') }],
        max_credits: 1,
        webhook: hook('/events'),
      },
    });
    expect((await waitFinal(h, key, capped.body.job.id)).status).toBe('stopped_at_cap');
    await waitFor(() => deliveries('/events').length === 1);
    expect(deliveries('/events')[0].headers['x-cl-webhook-event']).toBe('job.stopped_at_cap');
    // A cancel of the stopped job is one more event.
    expect((await call(h, 'DELETE', `/v1/jobs/${capped.body.job.id}`, { key })).body.job.status).toBe('cancelled');
    await waitFor(() => deliveries('/events').length === 2);
    expect(deliveries('/events')[1].headers['x-cl-webhook-event']).toBe('job.cancelled');
    expect(JSON.parse(deliveries('/events')[1].body.toString()).job).toMatchObject({
      status: 'cancelled',
      credits_charged: 1,
      counts: { done: 1, skipped: 1 },
    });
    waiting[0]();
  });

  it('the secret is stored sealed (not in the jobs table, nor anywhere in the SQLite files); the delivery is signed with it', async () => {
    h.replay.add({ host: 'hooks.example', path: '/sealed', method: 'POST', response: { status: 204 } });
    const { key } = await h.key(10);
    const created = await call(h, 'POST', '/v1/jobs', {
      key,
      body: { operation: OP, items: [{ url: repoUrl('hook', 'sealed') }], webhook: hook('/sealed') },
    });
    const id = created.body.job.id;
    const stored = h.deps.db!.prepare('SELECT webhook_secret FROM jobs WHERE id = ?').pluck().get(id) as string;
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(SECRET);
    expect(h.deps.secrets.open(stored)).toBe(SECRET);
    await waitFinal(h, key, id);
    await waitFor(() => deliveries('/sealed').length === 1);
    const [d] = deliveries('/sealed');
    expect(verifySignature(SECRET, d.headers, d.body.toString())).toBe(true);
    const dir = h.config.dataDir;
    for (const f of readdirSync(dir).filter((f) => f.startsWith('gateway.db'))) {
      expect(readFileSync(join(dir, f)).toString('latin1'), f).not.toContain(SECRET);
    }
  });

  it('a secret that does not open with this key (sealed under another one) is given up and logged, never sent', async () => {
    h.replay.add({ host: 'hooks.example', path: '/rekeyed', method: 'POST', response: { status: 204 } });
    const { key } = await h.key(10);
    const created = await call(h, 'POST', '/v1/jobs', {
      key,
      body: {
        operation: OP,
        items: [{ url: repoUrl('hook', 'g') }, { url: repoUrl('hook', 'h') }],
        max_credits: 1,
        webhook: hook('/rekeyed'),
      },
    });
    const id = created.body.job.id;
    expect((await waitFinal(h, key, id)).status).toBe('stopped_at_cap');
    await waitFor(() => deliveries('/rekeyed').length === 1);
    // As after a change of SECRETS_KEY (or a lost DATA_DIR/secret.key): the job resumed and completes.
    h.deps.db!.prepare('UPDATE jobs SET webhook_secret = ? WHERE id = ?').run(secretBox(randomBytes(32)).seal(SECRET), id);
    expect((await call(h, 'POST', `/v1/jobs/${id}/resume`, { key, body: { max_credits: 10 } })).status).toBe(200);
    expect((await waitFinal(h, key, id)).status).toBe('completed');
    await waitFor(() => h.deps.db!.prepare('SELECT webhook_event FROM jobs WHERE id = ?').pluck().get(id) === null);
    expect(deliveries('/rekeyed')).toHaveLength(1);
    expect(logs.lines()).toContainEqual(
      expect.objectContaining({
        level: 50,
        job: id,
        event: 'completed',
        msg: expect.stringMatching(/^webhook given up: its secret does not open/),
      }),
    );
  });
});
