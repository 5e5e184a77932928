import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { createTokenSource, tokenSource, TokenRefusedError } from './tokens.js';

describe('token source', () => {
  it('fetches on first need, caches until expiry, and shares one refresh between concurrent callers', async () => {
    let t = 1_000_000;
    let fetches = 0;
    const src = createTokenSource(
      'x',
      async () => {
        fetches++;
        await new Promise((r) => setTimeout(r, 10));
        return { value: `tok${fetches}`, expiresAt: t + 3_600_000 };
      },
      () => t,
    );
    expect(await Promise.all([src.get(), src.get(), src.get()])).toEqual(['tok1', 'tok1', 'tok1']);
    expect(fetches).toBe(1);
    t += 3_600_000 - 10_000; // inside the early-expiry margin
    expect(await src.get()).toBe('tok2');
    expect(fetches).toBe(2);
  });

  it('on a refused token: invalidates, refetches once and retries once', async () => {
    let fetches = 0;
    const src = createTokenSource('x', async () => ({ value: `tok${++fetches}`, expiresAt: Date.now() + 3_600_000 }));
    const seen: string[] = [];
    const r = await src.withToken(async (tok) => {
      seen.push(tok);
      if (tok === 'tok1') throw new TokenRefusedError(401);
      return 'ok';
    });
    expect(r).toBe('ok');
    expect(seen).toEqual(['tok1', 'tok2']);
    // Refused twice: a typed error, not a loop.
    await expect(src.withToken(async () => Promise.reject(new TokenRefusedError(403)))).rejects.toMatchObject({ code: 'UPSTREAM_BLOCKED' });
    expect(fetches).toBe(3);
  });

  it('other errors pass through untouched; a fetch failure is not cached', async () => {
    let n = 0;
    const src = createTokenSource('x', async () => {
      if (++n === 1) throw new ApiError('UPSTREAM_TIMEOUT', 'slow');
      return { value: 'good', expiresAt: Date.now() + 60_000_000 };
    });
    await expect(src.get()).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    expect(await src.get()).toBe('good');
    await expect(src.withToken(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });

  it('an empty token is an upstream failure', async () => {
    const src = createTokenSource('x', async () => ({ value: '', expiresAt: Date.now() + 1000 }));
    await expect(src.get()).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
  });

  it('token sources are per owner and name', () => {
    const a = {};
    const b = {};
    const make = () => createTokenSource('x', async () => ({ value: 'v', expiresAt: 0 }));
    expect(tokenSource(a, 'n', make)).toBe(tokenSource(a, 'n', make));
    expect(tokenSource(a, 'n', make)).not.toBe(tokenSource(b, 'n', make));
  });

  it('a view naming its client as tokenOwner shares the client’s sources', () => {
    const client = {};
    const view = { tokenOwner: client };
    const make = () => createTokenSource('x', async () => ({ value: 'v', expiresAt: 0 }));
    expect(tokenSource(view, 'n', make)).toBe(tokenSource(client, 'n', make));
    expect(tokenSource({ tokenOwner: {} }, 'n', make)).not.toBe(tokenSource(client, 'n', make));
  });

  it('a source made through a view is handed the client, not the view: it outlives the view (an operation’s deadline)', () => {
    const client = {};
    const given: object[] = [];
    tokenSource({ tokenOwner: client }, 'made-through-a-view', (c) => {
      given.push(c);
      return createTokenSource('x', async () => ({ value: 'v', expiresAt: 0 }));
    });
    expect(given).toEqual([client]);
    expect(given[0]).toBe(client);
  });
});
