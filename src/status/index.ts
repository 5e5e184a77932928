/**
 * Platform status: GET /v1/status (no key, no credits) and GraphQL `platformStatus` (a key, no
 * credits) — the platform health view from real traffic and canaries (src/observability/health.ts).
 */
import { statusWire } from '../observability/health.js';
import { OUTCOMES } from '../observability/metrics.js';
import { sendJson } from '../pipeline/errors.js';
import type { GatewayModule } from '../platforms/module.js';

const int = { type: 'integer', minimum: 0 };
const object = (properties: Record<string, unknown>, description?: string) => ({
  type: 'object',
  ...(description ? { description } : {}),
  required: Object.keys(properties),
  properties,
  additionalProperties: false,
});
const nullable = (schema: Record<string, unknown>) => ({ ...schema, type: [schema.type, 'null'] });
const outcome = { type: 'string', enum: [...OUTCOMES] };

/** The body statusWire writes, as JSON Schema (/openapi.json); test/contract.test.ts holds the two together. */
const STATUS_SCHEMA = object({
  success: { type: 'boolean', const: true },
  generated_at: { type: 'string', format: 'date-time' },
  window_seconds: { ...int, description: 'The sliding window the numbers cover (HEALTH_WINDOW_MS)' },
  platforms: {
    type: 'array',
    items: object({
      platform: { type: 'string', description: 'The platform label' },
      status: {
        type: 'string',
        enum: ['ok', 'degraded', 'failing', 'unknown'],
        description: 'ok at ≥ 90 % success, degraded at ≥ 50 %, failing below; unknown without traffic (then the canaries decide)',
      },
      requests: { ...int, description: 'Live fetches within the window (not cache hits, not input errors)' },
      successes: { ...int, description: '`ok` and `not_found`: the platform answered as expected' },
      failures: int,
      success_rate: { type: ['number', 'null'], minimum: 0, maximum: 1 },
      outcomes: object(Object.fromEntries(OUTCOMES.map((o) => [o, int]))),
      latency_ms: object({ p50: nullable(int), p95: nullable(int), mean: nullable(int) }),
      last_error: nullable(object({ code: { type: 'string' }, message: { type: 'string' }, at: { type: 'string', format: 'date-time' } })),
      blocks: object(
        { total: int, by_source: { type: 'array', items: object({ source: { type: 'string' }, count: int }) } },
        'Upstream answers the block catalogue recognised within the window, by vendor or wall',
      ),
      canaries: {
        type: 'array',
        items: object({
          label: { type: 'string' },
          target: { type: 'string' },
          ok: { type: 'boolean' },
          outcome,
          checked_at: { type: 'string', format: 'date-time' },
          latency_ms: int,
          error: nullable(object({ code: { type: 'string' }, message: { type: 'string' } })),
        }),
      },
      parser_warnings: object(
        { total: int, fields: { type: 'object', additionalProperties: int, description: 'Per `record.field`' } },
        'Fields the platform answers lacked within the window (returned as null); they do not change the status',
      ),
    }),
  },
});

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
