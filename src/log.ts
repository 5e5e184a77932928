/**
 * Structured logs (pino): JSON lines on stdout, or readable lines with LOG_FORMAT=pretty (the
 * default on a terminal). API keys never reach a log line: keys are only
 * ever referred to by id (`key_id`), the x-api-key and authorization headers are redacted
 * wherever a request's headers are logged, and an x-request-id equal to the API key is not
 * taken as the request id. Each request logs one access line (`req_id`, method, route, status,
 * ms, key_id); errors while serving it carry the same `req_id`.
 */
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

/**
 * stdout's one destination, shared by every logger of the process: pino's own (sonic-boom),
 * writing synchronously — on the event loop, never through node's thread pool — in blocks of about
 * LOG_BLOCK_BYTES (one `write` for ~20 access lines), and whatever is held at least every
 * LOG_FLUSH_MS. At the process's exit (process.exit, a crash handler, the end of a shutdown) what
 * is held is written before the process ends, in order. (The asynchronous destination handed
 * each write to the thread pool; at exit pino wrote what was still buffered but not the write in
 * flight, which, with the pool busy, landed after the lines written at exit or never.) What a
 * process killed outright (SIGKILL, V8 out of memory) held is lost: at most LOG_FLUSH_MS of lines.
 * Why blocks, not a write a line: docs/performance.md.
 */
export const LOG_BLOCK_BYTES = 4096;
export const LOG_FLUSH_MS = 100;
let stdoutDestination: pino.DestinationStream | undefined;
function stdoutLines(): pino.DestinationStream {
  if (!stdoutDestination) {
    const dest = pino.destination({ dest: 1, sync: true, minLength: LOG_BLOCK_BYTES, periodicFlush: LOG_FLUSH_MS });
    process.on('exit', () => {
      try {
        dest.flushSync();
      } catch {
        // stdout is gone (a closed pipe): nothing is left to write to.
      }
    });
    stdoutDestination = dest;
  }
  return stdoutDestination;
}

/**
 * JSON lines on stdout (stdoutLines above), or on `destination` (tests); `pretty` formats the
 * same entries (redacted the same way) for reading, a line at a time.
 */
export function createLogger(level = 'info', destination?: DestinationStream, format: LogFormat = 'json'): Logger {
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
  return pino(opts, destination ?? stdoutLines());
}

export const silentLogger: Logger = pino({ level: 'silent' });

/** One request's access-log entry (src/app.ts). */
export interface AccessEntry {
  req_id: string;
  method: string | undefined;
  route: string;
  status: number;
  ms: number;
  key_id: string | undefined;
}

/** Writes access-log lines: msg "request", level info, the entry's fields (nothing in it to redact). */
export function accessLogger(logger: Logger): (e: AccessEntry) => void {
  return (e) => logger.info(e, 'request');
}
