/**
 * The process's media slots (slots.ts): at most MEDIA_CONCURRENCY files downloading at once, the
 * rest in line, first come first served; a wait bounded by `maxWaitMs` (503 with Retry-After) and
 * by the caller's signal; a slot given back however the download ends.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { createMediaSlots } from './slots.js';

const opts = (over: { signal?: AbortSignal; maxWaitMs?: number } = {}) => ({ maxWaitMs: 5_000, platform: 'p', what: 'file', ...over });

/** A download that ends when the test says. */
function held() {
  const ends: (() => void)[] = [];
  const started: number[] = [];
  return {
    file: (n: number) => () =>
      new Promise<number>((r) => {
        started.push(n);
        ends.push(() => r(n));
      }),
    started,
    endOldest: () => ends.shift()!(),
  };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('media slots', () => {
  it('at most the limit at once; the others wait in line and start in order as slots free', async () => {
    const slots = createMediaSlots(() => 2);
    const d = held();
    const runs = [0, 1, 2, 3, 4].map((n) => slots.run(d.file(n), opts()));
    await tick();
    expect(d.started).toEqual([0, 1]);
    expect(slots.stats()).toEqual({ active: 2, waiting: 3, peak: 2 });
    d.endOldest();
    await tick();
    expect(d.started).toEqual([0, 1, 2]);
    while (d.started.length < 5 || slots.stats().active > 0) {
      d.endOldest();
      await tick();
    }
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(slots.stats()).toEqual({ active: 0, waiting: 0, peak: 2 });
  });

  it('a failed download gives its slot back', async () => {
    const slots = createMediaSlots(() => 1);
    await expect(slots.run(() => Promise.reject(new Error('boom')), opts())).rejects.toThrow('boom');
    expect(await slots.run(async () => 'next', opts())).toBe('next');
    expect(slots.stats().active).toBe(0);
  });

  it('no slot within maxWaitMs: 503 SERVICE_UNAVAILABLE with Retry-After naming the setting; the line moves on without it', async () => {
    const slots = createMediaSlots(() => 1);
    const d = held();
    const first = slots.run(d.file(0), opts());
    const t0 = Date.now();
    const err = await slots.run(d.file(1), opts({ maxWaitMs: 100 })).catch((e: unknown) => e);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(90);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503, retryAfterSec: 5 });
    expect((err as ApiError).message).toMatch(/file could not be downloaded: .*MEDIA_CONCURRENCY = 1.*without download_media/);
    expect(slots.stats()).toMatchObject({ active: 1, waiting: 0 });
    const third = slots.run(d.file(2), opts());
    d.endOldest();
    await tick();
    expect(d.started).toEqual([0, 2]);
    d.endOldest();
    expect(await Promise.all([first, third])).toEqual([0, 2]);
  });

  it('a caller gone (its signal) stops waiting at once and leaves the line', async () => {
    const slots = createMediaSlots(() => 1);
    const d = held();
    const first = slots.run(d.file(0), opts());
    const ctl = new AbortController();
    const waiting = slots.run(d.file(1), opts({ signal: ctl.signal }));
    await tick();
    const reason = new ApiError('UPSTREAM_FAILED', 'another file failed');
    ctl.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    expect(slots.stats()).toMatchObject({ active: 1, waiting: 0 });
    // Aborted for another reason (the client gone): a typed timeout.
    const gone = new AbortController();
    gone.abort(new Error('client went away'));
    await expect(slots.run(d.file(2), opts({ signal: gone.signal }))).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    d.endOldest();
    expect(await first).toBe(0);
    expect(d.started).toEqual([0]);
  });
});
