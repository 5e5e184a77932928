/**
 * Platform health from real traffic: every live fetch of an operation (not cache hits, not the
 * caller's own input errors) is recorded per platform with its outcome and time, in a bounded
 * ring of the most recent samples; a snapshot summarises those within the sliding window
 * (HEALTH_WINDOW_MS, default 5 min): success rate, latency p50/p95/mean, the latest error.
 * Optional canaries (./canary.ts) add their latest result beside it.
 *
 * Success means the platform answered as expected: `ok` (including private content) and
 * `not_found`. `blocked`, `timeout` and `failed` count against it.
 *
 * Blocks: every upstream answer the block catalogue recognised (a vendor's challenge, the
 * platform's own wall) within the window, by source — one live fetch may meet several.
 *
 * Parser warnings (src/observability/warn.ts) within the same window are reported per platform
 * and field (`parser_warnings`): a platform that answers but has begun to lose a field shows
 * here while its success rate is still 100 %. They do not change the status.
 *
 * Status: `unknown` without samples (or the canary's verdict when one ran), `ok` at ≥ 90 %
 * success, `degraded` at ≥ 50 %, else `failing`.
 */
import { z } from 'zod';
import type { Outcome } from './metrics.js';
import { OUTCOMES } from './metrics.js';

export interface CanaryResult {
  label: string;
  target: string;
  ok: boolean;
  outcome: Outcome;
  checkedAt: string;
  latencyMs: number;
  error: { code: string; message: string } | null;
}

export type PlatformState = 'ok' | 'degraded' | 'failing' | 'unknown';

export interface PlatformHealth {
  platform: string;
  status: PlatformState;
  /** Live fetches within the window. */
  requests: number;
  successes: number;
  failures: number;
  /** successes / requests, null without requests. */
  successRate: number | null;
  outcomes: Record<Outcome, number>;
  latencyMs: { p50: number | null; p95: number | null; mean: number | null };
  lastError: { code: string; message: string; at: string } | null;
  /** Upstream answers recognised as blocks within the window: total and by source (vendor or wall). */
  blocks: { total: number; bySource: { source: string; count: number }[] };
  canaries: CanaryResult[];
  /** Parser warnings within the window: total and per `record.field`. */
  parserWarnings: { total: number; fields: Record<string, number> };
}

export interface HealthSnapshot {
  generatedAt: string;
  windowSeconds: number;
  platforms: PlatformHealth[];
}

export interface HealthView {
  record(platform: string, outcome: Outcome, ms: number, error?: { code: string; message: string }): void;
  recordCanary(platform: string, result: CanaryResult): void;
  /** An upstream answer the block catalogue recognised (`source`: vendor or wall name). */
  recordBlock(platform: string, source: string): void;
  /** A parser warning (warn(platform, field)). */
  recordWarning(platform: string, field: string): void;
  snapshot(platforms: readonly string[]): HealthSnapshot;
}

const SAMPLES = 512;

class Ring {
  readonly at = new Float64Array(SAMPLES);
  readonly ms = new Float64Array(SAMPLES);
  readonly outcome = new Uint8Array(SAMPLES);
  next = 0;
  size = 0;
  lastError: { code: string; message: string; at: number } | null = null;
  push(at: number, ms: number, outcome: number) {
    this.at[this.next] = at;
    this.ms[this.next] = ms;
    this.outcome[this.next] = outcome;
    this.next = (this.next + 1) % SAMPLES;
    if (this.size < SAMPLES) this.size++;
  }
}

/**
 * Warning counts of one platform in time buckets (a sixtieth of the window each): exact to a
 * bucket, bounded memory (fields are code constants, at most 61 buckets each).
 */
class WarningBuckets {
  readonly byField = new Map<string, Map<number, number>>();
  constructor(private readonly bucketMs: number) {}
  add(field: string, t: number) {
    let m = this.byField.get(field);
    if (!m) this.byField.set(field, (m = new Map()));
    const b = Math.floor(t / this.bucketMs);
    m.set(b, (m.get(b) ?? 0) + 1);
  }
  /** Counts within [since, now]; drops older buckets. */
  counts(since: number): { total: number; fields: Record<string, number> } {
    const from = Math.floor(since / this.bucketMs);
    const fields: Record<string, number> = {};
    let total = 0;
    for (const [field, m] of this.byField) {
      let n = 0;
      for (const [b, c] of m) {
        if (b < from) m.delete(b);
        else n += c;
      }
      if (n) {
        fields[field] = n;
        total += n;
      } else if (!m.size) this.byField.delete(field);
    }
    return { total, fields };
  }
}

function percentile(sorted: number[], p: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function createHealthView(opts: { windowMs: number; now?: () => number }): HealthView {
  const now = opts.now ?? Date.now;
  const rings = new Map<string, Ring>();
  const canaries = new Map<string, Map<string, CanaryResult>>();
  /** Per platform, the most recent blocks (time, source), oldest first, at most SAMPLES. */
  const blockLog = new Map<string, { at: number; source: string }[]>();
  const warnings = new Map<string, WarningBuckets>();
  const bucketMs = Math.max(1, Math.floor(opts.windowMs / 60));
  const ringOf = (platform: string) => {
    let r = rings.get(platform);
    if (!r) rings.set(platform, (r = new Ring()));
    return r;
  };

  function summarise(platform: string, t: number): PlatformHealth {
    const r = rings.get(platform);
    const outcomes = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
    const times: number[] = [];
    let sum = 0;
    if (r) {
      for (let i = 0; i < r.size; i++) {
        if (r.at[i] < t - opts.windowMs) continue;
        outcomes[OUTCOMES[r.outcome[i]]]++;
        times.push(r.ms[i]);
        sum += r.ms[i];
      }
    }
    times.sort((a, b) => a - b);
    const requests = times.length;
    const successes = outcomes.ok + outcomes.not_found;
    const rate = requests ? successes / requests : null;
    const canaryList = [...(canaries.get(platform)?.values() ?? [])];
    let status: PlatformState = 'unknown';
    if (rate !== null) status = rate >= 0.9 ? 'ok' : rate >= 0.5 ? 'degraded' : 'failing';
    else if (canaryList.length) status = canaryList.every((c) => c.ok) ? 'ok' : canaryList.some((c) => c.ok) ? 'degraded' : 'failing';
    const bySource = new Map<string, number>();
    for (const b of blockLog.get(platform) ?? []) if (b.at >= t - opts.windowMs) bySource.set(b.source, (bySource.get(b.source) ?? 0) + 1);
    const blocks = {
      total: [...bySource.values()].reduce((a, n) => a + n, 0),
      bySource: [...bySource]
        .map(([source, count]) => ({ source, count }))
        .sort((a, b) => b.count - a.count || a.source.localeCompare(b.source)),
    };
    const lastError =
      r?.lastError && r.lastError.at >= t - opts.windowMs
        ? { code: r.lastError.code, message: r.lastError.message, at: new Date(r.lastError.at).toISOString() }
        : null;
    return {
      platform,
      status,
      requests,
      successes,
      failures: requests - successes,
      successRate: rate === null ? null : Math.round(rate * 10_000) / 10_000,
      outcomes,
      latencyMs: { p50: percentile(times, 50), p95: percentile(times, 95), mean: requests ? Math.round(sum / requests) : null },
      lastError,
      blocks,
      canaries: canaryList,
      parserWarnings: warnings.get(platform)?.counts(t - opts.windowMs) ?? { total: 0, fields: {} },
    };
  }

  return {
    record(platform, outcome, ms, error) {
      const t = now();
      const r = ringOf(platform);
      r.push(t, Math.round(ms), OUTCOMES.indexOf(outcome));
      if (error && outcome !== 'ok' && outcome !== 'not_found') r.lastError = { ...error, at: t };
    },
    recordCanary(platform, result) {
      let m = canaries.get(platform);
      if (!m) canaries.set(platform, (m = new Map()));
      m.set(result.label + '\u0000' + result.target, result);
    },
    recordBlock(platform, source) {
      let log = blockLog.get(platform);
      if (!log) blockLog.set(platform, (log = []));
      log.push({ at: now(), source });
      if (log.length > SAMPLES) log.splice(0, log.length - SAMPLES);
    },
    recordWarning(platform, field) {
      let w = warnings.get(platform);
      if (!w) warnings.set(platform, (w = new WarningBuckets(bucketMs)));
      w.add(field, now());
    },
    snapshot(platforms) {
      const t = now();
      const names = [...new Set([...platforms, ...rings.keys(), ...canaries.keys(), ...blockLog.keys(), ...warnings.keys()])];
      return {
        generatedAt: new Date(t).toISOString(),
        windowSeconds: Math.round(opts.windowMs / 1000),
        platforms: names.map((p) => summarise(p, t)),
      };
    },
  };
}

const count = z.number().int().min(0);
const when = z.iso.datetime();

/**
 * GET /v1/status body, its fields written once: statusWire builds it (typed by it), /openapi.json
 * shows it (src/status/index.ts, z.toJSONSchema), test/contract.test.ts holds answers to that.
 */
export const StatusBody = z.strictObject({
  success: z.literal(true),
  generated_at: when,
  window_seconds: count.describe('The sliding window the numbers cover (HEALTH_WINDOW_MS)'),
  platforms: z.array(
    z.strictObject({
      platform: z.string().describe('The platform label'),
      status: z
        .enum(['ok', 'degraded', 'failing', 'unknown'])
        .describe('ok at ≥ 90 % success, degraded at ≥ 50 %, failing below; unknown without traffic (then the canaries decide)'),
      requests: count.describe('Live fetches within the window (not cache hits, not input errors)'),
      successes: count.describe('`ok` and `not_found`: the platform answered as expected'),
      failures: count,
      success_rate: z.number().min(0).max(1).nullable(),
      outcomes: z.strictObject(Object.fromEntries(OUTCOMES.map((o) => [o, count])) as Record<Outcome, typeof count>),
      latency_ms: z.strictObject({ p50: count.nullable(), p95: count.nullable(), mean: count.nullable() }),
      last_error: z.strictObject({ code: z.string(), message: z.string(), at: when }).nullable(),
      blocks: z
        .strictObject({ total: count, by_source: z.array(z.strictObject({ source: z.string(), count })) })
        .describe('Upstream answers the block catalogue recognised within the window, by vendor or wall'),
      canaries: z.array(
        z.strictObject({
          label: z.string(),
          target: z.string(),
          ok: z.boolean(),
          outcome: z.enum(OUTCOMES),
          checked_at: when,
          latency_ms: count,
          error: z.strictObject({ code: z.string(), message: z.string() }).nullable(),
        }),
      ),
      parser_warnings: z
        .strictObject({ total: count, fields: z.record(z.string(), count).describe('Per `record.field`') })
        .describe('Fields the platform answers lacked within the window (returned as null); they do not change the status'),
    }),
  ),
});
export type StatusBody = z.infer<typeof StatusBody>;

/** GET /v1/status body: the snapshot in the API's snake_case wire form. */
export function statusWire(s: HealthSnapshot): StatusBody {
  return {
    success: true,
    generated_at: s.generatedAt,
    window_seconds: s.windowSeconds,
    platforms: s.platforms.map((p) => ({
      platform: p.platform,
      status: p.status,
      requests: p.requests,
      successes: p.successes,
      failures: p.failures,
      success_rate: p.successRate,
      outcomes: p.outcomes,
      latency_ms: p.latencyMs,
      last_error: p.lastError,
      blocks: { total: p.blocks.total, by_source: p.blocks.bySource },
      canaries: p.canaries.map((c) => ({
        label: c.label,
        target: c.target,
        ok: c.ok,
        outcome: c.outcome,
        checked_at: c.checkedAt,
        latency_ms: c.latencyMs,
        error: c.error,
      })),
      parser_warnings: p.parserWarnings,
    })),
  };
}
