/**
 * Abuse suite: degenerate webhook URLs from a key holder, on every face that takes one (a job's
 * JSON body, an upload's `webhook_url`, GraphQL's createLookupJob, MCP's jobs_create, a monitor's
 * create and PATCH). What can be known when the job or monitor is made is refused then — 400
 * `INVALID_INPUT` naming `webhook.url`, nothing made, 0 credits, nothing sent:
 *
 *  - port 0 (`http://hooks.example:0/`, `:00`): no server listens on it; connect(2) to it fails
 *    at once, and each delivery was retried JOBS_WEBHOOK_ATTEMPTS times against it;
 *  - a host name with an empty label (`hooks..example`, `hooks.example..`): no DNS name, only
 *    resolver errors at each delivery;
 *  - ports over 65535, IPv6 zone ids (`[fe80::1%25eth0]`), userinfo, `http://0/`, the decimal,
 *    octal and hex IPv4 spellings, IPv4-mapped IPv6, local names with trailing dots (these held
 *    already: pinned here in one place, for every face).
 *
 * What only DNS can tell — a name that resolves to a private address (with a trailing dot, or
 * among public ones, or as an IPv4-mapped IPv6 address) — is refused by the SSRF guard at
 * delivery: given up at its first attempt, nothing sent there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { anyRepo, call, repoUrl, waitFinal, waitFor } from '../jobs/helpers.js';

const OP = '/v1/code/repository';
const SECRET = 'whsec-webhook-urls-0123456789';

/** URLs refused when the job or monitor is made. */
const REFUSED = [
  'http://hooks.example:0/hook',
  'https://hooks.example:00/hook',
  'http://hooks..example/hook',
  'http://hooks.example../hook',
  'http://.hooks.example/hook',
  'http://hooks.example:65536/hook',
  'http://hooks.example:99999/hook',
  'http://[fe80::1%25eth0]/hook',
  'http://[fe80::1%eth0]/hook',
  'http://user:pass@hooks.example/hook',
  'http://user@hooks.example/hook',
  'http://0/',
  'http://2130706433/',
  'http://0x7f.1/',
  'http://0177.0.0.1/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:10.0.0.1]/',
  'http://localhost./',
  'http://127.0.0.1./',
  'http://169.254.169.254./latest/meta-data',
];

/** Names only DNS can judge: each resolves (below) to a private address, alone or among public ones. */
const PRIVATE_BY_DNS = ['https://internal-hooks.example./x', 'https://mixed-hooks.example/x', 'https://mapped-hooks.example/x'];

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    env: { JOBS_WEBHOOK_ATTEMPTS: '3', JOBS_WEBHOOK_BACKOFF_MS: '20' },
    resolver: async (name) => {
      const host = name.replace(/\.$/, '');
      if (host === 'internal-hooks.example') return ['10.0.0.7'];
      if (host === 'mixed-hooks.example') return ['93.184.216.34', '192.168.1.9'];
      if (host === 'mapped-hooks.example') return ['::ffff:127.0.0.1'];
      return ['93.184.216.34'];
    },
  });
  h.replay.add(anyRepo());
});
afterAll(async () => {
  await h?.close();
});

const jobsCount = () => h.deps.db!.prepare('SELECT COUNT(*) FROM jobs').pluck().get() as number;
const monitorsCount = () => h.deps.db!.prepare('SELECT COUNT(*) FROM monitors').pluck().get() as number;
const webhookPosts = () => h.replay.hits().filter((r) => r.method === 'POST');
const params = (body: any) => (body.error?.details ?? []).map((d: { param: string }) => d.param);

describe.each(REFUSED)('webhook URL %s', (url) => {
  it('is refused when made, on every face: 400 INVALID_INPUT naming webhook.url, nothing made, charged or sent', async () => {
    const { key, id } = await h.key(10);
    const jobs = jobsCount();
    const monitors = monitorsCount();
    const sent = webhookPosts().length;
    const items = [{ url: repoUrl('hookurl', 'a') }];

    const json = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items, webhook: { url, secret: SECRET } } });
    expect([json.status, json.body.error?.code, params(json.body)]).toEqual([400, 'INVALID_INPUT', ['webhook.url']]);

    const upload = await call(h, 'POST', `/v1/jobs?operation=${encodeURIComponent(OP)}&webhook_url=${encodeURIComponent(url)}`, {
      key,
      raw: `${JSON.stringify(items[0])}\n`,
      type: 'application/x-ndjson',
      headers: { 'x-webhook-secret': SECRET },
    });
    expect([upload.status, upload.body.error?.code]).toEqual([400, 'INVALID_INPUT']);
    expect(JSON.stringify(upload.body.error.details)).toContain('webhook');

    const gql = await h.gql(
      `mutation($items: [JSON!]!, $url: String!) { createLookupJob(operation: "${OP}", items: $items, webhook: { url: $url, secret: "${SECRET}" }) { id } }`,
      { key, variables: { items, url } },
    );
    expect(gql.body.data).toBeNull();
    expect(gql.body.errors[0].extensions.code).toBe('INVALID_INPUT');
    expect(JSON.stringify(gql.body.errors[0])).toContain('webhook.url');

    const mcp = await call(h, 'POST', '/mcp', {
      key,
      headers: { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'jobs_create', arguments: { operation: 'code_repository', items, webhook: { url, secret: SECRET } } },
      },
    });
    expect(mcp.body.result.isError).toBe(true);
    expect(mcp.body.result._meta.error.code).toBe('INVALID_INPUT');
    expect(JSON.stringify(mcp.body.result._meta.error.details)).toContain('webhook.url');

    const monitor = { operation: '/v1/code/user', params: { handle: 'octo' }, every: '1d' };
    const made = await call(h, 'POST', '/v1/monitors', { key, body: { ...monitor, webhook: { url, secret: SECRET } } });
    expect([made.status, made.body.error?.code, params(made.body)]).toEqual([400, 'INVALID_INPUT', ['webhook.url']]);

    expect(jobsCount()).toBe(jobs);
    expect(monitorsCount()).toBe(monitors);
    expect(await h.balance(id)).toBe(10);
    expect(webhookPosts().length).toBe(sent);
  });
});

describe('a monitor PATCHed to a degenerate webhook URL', () => {
  it('is refused and keeps its webhook', async () => {
    const { key } = await h.key(10);
    const good = { url: 'https://hooks.example/ok', secret: SECRET };
    const made = await call(h, 'POST', '/v1/monitors', {
      key,
      body: { operation: '/v1/code/user', params: { handle: 'octo' }, every: '1d', webhook: good },
    });
    expect(made.status).toBe(201);
    const id = made.body.monitor.id as string;
    for (const url of REFUSED) {
      const r = await call(h, 'PATCH', `/v1/monitors/${id}`, { key, body: { webhook: { url, secret: SECRET } } });
      expect([r.status, params(r.body)], url).toEqual([400, ['webhook.url']]);
    }
    const after = await call(h, 'GET', `/v1/monitors/${id}`, { key });
    expect(after.body.monitor.webhook_url).toBe(good.url);
    await call(h, 'DELETE', `/v1/monitors/${id}`, { key });
  });
});

describe('a name that resolves to a private address', () => {
  it.each(PRIVATE_BY_DNS)('%s: the job is made, its delivery refused by the SSRF guard at the first attempt, nothing sent', async (url) => {
    const { key } = await h.key(10);
    const created = await call(h, 'POST', '/v1/jobs', {
      key,
      body: {
        operation: OP,
        items: [{ url: repoUrl('hookdns', new URL(url).hostname.replace(/\W/g, '')) }],
        webhook: { url, secret: SECRET },
      },
    });
    expect(created.status).toBe(202);
    const job = await waitFinal(h, key, created.body.job.id);
    await waitFor(async () => (await call(h, 'GET', `/v1/jobs/${job.id}`, { key })).body.job.webhook.delivered === false);
    const shown = (await call(h, 'GET', `/v1/jobs/${job.id}`, { key })).body.job;
    expect(shown.webhook).toMatchObject({ attempts: 1, last_status: null, delivered: false });
    expect(shown.webhook.last_error).toMatch(/^refused by the SSRF guard: /);
    const host = new URL(url).hostname.replace(/\.$/, '');
    expect(h.replay.hits().filter((r) => r.host.replace(/\.$/, '') === host)).toHaveLength(0);
  });
});
