/**
 * The REST face of bulk jobs (README "Bulk lookups"):
 *
 *   POST   /v1/jobs                  create (JSON; or NDJSON / CSV upload) → 202 {success, job}
 *   POST   /v1/jobs/estimate         the same body, 0 credits: max cost, cached items, expected cost
 *   GET    /v1/jobs/{id}             the job
 *   GET    /v1/jobs/{id}/results     NDJSON in input order (?after=N, ?format=csv)
 *   GET    /v1/jobs/{id}/events      server-sent progress events
 *   POST   /v1/jobs/{id}/resume      a stopped job runs on (optionally with a new max_credits)
 *   DELETE /v1/jobs/{id}             cancel
 *
 * Every route admits the key first (401, 429), as every route does; a job of another key is 404.
 */
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { maxAgeMs } from '../cache/cache.js';
import type { CacheMaxAge } from '../cache/cache.js';
import type { AuthenticatedKey } from '../credits/ledger.js';
import { ApiError, invalidInput } from '../errors.js';
import type { Deps } from '../pipeline/context.js';
import { HttpContext } from '../pipeline/context.js';
import { methodNotAllowed } from '../http/edges.js';
import type { RequestInfo } from '../observability/request.js';
import { admit } from '../pipeline/admit.js';
import { sendError, sendJson } from '../pipeline/errors.js';
import type { RestRoute } from '../rest/routes.js';
import { BodyReader, readJobRequest, validateItems } from './input.js';
import type { JobRequest, ValidItem } from './input.js';
import type { JobService } from './service.js';
import type { JobRow, ResultRow } from './store.js';
import { FINAL } from './store.js';
import { jobView } from './view.js';
import { watchJob } from './watch.js';

/** Results read from the store per batch while streaming. */
const PAGE = 500;
const SSE_THROTTLE_MS = 100;
const SSE_HEARTBEAT_MS = 15_000;

function queryOf(req: IncomingMessage): URLSearchParams {
  const raw = req.url ?? '';
  const q = raw.indexOf('?');
  return new URLSearchParams(q < 0 ? '' : raw.slice(q + 1));
}

/** The caller's key (or the error already answered). */
async function keyOf(req: IncomingMessage, res: ServerResponse, info: RequestInfo, deps: Deps): Promise<AuthenticatedKey | null> {
  const header = req.headers['x-api-key'];
  const ctx = new HttpContext(deps, (Array.isArray(header) ? header[0] : header) ?? null, info, req, res);
  const key = await admit(ctx);
  if ('id' in key) return key;
  sendError(res, key, {}, info.id);
  return null;
}

/** Whether the item's single request would be served from cache at 0 credits now. */
async function cachedNow(deps: Deps, route: RestRoute, item: ValidItem): Promise<boolean> {
  const maxAge = item.params.get('cache_max_age');
  if (!route.op.cacheable || !maxAge) return false;
  const hit = deps.cache.peek(item.cacheKey) ?? (await deps.cache.get(item.cacheKey).catch(() => undefined));
  return !!hit && hit.fetchedAt >= Date.now() - maxAgeMs(maxAge as CacheMaxAge);
}

/** 402 unless the balance covers the first item to run (0 when it is cached). */
async function firstItemCovered(
  deps: Deps,
  key: AuthenticatedKey,
  route: RestRoute,
  item: ValidItem | undefined,
): Promise<ApiError | null> {
  if (!item || (await cachedNow(deps, route, item))) return null;
  const balance = await deps.ledger.balance(key.id);
  if (balance >= item.maxCost) return null;
  return new ApiError('INSUFFICIENT_CREDITS', `The job's first item needs up to ${item.maxCost} credits; the key has ${balance}`);
}

async function tooManyRunning(svc: JobService, deps: Deps, key: AuthenticatedKey): Promise<ApiError | null> {
  const max = deps.config.jobs.maxRunningPerKey;
  if ((await svc.store.unfinishedCount(key.id)) < max) return null;
  return new ApiError(
    'RATE_LIMITED',
    `A key may have at most ${max} queued or running jobs (JOBS_MAX_RUNNING_PER_KEY); wait for one to finish or cancel one`,
    {
      retryAfterSec: 10,
    },
  );
}

async function readRequest(
  req: IncomingMessage,
  deps: Deps,
  svc: JobService,
): Promise<{ request: JobRequest; route: RestRoute; items: ValidItem[] } | ApiError> {
  const cfg = deps.config.jobs;
  let request: JobRequest | ApiError;
  try {
    request = await readJobRequest(req, queryOf(req), cfg.maxBodyBytes, cfg.maxItems);
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  if (request instanceof ApiError) return request;
  const v = await validateItems(svc.routes, request);
  if (v instanceof ApiError) return v;
  return { request, ...v };
}

export async function createJob(
  svc: JobService,
  deps: Deps,
  key: AuthenticatedKey,
  r: { request: JobRequest; route: RestRoute; items: ValidItem[] },
): Promise<{ row: JobRow; existing: boolean } | ApiError> {
  const { request, items } = r;
  if (request.idempotencyKey) {
    const existing = await svc.store.byIdempotencyKey(key.id, request.idempotencyKey);
    if (existing) return { row: existing, existing: true };
  }
  const busy = await tooManyRunning(svc, deps, key);
  if (busy) return busy;
  const bytes = items.reduce((n, i) => n + i.input.length, 0);
  const used = await svc.store.bytesOf(key.id);
  if (used + bytes > deps.config.jobs.keyQuotaBytes) {
    return new ApiError(
      'PAYLOAD_TOO_LARGE',
      `This key's stored jobs would exceed its quota of ${Math.round(deps.config.jobs.keyQuotaBytes / 1024 / 1024)} MiB (JOBS_KEY_QUOTA_MB; finished jobs are kept for JOBS_RETENTION_DAYS)`,
    );
  }
  const poor = await firstItemCovered(deps, key, r.route, items[0]);
  if (poor) return poor;
  const id = `job_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
  const made = await svc.store.create(
    {
      id,
      key_id: key.id,
      operation: r.route.path,
      total: items.length,
      cache_max_age: request.cacheMaxAge,
      max_credits: request.maxCredits,
      webhook_url: request.webhook?.url ?? null,
      webhook_secret: request.webhook?.secret ?? null,
      idempotency_key: request.idempotencyKey,
      bytes,
    },
    items.map((i) => i.input),
  );
  if (made.existing) return made;
  await svc.runner.activate(made.row);
  return { row: (await svc.store.get(id)) ?? made.row, existing: false };
}

export async function estimateJob(deps: Deps, r: { route: RestRoute; items: ValidItem[] }) {
  let max = 0;
  let cached = 0;
  let expected = 0;
  for (const item of r.items) {
    max += item.maxCost;
    if (await cachedNow(deps, r.route, item)) cached++;
    else expected += item.maxCost;
  }
  return { items: r.items.length, max_credits: max, cached, expected_credits: expected };
}

export function createJobHandlers(service: (deps: Deps) => JobService | undefined) {
  /** The service, or 503 answered (a ledger jobs cannot settle items with: only an injected one, in tests). */
  const svcOf = (res: ServerResponse, info: RequestInfo, deps: Deps): JobService | null => {
    const svc = service(deps);
    if (!svc) sendError(res, new ApiError('SERVICE_UNAVAILABLE', 'Bulk jobs are not available with this ledger'), {}, info.id);
    return svc ?? null;
  };

  /**
   * Runs a handler's work; a store that fails meanwhile (503, REDIS_URL) is answered as every
   * route answers it, unless the response has begun (a stream: it is cut).
   */
  const guarded =
    (fn: (req: IncomingMessage, res: ServerResponse, info: RequestInfo, deps: Deps) => Promise<void>) =>
    async (req: IncomingMessage, res: ServerResponse, info: RequestInfo, deps: Deps): Promise<void> => {
      try {
        await fn(req, res, info, deps);
      } catch (e) {
        if (!(e instanceof ApiError) || e.code !== 'SERVICE_UNAVAILABLE') throw e;
        deps.logger.warn({ code: e.code, msg_detail: e.message }, 'store unavailable');
        if (res.headersSent) return void res.destroy();
        sendError(res, e, {}, info.id);
      }
    };

  async function create(req: IncomingMessage, res: ServerResponse, info: RequestInfo, deps: Deps): Promise<void> {
    const key = await keyOf(req, res, info, deps);
    if (!key) return;
    const svc = svcOf(res, info, deps);
    if (!svc) return;
    const r = await readRequest(req, deps, svc);
    if (r instanceof ApiError) return sendError(res, r, {}, info.id);
    const made = await createJob(svc, deps, key, r);
    if (made instanceof ApiError) return sendError(res, made, {}, info.id);
    sendJson(
      res,
      202,
      { success: true, job: jobView(made.row, svc.runner.rateOf(made.row)) },
      made.existing ? { 'idempotent-replayed': 'true' } : {},
    );
  }

  async function estimate(req: IncomingMessage, res: ServerResponse, info: RequestInfo, deps: Deps): Promise<void> {
    const key = await keyOf(req, res, info, deps);
    if (!key) return;
    const svc = svcOf(res, info, deps);
    if (!svc) return;
    const r = await readRequest(req, deps, svc);
    if (r instanceof ApiError) return sendError(res, r, {}, info.id);
    const balance = await deps.ledger.balance(key.id);
    sendJson(res, 200, { success: true, credits_remaining: balance, credits_charged: 0, estimate: await estimateJob(deps, r) });
  }

  async function byId(req: IncomingMessage, res: ServerResponse, info: RequestInfo, deps: Deps): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    const m = /^\/v1\/jobs\/([A-Za-z0-9_-]{1,64})(\/results|\/events|\/resume)?\/?$/.exec(path);
    if (!m) return sendError(res, new ApiError('NOT_FOUND', `No route ${path}; see /openapi.json`), {}, info.id);
    const [, id, sub = ''] = m;
    const allowed = sub === '/resume' ? ['POST'] : sub === '' ? ['GET', 'HEAD', 'DELETE'] : ['GET', 'HEAD'];
    info.route = `/v1/jobs/{id}${sub}`;
    if (!allowed.includes(req.method ?? ''))
      return sendError(res, methodNotAllowed(req.method, allowed.join(' or ')), { allow: `${allowed.join(', ')}, OPTIONS` }, info.id);
    const key = await keyOf(req, res, info, deps);
    if (!key) return;
    const svc = svcOf(res, info, deps);
    if (!svc) return;
    const row = await svc.store.get(id);
    // Another key's job does not exist for this caller.
    if (!row || row.key_id !== key.id) return sendError(res, new ApiError('NOT_FOUND', `No job ${id}`), {}, info.id);
    if (sub === '/results') return results(req, res, info, svc, row);
    if (sub === '/events') return events(req, res, svc, row);
    if (sub === '/resume') return resume(req, res, info, deps, svc, key, row);
    if (req.method === 'DELETE') {
      if (!FINAL.has(row.status) || row.status === 'stopped_at_cap' || row.status === 'stopped_no_credits') await svc.runner.cancel(id);
    }
    const now = (await svc.store.get(id)) ?? row;
    sendJson(res, 200, { success: true, job: jobView(now, svc.runner.rateOf(now)) });
  }

  async function resume(
    req: IncomingMessage,
    res: ServerResponse,
    info: RequestInfo,
    deps: Deps,
    svc: JobService,
    key: AuthenticatedKey,
    row: JobRow,
  ): Promise<void> {
    let body: Record<string, unknown> = {};
    try {
      const text = await new BodyReader(64 * 1024).text(req);
      if (text.trim()) body = JSON.parse(text) as Record<string, unknown>;
    } catch (e) {
      if (e instanceof ApiError) return sendError(res, e, {}, info.id);
      return sendError(res, invalidInput([{ param: 'body', message: 'must be empty or a JSON object {"max_credits": n}' }]), {}, info.id);
    }
    let maxCredits = row.max_credits;
    if (body && typeof body === 'object' && body.max_credits !== undefined) {
      const n = body.max_credits;
      if (n !== null && (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0))
        return sendError(res, invalidInput([{ param: 'max_credits', message: 'must be an integer ≥ 0, or null for no cap' }]), {}, info.id);
      maxCredits = n as number | null;
    }
    if (row.status === 'completed' || row.status === 'cancelled') {
      return sendError(
        res,
        invalidInput([
          { param: 'id', message: `the job is ${row.status}; only a stopped job (stopped_at_cap, stopped_no_credits) resumes` },
        ]),
        {},
        info.id,
      );
    }
    if (row.status === 'stopped_at_cap' || row.status === 'stopped_no_credits') {
      const busy = await tooManyRunning(svc, deps, key);
      if (busy) return sendError(res, busy, {}, info.id);
      const first = await svc.store.firstPending(row.id);
      if (first) {
        const v = await validateItems(svc.routes, {
          operation: row.operation,
          items: [JSON.parse(first.input) as Record<string, string>],
          cacheMaxAge: row.cache_max_age,
        });
        const poor = v instanceof ApiError ? null : await firstItemCovered(deps, key, v.route, v.items[0]);
        if (poor) return sendError(res, poor, {}, info.id);
      }
      await svc.store.resume(row.id, maxCredits);
      const resumed = await svc.store.get(row.id);
      if (resumed) await svc.runner.activate(resumed);
    }
    const now = (await svc.store.get(row.id)) ?? row;
    sendJson(res, 200, { success: true, job: jobView(now, svc.runner.rateOf(now)) });
  }

  async function results(req: IncomingMessage, res: ServerResponse, info: RequestInfo, svc: JobService, row: JobRow): Promise<void> {
    const q = queryOf(req);
    const afterRaw = q.get('after');
    if (afterRaw !== null && !/^-?\d{1,9}$/.test(afterRaw.trim()))
      return sendError(res, invalidInput([{ param: 'after', message: 'must be an item index (results after it are sent)' }]), {}, info.id);
    const format = q.get('format') ?? 'ndjson';
    if (format !== 'ndjson' && format !== 'csv')
      return sendError(res, invalidInput([{ param: 'format', message: 'must be ndjson or csv' }]), {}, info.id);
    let cursor = afterRaw === null ? -1 : Number(afterRaw);
    res.writeHead(200, {
      'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
      'x-request-id': info.id,
      'x-job-status': row.status,
    });
    if (req.method === 'HEAD') return void res.end();
    const route = svc.routes.get(row.operation);
    let csv: CsvShape | null = null;
    for (;;) {
      if (!svc.store.open || res.destroyed) return void res.destroy();
      const rows = await svc.store.results(row.id, cursor, PAGE);
      let chunk = '';
      if (format === 'csv') {
        if (!csv) {
          csv = csvShape(route, rows);
          chunk += csvLine(csv.header);
        }
        for (const r of rows) chunk += csvLine(csvRow(csv, r));
      } else {
        for (const r of rows)
          chunk += `{"index":${r.idx},"input":${r.input},"status":${r.status},"code":${JSON.stringify(r.code)},"credits_charged":${r.credits_charged},"cached":${r.cached ? 'true' : 'false'},"body":${r.body}}\n`;
      }
      if (rows.length) cursor = rows[rows.length - 1].idx;
      if (chunk && !res.write(chunk)) await once(res, 'drain').catch(() => undefined);
      if (rows.length < PAGE) break;
    }
    res.end();
  }

  function events(req: IncomingMessage, res: ServerResponse, svc: JobService, row: JobRow): void {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
    if (req.method === 'HEAD') return void res.end();
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), SSE_HEARTBEAT_MS);
    heartbeat.unref();
    const stop = watchJob(svc, row.id, {
      throttleMs: SSE_THROTTLE_MS,
      onUpdate: (job, final) => {
        if (res.destroyed) return stop();
        res.write(`event: ${final ? 'end' : 'progress'}\ndata: ${JSON.stringify(job)}\n\n`);
      },
      onEnd: () => {
        clearInterval(heartbeat);
        if (!res.writableEnded) res.end();
      },
    });
    res.on('close', stop);
  }

  return { create: guarded(create), estimate: guarded(estimate), byId: guarded(byId) };
}

interface CsvShape {
  header: string[];
  inputs: string[];
  fields: string[];
  wrap: string | undefined;
}

/**
 * CSV columns: the item's place and outcome, its parameters, then the record's top-level
 * scalar fields (as found in the first page of results; nested values as JSON).
 */
function csvShape(route: RestRoute | undefined, first: ResultRow[]): CsvShape {
  const inputs = new Set(route?.params.map((p) => p.name) ?? []);
  const fields = new Set<string>();
  const wrap = route?.op.rest.wrap;
  for (const r of first) {
    for (const k of Object.keys(JSON.parse(r.input) as object)) inputs.add(k);
    if (r.status !== 200) continue;
    const body = JSON.parse(r.body) as Record<string, unknown>;
    const rec = (wrap ? body[wrap] : body) as Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(rec ?? {})) {
      if (['success', 'credits_remaining', 'credits_charged', 'cached', 'cached_at'].includes(k) && !wrap) continue;
      if (v === null || typeof v !== 'object') fields.add(k);
    }
  }
  return {
    inputs: [...inputs],
    fields: [...fields],
    wrap,
    header: [
      'index',
      'status',
      'code',
      'credits_charged',
      'cached',
      ...[...inputs].map((k) => `input.${k}`),
      'error_message',
      ...[...fields],
    ],
  };
}

function csvRow(s: CsvShape, r: ResultRow): unknown[] {
  const input = JSON.parse(r.input) as Record<string, unknown>;
  const body = JSON.parse(r.body) as Record<string, unknown>;
  const rec = (r.status === 200 ? (s.wrap ? body[s.wrap] : body) : undefined) as Record<string, unknown> | undefined;
  const message = r.status === 200 ? '' : ((body.error as { message?: string } | undefined)?.message ?? '');
  return [
    r.idx,
    r.status,
    r.code ?? '',
    r.credits_charged,
    r.cached ? 'true' : 'false',
    ...s.inputs.map((k) => input[k]),
    message,
    ...s.fields.map((k) => rec?.[k]),
  ];
}

function csvLine(values: unknown[]): string {
  return `${values
    .map((v) => {
      const t = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
      return /[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
    })
    .join(',')}\r\n`;
}
