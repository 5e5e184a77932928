/**
 * The MCP tools, generated from what REST serves (no tool is written by hand per operation):
 *
 *   one per /v1 GET operation   from the REST route table (src/rest/routes.ts buildRoutes): name =
 *                               the path without `/v1/`, `/` and `-` → `_` (`code_repository`,
 *                               `find_creator_emails`); arguments = the REST parameters, decoded
 *                               as REST decodes a query string (toVariables); description = the
 *                               operation's summary and cost; inputSchema = its zod parameters and
 *                               outputSchema = its record schema, both as JSON Schema (z.toJSONSchema,
 *                               as /openapi.json makes them)
 *   jobs_*                      create, status, results page, list, cancel: the job service the
 *                               REST job routes call (src/jobs/)
 *   account, free               the balance (GET /v1/account), and what costs nothing
 *
 * A call runs as its REST request runs: an operation through `runOperation` (admitted — the key's
 * rate limit — validated, cache, reserve, fetch, settle: the same credits, cache hits and errors
 * 0), the others after the same admission. A success is the REST record without its envelope as
 * `structuredContent` (with a one-line summary and the record's JSON as text, for clients that
 * read only `content`); `_meta` says `charged` and `remaining`. A failure is a tool result with
 * `isError` and the REST error: `CODE: message` as text, `_meta.error` = {code, message, details}.
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { CACHE_MAX_AGES } from '../cache/cache.js';
import { accountOf } from '../account/account.js';
import { accountModule } from '../account/index.js';
import { transactionsOf, transactionsQueryOf } from '../account/transactions.js';
import type { AuthenticatedKey } from '../credits/ledger.js';
import { ApiError, MAX_PARAM_SHOWN, invalidInput, isApiError, shownText } from '../errors.js';
import type { ParamProblem } from '../errors.js';
import { JOB_RESULTS_PAGE, createJob, listJobs, listQueryOf, resultsInOrder, resultsWithin } from '../jobs/http.js';
import { jobRequestOf, validateItems } from '../jobs/input.js';
import { givenOf, itemIndexParam, limitParam } from '../http/paging.js';
import { jobsOpenApi } from '../jobs/openapi.js';
import { jobService } from '../jobs/service.js';
import type { JobService } from '../jobs/service.js';
import { FINAL } from '../jobs/store.js';
import type { JobRow } from '../jobs/store.js';
import { jobView } from '../jobs/view.js';
import { admit } from '../pipeline/admit.js';
import type { Deps, HttpContext } from '../pipeline/context.js';
import { inRestTerms } from '../pipeline/errors.js';
import { runOperation } from '../pipeline/run.js';
import { argsSchema, wireRecord } from '../platforms/operation.js';
import type { OperationDef } from '../platforms/operation.js';
import { records } from '../platforms/records.js';
import type { RestRoute } from '../rest/routes.js';
import { toVariables } from '../rest/routes.js';

type JsonSchema = Record<string, unknown>;
type ObjectSchema = Tool['inputSchema'];

/** What a tool call runs with: the /mcp request's, its key already authenticated (src/mcp/http.ts). */
export interface ToolCall {
  deps: Deps;
  /** A fresh pipeline context per call: each call is admitted (rate limit) as one REST request is. */
  context(): HttpContext;
  requestId: string;
  /** Bytes of records the POST's answers may still carry (MCP_ANSWER_BYTES at first; see answerFits). */
  answerBytesLeft: number;
}

/**
 * Bytes of records one /mcp POST's answers carry, at most (its first lookup's always). A batch's
 * answers are one text, held until its client reads it, and each holds its record twice (text and
 * structured): a batch of ten calls of one cached 4 MB record held ~160 MB at 0 credits, and a key
 * may have 8 such POSTs unread (MCP_MAX_IN_FLIGHT_PER_KEY). A lookup past the bound is a tool error
 * saying so; it ran, so it costs what it cost (and is cached: alone, with cache_max_age, 0 credits).
 */
export const MCP_ANSWER_BYTES = 8 * 1024 * 1024;

/** Whether an answer holding `text` (a record's JSON) fits what the POST's answers may still carry; takes it if so. */
function answerFits(c: ToolCall, text: string): boolean {
  const bytes = 2 * text.length;
  if (bytes > c.answerBytesLeft && c.answerBytesLeft < MCP_ANSWER_BYTES) return false;
  c.answerBytesLeft = Math.max(0, c.answerBytesLeft - bytes);
  return true;
}

export interface GatewayTool {
  tool: Tool;
  call(c: ToolCall, args: Record<string, unknown>): Promise<CallToolResult>;
}

/** `/v1/find-creator-emails` → `find_creator_emails`. */
export function toolName(restPath: string): string {
  return restPath.replace(/^\/v1\//, '').replace(/[/-]/g, '_');
}

// ---------------------------------------------------------------------------------------------
// Results

interface Charge {
  charged: number;
  remaining: number | null;
  cached?: boolean;
  cached_at?: string | null;
}

function success(structured: object, summary: string, charge: Charge, json = JSON.stringify(structured)): CallToolResult {
  return {
    content: [
      { type: 'text', text: summary },
      { type: 'text', text: json },
    ],
    structuredContent: structured as Record<string, unknown>,
    _meta: { ...charge },
  };
}

/**
 * The REST error answer as a tool error (0 credits: nothing is charged for an error — but for a
 * lookup that ran and whose answer did not fit, `charge` says what it cost: see MCP_ANSWER_BYTES).
 */
export function failure(err: ApiError, requestId: string, charge?: Charge): CallToolResult {
  const error = { ...err.toJSON(), request_id: requestId };
  return {
    isError: true,
    content: [{ type: 'text', text: `${err.code}: ${err.message}` }],
    _meta: { charged: 0, ...charge, error },
  };
}

/** A thrown ApiError is answered as a tool error; anything else is a bug: logged, masked as INTERNAL. */
function failed(c: ToolCall, e: unknown): CallToolResult {
  if (!isApiError(e)) c.deps.logger.error({ err: e, req_id: c.requestId }, 'unexpected MCP tool error');
  return failure(isApiError(e) ? e : new ApiError('INTERNAL', 'Unexpected error.'), c.requestId);
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** `code_repository: 1 credit charged (live), 999 left; posts: 20 items`. */
function summaryOf(name: string, record: object, o: Charge): string {
  const how = o.cached ? `served from cache, fetched ${o.cached_at}` : 'live';
  const lists = Object.entries(record)
    .filter(([, v]) => Array.isArray(v))
    .map(([k, v]) => `${k}: ${plural((v as unknown[]).length, 'item')}`);
  return `${name}: ${plural(o.charged, 'credit')} charged (${how}), ${o.remaining ?? '?'} left${lists.length ? `; ${lists.join(', ')}` : ''}.`;
}

// ---------------------------------------------------------------------------------------------
// JSON Schemas

/**
 * A record's JSON Schema as an MCP outputSchema: the registered records (shared, recursive) are
 * `$defs` of one self-contained schema, as /openapi.json has them as components; the root is the
 * record's own definition (MCP asks for `type: object` at the root; a union record is an object
 * that is any of its members).
 */
function outputSchemaOf(op: OperationDef): ObjectSchema {
  const s = z.toJSONSchema(op.record, { target: 'draft-2020-12', metadata: records }) as JsonSchema;
  const defs = (s.$defs ?? {}) as Record<string, JsonSchema>;
  const ref = typeof s.$ref === 'string' ? /^#\/\$defs\/(.+)$/.exec(s.$ref)?.[1] : undefined;
  const root: JsonSchema = ref ? { ...defs[ref] } : { ...s };
  delete root.$schema;
  delete root.$ref;
  delete root.$defs;
  if (root.type === undefined) root.type = 'object';
  if (root.type !== 'object') throw new Error(`${op.rest.path}: its record is not an object schema`);
  return { ...root, ...(Object.keys(defs).length ? { $defs: defs } : {}) } as ObjectSchema;
}

/**
 * The operation's parameters — the zod schemas the pipeline validates with (argsSchema), by REST
 * name — as JSON Schema. An optional parameter is optional (not "X or null"); cache_max_age lists
 * its values (its zod schema checks them in a refinement, which JSON Schema does not show).
 */
function inputSchemaOf(route: RestRoute): ObjectSchema {
  const shape = (argsSchema(route.op) as z.ZodObject).shape as Record<string, z.ZodType>;
  const byRestName: Record<string, z.ZodType> = {};
  route.params.forEach((p, i) => (byRestName[p.name] = shape[route.gqlNames[i]].meta({ description: p.description })));
  const s = z.toJSONSchema(z.object(byRestName), { target: 'draft-2020-12', io: 'input' }) as JsonSchema;
  delete s.$schema;
  const properties = s.properties as Record<string, JsonSchema>;
  for (const [name, prop] of Object.entries(properties)) {
    const options = prop.anyOf as JsonSchema[] | undefined;
    const value = options?.length === 2 ? options.find((o) => o.type !== 'null') : undefined;
    if (value && options!.some((o) => o.type === 'null')) {
      const { anyOf: _null, ...rest } = prop;
      properties[name] = { ...value, ...rest };
    }
    if (name === 'cache_max_age') properties[name] = { ...properties[name], enum: Object.keys(CACHE_MAX_AGES) };
  }
  return s as ObjectSchema;
}

/** A value inside /openapi.json's path items (the job and account routes' schemas): reused, not restated. */
function openApiAt(root: unknown, ...path: string[]): JsonSchema {
  let v = root;
  for (const k of path) v = (v as Record<string, unknown> | undefined)?.[k];
  if (!v || typeof v !== 'object') throw new Error(`MCP tools: no schema at ${path.join('.')} of the OpenAPI path item`);
  return v as JsonSchema;
}

const objectSchema = (properties: Record<string, JsonSchema>, required: string[] = []): ObjectSchema => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
});

// ---------------------------------------------------------------------------------------------
// Operations

/**
 * Tool arguments → the operation's input, decoded exactly as REST decodes its query string: the
 * same names, types and messages (an agent's "10" for an integer is read as REST reads it).
 * Unknown arguments are ignored, as REST ignores unknown parameters.
 */
function operationInput(route: RestRoute, args: Record<string, unknown>) {
  const query = new URLSearchParams();
  const problems: ParamProblem[] = [];
  const known = new Set(route.params.map((p) => p.name));
  for (const [name, v] of Object.entries(args)) {
    if (!known.has(name) || v === null || v === undefined) continue;
    if (typeof v === 'object') problems.push({ param: name, message: 'must be a string, number or boolean' });
    else query.set(name, String(v));
  }
  const decoded = toVariables(route, query);
  // An argument refused here is not also "required" (it was left out of the query).
  const refused = new Set(problems.map((p) => p.param));
  return { args: decoded.args, problems: [...problems, ...decoded.problems.filter((p) => !refused.has(p.param))] };
}

function costText(op: OperationDef): string {
  const live = op.cost.max === 1 ? '1 credit' : `up to ${op.cost.max} credits`;
  return op.cacheable
    ? `Costs ${live} when fetched live; 0 when served from cache (pass cache_max_age) or when it fails.`
    : `Costs ${live}; 0 when it fails.`;
}

function operationTool(route: RestRoute): GatewayTool {
  const op = route.op;
  const name = toolName(route.path);
  return {
    tool: {
      name,
      description: `${op.summary}. ${costText(op)} (REST: GET ${route.path}; GraphQL: ${op.field})`,
      inputSchema: inputSchemaOf(route),
      outputSchema: outputSchemaOf(op),
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async call(c, args) {
      const ctx = c.context();
      try {
        const outcome = await runOperation(ctx, op, operationInput(route, args));
        if (outcome.value == null) return failure(new ApiError('INTERNAL', 'Unexpected error.'), c.requestId);
        const record = wireRecord(op, outcome.value, ctx) as object;
        const charge: Charge = outcome.cached
          ? { charged: outcome.charged, remaining: outcome.remaining, cached: true, cached_at: outcome.cachedAt }
          : { charged: outcome.charged, remaining: outcome.remaining, cached: false };
        const json = JSON.stringify(record);
        if (!answerFits(c, json)) {
          const over = `the answers of this request would hold more than ${MCP_ANSWER_BYTES} bytes of records: call ${name} on its own (what it fetched is charged and cached: with cache_max_age it costs 0 credits then)`;
          return failure(invalidInput([{ param: 'batch', message: over }]), c.requestId, charge);
        }
        return success(record, summaryOf(name, record, charge), charge, json);
      } catch (e) {
        return failure(inRestTerms(e, route.restName, c.deps.logger, c.requestId), c.requestId);
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Jobs and account: admitted as their REST routes are (the key's rate limit), 0 credits.

async function admitted(c: ToolCall): Promise<AuthenticatedKey> {
  const key = await admit(c.context());
  if (!('id' in key)) throw key;
  return key;
}

function serviceOf(deps: Deps): JobService {
  const svc = jobService(deps);
  if (!svc) throw new ApiError('SERVICE_UNAVAILABLE', 'Bulk jobs are not available with this ledger');
  return svc;
}

/** The key's job (another key's job does not exist for this caller, as on REST). */
async function ownJob(svc: JobService, key: AuthenticatedKey, id: unknown): Promise<JobRow> {
  if (typeof id !== 'string' || !id) throw invalidInput([{ param: 'id', message: 'is required: a job id (job_…)' }]);
  const row = await svc.store.get(id);
  // The id named as far as an id can be long: a 1 MB one was echoed twice in the answer (its text and structuredContent).
  if (!row || row.key_id !== key.id) throw new ApiError('NOT_FOUND', `No job ${shownText(id, MAX_PARAM_SHOWN)}`);
  return row;
}

/** A free call: its result with `charged: 0` and the balance. */
async function free(c: ToolCall, key: AuthenticatedKey, name: string, structured: object, summary: string): Promise<CallToolResult> {
  const remaining = await c.deps.ledger.balance(key.id);
  return success(structured, `${name}: ${summary} (0 credits, ${remaining} left).`, { charged: 0, remaining });
}

/** A tool that is not an operation: admitted, then `run`; failures are tool errors. */
function adminTool(
  tool: Tool,
  run: (c: ToolCall, key: AuthenticatedKey, args: Record<string, unknown>) => Promise<CallToolResult>,
): GatewayTool {
  return {
    tool,
    async call(c, args) {
      try {
        return await run(c, await admitted(c), args);
      } catch (e) {
        return failed(c, e);
      }
    },
  };
}

/**
 * The results a page of jobs_results holds by default, and at most: fewer than GraphQL's most
 * (JOB_RESULTS_PAGE): an MCP answer is one text, built whole, and a batch holds ten of them (a
 * batch of ten 1,000-result pages was 27 MB, built at 0 credits — an outside attack sweep).
 */
const RESULTS_PAGE = { default: JOB_RESULTS_PAGE.default, max: 200 };
/**
 * Bytes of stored results (inputs and bodies as JSON text) one jobs_results call takes, at most (its
 * first result always): a page is shorter past it, next_after going on from its end. Rows alone do
 * not bound an answer: a record may be tens of KB, the answer holds it twice (text and structured),
 * and a key's 8 unread batches of ten 200-row pages of 7 KB records took the RSS past 750 MB.
 */
export const MCP_RESULTS_BYTES = 256 * 1024;

function jobTools(operationNames: ReadonlyMap<string, string>): GatewayTool[] {
  const docs = jobsOpenApi();
  const job = openApiAt(docs['/v1/jobs'], 'post', 'responses', '202', 'content', 'application/json', 'schema', 'properties', 'job');
  const body = openApiAt(docs['/v1/jobs'], 'post', 'requestBody', 'content', 'application/json', 'schema');
  const listParams = openApiAt(docs['/v1/jobs'], 'get', 'parameters') as unknown as {
    name: string;
    schema: JsonSchema;
    description: string;
  }[];
  const idArg = { id: { type: 'string', description: 'The job id (job_…)' } };
  const jobOut = objectSchema({ job }, ['job']);
  const create = {
    ...(body as ObjectSchema),
    properties: {
      ...(body.properties as Record<string, JsonSchema>),
      operation: {
        type: 'string',
        description: 'The operation every item runs: its tool name (code_repository) or its /v1 GET path (/v1/code/repository)',
      },
    },
  };
  return [
    adminTool(
      {
        name: 'jobs_create',
        description:
          "Starts a bulk job: one operation over many items (each item: that tool's arguments). Creating costs nothing; each item costs what its single call would (cache hits and errors 0); max_credits caps the whole job. Needs a balance covering the first item. Follow it with jobs_status and jobs_results. (REST: POST /v1/jobs, for jobs larger than this request's 1 MiB)",
        inputSchema: create,
        outputSchema: jobOut,
        annotations: { readOnlyHint: false, openWorldHint: true },
      },
      async (c, key, args) => {
        const svc = serviceOf(c.deps);
        const operation = typeof args.operation === 'string' ? (operationNames.get(args.operation) ?? args.operation) : args.operation;
        const request = jobRequestOf({ ...args, operation }, c.deps.config.jobs.maxItems);
        if (request instanceof ApiError) throw request;
        const v = await validateItems(svc.routes, request);
        if (v instanceof ApiError) throw v;
        const made = await createJob(svc, c.deps, key, { request, ...v });
        if (made instanceof ApiError) throw made;
        const view = jobView(made.row, svc.runner.rateOf(made.row));
        return free(
          c,
          key,
          'jobs_create',
          { job: view },
          `job ${view.id}${made.existing ? ' (existing, same idempotency_key)' : ''}, ${plural(view.items, 'item')}, ${view.status}`,
        );
      },
    ),
    adminTool(
      {
        name: 'jobs_status',
        description: "A job's status, counts and credits charged so far. 0 credits. (REST: GET /v1/jobs/{id})",
        inputSchema: objectSchema(idArg, ['id']),
        outputSchema: jobOut,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async (c, key, args) => {
        const svc = serviceOf(c.deps);
        const row = await ownJob(svc, key, args.id);
        const view = jobView(row, svc.runner.rateOf(row));
        return free(
          c,
          key,
          'jobs_status',
          { job: view },
          `job ${view.id} ${view.status}, ${view.counts.done} of ${view.items} done, ${plural(view.credits_charged, 'credit')} charged`,
        );
      },
    ),
    jobsResultsTool(job, idArg),
    adminTool(
      {
        name: 'jobs_list',
        description: "The key's jobs, newest first, a page at a time. 0 credits. (REST: GET /v1/jobs)",
        inputSchema: objectSchema(Object.fromEntries(listParams.map((p) => [p.name, { ...p.schema, description: p.description }]))),
        outputSchema: objectSchema(
          {
            jobs: { type: 'array', items: job },
            next_after: { type: ['string', 'null'], description: '`after` of the next page; null on the last' },
          },
          ['jobs', 'next_after'],
        ),
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async (c, key, args) => {
        const svc = serviceOf(c.deps);
        const query = listQueryOf({
          status: givenOf(args.status),
          limit: givenOf(args.limit),
          after: givenOf(args.after),
        });
        if (query instanceof ApiError) throw query;
        const page = await listJobs(svc, key.id, query);
        return free(c, key, 'jobs_list', page, plural(page.jobs.length, 'job'));
      },
    ),
    adminTool(
      {
        name: 'jobs_cancel',
        description:
          'Cancels a job: its unfinished items are not run, and what items in flight reserved and did not spend is refunded. 0 credits. (REST: DELETE /v1/jobs/{id})',
        inputSchema: objectSchema(idArg, ['id']),
        outputSchema: jobOut,
        annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      },
      async (c, key, args) => {
        const svc = serviceOf(c.deps);
        const row = await ownJob(svc, key, args.id);
        if (!FINAL.has(row.status) || row.status === 'stopped_at_cap' || row.status === 'stopped_no_credits')
          await svc.runner.cancel(row.id);
        const now = (await svc.store.get(row.id)) ?? row;
        const view = jobView(now, svc.runner.rateOf(now));
        return free(c, key, 'jobs_cancel', { job: view }, `job ${view.id} ${view.status}`);
      },
    ),
  ];
}

/** jobs_results: a page of a job's finished items (REST: GET /v1/jobs/{id}/results). */
function jobsResultsTool(job: JsonSchema, idArg: Record<string, JsonSchema>): GatewayTool {
  return adminTool(
    {
      name: 'jobs_results',
      description: `A page of a job's finished items in input order: each its input, status, code, credits charged and the REST body of its single request. \`after\`: the last index seen (next_after); \`limit\`: up to ${RESULTS_PAGE.max} (default ${RESULTS_PAGE.default}). 0 credits. (REST: GET /v1/jobs/{id}/results)`,
      inputSchema: objectSchema(
        {
          ...idArg,
          after: { type: 'integer', minimum: -1, description: 'Results after this item index (the previous page’s next_after)' },
          limit: {
            type: 'integer',
            minimum: 1,
            maximum: RESULTS_PAGE.max,
            description: `Results per page (default ${RESULTS_PAGE.default})`,
          },
        },
        ['id'],
      ),
      outputSchema: objectSchema(
        {
          job,
          results: {
            type: 'array',
            items: objectSchema(
              {
                index: { type: 'integer' },
                input: { type: 'object' },
                status: { type: 'integer', description: 'The HTTP status the single request would have had' },
                code: { type: ['string', 'null'] },
                credits_charged: { type: 'integer' },
                cached: { type: 'boolean' },
                body: { type: 'object', description: 'The REST body of the single request' },
              },
              ['index', 'input', 'status', 'code', 'credits_charged', 'cached', 'body'],
            ),
          },
          next_after: {
            type: ['integer', 'null'],
            description:
              '`after` of the next page (while the job runs, call again later with it); null once the job has ended and every result was listed',
          },
        },
        ['job', 'results', 'next_after'],
      ),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (c, key, args) => {
      const svc = serviceOf(c.deps);
      const problems: ParamProblem[] = [];
      const after = itemIndexParam(givenOf(args.after), problems);
      const limit = limitParam(givenOf(args.limit), RESULTS_PAGE, problems);
      if (problems.length) throw invalidInput(problems);
      const row = await ownJob(svc, key, args.id);
      const read = await svc.store.results(row.id, after, limit + 1);
      // Up to the first item not finished while the job may still record items: next_after never passes one.
      const rows = resultsInOrder(row.status, after, read);
      const page = rows.slice(0, resultsWithin(rows.slice(0, limit), MCP_RESULTS_BYTES, true).n);
      const results = page.map((r) => ({
        index: r.idx,
        input: JSON.parse(r.input) as object,
        status: r.status,
        code: r.code,
        credits_charged: r.credits_charged,
        cached: !!r.cached,
        body: JSON.parse(r.body) as object,
      }));
      const view = jobView(row, svc.runner.rateOf(row));
      // A job still running has more to come: the cursor stays where the page ended.
      const last = page.length ? page[page.length - 1].idx : after;
      const nextAfter = read.length > page.length || !FINAL.has(row.status) ? last : null;
      return free(
        c,
        key,
        'jobs_results',
        { job: view, results, next_after: nextAfter },
        `job ${view.id} ${view.status}: ${plural(results.length, 'result')}${nextAfter === null ? '' : `, more after ${nextAfter}`}`,
      );
    },
  );
}

/** account_transactions: the key's grants and charges (REST: GET /v1/account/transactions). */
function transactionsTool(): GatewayTool {
  const get = (accountModule.routes.find((r) => r.path === '/v1/account/transactions')?.openapi as { get?: Record<string, unknown> })?.get;
  const params = (get?.parameters ?? []) as { name: string; schema: JsonSchema; description?: string }[];
  const page = openApiAt(get, 'responses', '200', 'content', 'application/json', 'schema', 'allOf', '1');
  return adminTool(
    {
      name: 'account_transactions',
      description:
        "The calling key's settled movements, oldest first: grants (+) and charges (−), each with its request id, operation, job or monitor id and the settled balance after it; a job is one row. Page with `after` (the previous page's next_after). 0 credits. (REST: GET /v1/account/transactions; GraphQL: transactions)",
      inputSchema: objectSchema(
        Object.fromEntries(params.map((p) => [p.name, { ...p.schema, ...(p.description ? { description: p.description } : {}) }])),
      ),
      outputSchema: page as ObjectSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (c, key, args) => {
      const text = (v: unknown) => (v === undefined || v === null ? null : String(v));
      // Text as REST's query string has it: a list or an object is not read as its String() (['code/repository'] was).
      const structured = (['operation', 'since'] as const).filter((n) => typeof args[n] === 'object' && args[n] !== null);
      if (structured.length) throw invalidInput(structured.map((param) => ({ param, message: 'must be a string' })));
      const query = transactionsQueryOf({
        after: givenOf(args.after),
        limit: givenOf(args.limit),
        operation: text(args.operation),
        since: text(args.since),
      });
      if (query instanceof ApiError) throw query;
      const result = await transactionsOf(c.deps, key.id, query);
      return free(
        c,
        key,
        'account_transactions',
        result,
        `${plural(result.transactions.length, 'transaction')}${result.next_after === null ? '' : `, more after ${result.next_after}`}`,
      );
    },
  );
}

/**
 * The account's tools. A table of its own (the account routes are module routes, not operations):
 * a further account route gets its tool here.
 */
function accountTools(costs: { name: string; max: number; cacheable: boolean }[], freeNames: () => string[]): GatewayTool[] {
  const accountRoute = accountModule.routes.find((r) => r.path === '/v1/account');
  const account = openApiAt(
    accountRoute?.openapi,
    ...['get', 'responses', '200', 'content', 'application/json', 'schema', 'allOf', '1', 'properties', 'account'],
  );
  return [
    adminTool(
      {
        name: 'account',
        description: "The calling key's balance, rate limit, name and hint. 0 credits. (REST: GET /v1/account; GraphQL: me)",
        inputSchema: objectSchema({}),
        outputSchema: objectSchema({ account }, ['account']),
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async (c, key) => {
        const a = await accountOf(c.deps, key);
        return success({ account: a }, `account: ${plural(a.balance, 'credit')} left (key ${a.name}, ${a.hint}).`, {
          charged: 0,
          remaining: a.balance,
        });
      },
    ),
    transactionsTool(),
    adminTool(
      {
        name: 'free',
        description:
          'What costs nothing: the tools that are always free, and when a lookup is (served from cache, or failed); what each other tool costs at most. 0 credits.',
        inputSchema: objectSchema({}),
        outputSchema: objectSchema(
          {
            free_tools: { type: 'array', items: { type: 'string' }, description: 'Tools that never cost a credit' },
            free_when: { type: 'array', items: { type: 'string' }, description: 'When a lookup tool costs 0' },
            lookup_tools: {
              type: 'array',
              items: objectSchema({ tool: { type: 'string' }, max_credits: { type: 'integer' }, cacheable: { type: 'boolean' } }, [
                'tool',
                'max_credits',
                'cacheable',
              ]),
            },
          },
          ['free_tools', 'free_when', 'lookup_tools'],
        ),
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async (c, key) =>
        free(
          c,
          key,
          'free',
          {
            free_tools: freeNames(),
            free_when: [
              'A lookup with cache_max_age (1d, 3d, 7d, 14d, 30d) answered from a cached result at most that old costs 0 (even at 0 balance).',
              'A lookup that fails (any error: invalid arguments, not found, private, upstream trouble) costs 0.',
              "A job's items cost what their single lookups cost, by the same rules; creating, reading and cancelling a job cost 0.",
            ],
            lookup_tools: costs.map((t) => ({ tool: t.name, max_credits: t.max, cacheable: t.cacheable })),
          },
          `${plural(freeNames().length, 'free tool')}, ${plural(costs.length, 'lookup tool')}`,
        ),
    ),
  ];
}

/** Every tool of a gateway serving `routes` (its REST route table), by name. */
export function buildTools(routes: ReadonlyMap<string, RestRoute>): Map<string, GatewayTool> {
  const ops = [...routes.values()].map(operationTool);
  const operationNames = new Map(ops.map((t, i) => [t.tool.name, [...routes.keys()][i]]));
  const costs = [...routes.values()].map((r) => ({ name: toolName(r.path), max: r.op.cost.max, cacheable: r.op.cacheable }));
  const others: GatewayTool[] = [...jobTools(operationNames)];
  others.push(...accountTools(costs, () => others.map((t) => t.tool.name)));
  const tools = new Map<string, GatewayTool>();
  for (const t of [...ops, ...others]) {
    if (tools.has(t.tool.name)) throw new Error(`MCP tool ${t.tool.name} declared twice`);
    tools.set(t.tool.name, t);
  }
  return tools;
}
