/**
 * The REST face of monitors (docs/monitors.md):
 *
 *   POST   /v1/monitors                  create → 201 {success, monitor}
 *   GET    /v1/monitors                  the key's monitors, newest first (?status, ?limit, ?after) → {success, monitors, next_after}
 *   GET    /v1/monitors/{id}             the monitor
 *   PATCH  /v1/monitors/{id}             every, watch, webhook, paused, max_credits_per_day
 *   DELETE /v1/monitors/{id}             deletes it with its history
 *   POST   /v1/monitors/{id}/run         a run now (charged as a run) → {success, credits_charged, credits_remaining, monitor, run}
 *   GET    /v1/monitors/{id}/snapshots   the watched numbers run by run (?since, ?until, ?after, ?limit, ?format=json|csv)
 *   GET    /v1/monitors/{id}/changes     what changed (?since, ?until, ?after, ?limit)
 *
 * Every route admits the key first (401, 429), as every route does; a monitor of another key is
 * 404. Only POST …/run costs anything (what the run's single request costs). A query parameter a
 * route reads, given twice, is a 400 as on every route (src/http/query.ts). A create or PATCH body
 * is JSON of at most 64 KiB: another content-type is 415 UNSUPPORTED_MEDIA_TYPE, as for jobs.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthenticatedKey } from '../credits/ledger.js';
import { ApiError, invalidInput } from '../errors.js';
import type { ParamProblem } from '../errors.js';
import { methodNotAllowed } from '../http/edges.js';
import { csvLine } from '../http/csv.js';
import { instantParam, keysetCursor, keysetListQuery, limitParam, positionParam, withinBytes } from '../http/paging.js';
import type { Given } from '../http/paging.js';
import { queryOf, repeatedParams } from '../http/query.js';
import { bodyText } from '../jobs/input.js';
import type { RequestInfo } from '../observability/request.js';
import { admitted } from '../pipeline/admit.js';
import type { Deps } from '../pipeline/context.js';
import { sendError, sendJson } from '../pipeline/errors.js';
import { kindOf } from './fields.js';
import { monitorChangesOf, monitorRequestOf } from './input.js';
import type { MonitorRequest } from './input.js';
import type { MonitorService } from './service.js';
import type { HistoryQuery, MonitorListQuery, MonitorPatch, MonitorRow, RunOutcome } from './store.js';
import { HISTORY_BYTES, MONITOR_STATUSES } from './store.js';
import { monitorView } from './view.js';
import type { MonitorView } from './view.js';

/** A create or PATCH body: at most this many bytes. */
const BODY_MAX = 64 * 1024;
const LIST_PAGE = { default: 20, max: 100 };
const HISTORY_PAGE = { default: 100, max: 1_000 };

/**
 * A create or PATCH body: JSON (application/json, or no content-type, as job creation takes it);
 * another content-type is 415 UNSUPPORTED_MEDIA_TYPE before a byte is read, as job creation answers.
 */
async function jsonBody(req: IncomingMessage, deps: Deps): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json' && type !== '')
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `Send a monitor request as application/json, not ${type}`);
  const text = await bodyText(req, BODY_MAX, 'a monitor request body', deps.config.bodyIdleMs);
  try {
    return text.trim() ? (JSON.parse(text) as unknown) : {};
  } catch {
    throw invalidInput([{ param: 'body', message: 'must be a JSON object' }]);
  }
}

/** Creates a monitor of the key (checked already): 429 beyond MONITORS_MAX_PER_KEY. Costs nothing; its first run is due at once. */
export async function createMonitor(
  svc: MonitorService,
  deps: Deps,
  key: AuthenticatedKey,
  r: MonitorRequest,
): Promise<MonitorRow | ApiError> {
  const max = deps.config.monitors.maxPerKey;
  const made = await svc.store.create(
    {
      id: `mon_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
      key_id: key.id,
      operation: r.route.path,
      params: JSON.stringify(r.params),
      every: r.every,
      interval_ms: r.intervalMs,
      watch: JSON.stringify(r.watch),
      webhook_url: r.webhook?.url ?? null,
      // Sealed at rest (src/store/secrets.ts); opened only to sign a delivery (src/jobs/webhook.ts).
      webhook_secret: r.webhook ? deps.secrets.seal(r.webhook.secret) : null,
      max_credits_per_day: r.maxCreditsPerDay,
      next_run_at: svc.clock.now(),
    },
    max,
  );
  if (made === 'limit')
    return new ApiError('RATE_LIMITED', `A key may have at most ${max} monitors (MONITORS_MAX_PER_KEY); delete one first`, {
      retryAfterSec: 60,
    });
  try {
    await svc.scheduler.changed(made.id, made);
  } catch (e) {
    // Not scheduled, it would never run while counting against the key's MONITORS_MAX_PER_KEY
    // (its client answered 503 all the same): removed.
    await svc.store.delete(made.id).catch(() => undefined);
    throw e;
  }
  return made;
}

/** The key's monitor `id`, or 404 (another key's monitor does not exist for this caller). */
export async function ownMonitor(svc: MonitorService, key: AuthenticatedKey, id: string): Promise<MonitorRow | ApiError> {
  const row = await svc.store.get(id);
  return row && row.key_id === key.id ? row : new ApiError('NOT_FOUND', `No monitor ${id}`);
}

/** Applies a PATCH body to the key's monitor (every field checked first: a 400 changes nothing). */
export async function patchMonitor(svc: MonitorService, deps: Deps, row: MonitorRow, body: unknown): Promise<MonitorRow | ApiError> {
  const c = monitorChangesOf(
    body,
    svc.routes.get(row.operation),
    JSON.parse(row.params) as Record<string, string>,
    deps.config.monitors.minIntervalMs,
  );
  if (c instanceof ApiError) return c;
  const now = svc.clock.now();
  const patch: MonitorPatch = {};
  if (c.every) patch.every = { every: c.every.every, interval_ms: c.every.intervalMs, next_run_at: now + c.every.intervalMs };
  if (c.watch) patch.watch = JSON.stringify(c.watch);
  if (c.webhook !== undefined) patch.webhook = c.webhook && { url: c.webhook.url, secret: deps.secrets.seal(c.webhook.secret) };
  if (c.maxCreditsPerDay !== undefined) patch.max_credits_per_day = c.maxCreditsPerDay;
  if (c.paused !== undefined) patch.paused = { paused: c.paused, resume_at: now };
  const after = await svc.store.update(row.id, patch);
  if (!after) return new ApiError('NOT_FOUND', `No monitor ${row.id}`);
  await svc.scheduler.changed(after.id, after);
  return after;
}

export async function deleteMonitor(svc: MonitorService, row: MonitorRow): Promise<void> {
  await svc.store.delete(row.id);
  // Its run in progress, on any instance, is cancelled: its lookup is neither charged nor cached (run.ts runsInProgress).
  await svc.cancelRun(row.id);
  await svc.scheduler.changed(row.id, undefined);
  // Its subscriptions look, find it gone, and end.
  svc.events.emit(row.id);
}

/**
 * POST …/run: a run now, charged as a run. A run in progress is a 429 (try again once it ended);
 * a run the balance cannot cover 402, one past max_credits_per_day 429 (the monitor is unchanged);
 * a monitor deleted while its run was in progress 404 (the run's reservation refunded: 0 credits).
 */
export async function runMonitorNow(
  svc: MonitorService,
  deps: Deps,
  key: AuthenticatedKey,
  row: MonitorRow,
): Promise<{ row: MonitorRow; outcome: RunOutcome; balance: number } | ApiError> {
  const r = await svc.runNow(row.id);
  if (r === 'gone') return new ApiError('NOT_FOUND', `No monitor ${row.id}`);
  if (r === 'busy')
    return new ApiError('RATE_LIMITED', 'A run of this monitor is in progress; try again once it has ended', { retryAfterSec: 5 });
  if (r.kind === 'aborted') {
    // Deleted while it ran: nothing was recorded or charged, and nothing runs again.
    if (svc.store.open && !(await svc.store.get(row.id)))
      return new ApiError('NOT_FOUND', `No monitor ${row.id}: it was deleted while the run was in progress (0 credits)`);
    throw new ApiError('SERVICE_UNAVAILABLE', 'The run was cut short (shutting down, or a store away); it is made again');
  }
  if (r.outcome.result === 'skipped') {
    if (r.outcome.code === 'INSUFFICIENT_CREDITS') {
      const balance = await deps.ledger.balance(key.id);
      return new ApiError('INSUFFICIENT_CREDITS', `A run of this monitor needs more credits than the key has (${balance})`);
    }
    return new ApiError('RATE_LIMITED', `This run would take today's charges past max_credits_per_day (${row.max_credits_per_day})`, {
      retryAfterSec: 3600,
    });
  }
  return { row: r.row, outcome: r.outcome, balance: await deps.ledger.balance(key.id) };
}

/** A page's `next_after`: the last monitor listed, opaque to clients (src/http/paging.ts). */
const MONITOR_CURSOR = keysetCursor('mon_');

/** GET /v1/monitors's (and GraphQL monitors') parameters, read as src/http/paging.ts says; each problem a 400 naming its parameter. */
export function listQueryOf(given: { status?: Given; limit?: Given; after?: Given }): MonitorListQuery | ApiError {
  return keysetListQuery(given, { statuses: MONITOR_STATUSES, page: LIST_PAGE, cursor: MONITOR_CURSOR });
}

export async function listMonitors(
  svc: MonitorService,
  keyId: string,
  q: MonitorListQuery,
): Promise<{ monitors: MonitorView[]; next_after: string | null }> {
  const rows = await svc.store.list(keyId, { ...q, limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  return { monitors: page.map((r) => monitorView(r)), next_after: rows.length > q.limit ? MONITOR_CURSOR.of(page[page.length - 1]) : null };
}

/** The history routes' parameters (snapshots, changes), read as src/http/paging.ts says; each problem a 400 naming its parameter. */
export function historyQueryOf(given: {
  since?: string | null;
  until?: string | null;
  after?: Given;
  limit?: Given;
}): HistoryQuery | ApiError {
  const problems: ParamProblem[] = [];
  const since = instantParam('since', given.since, problems);
  const until = instantParam('until', given.until, problems);
  const after = positionParam(given.after, problems);
  const limit = limitParam(given.limit, HISTORY_PAGE, problems);
  return problems.length ? invalidInput(problems) : { since, until, after, limit };
}

/** Rows read from the store at a time while a page is filled: what is read beyond HISTORY_BYTES. */
const HISTORY_CHUNK = 20;

/** What an answer has left of HISTORY_BYTES, and whether it holds a row yet (its first is given however large). */
export interface HistoryBytes {
  left: number;
  taken: boolean;
  /**
   * A run's answer (runChanges): one whose first row does not fit is empty, its next_after going
   * on from before that row — not INVALID_INPUT.
   */
  orEmpty?: boolean;
}

export const historyBytes = (): HistoryBytes => ({ left: HISTORY_BYTES, taken: false });

/**
 * The rows of a page (`read` as `q` asks, HISTORY_CHUNK at a time) that fit in what `budget` has
 * left, and whether more follow (a full page, or one the bytes cut short: its next_after goes on
 * from its last row). Nothing fitting in what an answer has left is INVALID_INPUT naming `limit`
 * (only GraphQL's later fields: an answer's first row is always given).
 */
async function historyRows<R extends { seq: number; bytes: number }>(
  read: (q: HistoryQuery) => Promise<R[]>,
  q: HistoryQuery,
  budget: HistoryBytes,
): Promise<{ rows: R[]; next: number | null }> {
  const rows: R[] = [];
  let after = q.after;
  for (;;) {
    const want = Math.min(HISTORY_CHUNK, q.limit - rows.length);
    const chunk = await read({ ...q, after, limit: want });
    const { n, used } = withinBytes(chunk, (r) => r.bytes, budget.left, !budget.taken);
    if (n === 0 && rows.length === 0 && chunk.length > 0 && budget.orEmpty) return { rows, next: chunk[0].seq - 1 };
    if (n === 0 && rows.length === 0 && chunk.length > 0)
      throw invalidInput([
        {
          param: 'limit',
          message: `this answer already holds ${HISTORY_BYTES / 1024 / 1024} MiB of snapshots and changes: ask for the rest in another request`,
        },
      ]);
    budget.left = Math.max(0, budget.left - used);
    budget.taken ||= n > 0;
    rows.push(...chunk.slice(0, n));
    if (n < chunk.length || rows.length === q.limit) return { rows, next: rows[rows.length - 1].seq };
    if (chunk.length < want) return { rows, next: null };
    after = chunk[n - 1].seq;
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
const nextAfter = (p: { next: number | null }) => (p.next === null ? null : String(p.next));

/** A page of snapshots within `budget` (a REST page's own by default; GraphQL: the document's). */
export async function snapshotsPage(svc: MonitorService, id: string, q: HistoryQuery, budget = historyBytes()) {
  const page = await historyRows((h) => svc.store.snapshots(id, h), q, budget);
  return { snapshots: page.rows.map((s) => ({ at: iso(s.at), values: s.values })), next_after: nextAfter(page) };
}

/** A page of changes within `budget` (a REST page's own by default; GraphQL: the document's). */
export async function changesPage(svc: MonitorService, id: string, q: HistoryQuery, budget = historyBytes()) {
  const page = await historyRows((h) => svc.store.changes(id, h), q, budget);
  return {
    changes: page.rows.map((c) => ({ at: iso(c.at), field: c.field, before: c.before, after: c.after })),
    next_after: nextAfter(page),
  };
}

/**
 * A run's changes as its answers carry them (POST …/run, runMonitor, each monitorRuns event): read
 * back from the history, oldest first, at most HISTORY_BYTES of them — not even the first when it
 * is larger — and at most 1,000. `next_after`: where the rest are, the monitor's changes after it
 * (`since` and `until` bound them to the run's: `until` is exclusive, the run's `at` plus 1 ms);
 * null when the answer holds them all. A run may find thousands of changes (a list compares item by
 * item) and one change holds a watched value twice (a text of MBs, as the upstream sent it): 20
 * subscriptions of one key on a monitor whose 3 MB text changed took 250 MB in one run.
 */
export async function runChanges(svc: MonitorService, id: string, run: RunOutcome) {
  if (run.changed === 0) return { changes: [], next_after: null };
  const at = Date.parse(run.at);
  const q = { since: at, until: at + 1, after: null, limit: HISTORY_PAGE.max };
  return changesPage(svc, id, q, { left: HISTORY_BYTES, taken: true, orEmpty: true });
}

export function createMonitorHandlers(service: (deps: Deps) => MonitorService | undefined) {
  const svcOf = (res: ServerResponse, info: RequestInfo, deps: Deps): MonitorService | null => {
    const svc = service(deps);
    if (!svc) sendError(res, new ApiError('SERVICE_UNAVAILABLE', 'Monitors are not available with this ledger'), {}, info.id);
    return svc ?? null;
  };

  async function root(req: IncomingMessage, res: ServerResponse, info: RequestInfo, deps: Deps): Promise<void> {
    const key = await admitted(req, res, info, deps);
    if (!key) return;
    const svc = svcOf(res, info, deps);
    if (!svc) return;
    if (req.method === 'POST') {
      const r = monitorRequestOf(await jsonBody(req, deps), svc.routes, deps.config.monitors.minIntervalMs);
      if (r instanceof ApiError) return sendError(res, r, {}, info.id);
      const made = await createMonitor(svc, deps, key, r);
      if (made instanceof ApiError) return sendError(res, made, {}, info.id);
      return sendJson(res, 201, { success: true, monitor: monitorView(made) });
    }
    const q = queryOf(req);
    const twice = repeatedParams(q, ['status', 'limit', 'after']);
    if (twice.length) return sendError(res, invalidInput(twice), {}, info.id);
    const query = listQueryOf({ status: q.get('status'), limit: q.get('limit'), after: q.get('after') });
    if (query instanceof ApiError) return sendError(res, query, {}, info.id);
    sendJson(res, 200, { success: true, ...(await listMonitors(svc, key.id, query)) });
  }

  async function byId(req: IncomingMessage, res: ServerResponse, info: RequestInfo, deps: Deps): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    const m = /^\/v1\/monitors\/([A-Za-z0-9_-]{1,64})(\/run|\/snapshots|\/changes)?\/?$/.exec(path);
    if (!m) return sendError(res, new ApiError('NOT_FOUND', `No route ${path}; see /openapi.json`), {}, info.id);
    const [, id, sub = ''] = m;
    const allowed = sub === '/run' ? ['POST'] : sub === '' ? ['GET', 'HEAD', 'PATCH', 'DELETE'] : ['GET', 'HEAD'];
    info.route = `/v1/monitors/{id}${sub}`;
    if (!allowed.includes(req.method ?? ''))
      return sendError(res, methodNotAllowed(req.method, allowed.join(' or ')), { allow: `${allowed.join(', ')}, OPTIONS` }, info.id);
    const key = await admitted(req, res, info, deps);
    if (!key) return;
    const svc = svcOf(res, info, deps);
    if (!svc) return;
    const row = await ownMonitor(svc, key, id);
    if (row instanceof ApiError) return sendError(res, row, {}, info.id);
    if (sub === '/snapshots' || sub === '/changes') return history(req, res, info, svc, row, sub);
    if (sub === '/run') {
      const r = await runMonitorNow(svc, deps, key, row);
      if (r instanceof ApiError) return sendError(res, r, {}, info.id);
      const page = await runChanges(svc, row.id, r.outcome);
      return sendJson(res, 200, {
        success: true,
        credits_remaining: r.balance,
        credits_charged: r.outcome.credits_charged,
        monitor: monitorView(r.row),
        run: { ...r.outcome, changes: page.changes, changes_next_after: page.next_after },
      });
    }
    if (req.method === 'PATCH') {
      const after = await patchMonitor(svc, deps, row, await jsonBody(req, deps));
      if (after instanceof ApiError) return sendError(res, after, {}, info.id);
      return sendJson(res, 200, { success: true, monitor: monitorView(after) });
    }
    if (req.method === 'DELETE') {
      await deleteMonitor(svc, row);
      return sendJson(res, 200, { success: true, deleted: true, monitor: monitorView(row) });
    }
    sendJson(res, 200, { success: true, monitor: monitorView(row) });
  }

  async function history(
    req: IncomingMessage,
    res: ServerResponse,
    info: RequestInfo,
    svc: MonitorService,
    row: MonitorRow,
    sub: '/snapshots' | '/changes',
  ): Promise<void> {
    const q = queryOf(req);
    const names = sub === '/snapshots' ? ['since', 'until', 'after', 'limit', 'format'] : ['since', 'until', 'after', 'limit'];
    const twice = repeatedParams(q, names);
    if (twice.length) return sendError(res, invalidInput(twice), {}, info.id);
    const hq = historyQueryOf({ since: q.get('since'), until: q.get('until'), after: q.get('after'), limit: q.get('limit') });
    const format = sub === '/snapshots' ? (q.get('format') ?? 'json') : 'json';
    if (format !== 'json' && format !== 'csv')
      return sendError(res, invalidInput([{ param: 'format', message: 'must be json or csv' }]), {}, info.id);
    if (hq instanceof ApiError) return sendError(res, hq, {}, info.id);
    if (sub === '/changes') return sendJson(res, 200, { success: true, ...(await changesPage(svc, row.id, hq)) });
    const page = await snapshotsPage(svc, row.id, hq);
    if (format === 'json') return sendJson(res, 200, { success: true, ...page });
    // CSV: a column per watched number, in watch order, on every page alike — whether or not a
    // run of this page read it (an empty cell where one did not, as JSON leaves it out) — then any
    // a snapshot of the page holds beyond (a field watched before). Before, a page's columns were
    // the fields its runs happened to hold: pages of one history had different headers.
    const fields = new Set<string>();
    for (const s of page.snapshots) for (const k of Object.keys(s.values)) fields.add(k);
    const record = svc.routes.get(row.operation)?.op.record;
    const watched = (JSON.parse(row.watch) as string[]).filter((f) => (record ? kindOf(record, f) === 'number' : fields.has(f)));
    const columns = [...new Set([...watched, ...fields])];
    const lines = [['at', ...columns], ...page.snapshots.map((s) => [s.at, ...columns.map((c) => s.values[c])])];
    const body = lines.map(csvLine).join('');
    res.writeHead(200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'x-request-id': info.id,
      ...(page.next_after ? { 'x-next-after': page.next_after } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  // Errors thrown here (a 400 while reading, a store away: 503) are answered by the app's routing,
  // as for every route (src/app.ts).
  return { root, byId };
}
