/**
 * The store's timer (storeDeadline) without a Redis: a call that is never answered fails after
 * the deadline; the store is then stuck, so later calls fail without being sent (undo calls
 * excepted) until the unanswered one settles. No assertion depends on how fast the machine is:
 * calls are answered (or not) by the test itself.
 */
import { connect, createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { storeDeadline, StoreTimeoutError } from './redis.js';

function never<T>(): { promise: Promise<T>; answer(v: T): void; fail(e: Error): void } {
  let answer!: (v: T) => void;
  let fail!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    answer = res;
    fail = rej;
  });
  return { promise, answer, fail };
}

describe('storeDeadline', () => {
  it('passes answers and errors through unchanged', async () => {
    const deadline = storeDeadline(50);
    await expect(deadline(async () => 'PONG')).resolves.toBe('PONG');
    const err = new Error('NOSCRIPT No matching script');
    await expect(deadline(() => Promise.reject(err))).rejects.toBe(err);
    // A call that throws synchronously is a rejection too.
    await expect(
      deadline(() => {
        throw err;
      }),
    ).rejects.toBe(err);
  });

  it('an unanswered call fails after the deadline; then calls fail unsent until it is answered', async () => {
    const deadline = storeDeadline(20);
    const stuck = never<string>();
    await expect(deadline(() => stuck.promise)).rejects.toThrow(new StoreTimeoutError(20, false));

    const notSent = vi.fn(async () => 'x');
    await expect(deadline(notSent)).rejects.toThrow(new StoreTimeoutError(20, true));
    expect(notSent).not.toHaveBeenCalled();
    // An undo is sent anyway (to be run right behind the unanswered call).
    const undo = vi.fn(async () => 'undone');
    await expect(deadline(undo, { evenIfStuck: true })).resolves.toBe('undone');
    expect(undo).toHaveBeenCalledOnce();

    // Answered late (Redis resumed): the late answer is dropped and calls go through again.
    stuck.answer('late');
    await stuck.promise;
    await Promise.resolve();
    await expect(deadline(async () => 'again')).resolves.toBe('again');
  });

  it('a connection that fails also ends the stuck state', async () => {
    const deadline = storeDeadline(20);
    const stuck = never<string>();
    await expect(deadline(() => stuck.promise)).rejects.toBeInstanceOf(StoreTimeoutError);
    await expect(deadline(async () => 'x')).rejects.toBeInstanceOf(StoreTimeoutError);
    stuck.fail(new Error('Socket closed unexpectedly'));
    await stuck.promise.catch(() => undefined);
    await Promise.resolve();
    await expect(deadline(async () => 'back')).resolves.toBe('back');
  });

  it('an answer waiting to be read when the timer fires still counts (a busy event loop is not a stuck Redis)', async () => {
    // The "answer" is bytes arriving on a loopback socket, read in the event loop's poll phase.
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const accepted = new Promise<Socket>((r) => server.once('connection', r));
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((r) => client.once('connect', r));
    const peer = await accepted;
    try {
      const deadline = storeDeadline(10);
      const result = deadline(() => new Promise<string>((r) => peer.once('data', (d) => r(d.toString()))));
      // From the check phase: the answer reaches the socket, then the loop is blocked past the
      // deadline. The next loop turn runs the due timer before it reads the socket.
      setImmediate(() => {
        client.write('in time');
        const until = performance.now() + 100;
        while (performance.now() < until);
      });
      await expect(result).resolves.toBe('in time');
    } finally {
      client.destroy();
      peer.destroy();
      await new Promise((r) => server.close(r));
    }
  });
});
