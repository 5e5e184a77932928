/**
 * A monitor whose schedule cannot be set (the scheduler's store failing: Redis away while BullMQ's
 * scheduler is written) is not left behind: its create fails as the scheduler did, and the row
 * is removed — kept, it would never run and would count against MONITORS_MAX_PER_KEY (an outside
 * sweep). A store and scheduler of this test's own.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import { createMonitor } from '../../src/monitors/http.js';
import type { MonitorRow } from '../../src/monitors/store.js';

describe('createMonitor when its schedule cannot be set', () => {
  it('answers the scheduler failure, and no monitor stays', async () => {
    const rows = new Map<string, MonitorRow>();
    const store = {
      async create(m: MonitorRow) {
        rows.set(m.id, m);
        return m;
      },
      async delete(id: string) {
        return rows.delete(id);
      },
    };
    const down = new ApiError('SERVICE_UNAVAILABLE', 'a store is unreachable');
    const svc = { store, scheduler: { changed: () => Promise.reject(down) }, clock: { now: () => 0 } };
    const deps = { config: { monitors: { maxPerKey: 10 } } };
    const request = {
      route: { path: '/v1/code/user' },
      params: { user: 'octo' },
      every: '1d',
      intervalMs: 86_400_000,
      watch: ['user.followers'],
      webhook: null,
      maxCreditsPerDay: null,
    };
    await expect(createMonitor(svc as never, deps as never, { id: 'key_1' } as never, request as never)).rejects.toBe(down);
    expect(rows.size).toBe(0);
  });
});
