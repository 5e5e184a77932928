/**
 * Job items' work, one piece per turn of the event loop.
 *
 * Single requests and job items share one event loop. An item's work after its upstream answer
 * (parsing it, caching it, settling its charge and recording its result — a SQLite transaction)
 * runs when the answer arrives; several answers arriving together made one turn of the loop run
 * all of their work back to back, and a single request that came in meanwhile waited for the
 * whole turn.
 *
 * So an item waits for `turn()` before each such piece: one waiting piece goes on per turn (in the
 * loop's check phase), and the loop polls for I/O — a single request's — between any two.
 *
 * bench/jobs.ts (embedded), four rounds in turns against the code without it: p99 of single cached
 * requests while the job ran 6.4, 6.9, 8.5, 7.5 ms against 9.0, 9.7, 6.7, 7.6; items/s 637–649
 * against 618–639. A small gain within the noise of this machine; the rest of that p99 is GC and
 * the kernel's loopback work (see issue 16's notes).
 */
export interface Turns {
  /** Resolves in a turn of the event loop of its own, after the I/O ready by then was served. */
  turn(): Promise<void>;
  /** Pieces waiting for their turn. */
  waiting(): number;
}

export function createTurns(): Turns {
  const queue: (() => void)[] = [];
  let head = 0;
  let scheduled = false;
  const next = () => {
    const go = queue[head++];
    if (head === queue.length) {
      queue.length = 0;
      head = 0;
      scheduled = false;
    } else {
      // Scheduled from the check phase: runs in the next turn's, after that turn's poll for I/O.
      setImmediate(next);
    }
    go();
  };
  return {
    turn: () =>
      new Promise<void>((resolveP) => {
        queue.push(resolveP);
        if (!scheduled) {
          scheduled = true;
          setImmediate(next);
        }
      }),
    waiting: () => queue.length - head,
  };
}

/** The process's one queue: every runner (embedded or BullMQ) shares the loop. */
export const jobTurns: Turns = createTurns();
