/**
 * MONITORS_KEY_QUOTA_MB holds a key's monitors' history and their last values together: what each
 * monitor keeps for its next run to compare with (last_values, up to LAST_VALUES_BYTES) used to be
 * counted nowhere, so a key held its quota of history plus up to 1 MiB a monitor besides. Embedded,
 * over REST, on a fake clock; the upstream is our own code-platform user whose bio the test sets
 * (texts of our own, ~400 KB each).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setMonitorClock } from '../../src/monitors/clock.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { call, codeUser, monitorOf, testClock, waitFor } from './helpers.js';

const HOUR = 3_600_000;
const OP = '/v1/code/user';
const QUOTA = 8 * 1024 * 1024;

let h: Harness;
const t = testClock();

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2030-03-01T00:00:00Z'));
  setMonitorClock(t.clock);
  h = await startHarness({ env: { MONITORS_KEY_QUOTA_MB: '8', MONITORS_MAX_PER_KEY: '2' } });
});
afterAll(async () => {
  await h.close();
  setMonitorClock(null);
  vi.useRealTimers();
});

/** What the key's monitors hold in the file: history as counted, and last values as stored. */
function held(keyId: string): { history: number; values: number } {
  return h.deps
    .db!.prepare(
      'SELECT COALESCE(SUM(history_bytes), 0) AS history, COALESCE(SUM(length(last_values)), 0) AS "values" FROM monitors WHERE key_id = ?',
    )
    .get(keyId) as { history: number; values: number };
}

const essay = (who: string, n: number) =>
  `${who}, draft ${n}. ` + 'Wedged, thrown on the wheel and left to dry by the kiln. '.repeat(7_000); // ~400 KB

describe("a key's quota counts its monitors' last values", () => {
  it('history and last values together stay within MONITORS_KEY_QUOTA_MB: a new monitor whose values need room takes it from the oldest history; every change is still found', async () => {
    const a = codeUser('quota-a');
    const b = codeUser('quota-b');
    h.replay.add(a.route);
    h.replay.add(b.route);
    const { key, id: keyId } = await h.key(100);
    const create = async (handle: string) => {
      const r = await call(h, 'POST', '/v1/monitors', {
        key,
        body: { operation: OP, params: { handle }, every: '1h', watch: ['user.bio'] },
      });
      expect(r.status, r.text).toBe(201);
      // Its baseline runs at once, by itself.
      await waitFor(async () => (await monitorOf(h, key, r.body.monitor.id)).runs >= 1);
      return r.body.monitor.id as string;
    };
    const run = async (id: string) => {
      t.skip(HOUR);
      const r = await call(h, 'POST', `/v1/monitors/${id}/run`, { key });
      expect(r.status, r.text).toBe(200);
      return r.body.run;
    };

    // A: a baseline, then ten changes of its ~400 KB bio, each ~800 KB of history (both texts):
    // past the quota its oldest history goes, as before.
    a.state.bio = essay('A', 0);
    const ma = await create('quota-a');
    for (let n = 1; n <= 10; n++) {
      a.state.bio = essay('A', n);
      expect((await run(ma)).changed).toBe(1);
      const now = held(keyId);
      expect(now.history + now.values).toBeLessThanOrEqual(QUOTA);
    }
    expect(held(keyId).history).toBeGreaterThan(QUOTA - 2 * 800_000);

    // B: its baseline's last values (~400 KB, kept whole) need room and B has no history of its
    // own to give: the oldest of A's goes.
    b.state.bio = essay('B', 0);
    const mb = await create('quota-b');
    const after = held(keyId);
    expect(after.values).toBeGreaterThan(2 * essay('A', 0).length);
    expect(after.history + after.values).toBeLessThanOrEqual(QUOTA);

    // Changes are still found on both, their before the text kept whole.
    b.state.bio = essay('B', 1);
    const rb = await run(mb);
    expect(rb.changes.map(({ field, before, after: now }: any) => ({ field, before, after: now }))).toEqual([
      { field: 'user.bio', before: essay('B', 0), after: essay('B', 1) },
    ]);
    a.state.bio = essay('A', 3);
    const ra = await run(ma);
    expect(ra.changes.map(({ field, before, after: now }: any) => ({ field, before, after: now }))).toEqual([
      { field: 'user.bio', before: essay('A', 10), after: essay('A', 3) },
    ]);
    const end = held(keyId);
    expect(end.history + end.values).toBeLessThanOrEqual(QUOTA);
  });
});
