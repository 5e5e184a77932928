/**
 * Reads configuration, opens the stores, listens. `npm start`.
 */
import { createServer } from 'node:http';
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { bootstrapKey, openDeps } from './deps.js';

export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const deps = openDeps(config);
  // This process owns DATA_DIR: reservations still open are from a process that died mid-request.
  // A shared Redis ledger also holds other live instances' reservations: there, each instance
  // refunds only those older than RESERVATION_TTL_MS, periodically (src/credits/redis-ledger.ts).
  const refunded = config.redisUrl ? 0 : await deps.ledger.refundAbandoned(0);
  if (refunded) deps.logger.warn({ refunded }, 'refunded reservations left open by a previous process');
  await bootstrapKey(deps, (line) => process.stdout.write(`${line}\n`));
  const app = createApp(deps);
  const server = createServer(app.handler);
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolveP) => server.listen(config.port, config.host, resolveP));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  deps.logger.info({ port, dataDir: config.dataDir, replay: config.upstreamReplayUrl ?? undefined }, 'gateway listening');
  process.stdout.write(`Creator Lookup listening on http://localhost:${port} (GraphiQL: /graphql, REST: /v1, OpenAPI: /openapi.json)\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    deps.logger.info({ signal }, 'shutting down');
    server.close();
    server.closeIdleConnections();
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    force.unref();
    await new Promise<void>((r) => server.once('close', () => r()));
    await deps.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return { server, deps, port };
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('src/server.ts')) {
  startServer().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
