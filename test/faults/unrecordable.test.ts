/**
 * A result that cannot be recorded, whatever the cause (here the ledger's settle-and-record
 * transaction failing, as a full disk or an I/O error makes it): nothing is charged, nothing stays
 * reserved, and nothing is run again in a loop.
 *
 *  - a bulk job's item is recorded failed (INTERNAL) at 0 credits and the job completes — it was
 *    left pending, read again at once and run again, each run reserving a credit it never gave
 *    back: the balance drained in seconds and the job ended `stopped_no_credits`;
 *  - a monitor's run is recorded failed at 0 credits, its lease ended — it held its reservation,
 *    and POST …/run answered 429 "in progress" until the lease lapsed (10 minutes) or a restart.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anyRepo, call, repoUrl, waitFinal, waitFor } from '../jobs/helpers.js';
import { codeUser } from '../monitors/helpers.js';
import { useFaultGateway } from './lib.js';

const diskError = () => Object.assign(new Error('SQLITE_IOERR: disk I/O error'), { code: 'SQLITE_IOERR' });

describe('results that cannot be recorded', () => {
  const suite = useFaultGateway({ credits: 5 });
  afterEach(() => vi.restoreAllMocks());

  it('a job item: recorded failed at 0 credits, its reservation refunded, run once; the job completes', async () => {
    const { gw, acc } = suite;
    gw.h.replay.add(anyRepo());
    vi.spyOn(gw.h.deps.ledger, 'settleRecorded').mockRejectedValue(diskError());
    const created = await call(gw.h, 'POST', '/v1/jobs', {
      key: acc.key,
      body: { operation: '/v1/code/repository', items: [{ url: repoUrl('octo', 'unrecordable') }] },
    });
    expect(created.status, created.text).toBe(202);
    const job = await waitFinal(gw.h, acc.key, created.body.job.id, 20_000);
    expect(job).toMatchObject({ status: 'completed', credits_charged: 0 });
    const results = await call(gw.h, 'GET', `/v1/jobs/${job.id}/results`, { key: acc.key });
    expect(results.text).toContain('"code":"INTERNAL"');
    expect(results.text).toContain('"credits_charged":0');
    await new Promise((r) => setTimeout(r, 300));
    expect(gw.h.replay.hits({ host: 'api.github.com', path: '/repos/octo/unrecordable' })).toHaveLength(1);
    expect(gw.openReservations()).toBe(0);
  });

  it('a monitor run: recorded failed at 0 credits, nothing held, and the next run can be made at once', async () => {
    const { gw, acc } = suite;
    const user = codeUser('octo-unrecordable');
    gw.h.replay.add(user.route);
    vi.spyOn(gw.h.deps.ledger, 'settleRecorded').mockRejectedValueOnce(diskError());
    const created = await call(gw.h, 'POST', '/v1/monitors', {
      key: acc.key,
      body: { operation: '/v1/code/user', params: { handle: 'octo-unrecordable' }, every: '1d' },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.monitor.id;
    const monitor = async () => (await call(gw.h, 'GET', `/v1/monitors/${id}`, { key: acc.key })).body.monitor;
    await waitFor(async () => (await monitor()).last_run !== null, 10_000);
    expect((await monitor()).last_run).toMatchObject({ result: 'failed', code: 'INTERNAL', credits_charged: 0 });
    expect(gw.openReservations()).toBe(0);
    const again = await call(gw.h, 'POST', `/v1/monitors/${id}/run`, { key: acc.key });
    expect(again.status, again.text).toBe(200);
    // The first run's answer was cached: the monitor's own reuse serves it (0 credits).
    expect(again.body).toMatchObject({ credits_charged: 0, run: { result: 'cached', code: null } });
    await call(gw.h, 'DELETE', `/v1/monitors/${id}`, { key: acc.key });
  });
});
