/**
 * Answers one key may have under way at once on one instance, per face (GraphQL, MCP): an answer
 * holds its place from its request until it is sent or its connection closes. An answer is held
 * in memory until its client reads it, and one GraphQL document or MCP batch may ask for megabytes,
 * so a key whose client reads nothing would otherwise hold as many as it sends (outside attack
 * sweeps ran a 512 MB process out of heap through each). Beyond its places a request is 429
 * RATE_LIMITED (Retry-After). REST has none: one key's 500 concurrent requests are its load target
 * (bench/load), and a REST answer is one record.
 */
import type { ServerResponse } from 'node:http';

export class KeyPlaces {
  /** Per key (its id, or its SHA-256 before it is looked up: the key itself is kept nowhere). */
  private readonly held = new Map<string, number>();

  constructor(readonly max: number) {}

  /** Takes one of `id`'s places until `res` closes; false (nothing taken) when it holds `max`. */
  take(id: string, res: ServerResponse): boolean {
    const held = this.held.get(id) ?? 0;
    if (held >= this.max) return false;
    this.held.set(id, held + 1);
    res.once('close', () => {
      const left = (this.held.get(id) ?? 1) - 1;
      if (left > 0) this.held.set(id, left);
      else this.held.delete(id);
    });
    return true;
  }
}
