/**
 * The item state machine's one guarantee, at the store level: an item's result and its charge
 * are committed together (Ledger.settleRecorded) or not at all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteLedger } from '../../src/credits/sqlite-ledger.js';
import { createSqliteJobStore } from '../../src/jobs/store.js';
import { openDatabase } from '../../src/store/sqlite.js';
import type { Db } from '../../src/store/sqlite.js';

let dir: string;
let db: Db;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cl-jobstore-'));
  db = openDatabase(dir);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const outcome = { status: 200, code: null, charged: 1, cached: false, body: '{"success":true}' };

async function setup() {
  const ledger = createSqliteLedger(db);
  const store = createSqliteJobStore(db);
  const { record } = await ledger.createKey({ name: 't', credits: 10 });
  store.create(
    {
      id: 'job_1',
      key_id: record.id,
      operation: '/v1/code/repository',
      total: 2,
      cache_max_age: null,
      max_credits: null,
      webhook_url: null,
      webhook_secret: null,
      idempotency_key: null,
      bytes: 0,
    },
    ['{"url":"a"}', '{"url":"b"}'],
  );
  return { ledger, store, keyId: record.id };
}

describe('item result and charge: one transaction', () => {
  it('settled and recorded together', async () => {
    const { ledger, store, keyId } = await setup();
    const r = (await ledger.reserve(keyId, 1))!;
    await ledger.settleRecorded!(r, 1, (o) => {
      expect(o).toEqual({ settled: true, charged: 1, balance: 9 });
      expect(store.recordIn('job_1', 0, outcome)).toBe(true);
    });
    expect(await ledger.totalCharged(keyId)).toBe(1);
    expect(store.get('job_1')).toMatchObject({ done: 1, ok: 1, credits_charged: 1 });
    expect(store.pending('job_1', -1, 10).map((i) => i.idx)).toEqual([1]);
  });

  it('a failed record rolls the charge back: the reservation stays open (refunded at the next start) and the item pending', async () => {
    const { ledger, store, keyId } = await setup();
    const r = (await ledger.reserve(keyId, 1))!;
    await expect(
      ledger.settleRecorded!(r, 1, () => {
        store.recordIn('job_1', 0, outcome);
        throw new Error('crash between the two');
      }),
    ).rejects.toThrow('crash between the two');
    expect(await ledger.totalCharged(keyId)).toBe(0);
    expect(store.get('job_1')).toMatchObject({ done: 0, credits_charged: 0 });
    expect(store.pending('job_1', -1, 10).map((i) => i.idx)).toEqual([0, 1]);
    expect(await ledger.refundAbandoned(0)).toBe(1);
    expect(await ledger.balance(keyId)).toBe(10);
  });

  it('a reservation refunded meanwhile (shutdown, start) is reported unsettled: nothing charged, the item not recorded', async () => {
    const { ledger, store, keyId } = await setup();
    const r = (await ledger.reserve(keyId, 1))!;
    await ledger.refundAbandoned(0);
    let seen: unknown;
    await ledger.settleRecorded!(r, 1, (o) => {
      seen = o;
    });
    expect(seen).toEqual({ settled: false, charged: 0, balance: 10 });
    expect(await ledger.totalCharged(keyId)).toBe(0);
    // An item is recorded once: a second record changes nothing.
    expect(store.record('job_1', 1, outcome)).toBe(true);
    expect(store.record('job_1', 1, outcome)).toBe(false);
    expect(store.get('job_1')).toMatchObject({ done: 1 });
  });
});
