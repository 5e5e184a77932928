/**
 * What a monitor watches, read off the records' zod schemas: every registered operation has a
 * default it can watch (each path resolves in its record), and values, lists and changes are
 * read and compared as docs/monitors.md says.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allOperations } from '../../src/gateway.js';
import { defaultWatch, diff, kindOf, snapshotOf, valuesOf } from '../../src/monitors/fields.js';
import type { FieldKind } from '../../src/monitors/fields.js';

describe('monitor fields', () => {
  it('every operation has a default watch whose paths resolve in its record', () => {
    for (const op of allOperations()) {
      const watch = defaultWatch(op);
      expect(watch.length, op.rest.path).toBeGreaterThan(0);
      for (const path of watch) expect(typeof kindOf(op.record, path), `${op.rest.path} ${path}`).toBe('string');
    }
  });

  it('kinds: numbers are series, a path through or to a list is a list, anything else a value; unknown paths are refused', () => {
    const op = allOperations().find((o) => o.rest.path === '/v1/code/user')!;
    expect(kindOf(op.record, 'user.followers')).toBe('number');
    expect(kindOf(op.record, 'user.bio')).toBe('value');
    expect(kindOf(op.record, 'social_accounts.url')).toBe('list');
    expect(kindOf(op.record, 'social_accounts')).toBe('list');
    expect(kindOf(op.record, 'nope')).toEqual({ problem: 'the record has no field nope' });
    expect(kindOf(op.record, 'user..bio')).toEqual({ problem: expect.stringContaining('dotted path') });
  });

  it("a union record's fields: a path of any option resolves; the default watches what every option carries", () => {
    // A search result is a video, a channel or a playlist: each one's fields may be watched.
    const search = allOperations().find((o) => o.rest.path === '/v1/video/search')!;
    expect(kindOf(search.record, 'results.handle')).toBe('list');
    expect(kindOf(search.record, 'results.playlistId')).toBe('list');
    expect(kindOf(search.record, 'results.nope')).toEqual({ problem: 'the record has no field results.nope' });
    const post = z.object({ id: z.string(), text: z.string(), likes: z.number() });
    const trimmed = z.object({ id: z.string(), likes: z.number() });
    const op = { ...search, watch: undefined, record: z.union([post, trimmed]) };
    expect(defaultWatch(op)).toEqual(['id', 'likes']);
    expect(kindOf(op.record, 'text')).toBe('value');
    // A number or a flag (forum's `edited`) is a value, not a series.
    expect(kindOf(z.object({ edited: z.union([z.number(), z.boolean()]).nullable() }), 'edited')).toBe('value');
  });

  it('values, snapshots and changes: lists compare as sets (one change per item added or removed)', () => {
    const watch: { path: string; kind: FieldKind }[] = [
      { path: 'n', kind: 'number' },
      { path: 'bio', kind: 'value' },
      { path: 'emails.email', kind: 'list' },
    ];
    const a = valuesOf({ n: 3, bio: 'x', emails: [{ email: 'a@x.io' }, { email: 'b@x.io' }, { email: 'a@x.io' }] }, watch);
    expect(a).toEqual({ n: 3, bio: 'x', 'emails.email': ['a@x.io', 'b@x.io'] });
    const b = valuesOf({ n: 4, bio: 'x', emails: [{ email: 'b@x.io' }, { email: 'c@x.io' }] }, watch);
    expect(snapshotOf(b, watch)).toEqual({ n: 4 });
    expect(diff(null, a, watch)).toEqual([]);
    expect(diff(a, b, watch)).toEqual([
      { field: 'n', before: 3, after: 4 },
      { field: 'emails.email', before: null, after: 'c@x.io' },
      { field: 'emails.email', before: 'a@x.io', after: null },
    ]);
    // A field the previous run did not watch has no before: not a change.
    expect(diff({ n: 3 }, b, watch)).toEqual([{ field: 'n', before: 3, after: 4 }]);
  });
});
