/**
 * Abuse suite: a monitor deleted while its run is in progress, over REST against one embedded
 * gateway. Such a run is neither recorded nor charged (docs/monitors.md) — but it went on to the
 * end, and its lookup's value was written to the cache: a monitor made (its first run is due at
 * once) and deleted at once was a live lookup at 0 credits, which a GET with cache_max_age then read
 * at 0 (an attack sweep, s37: 10 records of 10 tried, none charged). Now deleting a monitor cancels
 * its run in progress, as cancelling a job cancels its items in flight: the lookup is left, nothing
 * is cached, nothing charged — the same GET afterwards is a live lookup, charged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { call, waitFor } from '../jobs/helpers.js';
import { codeUser } from '../monitors/helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/**
 * A code-platform account whose profile answers wait (`held`) until the test lets each go, while
 * `gate.hold`; `gate.gone`: the account does not exist (404).
 */
function heldUser(login: string) {
  const user = codeUser(login);
  const answer = user.route.response as (req: any) => any;
  const held: (() => void)[] = [];
  const gate = { hold: true, held, user };
  h.replay.add({
    ...user.route,
    response: async (req) => {
      if (gate.hold && !req.path.endsWith('/social_accounts')) await new Promise<void>((r) => held.push(r));
      return answer(req);
    },
  });
  return gate;
}

const lookup = (key: string, login: string) => call(h, 'GET', `/v1/code/user?handle=${login}&cache_max_age=30d`, { key });

describe('a monitor deleted while its run is in progress', () => {
  it('its first run (due at once) is cancelled: nothing charged, and nothing cached for a later GET to read free', async () => {
    const login = 'octo-made-and-deleted';
    const gate = heldUser(login);
    const { held } = gate;
    const { key, id } = await h.key(10);
    const made = await call(h, 'POST', '/v1/monitors', {
      key,
      body: { operation: '/v1/code/user', params: { handle: login }, every: '1d' },
    });
    expect(made.status, made.text).toBe(201);
    await waitFor(() => held.length === 1);
    expect((await call(h, 'DELETE', `/v1/monitors/${made.body.monitor.id}`, { key })).status).toBe(200);
    held.shift()!();
    await waitFor(async () => (await h.balance(id)) === 10);
    // The run's answer, had it been kept, would be read now at 0 credits.
    gate.hold = false;
    const r = await lookup(key, login);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ credits_charged: 1 });
    expect(r.body.cached).toBeUndefined();
    expect(await h.balance(id)).toBe(9);
  });

  it('a run asked for now: 404 NOT_FOUND, 0 credits, and its lookup not cached either', async () => {
    const login = 'octo-run-and-deleted';
    const gate = heldUser(login);
    const { held, user } = gate;
    gate.hold = false;
    // The first run finds no account (0 credits, nothing cached); then the account is there, and held.
    user.state.gone = true;
    const { key, id } = await h.key(10);
    const made = await call(h, 'POST', '/v1/monitors', {
      key,
      body: { operation: '/v1/code/user', params: { handle: login }, every: '1d' },
    });
    const mid = made.body.monitor.id;
    await waitFor(async () => (await call(h, 'GET', `/v1/monitors/${mid}`, { key })).body.monitor.runs === 1);
    user.state.gone = false;
    gate.hold = true;
    const run = call(h, 'POST', `/v1/monitors/${mid}/run`, { key });
    await waitFor(() => held.length === 1);
    expect((await call(h, 'DELETE', `/v1/monitors/${mid}`, { key })).status).toBe(200);
    held.shift()!();
    const r = await run;
    expect(r.status, r.text).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(await h.balance(id)).toBe(10);
    gate.hold = false;
    const again = await lookup(key, login);
    expect(again.body).toMatchObject({ credits_charged: 1 });
    expect(again.body.cached).toBeUndefined();
    expect(await h.balance(id)).toBe(9);
  });
});
