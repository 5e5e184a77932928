/**
 * A monitor as clients see it (REST, GraphQL, webhooks): never its key, never its webhook secret.
 */
import type { MonitorRow, MonitorStatus, RunOutcome } from './store.js';

export interface MonitorView {
  id: string;
  operation: string;
  params: Record<string, string>;
  every: string;
  watch: string[];
  status: MonitorStatus;
  /** When the next scheduled run is due (null while the monitor is not active). */
  next_run_at: string | null;
  last_run_at: string | null;
  /** How the latest run went (null: none yet). */
  last_run: RunOutcome | null;
  runs: number;
  credits_charged: number;
  max_credits_per_day: number | null;
  /** Credits charged today (UTC), what max_credits_per_day counts. */
  credits_today: number;
  webhook_url: string | null;
  created_at: string;
  updated_at: string;
}

const isoOf = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function monitorView(row: MonitorRow, now = Date.now()): MonitorView {
  return {
    id: row.id,
    operation: row.operation,
    params: JSON.parse(row.params) as Record<string, string>,
    every: row.every,
    watch: JSON.parse(row.watch) as string[],
    status: row.status,
    next_run_at: row.status === 'active' ? isoOf(row.next_run_at) : null,
    last_run_at: isoOf(row.last_run_at),
    last_run: row.last_outcome ? (JSON.parse(row.last_outcome) as RunOutcome) : null,
    runs: row.runs,
    credits_charged: row.credits_charged,
    max_credits_per_day: row.max_credits_per_day,
    credits_today: row.day === new Date(now).toISOString().slice(0, 10) ? row.day_credits : 0,
    webhook_url: row.webhook_url,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
