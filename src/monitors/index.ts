/**
 * Monitors: any /v1 GET lookup re-run on a schedule, its history kept, what changed reported by
 * signed webhook (docs/monitors.md). Embedded by default: kept in the SQLite store under DATA_DIR
 * and scheduled by this process's timer (store.ts, scheduler.ts). With REDIS_URL: kept in Redis
 * and scheduled by BullMQ job schedulers, so every instance runs due monitors and each run happens
 * once (redis-store.ts, queue.ts). Listed like every module (src/gateway.ts).
 */
import { settlesWithRecords } from '../pipeline/deps.js';
import type { GatewayModule } from '../platforms/module.js';
import { createMonitorHandlers } from './http.js';
import { createRedisMonitorService } from './queue.js';
import { monitorsOpenApi } from './openapi.js';
import { createEmbeddedMonitorService, monitorService, services } from './service.js';
import type { MonitorService } from './service.js';

const handlers = createMonitorHandlers(monitorService);
const docs = monitorsOpenApi();

export const monitorsModule: GatewayModule = {
  name: 'monitors',
  routes: [
    { path: '/v1/monitors', methods: ['GET', 'POST'], serve: handlers.root, openapi: docs['/v1/monitors'] },
    {
      path: '/v1/monitors/',
      prefix: true,
      methods: ['GET', 'POST', 'PATCH', 'DELETE'],
      serve: handlers.byId,
      openapiPaths: Object.fromEntries(Object.entries(docs).filter(([p]) => p.includes('{id}'))),
    },
  ],
  start(deps, routes) {
    // A run's charge and its record together (settlesWithRecords), as bulk jobs' items.
    const redis = deps.redis;
    if (!settlesWithRecords(deps)) return { close: async () => undefined };
    const known = services.get(deps);
    if (known) {
      // A second app on the same deps (tests): one scheduler serves both.
      known.apps++;
      return { close: async () => void known.apps-- };
    }
    const svc: MonitorService & { apps: number } = {
      ...(redis ? createRedisMonitorService(deps, redis, routes) : createEmbeddedMonitorService(deps, routes)),
      apps: 1,
    };
    services.set(deps, svc);
    return {
      async close() {
        if (--svc.apps > 0) return;
        services.delete(deps);
        await svc.close();
      },
    };
  },
};
