/**
 * Platform status: GET /v1/status (no key, no credits) and GraphQL `platformStatus` (a key, no
 * credits) — the platform health view from real traffic and canaries (src/observability/health.ts).
 */
import { statusWire } from '../observability/health.js';
import { sendJson } from '../pipeline/errors.js';
import type { GatewayModule } from '../platforms/module.js';

export function statusModule(labels: () => string[]): GatewayModule {
  return {
    name: 'status',
    routes: [
      {
        path: '/v1/status',
        methods: ['GET'],
        serve: (_req, res, _info, deps) => sendJson(res, 200, statusWire(deps.health.snapshot(labels()))),
      },
    ],
  };
}
