/**
 * A job as clients see it (GET /v1/jobs/{id}, webhooks, GraphQL lookupJob): never its key, never
 * its webhook secret; its webhook's URL and how the delivery of its latest event went.
 */
import type { JobRow } from './store.js';
import { FINAL } from './store.js';

export interface JobView {
  id: string;
  operation: string;
  status: JobRow['status'];
  items: number;
  counts: { done: number; ok: number; cached: number; failed: number; skipped: number };
  credits_charged: number;
  max_credits: number | null;
  cache_max_age: string | null;
  webhook_url: string | null;
  /** The delivery of the job's latest event (null: the job has no webhook). */
  webhook: JobWebhook | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  eta_s: number | null;
}

export interface JobWebhook {
  /** Deliveries tried for the latest event (0 until the job ends; it starts again at each end). */
  attempts: number;
  /** The latest attempt's HTTP status (null: none tried, or no answer came). */
  last_status: number | null;
  /** What went wrong with the latest attempt, in a line (null: none tried, or delivered). */
  last_error: string | null;
  /** true: delivered (a 2xx); false: given up, not retried again; null: not yet ended either way. */
  delivered: boolean | null;
}

/**
 * `done` = ok + failed (cached ⊂ ok); `skipped`: items a stopped or cancelled job did not run
 * (a stopped job's run when it is resumed). `eta_s` from this process's rate on the job, while it runs.
 */
export function jobView(row: JobRow, rate: number | null): JobView {
  const left = row.total - row.done;
  return {
    id: row.id,
    operation: row.operation,
    status: row.status,
    items: row.total,
    counts: { done: row.done, ok: row.ok, cached: row.cached, failed: row.failed, skipped: FINAL.has(row.status) ? left : 0 },
    credits_charged: row.credits_charged,
    max_credits: row.max_credits,
    cache_max_age: row.cache_max_age,
    webhook_url: row.webhook_url,
    webhook:
      row.webhook_url === null
        ? null
        : {
            attempts: row.webhook_attempts,
            last_status: row.webhook_last_status,
            last_error: row.webhook_last_error,
            delivered: row.webhook_delivered === null ? null : row.webhook_delivered === 1,
          },
    created_at: row.created_at,
    updated_at: row.updated_at,
    finished_at: row.finished_at,
    eta_s: row.status === 'running' && rate ? Math.ceil(left / rate) : FINAL.has(row.status) ? 0 : null,
  };
}
