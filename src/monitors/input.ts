/**
 * A monitor's request, checked up front: POST /v1/monitors (and GraphQL createMonitor) and PATCH
 * /v1/monitors/{id} (updateMonitor). Every problem is reported at once, each naming its parameter
 * (`operation`, `params.handle`, `every`, `watch[2]`, `webhook.url`, `max_credits_per_day`…); a
 * field a monitor (or its webhook: url, secret) does not have is one of them. The first 50 are
 * listed (then how many more). A request with any problem creates or changes nothing and costs
 * nothing.
 *
 * The operation's parameters are checked exactly as its single REST request checks them
 * (query-string types, then the operation's own rules). `cache_max_age` is not one of them: a run
 * reuses a recent answer by the monitor's own rule (a tenth of its interval, docs/monitors.md).
 */
import { invalidInput, invalidInputAtMost } from '../errors.js';
import type { ApiError, ParamProblem } from '../errors.js';
import { CREDIT_CAP_RULE, creditCap, unknownFields, webhookOption } from '../jobs/input.js';
import { reservationOf, validateArgs } from '../platforms/operation.js';
import type { RestRoute } from '../rest/routes.js';
import { toVariables } from '../rest/routes.js';
import { defaultWatch, kindOf, WATCH_MAX } from './fields.js';

const HOUR_MS = 3_600_000;
/** The intervals a monitor runs at (api: `every`). */
export const EVERY: Readonly<Record<string, number>> = {
  '1h': HOUR_MS,
  '6h': 6 * HOUR_MS,
  '12h': 12 * HOUR_MS,
  '1d': 24 * HOUR_MS,
  '7d': 168 * HOUR_MS,
};
const UNIT_MS: Readonly<Record<string, number>> = { s: 1_000, m: 60_000, h: HOUR_MS, d: 24 * HOUR_MS };
const LONGEST_MS = EVERY['7d'];

export interface MonitorRequest {
  route: RestRoute;
  /** The operation's query parameters, as strings. */
  params: Record<string, string>;
  every: string;
  intervalMs: number;
  watch: string[];
  webhook: { url: string; secret: string } | null;
  maxCreditsPerDay: number | null;
}

export interface MonitorChanges {
  every?: { every: string; intervalMs: number };
  watch?: string[];
  webhook?: { url: string; secret: string } | null;
  maxCreditsPerDay?: number | null;
  paused?: boolean;
}

const CREATE_FIELDS = new Set(['operation', 'params', 'every', 'watch', 'webhook', 'max_credits_per_day']);
const PATCH_FIELDS = new Set(['every', 'watch', 'webhook', 'paused', 'max_credits_per_day']);

/**
 * An `every`: one of 1h, 6h, 12h, 1d, 7d, at least MONITORS_MIN_INTERVAL. With a minimum below an
 * hour (tests and bench only) any `<n>s|m|h|d` from it up to 7d is taken too.
 */
export function intervalOf(every: unknown, minMs: number, problems: ParamProblem[]): number | null {
  const short = minMs < HOUR_MS;
  const allowed = `${Object.keys(EVERY).join(', ')}${short ? ` (or <n>s, <n>m: MONITORS_MIN_INTERVAL is ${minMs / 1000} s)` : ''}`;
  if (typeof every !== 'string') {
    problems.push({ param: 'every', message: `is required: one of ${allowed}` });
    return null;
  }
  let ms: number | undefined = Object.hasOwn(EVERY, every) ? EVERY[every] : undefined;
  const m = /^(\d{1,7})([smhd])$/.exec(every);
  if (ms === undefined && short && m) ms = Number(m[1]) * UNIT_MS[m[2]];
  if (ms === undefined || ms > LONGEST_MS) {
    problems.push({ param: 'every', message: `must be one of ${allowed}` });
    return null;
  }
  if (ms < minMs) {
    problems.push({ param: 'every', message: `must be at least ${minMs / 1000} s (MONITORS_MIN_INTERVAL)` });
    return null;
  }
  return ms;
}

function maxPerDayOf(v: unknown, problems: ParamProblem[]): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === null) return null;
  // A JSON integer only (creditCap also reads digits in a string, as a job's upload parameters come).
  if (typeof v !== 'number' || creditCap(v) === null) {
    problems.push({ param: 'max_credits_per_day', message: `${CREDIT_CAP_RULE}, or null for no cap` });
    return undefined;
  }
  return v;
}

function watchOf(v: unknown, route: RestRoute, problems: ParamProblem[]): string[] | null {
  if (v === undefined || v === null) {
    const d = defaultWatch(route.op);
    if (!d.length) problems.push({ param: 'watch', message: `is required: ${route.path}'s record has no default fields to watch` });
    return d.length ? d : null;
  }
  if (!Array.isArray(v) || v.length === 0 || v.length > WATCH_MAX) {
    problems.push({ param: 'watch', message: `must be a list of 1 to ${WATCH_MAX} dotted paths into the record` });
    return null;
  }
  const seen = new Set<string>();
  let ok = true;
  v.forEach((p: unknown, i) => {
    const k = typeof p === 'string' ? kindOf(route.op.record, p) : { problem: 'must be a string' };
    if (typeof k === 'object') {
      problems.push({ param: `watch[${i}]`, message: k.problem });
      ok = false;
    } else if (seen.has(p as string)) {
      problems.push({ param: `watch[${i}]`, message: `${p as string} is listed twice` });
      ok = false;
    } else seen.add(p as string);
  });
  return ok ? [...seen] : null;
}

/** The operation's parameters as its single REST request takes them (problems named `params.<name>`); its maximum cost. */
function paramsOf(v: unknown, route: RestRoute, problems: ParamProblem[]): { params: Record<string, string>; maxCost: number } | null {
  if (v !== undefined && (typeof v !== 'object' || v === null || Array.isArray(v))) {
    problems.push({ param: 'params', message: "must be an object of the operation's query parameters" });
    return null;
  }
  const params: Record<string, string> = {};
  let ok = true;
  for (const [k, x] of Object.entries((v ?? {}) as Record<string, unknown>)) {
    if (x === null || x === undefined || x === '') continue;
    if (k === 'cache_max_age') {
      problems.push({
        param: 'params.cache_max_age',
        message: 'is not taken: a run reuses a recent answer by its own rule (docs/monitors.md)',
      });
      ok = false;
    } else if (!route.params.some((p) => p.name === k)) {
      problems.push({ param: `params.${k}`, message: `is not a parameter of ${route.path}` });
      ok = false;
    } else if (typeof x === 'string') params[k] = x;
    else if (typeof x === 'number' || typeof x === 'boolean') params[k] = String(x);
    else {
      problems.push({ param: `params.${k}`, message: 'must be a string, number or boolean' });
      ok = false;
    }
  }
  if (!ok) return null;
  const vars = toVariables(route, new URLSearchParams(params));
  if (vars.problems.length) {
    for (const p of vars.problems) problems.push({ param: `params.${p.param}`, message: p.message });
    return null;
  }
  const checked = validateArgs(route.op, vars.args);
  if (!checked.ok) {
    for (const p of checked.problems) problems.push({ param: `params.${route.restName.get(p.param) ?? p.param}`, message: p.message });
    return null;
  }
  return { params, maxCost: reservationOf(route.op, checked.args) };
}

const capTooLow = (maxCost: number): ParamProblem => ({
  param: 'max_credits_per_day',
  message: `must be at least ${maxCost}: one run of this operation may cost up to ${maxCost} credits`,
});

/** A create request (a JSON object), every field checked. */
export function monitorRequestOf(body: unknown, routes: ReadonlyMap<string, RestRoute>, minIntervalMs: number): MonitorRequest | ApiError {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return invalidInput([{ param: 'body', message: 'must be a JSON object' }]);
  const o = body as Record<string, unknown>;
  const problems: ParamProblem[] = [];
  unknownFields(o, CREATE_FIELDS, problems, 'a monitor');
  const route = typeof o.operation === 'string' ? routes.get(o.operation.trim()) : undefined;
  if (!route)
    problems.push({
      param: 'operation',
      message:
        typeof o.operation === 'string'
          ? `${o.operation} is not a /v1 GET route (see /openapi.json)`
          : 'is required: a /v1 GET path such as /v1/video/channel',
    });
  const p = route ? paramsOf(o.params, route, problems) : null;
  const intervalMs = intervalOf(o.every, minIntervalMs, problems);
  const watch = route ? watchOf(o.watch, route, problems) : null;
  const webhook = webhookOption(o.webhook, problems);
  const maxCreditsPerDay = maxPerDayOf(o.max_credits_per_day, problems) ?? null;
  if (p && maxCreditsPerDay !== null && maxCreditsPerDay < p.maxCost) problems.push(capTooLow(p.maxCost));
  if (problems.length || !route || !p || intervalMs === null || !watch) return invalidInputAtMost(problems, 'body');
  return { route, params: p.params, every: o.every as string, intervalMs, watch, webhook, maxCreditsPerDay };
}

/** A PATCH request, every field checked against the monitor's operation. */
export function monitorChangesOf(
  body: unknown,
  route: RestRoute | undefined,
  params: Record<string, string>,
  minIntervalMs: number,
): MonitorChanges | ApiError {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return invalidInput([{ param: 'body', message: 'must be a JSON object' }]);
  const o = body as Record<string, unknown>;
  const problems: ParamProblem[] = [];
  unknownFields(o, PATCH_FIELDS, problems, 'a monitor');
  if (Object.keys(o).length === 0) problems.push({ param: 'body', message: `name what to change: ${[...PATCH_FIELDS].join(', ')}` });
  const out: MonitorChanges = {};
  if (o.every !== undefined) {
    const ms = intervalOf(o.every, minIntervalMs, problems);
    if (ms !== null) out.every = { every: o.every as string, intervalMs: ms };
  }
  if (o.watch !== undefined) {
    if (!route) problems.push({ param: 'watch', message: "the monitor's operation no longer exists" });
    else if (o.watch === null) problems.push({ param: 'watch', message: 'must be a list of dotted paths into the record' });
    else {
      const w = watchOf(o.watch, route, problems);
      if (w) out.watch = w;
    }
  }
  if (o.webhook !== undefined) {
    const w = webhookOption(o.webhook, problems);
    if (o.webhook === null || w) out.webhook = w;
  }
  if (o.paused !== undefined) {
    if (typeof o.paused !== 'boolean') problems.push({ param: 'paused', message: 'must be true or false' });
    else out.paused = o.paused;
  }
  const cap = maxPerDayOf(o.max_credits_per_day, problems);
  if (cap !== undefined) {
    const maxCost = route ? paramsOf(params, route, []) : null;
    if (cap !== null && maxCost && cap < maxCost.maxCost) problems.push(capTooLow(maxCost.maxCost));
    else out.maxCreditsPerDay = cap;
  }
  return problems.length ? invalidInputAtMost(problems, 'body') : out;
}
