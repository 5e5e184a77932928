/**
 * What a running lookup already knows, for GraphQL's incremental delivery: the source (and its
 * own profile record) once the source profile is read — seconds before the rest of the lookup
 * has settled. Nothing else is final before the end: verification is a fixpoint over everything
 * fetched, so a profile verified early may still gain evidence (and confidence, and so its place
 * in the list), and e-mails come last.
 *
 * Keyed like the lookup's single-flight (operation + source), so a request that joins another
 * request's lookup sees its progress too. In-process only: a lookup run by another instance (Redis
 * single-flight) reports nothing here, and its watchers get everything with the final result.
 */
import type { DiscoveredProfile, DiscoverySource } from './types.js';

/** The first stage of a lookup; both exactly as they appear in the final record. */
export interface SourceStage {
  source: DiscoverySource;
  /** The source's entry in `profiles` (always the first). */
  profile: DiscoveredProfile;
}

interface Entry {
  stage: SourceStage | null;
  waiters: ((s: SourceStage) => void)[];
  /** Lookups and watchers holding the entry. */
  refs: number;
}

const entries = new Map<string, Entry>();

function acquire(key: string): Entry {
  let e = entries.get(key);
  if (!e) entries.set(key, (e = { stage: null, waiters: [], refs: 0 }));
  e.refs++;
  return e;
}

function release(key: string, e: Entry): void {
  if (--e.refs === 0 && entries.get(key) === e) entries.delete(key);
}

/** The lookup's side: `source` when the source stage is known; `done` once the lookup is over. */
export function reportProgress(key: string): { source(stage: SourceStage): void; done(): void } {
  const e = acquire(key);
  // A new lookup of the same key: what an earlier one reported is not this one's.
  e.stage = null;
  let open = true;
  return {
    source(stage) {
      if (!open) return;
      e.stage = stage;
      const waiters = e.waiters;
      e.waiters = [];
      for (const w of waiters) w(stage);
    },
    done() {
      if (!open) return;
      open = false;
      release(key, e);
    },
  };
}

/**
 * A watcher's side: `source` resolves once the lookup reports it (never, if the lookup fails or
 * runs elsewhere: race it with the final result); `release` when no longer needed.
 */
export function watchProgress(key: string): { source: Promise<SourceStage>; release(): void } {
  const e = acquire(key);
  const source = e.stage ? Promise.resolve(e.stage) : new Promise<SourceStage>((resolve) => e.waiters.push(resolve));
  let held = true;
  return {
    source,
    release() {
      if (!held) return;
      held = false;
      release(key, e);
      // A lookup that never reported (it failed, or runs on another instance) keeps no waiter.
      if (e.refs === 0) e.waiters = [];
    },
  };
}

/** Lookups or watchers holding progress right now (tests: nothing is left behind). */
export function progressEntries(): number {
  return entries.size;
}
