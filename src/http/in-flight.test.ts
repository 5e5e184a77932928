import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { InFlight } from './in-flight.js';

const res = (n: number) => ({ n }) as unknown as ServerResponse;
const ns = (l: InFlight<ServerResponse>) => [...l].map((r) => (r as unknown as { n: number }).n).sort((a, b) => a - b);

describe('InFlight', () => {
  it('adds, removes from the front, middle and end, and counts; a second add or delete changes nothing', () => {
    const l = new InFlight<ServerResponse>();
    const rs = [0, 1, 2, 3, 4].map(res);
    for (const r of rs) l.add(r);
    l.add(rs[2]);
    expect(l.size).toBe(5);
    expect(ns(l)).toEqual([0, 1, 2, 3, 4]);
    expect(l.delete(rs[4])).toBe(true); // the first in the list (added last)
    expect(l.delete(rs[2])).toBe(true);
    expect(l.delete(rs[0])).toBe(true); // the last
    expect(l.delete(rs[0])).toBe(false);
    expect(l.size).toBe(2);
    expect(ns(l)).toEqual([1, 3]);
    l.add(rs[0]);
    expect(ns(l)).toEqual([0, 1, 3]);
    for (const r of [...l]) l.delete(r);
    expect(l.size).toBe(0);
    expect([...l]).toEqual([]);
  });

  it('may be changed while it is walked (drain ends responses as it goes)', () => {
    const l = new InFlight<ServerResponse>();
    const rs = [0, 1, 2, 3].map(res);
    for (const r of rs) l.add(r);
    const seen: number[] = [];
    for (const r of l) {
      seen.push((r as unknown as { n: number }).n);
      l.delete(r);
    }
    expect(seen.sort()).toEqual([0, 1, 2, 3]);
    expect(l.size).toBe(0);
  });
});
