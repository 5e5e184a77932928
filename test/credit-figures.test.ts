/**
 * Every credit figure fits GraphQL's Int (32-bit): a balance, a job's `max_credits`, a monitor's
 * `max_credits_per_day` are at most MAX_CREDITS (2,147,483,647). Before, REST took caps and the keys
 * CLI balances to 2^53 − 1, and GraphQL then answered `me { balance }`, `transactions` and
 * `monitors` with an error and no data ("Int cannot represent non 32-bit signed integer value",
 * without a code: an outside sweep). Beyond the bound REST is a 400 naming the field (0 credits).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CREDITS } from '../src/credits/ledger.js';
import { startHarness } from './harness.js';
import type { Harness } from './harness.js';
import { call } from './jobs/helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('credit figures fit GraphQL’s Int', () => {
  it("a monitor's max_credits_per_day: MAX_CREDITS is taken and read back through GraphQL; one more is a 400", async () => {
    const { key, id } = await h.key(5);
    const body = (cap: number) => ({ operation: '/v1/code/user', params: { handle: 'octo' }, every: '1d', max_credits_per_day: cap });
    const over = await call(h, 'POST', '/v1/monitors', { key, body: body(MAX_CREDITS + 1) });
    expect(over.status).toBe(400);
    expect(over.body.error.details).toEqual([{ param: 'max_credits_per_day', message: expect.stringContaining(String(MAX_CREDITS)) }]);
    const big = await call(h, 'POST', '/v1/monitors', { key, body: body(2 ** 53 - 1) });
    expect(big.status).toBe(400);
    expect(await h.balance(id)).toBe(5);
    const made = await call(h, 'POST', '/v1/monitors', { key, body: body(MAX_CREDITS) });
    expect(made.status, made.text).toBe(201);
    const listed = await h.gql('{ monitors { monitors { maxCreditsPerDay } } }', { key });
    expect(listed.body.errors).toBeUndefined();
    expect(listed.body.data.monitors.monitors).toEqual([{ maxCreditsPerDay: MAX_CREDITS }]);
  });

  it("a job's max_credits beyond MAX_CREDITS is a 400 naming it, nothing created", async () => {
    const { key } = await h.key(5);
    const r = await call(h, 'POST', '/v1/jobs', {
      key,
      body: { operation: '/v1/code/repository', items: [{ url: 'https://github.com/octo/a' }], max_credits: MAX_CREDITS + 1 },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ param: 'max_credits', message: expect.stringContaining(String(MAX_CREDITS)) }]);
    expect((await call(h, 'GET', '/v1/jobs', { key })).body.jobs).toEqual([]);
  });
});
