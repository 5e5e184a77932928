/**
 * A job as clients see it (GET /v1/jobs/{id}, webhooks, GraphQL lookupJob): never its key, never
 * its webhook secret.
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
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  eta_s: number | null;
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
    created_at: row.created_at,
    updated_at: row.updated_at,
    finished_at: row.finished_at,
    eta_s: row.status === 'running' && rate ? Math.ceil(left / rate) : FINAL.has(row.status) ? 0 : null,
  };
}
