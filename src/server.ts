/**
 * Reads configuration, opens the stores, listens. `npm start`.
 *
 * Graceful shutdown on SIGTERM (and SIGINT): stop accepting connections (keep-alive clients are
 * asked to close theirs, /readyz answers 503); let requests in flight finish for up to
 * SHUTDOWN_GRACE_MS; then cancel what still runs (its live fetches are aborted and answered
 * 503, reservations settled at 0); refund every reservation this process still holds; close
 * the remaining connections and the stores; exit 0.
 */
import { createServer } from 'node:http';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { bootstrapKey, openDeps } from './deps.js';

/** After the grace period: how long cancelled requests get to answer and settle. */
const CANCEL_WAIT_MS = 3_000;

/** Whether `p` settled within `ms` (the timer is cleared either way). */
function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p.then(() => true), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), ms)))]).finally(() => clearTimeout(timer));
}

export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const deps = openDeps(config, { defaultMetrics: true });
  // This process owns DATA_DIR: reservations still open are from a process that died mid-request.
  // A shared Redis ledger also holds other live instances' reservations: there, each instance
  // refunds only those older than RESERVATION_TTL_MS, periodically (src/credits/redis-ledger.ts).
  const refunded = config.redisUrl ? 0 : await deps.ledger.refundAbandoned(0);
  if (refunded) deps.logger.warn({ refunded }, 'refunded reservations left open by a previous process');
  await bootstrapKey(deps, (line) => process.stdout.write(`${line}\n`));
  const app = createApp(deps);
  app.canaries.start();
  const server = createServer(app.handler);
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolveP) => server.listen(config.port, config.host, resolveP));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  deps.logger.info({ port, dataDir: config.dataDir, replay: config.upstreamReplayUrl ?? undefined }, 'gateway listening');
  process.stdout.write(`Creator Lookup listening on http://localhost:${port} (GraphiQL: /graphql, REST: /v1, OpenAPI: /openapi.json)\n`);

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
    const refunded = await deps.ledger.refundOpen();
    if (refunded) deps.logger.warn({ refunded }, 'refunded reservations still open at shutdown');
    server.closeAllConnections();
    await within(closed, 1_000);
    await deps.close();
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
  process.on('SIGTERM', onSignal('SIGTERM'));
  process.on('SIGINT', onSignal('SIGINT'));
  return { server, deps, port, app, shutdown };
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('src/server.ts')) {
  startServer().catch((err) => {
    // A configuration mistake is one line naming the variable; anything else keeps its stack.
    console.error(err instanceof ConfigError ? `configuration: ${err.message}` : err);
    process.exit(1);
  });
}
