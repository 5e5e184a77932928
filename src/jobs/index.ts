/**
 * Bulk lookups as resumable jobs: any /v1 GET operation over up to 100,000 inputs, run through
 * the same pipeline as single requests (docs/bulk-jobs.md). Embedded by default: kept in the
 * SQLite store under DATA_DIR and run by this process's worker pool (store.ts, runner.ts). With
 * REDIS_URL: kept in Redis and carried by BullMQ, so every instance works on every job
 * (redis-store.ts, queue.ts). Listed like every module (src/gateway.ts); `start`
 * opens its store and starts its workers for one app, `close` stops them.
 */
import { settlesWithRecords } from '../pipeline/deps.js';
import type { GatewayModule } from '../platforms/module.js';
import { createJobHandlers } from './http.js';
import { jobsOpenApi } from './openapi.js';
import { createQueueRunner } from './queue.js';
import { createRedisJobStore, sealStoredWebhookSecrets as sealRedisWebhookSecrets } from './redis-store.js';
import { createJobRunner } from './runner.js';
import { RESULTS_DOWNLOADS_PER_KEY, services, jobService } from './service.js';
import type { JobService } from './service.js';
import { createSqliteJobStore, embeddedJobStore, sealStoredWebhookSecrets } from './store.js';
import { createStreamSlots } from './streams.js';

/** With REDIS_URL, how often a progress stream looks at the store (other instances run items too). */
const REDIS_POLL_MS = 500;

const handlers = createJobHandlers(jobService);
const docs = jobsOpenApi();

export const jobsModule: GatewayModule = {
  name: 'jobs',
  routes: [
    { path: '/v1/jobs', methods: ['GET', 'POST'], serve: handlers.root, openapi: docs['/v1/jobs'] },
    { path: '/v1/jobs/estimate', methods: ['POST'], serve: handlers.estimate, openapi: docs['/v1/jobs/estimate'] },
    {
      path: '/v1/jobs/',
      prefix: true,
      methods: ['GET', 'POST', 'DELETE'],
      serve: handlers.byId,
      openapiPaths: Object.fromEntries(Object.entries(docs).filter(([p]) => p.includes('{id}'))),
    },
  ],
  start(deps, routes) {
    // An item's charge and its result together (settlesWithRecords); on Redis the jobs are kept on
    // the app's connection (Deps.redis).
    const redis = deps.redis;
    if (!settlesWithRecords(deps)) return { close: async () => undefined };
    const known = services.get(deps);
    if (known) {
      // A second app on the same deps (tests): one worker pool serves both.
      known.apps++;
      return { close: async () => void known.apps-- };
    }
    let svc: JobService & { apps: number };
    const streams = createStreamSlots(deps.config.jobs.maxStreamsPerKey);
    const downloads = createStreamSlots(RESULTS_DOWNLOADS_PER_KEY, 'results downloads', 'not a setting');
    if (redis) {
      // The app's connection (the ledger's), under the store's deadline like every store call (a
      // 503 within REDIS_COMMAND_TIMEOUT_MS when Redis does not answer): an item's calls to the
      // job store and to the ledger go out in the same writes.
      const store = createRedisJobStore(redis);
      // What an earlier version stored in clear, sealed (webhook.ts opens either form meanwhile).
      void sealRedisWebhookSecrets(redis, deps.secrets.seal).then(
        (sealed) => void (sealed && deps.logger.info({ sealed }, 'webhook secrets stored in clear by an earlier version: sealed')),
        (err: unknown) => deps.logger.warn({ err }, 'sealing webhook secrets stored in clear failed (tried again at the next start)'),
      );
      svc = { store, runner: createQueueRunner(deps, store, routes), routes, pollMs: REDIS_POLL_MS, streams, downloads, apps: 1 };
    } else {
      const sqlite = createSqliteJobStore(deps.db!);
      const sealed = sealStoredWebhookSecrets(deps.db!, deps.secrets.seal);
      if (sealed) deps.logger.info({ sealed }, 'webhook secrets stored in clear by an earlier version: sealed');
      svc = {
        store: embeddedJobStore(sqlite),
        runner: createJobRunner(deps, sqlite, routes),
        routes,
        pollMs: 0,
        streams,
        downloads,
        apps: 1,
      };
    }
    services.set(deps, svc);
    return {
      async close() {
        if (--svc.apps > 0) return;
        services.delete(deps);
        await svc.runner.close();
      },
    };
  },
};
