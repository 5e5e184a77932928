/**
 * Abuse suite: a webhook aimed at a platform's own host, over REST against one embedded gateway
 * with host cool-downs on (UPSTREAM_COOLDOWN_MAX_MS, 10 min as by default). A webhook URL is the
 * caller's choice, but its deliveries went out as requests the gateway builds itself: a 429 with
 * Retry-After it got back cooled that host down for every lookup of every key — one key's job whose
 * webhook named https://api.github.com/… (which answers a stranger's POSTs as it likes) held the
 * code platform's lookups for everyone for 10 minutes (502 UPSTREAM_BLOCKED "cooling down for
 * another 600 s"; an attack sweep, s37), and each of its attempts spent the gateway's per-address
 * quota there. A delivery is now caller-named (src/upstream/client.ts `callerChosen`): a
 * platform's own host is refused before anything is sent (given up at once, the reason recorded),
 * and a receiver's 429 cools down only requests to hosts callers name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { anyRepo, call, repoUrl, waitFinal, waitFor } from '../jobs/helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    routes: [
      anyRepo(),
      // A stranger's POST to the platform's API: "slow down", for ten minutes.
      { host: 'api.github.com', path: '/hooks/mine', method: 'POST', response: { status: 429, headers: { 'retry-after': '600' } } },
    ],
    env: { UPSTREAM_COOLDOWN_MAX_MS: '600000', JOBS_WEBHOOK_ATTEMPTS: '1' },
  });
});
afterAll(async () => {
  await h?.close();
});

describe("a webhook's answers never cool a platform's own host down", () => {
  it("a job's webhook to api.github.com (which answers 429 Retry-After 600) is refused unsent; another key's lookup there is served", async () => {
    const a = await h.key(5);
    const job = await call(h, 'POST', '/v1/jobs', {
      key: a.key,
      body: {
        operation: '/v1/code/repository',
        items: [{ url: repoUrl('cool', 'one') }],
        webhook: { url: 'https://api.github.com/hooks/mine', secret: 'whsec-cooldown-0123456789' },
      },
    });
    expect(job.status, job.text).toBe(202);
    const done = await waitFinal(h, a.key, job.body.job.id);
    await waitFor(async () => (await call(h, 'GET', `/v1/jobs/${done.id}`, { key: a.key })).body.job.webhook.attempts === 1);
    const hook = (await call(h, 'GET', `/v1/jobs/${done.id}`, { key: a.key })).body.job.webhook;
    expect(hook).toMatchObject({ delivered: false, last_status: null });
    expect(hook.last_error).toMatch(/api\.github\.com is the code platform's own host/);
    // Nothing was sent there.
    expect(h.replay.hits({ host: 'api.github.com', path: '/hooks/mine' })).toHaveLength(0);

    const b = await h.key(5);
    const started = Date.now();
    const r = await call(h, 'GET', `/v1/code/repository?url=${encodeURIComponent(repoUrl('cool', 'two'))}`, { key: b.key });
    expect(r.status, r.text).toBe(200);
    expect(r.body.credits_charged).toBe(1);
    // Not held for the cool-down either (the harness's deadline is 3 s).
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await h.balance(b.id)).toBe(4);
  });
});
