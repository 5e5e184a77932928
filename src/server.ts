/**
 * Reads configuration, opens the stores, listens. `npm start`.
 *
 * Graceful shutdown on SIGTERM (and SIGINT): stop accepting connections (keep-alive clients are
 * asked to close theirs, /readyz answers 503); let requests in flight finish for up to
 * SHUTDOWN_GRACE_MS; then cancel what still runs (its live fetches are aborted and answered
 * 503, reservations settled at 0); refund every reservation this process still holds; close
 * the remaining connections and the stores; exit 0.
 *
 * Start-up holds DATA_DIR's lock first (src/store/lock.ts: one server per directory, REDIS_URL or
 * not), so a second server on the same directory exits at once and changes nothing. Then it takes
 * group and other access away from everything in DATA_DIR (src/store/data-dir.ts), logging what
 * it changed. A setting or resource that stops the start (a bad value, the port in use, DATA_DIR
 * unusable, Redis out of reach, REDIS_URL without SECRETS_KEY) is reported as one line naming it,
 * exit code 1.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { createApp, createHttpServer } from './app.js';
import { ConfigError, loadConfig, redisLabel, reservationTtlWarning, RETIRED_SETTINGS } from './config.js';
import type { Config } from './config.js';
import { bootstrapKey, openDeps } from './deps.js';
import type { OpenDeps } from './deps.js';
import { guardUnhandledRejections } from './observability/process-guard.js';
import { tightenDataDir } from './store/data-dir.js';
import { DataDirLockError, lockDataDir } from './store/lock.js';
import { SecretsKeyError } from './store/secrets.js';

/** After the grace period: how long cancelled requests get to answer and settle. */
const CANCEL_WAIT_MS = 3_000;

/**
 * A start-up failure the operator fixes with a setting or a resource (a bad value, a port in use,
 * a store out of reach): reported as one line naming it, no stack, exit 1 (main()).
 */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

/** Whether `p` settled within `ms` (the timer is cleared either way). */
function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p.then(() => true), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

/** The first error code in a cause chain (ECONNREFUSED, SQLITE_NOTADB, …), else the innermost message. */
function rootCause(err: unknown): string {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  let last = '';
  for (let depth = 0; e && depth < 5; depth++, e = e.cause as typeof e) {
    // (ApiError's own code, SERVICE_UNAVAILABLE, says nothing the message does not.)
    if (typeof e.code === 'string' && /^E[A-Z]+$|^SQLITE_/.test(e.code)) return e.code;
    if (typeof e.message === 'string' && e.message) last = e.message;
  }
  return last.split('\n')[0] || 'unknown error';
}

function listenFailure(err: NodeJS.ErrnoException, config: Config): StartupError {
  const where = `${config.host}:${config.port}`;
  const why: Record<string, string> = {
    EADDRINUSE: `PORT ${config.port} is already in use on HOST ${config.host} (another process listens on ${where})`,
    EACCES: `PORT ${config.port} needs privileges to listen on (HOST ${config.host})`,
    EADDRNOTAVAIL: `HOST ${config.host} is not an address of this machine (cannot listen on ${where})`,
    ENOTFOUND: `HOST ${config.host} does not resolve (cannot listen on ${where})`,
  };
  return new StartupError(why[err.code ?? ''] ?? `cannot listen on ${where}, HOST and PORT (${err.code ?? err.message})`, { cause: err });
}

/** Each step names what the operator must fix when it fails (StartupError); what was opened is closed again. */
async function open(config: Config) {
  // Before anything touches DATA_DIR: a second server on it changes nothing.
  let lock;
  try {
    lock = lockDataDir(config.dataDir);
  } catch (e) {
    throw e instanceof DataDirLockError ? new StartupError(e.message, { cause: e }) : e;
  }
  let deps: OpenDeps | undefined;
  try {
    // DATA_DIR is its owner's alone: access an earlier version (or a copy) left to others is removed.
    const tightened = tightenDataDir(config.dataDir);
    try {
      deps = openDeps(config, { defaultMetrics: true });
    } catch (e) {
      if (e instanceof SecretsKeyError) throw new StartupError(e.message, { cause: e });
      const code = (e as { code?: unknown }).code;
      if (typeof code === 'string' && /^(SQLITE_|E[A-Z]+$)/.test(code)) {
        throw new StartupError(`DATA_DIR ${config.dataDir}: cannot open its store (${code}: ${(e as Error).message})`, { cause: e });
      }
      throw e;
    }
    if (tightened.changed.length || tightened.failed.length) {
      deps.logger.warn(
        { dataDir: config.dataDir, changed: tightened.changed.length, paths: tightened.changed.slice(0, 20), failed: tightened.failed },
        'DATA_DIR was open to other users: group and other access removed',
      );
    }
    if (config.redisUrl) {
      try {
        await deps.ledger.ping();
      } catch (e) {
        throw new StartupError(
          `REDIS_URL: Redis at ${redisLabel(config.redisUrl)} is unreachable (${rootCause(deps.lastStoreError() ?? e)})`,
          { cause: e },
        );
      }
    }
    return { lock, deps };
  } catch (e) {
    // What was opened is closed, for at most CLOSE_ON_FAILURE_MS: a Redis that takes connections and
    // answers nothing (frozen) held the close — and the start's exit — for as long as it stayed so.
    await Promise.race([deps?.close().catch(() => undefined), delay(CLOSE_ON_FAILURE_MS, undefined, { ref: false })]);
    lock.release();
    throw e;
  }
}

/** How long a failed start waits for what it opened to close before it reports its failure. */
const CLOSE_ON_FAILURE_MS = 2_000;

export interface StartOptions {
  /** SIGTERM and SIGINT shut the server down and exit the process (default true; false: the caller calls `shutdown`). */
  signals?: boolean;
  /** Where the lines for a person go: the first key, "listening on" (default: stdout). */
  print?: (line: string) => void;
}

export async function startServer(env: NodeJS.ProcessEnv = process.env, opts: StartOptions = {}) {
  const print = opts.print ?? ((line: string) => void process.stdout.write(`${line}\n`));
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (e) {
    // Every loadConfig message names its setting.
    throw new StartupError((e as Error).message, { cause: e });
  }
  const { lock, deps } = await open(config);
  if (config.ignoredSettings.length) {
    const names = config.ignoredSettings.join(', ');
    deps.logger.warn(
      { settings: Object.fromEntries(config.ignoredSettings.map((n) => [n, RETIRED_SETTINGS[n]])) },
      `retired settings ignored: ${names} (they no longer do anything; remove them)`,
    );
  }
  const shortTtl = reservationTtlWarning(config);
  if (shortTtl) deps.logger.warn({ setting: 'RESERVATION_TTL_MS' }, shortTtl);
  const unguard = guardUnhandledRejections(deps.logger, deps.metrics.unhandledRejections);
  const server = createHttpServer();
  let app: ReturnType<typeof createApp>;
  try {
    // This process holds DATA_DIR's lock (src/store/lock.ts): no other live process has a
    // reservation in its SQLite ledger, so those still open are from a process that died mid-request.
    // A shared Redis ledger also holds other live instances' reservations: there, each instance
    // refunds only those older than RESERVATION_TTL_MS, periodically (src/credits/redis-ledger.ts).
    const refunded = config.redisUrl ? 0 : await deps.ledger.refundAbandoned(0);
    if (refunded) deps.logger.warn({ refunded }, 'refunded reservations left open by a previous process');
    await bootstrapKey(deps, print);
    app = createApp(deps);
    server.on('request', app.handler);
    await new Promise<void>((resolveP, reject) => {
      const failed = (err: NodeJS.ErrnoException) => reject(listenFailure(err, config));
      server.once('error', failed);
      server.listen(config.port, config.host, () => {
        server.off('error', failed);
        resolveP();
      });
    });
  } catch (e) {
    server.close();
    unguard();
    await deps.close().catch(() => undefined);
    lock.release();
    // A setting checked against the app (CANARIES' targets against the routes) is the operator's to fix: one line.
    throw e instanceof ConfigError ? new StartupError(e.message, { cause: e }) : e;
  }
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  app.canaries.start();

  let closing: Promise<void> | null = null;
  const stop = async (signal: string) => {
    deps.logger.info({ signal, inFlight: app.inFlight(), graceMs: config.shutdownGraceMs }, 'shutting down: no new connections');
    app.drain();
    app.canaries.stop();
    const closed = new Promise<void>((r) => server.close(() => r()));
    server.closeIdleConnections();
    const finished = await within(app.idle(), config.shutdownGraceMs);
    if (!finished) {
      deps.logger.warn({ inFlight: app.inFlight() }, 'grace period over: cancelling requests in flight');
      deps.cancelInFlight();
      // Cancelled requests answer 503 and settle their reservations themselves; not for long.
      await within(app.idle(), CANCEL_WAIT_MS);
    }
    // Bulk jobs' workers stop (items in flight settle or are refunded; unfinished ones run after the
    // restart). Items still waiting on an upstream after CANCEL_WAIT_MS have their fetches cancelled:
    // closing the upstream client waits for every request it has open, up to the upstream timeout.
    const jobsClosed = app.close();
    if (!(await within(jobsClosed, CANCEL_WAIT_MS))) {
      deps.logger.warn('job items still waiting on upstreams: cancelled (they run again after the restart)');
      deps.cancelInFlight();
      await within(jobsClosed, CANCEL_WAIT_MS);
    }
    const refunded = await deps.ledger.refundOpen();
    if (refunded) deps.logger.warn({ refunded }, 'refunded reservations still open at shutdown');
    server.closeAllConnections();
    await within(closed, 1_000);
    await deps.close();
    lock.release();
    unguard();
    deps.logger.info({ signal }, 'stopped');
  };
  /** Idempotent; resolves when everything is closed (the signal handlers then exit the process). */
  const shutdown = (signal = 'shutdown') => (closing ??= stop(signal));
  const onSignal = (signal: string) => () => {
    // Further signals change nothing: the shutdown is bounded already (and a terminal's Ctrl-C
    // reaches this process twice under `npm start`: directly and relayed by tsx).
    if (closing) return;
    void shutdown(signal).then(
      () => process.exit(0),
      (err) => {
        deps.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  if (opts.signals !== false) {
    process.on('SIGTERM', onSignal('SIGTERM'));
    process.on('SIGINT', onSignal('SIGINT'));
  }
  // Announced only now: whoever reads this line and sends SIGTERM at once gets a graceful
  // shutdown, not node's default (exit by the signal, reservations left open).
  deps.logger.info(
    { port, dataDir: config.dataDir, replay: config.upstreamReplayUrl ?? undefined, nodeEnv: process.env.NODE_ENV ?? null },
    'gateway listening',
  );
  print(`Creator Lookup listening on http://localhost:${port} (GraphiQL: /graphql, REST: /v1, OpenAPI: /openapi.json)`);
  // The faces made on first use (GraphQL, MCP: src/app.ts) are made now, once listening (a request
  // to one meanwhile waits for it), then discovery's text patterns compiled. A face that cannot be
  // made is a defect of this build (the schema disagreeing with the operations): the gateway stops
  // rather than serve without it.
  app.warm().catch((err: unknown) => {
    deps.logger.fatal({ err }, 'cannot make the GraphQL or MCP face: stopping');
    void shutdown('startup failure').finally(() => {
      if (opts.signals !== false) process.exit(1);
    });
  });
  return { server, deps, port, app, shutdown };
}

/**
 * `npm start` (scripts/start.mjs) and `node dist/server.js`: serve, or say in one line on stderr
 * which setting or resource stops the start and exit 1. Anything else is a bug: its stack is printed.
 */
export function main(): void {
  startServer().catch((err: unknown) => {
    if (err instanceof StartupError) process.stderr.write(`Creator Lookup cannot start: ${err.message.replace(/\s*\n\s*/g, ' ')}\n`);
    else console.error(err);
    process.exit(1);
  });
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('src/server.ts')) main();
