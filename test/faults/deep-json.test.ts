/**
 * Upstream JSON nested beyond what the gateway reads (src/parse/json.ts UPSTREAM_JSON_MAX_DEPTH):
 * a Mastodon server (any one a key names) answers an account lookup whose passed-through `emojis`
 * hold an object nested 6,000 deep — 36 KB, valid JSON, accepted by the record's schema, and
 * beyond the stack of JSON.stringify. It used to be charged and then fail to be written: REST and
 * GraphQL 500 after a charge, a bulk job's item left pending and run again at once without end
 * (each run holding a reservation: the balance drained in seconds), a monitor's run leaving its
 * reservation held and the monitor "in progress" for good. And 8 MB of nested `[` made JSON.parse
 * build four million arrays (a 256 MB heap's end).
 *
 * Every face: 502 UPSTREAM_FAILED naming the bound, 0 credits, nothing held, the upstream asked
 * once (twice at most); a job finishes, a monitor can run again. An answer nested below the bound
 * is data as usual.
 */
import { describe, expect, it } from 'vitest';
import { mastodonAccountBody } from '../../src/platforms/microblog-e/samples.js';
import { UPSTREAM_JSON_BOUNDS, UPSTREAM_JSON_MAX_DEPTH } from '../../src/parse/json.js';
import type { RecordedResponse } from '../../src/replay/server.js';
import { call, waitFinal, waitFor } from '../jobs/helpers.js';
import { expectLive, expectTypedError, useFaultGateway } from './lib.js';

const INSTANCE = 'deep-json.example';
const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** The lookup of `user` answers an account whose `emojis` hold one object nested `depth` deep. */
function deepAccount(user: string, depth: number): RecordedResponse {
  const body = JSON.stringify(mastodonAccountBody({ user, instance: INSTANCE, displayName: user })).replace(
    '"emojis":[]',
    `"emojis":[${nested(depth)}]`,
  );
  return { headers: { 'content-type': 'application/json; charset=utf-8' }, body };
}

describe('upstream JSON nested beyond the bound', () => {
  // Timeouts well past the defaults: these tests are about what is refused, and eight 8 MB answers
  // through the relay on a loaded machine (load 16) came after the default 10 s (UPSTREAM_TIMEOUT).
  const suite = useFaultGateway({
    credits: 300,
    env: {
      UPSTREAM_HEADERS_TIMEOUT_MS: '60000',
      UPSTREAM_BODY_TIMEOUT_MS: '60000',
      UPSTREAM_TOTAL_TIMEOUT_MS: '90000',
      OPERATION_DEADLINE_MS: '90000',
    },
  });
  const handle = (user: string) => `@${user}@${INSTANCE}`;
  const answer = (user: string, response: RecordedResponse) =>
    suite.gw.h.replay.add({ host: INSTANCE, path: '/api/v1/accounts/lookup', query: { acct: user }, response });
  const asked = (user: string) => suite.gw.h.replay.hits({ host: INSTANCE }).filter((r) => r.query.get('acct') === user).length;
  const refused = (message: string) => expect(message).toContain(`nests deeper than ${UPSTREAM_JSON_MAX_DEPTH} levels`);

  it('REST: 502 UPSTREAM_FAILED naming the bound, 0 credits; nested below it, the record as usual', async () => {
    const { gw, acc } = suite;
    answer('deepa', deepAccount('deepa', 6_000));
    const r = await gw.rest(`/v1/microblog-e/profile?handle=${encodeURIComponent(handle('deepa'))}`, acc.key);
    acc.charge(r);
    expectTypedError(r, 502, 'UPSTREAM_FAILED');
    refused(r.body.error.message);
    expect(asked('deepa')).toBe(1);

    answer('shallow', deepAccount('shallow', UPSTREAM_JSON_MAX_DEPTH - 4));
    const ok = await gw.rest(`/v1/microblog-e/profile?handle=${encodeURIComponent(handle('shallow'))}`, acc.key);
    acc.charge(ok);
    expectLive(ok);
    expect(JSON.stringify(ok.body.profile ?? ok.body)).toContain('{"a":{"a":');
  });

  it('GraphQL json: the field fails UPSTREAM_FAILED, 0 credits', async () => {
    const { gw, acc } = suite;
    answer('deepb', deepAccount('deepb', 6_000));
    const g = await gw.gql(`{ microblogEProfile(handle: "${handle('deepb')}") { json } }`, acc.key);
    acc.charge(g);
    expectTypedError(g, 502, 'UPSTREAM_FAILED');
    refused(g.body.errors[0].message);
  });

  it('a bulk job: the item fails at 0 credits, the job completes, the upstream is asked once or twice (no loop)', async () => {
    const { gw, acc } = suite;
    answer('deepc', deepAccount('deepc', 6_000));
    const created = await call(gw.h, 'POST', '/v1/jobs', {
      key: acc.key,
      body: { operation: '/v1/microblog-e/profile', items: [{ handle: handle('deepc') }] },
    });
    expect(created.status, created.text).toBe(202);
    const job = await waitFinal(gw.h, acc.key, created.body.job.id, 20_000);
    expect(job).toMatchObject({ status: 'completed', credits_charged: 0 });
    const results = await call(gw.h, 'GET', `/v1/jobs/${job.id}/results`, { key: acc.key });
    expect(results.text).toContain('UPSTREAM_FAILED');
    expect(results.text).toContain(`nests deeper than ${UPSTREAM_JSON_MAX_DEPTH} levels`);
    // A moment more: an item run again and again would keep asking.
    await new Promise((r) => setTimeout(r, 300));
    expect(asked('deepc')).toBeGreaterThanOrEqual(1);
    expect(asked('deepc')).toBeLessThanOrEqual(2);
  });

  it('a monitor: its run is recorded failed at 0 credits, nothing held, and another run can be made', async () => {
    const { gw, acc } = suite;
    answer('deepd', deepAccount('deepd', 6_000));
    const created = await call(gw.h, 'POST', '/v1/monitors', {
      key: acc.key,
      body: { operation: '/v1/microblog-e/profile', params: { handle: handle('deepd') }, every: '1d' },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.monitor.id;
    const monitor = async () => (await call(gw.h, 'GET', `/v1/monitors/${id}`, { key: acc.key })).body.monitor;
    await waitFor(async () => (await monitor()).last_run !== null, 10_000);
    expect((await monitor()).last_run).toMatchObject({ result: 'failed', code: 'UPSTREAM_FAILED', credits_charged: 0 });
    expect(gw.openReservations()).toBe(0);
    const again = await call(gw.h, 'POST', `/v1/monitors/${id}/run`, { key: acc.key });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ credits_charged: 0, run: { result: 'failed', code: 'UPSTREAM_FAILED' } });
    expect(asked('deepd')).toBe(2);
    await call(gw.h, 'DELETE', `/v1/monitors/${id}`, { key: acc.key });
  });

  it('8 MB of nested `[`: refused before it is parsed, in bounded time', async () => {
    const { gw, acc } = suite;
    const n = 4_000_000;
    answer('deepe', { headers: { 'content-type': 'application/json' }, body: '['.repeat(n) + ']'.repeat(n) });
    const r = await gw.rest(`/v1/microblog-e/profile?handle=${encodeURIComponent(handle('deepe'))}`, acc.key);
    acc.charge(r);
    expectTypedError(r, 502, 'UPSTREAM_FAILED');
    refused(r.body.error.message);
    expect(r.ms).toBeLessThan(5_000);
  });

  it('8 MB of flat `[{},{},…]` (2.7 M objects, ~180 MB of heap once parsed) from 8 answers at once: each refused before it is parsed, the gateway stays up', async () => {
    const { gw, acc } = suite;
    const flat = `[${'{},'.repeat(2_700_000)}{}]`;
    const users = Array.from({ length: 8 }, (_, i) => `flat${i}`);
    for (const u of users) answer(u, { headers: { 'content-type': 'application/json' }, body: flat });
    const all = await Promise.all(users.map((u) => gw.rest(`/v1/microblog-e/profile?handle=${encodeURIComponent(handle(u))}`, acc.key)));
    for (const r of all) {
      acc.charge(r);
      expectTypedError(r, 502, 'UPSTREAM_FAILED');
      expect(r.body.error.message).toContain(`holds more than ${UPSTREAM_JSON_BOUNDS.containers.toLocaleString('en')} objects and arrays`);
    }
    expect((await gw.rest('/healthz', acc.key)).status).toBe(200);
  });
});
