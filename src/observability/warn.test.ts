/**
 * Which read a parser's warning degrades (warn.ts): the read whose synchronous parse is running
 * (`parsing`), or the one named; never a read running beside it.
 */
import { describe, expect, it } from 'vitest';
import { countUnattributed, onParserWarning, parsing, readStarted, warn } from './warn.js';
import type { ReadWarnings } from './warn.js';

const tick = () => new Promise<void>((r) => setImmediate(r));

describe('warn: the read a warning degrades', () => {
  it('marks the read whose parse runs, and only it, however the reads interleave', async () => {
    const a: ReadWarnings = { warned: false };
    const b: ReadWarnings = { warned: false };
    // Two reads, each awaiting between its parses: b's parse warns while a is under way.
    const readA = async () => {
      parsing(a, () => 'fine');
      await tick();
      await tick();
      parsing(a, () => 'fine again');
    };
    const readB = async () => {
      await tick();
      parsing(b, () => warn('t', 'record.field', 'missing'));
      await tick();
    };
    await Promise.all([readA(), readB()]);
    expect(a.warned).toBe(false);
    expect(b.warned).toBe(true);
  });

  it('a nested parse for another read marks that one; the outer is named again after it', () => {
    const outer: ReadWarnings = { warned: false };
    const inner: ReadWarnings = { warned: false };
    parsing(outer, () => {
      parsing(inner, () => warn('t', 'inner.field'));
      expect(inner.warned).toBe(true);
      expect(outer.warned).toBe(false);
      warn('t', 'outer.field');
    });
    expect(outer.warned).toBe(true);
  });

  it('a parse that throws still ends its scope', () => {
    const read: ReadWarnings = { warned: false };
    expect(() =>
      parsing(read, () => {
        throw new Error('shape changed');
      }),
    ).toThrow('shape changed');
    warn('t', 'after.field');
    expect(read.warned).toBe(false);
  });

  it('a warning naming its read marks it outside any parse; listeners hear every warning', () => {
    const read: ReadWarnings = { warned: false };
    const heard: string[] = [];
    const stop = onParserWarning((platform, field) => heard.push(`${platform}/${field}`));
    try {
      warn('t', 'optional.step', 'request failed', read);
      warn('t', 'nobody.field');
    } finally {
      stop();
    }
    expect(read.warned).toBe(true);
    expect(heard).toEqual(['t/optional.step', 't/nobody.field']);
  });

  it('a warning outside any parse while a read is under way is counted as unattributed', () => {
    const counter = countUnattributed();
    counter.take();
    const underWay = readStarted();
    try {
      warn('t', 'lost.field');
      parsing({ warned: false }, () => warn('t', 'kept.field'));
    } finally {
      underWay.done();
    }
    warn('t', 'no.read.under.way');
    const seen = counter.take();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/^warn t lost\.field/);
  });
});
