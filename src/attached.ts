/**
 * A value kept on an object under a private symbol — non-enumerable, so JSON.stringify,
 * Object.keys and spread copies do not see it (a copy does not carry the original's value) — in
 * place of a long-lived WeakMap keyed by objects made per request: V8's scavenger keeps a WeakMap
 * entry whose key is young alive through the next scavenge, value included, so each such object
 * was copied once more and, when the next scavenge came first, promoted to the old generation
 * (bench/jobs.ts with --trace-gc-nvp, for the cache's JSON texts: survived per scavenge 937 →
 * 835 KB, promoted 719 → 670 KB).
 */
export interface Attached<V> {
  get(o: object): V | undefined;
  /** Keeps `value` on `o`, unless it has one already or takes no new properties (frozen, sealed). */
  set(o: object, value: V): void;
}

export function attached<V>(name: string): Attached<V> {
  const key = Symbol(name);
  return {
    get: (o) => (o as Record<symbol, V | undefined>)[key],
    set(o, value) {
      if (Object.isExtensible(o) && !Object.prototype.hasOwnProperty.call(o, key)) Object.defineProperty(o, key, { value });
    },
  };
}
