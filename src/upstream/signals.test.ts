import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { Cancel, abortSignalOf, linkSignals, withDeadline } from './signals.js';

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

  it('is the aborted one when either is aborted already', () => {
    const a = new AbortController();
    a.abort('gone');
    expect(linkSignals(new AbortController().signal, a.signal).signal).toBe(a.signal);
  });
});

describe('Cancel', () => {
  it('runs each listener once, with AbortController’s default reason, and keeps a late real AbortSignal in step', () => {
    const c = new Cancel();
    const calls: string[] = [];
    const fn = () => calls.push('fn');
    const removed = () => calls.push('removed');
    c.addEventListener('abort', fn);
    c.addEventListener('abort', { handleEvent: () => calls.push('object') });
    c.addEventListener('abort', removed);
    c.removeEventListener('abort', removed);
    const early = c.signal;
    c.abort();
    c.abort(new Error('again'));
    expect(calls).toEqual(['fn', 'object']);
    expect(c.reason).toBeInstanceOf(DOMException);
    expect((c.reason as DOMException).name).toBe('AbortError');
    expect(early.aborted).toBe(true);
    expect(early.reason).toBe(c.reason);
    // Made after the abort: aborted already, same reason; a listener added now never runs.
    const late = new Cancel();
    late.abort('gone');
    expect(late.signal.aborted && late.signal.reason).toBe('gone');
    late.addEventListener('abort', fn);
    expect(calls).toEqual(['fn', 'object']);
  });

  it('abortSignalOf gives an AbortSignal for AbortSignal.any: the signal itself, or one that follows', () => {
    const a = new AbortController();
    expect(abortSignalOf(a.signal)).toBe(a.signal);
    const c = new Cancel();
    const any = AbortSignal.any([new AbortController().signal, abortSignalOf(c)]);
    c.abort('client gone');
    expect(any.aborted && any.reason).toBe('client gone');
    const linked = linkSignals(new AbortController().signal, new Cancel()).signal;
    const followed = abortSignalOf(linked);
    expect(followed.aborted).toBe(false);
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
});
