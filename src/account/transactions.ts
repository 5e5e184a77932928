/**
 * The caller's own transactions, as GET /v1/account/transactions and GraphQL `transactions` show
 * them (0 credits): the key's settled movements from the ledger (src/credits/ledger.ts) — grants
 * (+) and charges (−), each with its time, request id, operation, job or monitor id, credits and
 * the settled balance after it — oldest first, a page at a time by a stable `after` cursor (a
 * row's id). Open reservations are not movements; a job is one row, updated as its items settle,
 * `final` once the job has ended. Rows are kept TRANSACTIONS_RETENTION_DAYS after they last changed.
 *
 * The parameters are checked here for both faces: each problem is a 400 INVALID_INPUT naming it.
 */
import type { Transaction, TransactionQuery } from '../credits/ledger.js';
import { invalidInput } from '../errors.js';
import type { ApiError, ParamProblem } from '../errors.js';
import { instantParam, limitParam, positionParam } from '../http/paging.js';
import type { Given } from '../http/paging.js';
import type { Deps } from '../pipeline/context.js';
import { jobService } from '../jobs/service.js';
import { FINAL } from '../jobs/store.js';

export const TRANSACTIONS_PARAMS = ['after', 'limit', 'operation', 'since'] as const;
export const TRANSACTIONS_LIMIT_DEFAULT = 100;
export const TRANSACTIONS_LIMIT_MAX = 1_000;
const TRANSACTIONS_PAGE = { default: TRANSACTIONS_LIMIT_DEFAULT, max: TRANSACTIONS_LIMIT_MAX };

export interface TransactionView {
  id: number;
  time: string;
  kind: Transaction['kind'];
  request_id: string | null;
  operation: string | null;
  job_id: string | null;
  monitor_id: string | null;
  /** Signed: grants +, charges −. */
  credits: number;
  balance_after: number;
  /** false: a job still running, whose row changes as its items settle. */
  final: boolean;
}

export interface TransactionsPage {
  transactions: TransactionView[];
  next_after: number | null;
}

/** The parameters as given (strings from a query string, numbers from GraphQL), checked as src/http/paging.ts says. */
export function transactionsQueryOf(given: {
  after?: Given;
  limit?: Given;
  operation?: string | null;
  since?: string | null;
}): TransactionQuery | ApiError {
  const problems: ParamProblem[] = [];
  const after = positionParam(given.after, problems);
  const query: TransactionQuery = { limit: limitParam(given.limit, TRANSACTIONS_PAGE, problems) };
  if (after !== null) query.after = after;
  if (given.operation != null) {
    // As a job names it (`/v1/code/repository`) or as rows show it (`code/repository`).
    const op = given.operation.trim().replace(/^\/?(v1\/)?/, '');
    if (op && op.length <= 200) query.operation = op;
    else problems.push({ param: 'operation', message: 'must be an operation, e.g. code/repository' });
  }
  const since = instantParam('since', given.since, problems);
  if (since !== null) query.since = since;
  return problems.length ? invalidInput(problems) : query;
}

/** A page of the key's transactions. */
export async function transactionsOf(deps: Deps, keyId: string, query: TransactionQuery): Promise<TransactionsPage> {
  const { rows, nextAfter } = await deps.ledger.transactions(keyId, query);
  // A job's row is final once the job has ended (or is gone: purged after JOBS_RETENTION_DAYS).
  const jobs = jobService(deps);
  const running = new Set<string>();
  for (const id of new Set(rows.flatMap((r) => (r.jobId ? [r.jobId] : [])))) {
    const job = await jobs?.store.get(id);
    if (job && !FINAL.has(job.status)) running.add(id);
  }
  return {
    transactions: rows.map((r) => ({
      id: r.id,
      time: new Date(r.at).toISOString(),
      kind: r.kind,
      request_id: r.requestId,
      operation: r.operation,
      job_id: r.jobId,
      monitor_id: r.monitorId,
      credits: r.credits,
      balance_after: r.balanceAfter,
      final: !(r.jobId && running.has(r.jobId)),
    })),
    next_after: nextAfter,
  };
}
