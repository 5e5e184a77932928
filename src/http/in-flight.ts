/**
 * What is in flight — the responses being served (graceful shutdown waits for them and asks their
 * clients to close; the in-flight gauge counts them), the live fetches a shutdown cancels — as a
 * list threaded through the members themselves. A long-lived Set with a member added and removed
 * per request re-allocated its hash table as requests came and went: ~120 bytes a request that
 * lived long enough to reach V8's old generation (heap sampling of what survived a scavenge, on
 * cached hits), and with it a full GC every few seconds (none since: bench/cached-hit.ts).
 * Iteration may remove the member it is at. A member is in one list at a time (the links are the
 * same two properties whichever list it is in): adding it to a second one does nothing.
 */
const kPrev = Symbol('cl.inFlight.prev');
const kNext = Symbol('cl.inFlight.next');
/** `kPrev` undefined: not in the list; null: the first. */
type Linked = object & { [kPrev]?: Linked | null; [kNext]?: Linked | null };

export class InFlight<T extends object> implements Iterable<T> {
  size = 0;
  private head: Linked | null = null;

  add(member: T): void {
    const r = member as Linked;
    if (r[kPrev] !== undefined) return;
    r[kPrev] = null;
    r[kNext] = this.head;
    if (this.head) this.head[kPrev] = r;
    this.head = r;
    this.size++;
  }

  /** Whether it was in the list. */
  delete(member: T): boolean {
    const r = member as Linked;
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

  *[Symbol.iterator](): Iterator<T> {
    for (let r = this.head; r;) {
      const next: Linked | null = r[kNext] ?? null;
      yield r as T;
      r = next;
    }
  }
}
