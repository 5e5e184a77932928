/**
 * The REST face of bulk jobs (docs/bulk-jobs.md):
 *
 *   POST   /v1/jobs                  create (JSON; or NDJSON / CSV upload) → 202 {success, job}
 *   GET    /v1/jobs                  the key's jobs, newest first (?status, ?limit, ?after) → {success, jobs, next_after}
 *   POST   /v1/jobs/estimate         the same body, 0 credits: max possible cost, cached items, expected cost
 *   GET    /v1/jobs/{id}             the job
 *   GET    /v1/jobs/{id}/results     NDJSON in input order (?after=N, ?format=csv)
 *   GET    /v1/jobs/{id}/events      server-sent progress events (JOBS_MAX_STREAMS_PER_KEY open at once: streams.ts)
 *   POST   /v1/jobs/{id}/resume      a stopped job runs on (optionally with a new max_credits)
 *   DELETE /v1/jobs/{id}             cancel
 *
 * Every route admits the key first (401, 429), as every route does; a job of another key is 404.
 * A query parameter a route reads, given twice, is a 400 as on every route (src/http/query.ts).
 */
import { once } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { maxAgeMs } from '../cache/cache.js';
import type { CacheMaxAge } from '../cache/cache.js';
import type { AuthenticatedKey } from '../credits/ledger.js';
import { ApiError, invalidInput } from '../errors.js';
import type { ParamProblem } from '../errors.js';
import type { Deps } from '../pipeline/context.js';
import { bodyHeldBack, methodNotAllowed } from '../http/edges.js';
import { csvLine } from '../http/csv.js';
import { itemIndexParam, keysetCursor, keysetListQuery, withinBytes } from '../http/paging.js';
import type { Given } from '../http/paging.js';
import { queryOf, repeatedParams } from '../http/query.js';
import type { RequestInfo } from '../observability/request.js';
import { admitted } from '../pipeline/admit.js';
import { sendError, sendJson } from '../pipeline/errors.js';
import type { RestRoute } from '../rest/routes.js';
import { csvRows, csvShape } from './export.js';
import type { CsvShape } from './export.js';
import { CREDIT_CAP_RULE, UPLOAD_OPTIONS, bodyText, creditCap, readJobRequest, unknownFields, validateItems } from './input.js';
import type { JobRequest, ValidItem } from './input.js';
import type { JobService } from './service.js';
import type { JobListQuery, JobRow } from './store.js';
import { FINAL, JOB_STATUSES, OpenJobsLimit } from './store.js';
import { jobView } from './view.js';
import type { JobView } from './view.js';
import { watchJob } from './watch.js';

/**
 * Results read from the store per batch while streaming: a page is what a download holds until its
 * client reads it, and what one turn of the event loop builds (a 500-row CSV page took ~50 ms).
 */
const PAGE = 100;
const SSE_THROTTLE_MS = 100;
const SSE_HEARTBEAT_MS = 15_000;
/**
 * Bytes of a progress stream its client has not taken yet, at most, beyond which a progress event
 * is not written (the next one, or the end, says more). A job runs for hours at up to 10 events a
 * second, and node keeps whatever a client does not read: 20 unread streams of a key grew by
 * ~1 GB over a long job's run.
 */
export const SSE_MAX_UNSENT = 16 * 1024;
/** GET /v1/jobs/{id}/results's parameters. */
const RESULTS_PARAMS = ['after', 'format'] as const;

/** Whether the item's single request would be served from cache at 0 credits now. */
async function cachedNow(deps: Deps, route: RestRoute, item: ValidItem): Promise<boolean> {
  const maxAge = item.maxAge;
  if (!route.op.cacheable || !maxAge) return false;
  const hit = deps.cache.peek(item.cacheKey) ?? (await deps.cache.get(item.cacheKey).catch(() => undefined));
  return !!hit && hit.fetchedAt >= Date.now() - maxAgeMs(maxAge as CacheMaxAge);
}

/** What the balance must cover for a new job: its first item's maximum (0 when it is cached now). */
async function firstItemCost(deps: Deps, route: RestRoute, item: ValidItem | undefined): Promise<number> {
  return !item || (await cachedNow(deps, route, item)) ? 0 : item.maxCost;
}

/** 402 unless the balance covers `need` (the first item of each job to start). */
async function covered(deps: Deps, key: AuthenticatedKey, need: number, jobs: number): Promise<ApiError | null> {
  if (need === 0) return null;
  const balance = await deps.ledger.balance(key.id);
  if (balance >= need) return null;
  return new ApiError(
    'INSUFFICIENT_CREDITS',
    jobs === 1
      ? `The job's first item needs up to ${need} credits; the key has ${balance}`
      : `The first items of these ${jobs} jobs need up to ${need} credits together; the key has ${balance}; no job was created`,
  );
}

/** The 429 of a key at JOBS_MAX_RUNNING_PER_KEY; `then`: what it means for this request. */
function runningLimit(max: number, then: string): ApiError {
  return new ApiError('RATE_LIMITED', `A key may have at most ${max} queued or running jobs (JOBS_MAX_RUNNING_PER_KEY); ${then}`, {
    retryAfterSec: 10,
  });
}

/**
 * 429 unless the key's unfinished jobs plus `adding` stay within JOBS_MAX_RUNNING_PER_KEY: the
 * early answer, before a body is read or items staged. The store enforces the limit again as it
 * creates each job (JobStore.create's maxOpen), in the same step as the count.
 */
async function tooManyRunning(svc: JobService, deps: Deps, key: AuthenticatedKey, adding = 1): Promise<ApiError | null> {
  const max = deps.config.jobs.maxRunningPerKey;
  const open = await svc.store.unfinishedCount(key.id);
  if (open + adding <= max) return null;
  return runningLimit(
    max,
    adding === 1 ? 'wait for one to finish or cancel one' : `it has ${open} and this operation would add ${adding}; no job was created`,
  );
}

function overQuota(deps: Deps): ApiError {
  return new ApiError(
    'PAYLOAD_TOO_LARGE',
    `This key's stored jobs would exceed its quota of ${Math.round(deps.config.jobs.keyQuotaBytes / 1024 / 1024)} MiB (JOBS_KEY_QUOTA_MB; finished jobs are kept for JOBS_RETENTION_DAYS)`,
  );
}

/**
 * What can be refused from the headers, before a byte of the body is read: the job limit (unless
 * the request names an idempotency key in its query or header: a replay of an existing job is
 * answered with it) and a quota already used up. The balance is checked once the items are read:
 * the first item may be a cache hit, which costs nothing.
 */
async function refusedBeforeBody(svc: JobService, deps: Deps, key: AuthenticatedKey, req: IncomingMessage): Promise<ApiError | null> {
  if (!queryOf(req).get('idempotency_key') && !req.headers['idempotency-key']) {
    const busy = await tooManyRunning(svc, deps, key);
    if (busy) return busy;
  }
  return (await svc.store.bytesOf(key.id)) >= deps.config.jobs.keyQuotaBytes ? overQuota(deps) : null;
}

/**
 * Job request bodies being read and validated now, in all and per key. A 100,000-item body holds
 * ~40 MB of heap and more until its job is written: JOBS_BODIES_AT_ONCE and JOBS_BODIES_PER_KEY bound the
 * heap all bodies together may take, whatever clients send (429 with Retry-After beyond).
 */
interface BodyPlace {
  keyId: string;
  req: IncomingMessage;
  since: number;
  /** Ends the body's read (src/http/edges.ts bodyChunks) with 408: its place was given to another key's body. */
  cut: AbortController;
}
const places = new Set<BodyPlace>();

/**
 * A body still arriving that has held its place past JOBS_BODY_HOLD_MS, of another key than
 * `keyId` (the longest held), or undefined. A client sending just above BODY_MIN_BYTES_PER_S holds
 * its place for as long as its body lasts (32 MiB: half an hour), and two keys doing so held both
 * places: every other key's job was refused. Only a body still arriving is cut, only when another
 * key asks for its place; uncontended, a slow upload runs to its end.
 */
function overstayed(deps: Deps, keyId: string): BodyPlace | undefined {
  const limit = Date.now() - deps.config.jobs.bodyHoldMs;
  let oldest: BodyPlace | undefined;
  for (const p of places) if (p.keyId !== keyId && !p.req.complete && p.since <= limit && (!oldest || p.since < oldest.since)) oldest = p;
  return oldest;
}

/** 408 for a body whose place went to another key's body. */
const placeTaken = (holdMs: number) =>
  new ApiError(
    'REQUEST_TIMEOUT',
    `This job body was still arriving after ${holdMs / 1000} s (JOBS_BODY_HOLD_MS) while another key's body waited for its place; send it faster, or as smaller jobs`,
    { headers: { connection: 'close' } },
  );

/**
 * A place to read one body in — its release and the signal that ends its read when the place is
 * given to another key's body (overstayed) — or the 429.
 */
function bodySlot(deps: Deps, keyId: string, req: IncomingMessage): { release: () => void; signal: AbortSignal } | ApiError {
  const { bodiesAtOnce, bodiesPerKey, bodyHoldMs } = deps.config.jobs;
  let mine = 0;
  for (const p of places) if (p.keyId === keyId) mine++;
  if (mine < bodiesPerKey && places.size >= bodiesAtOnce) {
    const cut = overstayed(deps, keyId);
    if (cut) {
      places.delete(cut);
      cut.cut.abort(placeTaken(bodyHoldMs));
    }
  }
  if (mine >= bodiesPerKey || places.size >= bodiesAtOnce) {
    const which = mine >= bodiesPerKey ? `${bodiesPerKey} per key (JOBS_BODIES_PER_KEY)` : `${bodiesAtOnce} (JOBS_BODIES_AT_ONCE)`;
    return new ApiError('RATE_LIMITED', `Job request bodies are read at most ${which} at once; try again shortly`, { retryAfterSec: 1 });
  }
  const place: BodyPlace = { keyId, req, since: Date.now(), cut: new AbortController() };
  places.add(place);
  return { release: () => void places.delete(place), signal: place.cut.signal };
}

/**
 * A refusal sent before the body is read still reaches the client: the body is read and dropped
 * as it comes (no memory kept; the connection closed once more than the upload cap has come).
 * Closing a connection with unread bytes resets it, and a client still sending then often loses
 * the answer (undici's fetch reports ECONNRESET).
 */
function refuseUnread(req: IncomingMessage, res: ServerResponse, deps: Deps, error: ApiError, requestId: string): void {
  // A client waiting for 100 Continue has sent none of it: the answer is its final status (src/http/edges.ts deferContinue).
  if (bodyHeldBack(req)) return sendError(res, error, {}, requestId);
  let seen = 0;
  req.on('data', (c: Buffer) => {
    seen += c.length;
    if (seen > deps.config.jobs.maxBodyBytes) req.socket.destroy();
  });
  req.resume();
  // After a reader (an async iterator) has let go of the body, the stream flows only from the next
  // tick on: answered before, the response would see a body nobody reads and close the connection
  // under the client (GatewayResponse).
  setImmediate(() => sendError(res, error, {}, requestId));
}

/**
 * A body refused while being read (a line or field over its cap, a malformed row): the rest is
 * dropped as it comes (refuseUnread) so the client gets the 400. Over the body cap (413), or
 * stalled (408, BODY_IDLE_MS), nothing more is read: the connection is closed after the answer.
 */
function refuseRead(req: IncomingMessage, res: ServerResponse, deps: Deps, error: ApiError, requestId: string): void {
  if (req.complete || error.code === 'PAYLOAD_TOO_LARGE' || error.code === 'REQUEST_TIMEOUT') return sendError(res, error, {}, requestId);
  refuseUnread(req, res, deps, error, requestId);
}

async function readRequest(
  req: IncomingMessage,
  deps: Deps,
  svc: JobService,
  signal: AbortSignal,
): Promise<{ request: JobRequest; route: RestRoute; items: ValidItem[] } | ApiError> {
  const cfg = deps.config.jobs;
  const query = queryOf(req);
  // Refused as every route refuses a parameter given twice, whichever form the body takes.
  const twice = repeatedParams(query, UPLOAD_OPTIONS);
  if (twice.length) return invalidInput(twice);
  let request: JobRequest | ApiError;
  try {
    request = await readJobRequest(
      req,
      query,
      { upload: cfg.maxBodyBytes, json: cfg.maxJsonBodyBytes, idleMs: deps.config.bodyIdleMs, signal },
      cfg.maxItems,
    );
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  if (request instanceof ApiError) return request;
  const v = await validateItems(svc.routes, request);
  if (v instanceof ApiError) return v;
  return { request, ...v };
}

/** A job request, validated: what createJobs takes. */
export interface CheckedJob {
  request: JobRequest;
  route: RestRoute;
  items: ValidItem[];
}

/**
 * Whether two webhook URLs (or none) are the same URL as WHATWG URL parsing reads them: scheme and
 * host in any case, the scheme's default port or none, dot segments resolved
 * (`HTTPS://Hooks.Example:443/a/./b` is `https://hooks.example/a/b`). Stored as sent, each is
 * parsed for the comparison (a job's URL passed validation, webhookOption).
 */
function sameUrl(a: string | null, b: string | null): boolean {
  if (a === b) return true;
  if (a === null || b === null || !URL.canParse(a) || !URL.canParse(b)) return false;
  return new URL(a).href === new URL(b).href;
}

/**
 * A request naming the idempotency key of a job the key has must be that job's request: under the
 * same key, another operation, number of items, cache_max_age or webhook URL (as a URL: sameUrl) is a 400 — answered
 * with the earlier job, it would read that job's results as its own. Items are compared by their
 * number (their inputs are not read again); max_credits not at all (a resume changes it).
 */
function replayMismatch(row: JobRow, request: JobRequest, route: RestRoute, items: number): ApiError | null {
  const differs = [
    row.operation !== route.path && `operation (${row.operation})`,
    row.total !== items && `number of items (${row.total})`,
    row.cache_max_age !== request.cacheMaxAge && `cache_max_age (${row.cache_max_age ?? 'none'})`,
    !sameUrl(row.webhook_url, request.webhook?.url ?? null) && `webhook URL (${row.webhook_url ?? 'none'})`,
  ].filter((d): d is string => typeof d === 'string');
  if (!differs.length) return null;
  return invalidInput([
    {
      param: 'idempotency_key',
      message: `is job ${row.id}'s, whose ${differs.join(', ')} this request does not have; use a new key for a new job`,
    },
  ]);
}

/**
 * Creates jobs all together or none (POST /v1/jobs: one; a GraphQL operation: each of its
 * createLookupJob fields): together they must fit the key's limits — JOBS_MAX_RUNNING_PER_KEY
 * unfinished jobs, JOBS_KEY_QUOTA_MB stored bytes, a balance covering each one's first item —
 * before any is created. A job whose idempotency key the key used before is that job (counted
 * once, and not against the limits), if the request is that job's (replayMismatch). The running
 * limit is checked first, then enforced by the store as each job is created (counted and created
 * in one step, so requests of one key at the same moment never exceed it together): the k-th of n
 * new jobs (k from 1) is created only while the key has fewer than JOBS_MAX_RUNNING_PER_KEY - (n - k)
 * unfinished (room left for the rest). The jobs are started once all are created (with REDIS_URL other
 * instances may take one up as soon as it is stored). Should a create fail, or find the limit
 * reached meanwhile (a 429), the jobs this call made are cancelled.
 */
export async function createJobs(
  svc: JobService,
  deps: Deps,
  key: AuthenticatedKey,
  jobs: CheckedJob[],
): Promise<{ row: JobRow; existing: boolean }[] | ApiError> {
  const known = new Map<string, JobRow>();
  /** Idempotency keys of the jobs to add (a second job with one of them is the first). */
  const newKeys = new Set<string>();
  let adding = 0;
  let bytes = 0;
  let need = 0;
  for (const { request, route, items } of jobs) {
    const idem = request.idempotencyKey;
    if (idem && !known.has(idem)) {
      const existing = await svc.store.byIdempotencyKey(key.id, idem);
      if (existing) known.set(idem, existing);
    }
    const earlier = idem ? known.get(idem) : undefined;
    if (earlier) {
      const clash = replayMismatch(earlier, request, route, items.length);
      if (clash) return clash;
    }
    if (idem && (known.has(idem) || newKeys.has(idem))) continue;
    if (idem) newKeys.add(idem);
    adding++;
    bytes += items.reduce((sum, i) => sum + i.input.length, 0);
    need += await firstItemCost(deps, route, items[0]);
  }
  if (adding) {
    const busy = await tooManyRunning(svc, deps, key, adding);
    if (busy) return busy;
    const used = await svc.store.bytesOf(key.id);
    if (used + bytes > deps.config.jobs.keyQuotaBytes) return overQuota(deps);
    const poor = await covered(deps, key, need, adding);
    if (poor) return poor;
  }
  const out: { row: JobRow; existing: boolean }[] = [];
  const made: JobRow[] = [];
  const max = deps.config.jobs.maxRunningPerKey;
  /** New jobs this call has yet to create, this one included. */
  let left = adding;
  try {
    for (const { request, route, items } of jobs) {
      const existing = request.idempotencyKey ? known.get(request.idempotencyKey) : undefined;
      if (existing) {
        out.push({ row: existing, existing: true });
        continue;
      }
      const maxOpen = max - (left - 1);
      left--;
      const r = await svc.store.create(
        {
          id: `job_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
          key_id: key.id,
          operation: route.path,
          total: items.length,
          cache_max_age: request.cacheMaxAge,
          max_credits: request.maxCredits,
          webhook_url: request.webhook?.url ?? null,
          // Sealed at rest (src/store/secrets.ts); opened only to sign the delivery (webhook.ts).
          webhook_secret: request.webhook ? deps.secrets.seal(request.webhook.secret) : null,
          idempotency_key: request.idempotencyKey,
          bytes: items.reduce((sum, i) => sum + i.input.length, 0),
        },
        items.map((i) => i.input),
        maxOpen,
      );
      if (r.existing) {
        // Created under the same key by a request a moment ago (after the check above): that
        // request must have been this one too.
        const clash = replayMismatch(r.row, request, route, items.length);
        if (clash) throw clash;
      }
      out.push(r);
      if (r.existing) continue;
      made.push(r.row);
      if (request.idempotencyKey) known.set(request.idempotencyKey, r.row);
    }
  } catch (e) {
    for (const row of made) {
      try {
        await svc.runner.cancel(row.id);
      } catch {
        // The store away too: the job stays queued (listed by GET /v1/jobs, cancellable there).
      }
    }
    if (e instanceof OpenJobsLimit)
      return runningLimit(
        max,
        made.length
          ? `other jobs took the places meanwhile; the jobs this operation had created (${made.length}) are cancelled`
          : 'wait for one to finish or cancel one',
      );
    throw e;
  }
  // Started once all are created: one job's first items do not spend the balance the next one was checked against.
  for (const row of made) await svc.runner.activate(row);
  return Promise.all(out.map(async (r) => (r.existing ? r : { row: (await svc.store.get(r.row.id)) ?? r.row, existing: false })));
}

export async function createJob(
  svc: JobService,
  deps: Deps,
  key: AuthenticatedKey,
  r: CheckedJob,
): Promise<{ row: JobRow; existing: boolean } | ApiError> {
  const made = await createJobs(svc, deps, key, [r]);
  return made instanceof ApiError ? made : made[0];
}

/** Jobs a page lists by default, and at most. */
const LIST_PAGE = { default: 20, max: 100 };

/**
 * A page's `next_after`: the last job listed, opaque to clients (src/http/paging.ts; both stores
 * order a key's jobs by created_at, then id).
 */
const JOB_CURSOR = keysetCursor('job_');

/**
 * Of `rows` (done items after index `after`, in input order), what a client may take without
 * missing one later: while the job may still record items (queued, running, or stopped until a
 * resume), those up to the first item not done. Items run several at once, so one may finish after
 * later ones: sent [0, 2, 3] while item 1 ran, a client resuming after 3 (the last index it got, as
 * `after` says) never got item 1. Once the job is completed or cancelled, every done item.
 */
export function resultsInOrder<R extends { idx: number }>(status: string, after: number, rows: R[]): R[] {
  if (status === 'completed' || status === 'cancelled') return rows;
  let n = 0;
  while (n < rows.length && rows[n].idx === after + 1 + n) n++;
  return n === rows.length ? rows : rows.slice(0, n);
}

/** A page of a job's results where a face pages them (GraphQL `first`, MCP `limit`; REST streams them all after `after`). */
export const JOB_RESULTS_PAGE = { default: 100, max: 1000 };

/**
 * How many of `rows` (stored results, from the first) fit in `bytes` of their input and body text,
 * and the bytes they take; with `firstAlways` the first counts however large (so that every result
 * can be read). The faces that page results bound an answer by this as well as by rows (GraphQL per
 * document, MCP per call): a record may be tens of KB. The loop is src/http/paging.ts withinBytes.
 */
export function resultsWithin(rows: readonly { input: string; body: string }[], bytes: number, firstAlways: boolean) {
  return withinBytes(rows, (r) => r.input.length + r.body.length, bytes, firstAlways);
}

/** GET /v1/jobs's (and lookupJobs') parameters, read as src/http/paging.ts says; each problem a 400 naming its parameter. */
export function listQueryOf(given: { status?: Given; limit?: Given; after?: Given }): JobListQuery | ApiError {
  return keysetListQuery(given, { statuses: JOB_STATUSES, page: LIST_PAGE, cursor: JOB_CURSOR });
}

/** A page of the key's jobs, newest first; `next_after` null on the last page. 0 credits. */
export async function listJobs(svc: JobService, keyId: string, q: JobListQuery): Promise<{ jobs: JobView[]; next_after: string | null }> {
  const rows = await svc.store.list(keyId, { ...q, limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  return {
    jobs: page.map((r) => jobView(r, svc.runner.rateOf(r))),
    next_after: rows.length > q.limit ? JOB_CURSOR.of(page[page.length - 1]) : null,
  };
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
  // `max_credits` (the name before max_possible_credits, which a job's own max_credits — its cap —
  // made ambiguous) stays one release as a deprecated alias.
  return { items: r.items.length, max_possible_credits: max, max_credits: max, cached, expected_credits: expected };
}

/** The fields of a resume body. */
const RESUME_FIELDS = new Set(['max_credits']);

/** POST /v1/jobs/{id}/resume: a stopped job runs on, with the body's max_credits if it gives one. */
async function resumeJob(
  req: IncomingMessage,
  res: ServerResponse,
  info: RequestInfo,
  deps: Deps,
  svc: JobService,
  key: AuthenticatedKey,
  given: JobRow,
): Promise<void> {
  const notResume = invalidInput([{ param: 'body', message: 'must be empty or a JSON object {"max_credits": n}' }]);
  let body: unknown = {};
  try {
    const text = await bodyText(req, 64 * 1024, 'a resume body is {"max_credits": n}', deps.config.bodyIdleMs);
    if (text.trim()) body = JSON.parse(text);
  } catch (e) {
    if (e instanceof ApiError) return sendError(res, e, {}, info.id);
    return sendError(res, notResume, {}, info.id);
  }
  // Refused, not ignored: `{"max_credit": 100}` (or `[…]`) would resume the job under the cap its
  // sender meant to raise.
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return sendError(res, notResume, {}, info.id);
  const fields: ParamProblem[] = [];
  unknownFields(body as Record<string, unknown>, RESUME_FIELDS, fields, 'a resume body');
  if (fields.length) return sendError(res, invalidInput(fields), {}, info.id);
  // The job as it is now, not as it was before its body came: one cancelled meanwhile (a DELETE
  // while the body was on its way) was queued again by this resume and ran every item.
  const row = (await svc.store.get(given.id)) ?? given;
  let maxCredits = row.max_credits;
  if ('max_credits' in body && body.max_credits !== undefined) {
    // The same forms job creation takes (an integer, or its digits as a string), or null for no cap.
    const n = body.max_credits === null ? null : creditCap(body.max_credits);
    if (body.max_credits !== null && n === null)
      return sendError(res, invalidInput([{ param: 'max_credits', message: `${CREDIT_CAP_RULE}, or null for no cap` }]), {}, info.id);
    maxCredits = n;
  }
  const final = (status: string) =>
    sendError(
      res,
      invalidInput([{ param: 'id', message: `the job is ${status}; only a stopped job (stopped_at_cap, stopped_no_credits) resumes` }]),
      {},
      info.id,
    );
  if (row.status === 'completed' || row.status === 'cancelled') return final(row.status);
  const capProblem = (message: string) => sendError(res, invalidInput([{ param: 'max_credits', message }]), {}, info.id);
  // A cap counts the whole job: one below what it has charged would stop it at once and read as
  // broken (credits_charged 3, max_credits 2).
  if (maxCredits !== row.max_credits && maxCredits !== null && maxCredits < row.credits_charged)
    return capProblem(`is below the ${row.credits_charged} credits the job has charged; a cap counts the whole job`);
  // A job not stopped runs on as it is: a new cap for it was answered 200 and dropped. The same
  // cap, or none given, is a 200 (a resume sent again).
  if (!FINAL.has(row.status) && maxCredits !== row.max_credits)
    return capProblem(
      `the job is ${row.status}; its cap changes when it is stopped (stopped_at_cap, stopped_no_credits), by resuming it then`,
    );
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
      const poor = v instanceof ApiError ? null : await covered(deps, key, await firstItemCost(deps, v.route, v.items[0]), 1);
      if (poor) return sendError(res, poor, {}, info.id);
    }
    // Only a job still stopped is queued again, and only while the key has room (the store
    // checks both, in the same step as the update: two resumes at once cannot both take the last place).
    let queued: boolean;
    try {
      queued = await svc.store.resume(row.id, maxCredits, deps.config.jobs.maxRunningPerKey);
    } catch (e) {
      if (e instanceof OpenJobsLimit)
        return sendError(res, runningLimit(deps.config.jobs.maxRunningPerKey, 'wait for one to finish or cancel one'), {}, info.id);
      throw e;
    }
    if (queued) {
      const resumed = await svc.store.get(row.id);
      if (resumed) await svc.runner.activate(resumed);
    } else {
      const now = await svc.store.get(row.id);
      if (now && (now.status === 'completed' || now.status === 'cancelled')) return final(now.status);
    }
  }
  const now = (await svc.store.get(row.id)) ?? row;
  sendJson(res, 200, { success: true, job: jobView(now, svc.runner.rateOf(now)) });
}

/** GET /v1/jobs/{id}/results: NDJSON (or CSV) in input order, read from the store a page at a time. */
async function sendResults(req: IncomingMessage, res: ServerResponse, info: RequestInfo, svc: JobService, row: JobRow): Promise<void> {
  const q = queryOf(req);
  const twice = repeatedParams(q, RESULTS_PARAMS);
  if (twice.length) return sendError(res, invalidInput(twice), {}, info.id);
  const problems: ParamProblem[] = [];
  let cursor = itemIndexParam(q.get('after'), problems);
  const format = q.get('format') ?? 'ndjson';
  if (format !== 'ndjson' && format !== 'csv') problems.push({ param: 'format', message: 'must be ndjson or csv' });
  if (problems.length) return sendError(res, invalidInput(problems), {}, info.id);
  const release = req.method === 'HEAD' ? () => undefined : svc.downloads.take(row.key_id);
  if (release instanceof ApiError) return sendError(res, release, {}, info.id);
  res.once('close', release);
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
    const read = await svc.store.results(row.id, cursor, PAGE);
    const rows = resultsInOrder(row.status, cursor, read);
    let chunk = '';
    if (format === 'csv') {
      if (!csv) {
        csv = csvShape(route, row, rows);
        chunk += csvLine(csv.header);
      }
      for (const r of rows) for (const line of csvRows(csv, r)) chunk += csvLine(line);
    } else {
      for (const r of rows)
        chunk += `{"index":${r.idx},"input":${r.input},"status":${r.status},"code":${JSON.stringify(r.code)},"credits_charged":${r.credits_charged},"cached":${r.cached ? 'true' : 'false'},"body":${r.body}}\n`;
    }
    if (rows.length) cursor = rows[rows.length - 1].idx;
    if (chunk && !res.write(chunk)) await once(res, 'drain').catch(() => undefined);
    if (read.length < PAGE || rows.length < read.length) break;
    // A page a turn: a client that reads as fast as it is written never makes write() return
    // false, and the whole export would hold the event loop (every other request) until it ends.
    await nextTurn();
  }
  res.end();
}

/** GET /v1/jobs/{id}/events: server-sent progress until the job ends or the client leaves. */
function streamEvents(req: IncomingMessage, res: ServerResponse, info: RequestInfo, svc: JobService, row: JobRow): void {
  const release = req.method === 'HEAD' ? () => undefined : svc.streams.take(row.key_id);
  if (release instanceof ApiError) return sendError(res, release, {}, info.id);
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
  if (req.method === 'HEAD') return void res.end();
  // (A heartbeat only for a client that took everything: one with bytes unsent has a live stream.)
  const heartbeat = setInterval(() => res.writableLength === 0 && res.write(': keep-alive\n\n'), SSE_HEARTBEAT_MS);
  heartbeat.unref();
  const stop = watchJob(svc, row.id, {
    throttleMs: SSE_THROTTLE_MS,
    onUpdate: (job, final) => {
      if (res.destroyed) return stop();
      // A client that does not read gets no more progress past SSE_MAX_UNSENT, only the end.
      if (!final && res.writableLength > SSE_MAX_UNSENT) return;
      res.write(`event: ${final ? 'end' : 'progress'}\ndata: ${JSON.stringify(job)}\n\n`);
    },
    // Once: the job ended, or the client left (close → stop).
    onEnd: () => {
      clearInterval(heartbeat);
      release();
      if (!res.writableEnded) res.end();
    },
  });
  res.on('close', stop);
}

export function createJobHandlers(service: (deps: Deps) => JobService | undefined) {
  /** The service, or 503 answered (a ledger jobs cannot settle items with: only an injected one, in tests). */
  const svcOf = (res: ServerResponse, info: RequestInfo, deps: Deps): JobService | null => {
    const svc = service(deps);
    if (!svc) sendError(res, new ApiError('SERVICE_UNAVAILABLE', 'Bulk jobs are not available with this ledger'), {}, info.id);
    return svc ?? null;
  };

  async function create(req: IncomingMessage, res: ServerResponse, info: RequestInfo, deps: Deps): Promise<void> {
    const key = await admitted(req, res, info, deps);
    if (!key) return;
    const svc = svcOf(res, info, deps);
    if (!svc) return;
    const refused = await refusedBeforeBody(svc, deps, key, req);
    const place = refused ?? bodySlot(deps, key.id, req);
    if (place instanceof ApiError) return refuseUnread(req, res, deps, place, info.id);
    try {
      const r = await readRequest(req, deps, svc, place.signal);
      if (r instanceof ApiError) return refuseRead(req, res, deps, r, info.id);
      const made = await createJob(svc, deps, key, r);
      if (made instanceof ApiError) return sendError(res, made, {}, info.id);
      sendJson(
        res,
        202,
        { success: true, job: jobView(made.row, svc.runner.rateOf(made.row)) },
        made.existing ? { 'idempotent-replayed': 'true' } : {},
      );
    } finally {
      place.release();
    }
  }

  async function list(req: IncomingMessage, res: ServerResponse, info: RequestInfo, deps: Deps): Promise<void> {
    const key = await admitted(req, res, info, deps);
    if (!key) return;
    const svc = svcOf(res, info, deps);
    if (!svc) return;
    const q = queryOf(req);
    const twice = repeatedParams(q, ['status', 'limit', 'after']);
    if (twice.length) return sendError(res, invalidInput(twice), {}, info.id);
    const query = listQueryOf({ status: q.get('status'), limit: q.get('limit'), after: q.get('after') });
    if (query instanceof ApiError) return sendError(res, query, {}, info.id);
    sendJson(res, 200, { success: true, ...(await listJobs(svc, key.id, query)) });
  }

  async function estimate(req: IncomingMessage, res: ServerResponse, info: RequestInfo, deps: Deps): Promise<void> {
    const key = await admitted(req, res, info, deps);
    if (!key) return;
    const svc = svcOf(res, info, deps);
    if (!svc) return;
    const place = bodySlot(deps, key.id, req);
    if (place instanceof ApiError) return refuseUnread(req, res, deps, place, info.id);
    try {
      const r = await readRequest(req, deps, svc, place.signal);
      if (r instanceof ApiError) return refuseRead(req, res, deps, r, info.id);
      const balance = await deps.ledger.balance(key.id);
      sendJson(res, 200, { success: true, credits_remaining: balance, credits_charged: 0, estimate: await estimateJob(deps, r) });
    } finally {
      place.release();
    }
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
    const key = await admitted(req, res, info, deps);
    if (!key) return;
    const svc = svcOf(res, info, deps);
    if (!svc) return;
    const row = await svc.store.get(id);
    // Another key's job does not exist for this caller.
    if (!row || row.key_id !== key.id) return sendError(res, new ApiError('NOT_FOUND', `No job ${id}`), {}, info.id);
    if (sub === '/results') return sendResults(req, res, info, svc, row);
    if (sub === '/events') return streamEvents(req, res, info, svc, row);
    if (sub === '/resume') return resumeJob(req, res, info, deps, svc, key, row);
    if (req.method === 'DELETE') {
      if (!FINAL.has(row.status) || row.status === 'stopped_at_cap' || row.status === 'stopped_no_credits') await svc.runner.cancel(id);
    }
    const now = (await svc.store.get(id)) ?? row;
    sendJson(res, 200, { success: true, job: jobView(now, svc.runner.rateOf(now)) });
  }

  /** /v1/jobs: POST creates, GET lists. */
  const root = (req: IncomingMessage, res: ServerResponse, info: RequestInfo, deps: Deps) =>
    req.method === 'POST' ? create(req, res, info, deps) : list(req, res, info, deps);

  // Errors thrown here (a store away meanwhile: 503; a stream already begun: cut) are answered by
  // the app's routing, as for every route (src/app.ts).
  return { root, estimate, byId };
}
