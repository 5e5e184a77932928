/**
 * runOperation against a real ledger and cache, with an operation whose fetch is scripted: the
 * order of checks (401 → 429 → 400 → cache → 402 → fetch), what is charged and when, and a
 * GraphQL operation's one reservation ahead for its root fields.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { openDeps } from '../deps.js';
import type { OpenDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { silentLogger } from '../log.js';
import type { OperationDef } from '../platforms/operation.js';
import type { Upstream } from '../upstream/client.js';
import { admit } from './admit.js';
import type { GatewayContext } from './context.js';
import { internalContext } from './context.js';
import { reserveAhead, runOperation, settleAhead } from './run.js';

let dir: string;
let deps: OpenDeps;
/** Ids the operation fetched, in order. */
let fetched: string[];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cl-run-'));
  deps = openDeps(loadConfig({ DATA_DIR: dir } as NodeJS.ProcessEnv), { logger: silentLogger });
});
afterAll(async () => {
  await deps.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  fetched = [];
});

interface Thing {
  id: string;
  cost: number;
}

/**
 * Up to 3 credits; a thing costs what its id says after the colon (`b:2`); `missing` answers
 * NOT_FOUND, `nothing` a null result.
 */
const thing: OperationDef<{ id: string }, Thing> = {
  field: 'runTestThing',
  platform: 'code',
  summary: 'a thing',
  rest: { path: '/v1/run-test/thing' },
  params: [{ name: 'id', kind: 'string', required: true, maxLength: 20, description: 'id' }],
  record: undefined as never,
  cacheable: true,
  normalize: (a) => ({ id: a.id.trim() }),
  key: (a) => a.id,
  cost: { max: 3, of: (r) => r.cost },
  example: { id: 'a' },
  async run(_ctx, { id }) {
    fetched.push(id);
    await new Promise((r) => setTimeout(r, 5));
    if (id === 'missing') throw new ApiError('NOT_FOUND', 'no such thing');
    return (id === 'nothing' ? null : { id, cost: Number(id.split(':')[1] ?? 3) }) as Thing;
  },
};

async function caller(credits: number): Promise<{ ctx: GatewayContext; id: string }> {
  const { key, record } = await deps.ledger.createKey({ name: 'run', credits });
  return { ctx: { deps, apiKey: key }, id: record.id };
}

const rejection = (p: unknown) =>
  Promise.resolve(p).then(
    () => null,
    (e: ApiError) => ({ code: e.code, details: e.details }),
  );

describe('runOperation', () => {
  it('live: reserves the maximum, fetches, settles to what the result costs', async () => {
    const { ctx, id } = await caller(10);
    const outcome = await runOperation(ctx, thing, { args: { id: 'a:2' } });
    expect(outcome).toEqual({ value: { id: 'a:2', cost: 2 }, charged: 2, cached: false, cachedAt: null, remaining: 8 });
    expect(await deps.ledger.balance(id)).toBe(8);
    expect(deps.ledger.open.size).toBe(0);
  });

  it('the order of checks: the key (401) before the face’s input problems and the operation’s rules (400)', async () => {
    expect(
      await rejection(runOperation({ deps, apiKey: null }, thing, { args: {}, problems: [{ param: 'id', message: 'x' }] })),
    ).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(await rejection(runOperation({ deps, apiKey: 'cl_unknown' }, thing, { args: { id: 'a' } }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const { ctx } = await caller(0);
    expect(await rejection(runOperation(ctx, thing, { args: {}, problems: [{ param: 'id', message: 'must be an integer' }] }))).toEqual({
      code: 'INVALID_INPUT',
      details: [{ param: 'id', message: 'must be an integer' }],
    });
    expect(await rejection(runOperation(ctx, thing, { args: { id: 'x'.repeat(21) } }))).toEqual({
      code: 'INVALID_INPUT',
      details: [{ param: 'id', message: 'must be at most 20 characters' }],
    });
    expect(fetched).toEqual([]);
  });

  it('402 before anything is fetched; a cache hit is served at 0 even at 0 balance', async () => {
    const { ctx, id } = await caller(2);
    expect(await rejection(runOperation(ctx, thing, { args: { id: 'hit' } }))).toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    expect(fetched).toEqual([]);
    await deps.cache.set('runTestThing:hit', { value: { id: 'hit', cost: 3 }, fetchedAt: Date.now() - 1_000 });
    const outcome = await runOperation(ctx, thing, { args: { id: 'hit', cacheMaxAge: '1d' } });
    expect(outcome).toMatchObject({ value: { id: 'hit' }, charged: 0, cached: true, remaining: 2 });
    expect(outcome.cachedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(fetched).toEqual([]);
    expect(await deps.ledger.balance(id)).toBe(2);
  });

  it('a cache hit for an admitted caller completes synchronously', async () => {
    const { ctx } = await caller(0);
    await runOperation(ctx, thing, { args: { id: 'hit', cacheMaxAge: '1d' } });
    const again = runOperation(ctx, thing, { args: { id: 'hit', cacheMaxAge: '1d' } });
    expect(again).not.toBeInstanceOf(Promise);
  });

  it('errors and null results cost nothing; their reservation is released', async () => {
    const { ctx, id } = await caller(5);
    expect(await rejection(runOperation(ctx, thing, { args: { id: 'missing' } }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await runOperation(ctx, thing, { args: { id: 'nothing' } })).toMatchObject({ value: null, charged: 0, remaining: 5 });
    expect(await deps.ledger.balance(id)).toBe(5);
    expect(deps.ledger.open.size).toBe(0);
  });

  it('a result that cannot be written as JSON is an error before it is charged: INTERNAL, 0 credits, reservation released', async () => {
    // Nested beyond JSON.stringify's stack, or holding a cycle: every face writes the result
    // after the settlement, which charged it and then answered 500 (or never recorded it).
    const unwritable: OperationDef<{ id: string }, Thing> = {
      ...thing,
      field: 'runTestUnwritable',
      async run(_ctx, { id }) {
        fetched.push(id);
        let deep: object = {};
        for (let i = 0; i < 100_000; i++) deep = { a: deep };
        const cyclic: Record<string, unknown> = {};
        cyclic.self = cyclic;
        return { id, cost: 2, extra: id.startsWith('deep') ? deep : cyclic } as Thing;
      },
    };
    const { ctx, id } = await caller(5);
    for (const arg of ['deep:2', 'cycle:2']) {
      expect(await rejection(runOperation(ctx, unwritable, { args: { id: arg } }))).toMatchObject({ code: 'INTERNAL' });
    }
    expect(fetched).toEqual(['deep:2', 'cycle:2']);
    expect(await deps.ledger.balance(id)).toBe(5);
    expect(deps.ledger.open.size).toBe(0);
    // Reserved ahead (GraphQL): the call fails and costs nothing of the operation's reservation.
    await admit(ctx);
    await reserveAhead(ctx, [{ op: unwritable, args: { id: 'deep:3' } }]);
    expect(await rejection(runOperation(ctx, unwritable, { args: { id: 'deep:3' } }))).toMatchObject({ code: 'INTERNAL' });
    expect(await settleAhead(ctx, 0)).toBe(5);
    expect(deps.ledger.open.size).toBe(0);
  });
});

describe('an operation that reserved ahead (a GraphQL operation’s root fields)', () => {
  it('one reservation for every call not served from cache; calls of one cache key share one fetch, each charged', async () => {
    const { ctx, id } = await caller(10);
    await admit(ctx);
    await deps.cache.set('runTestThing:hit', { value: { id: 'hit', cost: 3 }, fetchedAt: Date.now() - 1_000 });
    const calls = [
      { args: { id: 'same:2' } },
      { args: { id: 'same:2' } },
      { args: { id: 'hit', cacheMaxAge: '1d' } },
      { args: { id: '' } },
    ];
    await reserveAhead(
      ctx,
      calls.map((c) => ({ op: thing, ...c })),
    );
    // 3 + 3 (the hit and the invalid call reserve nothing).
    expect(ctx.prepaid?.reservation?.amount).toBe(6);
    const outcomes = await Promise.all(calls.map((c) => Promise.resolve(runOperation(ctx, thing, c)).catch((e: ApiError) => e.code)));
    expect(outcomes).toEqual([
      { value: { id: 'same:2', cost: 2 }, charged: 2, cached: false, cachedAt: null, remaining: null },
      { value: { id: 'same:2', cost: 2 }, charged: 2, cached: false, cachedAt: null, remaining: null },
      expect.objectContaining({ charged: 0, cached: true, remaining: null }),
      'INVALID_INPUT',
    ]);
    expect(fetched).toEqual(['same:2']);
    expect(await settleAhead(ctx, 4)).toBe(6);
    expect(await deps.ledger.balance(id)).toBe(6);
    expect(deps.ledger.open.size).toBe(0);
  });

  it('a balance that cannot cover every call is a 402 for all of them, and nothing is fetched', async () => {
    const { ctx, id } = await caller(5);
    await admit(ctx);
    const refused = await reserveAhead(ctx, [
      { op: thing, args: { id: 'x' } },
      { op: thing, args: { id: 'y' } },
    ]).catch((e: ApiError) => e.code);
    expect(refused).toBe('INSUFFICIENT_CREDITS');
    expect(fetched).toEqual([]);
    expect(await deps.ledger.balance(id)).toBe(5);
  });
});

/** Answers after `ms` unless the fetch's signal aborts first (then as the upstream client does: UPSTREAM_TIMEOUT). */
const slow = (ms: number): OperationDef<{ id: string }, Thing> => ({
  ...thing,
  field: 'runTestSlow',
  async run(ctx, { id }) {
    fetched.push(id);
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(resolve, ms);
      ctx.signal?.addEventListener('abort', () => {
        clearTimeout(t);
        reject(new ApiError('UPSTREAM_TIMEOUT', 'cancelled'));
      });
    });
    return { id, cost: 1 };
  },
});

/**
 * Until the shared fetch has started and both callers hold their reservations: an event, not a
 * timer — 10 ms was not always enough on a busy machine (the fetch had not started; the callers
 * went away before it, and there was nothing to cancel).
 */
const bothInFetch = () =>
  vi.waitFor(
    () => {
      expect(fetched).toHaveLength(1);
      expect(deps.ledger.open.size).toBe(2);
    },
    { interval: 1 },
  );

describe('callers that go away (a REST client disconnecting)', () => {
  it('one caller going away does not fail another that joined its fetch: it leaves at once, the fetch goes on', async () => {
    const first = await caller(5);
    const second = await caller(5);
    const a = new AbortController();
    const op = slow(60);
    const pa = runOperation({ ...first.ctx, signal: a.signal }, op, { args: { id: 'shared-1' } });
    const pb = runOperation({ ...second.ctx, signal: new AbortController().signal }, op, { args: { id: 'shared-1' } });
    // Whether the fetch had ended when the first caller left: an event's order, not a wall-clock
    // bound (40 ms once, which a busy machine's scheduling could pass with no defect).
    let fetchEnded = false;
    void Promise.resolve(pb).then(() => (fetchEnded = true));
    await bothInFetch();
    a.abort();
    expect(await rejection(pa)).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    expect(fetchEnded).toBe(false);
    expect(await pb).toMatchObject({ value: { id: 'shared-1' }, charged: 1, remaining: 4 });
    expect(fetched).toEqual(['shared-1']);
    expect(await deps.ledger.balance(first.id)).toBe(5);
    expect(deps.ledger.open.size).toBe(0);
  });

  it('the shared fetch is cancelled when every caller has gone; a later caller starts afresh', async () => {
    const { ctx } = await caller(10);
    const a = new AbortController();
    const b = new AbortController();
    const op = slow(5_000);
    const pa = runOperation({ ...ctx, signal: a.signal }, op, { args: { id: 'gone-1' } });
    const pb = runOperation({ ...ctx, signal: b.signal }, op, { args: { id: 'gone-1' } });
    await bothInFetch();
    a.abort();
    b.abort();
    expect([await rejection(pa), await rejection(pb)]).toMatchObject([{ code: 'UPSTREAM_TIMEOUT' }, { code: 'UPSTREAM_TIMEOUT' }]);
    const started = performance.now();
    const fast = { ...slow(5), field: op.field };
    expect(await runOperation({ ...ctx, signal: new AbortController().signal }, fast, { args: { id: 'gone-1' } })).toMatchObject({
      value: { id: 'gone-1' },
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(fetched).toEqual(['gone-1', 'gone-1']);
  });
});

describe('internal mode (discovery’s own reads)', () => {
  it('no key, nothing reserved or charged: fetched through the same step, its cache entry written and then reused', async () => {
    // The read's own upstream answers its request (the operation's deadline bounds it: live-fetch.ts).
    const sent: string[] = [];
    const own: Upstream = {
      request: async (req) => (sent.push(req.url), { status: 200, headers: {}, url: req.url, body: Buffer.from('ok') }) as never,
      close: async () => undefined,
    };
    const seen: OperationDef<{ id: string }, Thing> = {
      ...thing,
      run: async (ctx, args) => (
        await ctx.upstream.request({ url: `https://thing.example/${args.id.trim()}`, platform: 'code' }),
        thing.run(ctx, args)
      ),
    };
    const ctx = internalContext(deps, new AbortController().signal, { upstream: own });
    const reserve = vi.spyOn(deps.ledger, 'reserve');
    // Canonical arguments, used as they are (no trim by normalize, no validation).
    const outcome = await runOperation(ctx, seen, { args: { id: ' in:2 ' }, canonical: true });
    expect(outcome).toEqual({ value: { id: ' in:2 ', cost: 2 }, charged: 0, cached: false, cachedAt: null, remaining: null });
    expect(sent).toEqual(['https://thing.example/in:2']);
    expect(reserve).not.toHaveBeenCalled();
    reserve.mockRestore();
    expect((await deps.cache.get('runTestThing: in:2 '))?.value).toEqual({ id: ' in:2 ', cost: 2 });
    const again = await runOperation(internalContext(deps, undefined), seen, {
      args: { id: ' in:2 ' },
      canonical: true,
      reuseWithinMs: 60_000,
    });
    expect(again).toMatchObject({ value: { id: ' in:2 ', cost: 2 }, charged: 0, cached: true, remaining: null });
    expect(fetched).toEqual([' in:2 ']);
  });

  it('arguments that are not canonical are validated as for any caller', async () => {
    expect(await rejection(runOperation(internalContext(deps, undefined), thing, { args: { id: 'x'.repeat(21) } }))).toEqual({
      code: 'INVALID_INPUT',
      details: [{ param: 'id', message: 'must be at most 20 characters' }],
    });
    expect(await runOperation(internalContext(deps, undefined), thing, { args: { id: ' v:1 ' } })).toMatchObject({
      value: { id: 'v:1' },
      charged: 0,
    });
  });
});
