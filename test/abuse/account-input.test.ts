/**
 * Abuse suite: hostile paging of GET /v1/account/transactions (and GraphQL `transactions`) by a
 * key holder. Pinned: another key's rows are never listed, whatever `after` names; `after` of
 * more than 15 digits, an `operation` over 200 characters and a day its month does not have are 400
 * naming them; `%` and `_` in `operation` match themselves only; 0 credits throughout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { anyRepo, call, repoUrl } from '../jobs/helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ routes: [anyRepo()] });
});
afterAll(async () => {
  await h?.close();
});

const tx = (key: string, query: string) => h.rest(`/v1/account/transactions?${query}`, { key });

describe('transactions paging', () => {
  it("another key's rows are never listed, whatever after names", async () => {
    const a = await h.key(5);
    const b = await h.key(7);
    await call(h, 'GET', `/v1/code/repository?url=${encodeURIComponent(repoUrl('txa', 'one'))}`, { key: a.key });
    const rowsOfA = (await tx(a.key, 'limit=1000')).body.transactions as { id: number }[];
    expect(rowsOfA).toHaveLength(2);
    for (const after of [0, rowsOfA[0].id - 1, rowsOfA[0].id]) {
      const r = await tx(b.key, `after=${after}&limit=1000`);
      expect(r.status).toBe(200);
      expect(r.body.transactions.every((t: { credits: number }) => t.credits === 7)).toBe(true);
    }
    const gql = await h.gql('{ transactions(after: 0, limit: 1000) { transactions { credits } } }', { key: b.key });
    expect(gql.body.data.transactions.transactions).toEqual([{ credits: 7 }]);
    expect(await h.balance(b.id)).toBe(7);
  });

  it('extremes are 400 naming the parameter; wildcards match themselves; 0 credits', async () => {
    const { key, id } = await h.key(3);
    for (const [query, param] of [
      ['after=9007199254740992', 'after'],
      ['after=1000000000000000', 'after'],
      ['after=1e3', 'after'],
      ['after=%200x10', 'after'],
      ['limit=1000.0', 'limit'],
      [`operation=${'a'.repeat(201)}`, 'operation'],
      ['since=2025-02-30', 'since'],
      ['since=2025-02-29T00:00:00Z', 'since'],
      ['since=%2B275760-09-13T00:00:00Z', 'since'],
    ]) {
      const r = await tx(key, query);
      expect(r.status, query).toBe(400);
      expect(r.body.error.details.map((d: { param: string }) => d.param)).toEqual([param]);
    }
    expect((await tx(key, 'after=999999999999999')).body).toMatchObject({ transactions: [], next_after: null });
    expect((await tx(key, 'operation=%25')).body.transactions).toEqual([]);
    expect((await tx(key, 'operation=code_repository')).body.transactions).toEqual([]);
    expect((await h.gql('{ transactions(after: -1) { nextAfter } }', { key })).body.errors[0].extensions.code).toBe('INVALID_INPUT');
    expect(await h.balance(id)).toBe(3);
  });
});
