/**
 * OpenAPI 3.1 for every /v1 route, generated from the same route table that serves them.
 */
import { CACHE_MAX_AGES } from '../cache/cache.js';
import { ERROR_STATUS } from '../errors.js';
import type { ParamSpec } from '../platforms/operation.js';
import { CACHE_MAX_AGE_PARAM } from '../platforms/operation.js';
import type { RestRoute } from './routes.js';

function paramSchema(p: ParamSpec): Record<string, unknown> {
  if (p === CACHE_MAX_AGE_PARAM) return { type: 'string', enum: Object.keys(CACHE_MAX_AGES) };
  switch (p.kind) {
    case 'string':
      return { type: 'string', maxLength: p.maxLength ?? 2048 };
    case 'int':
      return { type: 'integer', ...(p.min !== undefined ? { minimum: p.min } : {}), ...(p.max !== undefined ? { maximum: p.max } : {}) };
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return { type: 'string', enum: [...p.values!] };
  }
}

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

/** `extra`: the path items modules declare for their own routes (src/platforms/module.ts). */
export function buildOpenApi(routes: Iterable<RestRoute>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const paths: Record<string, unknown> = { ...extra };
  for (const r of routes) {
    const op = r.op;
    paths[r.path] = {
      get: {
        operationId: op.field,
        summary: op.summary,
        tags: [op.platform],
        description: `Costs ${op.cost.max === 1 ? '1 credit' : `up to ${op.cost.max} credits`} when fetched live, 0 when served from cache. Also available as the GraphQL root field \`${op.field}\`.`,
        // The operation's demo request (`npm run demo` answers it) as the parameters' examples.
        parameters: r.params.map((p) => ({
          name: p.name,
          in: 'query',
          required: !!p.required,
          description: p.description,
          schema: paramSchema(p),
          ...(op.example[p.name] !== undefined ? { example: op.example[p.name] } : {}),
        })),
        responses: {
          '200': {
            description: 'Success: the envelope and the record',
            content: {
              'application/json': {
                schema: {
                  allOf: [
                    { $ref: '#/components/schemas/Envelope' },
                    op.rest.wrap ? { type: 'object', required: [op.rest.wrap], properties: { [op.rest.wrap]: { type: 'object' } } } : { type: 'object' },
                  ],
                },
              },
            },
          },
          '400': errorResponse('INVALID_INPUT: a parameter is missing or invalid (details name each one); 0 credits'),
          '401': errorResponse('UNAUTHORIZED: missing, unknown or revoked API key'),
          '402': errorResponse('INSUFFICIENT_CREDITS: the balance cannot cover this request'),
          '403': errorResponse('PRIVATE_CONTENT: the account or post is private (never accessed)'),
          '404': errorResponse('NOT_FOUND: the resource does not exist upstream'),
          '502': errorResponse('UPSTREAM_FAILED or UPSTREAM_BLOCKED'),
          '504': errorResponse('UPSTREAM_TIMEOUT'),
        },
        security: [{ apiKey: [] }],
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Creator Lookup API',
      version: '1.0.0',
      description: 'Public data about online creators, collected live from public pages. Every request carries the x-api-key header.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      schemas: {
        Envelope: {
          type: 'object',
          required: ['success', 'credits_remaining', 'credits_charged'],
          properties: {
            success: { type: 'boolean', const: true },
            credits_remaining: { type: 'integer' },
            credits_charged: { type: 'integer' },
            cached: { type: 'boolean', description: 'Present and true when served from cache' },
            cached_at: { type: 'string', format: 'date-time', description: 'Present when cached' },
          },
        },
        Error: {
          type: 'object',
          required: ['success', 'error'],
          properties: {
            success: { type: 'boolean', const: false },
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: {
                  type: 'string',
                  enum: Object.keys(ERROR_STATUS),
                },
                message: { type: 'string' },
                details: {
                  type: 'array',
                  items: { type: 'object', required: ['param', 'message'], properties: { param: { type: 'string' }, message: { type: 'string' } } },
                },
              },
            },
          },
        },
      },
    },
  };
}
