/**
 * One item of a job, run as its operation's single REST request through the same pipeline
 * (src/pipeline/run.ts runOperation: cache → reservation of its maximum → live fetch with
 * single-flight, politeness and SSRF guard → settle), with the job's key already admitted. Both
 * runners (runner.ts embedded, queue.ts on Redis) run items here; two things differ from a single
 * request, both through the item's view of the ledger:
 *
 *  - the reservation goes through the runner's `reserve` first, which applies the job's cap
 *    (`max_credits`) and may refuse (the item is not run; the job stops);
 *  - the settlement is deferred to the runner, which commits the charge with the item's result
 *    (embedded: in one SQLite transaction; Redis: once per item identity).
 */
import type DataLoader from 'dataloader';
import type { AuthenticatedKey, Ledger, Reservation, ReserveMeta } from '../credits/ledger.js';
import { ApiError } from '../errors.js';
import type { Deps, GatewayContext, LiveFetch } from '../pipeline/context.js';
import { newRequestId } from '../observability/request.js';
import type { RequestInfo } from '../observability/request.js';
import { wireRecord } from '../platforms/operation.js';
import { inRestTerms, restErrorBody } from '../pipeline/errors.js';
import type { ReadGap } from '../platforms/partial-read.js';
import type { OperationOutcome } from '../pipeline/run.js';
import { runOperation } from '../pipeline/run.js';
import { tailText } from '../rest/handler.js';
import type { RestRoute } from '../rest/routes.js';
import { toVariables } from '../rest/routes.js';
import type { Upstream } from '../upstream/client.js';
import type { ItemOutcome } from './store.js';

class JobItemContext implements GatewayContext {
  loader?: DataLoader<LiveFetch, unknown, string> = undefined;
  readonly apiKey = null;
  readonly requestBaseUrl = null;
  constructor(
    readonly deps: Deps,
    readonly key: AuthenticatedKey,
    readonly reqInfo: RequestInfo,
    readonly signal: AbortSignal,
  ) {}
}

/** What an item needs to know of its job. */
export interface ItemJob {
  id: string;
  keyId: string;
  route: RestRoute;
  cacheMaxAge: string | null;
  /** A cached answer younger than this (ms) is reused (a monitor's run: src/monitors/run.ts). */
  reuseWithinMs?: number;
  /** And fetched at or after this time (epoch ms): OperationInput.reuseFetchedSince. */
  reuseFetchedSince?: number;
}

/** What an item runs with besides the app's deps: its runner's share of upstream hosts (hosts.ts). */
export interface ItemEnv {
  upstream: Upstream;
}

/**
 * The runner's gate on an item's reservation: the reservation made, or why not —
 * `cap` (the job's max_credits left cannot cover it), `no_credits` (the balance cannot; the
 * ledger's UNAUTHORIZED, a key revoked meanwhile, is taken as this too),
 * `stopped` (the job was stopped or cancelled meanwhile).
 */
export type ReserveGate = (amount: number, meta: ReserveMeta) => Promise<Reservation | 'cap' | 'no_credits' | 'stopped'>;

/** An item's outcome before its settlement: its body needs the balance and charge the settlement gives. */
export type PendingOutcome = Omit<ItemOutcome, 'body'> & { body: (balance: number, charged: number) => string };

export type ItemRun =
  /** Ran: its outcome (an error too: errors are results, charged 0), and what it reserved and would be charged. */
  | {
      kind: 'ran';
      outcome: PendingOutcome;
      error: ApiError | null;
      reservation: Reservation | null;
      actual: number;
      /** How its record was read when not in full (the pipeline's OperationOutcome.read). */
      read?: ReadGap;
    }
  /** Not run: the gate refused its reservation. */
  | { kind: 'refused'; why: 'cap' | 'no_credits' | 'stopped' };

export function failure(err: ApiError): PendingOutcome {
  const text = JSON.stringify(restErrorBody(err));
  return { status: err.status, code: err.code, charged: 0, cached: false, body: () => text };
}

export async function runJobItem(
  deps: Deps,
  job: ItemJob,
  item: { idx: number; input: string },
  gate: ReserveGate,
  signal: AbortSignal,
  env: ItemEnv,
): Promise<ItemRun> {
  const state = { reservation: null as Reservation | null, actual: 0, refused: null as 'cap' | 'no_credits' | 'stopped' | null };
  const ledger: Ledger = Object.create(deps.ledger);
  ledger.reserve = async (_keyId, amount, meta) => {
    let r: Awaited<ReturnType<ReserveGate>>;
    try {
      // The job's charges are one transaction row (by job id), not one per item's request.
      r = await gate(amount, { operation: meta?.operation, jobId: job.id });
    } catch (e) {
      // The job's key revoked while the job runs (the ledger's 401): the job stops as when the
      // balance runs out, its items left pending and uncharged.
      if (!(e instanceof ApiError) || e.code !== 'UNAUTHORIZED') throw e;
      r = 'no_credits';
    }
    if (typeof r === 'string') {
      state.refused = r;
      return null;
    }
    state.reservation = r;
    return r;
  };
  // Deferred to the runner; the body takes its balance from that settlement.
  ledger.settle = async (_r, actual) => {
    state.actual = actual;
    return 0;
  };
  const itemDeps: Deps = Object.create(deps);
  itemDeps.ledger = ledger;
  itemDeps.upstream = env.upstream;
  const info: RequestInfo = {
    id: `${job.id}:${item.idx}:${newRequestId()}`,
    route: job.route.path,
    keyId: job.keyId,
    started: performance.now(),
  };
  const ctx = new JobItemContext(itemDeps, { id: job.keyId, balance: 0 }, info, signal);
  const params = new URLSearchParams(JSON.parse(item.input) as Record<string, string>);
  if (job.cacheMaxAge && job.route.op.cacheable && !params.has('cache_max_age')) params.set('cache_max_age', job.cacheMaxAge);

  const ran = (outcome: PendingOutcome, error: ApiError | null, read?: ReadGap): ItemRun => ({
    kind: 'ran',
    outcome,
    error,
    reservation: state.reservation,
    actual: error ? 0 : state.actual,
    ...(read ? { read } : {}),
  });
  let outcome: OperationOutcome;
  try {
    outcome = await runOperation(ctx, job.route.op, {
      ...toVariables(job.route, params),
      reuseWithinMs: job.reuseWithinMs,
      reuseFetchedSince: job.reuseFetchedSince,
    });
  } catch (e) {
    const err = inRestTerms(e, job.route.restName, deps.logger, info.id);
    if (err.code === 'INSUFFICIENT_CREDITS' && state.refused) return { kind: 'refused', why: state.refused };
    return ran(failure(err), err);
  }
  if (outcome.value == null) {
    const e = new ApiError('INTERNAL', 'Unexpected error.');
    return ran(failure(e), e);
  }
  // The record's text is made now, before the runner settles: a record that cannot be written is
  // the item's failure (0 credits, its reservation refunded), not a settlement that fails — which
  // left the item pending, to be run (and reserved for) again at once, without end.
  let tail: string;
  try {
    tail = tailText(wireRecord(job.route.op, outcome.value, ctx) as object, job.route.op.rest.wrap);
  } catch (e) {
    const err = inRestTerms(e, job.route.restName, deps.logger, info.id);
    return ran(failure(err), err);
  }
  // The REST body: success, credits_remaining, credits_charged, [cached, cached_at], ...record.
  const cached = outcome.cached ? `,"cached":true,"cached_at":${JSON.stringify(outcome.cachedAt)}` : '';
  const rest = tail.length > 1 ? `,${tail}` : tail;
  return ran(
    {
      status: 200,
      code: null,
      charged: outcome.charged,
      cached: outcome.cached,
      body: (balance, charged) => `{"success":true,"credits_remaining":${balance},"credits_charged":${charged}${cached}${rest}`,
    },
    null,
    outcome.read,
  );
}
