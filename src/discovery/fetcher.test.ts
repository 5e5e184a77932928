import { afterEach, describe, expect, it } from 'vitest';
import { LookupFetcher, optionalUpstream } from './fetcher.js';
import { fakeContext } from '../../test/support/discovery-context.js';
import { createLocalSingleFlight } from '../cache/single-flight.js';
import type { SingleFlight } from '../cache/single-flight.js';
import type { OperationDef } from '../platforms/operation.js';
import { page as linktreeOp } from '../platforms/linkpage-b/platform.js';

afterEach(() => {
  delete process.env.DISCOVERY_SUBFETCH_MAX_AGE_MS;
  delete process.env.DISCOVERY_FETCH_TIMEOUT_MS;
});

/** The linkpage-b page operation (its field and cache key) with `run` answering `value`. */
const linktreeAnswering = (run: () => Promise<unknown>): OperationDef<{ username: string }> => ({ ...linktreeOp, run }) as never;

const page = (ctx: { upstream: { request: (r: any) => Promise<{ text(): string }> }; signal?: AbortSignal }, url: string) =>
  ctx.upstream.request({ url, platform: 'test', signal: ctx.signal }).then((r) => r.text());

describe('LookupFetcher', () => {
  it('memoises per lookup: one request per key, however often and however concurrently it is asked for', async () => {
    const ctx = fakeContext((r) => ({ body: `page ${r.url}`, delayMs: 20 }));
    const f = new LookupFetcher(ctx, new AbortController().signal);
    const all = await Promise.all([1, 2, 3].map(() => f.run('page:a', (c) => page(c, 'https://a.example/'), { what: 'a' })));
    expect(all).toEqual(['page https://a.example/', 'page https://a.example/', 'page https://a.example/']);
    expect(await f.run('page:a', (c) => page(c, 'https://a.example/'), { what: 'a' })).toBe('page https://a.example/');
    expect(ctx.requests).toHaveLength(1);
    expect(f.size).toBe(1);
  });

  it('shares in-flight work between lookups; one lookup giving up does not fail the other', async () => {
    const ctx = fakeContext(() => ({ body: 'shared', delayMs: 100 }));
    const first = new AbortController();
    const a = new LookupFetcher(ctx, first.signal);
    const b = new LookupFetcher(ctx, new AbortController().signal);
    const pa = a.run('page:shared-1', (c) => page(c, 'https://s.example/'), { what: 's' });
    const pb = b.run('page:shared-1', (c) => page(c, 'https://s.example/'), { what: 's' });
    first.abort();
    await expect(pa).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    await expect(pb).resolves.toBe('shared');
    expect(ctx.requests).toHaveLength(1);
  });

  it('cancels the upstream work when every waiting lookup has given up', async () => {
    let aborted = false;
    const ctx = fakeContext(() => ({ body: 'x', delayMs: 5_000 }));
    const ac = new AbortController();
    const f = new LookupFetcher(ctx, ac.signal);
    const p = f.run(
      'page:cancel-1',
      async (c) => {
        c.signal?.addEventListener('abort', () => (aborted = true));
        return page(c, 'https://c.example/');
      },
      { what: 'c' },
    );
    ac.abort();
    await expect(p).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    expect(aborted).toBe(true);
  });

  it('a per-fetch timeout bounds one sub-fetch', async () => {
    process.env.DISCOVERY_FETCH_TIMEOUT_MS = '50';
    const ctx = fakeContext(() => ({ body: 'late', delayMs: 2_000 }));
    const f = new LookupFetcher(ctx, new AbortController().signal);
    const started = Date.now();
    await expect(f.run('page:slow-1', (c) => page(c, 'https://slow.example/'), { what: 'slow' })).rejects.toMatchObject({
      code: 'UPSTREAM_TIMEOUT',
    });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('platform operations: the operation’s own cache key, read when young enough, written after a live fetch', async () => {
    const ctx = fakeContext(() => ({ body: 'live' }));
    const args = { username: 'owl' };
    const f1 = new LookupFetcher(ctx, new AbortController().signal);
    expect(
      await f1.read(
        linktreeAnswering(async () => ({ from: 'live' })),
        args,
        { what: 'linktree' },
      ),
    ).toEqual({
      from: 'live',
    });
    const stored = await ctx.cache.get('linkpageBPage:owl');
    expect(stored?.value).toEqual({ from: 'live' });
    const f2 = new LookupFetcher(ctx, new AbortController().signal);
    expect(
      await f2.read(
        linktreeAnswering(async () => ({ from: 'second live' })),
        args,
        { what: 'linktree' },
      ),
    ).toEqual({
      from: 'live',
    });
    process.env.DISCOVERY_SUBFETCH_MAX_AGE_MS = '0';
    const f3 = new LookupFetcher(ctx, new AbortController().signal);
    expect(
      await f3.read(
        linktreeAnswering(async () => ({ from: 'third live' })),
        args,
        { what: 'linktree' },
      ),
    ).toEqual({
      from: 'third live',
    });
  });

  it('optional sub-fetches never retry or wait for a cool-down; the required one (the source) keeps the client’s policy', async () => {
    const ctx = fakeContext(() => ({ body: 'x' }));
    const f = new LookupFetcher(ctx, new AbortController().signal);
    await f.run('page:optional-1', (c) => page(c, 'https://optional.example/'), { what: 'optional' });
    await f.run('page:required-1', (c) => page(c, 'https://required.example/'), { what: 'required', required: true, timeoutMs: null });
    const [optional, required] = ctx.requests;
    expect(optional).toMatchObject({ url: 'https://optional.example/', retries: 0, cooldown: 'fail' });
    expect(required.url).toBe('https://required.example/');
    expect(required.retries).toBeUndefined();
    expect(required.cooldown).toBeUndefined();
  });

  it('the optional view shares the client’s public tokens (one guest activation serves both)', () => {
    const ctx = fakeContext(() => ({ body: 'x' }));
    const view = optionalUpstream(ctx.upstream);
    expect(view.tokenOwner).toBe(ctx.upstream);
    expect(optionalUpstream(view).tokenOwner).toBe(ctx.upstream);
  });

  it('platform operations go through the gateway’s single-flight: a lookup joins an endpoint request for the same resource in flight', async () => {
    process.env.DISCOVERY_SUBFETCH_MAX_AGE_MS = '0';
    const ctx = fakeContext(() => ({ body: 'x' }));
    const sf = createLocalSingleFlight();
    // A REST request for linktree "owl" is fetching it (src/pipeline/live-fetch.ts liveFetch, same key).
    let release!: (v: unknown) => void;
    const endpoint = sf.run('linkpageBPage:owl', () => new Promise((r) => (release = r)));
    let ran = 0;
    const f = new LookupFetcher({ ...ctx, deps: { ...ctx.deps!, singleFlight: sf } }, new AbortController().signal);
    const sub = f.read(
      linktreeAnswering(async () => (ran++, { from: 'lookup' })),
      { username: 'owl' },
      { what: 'linktree' },
    );
    release({ from: 'endpoint' });
    expect(await sub).toEqual({ from: 'endpoint' });
    expect((await endpoint).value).toEqual({ from: 'endpoint' });
    expect(ran).toBe(0);
  });

  it('with a shared single-flight (REDIS_URL), the result another instance stored is taken: readShared reads the cache entry fetched since the call began', async () => {
    process.env.DISCOVERY_SUBFETCH_MAX_AGE_MS = '0';
    const ctx = fakeContext(() => ({ body: 'x' }));
    const keys: string[] = [];
    // Another instance holds the lock, fetches and stores; this one polls readShared.
    const remote: SingleFlight = {
      async run<T>(key: string, _work: (signal: AbortSignal) => Promise<T>, opts?: { readShared?: () => Promise<T | undefined> }) {
        keys.push(key);
        expect(await opts!.readShared!()).toBeUndefined();
        await ctx.cache.set(key, { value: { from: 'other instance' }, fetchedAt: Date.now() + 1 });
        return { value: (await opts!.readShared!()) as T, joined: true };
      },
    };
    let ran = 0;
    const f = new LookupFetcher({ ...ctx, deps: { ...ctx.deps!, singleFlight: remote } }, new AbortController().signal);
    expect(
      await f.read(
        linktreeAnswering(async () => (ran++, { from: 'lookup' })),
        { username: 'owl2' },
        { what: 'linktree' },
      ),
    ).toEqual({
      from: 'other instance',
    });
    expect(keys).toEqual(['linkpageBPage:owl2']);
    expect(ran).toBe(0);
    // Pages that are not platform operations are not single-flighted by the gateway (nothing is cached to share).
    await f.run('page:plain-1', (c) => page(c, 'https://plain.example/'), { what: 'plain' });
    expect(keys).toEqual(['linkpageBPage:owl2']);
  });

  it('nothing starts after the lookup deadline', async () => {
    const ac = new AbortController();
    ac.abort();
    const ctx = fakeContext(() => ({ body: 'x' }));
    await expect(
      new LookupFetcher(ctx, ac.signal).run('page:late', (c) => page(c, 'https://late.example/'), { what: 'late' }),
    ).rejects.toMatchObject({
      code: 'UPSTREAM_TIMEOUT',
    });
    expect(ctx.requests).toHaveLength(0);
  });
});
