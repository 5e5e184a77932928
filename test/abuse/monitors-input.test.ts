/**
 * Abuse suite: hostile monitor requests from a key holder, over REST against one embedded gateway.
 *
 *  - a body of thousands of unknown fields (in the monitor, in its webhook, in its params; on
 *    create and on PATCH): a 400 listing the first 50 problems and how many more, not one line per
 *    field (a 59 KB body was a 1.3 MB answer);
 *  - a monitor's undelivered webhook events: at most EVENTS_MAX, the oldest given up. Each resume
 *    of a monitor the balance cannot run is a run skipped, a stop and a `monitor.stopped` event:
 *    at 0 credits, a PATCH loop to a receiver that never answers 2xx piled events up without end;
 *  - a webhook secret with a lone surrogate (JSON's "\ud800"): a 400, as it has no UTF-8 form;
 *  - pinned (holds already): a webhook URL naming an internal address in any spelling is a 400 at
 *    create and PATCH; a name that resolves to one is refused at delivery and given up at once; a
 *    receiver's redirect is not followed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_MAX } from '../../src/monitors/store.js';
import { captureLogs, startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { call, waitFor } from '../jobs/helpers.js';
import { codeUser, monitorOf } from '../monitors/helpers.js';

const OP = '/v1/code/user';
const SECRET = 'whsec-abuse-0123456789';
const user = codeUser('octo-abuse');
// Its own account: a run of it is never a cache hit of another test's (which would cost 0).
const poorUser = codeUser('octo-poor');
const base = { operation: OP, params: { handle: 'octo-abuse' }, every: '1d' };

let h: Harness;
const logs = captureLogs();
beforeAll(async () => {
  h = await startHarness({
    logger: logs.logger,
    routes: [
      user.route,
      poorUser.route,
      { host: 'hooks.example', path: '/down', method: 'POST', response: { status: 503 } },
      {
        host: 'hooks.example',
        path: '/moved',
        method: 'POST',
        response: { status: 302, headers: { location: 'https://elsewhere.example/x' } },
      },
      { host: 'elsewhere.example', path: '/x', method: 'POST', response: { status: 204 } },
    ],
    // Names resolve as they would live: one to a private address.
    resolver: async (host) => (host === 'internal-hooks.example' ? ['10.0.0.7'] : ['93.184.216.34']),
    // A retried event waits a minute: one still kept after a moment was not given up.
    env: { JOBS_WEBHOOK_BACKOFF_MS: '60000' },
  });
});
afterAll(async () => {
  await h?.close();
});

const fields = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, 1]));

describe('names an object inherits are no value', () => {
  it('every: constructor, toString, __proto__… → 400 naming every (was a 500: the inherited function taken as the interval)', async () => {
    const { key } = await h.key(5);
    const made = await call(h, 'POST', '/v1/monitors', { key, body: base });
    expect(made.status).toBe(201);
    for (const every of ['constructor', 'toString', '__proto__', 'valueOf', 'hasOwnProperty']) {
      const r = await call(h, 'POST', '/v1/monitors', { key, body: { ...base, every } });
      expect(r.status, every).toBe(400);
      expect(r.body.error.details).toEqual([{ param: 'every', message: expect.stringContaining('must be one of') }]);
      const patch = await call(h, 'PATCH', `/v1/monitors/${made.body.monitor.id}`, { key, body: { every } });
      expect(patch.status, every).toBe(400);
    }
    await call(h, 'DELETE', `/v1/monitors/${made.body.monitor.id}`, { key });
  });
});

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

  it('an unknown field named in 60 KB: its name repeated clipped to 100 characters, not whole (a 500 KB answer: an outside attack sweep)', async () => {
    const { key } = await h.key(5);
    const long = 'x'.repeat(60_000);
    for (const body of [
      { ...base, params: { handle: 'octo-abuse', [long]: 1 } },
      { ...base, [long]: 1 },
    ]) {
      const r = await call(h, 'POST', '/v1/monitors', { key, body });
      expect(r.status).toBe(400);
      expect(r.body.error.details[0].param).toMatch(/^(params\.)?x{90,}…$/);
      expect(r.text.length).toBeLessThan(2_000);
    }
  });
});

describe('a webhook secret with a lone surrogate', () => {
  it('is a 400 naming webhook.secret, nothing created (stored as UTF-8 it would become U+FFFD: a key the caller never gave)', async () => {
    const { key } = await h.key(5);
    for (const secret of [`${SECRET}\ud800`, `\udc00${SECRET}`, `${SECRET}\udc00\ud800`]) {
      const r = await call(h, 'POST', '/v1/monitors', { key, body: { ...base, webhook: { url: 'https://hooks.example/m', secret } } });
      expect(r.status).toBe(400);
      expect(r.body.error.details.map((d: { param: string }) => d.param)).toEqual(['webhook.secret']);
    }
    expect((await call(h, 'GET', '/v1/monitors', { key })).body.monitors).toEqual([]);
    // A pair (an emoji) is well-formed and taken.
    const ok = await call(h, 'POST', '/v1/monitors', {
      key,
      body: { ...base, webhook: { url: 'https://hooks.example/m', secret: `${SECRET}😀` } },
    });
    expect(ok.status).toBe(201);
  });
});

describe('webhook events', () => {
  const events = (id: string) =>
    h.deps.db!.prepare('SELECT event, body FROM monitor_events WHERE monitor_id = ? ORDER BY seq').all(id) as {
      event: string;
      body: string;
    }[];

  it(`a resume loop at 0 credits to a receiver that never takes them: at most EVENTS_MAX (${EVENTS_MAX}) kept, the newest`, async () => {
    const { key } = await h.key(0);
    const hook = { url: 'https://hooks.example/down', secret: SECRET };
    const made = await call(h, 'POST', '/v1/monitors', { key, body: { ...base, params: { handle: 'octo-poor' }, webhook: hook } });
    expect(made.status).toBe(201);
    const id = made.body.monitor.id as string;
    // Each resume: a run due at once, skipped (no credits), the monitor stopped, a monitor.stopped event.
    for (let i = 0; i <= EVENTS_MAX + 10; i++) {
      await waitFor(async () => (await monitorOf(h, key, id)).status === 'stopped_no_credits');
      if (i < EVENTS_MAX + 10) expect((await call(h, 'PATCH', `/v1/monitors/${id}`, { key, body: { paused: false } })).status).toBe(200);
    }
    const kept = events(id);
    expect(kept).toHaveLength(EVENTS_MAX);
    expect(new Set(kept.map((e) => e.event))).toEqual(new Set(['monitor.stopped']));
    // The newest are kept: the last one is the last stop's.
    const last = JSON.parse(kept[kept.length - 1].body) as { run: { at: string } };
    expect(last.run.at).toBe((await monitorOf(h, key, id)).last_run_at);
    expect(await h.balance((await h.deps.ledger.authenticate(key))!.id)).toBe(0);
    // Never silently: each record that gave events up says so, with the monitor and how many.
    const given = logs.lines().filter((l) => l.monitor === id && /webhook events given up/.test(String(l.msg)));
    expect(given.length).toBeGreaterThan(0);
    expect(given.every((l) => l.level === 'warn' || l.level === 40)).toBe(true);
    // EVENTS_MAX + 11 events made, EVENTS_MAX kept.
    expect(given.reduce((n, l) => n + Number(l.dropped), 0)).toBe(11);
  });
});

describe('webhook destinations (pinned)', () => {
  const events = (id: string) =>
    (h.deps.db!.prepare('SELECT count(*) AS n FROM monitor_events WHERE monitor_id = ?').get(id) as { n: number }).n;
  /** A monitor of a key without credits: its first run is skipped and stops it, a monitor.stopped event to `url`. */
  async function stoppedWithHook(handle: string, url: string) {
    const { key } = await h.key(0);
    const r = await call(h, 'POST', '/v1/monitors', { key, body: { ...base, params: { handle }, webhook: { url, secret: SECRET } } });
    expect(r.status, r.text).toBe(201);
    await waitFor(async () => (await monitorOf(h, key, r.body.monitor.id)).status === 'stopped_no_credits');
    return r.body.monitor.id as string;
  }

  it('an internal address in any spelling: 400 naming webhook.url at create and PATCH, nothing made or changed', async () => {
    const { key } = await h.key(5);
    const internal = [
      'http://2130706433/',
      'http://0x7f000001/',
      'http://127.1/',
      'http://0/',
      'http://[::ffff:10.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[::127.0.0.1]/',
      'http://[::1]/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://[2002:7f00:1::]/',
      'http://169.254.169.254./latest/meta-data',
      'http://metadata.google.internal/',
      'http://ⓛocalhost/',
      'http://printer.local/',
      'https://user:pass@hooks.example/',
      'file:///etc/passwd',
      // another protocol's port (SMTP's), and a local name with two trailing dots
      'http://hooks.example:25/',
      'http://localhost../',
    ];
    for (const url of internal) {
      const r = await call(h, 'POST', '/v1/monitors', { key, body: { ...base, webhook: { url, secret: SECRET } } });
      expect(r.status, url).toBe(400);
      expect(r.body.error.details.map((d: { param: string }) => d.param)).toEqual(['webhook.url']);
    }
    const made = await call(h, 'POST', '/v1/monitors', { key, body: base });
    for (const url of internal.slice(0, 3)) {
      const r = await call(h, 'PATCH', `/v1/monitors/${made.body.monitor.id}`, { key, body: { webhook: { url, secret: SECRET } } });
      expect(r.status, url).toBe(400);
    }
    expect((await monitorOf(h, key, made.body.monitor.id)).webhook_url).toBeNull();
    expect((await call(h, 'GET', '/v1/monitors', { key })).body.monitors).toHaveLength(1);
  });

  it('a name that resolves to an internal address: refused at delivery, given up at once (no retry), never contacted', async () => {
    const id = await stoppedWithHook('octo-hook-a', 'https://internal-hooks.example/x');
    await waitFor(() => events(id) === 0);
    expect(h.replay.hits({ host: 'internal-hooks.example' })).toHaveLength(0);
  });

  it("a receiver's redirect is not followed: not delivered (kept for its retry), the target never contacted", async () => {
    const id = await stoppedWithHook('octo-hook-b', 'https://hooks.example/moved');
    await waitFor(() => h.replay.hits({ host: 'hooks.example', path: '/moved' }).length === 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(h.replay.hits({ host: 'elsewhere.example' })).toHaveLength(0);
    expect(events(id)).toBe(1);
  });
});
