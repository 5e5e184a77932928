/**
 * OpenAPI path items of the monitor routes (src/monitors/http.ts), merged into /openapi.json.
 */
import { MAX_CREDITS } from '../credits/ledger.js';
import { KEY_SECURITY } from '../http/api-key.js';
const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const security = KEY_SECURITY;
const unavailable = error('SERVICE_UNAVAILABLE: a store is unreachable (with REDIS_URL, Redis did not answer in time); Retry-After');
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'The monitor id (mon_…)' };
const tags = ['monitors'];
const STATUSES = ['active', 'paused', 'stopped_no_credits', 'stopped_failing'];

const webhook = {
  type: 'object',
  required: ['url', 'secret'],
  properties: {
    url: { type: 'string', description: 'http(s) URL the events are POSTed to (refused: private and loopback addresses)' },
    secret: {
      type: 'string',
      minLength: 16,
      maxLength: 256,
      description: 'The HMAC-SHA256 key deliveries are signed with (stored sealed)',
    },
  },
};

const runOutcome = {
  type: 'object',
  required: ['at', 'result', 'code', 'credits_charged', 'changed'],
  properties: {
    at: { type: 'string', format: 'date-time' },
    result: {
      type: 'string',
      enum: ['ok', 'cached', 'failed', 'skipped'],
      description:
        'ok: fetched live; cached: a recent answer reused (0 credits); failed: an error (0 credits); skipped: not run (no credits, or max_credits_per_day)',
    },
    code: {
      type: ['string', 'null'],
      description: 'The error code of a failed run; INSUFFICIENT_CREDITS or MAX_CREDITS_PER_DAY for a skipped one',
    },
    credits_charged: { type: 'integer' },
    changed: { type: 'integer', description: 'Changes the run found' },
  },
};

const monitor = {
  type: 'object',
  required: [
    'id',
    'operation',
    'params',
    'every',
    'watch',
    'status',
    'next_run_at',
    'last_run_at',
    'last_run',
    'runs',
    'credits_charged',
    'max_credits_per_day',
    'credits_today',
    'webhook_url',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: { type: 'string' },
    operation: { type: 'string', description: 'The /v1 GET path each run requests' },
    params: { type: 'object', additionalProperties: { type: 'string' }, description: "The operation's query parameters" },
    every: { type: 'string', description: '1h, 6h, 12h, 1d or 7d' },
    watch: { type: 'array', items: { type: 'string' }, description: 'Watched fields: dotted paths into the record' },
    status: { type: 'string', enum: STATUSES },
    next_run_at: { type: ['string', 'null'], format: 'date-time', description: 'When the next run is due (null unless active)' },
    last_run_at: { type: ['string', 'null'], format: 'date-time' },
    last_run: { oneOf: [runOutcome, { type: 'null' }] },
    runs: { type: 'integer', description: 'Runs made (ok, cached or failed)' },
    credits_charged: { type: 'integer', description: "The sum of the runs' charges" },
    max_credits_per_day: { type: ['integer', 'null'] },
    credits_today: { type: 'integer', description: 'Charged today (UTC): what max_credits_per_day counts' },
    webhook_url: { type: ['string', 'null'] },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};

const change = {
  type: 'object',
  required: ['at', 'field', 'before', 'after'],
  properties: {
    at: { type: 'string', format: 'date-time' },
    field: { type: 'string', description: 'The watched path' },
    before: {
      description:
        'The value before (a list item removed; null for one added); {"too_large_to_keep": true, "bytes": n} past the run\'s RUN_CHANGES_BYTES, or when the monitor kept it as a hash past LAST_VALUES_BYTES (docs/monitors.md)',
    },
    after: {
      description:
        'The value after (a list item added; null for one removed); {"too_large_to_keep": true, "bytes": n} past the run\'s RUN_CHANGES_BYTES (docs/monitors.md)',
    },
  },
};

const answer = (description: string, properties: Record<string, unknown>, required: string[]) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['success', ...required],
        properties: { success: { type: 'boolean', const: true }, ...properties },
      },
    },
  },
});
const monitorAnswer = (description: string) => answer(description, { monitor }, ['monitor']);
const nextAfter = { type: ['string', 'null'], description: '`after` of the next page; null on the last' };
const historyParams = [
  idParam,
  {
    name: 'since',
    in: 'query',
    required: false,
    schema: { type: 'string', format: 'date-time' },
    description: 'From this time on (ISO 8601)',
  },
  {
    name: 'until',
    in: 'query',
    required: false,
    schema: { type: 'string', format: 'date-time' },
    description: 'Before this time (ISO 8601)',
  },
  { name: 'after', in: 'query', required: false, schema: { type: 'string' }, description: "A page's next_after" },
  {
    name: 'limit',
    in: 'query',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
    description:
      'Rows at most; a page also holds at most 1 MiB of stored history (its first row always): a page cut shorter has a next_after to go on from',
  },
];

const createMonitorOp = {
  operationId: 'createMonitor',
  summary: 'Watch a lookup on a schedule: keep its history, say what changed (0 credits; each run costs what its request costs)',
  tags,
  requestBody: {
    required: true,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['operation', 'params', 'every'],
          properties: {
            operation: { type: 'string', example: '/v1/video/channel', description: 'Any /v1 GET path (see this document)' },
            params: {
              type: 'object',
              description: "The operation's query parameters (cache_max_age not taken)",
              example: { handle: 'talaokafor' },
            },
            every: { type: 'string', enum: ['1h', '6h', '12h', '1d', '7d'], description: 'At least MONITORS_MIN_INTERVAL' },
            watch: {
              type: 'array',
              items: { type: 'string' },
              maxItems: 100,
              description:
                "Dotted paths into the record (a list step maps over its items: emails.email); default: the operation's tracked fields",
            },
            webhook,
            max_credits_per_day: {
              type: ['integer', 'null'],
              minimum: 0,
              maximum: MAX_CREDITS,
              description: 'Runs that would take the day (UTC) past it are skipped',
            },
          },
        },
      },
    },
  },
  responses: {
    '201': monitorAnswer('The monitor; its first run is due at once'),
    '400': error('INVALID_INPUT: each problem names its parameter; nothing is created'),
    '401': error('UNAUTHORIZED'),
    '413': error('PAYLOAD_TOO_LARGE: over 64 KiB'),
    '429': error("RATE_LIMITED: the key's rate limit, or MONITORS_MAX_PER_KEY monitors already"),
    '503': unavailable,
  },
  security,
};

const listMonitorsOp = {
  operationId: 'listMonitors',
  summary: "The key's monitors, newest first (0 credits)",
  tags,
  parameters: [
    { name: 'status', in: 'query', required: false, schema: { type: 'string', enum: STATUSES } },
    { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
    { name: 'after', in: 'query', required: false, schema: { type: 'string' }, description: "A page's next_after" },
  ],
  responses: {
    '200': answer('A page of monitors', { monitors: { type: 'array', items: monitor }, next_after: nextAfter }, ['monitors', 'next_after']),
    '400': error('INVALID_INPUT'),
    '401': error('UNAUTHORIZED'),
    '503': unavailable,
  },
  security,
};

const getMonitorOp = {
  operationId: 'getMonitor',
  summary: 'A monitor (0 credits)',
  tags,
  parameters: [idParam],
  responses: {
    '200': monitorAnswer('The monitor'),
    '401': error('UNAUTHORIZED'),
    '404': error('NOT_FOUND: no such monitor for this key'),
    '503': unavailable,
  },
  security,
};

const updateMonitorOp = {
  operationId: 'updateMonitor',
  summary:
    'Change every, watch, webhook (null: none), max_credits_per_day; pause (paused: true) or resume (paused: false, also after a stop)',
  tags,
  parameters: [idParam],
  requestBody: {
    required: true,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: {
            every: { type: 'string', enum: ['1h', '6h', '12h', '1d', '7d'] },
            watch: { type: 'array', items: { type: 'string' } },
            webhook: { oneOf: [webhook, { type: 'null' }] },
            paused: { type: 'boolean' },
            max_credits_per_day: { type: ['integer', 'null'], minimum: 0, maximum: MAX_CREDITS },
          },
        },
      },
    },
  },
  responses: {
    '200': monitorAnswer('The monitor as changed'),
    '400': error('INVALID_INPUT: each problem names its parameter; nothing is changed'),
    '401': error('UNAUTHORIZED'),
    '404': error('NOT_FOUND'),
    '503': unavailable,
  },
  security,
};

const deleteMonitorOp = {
  operationId: 'deleteMonitor',
  summary: 'Delete a monitor with its history',
  tags,
  parameters: [idParam],
  responses: {
    '200': answer('The monitor as it was', { deleted: { type: 'boolean', const: true }, monitor }, ['deleted', 'monitor']),
    '401': error('UNAUTHORIZED'),
    '404': error('NOT_FOUND'),
    '503': unavailable,
  },
  security,
};

const runMonitorOp = {
  operationId: 'runMonitor',
  summary: 'Run now: charged what the single request costs (a cached answer younger than a tenth of the interval: 0)',
  tags,
  parameters: [idParam],
  responses: {
    '200': answer(
      'The run (a failed run too: its code, 0 credits) and the monitor after it',
      {
        credits_remaining: { type: 'integer' },
        credits_charged: { type: 'integer' },
        monitor,
        run: {
          ...runOutcome,
          properties: {
            ...runOutcome.properties,
            changes: {
              type: 'array',
              items: change,
              description:
                "The run's changes, oldest first: at most 1 MiB of them as stored (none when the first alone is larger) and at most 1,000",
            },
            changes_next_after: {
              type: ['string', 'null'],
              description:
                "null when changes holds all of the run's (changed); else GET …/changes?since=<at>&until=<at + 1 ms>&after=<this> gives the rest",
            },
          },
        },
      },
      ['credits_remaining', 'credits_charged', 'monitor', 'run'],
    ),
    '401': error('UNAUTHORIZED'),
    '402': error('INSUFFICIENT_CREDITS: the balance cannot cover the run (the monitor is unchanged)'),
    '404': error('NOT_FOUND'),
    '429': error('RATE_LIMITED: a run of this monitor is in progress, or the run would pass max_credits_per_day; Retry-After'),
    '503': unavailable,
  },
  security,
};

const monitorSnapshotsOp = {
  operationId: 'monitorSnapshots',
  summary: 'The watched numbers, run by run (a series per field), oldest first',
  tags,
  parameters: [...historyParams, { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['json', 'csv'] } }],
  responses: {
    '200': {
      description:
        'JSON {success, snapshots: [{at, values: {field: number}}], next_after}; CSV: at and a column per field (next page: the x-next-after header)',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['success', 'snapshots', 'next_after'],
            properties: {
              success: { type: 'boolean', const: true },
              snapshots: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['at', 'values'],
                  properties: {
                    at: { type: 'string', format: 'date-time' },
                    values: { type: 'object', additionalProperties: { type: 'number' } },
                  },
                },
              },
              next_after: nextAfter,
            },
          },
        },
        'text/csv': { schema: { type: 'string' } },
      },
    },
    '400': error('INVALID_INPUT'),
    '401': error('UNAUTHORIZED'),
    '404': error('NOT_FOUND'),
    '503': unavailable,
  },
  security,
};

const monitorChangesOp = {
  operationId: 'monitorChanges',
  summary: 'What changed in the watched fields, oldest first (a list compares as a set: one change per item added or removed)',
  tags,
  parameters: historyParams,
  responses: {
    '200': answer('A page of changes', { changes: { type: 'array', items: change }, next_after: nextAfter }, ['changes', 'next_after']),
    '400': error('INVALID_INPUT'),
    '401': error('UNAUTHORIZED'),
    '404': error('NOT_FOUND'),
    '503': unavailable,
  },
  security,
};

/** The monitor routes' path items, by path (each operation its const above). */
export function monitorsOpenApi(): Record<string, Record<string, unknown>> {
  return {
    '/v1/monitors': { post: createMonitorOp, get: listMonitorsOp },
    '/v1/monitors/{id}': { get: getMonitorOp, patch: updateMonitorOp, delete: deleteMonitorOp },
    '/v1/monitors/{id}/run': { post: runMonitorOp },
    '/v1/monitors/{id}/snapshots': { get: monitorSnapshotsOp },
    '/v1/monitors/{id}/changes': { get: monitorChangesOp },
  };
}
