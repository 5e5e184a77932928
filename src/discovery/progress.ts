/**
 * What a running lookup already knows, for GraphQL's incremental delivery:
 *  - the source (and its own profile record) once the source profile is read;
 *  - the profiles that are settled in identity, one by one as the lookup settles them: each is
 *    certain to be in the final `profiles` with exactly this platform, handle and url (the
 *    pipeline's `onProfile`, see pipeline.ts settledProfiles). Their confidence and evidence are
 *    not final before the end — verification is a fixpoint over everything fetched, so a profile
 *    may still gain evidence — and neither are the e-mails.
 *
 * Keyed like the lookup's single-flight (operation + source), so a request that joins another
 * request's lookup sees its progress too. In-process only: a lookup run by another instance (Redis
 * single-flight) reports nothing here, and its watchers get everything with the final result.
 *
 * Each lookup is one run of its key. A watcher follows exactly one run: the one in progress when
 * it starts watching, else the next one to start. That is the run its own request is served by:
 * the watcher starts in the same tick as its request's single-flight call, and a run in progress
 * is in the single-flight until it is done (so the request joins it); once a run is done, a
 * request still joining it is answered before any later run can report (that takes an upstream
 * answer), and the watcher is released with its answer. So a watcher never reports another
 * run's profiles — which, unlike the source, may differ from run to run.
 */
import type { DiscoveredProfile, DiscoverySource } from './types.js';

/** The first stage of a lookup; both exactly as they appear in the final record. */
export interface SourceStage {
  source: DiscoverySource;
  /** The source's entry in `profiles` (always the first). */
  profile: DiscoveredProfile;
}

/** A profile settled in identity: in the final `profiles` with these three fields (confidence and evidence may still change). */
export type ProfileIdentity = Pick<DiscoveredProfile, 'platform' | 'handle' | 'url'>;

interface Run {
  stage: SourceStage | null;
  /** Settled profiles, in the order the lookup settled them. */
  profiles: ProfileIdentity[];
  done: boolean;
  /** Watchers following this run, told of every change. */
  listeners: Set<() => void>;
}

interface Entry {
  /** The latest run of the key (null before the first). */
  run: Run | null;
  /** Watchers waiting for the next run to start. */
  unbound: Set<(run: Run) => void>;
  /** Runs and watchers holding the entry. */
  refs: number;
}

const entries = new Map<string, Entry>();

function acquire(key: string): Entry {
  let e = entries.get(key);
  if (!e) entries.set(key, (e = { run: null, unbound: new Set(), refs: 0 }));
  e.refs++;
  return e;
}

function release(key: string, e: Entry): void {
  if (--e.refs === 0 && entries.get(key) === e) entries.delete(key);
}

function changed(run: Run): void {
  for (const l of [...run.listeners]) l();
}

export interface ProgressReporter {
  /** The source stage (once). */
  source(stage: SourceStage): void;
  /** A profile settled in identity (each once). */
  profile(p: ProfileIdentity): void;
  /** The lookup is over (its result, or its failure, is on its way). */
  done(): void;
}

/** The lookup's side: one run of `key`, from now until `done`. */
export function reportProgress(key: string): ProgressReporter {
  const e = acquire(key);
  const run: Run = { stage: null, profiles: [], done: false, listeners: new Set() };
  e.run = run;
  const waiting = [...e.unbound];
  e.unbound.clear();
  for (const bind of waiting) bind(run);
  return {
    source(stage) {
      if (run.done || run.stage) return;
      run.stage = stage;
      changed(run);
    },
    profile(p) {
      if (run.done) return;
      run.profiles.push(p);
      changed(run);
    },
    done() {
      if (run.done) return;
      run.done = true;
      changed(run);
      release(key, e);
    },
  };
}

export interface ProgressWatcher {
  /** Resolves once the run reports its source stage (never, if it fails first or runs elsewhere: race it with the final result). */
  source: Promise<SourceStage>;
  /**
   * The run's settled profiles, in order, from its first: ends when the run is done or the
   * watcher is released (then the final result has the rest).
   */
  profiles(): AsyncGenerator<ProfileIdentity>;
  /** Release with the final result (or failure): nothing more is reported after it. */
  release(): void;
}

/** A watcher's side: follows the run of `key` in progress, else the next to start (see the header). */
export function watchProgress(key: string): ProgressWatcher {
  const e = acquire(key);
  let run: Run | null = null;
  let held = true;
  let resolveSource!: (s: SourceStage) => void;
  const source = new Promise<SourceStage>((r) => (resolveSource = r));
  const wakers = new Set<() => void>();
  const onChange = () => {
    if (run?.stage) resolveSource(run.stage);
    const ws = [...wakers];
    wakers.clear();
    for (const w of ws) w();
  };
  const bind = (r: Run) => {
    run = r;
    r.listeners.add(onChange);
    onChange();
  };
  if (e.run && !e.run.done) bind(e.run);
  else e.unbound.add(bind);

  return {
    source,
    async *profiles() {
      for (let i = 0; ;) {
        if (!held) return;
        if (run && i < run.profiles.length) {
          yield run.profiles[i++];
          continue;
        }
        if (run?.done) return;
        await new Promise<void>((r) => wakers.add(r));
      }
    },
    release() {
      if (!held) return;
      held = false;
      run?.listeners.delete(onChange);
      e.unbound.delete(bind);
      release(key, e);
      onChange();
    },
  };
}

/** Runs or watchers holding progress right now (tests: nothing is left behind). */
export function progressEntries(): number {
  return entries.size;
}
