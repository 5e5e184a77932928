/**
 * Seeded randomness for the simulated creator web: mulberry32, one independent stream per
 * (seed, label), so adding creators or changing one creator's draws never changes another's.
 */

export interface Rng {
  /** [0, 1) */
  next(): number;
  /** Integer in [min, max] (both included). */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(xs: readonly T[]): T;
  /** A new array, Fisher–Yates shuffled. */
  shuffle<T>(xs: readonly T[]): T[];
  /** `n` distinct elements, in random order. */
  sample<T>(xs: readonly T[], n: number): T[];
  /** `n` characters drawn from `alphabet`. */
  chars(alphabet: string, n: number): string;
}

/** FNV-1a over the text: a 32-bit seed for a labelled stream. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator of numbers in [0, 1) (the tests' one, whoever draws). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function rngFor(seed: number, label: string): Rng {
  const next = mulberry32(hash32(`${seed}:${label}`) || 0x9e3779b9);
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (xs) => {
      if (xs.length === 0) throw new Error('rng.pick on an empty list');
      return xs[Math.floor(next() * xs.length)];
    },
    shuffle: (xs) => {
      const out = [...xs];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
    sample: (xs, n) => rng.shuffle(xs).slice(0, Math.max(0, n)),
    chars: (alphabet, n) => {
      let s = '';
      for (let i = 0; i < n; i++) s += alphabet[Math.floor(next() * alphabet.length)];
      return s;
    },
  };
  return rng;
}
