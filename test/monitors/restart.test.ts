/**
 * Monitors across restarts (embedded: one process holds DATA_DIR): runs missed while no gateway
 * ran are made once at the next start, not once per missed interval; a run a process died making
 * (its lease left in the store) is made again, once, at the next start.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setMonitorClock } from '../../src/monitors/clock.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { call, codeUser, monitorOf, testClock, waitFor } from './helpers.js';

const HOUR = 3_600_000;
const t = testClock();
const dataDir = mkdtempSync(join(tmpdir(), 'cl-mon-restart-'));
const user = codeUser('octo-restart');

async function gateway(): Promise<Harness> {
  const h = await startHarness({ env: { DATA_DIR: dataDir } });
  h.replay.add(user.route);
  return h;
}

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2030-05-01T00:00:00Z'));
  setMonitorClock(t.clock);
});
afterAll(() => {
  setMonitorClock(null);
  vi.useRealTimers();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('monitors across restarts', () => {
  it('runs missed while the gateway was down run once at start; a run left half-made runs again once', async () => {
    let h = await gateway();
    const { key, id: keyId } = await h.key(20);
    const made = await call(h, 'POST', '/v1/monitors', {
      key,
      body: { operation: '/v1/code/user', params: { handle: 'octo-restart' }, every: '1h', watch: ['user.followers'] },
    });
    const id = made.body.monitor.id;
    await waitFor(async () => (await monitorOf(h, key, id)).runs === 1);
    const due = Date.parse((await monitorOf(h, key, id)).next_run_at);
    await h.close();

    // Down for five hours and more: five runs missed.
    t.skip(5 * HOUR + 20 * 60_000);
    h = await gateway();
    await waitFor(async () => (await monitorOf(h, key, id)).runs === 2);
    await new Promise((r) => setTimeout(r, 150));
    let m = await monitorOf(h, key, id);
    expect(m.runs).toBe(2);
    expect(Date.parse(m.next_run_at)).toBe(due + 5 * HOUR);
    expect(await h.balance(keyId)).toBe(18);

    // At 6h, a run claimed (lease taken, next due moved on) by a process that then died, before its record.
    t.skip(41 * 60_000);
    h.deps
      .db!.prepare(
        'UPDATE monitors SET lease_until = ?, claimed_due = next_run_at, next_run_at = next_run_at + ?, run_no = run_no + 1 WHERE id = ?',
      )
      .run(Date.now() + 600_000, HOUR, id);
    await h.close();
    h = await gateway();
    await waitFor(async () => (await monitorOf(h, key, id)).runs === 3);
    await new Promise((r) => setTimeout(r, 150));
    m = await monitorOf(h, key, id);
    expect(m).toMatchObject({ runs: 3, credits_charged: 3 });
    expect(await h.balance(keyId)).toBe(17);
    expect(Date.parse(m.next_run_at)).toBe(due + 6 * HOUR);
    expect(await h.deps.ledger.totalCharged(keyId)).toBe(3);
    await h.close();
  });
});
