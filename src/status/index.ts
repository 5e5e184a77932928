/**
 * Platform status: GET /v1/status (no key, no credits) and GraphQL `platformStatus` (a key, no
 * credits) — the platform health view from real traffic and canaries (src/observability/health.ts).
 */
import { z } from 'zod';
import { StatusBody, statusWire } from '../observability/health.js';
import { sendJson } from '../pipeline/errors.js';
import type { GatewayModule } from '../platforms/module.js';

/** The body statusWire writes (its zod schema, StatusBody), as JSON Schema for /openapi.json. */
const STATUS_SCHEMA = z.toJSONSchema(StatusBody, { target: 'draft-2020-12' });

export function statusModule(labels: () => string[]): GatewayModule {
  return {
    name: 'status',
    routes: [
      {
        path: '/v1/status',
        methods: ['GET'],
        openapi: {
          get: {
            operationId: 'status',
            summary: 'Platform health from real traffic and canaries, per platform',
            tags: ['status'],
            description:
              'Needs no key and costs nothing; per instance. Also available as the GraphQL field `platformStatus` (which needs a key).',
            responses: {
              '200': { description: 'The health view', content: { 'application/json': { schema: STATUS_SCHEMA } } },
            },
            security: [],
          },
        },
        serve: (_req, res, _info, deps) => sendJson(res, 200, statusWire(deps.health.snapshot(labels()))),
      },
    ],
  };
}
