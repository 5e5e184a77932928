/**
 * Bulk lookups as resumable jobs: any /v1 GET operation over up to 100,000 inputs, run by this
 * process's worker pool through the same pipeline as single requests, kept in the embedded
 * SQLite store (README "Bulk lookups"). Registered like every module (src/platforms/registry.ts);
 * `start` opens its tables and starts its workers for one app, `close` stops them.
 */
import './graphql.js';
import type { GatewayModule } from '../platforms/module.js';
import { createJobHandlers } from './http.js';
import { jobsOpenApi } from './openapi.js';
import { createJobRunner } from './runner.js';
import { services, jobService } from './service.js';
import { createJobStore } from './store.js';

const handlers = createJobHandlers(jobService);
const docs = jobsOpenApi();

export const jobsModule: GatewayModule = {
  name: 'jobs',
  routes: [
    { path: '/v1/jobs', methods: ['POST'], serve: handlers.create, openapi: docs['/v1/jobs'] },
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
    // Item charges are committed with their results in the embedded ledger's transactions; a
    // Redis ledger cannot share one with the SQLite job store.
    if (!deps.db || !deps.ledger.settleRecorded || deps.config.redisUrl) return { close: async () => undefined };
    const known = services.get(deps);
    if (known) {
      // A second app on the same deps (tests): one worker pool serves both.
      known.apps++;
      return { close: async () => void known.apps-- };
    }
    const store = createJobStore(deps.db);
    const runner = createJobRunner(deps, store, routes);
    const svc = { store, runner, routes, apps: 1 };
    services.set(deps, svc);
    return {
      async close() {
        if (--svc.apps > 0) return;
        services.delete(deps);
        await runner.close();
      },
    };
  },
};
