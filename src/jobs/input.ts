/**
 * A job's request: a JSON body `{operation, items, cache_max_age?, max_credits?, webhook?,
 * idempotency_key?}`, or the items uploaded as NDJSON (one JSON object per line) or CSV (a header
 * row of parameter names), with the job's options in the query string (the webhook secret in
 * the `x-webhook-secret` header, kept out of URLs and logs). NDJSON and CSV are read as streams
 * in bounded memory and bounded event-loop turns: lines are split in one pass over the bytes, CSV
 * by csv-parse; a line, a CSV row or field, and a whole body each have a cap, enforced as they
 * arrive (BodyCaps, LINE_MAX_BYTES, FIELD_MAX_BYTES), and a body that stalls (no byte for
 * BODY_IDLE_MS) or, past its first BODY_IDLE_MS, slower than BODY_MIN_BYTES_PER_S is 408. A JSON body, under its lower
 * cap, is parsed in one JSON.parse — after one pass over its text has checked the structure a job
 * can have (jsonStructureProblem, over src/parse/json.ts's scanner: nesting, objects and arrays, members), since JSON.parse's heap is
 * bounded by the number of values, not by the bytes. An item names at most MAX_ITEM_PARAMS
 * parameters in every form (a CSV header likewise). A leading UTF-8 BOM (a spreadsheet's or Windows
 * editor's export) is skipped in every form; a body is UTF-8 text, an upload without NUL bytes (400
 * otherwise: utf8Text, bodyText).
 *
 * Every item is validated up front exactly as its single REST request would be (query-string
 * types, then the operation's own rules): a job with an invalid item is refused as a whole,
 * with details naming `items[i].param`.
 */
import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { parse as parseCsv } from 'csv-parse';
import { MAX_CREDITS } from '../credits/ledger.js';
import { CACHE_MAX_AGES, isCacheMaxAge } from '../cache/cache.js';
import { ApiError, MAX_PROBLEMS_LISTED, invalidInput, invalidInputAtMost } from '../errors.js';
import type { ParamProblem } from '../errors.js';
import { BodyBytes, bodyChunks as requestChunks, declaresOver, jsonText } from '../http/edges.js';
import { jsonShapeExcess } from '../parse/json.js';
import { reservationOf, validateArgs } from '../platforms/operation.js';
import type { RestRoute } from '../rest/routes.js';
import { toVariables } from '../rest/routes.js';
import { staticUrlRefusal } from '../upstream/ssrf.js';

export interface JobRequest {
  operation: string;
  /** Each item's query parameters as given (values as strings; absent when empty); null: not an object of scalars (validateItems empties it). */
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
  /** Its cache_max_age (its own, else the job's), if any. */
  maxAge: string | null;
  /** Most credits its single request may cost (its reservation). */
  maxCost: number;
  cacheKey: string;
}

/**
 * What one job request body may hold (docs/bulk-jobs.md). Each cap is enforced while reading,
 * before more is read or kept: a body over its cap is 413, a line or field over its cap 400 naming
 * the item. Nothing is charged.
 */
export interface BodyCaps {
  /** JOBS_MAX_BODY_MB: a CSV or NDJSON upload. */
  upload: number;
  /** JOBS_MAX_JSON_BODY_MB: a JSON body, parsed in one JSON.parse (so its cap is the lower one). */
  json: number;
  /** BODY_IDLE_MS: no byte for this long ends the read with 408 REQUEST_TIMEOUT (src/http/edges.ts bodyChunks). */
  idleMs: number;
  /** Aborted when the body's place is given to another key's body (JOBS_BODY_HOLD_MS): the read ends with its reason. */
  signal?: AbortSignal;
}

/** An NDJSON line or a CSV record (one item): at most 64 KiB. */
export const LINE_MAX_BYTES = 64 * 1024;
/** A CSV field (one parameter's value): at most 16 KiB. */
export const FIELD_MAX_BYTES = 16 * 1024;
/**
 * Bytes parsed between two turns of the event loop: a body that has arrived faster than it is
 * parsed still lets other requests run every ~256 KiB (about a millisecond of parsing).
 */
const BYTES_PER_TURN = 256 * 1024;
/**
 * The same for a CSV upload. csv-parse reads each slice it is given in one go, making every record
 * in it, and each record costs a few µs however short: 256 KiB of two-byte rows was ~130,000 records
 * in one turn, and other requests waited 0.6–0.8 s behind a 200 KB body. 8 KiB is at most ~4,000
 * records (~15 ms) a turn; long rows read as fast as before, a turn costing ~1 µs.
 */
const CSV_BYTES_PER_TURN = 8 * 1024;

const nextTurn = () => new Promise<void>((done) => setImmediate(done));

/**
 * A job body holds one of the few places bodies are read in (JOBS_BODIES_AT_ONCE) while it
 * arrives: past its first BODY_IDLE_MS it must have come at BODY_MIN_BYTES_PER_S on average, or it
 * is ended with 408 (a client trickling a byte every few seconds would hold the place for as long
 * as the server lets a request live).
 */
export const BODY_MIN_BYTES_PER_S = 16 * 1024;

/** Parameters one item may name (an operation takes a dozen at most): in every form. */
export const MAX_ITEM_PARAMS = 64;
/**
 * Parameters all items of a job may name together, on average PARAMS_PER_ITEM an item: what a
 * job's items hold in the heap is bounded by this count, not by the body's bytes.
 */
const PARAMS_PER_ITEM = 8;
export const jobParamsBudget = (maxItems: number) => maxItems * PARAMS_PER_ITEM;
/** How deep a JSON job body may nest: body → items → item is three levels. */
const MAX_JSON_DEPTH = 8;

/**
 * The body's chunks as they arrive, counted against `limit` (413 once over; a declared length over
 * it is refused before anything is read), in slices of at most `perTurn` bytes with a turn of the
 * event loop after each `perTurn` bytes; 408 once none has come for `idleMs`.
 */
async function* bodyChunks(
  req: IncomingMessage,
  limit: number,
  setting: string,
  idleMs: number,
  signal?: AbortSignal,
  perTurn = BYTES_PER_TURN,
): AsyncGenerator<Buffer> {
  if (declaresOver(req, limit)) throw tooLarge(limit, setting);
  let size = 0;
  let sinceTurn = 0;
  const started = Date.now();
  for await (const chunk of requestChunks(req, idleMs, signal)) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit, setting);
    const elapsed = Date.now() - started;
    if (elapsed > idleMs && size < (elapsed / 1000) * BODY_MIN_BYTES_PER_S) throw tooSlow(idleMs);
    // A large chunk (a body that arrived faster than it is parsed) is handed on in slices.
    for (let at = 0; at < chunk.length; at += perTurn) {
      const slice = chunk.length <= perTurn ? chunk : chunk.subarray(at, at + perTurn);
      yield slice;
      sinceTurn += slice.length;
      if (sinceTurn >= perTurn) {
        sinceTurn = 0;
        await nextTurn();
      }
    }
  }
}

/** Thrown by `lines` for a line over LINE_MAX_BYTES; the reader names the item it would have been. */
class LineTooLong extends Error {}

/**
 * Lines of a byte stream, split in one pass over the bytes (a newline byte never occurs inside a
 * UTF-8 character): a line within a chunk is decoded from it, one over several kept as slices of
 * them and decoded once, when it ends. A trailing line without newline is included; a trailing \r dropped. The lines a chunk
 * ends are handed on together, one await a chunk rather than a line: 32 MB of blank lines, one
 * await each, took ~40 s of CPU. Those before a line over `maxBytes` come first, then LineTooLong.
 */
export async function* lines(chunks: AsyncIterable<Buffer>, maxBytes = LINE_MAX_BYTES): AsyncGenerator<string[]> {
  let pieces: Buffer[] = [];
  let length = 0;
  const trimmed = (text: string) => (text.endsWith('\r') ? text.slice(0, -1) : text);
  for await (const chunk of chunks) {
    const ended: string[] = [];
    let start = 0;
    let over = false;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
      // A CRLF's CR ends the line, as its LF does: no byte of it (a line at the cap is read either way).
      const cr = nl > start ? chunk[nl - 1] === 13 : length > 0 && pieces[pieces.length - 1].at(-1) === 13;
      if ((over = length + nl - start - (cr ? 1 : 0) > maxBytes)) break;
      if (length === 0) ended.push(trimmed(chunk.toString('utf8', start, nl)));
      else {
        // The end of a line begun in an earlier chunk.
        pieces.push(chunk.subarray(start, nl));
        ended.push(trimmed(Buffer.concat(pieces, length + nl - start).toString('utf8')));
        pieces = [];
        length = 0;
      }
      start = nl + 1;
    }
    // A chunk ending in a CR may end a line at the cap (its LF in the next chunk).
    over ||= length + chunk.length - start - (chunk.at(-1) === 13 ? 1 : 0) > maxBytes;
    if (ended.length) yield ended;
    if (over) throw new LineTooLong();
    if (start < chunk.length) {
      pieces.push(chunk.subarray(start));
      length += chunk.length - start;
    }
  }
  if (length) yield [trimmed(Buffer.concat(pieces, length).toString('utf8'))];
}

/**
 * A whole JSON body as text, at most `limit` bytes (413 naming `setting` beyond; 408 once none has
 * come for `idleMs`), a leading BOM skipped. Bytes that are not UTF-8 (RFC 8259's only encoding for
 * JSON exchanged) are a 400: decoded leniently, a Latin-1 "José" was looked up as "Jos\uFFFD".
 */
export async function bodyText(
  req: IncomingMessage,
  limit: number,
  setting: string,
  idleMs: number,
  signal?: AbortSignal,
): Promise<string> {
  const body = new BodyBytes();
  for await (const chunk of bodyChunks(req, limit, setting, idleMs, signal)) body.add(chunk);
  const bytes = body.bytes();
  const text = jsonText(bytes);
  if (text === null) throw notUtf8(bytes);
  return text;
}

/** 400 for a body that is not UTF-8: UTF-16 when it starts with that byte order mark. */
function notUtf8(start: Buffer): ApiError {
  const utf16 = (start[0] === 0xff && start[1] === 0xfe) || (start[0] === 0xfe && start[1] === 0xff);
  return invalidInput([
    {
      param: 'body',
      message: utf16
        ? 'is UTF-16 (its byte order mark says so); send UTF-8 (a spreadsheet\'s "CSV UTF-8")'
        : 'is not UTF-8 text; send UTF-8 (a spreadsheet\'s "CSV UTF-8"), not Latin-1 or Windows-1252',
    },
  ]);
}

/**
 * An upload's chunks, passed on as they come once each is known to be UTF-8 (TextDecoder's fatal
 * mode, streaming across chunk boundaries) holding no NUL byte — no text file holds one; a UTF-16
 * file without its byte order mark has one beside each ASCII character. Read leniently instead, a
 * Latin-1 or UTF-16 file became items of U+FFFD and NULs, looked up as such.
 */
async function* utf8Text(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let at = 0;
  for await (const chunk of chunks) {
    try {
      decoder.decode(chunk, { stream: true });
    } catch {
      throw notUtf8(at === 0 ? chunk : Buffer.alloc(0));
    }
    const nul = chunk.indexOf(0);
    if (nul >= 0)
      throw invalidInput([
        { param: 'body', message: `holds a NUL byte (byte ${at + nul}): send UTF-8 text (a UTF-16 file has NULs between its letters)` },
      ]);
    at += chunk.length;
    yield chunk;
  }
  try {
    decoder.decode();
  } catch {
    throw notUtf8(Buffer.alloc(0));
  }
}

function tooSlow(idleMs: number): ApiError {
  return new ApiError(
    'REQUEST_TIMEOUT',
    `This request body arrived slower than ${BODY_MIN_BYTES_PER_S / 1024} KiB/s after its first ${idleMs / 1000} s (BODY_IDLE_MS); send it at once`,
    { headers: { connection: 'close' } },
  );
}

/**
 * Why a JSON job body's structure is no job's, found in one pass over its text before it is parsed
 * (src/parse/json.ts jsonShapeExcess), or null: nested deeper than MAX_JSON_DEPTH, more objects and
 * arrays than `maxItems` items need, an object of more than MAX_ITEM_PARAMS members, an array of
 * more than `maxItems` elements, more members in all than jobParamsBudget. A text that is not JSON
 * passes: JSON.parse reports it.
 */
export function jsonStructureProblem(text: string, maxItems: number): string | null {
  const maxContainers = maxItems + 64;
  const maxMembers = jobParamsBudget(maxItems) + 64;
  const excess = jsonShapeExcess(text, {
    depth: MAX_JSON_DEPTH,
    containers: maxContainers,
    members: maxMembers,
    objectMembers: MAX_ITEM_PARAMS,
    arrayElements: maxItems,
  });
  switch (excess) {
    case null:
      return null;
    case 'depth':
      return `nests deeper than ${MAX_JSON_DEPTH} levels`;
    case 'containers':
      return `holds more than ${maxContainers} objects and arrays`;
    case 'members':
      return `names more than ${maxMembers} parameters and fields in all (at most ${PARAMS_PER_ITEM} an item on average)`;
    case 'objectMembers':
      return `has an object of more than ${MAX_ITEM_PARAMS} members`;
    case 'arrayElements':
      return `has an array of more than ${maxItems} elements`;
  }
}

function tooLarge(limit: number, setting: string): ApiError {
  const size = limit >= 1024 * 1024 ? `${Math.round(limit / 1024 / 1024)} MiB` : `${Math.round(limit / 1024)} KiB`;
  return new ApiError('PAYLOAD_TOO_LARGE', `This request body may be at most ${size} (${setting})`);
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The job options an NDJSON or CSV upload takes from the query string (a JSON job from its body). */
export const UPLOAD_OPTIONS = ['operation', 'cache_max_age', 'max_credits', 'webhook_url', 'idempotency_key'] as const;

/** The request headers a job request reads (its Idempotency-Key; an upload's webhook secret). */
const HEADER_OPTIONS = ['idempotency-key', 'x-webhook-secret'];

const JOB_FIELDS = new Set(['operation', 'items', 'cache_max_age', 'max_credits', 'webhook', 'idempotency_key']);
const WEBHOOK_FIELDS = new Set(['url', 'secret']);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A field `o` has that `known` does not list: a problem naming it (`prefix` + its name). A job's,
 * a monitor's or a webhook's fields are refused so, not dropped: a misspelt `max_credits` would
 * otherwise lift the cap its sender meant.
 */
export function unknownFields(o: Record<string, unknown>, known: Set<string>, problems: ParamProblem[], of: string, prefix = ''): void {
  for (const k of Object.keys(o))
    if (!known.has(k)) problems.push({ param: `${prefix}${k}`, message: `is not a field of ${of} (${[...known].join(', ')})` });
}

/**
 * A webhook option `{url, secret}` (a job's, a monitor's): an http(s) URL of at most 2048
 * characters the SSRF guard's static check lets through (names are checked again when a delivery
 * resolves them), and a secret of 16 to 256 characters, well-formed UTF-16; no other field. Absent or null: none.
 * Problems name `webhook.url` / `webhook.secret` / `webhook.<other>`.
 */
export function webhookOption(value: unknown, problems: ParamProblem[]): { url: string; secret: string } | null {
  if (value === undefined || value === null) return null;
  const w = value as Record<string, unknown>;
  if (typeof w === 'object' && !Array.isArray(w)) unknownFields(w, WEBHOOK_FIELDS, problems, 'a webhook', 'webhook.');
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
  // A lone surrogate (JSON's "\ud800") has no UTF-8 form: stored, it would become U+FFFD and the
  // deliveries would be signed with a key the caller never gave.
  const secretOk = !!secret && secret.length >= 16 && secret.length <= 256 && !LONE_SURROGATE.test(secret);
  if (!secretOk)
    problems.push({
      param: 'webhook.secret',
      message: 'must be a string of 16 to 256 characters, valid Unicode (the HMAC key the deliveries are signed with)',
    });
  return parsed && secretOk && url!.length <= 2048 ? { url: url!, secret: secret! } : null;
}

/** A job's `max_credits` as given (an integer from 0 to MAX_CREDITS, or its digits as a string: a query parameter's, a form's), or null. */
export function creditCap(v: unknown): number | null {
  const n = typeof v === 'string' && /^\d{1,12}$/.test(v.trim()) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 && n <= MAX_CREDITS ? n : null;
}

/** What a `max_credits` refused is told. */
export const CREDIT_CAP_RULE = `must be an integer from 0 to ${MAX_CREDITS}`;

/** Options of a job, from a JSON body or (uploads) the query string and headers. */
function optionsOf(o: Record<string, unknown>, problems: ParamProblem[]): Omit<JobRequest, 'items' | 'itemProblems'> {
  const operation = str(o.operation)?.trim() ?? '';
  if (!operation) problems.push({ param: 'operation', message: 'is required: a /v1 GET path such as /v1/code/repository' });
  let cacheMaxAge: string | null = null;
  if (o.cache_max_age !== undefined && o.cache_max_age !== null && o.cache_max_age !== '') {
    if (!isCacheMaxAge(o.cache_max_age))
      problems.push({ param: 'cache_max_age', message: `must be one of ${Object.keys(CACHE_MAX_AGES).join(', ')}` });
    else cacheMaxAge = o.cache_max_age;
  }
  let maxCredits: number | null = null;
  if (o.max_credits !== undefined && o.max_credits !== null && o.max_credits !== '') {
    const n = creditCap(o.max_credits);
    if (n === null) problems.push({ param: 'max_credits', message: CREDIT_CAP_RULE });
    else maxCredits = n;
  }
  const webhook = webhookOption(o.webhook, problems);
  let idempotencyKey: string | null = null;
  if (o.idempotency_key !== undefined && o.idempotency_key !== null) {
    const k = str(o.idempotency_key);
    if (!k || k.length > 200) problems.push({ param: 'idempotency_key', message: 'must be a string of 1 to 200 characters' });
    else idempotencyKey = k;
  }
  return { operation, cacheMaxAge, maxCredits, webhook, idempotencyKey };
}

/**
 * Whether a parsed JSON number is the number its text wrote: finite, and a safe integer if an
 * integer at all (a larger one, or 1e400, was rounded by JSON.parse: its text is lost).
 */
const exactNumber = (n: number) => (Number.isInteger(n) ? Number.isSafeInteger(n) : Number.isFinite(n));

/** One item as given: an object of scalar parameters (null, and its problems noted, otherwise). */
function itemOf(v: unknown, i: number, problems: ParamProblem[]): Record<string, string> | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    problems.push({ param: `items[${i}]`, message: 'must be an object of query parameters' });
    return null;
  }
  const keys = Object.keys(v);
  if (keys.length > MAX_ITEM_PARAMS) {
    problems.push({ param: `items[${i}]`, message: `names ${keys.length} parameters; an item names at most ${MAX_ITEM_PARAMS}` });
    return null;
  }
  const item: Record<string, string> = {};
  for (const k of keys) {
    const x = (v as Record<string, unknown>)[k];
    if (x === null || x === undefined || x === '') continue;
    if (typeof x === 'string') item[k] = x;
    else if (typeof x === 'number' && !exactNumber(x)) {
      // 12345678901234567890 (an id) is 12345678901234567000 once parsed: looked up, another id.
      problems.push({
        param: `items[${i}].${k}`,
        message: `is a number beyond what JSON numbers hold exactly here (integers to ±${Number.MAX_SAFE_INTEGER}); send it as a string`,
      });
      return null;
    } else if (typeof x === 'number' || typeof x === 'boolean') item[k] = String(x);
    else {
      // The first such parameter of the item is named (one problem an item: bounded, however wide).
      problems.push({ param: `items[${i}].${k}`, message: 'must be a string, number or boolean' });
      return null;
    }
  }
  return item;
}

/**
 * Reads a job request in whichever form it came. Shape problems are a 400 naming each
 * parameter; the items themselves are checked by `validateItems`. Throws the ApiError of a body
 * over its cap (413), one that stalled (408) or one that is not UTF-8 text (400).
 */
export async function readJobRequest(
  req: IncomingMessage,
  query: URLSearchParams,
  caps: BodyCaps,
  maxItems: number,
): Promise<JobRequest | ApiError> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const header = (n: string) => {
    const h = req.headers[n];
    return Array.isArray(h) ? h[0] : h;
  };
  // A header given twice is refused, as a query parameter given twice is (src/http/query.ts): node
  // joins the two ("a, b"), which would be a key or a secret neither copy gave.
  const twice = HEADER_OPTIONS.filter((n) => (req.headersDistinct?.[n]?.length ?? 0) > 1);
  if (twice.length) return invalidInput(twice.map((n) => ({ param: n, message: 'is given twice; give it once' })));
  if (type === 'application/json' || type === '') {
    const body = await jsonBody(req, caps, maxItems);
    if (body instanceof ApiError) return body;
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return invalidInput([{ param: 'body', message: 'must be a JSON object' }]);
    const o = body as Record<string, unknown>;
    const problems: ParamProblem[] = [];
    // An upload's options given to a JSON job (`?max_credits=` meant as its cap) are not dropped.
    for (const name of UPLOAD_OPTIONS)
      if (query.has(name)) problems.push({ param: name, message: `is an upload's query parameter; a JSON job gives it in its body` });
    const idempotencyKey = idempotencyKeyOf(o.idempotency_key, header('idempotency-key'), problems);
    if (problems.length) return invalidInput(problems);
    return jobRequestOf({ ...o, idempotency_key: idempotencyKey }, maxItems);
  }
  const ndjson = type === 'application/x-ndjson' || type === 'application/ndjson' || type === 'application/jsonl';
  if (!ndjson && type !== 'text/csv')
    return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send a job as application/json, or its items as application/x-ndjson or text/csv');
  const problems: ParamProblem[] = [];
  const options = uploadOptions(query, header, problems);
  const perTurn = ndjson ? BYTES_PER_TURN : CSV_BYTES_PER_TURN;
  const chunks = utf8Text(bodyChunks(req, caps.upload, 'JOBS_MAX_BODY_MB', caps.idleMs, caps.signal, perTurn));
  const read = await (ndjson ? ndjsonItems(chunks, maxItems) : csvItems(chunks, maxItems));
  if (read instanceof ApiError) return read;
  if (read.items.length === 0)
    problems.push({
      param: 'items',
      message: ndjson ? 'the upload has no items' : 'the CSV has no rows under its header of parameter names',
    });
  if (problems.length) return invalidInputAtMost(problems, 'items');
  return { ...options, ...read };
}

/**
 * A JSON job body, parsed once its structure passed (jsonStructureProblem). Its text lives only in
 * this call: a 16 MiB body's text is not held while its items are read.
 */
async function jsonBody(req: IncomingMessage, caps: BodyCaps, maxItems: number): Promise<unknown> {
  const text = await bodyText(req, caps.json, 'JOBS_MAX_JSON_BODY_MB', caps.idleMs, caps.signal);
  const shape = jsonStructureProblem(text, maxItems);
  if (shape) return invalidInput([{ param: 'body', message: `is no job: it ${shape}` }]);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return invalidInput([{ param: 'body', message: 'must be a JSON object (or upload items as application/x-ndjson or text/csv)' }]);
  }
}

const tooMany = (maxItems: number) => invalidInput([{ param: 'items', message: `a job has at most ${maxItems} items (JOBS_MAX_ITEMS)` }]);
const tooManyParams = (maxItems: number) =>
  invalidInput([
    {
      param: 'items',
      message: `a job's items name at most ${jobParamsBudget(maxItems)} parameters in all (${PARAMS_PER_ITEM} an item on average)`,
    },
  ]);
const paramCount = (item: Record<string, string> | null) => (item ? Object.keys(item).length : 0);

/** Items of an NDJSON upload: one JSON object per non-blank line (a leading UTF-8 BOM skipped, as CSV's is). */
async function ndjsonItems(
  chunks: AsyncIterable<Buffer>,
  maxItems: number,
): Promise<Pick<JobRequest, 'items' | 'itemProblems'> | ApiError> {
  const items: JobRequest['items'] = [];
  const itemProblems: ParamProblem[] = [];
  let first = true;
  let params = 0;
  try {
    for await (const batch of lines(chunks))
      for (const read of batch) {
        const line = first && read.startsWith('\uFEFF') ? read.slice(1) : read;
        first = false;
        if (!line.trim()) continue;
        if (items.length >= maxItems) return tooMany(maxItems);
        const i = items.length;
        let v: unknown;
        try {
          v = JSON.parse(line);
        } catch {
          // An old Mac's lone CR ends no NDJSON line: the whole file was one line that is not JSON.
          const cr = line.includes('\r') ? ' (it holds a lone CR: NDJSON lines end with LF or CRLF)' : '';
          itemProblems.push({ param: `items[${i}]`, message: `line is not JSON${cr}` });
          items.push(null);
          continue;
        }
        const item = itemOf(v, i, itemProblems);
        if ((params += paramCount(item)) > jobParamsBudget(maxItems)) return tooManyParams(maxItems);
        items.push(item);
      }
  } catch (e) {
    if (!(e instanceof LineTooLong)) throw e;
    return invalidInput([{ param: `items[${items.length}]`, message: `an NDJSON line may be at most ${LINE_MAX_BYTES / 1024} KiB` }]);
  }
  return { items, itemProblems };
}

/**
 * Bytes a CSV upload may hold between two line breaks (CR or LF). csv-parse's max_record_size
 * counts a row's field characters, not the commas between them: 31 MB of commas was one row of 32
 * million empty fields (~850 MB of heap, 10 s). A row within its caps takes at most 4 bytes a
 * character (UTF-8) and a few a field (its comma and quotes), so this cuts no row csv-parse would read.
 */
export const CSV_LINE_MAX_BYTES = 4 * LINE_MAX_BYTES + 1024;

/**
 * A CSV upload's chunks, passed on while no stretch between line breaks is over CSV_LINE_MAX_BYTES.
 * A chunk is at most BYTES_PER_TURN (bodyChunks), less than the cap, so only the stretch across
 * chunk edges is counted: four scans a chunk, each at memchr's speed.
 */
async function* lineBreaks(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let open = 0;
  for await (const chunk of chunks) {
    const lf = chunk.indexOf(10);
    const cr = chunk.indexOf(13);
    const first = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
    const over = first < 0 ? (open += chunk.length) > CSV_LINE_MAX_BYTES : open + first > CSV_LINE_MAX_BYTES;
    if (over)
      throw invalidInput([{ param: 'items', message: `a CSV line may be at most ${CSV_LINE_MAX_BYTES / 1024} KiB between line breaks` }]);
    if (first >= 0) open = chunk.length - 1 - Math.max(chunk.lastIndexOf(10), chunk.lastIndexOf(13));
    yield chunk;
  }
}

/** Why csv-parse stopped, as a client can act on it. */
const CSV_PROBLEMS: Record<string, string> = {
  CSV_MAX_RECORD_SIZE: `a CSV row may be at most ${LINE_MAX_BYTES / 1024} KiB`,
  CSV_QUOTE_NOT_CLOSED: 'a quoted CSV field is not closed',
  CSV_INVALID_CLOSING_QUOTE: 'a quoted CSV field must end with its closing quote',
};

/**
 * Items of a CSV upload (RFC 4180: quoted fields may hold commas, doubled quotes and newlines;
 * rows end with CRLF, LF or CR): a header row of parameter names, each named once (blank names name nothing), then one item per
 * row of as many fields as the header has. csv-parse reads it as a stream, a row at most
 * LINE_MAX_BYTES, a field at most FIELD_MAX_BYTES. A name given twice or a ragged row is a 400
 * naming its line (as the file counts them).
 */
async function csvItems(chunks: AsyncIterable<Buffer>, maxItems: number): Promise<Pick<JobRequest, 'items' | 'itemProblems'> | ApiError> {
  const items: JobRequest['items'] = [];
  let columns: string[] | null = null;
  let params = 0;
  const rows = parseCsv({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    // Rows end with CRLF, LF or a lone CR (an old Mac export, which read as one header row, then
    // "no rows"); inside quotes each is part of the field.
    record_delimiter: ['\r\n', '\n', '\r'],
    max_record_size: LINE_MAX_BYTES,
    // Each record with where it is: `info.lines`, the line it ends on.
    info: true,
  });
  try {
    await pipeline(lineBreaks(chunks), rows, async (records: AsyncIterable<{ record: string[]; info: { lines: number } }>) => {
      for await (const { record: row, info } of records) {
        if (!columns) {
          if (row.length > MAX_ITEM_PARAMS)
            throw invalidInput([
              {
                param: 'items',
                message: `the CSV header (line ${info.lines}) names ${row.length} columns; an item names at most ${MAX_ITEM_PARAMS}`,
              },
            ]);
          columns = row.map((c) => c.trim());
          // A spreadsheet's export in a locale whose separator is not a comma: one column named
          // "url;name" (no parameter), so every item lacked url — said as such, 50 times.
          const sep = columns.length === 1 ? /[;\t]/.exec(columns[0])?.[0] : undefined;
          if (sep)
            throw invalidInput([
              {
                param: 'items',
                message: `the CSV header (line ${info.lines}) is one column, ${JSON.stringify(columns[0].slice(0, 100))}: columns are separated by commas, not ${sep === ';' ? 'semicolons' : 'tabs'}`,
              },
            ]);
          const first = new Map<string, number>();
          for (const [j, name] of columns.entries()) {
            if (!name) continue;
            const before = first.get(name);
            if (before !== undefined)
              throw invalidInput([
                { param: 'items', message: `the CSV header (line ${info.lines}) names ${name} twice: columns ${before + 1} and ${j + 1}` },
              ]);
            first.set(name, j);
          }
          continue;
        }
        if (items.length >= maxItems) throw tooMany(maxItems);
        if (row.length !== columns.length)
          throw invalidInput([
            {
              param: `items[${items.length}]`,
              message: `CSV line ${info.lines} has ${row.length} field${row.length === 1 ? '' : 's'}; the header has ${columns.length}`,
            },
          ]);
        const item: Record<string, string> = {};
        for (let j = 0; j < columns.length; j++) {
          const value = row[j];
          if (value === undefined || value === '' || !columns[j]) continue;
          if (Buffer.byteLength(value) > FIELD_MAX_BYTES)
            throw invalidInput([
              { param: `items[${items.length}].${columns[j]}`, message: `a CSV field may be at most ${FIELD_MAX_BYTES / 1024} KiB` },
            ]);
          item[columns[j]] = value;
        }
        if ((params += paramCount(item)) > jobParamsBudget(maxItems)) throw tooManyParams(maxItems);
        items.push(item);
      }
    });
  } catch (e) {
    if (e instanceof ApiError) return e;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('CSV_'))
      return invalidInput([{ param: `items[${items.length}]`, message: CSV_PROBLEMS[code] ?? 'is not a well-formed CSV row' }]);
    throw e;
  }
  return { items, itemProblems: [] };
}

/** A job request given as one object (a JSON body; the GraphQL mutation's input). */
export function jobRequestOf(o: Record<string, unknown>, maxItems: number): JobRequest | ApiError {
  const problems: ParamProblem[] = [];
  const itemProblems: ParamProblem[] = [];
  const items: (Record<string, string> | null)[] = [];
  unknownFields(o, JOB_FIELDS, problems, 'a job');
  const options = optionsOf(o, problems);
  if (!Array.isArray(o.items) || o.items.length === 0)
    problems.push({ param: 'items', message: 'must be a non-empty array of objects (each item: the query parameters of one request)' });
  else if (o.items.length > maxItems)
    return invalidInput([{ param: 'items', message: `a job has at most ${maxItems} items (JOBS_MAX_ITEMS)` }]);
  else {
    let params = 0;
    for (let i = 0; i < o.items.length; i++) {
      const item = itemOf(o.items[i], i, itemProblems);
      if ((params += paramCount(item)) > jobParamsBudget(maxItems)) return tooManyParams(maxItems);
      items.push(item);
    }
  }
  if (problems.length) return invalidInputAtMost(problems, 'items');
  return { ...options, items, itemProblems };
}

/**
 * The idempotency key of a request, which may name it twice — in its JSON body (or an upload's
 * query string) and in its Idempotency-Key header: either, or both alike. Two different keys are a
 * problem: taking either would replay a job the other did not name, or create one it did.
 */
function idempotencyKeyOf(given: unknown, header: string | undefined, problems: ParamProblem[]): unknown {
  if (given === undefined || given === null) return header;
  if (header !== undefined && header !== given)
    problems.push({ param: 'idempotency_key', message: 'differs from the Idempotency-Key header; give the key once, or the same in both' });
  return given;
}

function uploadOptions(query: URLSearchParams, header: (n: string) => string | undefined, problems: ParamProblem[]) {
  const url = query.get('webhook_url');
  return optionsOf(
    {
      operation: query.get('operation') ?? undefined,
      cache_max_age: query.get('cache_max_age') ?? undefined,
      max_credits: query.get('max_credits') ?? undefined,
      idempotency_key: idempotencyKeyOf(query.get('idempotency_key'), header('idempotency-key'), problems),
      webhook: url ? { url, secret: header('x-webhook-secret') } : undefined,
    },
    problems,
  );
}

/** Items validated per turn of the event loop: a 100,000-item job does not hold up other requests. */
const VALIDATE_PER_TURN = 256;

/**
 * The operation's route and every item checked as its single request would be: the
 * query-string types (400 before anything else), then the operation's rules. Problems name
 * `items[i].param` in REST spelling.
 *
 * `r.items` is emptied (each item set to null once checked): a request's items and their checked
 * forms are not held together. A 100,000-item body held ~10 MB more at its peak, and a gateway on
 * a 128 MB heap died of it (test/jobs/input-abuse.test.ts).
 */
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
  // The first MAX_PROBLEMS_LISTED are kept, the rest counted: an answer and a heap bounded
  // however many items are wrong.
  const problems: ParamProblem[] = [];
  let unlisted = 0;
  const note = (p: ParamProblem) => (problems.length < MAX_PROBLEMS_LISTED ? problems.push(p) : unlisted++);
  const items: ValidItem[] = [];
  for (let i = 0; i < r.items.length; i++) {
    if (i > 0 && i % VALIDATE_PER_TURN === 0) await new Promise((done) => setImmediate(done));
    const given = r.items[i];
    r.items[i] = null;
    if (!given) {
      for (const p of byItem.get(i) ?? []) note(p);
      continue;
    }
    // A job runs one operation: an item naming another (a "mixed" file) would run under the job's
    // and answer for the wrong platform — no operation has a parameter of that name.
    if (given.operation !== undefined && given.operation !== r.operation) {
      note({
        param: `items[${i}].operation`,
        message: `is not the job's operation (${r.operation}): a job runs one operation; send one job per operation`,
      });
      continue;
    }
    const params = new URLSearchParams(given);
    if (r.cacheMaxAge && route.op.cacheable && !params.has('cache_max_age')) params.set('cache_max_age', r.cacheMaxAge);
    const v = toVariables(route, params);
    if (v.problems.length) {
      for (const p of v.problems) note({ param: `items[${i}].${p.param}`, message: p.message });
      continue;
    }
    const checked = validateArgs(route.op, v.args);
    if (!checked.ok) {
      for (const p of checked.problems) note({ param: `items[${i}].${route.restName.get(p.param) ?? p.param}`, message: p.message });
      continue;
    }
    // A job already refused keeps no items.
    if (problems.length) continue;
    items.push({
      input: JSON.stringify(given),
      maxAge: params.get('cache_max_age'),
      maxCost: reservationOf(route.op, checked.args),
      cacheKey: checked.cacheKey,
    });
  }
  if (problems.length) return invalidInputAtMost(problems, 'items', unlisted);
  return { route, items };
}
