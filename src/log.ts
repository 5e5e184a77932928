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
 * JSON lines on stdout through pino's own destination, written synchronously: a line is out when
 * `logger.info` returns, so an exit at any moment (process.exit, a crash handler) loses none and
 * keeps their order. (The asynchronous destination handed each write to node's thread pool; at
 * exit pino wrote what was still buffered but not the write in flight, which, with the pool busy,
 * landed after the lines written at exit or never.) Or on `destination` (tests); `pretty` formats
 * the same entries (redacted the same way) for reading.
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
  return pino(opts, destination ?? pino.destination({ dest: 1, sync: true }));
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
