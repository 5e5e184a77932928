import { getEventListeners } from 'node:events';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { linkSignals, sleep, withDeadline } from './signals.js';

describe('linkSignals', () => {
  it('aborts with the reason of whichever aborts first, and no more once unlinked', () => {
    const [a, b] = [new AbortController(), new AbortController()];
    const linked = linkSignals(a.signal, b.signal);
    expect(linked.signal.aborted).toBe(false);
    b.abort(new Error('shutdown'));
    expect(linked.signal.aborted).toBe(true);
    expect((linked.signal.reason as Error).message).toBe('shutdown');

    const [c, d] = [new AbortController(), new AbortController()];
    const done = linkSignals(c.signal, d.signal);
    done.unlink();
    c.abort();
    expect(done.signal.aborted).toBe(false);
  });

  it('leaves nothing on a long-lived parent once unlinked (the shutdown signal links every request)', () => {
    const shutdown = new AbortController().signal;
    for (let i = 0; i < 100; i++) linkSignals(new AbortController().signal, shutdown).unlink();
    expect(getEventListeners(shutdown, 'abort')).toHaveLength(0);
  });

  it('is the aborted one when either is aborted already', () => {
    const a = new AbortController();
    a.abort('gone');
    expect(linkSignals(new AbortController().signal, a.signal).signal).toBe(a.signal);
  });
});

describe('sleep', () => {
  it('resolves after its time, or rejects with the reason as soon as the signal aborts', async () => {
    await sleep(5, new AbortController().signal);
    const c = new AbortController();
    const slept = sleep(10_000, c.signal);
    c.abort(new Error('gone'));
    await expect(slept).rejects.toThrow('gone');
  });
});

describe('withDeadline', () => {
  it('fires after a full GC: nothing but its timer holds it (AbortSignal.timeout inside AbortSignal.any did not)', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const fired = Array.from({ length: 100 }, () => {
      const { signal } = withDeadline(new AbortController().signal, 30);
      return new Promise<string>((resolve) => {
        signal.addEventListener('abort', () => resolve((signal.reason as DOMException).name));
        setTimeout(() => resolve('lost'), 1_000);
      });
    });
    // WeakRefs are kept until the end of the turn that made them: collect on a later turn too.
    gc();
    await new Promise((r) => setTimeout(r, 5));
    gc();
    expect(new Set(await Promise.all(fired))).toEqual(new Set(['TimeoutError']));
  });

  it('follows its parent, and never fires once cleared', async () => {
    const parent = new AbortController();
    const a = withDeadline(parent.signal, 10_000);
    parent.abort(new Error('client gone'));
    expect((a.signal.reason as Error).message).toBe('client gone');
    a.clear();
    const b = withDeadline(new AbortController().signal, 5);
    b.clear();
    await new Promise((r) => setTimeout(r, 30));
    expect(b.signal.aborted).toBe(false);
  });

  it('without a parent, fires at its deadline with a TimeoutError; cleared, it leaves no listener on its parent', async () => {
    const alone = withDeadline(undefined, 5);
    await new Promise((r) => setTimeout(r, 30));
    expect((alone.signal.reason as DOMException).name).toBe('TimeoutError');
    const shutdown = new AbortController().signal;
    for (let i = 0; i < 100; i++) withDeadline(shutdown, 10_000).clear();
    expect(getEventListeners(shutdown, 'abort')).toHaveLength(0);
  });
});
