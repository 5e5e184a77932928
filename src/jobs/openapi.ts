/**
 * OpenAPI path items of the job routes (src/jobs/http.ts), merged into /openapi.json.
 */
import { MAX_CREDITS } from '../credits/ledger.js';
import { KEY_SECURITY } from '../http/api-key.js';
const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const security = KEY_SECURITY;
/** Every job route: the store that holds jobs (REDIS_URL: Redis) did not answer in time. */
const unavailable = error('SERVICE_UNAVAILABLE: a store is unreachable (with REDIS_URL, Redis did not answer in time); Retry-After');
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'The job id (job_…)' };

const job = {
  type: 'object',
  required: ['id', 'operation', 'status', 'items', 'counts', 'credits_charged', 'max_credits', 'created_at', 'updated_at', 'eta_s'],
  properties: {
    id: { type: 'string' },
    operation: { type: 'string', description: 'The /v1 GET path each item runs' },
    status: { type: 'string', enum: ['queued', 'running', 'completed', 'cancelled', 'stopped_at_cap', 'stopped_no_credits'] },
    items: { type: 'integer' },
    counts: {
      type: 'object',
      required: ['done', 'ok', 'cached', 'failed', 'skipped'],
      properties: {
        done: { type: 'integer', description: 'Items finished: ok + failed' },
        ok: { type: 'integer' },
        cached: { type: 'integer', description: 'ok items served from cache (0 credits)' },
        failed: { type: 'integer', description: 'Items whose single request would have answered an error (0 credits)' },
        skipped: { type: 'integer', description: 'Items a stopped or cancelled job did not run' },
      },
    },
    credits_charged: { type: 'integer', description: "The sum of the items' charges" },
    max_credits: { type: ['integer', 'null'] },
    cache_max_age: { type: ['string', 'null'] },
    webhook_url: { type: ['string', 'null'] },
    webhook: {
      type: ['object', 'null'],
      description: "How the delivery of the job's latest event went (null: the job has no webhook)",
      required: ['attempts', 'last_status', 'last_error', 'delivered'],
      properties: {
        attempts: {
          type: 'integer',
          description: 'Deliveries tried for the latest event (0 until the job ends; it starts again at each end)',
        },
        last_status: { type: ['integer', 'null'], description: "The latest attempt's HTTP status (null: none tried, or no answer came)" },
        last_error: {
          type: ['string', 'null'],
          description:
            'What went wrong with the latest attempt, in a line: HTTP 503, a timeout, refused by the SSRF guard: … (null: none tried, or delivered)',
        },
        delivered: {
          type: ['boolean', 'null'],
          description:
            'true: delivered (a 2xx); false: given up — refused by the SSRF guard (not retried) or JOBS_WEBHOOK_ATTEMPTS failed; null: not yet either',
        },
      },
    },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
    finished_at: { type: ['string', 'null'], format: 'date-time' },
    eta_s: { type: ['integer', 'null'], description: 'Seconds left at the current rate (null while unknown)' },
  },
};
const jobAnswer = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: { type: 'object', required: ['success', 'job'], properties: { success: { type: 'boolean', const: true }, job } },
    },
  },
});

const jobBody = {
  type: 'object',
  required: ['operation', 'items'],
  properties: {
    operation: { type: 'string', example: '/v1/code/repository', description: 'Any /v1 GET path (see this document)' },
    items: {
      type: 'array',
      maxItems: 100000,
      items: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
      description: "Each item: the operation's query parameters",
    },
    cache_max_age: { type: 'string', enum: ['1d', '3d', '7d', '14d', '30d'], description: 'For every item that does not set its own' },
    max_credits: {
      type: 'integer',
      minimum: 0,
      maximum: MAX_CREDITS,
      description: 'Cap: an item that would need more than what is left is not run (stopped_at_cap)',
    },
    webhook: {
      type: 'object',
      required: ['url', 'secret'],
      properties: { url: { type: 'string', format: 'uri' }, secret: { type: 'string', minLength: 16, maxLength: 256 } },
    },
    idempotency_key: { type: 'string', maxLength: 200, description: 'The same key from the same API key returns the existing job' },
  },
};
const uploadParams = [
  { name: 'operation', in: 'query', required: false, schema: { type: 'string' }, description: 'NDJSON / CSV uploads: the operation' },
  { name: 'cache_max_age', in: 'query', required: false, schema: { type: 'string' }, description: 'NDJSON / CSV uploads' },
  {
    name: 'max_credits',
    in: 'query',
    required: false,
    schema: { type: 'integer', minimum: 0, maximum: MAX_CREDITS },
    description: 'NDJSON / CSV uploads',
  },
  {
    name: 'idempotency_key',
    in: 'query',
    required: false,
    schema: { type: 'string' },
    description: 'NDJSON / CSV uploads (or the Idempotency-Key header)',
  },
  {
    name: 'webhook_url',
    in: 'query',
    required: false,
    schema: { type: 'string' },
    description: 'NDJSON / CSV uploads; its secret in the x-webhook-secret header',
  },
];
const requestBody = {
  required: true,
  content: {
    'application/json': { schema: jobBody },
    'application/x-ndjson': { schema: { type: 'string', description: 'One item (JSON object) per line; options in the query string' } },
    'text/csv': {
      schema: { type: 'string', description: 'A header row of parameter names, one item per row; options in the query string' },
    },
  },
};

const listJobsOp = {
  operationId: 'listJobs',
  summary: "The key's jobs, newest first (0 credits)",
  tags: ['jobs'],
  description: 'Every job the key created and still kept (JOBS_RETENTION_DAYS), page by page. Also the GraphQL query `lookupJobs`.',
  parameters: [
    { name: 'status', in: 'query', required: false, schema: job.properties.status, description: 'Only jobs with this status' },
    {
      name: 'limit',
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
      description: 'Jobs per page',
    },
    {
      name: 'after',
      in: 'query',
      required: false,
      schema: { type: 'string' },
      description: "The previous page's next_after (opaque): the jobs older than its last",
    },
  ],
  responses: {
    '200': {
      description: 'A page of jobs',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['success', 'jobs', 'next_after'],
            properties: {
              success: { type: 'boolean', const: true },
              jobs: { type: 'array', items: job },
              next_after: { type: ['string', 'null'], description: '`after` of the next page; null on the last' },
            },
          },
        },
      },
    },
    '400': error('INVALID_INPUT: status, limit or after (details name it)'),
    '401': error('UNAUTHORIZED'),
    '429': error("RATE_LIMITED: the key's rate limit"),
    '503': unavailable,
  },
  security,
};

const createJobOp = {
  operationId: 'createJob',
  summary: 'Start a bulk job: one operation over many items',
  tags: ['jobs'],
  description:
    'Creating costs nothing; each item costs what its single request would (cache hits and errors 0). Needs a balance covering the first item. Also the GraphQL mutation `createLookupJob`.',
  parameters: uploadParams,
  requestBody,
  responses: {
    '202': jobAnswer('The job (an existing one for a repeated idempotency_key)'),
    '400': error('INVALID_INPUT: details name each item and parameter (items[3].url); 0 credits'),
    '401': error('UNAUTHORIZED'),
    '503': unavailable,
    '402': error('INSUFFICIENT_CREDITS: the balance does not cover the first item'),
    '413': error(
      "PAYLOAD_TOO_LARGE: an upload over JOBS_MAX_BODY_MB or a JSON body over JOBS_MAX_JSON_BODY_MB, or the key's stored jobs over JOBS_KEY_QUOTA_MB",
    ),
    '415': error('UNSUPPORTED_MEDIA_TYPE'),
    '429': error(
      "RATE_LIMITED: the key's rate limit, JOBS_MAX_RUNNING_PER_KEY unfinished jobs, or job bodies being read at once (JOBS_BODIES_PER_KEY, JOBS_BODIES_AT_ONCE; Retry-After)",
    ),
  },
  security,
};

const estimateJobOp = {
  operationId: 'estimateJob',
  summary: 'What a job would cost (0 credits)',
  tags: ['jobs'],
  parameters: uploadParams,
  requestBody,
  responses: {
    '200': {
      description: 'The estimate',
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/Envelope' },
              {
                type: 'object',
                required: ['estimate'],
                properties: {
                  estimate: {
                    type: 'object',
                    required: ['items', 'max_possible_credits', 'max_credits', 'cached', 'expected_credits'],
                    properties: {
                      items: { type: 'integer' },
                      max_possible_credits: { type: 'integer', description: 'Every item at its maximum' },
                      max_credits: {
                        type: 'integer',
                        deprecated: true,
                        description: "Deprecated alias of max_possible_credits (not a job's max_credits cap); removed in the next release",
                      },
                      cached: { type: 'integer', description: 'Items in the cache within their cache_max_age now' },
                      expected_credits: { type: 'integer', description: 'The maximum of the items not cached' },
                    },
                  },
                },
              },
            ],
          },
        },
      },
    },
    '400': error('INVALID_INPUT'),
    '401': error('UNAUTHORIZED'),
    '413': error('PAYLOAD_TOO_LARGE: an upload over JOBS_MAX_BODY_MB or a JSON body over JOBS_MAX_JSON_BODY_MB'),
    '429': error(
      "RATE_LIMITED: the key's rate limit, or job bodies being read at once (JOBS_BODIES_PER_KEY, JOBS_BODIES_AT_ONCE; Retry-After)",
    ),
    '503': unavailable,
  },
  security,
};

const getJobOp = {
  operationId: 'getJob',
  summary: 'A job and its progress',
  tags: ['jobs'],
  parameters: [idParam],
  responses: {
    '200': jobAnswer('The job'),
    '401': error('UNAUTHORIZED'),
    '503': unavailable,
    '404': error('NOT_FOUND: no such job for this key'),
  },
  security,
};

const cancelJobOp = {
  operationId: 'cancelJob',
  summary: 'Cancel a job: unfinished items are not run; what is reserved and not spent is refunded',
  tags: ['jobs'],
  parameters: [idParam],
  responses: {
    '200': jobAnswer('The job, cancelled (a finished one unchanged)'),
    '401': error('UNAUTHORIZED'),
    '503': unavailable,
    '404': error('NOT_FOUND'),
  },
  security,
};

const jobResultsOp = {
  operationId: 'jobResults',
  summary: 'Finished items in input order',
  tags: ['jobs'],
  parameters: [
    idParam,
    {
      name: 'after',
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: -1 },
      description: 'Only items with a greater index (resume a download); -1, the default: from the first',
    },
    { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['ndjson', 'csv'] } },
  ],
  responses: {
    '200': {
      description:
        'One line per finished item: {"index", "input", "status", "code", "credits_charged", "cached", "body"} (body: what the single request answers)',
      content: { 'application/x-ndjson': { schema: { type: 'string' } }, 'text/csv': { schema: { type: 'string' } } },
    },
    '400': error('INVALID_INPUT: after or format (details name it)'),
    '401': error('UNAUTHORIZED'),
    '503': unavailable,
    '404': error('NOT_FOUND'),
  },
  security,
};

const jobEventsOp = {
  operationId: 'jobEvents',
  summary: 'Progress as server-sent events (progress …, then end)',
  tags: ['jobs'],
  parameters: [idParam],
  responses: {
    '200': { description: 'text/event-stream; each data: the job', content: { 'text/event-stream': { schema: { type: 'string' } } } },
    '401': error('UNAUTHORIZED'),
    '429': error(
      "RATE_LIMITED: the key's rate limit, or JOBS_MAX_STREAMS_PER_KEY progress streams open on this instance (with GraphQL lookupJobProgress); Retry-After",
    ),
    '503': unavailable,
    '404': error('NOT_FOUND'),
  },
  security,
};

const resumeJobOp = {
  operationId: 'resumeJob',
  summary: 'Resume a stopped job (stopped_at_cap, stopped_no_credits)',
  tags: ['jobs'],
  parameters: [idParam],
  requestBody: {
    required: false,
    content: {
      'application/json': {
        schema: { type: 'object', properties: { max_credits: { type: ['integer', 'null'], minimum: 0, maximum: MAX_CREDITS } } },
      },
    },
  },
  responses: {
    '200': jobAnswer('The job, queued again'),
    '400': error('INVALID_INPUT: the job is completed or cancelled'),
    '401': error('UNAUTHORIZED'),
    '503': unavailable,
    '402': error('INSUFFICIENT_CREDITS: the balance does not cover the next item'),
    '404': error('NOT_FOUND'),
  },
  security,
};

/** The job routes' path items, by path (each operation its const above). */
export function jobsOpenApi(): Record<string, Record<string, unknown>> {
  return {
    '/v1/jobs': { get: listJobsOp, post: createJobOp },
    '/v1/jobs/estimate': { post: estimateJobOp },
    '/v1/jobs/{id}': { get: getJobOp, delete: cancelJobOp },
    '/v1/jobs/{id}/results': { get: jobResultsOp },
    '/v1/jobs/{id}/events': { get: jobEventsOp },
    '/v1/jobs/{id}/resume': { post: resumeJobOp },
  };
}
