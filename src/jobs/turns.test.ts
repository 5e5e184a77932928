import { connect, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTurns } from './turns.js';

describe('job turns', () => {
  it('one waiting piece per turn of the event loop, in order', async () => {
    const turns = createTurns();
    const order: string[] = [];
    // Another chain of one immediate per turn: it runs between any two pieces.
    let ticks = 0;
    const tick = () => {
      order.push(`tick${++ticks}`);
      if (ticks < 6) setImmediate(tick);
    };
    setImmediate(tick);
    const pieces = ['a', 'b', 'c'].map((p) => turns.turn().then(() => order.push(p)));
    expect(turns.waiting()).toBe(3);
    await Promise.all(pieces);
    expect(turns.waiting()).toBe(0);
    const at = (p: string) => order.indexOf(p);
    expect(at('a')).toBeLessThan(at('b'));
    expect(at('b')).toBeLessThan(at('c'));
    // A turn passed between each two pieces.
    expect(order.slice(at('a'), at('b')).some((x) => x.startsWith('tick'))).toBe(true);
    expect(order.slice(at('b'), at('c')).some((x) => x.startsWith('tick'))).toBe(true);
  });

  it('I/O that became ready is served before the next piece', async () => {
    const turns = createTurns();
    const server = createServer((s) => s.end('x'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let read = false;
    socket.once('data', () => (read = true));
    // Many pieces, each busy for a moment: the answer arrives while they run and is read between two of them.
    let piecesBeforeRead = 0;
    await Promise.all(
      Array.from({ length: 200 }, () =>
        turns.turn().then(() => {
          if (!read) piecesBeforeRead++;
          const until = performance.now() + 0.2;
          while (performance.now() < until);
        }),
      ),
    );
    expect(read).toBe(true);
    expect(piecesBeforeRead).toBeLessThan(200);
    socket.destroy();
    server.close();
  });
});
