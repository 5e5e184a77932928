/**
 * Structured logs (pino): JSON lines on stdout, or readable lines with LOG_FORMAT=pretty (the
 * default on a terminal). API keys never reach a log line: keys are only
 * ever referred to by id (`key_id`), the x-api-key and authorization headers are redacted
 * wherever a request's headers are logged, and an x-request-id equal to the API key is not
 * taken as the request id. Each request logs one access line (`req_id`, method, route, status,
 * ms, key_id); errors while serving it carry the same `req_id`.
 */
import { writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import pino from 'pino';
import type { DestinationStream } from 'pino';

export type Logger = pino.Logger;

// Explicit paths only: wildcard paths make pino check every line deeply (several µs a line, and
// there is one line per request).
const REDACT = [
  'apiKey',
  'ctx.apiKey',
  'context.apiKey',
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'request.headers["x-api-key"]',
  'request.headers.authorization',
  'headers["x-api-key"]',
  'headers.authorization',
];

/**
 * `json`: one JSON object a line (production, log collectors). `pretty`: one readable line an
 * entry — time, level, message, then the fields — for a developer's terminal (pino-pretty, run
 * synchronously in this process: no worker thread, and nothing lost on exit).
 */
export type LogFormat = 'json' | 'pretty';

type PrettyFactory = (options: {
  destination?: number | DestinationStream;
  sync?: boolean;
  colorize?: boolean;
  translateTime?: string;
  ignore?: string;
}) => DestinationStream;

// Loaded only when asked for: a JSON-logging server never reads pino-pretty.
const requireHere = createRequire(import.meta.url);

/** Characters of lines held within one event-loop turn before they are written anyway. */
const TURN_BUFFER_CHARS = 16 * 1024;
/** Every batched stdout destination, written out when the process exits (one 'exit' listener). */
const batched = new Set<TurnBatchedStdout>();
let exitHook = false;
/** Atomics.wait's word: a synchronous pause while a full pipe drains. */
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * stdout written once per event-loop turn: the info lines logged during a turn (one access line
 * per request answered in it) go out together at the end of the turn, in one write, instead of
 * one write — a system call on the request's path — per line; a warning or an error goes out at
 * once. Synchronous (a full pipe is waited
 * for, as pino's default destination does), at the latest when 16 Ki characters are held, and
 * when the process exits; a kill -9 loses at most the current turn's lines. (Lines are kept in
 * an array and joined once: appending to one string and measuring it per line, as pino's
 * buffered SonicBoom does, copies the held text on every line.)
 */
class TurnBatchedStdout {
  private lines: string[] = [];
  private chars = 0;
  private scheduled: NodeJS.Immediate | null = null;
  private broken = false;
  private readonly flushNow = () => this.flush();

  constructor(private readonly fd: number) {}

  write(line: string): boolean {
    if (this.broken) return true;
    this.lines.push(line);
    this.chars += line.length;
    // Warnings and errors go out at once, after what is held: they are few, and whoever reads the
    // log (or a process about to fail) needs them now and in order with the process's other output.
    if (this.chars >= TURN_BUFFER_CHARS || !atMostInfo(line)) this.flush();
    // unref: a pending write never keeps the process alive (the exit hook writes it).
    else this.scheduled ??= setImmediate(this.flushNow).unref();
    return true;
  }

  /** Writes what is held, now (pino's logger.flush(cb) calls it too). */
  flush(cb?: (err?: Error) => void): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    if (this.lines.length > 0) {
      const text = this.lines.length === 1 ? this.lines[0] : this.lines.join('');
      this.lines = [];
      this.chars = 0;
      this.writeAll(Buffer.from(text, 'utf8'));
    }
    cb?.();
  }

  private writeAll(buf: Buffer): void {
    for (let off = 0; off < buf.length;) {
      try {
        off += writeSync(this.fd, buf, off);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        // A full non-blocking pipe: wait for its reader. A reader gone (EPIPE): logging stops.
        if (code === 'EAGAIN') Atomics.wait(pause, 0, 0, 1);
        else if (code === 'EPIPE') return void (this.broken = true);
        else throw e;
      }
    }
  }
}

/** A pino JSON line at level info (30) or below: `{"level":10|20|30,…`. */
function atMostInfo(line: string): boolean {
  return line.startsWith('{"level":') && line.charCodeAt(9) <= 51 && line.charCodeAt(10) === 48 && line.charCodeAt(11) === 44;
}

function turnBatchedStdout(): DestinationStream {
  const dest = new TurnBatchedStdout(1);
  batched.add(dest);
  if (!exitHook) {
    exitHook = true;
    process.on('exit', () => {
      for (const d of batched) d.flush();
    });
  }
  return dest as unknown as DestinationStream;
}

/**
 * JSON lines on stdout, written once per event-loop turn (turnBatchedStdout), or on
 * `destination` (tests); `pretty` formats the same entries (redacted the same way) for reading.
 */
export function createLogger(level = 'info', destination?: DestinationStream, format: LogFormat = 'json'): Logger {
  const logger = makeLogger(level, destination, format);
  if (format === 'json') jsonLoggers.add(logger);
  return logger;
}

function makeLogger(level: string, destination: DestinationStream | undefined, format: LogFormat): Logger {
  const opts = { level, redact: { paths: REDACT, censor: '[redacted]' } };
  if (format === 'pretty') {
    const pretty = requireHere('pino-pretty') as PrettyFactory;
    const stream = pretty({
      destination: destination ?? 1,
      sync: true,
      // Colours only on a terminal, never into a file or a pipe.
      colorize: !destination && Boolean(process.stdout.isTTY),
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
    });
    return pino(opts, stream);
  }
  return pino(opts, destination ?? turnBatchedStdout());
}

export const silentLogger: Logger = pino({ level: 'silent' });

/** Loggers that write pino's own JSON lines (createLogger, format json): the access log may write to them directly. */
const jsonLoggers = new WeakSet<Logger>();

/** One request's access-log entry (src/app.ts). */
export interface AccessEntry {
  req_id: string;
  method: string | undefined;
  route: string;
  status: number;
  ms: number;
  key_id: string | undefined;
}

/** A JSON string: the text quoted as is when nothing in it needs escaping (ids, routes, methods). */
function jsonString(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || c > 0x7e) return JSON.stringify(s);
  }
  return `"${s}"`;
}

/**
 * Writes access-log lines (msg "request", level info). On a JSON logger of createLogger's, the line
 * pino would write — the same fields in the same order, its bindings (pid, hostname, a child's
 * own) from pino itself — is put together here and handed to the logger's stream: one template
 * instead of pino's generic serialiser, which took ~10% of the gateway's CPU on cached hits
 * (bench/cached-hit.ts; one line per request). The entry has nothing to redact. Any other logger
 * (pretty, a test's, a child made elsewhere) gets `logger.info(entry, 'request')`.
 */
export function accessLogger(logger: Logger): (e: AccessEntry) => void {
  const { streamSym, chindingsSym } = pino.symbols;
  const own = logger as unknown as Record<symbol, unknown>;
  const stream = own[streamSym] as DestinationStream | undefined;
  if (!jsonLoggers.has(logger) || !stream || typeof own[chindingsSym] !== 'string') return (e) => logger.info(e, 'request');
  return (e) => {
    if (!logger.isLevelEnabled('info')) return;
    const method = e.method === undefined ? '' : `,"method":${jsonString(e.method)}`;
    const key = e.key_id === undefined ? '' : `,"key_id":${jsonString(e.key_id)}`;
    stream.write(
      `{"level":30,"time":${Date.now()}${own[chindingsSym] as string},"req_id":${jsonString(e.req_id)}${method},"route":${jsonString(e.route)},"status":${e.status},"ms":${e.ms}${key},"msg":"request"}\n`,
    );
  };
}
