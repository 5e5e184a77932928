/**
 * The responses being served (graceful shutdown waits for them and asks their clients to close;
 * the in-flight gauge counts them), as a list threaded through the responses themselves. A Set of
 * them cost a hash-table allocation as requests came and went — ~120 bytes a request that lived
 * long enough to reach V8's old generation (bench: heap sampling of objects that survived a
 * scavenge on cached hits), and so more frequent full GCs.
 */
import type { ServerResponse } from 'node:http';

const kPrev = Symbol('cl.inFlight.prev');
const kNext = Symbol('cl.inFlight.next');
/** `kPrev` undefined: not in the list; null: the first. */
type Linked = ServerResponse & { [kPrev]?: Linked | null; [kNext]?: Linked | null };

export class InFlight implements Iterable<ServerResponse> {
  size = 0;
  private head: Linked | null = null;

  add(res: ServerResponse): void {
    const r = res as Linked;
    if (r[kPrev] !== undefined) return;
    r[kPrev] = null;
    r[kNext] = this.head;
    if (this.head) this.head[kPrev] = r;
    this.head = r;
    this.size++;
  }

  /** Whether it was in the list. */
  delete(res: ServerResponse): boolean {
    const r = res as Linked;
    const prev = r[kPrev];
    if (prev === undefined) return false;
    const next = r[kNext] ?? null;
    if (prev) prev[kNext] = next;
    else this.head = next;
    if (next) next[kPrev] = prev;
    r[kPrev] = undefined;
    r[kNext] = undefined;
    this.size--;
    return true;
  }

  *[Symbol.iterator](): Iterator<ServerResponse> {
    for (let r = this.head; r;) {
      const next: Linked | null = r[kNext] ?? null;
      yield r;
      r = next;
    }
  }
}
