import { describe, expect, it } from 'vitest';
import { linkSignals } from './signals.js';

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
