/**
 * The HTTP layer's own answers — before any route or operation runs — so that every one of them
 * is a JSON error body with a stable code, like every other error of the gateway:
 *
 *   400 INVALID_INPUT           a body that is not JSON (the parser's message is not echoed)
 *   400 INVALID_INPUT           a GraphQL body nested deeper than MAX_BODY_JSON_DEPTH (checked before it is parsed)
 *   400 INVALID_INPUT           an HTTP/1.1 request without Host (refusal); the connection is closed
 *   405 METHOD_NOT_ALLOWED      a method the route does not serve (HEAD on /v1 runs nothing); CONNECT
 *                               (answerConnect: this is no proxy), then the connection is closed
 *   408 REQUEST_TIMEOUT         a body from which no byte arrived for BODY_IDLE_MS, or a request node did
 *                               not receive in time (its headersTimeout); the connection is closed
 *   413 PAYLOAD_TOO_LARGE       a body over the limit (read no further than the limit + one chunk)
 *   415 UNSUPPORTED_MEDIA_TYPE  a POST /graphql body that is not application/json; any body sent with
 *                               a content-encoding other than identity (never inflated), a transfer
 *                               coding besides chunked or a charset other than UTF-8 (unreadableBody)
 *   417 EXPECTATION_FAILED      an Expect header other than 100-continue (refusal); the connection is
 *                               kept, as node keeps it
 *   431 HEADERS_TOO_LARGE       a request line or headers over node's limit (16 KiB)
 *
 * Whatever the answer, a large request body nobody reads is never read (GatewayResponse): the
 * connection is closed instead of drained. Every answer gets its 'close', also one queued behind
 * another (pipelined) whose connection closed before it was sent (GatewayResponse).
 *
 * and CORS: a CORS_ORIGINS allow-list (default any origin), never with credentials — keys travel
 * in the x-api-key header, not in cookies, so no browser sends them on its own.
 */
import { isUtf8 } from 'node:buffer';
import type { EventEmitter } from 'node:events';
import { STATUS_CODES, ServerResponse } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { MIMEType } from 'node:util';
import { ApiError } from '../errors.js';
import { newRequestId } from '../observability/request.js';
import { jsonShapeExcess } from '../parse/json.js';
import { restErrorBody } from '../pipeline/errors.js';

export const MAX_GRAPHQL_BODY = 1024 * 1024;
/**
 * Without a valid key only introspection and `{__typename}` can run, which never need a large
 * body: a keyless (or unknown-key) request may send at most this much, and a larger one is refused
 * from its headers without reading it — a flood of large keyless bodies costs next to nothing.
 */
export const KEYLESS_MAX_BODY = 64 * 1024;

/** Whether a request declares (content-length) a body over `limit` bytes: refused before any of it is read. */
export function declaresOver(req: IncomingMessage, limit: number): boolean {
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) && declared > limit;
}

/**
 * 415 for a body this gateway would not read as its sender meant, before any of it is read (every
 * body reader asks: bodyChunks, readBody). Bodies are read as they are sent, as UTF-8:
 *   - a content coding (content-encoding other than identity: gzip, deflate, br…): a compressed
 *     body read as JSON, NDJSON or CSV is not what its sender meant (nor is a body labelled
 *     compressed and sent as it is). Nothing is inflated, so no small body can unpack to a large one;
 *   - a transfer coding besides chunked (`transfer-encoding: gzip, chunked`): node undoes chunked
 *     only, and the gzip bytes were read as the body (RFC 9112 §6.1 has a server refuse a transfer
 *     coding it does not understand);
 *   - a charset other than UTF-8 (the content-type's `charset` parameter, whatever the type; any
 *     label the Encoding Standard reads as UTF-8, `utf8` too): a body labelled UTF-16 or Latin-1
 *     was read as UTF-8 regardless. RFC 8259 has JSON exchanged in UTF-8; such a client is told to
 *     send UTF-8 rather than have its text decoded by a guess.
 */
export function unreadableBody(req: IncomingMessage): ApiError | null {
  const coding = req.headers['content-encoding'];
  if (coding !== undefined && !/^\s*(identity\s*)?$/i.test(coding))
    return new ApiError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Request bodies are read as sent: content-encoding ${JSON.stringify(coding.slice(0, 40))} is not supported; send the body uncompressed`,
    );
  const transfer = req.headers['transfer-encoding'];
  if (transfer !== undefined && !/^\s*chunked\s*$/i.test(transfer))
    return new ApiError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Request bodies are read as sent: transfer-encoding ${JSON.stringify(transfer.slice(0, 40))} is not supported; send chunked or with a content-length`,
    );
  const charset = charsetOf(req.headers['content-type']);
  if (charset !== null && !isUtf8Label(charset))
    return new ApiError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Request bodies are read as UTF-8: charset ${JSON.stringify(charset.slice(0, 40))} is not supported; send UTF-8 (charset=utf-8, or no charset)`,
    );
  return null;
}

/** A content-type's charset parameter (WHATWG MIME parsing, node's MIMEType), or null: none, or no parsable type. */
function charsetOf(type: string | undefined): string | null {
  // Most bodies name no charset: one test, no parse.
  if (type === undefined || !/charset/i.test(type)) return null;
  try {
    return new MIMEType(type).params.get('charset');
  } catch {
    return null;
  }
}

/** Whether the Encoding Standard reads `label` as UTF-8 (utf-8, utf8, unicode-1-1-utf-8…). */
function isUtf8Label(label: string): boolean {
  try {
    return new TextDecoder(label).encoding === 'utf-8';
  } catch {
    return false;
  }
}

/**
 * A request body's chunks as they arrive, for the bodies read as a stream (job uploads, job and
 * monitor JSON bodies; GraphQL's and MCP's small ones: readBody, the same rule). When no byte
 * arrives for `idleMs` (BODY_IDLE_MS) the read ends with 408 REQUEST_TIMEOUT (thrown), whose
 * answer closes the connection: a client that
 * stalls holds what its read holds (a job body's place) for that long, not until node's
 * requestTimeout (300 s). Bytes that keep coming, however slowly, are read on.
 *
 * `signal` (a job body's place given to another key's body): aborted, the read ends at once with
 * its reason (thrown).
 *
 * Stopping early (a throw, a return, the timeout) leaves the request as it is instead of
 * destroying it with its socket, so the answer still reaches the client (GatewayResponse closes
 * the connection of a large body left unread).
 */
export async function* bodyChunks(req: IncomingMessage, idleMs: number, signal?: AbortSignal): AsyncGenerator<Buffer> {
  const unreadable = unreadableBody(req);
  if (unreadable) throw unreadable;
  continueBody(req);
  const it = req.iterator({ destroyOnReturn: false })[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  /** A read not settled yet: left to settle (or fail) when the connection closes. */
  let pending: Promise<IteratorResult<Buffer>> | null = null;
  // One timer for the whole body, started again as each read begins (the consumer's own time
  // between chunks is not the client's); it ends the read it finds waiting, as `signal` does.
  // (Not a race of each read against one promise of the whole body: every race left a reaction on
  // that promise until the body ended, ~230 bytes of heap per chunk — 120 MB for a 512 KiB body
  // sent a byte a chunk.)
  let interrupt: ((why: 'idle' | 'cut') => void) | null = null;
  const timer = setTimeout(() => interrupt?.('idle'), idleMs);
  const onAbort = () => interrupt?.('cut');
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      const read = (pending = it.next());
      timer.refresh();
      const next = await new Promise<IteratorResult<Buffer> | 'idle' | 'cut'>((resolveP, reject) => {
        interrupt = resolveP;
        read.then(resolveP, reject);
      });
      interrupt = null;
      if (next === 'idle') throw bodyIdle(idleMs);
      if (next === 'cut') throw signal!.reason;
      pending = null;
      if (next.done) return;
      yield next.value;
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    if (pending) pending.catch(() => undefined);
    else await it.return?.();
  }
}

/** 408 for a body that stalled: the client is gone quiet, so the answer closes the connection. */
const bodyIdle = (idleMs: number) =>
  new ApiError(
    'REQUEST_TIMEOUT',
    `No byte of the request body arrived for ${idleMs >= 1000 ? `${idleMs / 1000} s` : `${idleMs} ms`} (BODY_IDLE_MS); send the body without pausing`,
    { headers: { connection: 'close' } },
  );

/** Chunks a body reader keeps before it joins them into one Buffer (BodyBytes). */
const JOIN_CHUNKS = 1024;

/**
 * A whole body's bytes as they arrive, for the readers that keep one until it ends (readBody; the
 * JSON bodies of jobs and monitors). Chunked transfer encoding lets a client send chunks of one
 * byte, and node hands each to JS as a Buffer of its own (~200 bytes of heap): a keyed 1 MiB
 * GraphQL body kept chunk by chunk grew the heap by ~215 MB until it ended, and two or three at
 * once ran `npm start`'s 512 MB heap out. Every JOIN_CHUNKS chunks are joined into one Buffer (each
 * byte copied once more), so a body holds about its own size.
 */
export class BodyBytes {
  size = 0;
  private joined: Buffer[] = [];
  private recent: Buffer[] = [];

  add(chunk: Buffer): void {
    this.size += chunk.length;
    this.recent.push(chunk);
    if (this.recent.length < JOIN_CHUNKS) return;
    this.joined.push(Buffer.concat(this.recent));
    this.recent = [];
  }

  /** The body so far, as one Buffer. */
  bytes(): Buffer {
    return Buffer.concat(this.joined.length ? [...this.joined, ...this.recent] : this.recent, this.size);
  }
}

/**
 * A request body of at most `limit` bytes, or 'too-large': refused from its content-length
 * without reading it, or once more than `limit` bytes have arrived (nothing more is read; the
 * connection is closed after the answer); or the 408 REQUEST_TIMEOUT to answer when no byte
 * arrives for `idleMs` (BODY_IDLE_MS, the rule bodyChunks keeps for streamed bodies).
 */
export function readBody(req: IncomingMessage, limit: number, idleMs: number): Promise<Buffer | 'too-large' | ApiError> {
  // Read by its events with one timer pushed back by each chunk (Timeout.refresh), not through
  // bodyChunks: this is every GraphQL POST's read, and an async iterator with a race per chunk
  // cost cached GraphQL 15 % of its requests a second (bench/ab.ts, 5 rounds).
  return new Promise((resolveP, reject) => {
    const unreadable = unreadableBody(req);
    if (unreadable) return resolveP(unreadable);
    if (declaresOver(req, limit)) return resolveP('too-large');
    continueBody(req);
    const body = new BodyBytes();
    let size = 0;
    const stop = () => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
    };
    const timer = setTimeout(() => {
      stop();
      resolveP(bodyIdle(idleMs));
    }, idleMs);
    const onData = (c: Buffer) => {
      timer.refresh();
      size += c.length;
      if (size <= limit) return body.add(c);
      stop();
      req.pause();
      resolveP('too-large');
    };
    const onEnd = () => {
      stop();
      resolveP(body.bytes());
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', (e) => {
      stop();
      if (size > limit) resolveP('too-large');
      else reject(e);
    });
  });
}

/**
 * How deep a GraphQL or MCP body's JSON may nest (the GraphQL query's own bound, MAX_NESTING, is
 * the same). JSON.parse takes a text in one turn of the event loop whatever its nesting, and 1 MiB
 * of `[` (500,000 levels) took it ~0.2–0.5 s (flat JSON of that size: ~1 ms); nothing these
 * routes take nests more than a few levels.
 */
export const MAX_BODY_JSON_DEPTH = 64;

/** Whether a body's JSON text nests deeper than MAX_BODY_JSON_DEPTH: one pass over the text, before JSON.parse. */
export const nestsTooDeep = (text: string): boolean => jsonShapeExcess(text, { depth: MAX_BODY_JSON_DEPTH }) !== null;
export const NESTS_TOO_DEEP = `the body nests deeper than ${MAX_BODY_JSON_DEPTH} levels`;

/**
 * A JSON body's text, a leading byte order mark skipped (RFC 8259 lets a parser ignore it; JSON.parse
 * does not); null when its bytes are not UTF-8, RFC 8259's one encoding for JSON exchanged — decoded
 * leniently, a Latin-1 "José" became "Jos\uFFFD" and was looked up as such (notUtf8Body).
 */
export function jsonText(raw: Buffer): string | null {
  if (!isUtf8(raw)) return null;
  return raw.toString('utf8', raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf ? 3 : 0);
}

/**
 * Node reads a request body to its end before the connection is reused, also when the answer went
 * out without anyone reading it (http's `req._dump()`): a 1 MiB body answered 404, 405, 413 or 415
 * would still be read, 64 KiB and one Buffer at a time. Up to this size that is cheaper than a new
 * connection; beyond it (or of unknown size, chunked) the connection is closed instead.
 */
export const DRAIN_MAX_BODY = 64 * 1024;

/** A body that may be large and that nobody is reading (nor has read to its end). */
function bodyLeftUnread(req: IncomingMessage): boolean {
  // Held back by its client (no 100 Continue sent): draining it would wait for bytes that never come.
  if (continueFor.has(req)) return true;
  if (req.complete || req.readableFlowing) return false;
  const length = req.headers['content-length'];
  if (length !== undefined) return !(Number(length) <= DRAIN_MAX_BODY);
  return req.headers['transfer-encoding'] !== undefined;
}

/** Which of node's HTTP parser slots holds its body callback (found once, by the callback's name). */
let bodySlot: string | null | undefined;

/**
 * Node's parser hands JS a copy of the body bytes that arrived with the headers (up to one 64 KiB
 * read) even when nobody reads the body: with its body callback unset, it copies nothing. A flood
 * of large refused bodies otherwise allocates ~64 KiB per request outside the JS heap, and that
 * allocation alone drives a full GC every ~100 ms (bench/abuse.ts measured 3× as many).
 *
 * The slot is node's internal layout (the parser keeps its callbacks in numbered slots): found by
 * the callback's name, and left alone if it is not there. The parser is shared (node pools them),
 * so the callback is put back when the socket closes — node frees the parser in its own 'close'
 * handler, which runs before this one, and no other connection can take it in between.
 */
export function dropBodyBytes(socket: unknown): void {
  const parser = (socket as { parser?: Record<string, unknown> | null }).parser;
  if (!parser) return;
  if (bodySlot === undefined)
    bodySlot =
      Object.keys(parser).find((k) => typeof parser[k] === 'function' && (parser[k] as () => void).name === 'parserOnBody') ?? null;
  if (bodySlot === null || typeof parser[bodySlot] !== 'function') return;
  const slot = bodySlot;
  const callback = parser[slot];
  parser[slot] = null;
  (socket as NodeJS.EventEmitter).once('close', () => {
    parser[slot] = callback;
  });
}

/**
 * The gateway's responses (createHttpServer): an answer to a request whose large body is left
 * unread stops reading the connection at once, says `connection: close` and destroys the socket
 * as soon as it is out — the body is never read (at most what node's parser took with the
 * headers, one read). Every refusal of a large body by anyone without a key (404, 405, 413, 415,
 * 401) so costs one short answer, however many megabytes the client sends after its headers.
 */
export class GatewayResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  constructor(req: Request, options?: object) {
    // (node passes options its typings do not show: the connection's highWaterMark among them.)
    super(...([req, options] as unknown as [Request]));
    // node creates an answer before it queues it behind the one its connection is writing (pipelining).
    if ((req.socket as { _httpMessage?: unknown } | null)?._httpMessage) closeWithConnection(this);
  }

  override writeHead(statusCode: number, ...rest: unknown[]): this {
    if (!this.headersSent && bodyLeftUnread(this.req)) {
      this.shouldKeepAlive = false;
      // Null once the connection is gone (a client that hung up): nothing to stop then.
      const socket = this.req.socket as IncomingMessage['socket'] | null;
      if (socket) {
        // node's server stops reading a paused socket (its 'pause' handler calls readStop).
        socket.pause();
        dropBodyBytes(socket);
        // After http's own 'finish' handler (which would resume reading to drain the body).
        this.once('finish', () => socket.destroy());
      }
    }
    return super.writeHead(statusCode, ...(rest as [string | undefined]));
  }
}

/**
 * Resolves true once `res` can be written to a connection that has taken what was written before
 * it: its turn among the connection's pipelined answers has come and the socket is drained (false:
 * the connection closed first). For an answer made anew per request and large (/metrics, ~150 KB):
 * node hands JS every request of a read (~2,000 pipelined `GET /metrics` in 64 KiB) before any
 * answer is sent, and each answer made at once was held until its client read it — 1,500 of them,
 * never read, held ~240 MB. Made only when it can go out, a client that reads nothing gets one.
 */
export function connectionFree(res: ServerResponse): Promise<boolean> {
  return new Promise((resolveP) => {
    const check = () => {
      const socket = res.socket;
      if (!socket) return;
      if (socket.writableNeedDrain) return void socket.once('drain', check);
      res.off('close', closed);
      resolveP(true);
    };
    const closed = () => resolveP(false);
    res.once('close', closed);
    if (res.socket) check();
    else res.once('socket', check);
  });
}

/** Per connection: its answers queued behind another one and not closed yet. */
const queuedAnswers = new WeakMap<object, Set<ServerResponse>>();

/**
 * An answer queued behind another on its connection (pipelined requests) gets 'close' when the
 * connection closes before it was sent: node (20) emits it only for the answer the connection is
 * writing, so whatever waits for the others' 'close' — the in-flight count, a graceful shutdown,
 * the request's cancellation (its lookup and charge), a job's event stream — waited for ever. One
 * 'close' listener per connection that has queued answers, a Set of them; an answer leaves it at
 * its own 'close'.
 */
function closeWithConnection(res: ServerResponse): void {
  const socket = res.req.socket;
  let queued = queuedAnswers.get(socket);
  if (!queued) {
    const answers = (queued = new Set());
    queuedAnswers.set(socket, answers);
    socket.once('close', () => {
      for (const r of answers) {
        // Never given the connection: as node closes the one it was writing (emitCloseNT).
        if (r.socket) continue;
        const closed = r as ServerResponse & { _closed?: boolean; destroyed: boolean };
        closed.destroyed = true;
        closed._closed = true;
        r.emit('close');
      }
      answers.clear();
    });
  }
  const answers = queued;
  answers.add(res);
  res.once('close', () => answers.delete(res));
}

export const tooLarge = (limit: number, keyless = false) =>
  new ApiError(
    'PAYLOAD_TOO_LARGE',
    keyless ? `Request body exceeds ${limit} bytes (the limit without a valid API key)` : `Request body exceeds ${limit} bytes`,
  );
export const notJson = () =>
  new ApiError('INVALID_INPUT', 'Request body is not valid JSON', { details: [{ param: 'body', message: 'not valid JSON' }] });
export const NOT_UTF8 = 'is not UTF-8 text; send UTF-8, not Latin-1 or Windows-1252';
export const notUtf8Body = () =>
  new ApiError('INVALID_INPUT', 'Request body is not UTF-8 text', { details: [{ param: 'body', message: NOT_UTF8 }] });
export const tooDeep = () =>
  new ApiError('INVALID_INPUT', `Invalid input: ${NESTS_TOO_DEEP}`, {
    details: [{ param: 'body', message: `nests deeper than ${MAX_BODY_JSON_DEPTH} levels` }],
  });
export const unsupportedMediaType = (type: string) =>
  new ApiError(
    'UNSUPPORTED_MEDIA_TYPE',
    `POST /graphql takes a JSON body (content-type: application/json), not ${type || 'a body without content-type'}`,
  );
export const methodNotAllowed = (method: string | undefined, allow: string) =>
  new ApiError('METHOD_NOT_ALLOWED', `${method ?? 'This method'} is not supported here; use ${allow}`);

/** Requests node handed to 'checkExpectation': an Expect it cannot meet (anything but 100-continue). */
const unmetExpectations = new WeakSet<IncomingMessage>();

/**
 * node's 'checkExpectation' (createHttpServer): a request whose Expect is not 100-continue, which
 * node would answer 417 with an empty body. It goes to the app like any request, marked, and the
 * app answers it with refusal's 417 — so it gets its request id, access line and count like any
 * other answer.
 */
export function forwardUnmetExpectation(server: EventEmitter, req: IncomingMessage, res: ServerResponse): void {
  unmetExpectations.add(req);
  server.emit('request', req, res);
}

/**
 * A Host value (RFC 9110 §7.2: uri-host [":" port], RFC 3986's grammar): a bracketed IP literal, or
 * a reg-name (an IPv4 address is one) of unreserved, percent-encoded and sub-delim characters.
 */
const HOST_VALUE = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]*)(?::[0-9]*)?$/;

/** 400 for a request's Host (RFC 9112 §3.2); the connection is closed, as node closes it. */
const badHost = (message: string, detail: string) =>
  new ApiError('INVALID_INPUT', message, {
    details: [{ param: 'host', message: detail }],
    // As node closes it: what follows on this connection is not read as further requests.
    headers: { connection: 'close' },
  });

/** How many Host field lines a request has (node keeps the first of several in `headers`). */
function hostLines(req: IncomingMessage): number {
  const raw = req.rawHeaders;
  let n = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i].length === 4 && raw[i].toLowerCase() === 'host') n++;
  return n;
}

/** Requests whose client waits for 100 Continue before it sends the body (Expect: 100-continue), and their answers. */
const continueFor = new WeakMap<IncomingMessage, ServerResponse>();

/**
 * node's 'checkContinue' (createHttpServer): a request whose client sends its body only after a
 * 100 Continue. node would send that at once, before anything is known; the request goes to the
 * app instead, and the 100 is sent when a body reader begins (continueBody). An answer made
 * without its body — 401, 404, a declared length over the limit (413), a charset refused (415) — is
 * then the client's final status before it sends a byte (RFC 9110 §10.1.1), and the connection is
 * closed after it (bodyLeftUnread). Sent at once, the 100 had the client upload a body nobody
 * read: curl's 40 MB keyless POST /graphql ended in "connection reset by peer", its 413 lost.
 */
export function deferContinue(server: EventEmitter, req: IncomingMessage, res: ServerResponse): void {
  continueFor.set(req, res);
  server.emit('request', req, res);
}

/** The 100 Continue of a request whose client waits for it, once its body is about to be read. */
export function continueBody(req: IncomingMessage): void {
  const res = continueFor.get(req);
  if (!res) return;
  continueFor.delete(req);
  if (!res.headersSent && !res.destroyed) res.writeContinue();
}

/** Whether the client holds the body back until a 100 Continue that was not sent (none of it will come). */
export const bodyHeldBack = (req: IncomingMessage): boolean => continueFor.has(req);

/**
 * What the HTTP layer refuses before any route runs (the app's handler asks first): an HTTP/1.1
 * request without Host, and any request with more than one Host line or a Host that is no host
 * (RFC 9112 §3.2: 400; node's own check, requireHostHeader, is turned off in createHttpServer
 * because it answers with an empty body, and node reads the first of several Host lines); then an
 * Expect it cannot meet — node's order.
 */
export function refusal(req: IncomingMessage): ApiError | null {
  const host = req.headers.host;
  if (host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor === 1)
    return badHost('An HTTP/1.1 request needs a Host header', 'required in an HTTP/1.1 request');
  if (host !== undefined && (!HOST_VALUE.test(host) || hostLines(req) > 1))
    return badHost(
      'A request has one Host header at most, naming a host (a name or address, with an optional port)',
      'given more than once, or not a host name or address with an optional port',
    );
  const expect = req.headers.expect;
  if (expect !== undefined && unmetExpectations.has(req))
    return new ApiError(
      'EXPECTATION_FAILED',
      `Expect: ${JSON.stringify(expect.slice(0, 40))} cannot be met; only 100-continue is supported`,
    );
  return null;
}

/**
 * A request target in absolute-form (`GET http://host/v1/… HTTP/1.1`, what a client configured for
 * a proxy sends; RFC 9112 §3.2.2: a server MUST accept it) is made origin-form before anything reads
 * it: `req.url` becomes its path and query (`/` when it has no path) and its authority the request's
 * Host (the RFC: the target's host, not the Host header, names the resource), so every face — the
 * routes, GraphQL, MCP, jobs, media URLs — sees the request as if sent in origin-form. A target
 * with userinfo (RFC 9110 §4.2.4), without a host or another scheme's is a 400 naming it, and the
 * target is not echoed (it may hold a password). Called after `refusal` (a missing Host is 400 first).
 */
export function originForm(req: IncomingMessage): ApiError | null {
  const target = req.url ?? '/';
  // Origin-form (and OPTIONS' asterisk-form) as it comes: one comparison on the hot path.
  if (target.charCodeAt(0) === 47 || target === '*') return null;
  const m = /^https?:\/\/([^/?#]*)(.*)$/is.exec(target);
  const authority = m?.[1] ?? '';
  if (!m || !authority || authority.includes('@') || !HOST_VALUE.test(authority))
    return new ApiError('INVALID_INPUT', 'The request target must be a path (/v1/…) or an http(s) URL with a host and no user name', {
      details: [{ param: 'request target', message: 'is neither origin-form (/path?query) nor an http(s) URL with a host' }],
    });
  req.url = m[2].startsWith('/') ? m[2] : `/${m[2]}`;
  req.headers.host = authority;
  return null;
}

/** Connections whose parse error waits for the answers before it (node reports it again with each later chunk). */
const parseErrorWaiting = new WeakSet<Duplex>();

/**
 * Errors node's HTTP parser raises before a request exists ('clientError'): answered as JSON with
 * a stable code, then the connection is closed.
 *
 * Bytes that do not parse after a request still being answered on the same connection (pipelined,
 * or sent after its body) are answered after it, and after any queued behind it: written at once,
 * the 400 would be read as that request's answer (a lookup charged, a job created, its client told
 * 400) or land inside an answer being streamed (a job's events). An error in the body of the
 * request in flight itself (a bad chunk size) is answered at once, unless its answer has begun:
 * then the connection is closed without one.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || (err as { code?: string }).code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  // node's http server keeps the answer being written on a connection as the socket's _httpMessage.
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  // (Its request not received whole: the error is in that request itself, answered now.)
  if (inFlight?.req.complete) {
    if (parseErrorWaiting.has(socket)) return;
    parseErrorWaiting.add(socket);
    // Its 'close' comes after node has moved the connection on to the next queued answer (or none).
    inFlight.once('close', () => {
      parseErrorWaiting.delete(socket);
      answerClientError(err, socket);
    });
    return;
  }
  if (inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const code = err.code ?? '';
  const error =
    code === 'HPE_HEADER_OVERFLOW'
      ? new ApiError('HEADERS_TOO_LARGE', 'The request line and headers exceed 16 KiB')
      : code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new ApiError('REQUEST_TIMEOUT', 'The request was not received in time')
        : new ApiError('INVALID_INPUT', 'Malformed HTTP request');
  socket.end(rawErrorAnswer(error));
  // Closed once the answer is out, whatever the client does. The half-close alone waited for the
  // client's end, which a connection paused by its request's answer (GatewayResponse, a body left
  // unread) never reads: each request with a bad chunk answered a moment later kept its socket and
  // its answer open for good — 20,000 of them from one keyless client took every file descriptor.
  socket.once('finish', () => socket.destroy());
}

/**
 * CONNECT (node's 'connect'; without a listener node closes the connection without a word): this
 * gateway is no proxy, so 405 METHOD_NOT_ALLOWED, then the connection is closed. An answer still
 * being written on the connection before the CONNECT (pipelined), and any queued behind it, goes
 * out first, as for a parse error (answerClientError).
 */
export function answerConnect(_req: IncomingMessage, socket: Duplex): void {
  // node has let go of the connection (its parser and its listeners): an error on it (a reset) is
  // ours to catch; the socket is destroyed with it.
  socket.on('error', () => undefined);
  refuseConnect(socket);
}

function refuseConnect(socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  // Its 'close' comes after node has moved the connection on to the next queued answer (or none).
  if (inFlight) return void inFlight.once('close', () => refuseConnect(socket));
  // An empty Allow: no method serves a CONNECT's target (a host and port) here.
  socket.write(rawErrorAnswer(new ApiError('METHOD_NOT_ALLOWED', 'CONNECT is not supported: this gateway is not a proxy'), 'allow: \r\n'));
  // Closed once the answer is out, as node closes a connection after its last answer.
  (socket as Socket).destroySoon();
}

/**
 * An error answer written on the connection itself (there is no response to write it through): JSON, then close.
 * It has a request id of its own, in `x-request-id` and the body, as every other answer has (docs/running.md).
 */
function rawErrorAnswer(error: ApiError, headers = ''): string {
  const id = newRequestId();
  const body = JSON.stringify(restErrorBody(error, id));
  return `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nx-request-id: ${id}\r\n${headers}connection: close\r\n\r\n${body}`;
}

export type CorsOrigins = '*' | string[];

/**
 * The response headers a browser's script may read: besides the request id and the rate-limit
 * ones, those routes answer with for their client — a monitor's CSV history its next page's
 * `x-next-after` (docs/monitors.md), a job's results download its job's `x-job-status`.
 */
const EXPOSED =
  'x-request-id, retry-after, ratelimit-limit, ratelimit-remaining, ratelimit-reset, ratelimit-policy, x-next-after, x-job-status';
const ALLOWED_HEADERS = 'x-api-key, content-type, accept, x-request-id, authorization, mcp-protocol-version';

function allowedOrigin(origin: string, allowed: CorsOrigins): string | null {
  if (allowed === '*') return '*';
  return allowed.includes(origin) ? origin : null;
}

/** CORS headers of an actual (non-preflight) response from a browser; none for another origin. */
export function applyCors(res: ServerResponse, origin: string, allowed: CorsOrigins): void {
  const o = allowedOrigin(origin, allowed);
  if (!o) return;
  res.setHeader('access-control-allow-origin', o);
  res.setHeader('access-control-expose-headers', EXPOSED);
  if (o !== '*') res.setHeader('vary', 'origin');
}

/** Answers an OPTIONS request (a CORS preflight when it names an origin): 204, never an error. */
export function answerOptions(req: IncomingMessage, res: ServerResponse, allowed: CorsOrigins, methods: string): void {
  const headers: Record<string, string> = { allow: `${methods}, OPTIONS`, 'content-length': '0' };
  const origin = req.headers.origin;
  const o = origin ? allowedOrigin(origin, allowed) : null;
  if (o) {
    headers['access-control-allow-origin'] = o;
    headers['access-control-allow-methods'] = `${methods}, OPTIONS`;
    headers['access-control-allow-headers'] = ALLOWED_HEADERS;
    headers['access-control-max-age'] = '600';
    if (o !== '*') headers.vary = 'origin';
  }
  res.writeHead(204, headers);
  res.end();
}
