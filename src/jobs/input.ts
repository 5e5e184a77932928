/**
 * A job's request: a JSON body `{operation, items, cache_max_age?, max_credits?, webhook?,
 * idempotency_key?}`, or the items uploaded as NDJSON (one JSON object per line) or CSV (a header
 * row of parameter names), with the job's options in the query string (the webhook secret in
 * the `x-webhook-secret` header, kept out of URLs and logs). NDJSON and CSV are read line by
 * line as they arrive; every body is bounded by JOBS_MAX_BODY_MB (413 beyond).
 *
 * Every item is validated up front exactly as its single REST request would be (query-string
 * types, then the operation's own rules): a job with an invalid item is refused as a whole,
 * with details naming `items[i].param`.
 */
import type { IncomingMessage } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import { CACHE_MAX_AGES } from '../cache/cache.js';
import { ApiError, invalidInput } from '../errors.js';
import type { ParamProblem } from '../errors.js';
import { declaresOver } from '../http/edges.js';
import { reservationOf, validateArgs } from '../platforms/operation.js';
import type { RestRoute } from '../rest/routes.js';
import { toVariables } from '../rest/routes.js';
import { staticUrlRefusal } from '../upstream/ssrf.js';

export interface JobRequest {
  operation: string;
  /** Each item's query parameters as given (values as strings; absent when empty); null: not an object of scalars. */
  items: (Record<string, string> | null)[];
  /** Problems of items that are not objects of scalars (reported with the others by validateItems). */
  itemProblems: ParamProblem[];
  cacheMaxAge: string | null;
  maxCredits: number | null;
  webhook: { url: string; secret: string } | null;
  idempotencyKey: string | null;
}

export interface ValidItem {
  /** The item as stored and echoed in results (JSON). */
  input: string;
  params: URLSearchParams;
  /** Most credits its single request may cost (its reservation). */
  maxCost: number;
  cacheKey: string;
}

/** Problems listed in a 400 at most (the count of the rest is given). */
const MAX_DETAILS = 50;

/**
 * The body's chunks; stopping early (a body over its limit) leaves the request as it is instead of
 * destroying it with its socket, so the 413 still reaches the client (the response then closes the
 * connection without reading the rest: src/http/edges.ts GatewayResponse).
 */
const unread = (req: IncomingMessage) => req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>;

export class BodyReader {
  constructor(private readonly limit: number) {}

  /** Refuses a body whose declared length is over the limit before reading any of it. */
  private declared(req: IncomingMessage): void {
    if (declaresOver(req, this.limit)) throw tooLarge(this.limit);
  }

  /** The body's lines as they arrive (a trailing line without newline included). */
  async *lines(req: IncomingMessage): AsyncGenerator<string> {
    this.declared(req);
    const decoder = new StringDecoder('utf8');
    let size = 0;
    let rest = '';
    for await (const chunk of unread(req)) {
      size += chunk.length;
      if (size > this.limit) throw tooLarge(this.limit);
      rest += decoder.write(chunk);
      let nl: number;
      while ((nl = rest.indexOf('\n')) >= 0) {
        yield rest.slice(0, nl).replace(/\r$/, '');
        rest = rest.slice(nl + 1);
      }
    }
    rest += decoder.end();
    if (rest) yield rest.replace(/\r$/, '');
  }

  async text(req: IncomingMessage): Promise<string> {
    this.declared(req);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of unread(req)) {
      size += chunk.length;
      if (size > this.limit) throw tooLarge(this.limit);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }
}

function tooLarge(limit: number): ApiError {
  return new ApiError('PAYLOAD_TOO_LARGE', `A job's request body may be at most ${Math.round(limit / 1024 / 1024)} MiB (JOBS_MAX_BODY_MB)`);
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Options of a job, from a JSON body or (uploads) the query string and headers. */
function optionsOf(o: Record<string, unknown>, problems: ParamProblem[]): Omit<JobRequest, 'items' | 'itemProblems'> {
  const operation = str(o.operation)?.trim() ?? '';
  if (!operation) problems.push({ param: 'operation', message: 'is required: a /v1 GET path such as /v1/code/repository' });
  let cacheMaxAge: string | null = null;
  if (o.cache_max_age !== undefined && o.cache_max_age !== null && o.cache_max_age !== '') {
    if (typeof o.cache_max_age !== 'string' || !(o.cache_max_age in CACHE_MAX_AGES))
      problems.push({ param: 'cache_max_age', message: `must be one of ${Object.keys(CACHE_MAX_AGES).join(', ')}` });
    else cacheMaxAge = o.cache_max_age;
  }
  let maxCredits: number | null = null;
  if (o.max_credits !== undefined && o.max_credits !== null && o.max_credits !== '') {
    const n = typeof o.max_credits === 'string' && /^\d{1,12}$/.test(o.max_credits.trim()) ? Number(o.max_credits) : o.max_credits;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
      problems.push({ param: 'max_credits', message: 'must be an integer ≥ 0' });
    else maxCredits = n;
  }
  let webhook: JobRequest['webhook'] = null;
  if (o.webhook !== undefined && o.webhook !== null) {
    const w = o.webhook as Record<string, unknown>;
    const url = typeof w === 'object' ? str(w.url) : null;
    const secret = typeof w === 'object' ? str(w.secret) : null;
    let parsed: URL | null = null;
    try {
      parsed = url ? new URL(url) : null;
    } catch {
      parsed = null;
    }
    // The SSRF guard's static check now (a private address literal, localhost…); names are
    // checked again when the delivery resolves them.
    const refusal = parsed && (parsed.protocol === 'https:' || parsed.protocol === 'http:') ? staticUrlRefusal(parsed) : null;
    if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || url!.length > 2048)
      problems.push({ param: 'webhook.url', message: 'must be an http(s) URL of at most 2048 characters' });
    else if (refusal) {
      problems.push({ param: 'webhook.url', message: `may not be fetched: ${refusal}` });
      parsed = null;
    }
    if (!secret || secret.length < 16 || secret.length > 256)
      problems.push({
        param: 'webhook.secret',
        message: 'must be a string of 16 to 256 characters (the HMAC key the deliveries are signed with)',
      });
    if (parsed && secret && secret.length >= 16 && secret.length <= 256 && url!.length <= 2048) webhook = { url: url!, secret };
  }
  let idempotencyKey: string | null = null;
  if (o.idempotency_key !== undefined && o.idempotency_key !== null) {
    const k = str(o.idempotency_key);
    if (!k || k.length > 200) problems.push({ param: 'idempotency_key', message: 'must be a string of 1 to 200 characters' });
    else idempotencyKey = k;
  }
  return { operation, cacheMaxAge, maxCredits, webhook, idempotencyKey };
}

/** One item as given: an object of scalar parameters (null, and its problems noted, otherwise). */
function itemOf(v: unknown, i: number, problems: ParamProblem[]): Record<string, string> | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    problems.push({ param: `items[${i}]`, message: 'must be an object of query parameters' });
    return null;
  }
  const item: Record<string, string> = {};
  let ok = true;
  for (const [k, x] of Object.entries(v)) {
    if (x === null || x === undefined || x === '') continue;
    if (typeof x === 'string') item[k] = x;
    else if (typeof x === 'number' || typeof x === 'boolean') item[k] = String(x);
    else {
      problems.push({ param: `items[${i}].${k}`, message: 'must be a string, number or boolean' });
      ok = false;
    }
  }
  return ok ? item : null;
}

/**
 * Reads a job request in whichever form it came. Shape problems are a 400 naming each
 * parameter; the items themselves are checked by `validateItems`.
 */
export async function readJobRequest(
  req: IncomingMessage,
  query: URLSearchParams,
  maxBodyBytes: number,
  maxItems: number,
): Promise<JobRequest | ApiError> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const reader = new BodyReader(maxBodyBytes);
  const problems: ParamProblem[] = [];
  const itemProblems: ParamProblem[] = [];
  const items: (Record<string, string> | null)[] = [];
  const tooMany = () => invalidInput([{ param: 'items', message: `a job has at most ${maxItems} items (JOBS_MAX_ITEMS)` }]);
  let options: Omit<JobRequest, 'items' | 'itemProblems'>;
  const header = (n: string) => {
    const h = req.headers[n];
    return Array.isArray(h) ? h[0] : h;
  };

  if (type === 'application/json' || type === '') {
    const text = await reader.text(req);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return invalidInput([{ param: 'body', message: 'must be a JSON object (or upload items as application/x-ndjson or text/csv)' }]);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return invalidInput([{ param: 'body', message: 'must be a JSON object' }]);
    const o = body as Record<string, unknown>;
    return jobRequestOf({ ...o, idempotency_key: o.idempotency_key ?? header('idempotency-key') }, maxItems);
  } else if (type === 'application/x-ndjson' || type === 'application/ndjson' || type === 'application/jsonl') {
    options = uploadOptions(query, header, problems);
    let n = 0;
    for await (const line of reader.lines(req)) {
      if (!line.trim()) continue;
      if (items.length >= maxItems) return tooMany();
      let v: unknown;
      try {
        v = JSON.parse(line);
      } catch {
        itemProblems.push({ param: `items[${n++}]`, message: 'line is not JSON' });
        items.push(null);
        continue;
      }
      items.push(itemOf(v, n++, itemProblems));
    }
    if (items.length === 0) problems.push({ param: 'items', message: 'the upload has no items' });
  } else if (type === 'text/csv') {
    options = uploadOptions(query, header, problems);
    let columns: string[] | null = null;
    for await (const line of csvRecords(reader.lines(req))) {
      if (!columns) {
        columns = line.map((c) => c.trim().replace(/^\uFEFF/, ''));
        continue;
      }
      if (line.length === 1 && line[0] === '') continue;
      if (items.length >= maxItems) return tooMany();
      const item: Record<string, string> = {};
      columns.forEach((c, j) => {
        if (c && line[j] !== undefined && line[j] !== '') item[c] = line[j];
      });
      items.push(item);
    }
    if (items.length === 0) problems.push({ param: 'items', message: 'the CSV has no rows under its header of parameter names' });
  } else {
    return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send a job as application/json, or its items as application/x-ndjson or text/csv');
  }
  if (problems.length) return invalidInput(capped(problems));
  return { ...options, items, itemProblems };
}

/** A job request given as one object (a JSON body; the GraphQL mutation's input). */
export function jobRequestOf(o: Record<string, unknown>, maxItems: number): JobRequest | ApiError {
  const problems: ParamProblem[] = [];
  const itemProblems: ParamProblem[] = [];
  const items: (Record<string, string> | null)[] = [];
  const options = optionsOf(o, problems);
  if (!Array.isArray(o.items) || o.items.length === 0)
    problems.push({ param: 'items', message: 'must be a non-empty array of objects (each item: the query parameters of one request)' });
  else if (o.items.length > maxItems)
    return invalidInput([{ param: 'items', message: `a job has at most ${maxItems} items (JOBS_MAX_ITEMS)` }]);
  else for (let i = 0; i < o.items.length; i++) items.push(itemOf(o.items[i], i, itemProblems));
  if (problems.length) return invalidInput(capped(problems));
  return { ...options, items, itemProblems };
}

function uploadOptions(query: URLSearchParams, header: (n: string) => string | undefined, problems: ParamProblem[]) {
  const url = query.get('webhook_url');
  return optionsOf(
    {
      operation: query.get('operation') ?? undefined,
      cache_max_age: query.get('cache_max_age') ?? undefined,
      max_credits: query.get('max_credits') ?? undefined,
      idempotency_key: query.get('idempotency_key') ?? header('idempotency-key'),
      webhook: url ? { url, secret: header('x-webhook-secret') } : undefined,
    },
    problems,
  );
}

function capped(problems: ParamProblem[]): ParamProblem[] {
  if (problems.length <= MAX_DETAILS) return problems;
  return [...problems.slice(0, MAX_DETAILS), { param: 'items', message: `…and ${problems.length - MAX_DETAILS} more problems` }];
}

/**
 * RFC 4180 records from lines: quoted fields may hold commas, doubled quotes and newlines.
 */
export async function* csvRecords(lines: AsyncIterable<string>): AsyncGenerator<string[]> {
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  for await (const line of lines) {
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (quoted) {
        if (c === '"') {
          if (line[i + 1] === '"') {
            field += '"';
            i++;
          } else quoted = false;
        } else field += c;
      } else if (c === '"' && field === '') quoted = true;
      else if (c === ',') {
        fields.push(field);
        field = '';
      } else field += c;
    }
    if (quoted) {
      field += '\n';
      continue;
    }
    fields.push(field);
    yield fields;
    fields = [];
    field = '';
  }
  if (quoted || field || fields.length) yield [...fields, field];
}

/**
 * The operation's route and every item checked as its single request would be: the
 * query-string types (400 before anything else), then the operation's rules. Problems name
 * `items[i].param` in REST spelling.
 */
/** Items validated per turn of the event loop: a 100,000-item job does not hold up other requests. */
const VALIDATE_PER_TURN = 256;

export async function validateItems(
  routes: ReadonlyMap<string, RestRoute>,
  r: Pick<JobRequest, 'operation' | 'items' | 'cacheMaxAge'> & { itemProblems?: ParamProblem[] },
): Promise<{ route: RestRoute; items: ValidItem[] } | ApiError> {
  const route = routes.get(r.operation);
  if (!route) return invalidInput([{ param: 'operation', message: `${r.operation} is not a /v1 GET route (see /openapi.json)` }]);
  // In item order, whichever check found them.
  const byItem = new Map<number, ParamProblem[]>();
  for (const p of r.itemProblems ?? []) {
    const i = Number(/^items\[(\d+)\]/.exec(p.param)?.[1]);
    byItem.set(i, [...(byItem.get(i) ?? []), p]);
  }
  const problems: ParamProblem[] = [];
  const items: ValidItem[] = [];
  for (let i = 0; i < r.items.length; i++) {
    if (i > 0 && i % VALIDATE_PER_TURN === 0) await new Promise((done) => setImmediate(done));
    const given = r.items[i];
    if (!given) {
      problems.push(...(byItem.get(i) ?? []));
      continue;
    }
    const params = new URLSearchParams(given);
    if (r.cacheMaxAge && route.op.cacheable && !params.has('cache_max_age')) params.set('cache_max_age', r.cacheMaxAge);
    const v = toVariables(route, params);
    if (v.problems.length) {
      for (const p of v.problems) problems.push({ param: `items[${i}].${p.param}`, message: p.message });
      continue;
    }
    const checked = validateArgs(route.op, v.args);
    if (!checked.ok) {
      for (const p of checked.problems)
        problems.push({ param: `items[${i}].${route.restName.get(p.param) ?? p.param}`, message: p.message });
      continue;
    }
    items.push({ input: JSON.stringify(given), params, maxCost: reservationOf(route.op, checked.args), cacheKey: checked.cacheKey });
  }
  if (problems.length) return invalidInput(capped(problems));
  return { route, items };
}
