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

/** Bytes of lines held within one event-loop turn before they are written anyway. */
const TURN_BUFFER_BYTES = 8 * 1024;
/** Every batched stdout destination, written out when the process exits (one 'exit' listener). */
const batched = new Set<{ flush(): void }>();
let exitHook = false;

/**
 * stdout written once per event-loop turn: the lines logged during a turn (one access line per
 * request answered in it) go out together at the end of the turn, in one write, instead of one
 * write — a system call on the request's path — per line. Written synchronously by pino's
 * SonicBoom (EAGAIN on a full pipe retried, as pino's default destination does), at the latest
 * when 8 KiB are held, and when the process exits; a kill -9 loses at most the current turn's
 * lines.
 */
function turnBatchedStdout(): DestinationStream {
  const sonic = pino.destination({ dest: 1, sync: true, minLength: TURN_BUFFER_BYTES });
  let scheduled: NodeJS.Immediate | null = null;
  const flush = () => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = null;
    sonic.flush();
  };
  const dest = {
    write(line: string) {
      sonic.write(line);
      // unref: a pending write never keeps the process alive (the exit hook writes it).
      scheduled ??= setImmediate(flush).unref();
    },
    // pino's logger.flush(cb).
    flush(cb?: (err?: Error) => void) {
      if (scheduled) flush();
      cb?.();
    },
  };
  batched.add({ flush: () => scheduled && flush() });
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
