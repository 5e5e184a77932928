/**
 * Event-loop time for computing introspection answers nobody has asked for before.
 *
 * Introspection needs no key (GraphiQL's docs panel must load), and an answer is remembered per
 * document (src/graphql/execute.ts), so GraphiQL's queries cost nothing after their first time.
 * A document nobody sent before is computed: up to one copy of the schema's introspection (the
 * document limits keep it to that), ~5–10 ms of the event loop for a full one. A keyless caller
 * who makes up a new document each time (another root `__typename` alias, a field left out)
 * would otherwise buy that much of the loop per request, as often as it likes.
 *
 * So computing new answers shares one budget, per process: `msPerSecond` of event-loop time per
 * second (INTROSPECTION_CPU_MS, default 20), with bursts of BURST_SECONDS of it saved up. A computation may
 * start while the budget is above zero and is charged the time it took; while it is below, a new
 * document is answered 429 RATE_LIMITED with Retry-After, at 0 credits. Remembered answers —
 * GraphiQL's, once it has loaded — are not charged and never refused.
 *
 * bench/abuse.ts sends ~140 such new documents (GraphiQL's query with a new root alias each time)
 * within its flood; /healthz p99 during / without it: computed at once, 100 ms a second: 12–25×;
 * in slices, at most two at once (src/graphql/execute.ts), 50 ms: 5.6–6.1×; 20 ms: 4.3–6.9×,
 * the range of runs without these documents.
 */
import { rateLimited } from '../errors.js';
import type { ApiError } from '../errors.js';

/** Seconds of budget that may be saved up (the burst a quiet gateway allows). */
export const BURST_SECONDS = 5;

export interface ComputeBudget {
  /** Null when a computation may start now; else the 429 to answer. */
  admit(): ApiError | null;
  /** Charges a finished computation's time. */
  spend(ms: number): void;
}

/** What a refused introspection document is told (before "; retry in N s"). */
const INTROSPECTION_REFUSAL = (msPerSecond: number) =>
  `Too many new introspection documents: computing their answers may take ${msPerSecond} ms of each second (answers already given — GraphiQL's — are not limited)`;

/** `msPerSecond` 0: no budget (every computation may start). `refusal`: the 429's message, before "; retry in N s". */
export function createComputeBudget(
  msPerSecond: number,
  now: () => number = () => performance.now(),
  refusal: (msPerSecond: number) => string = INTROSPECTION_REFUSAL,
): ComputeBudget {
  if (!(msPerSecond > 0)) return { admit: () => null, spend: () => {} };
  const burst = msPerSecond * BURST_SECONDS;
  let left = burst;
  let at = now();
  const refill = () => {
    const t = now();
    left = Math.min(burst, left + ((t - at) / 1000) * msPerSecond);
    at = t;
  };
  return {
    admit() {
      refill();
      if (left > 0) return null;
      // Until the budget is back above zero.
      const waitMs = ((-left + 1) / msPerSecond) * 1000;
      return rateLimited(`${refusal(msPerSecond)}; retry in ${Math.max(1, Math.ceil(waitMs / 1000))} s`, waitMs);
    },
    spend(ms) {
      refill();
      left -= ms;
    },
  };
}

/** Introspection answers computed at once at most (each holds its partial answer, up to a few MB). */
export const COMPUTING_MAX = 2;

export interface IntrospectionGate {
  /** Null when a computation may start now (it then counts as running until `done`); else the 429 to answer. */
  admit(): ApiError | null;
  /** A computation admitted before is over; it took `ms` of the event loop. */
  done(ms: number): void;
}

/** The budget, and at most COMPUTING_MAX computations at once, whatever the budget. */
export function createIntrospectionGate(msPerSecond: number, now?: () => number): IntrospectionGate {
  const budget = createComputeBudget(msPerSecond, now);
  let computing = 0;
  return {
    admit() {
      const refused =
        budget.admit() ??
        (computing >= COMPUTING_MAX
          ? rateLimited('Introspection answers are being computed for other requests; retry in 1 s', 1_000)
          : null);
      if (!refused) computing++;
      return refused;
    },
    done(ms) {
      computing--;
      budget.spend(ms);
    },
  };
}
