/**
 * OpenAPI 3.1 for every /v1 route, generated from the same route table that serves them. Response
 * schemas are the routes' zod schemas (src/rest/contract.ts: the envelope and each operation's
 * record) as JSON Schema; each 200 carries the demo's answer to the route's example request
 * (src/demo/responses.json, recorded and kept fresh by test/demo-routes.test.ts) as its example.
 */
import { z } from 'zod';
import { CACHE_MAX_AGES } from '../cache/cache.js';
import DEMO_RESPONSES from '../demo/responses.json' with { type: 'json' };
import type { OperationDef, ParamSpec } from '../platforms/operation.js';
import { CACHE_MAX_AGE_PARAM } from '../platforms/operation.js';
import { records } from '../platforms/records.js';
import { responseName, restBodySchema } from './contract.js';
import type { RestRoute } from './routes.js';
import { KEY_SECURITY, KEY_SECURITY_SCHEMES } from '../http/api-key.js';

function paramSchema(p: ParamSpec): Record<string, unknown> {
  if (p === CACHE_MAX_AGE_PARAM) return { type: 'string', enum: Object.keys(CACHE_MAX_AGES) };
  switch (p.kind) {
    case 'string':
      return { type: 'string', maxLength: p.maxLength ?? 2048 };
    case 'int':
      return { type: 'integer', ...(p.min !== undefined ? { minimum: p.min } : {}), ...(p.max !== undefined ? { maximum: p.max } : {}) };
    case 'number':
      return { type: 'number', ...(p.min !== undefined ? { minimum: p.min } : {}), ...(p.max !== undefined ? { maximum: p.max } : {}) };
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return { type: 'string', enum: [...p.values!] };
  }
}

/**
 * The registered schemas (records, response bodies, Envelope, Error) as OpenAPI components: a
 * schema registered under a name is referenced by `#/components/schemas/<name>` wherever it
 * occurs (a post quoting a post refers to itself). Computed once: the schemas never change.
 */
let components: Record<string, unknown> | null = null;
let componentsFor = '';
function schemaComponents(ops: OperationDef[]): Record<string, unknown> {
  const key = ops.map((op) => op.field).join();
  if (components && componentsFor === key) return components;
  for (const op of ops) restBodySchema(op);
  const { schemas } = z.toJSONSchema(records, { target: 'draft-2020-12', uri: (id) => `#/components/schemas/${id}` });
  // Each is a component of this document, not a document of its own.
  for (const s of Object.values(schemas)) {
    delete s.$schema;
    delete s.$id;
  }
  // By name: the order schemas were registered in is the order their modules were first imported.
  components = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  componentsFor = key;
  return components;
}

/** The demo's answer to an operation's example request (src/demo/responses.json). */
export function responseExample(op: OperationDef): unknown {
  return (DEMO_RESPONSES as Record<string, unknown>)[op.field];
}

/** The error answers every operation's route may give: status → component name, description. */
const ERROR_RESPONSES: Record<string, [string, string]> = {
  '400': ['InvalidInput', 'INVALID_INPUT: a parameter is missing or invalid (details name each one); 0 credits'],
  '401': ['Unauthorized', 'UNAUTHORIZED: missing, unknown or revoked API key'],
  '402': ['InsufficientCredits', 'INSUFFICIENT_CREDITS: the balance cannot cover this request'],
  '403': ['PrivateContent', 'PRIVATE_CONTENT: the account or post is private (never accessed)'],
  '404': ['NotFound', 'NOT_FOUND: the resource does not exist upstream'],
  '429': ['RateLimited', "RATE_LIMITED: the key's request rate is used up; Retry-After says when to try again; 0 credits"],
  '502': ['UpstreamFailed', 'UPSTREAM_FAILED or UPSTREAM_BLOCKED'],
  '503': [
    'ServiceUnavailable',
    'SERVICE_UNAVAILABLE: a store is unreachable, the gateway is shutting down, or media downloads are busy; Retry-After says when to try again; 0 credits',
  ],
  '504': ['UpstreamTimeout', 'UPSTREAM_TIMEOUT'],
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** `extra`: the path items modules declare for their own routes (src/platforms/module.ts). */
export function buildOpenApi(routes: Iterable<RestRoute>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const paths: Record<string, unknown> = { ...extra };
  const list = [...routes];
  for (const r of list) {
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
            description: op.rest.wrap
              ? `Success: the envelope and the record under \`${op.rest.wrap}\` (the example: the demo's answer, each list cut to its first 5 items)`
              : "Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items)",
            content: {
              'application/json': {
                schema: { $ref: `#/components/schemas/${responseName(op)}` },
                ...(responseExample(op) !== undefined ? { example: responseExample(op) } : {}),
              },
            },
          },
          ...Object.fromEntries(
            Object.entries(ERROR_RESPONSES).map(([status, [name]]) => [status, { $ref: `#/components/responses/${name}` }]),
          ),
          ...(op.needs
            ? {
                '501': {
                  description: `NOT_CONFIGURED: this gateway is not configured with ${op.needs} (the operator sets it); 0 credits`,
                  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
                },
              }
            : {}),
        },
        security: KEY_SECURITY,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Creator Lookup API',
      version: '1.0.0',
      description:
        'Public data about online creators, collected live from public pages. Every request carries the x-api-key header (or Authorization: Bearer <key>).',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: KEY_SECURITY_SCHEMES,
      schemas: schemaComponents(list.map((r) => r.op)),
      responses: Object.fromEntries(Object.values(ERROR_RESPONSES).map(([name, description]) => [name, errorResponse(description)])),
    },
  };
}
