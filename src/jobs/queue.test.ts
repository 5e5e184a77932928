import { describe, expect, it } from 'vitest';
import { itemsOf } from './queue.js';

describe('the items of a BullMQ job (queue.ts)', () => {
  it('a chunk: its [index, input] pairs, in order', () => {
    expect(
      itemsOf({
        g: 2,
        it: [
          [16, '{"url":"a"}'],
          [17, '{"url":"b"}'],
        ],
      }),
    ).toEqual([
      [16, '{"url":"a"}'],
      [17, '{"url":"b"}'],
    ]);
  });

  it('one item as versions before chunks queued it ({i, g, in}): still run after an upgrade', () => {
    expect(itemsOf({ i: 5, g: 0, in: '{"url":"c"}' })).toEqual([[5, '{"url":"c"}']]);
    expect(itemsOf({ i: 0, g: 1, in: '{}' })).toEqual([[0, '{}']]);
  });

  it('neither form: nothing to run', () => {
    expect(itemsOf({ g: 0 })).toEqual([]);
  });
});
