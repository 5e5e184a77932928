/**
 * GraphQL face of bulk jobs: `createLookupJob` (mutation), `lookupJob(id)` (query, with its
 * results), `lookupJobs` (query: the key's jobs) and `lookupJobProgress(id)` (subscription),
 * mirroring POST /v1/jobs, GET /v1/jobs/{id}[/results], GET /v1/jobs and GET
 * /v1/jobs/{id}/events. The caller is admitted before any resolver runs (executeGraphql admits
 * mutations too; the subscription admits it itself, as subscriptions do not execute through it);
 * a job of another key is null (the subscription: NOT_FOUND). The mutation takes what fits
 * GraphQL's body limit; bigger jobs go to POST /v1/jobs. The createLookupJob fields of one
 * operation are created all or none (createJobs): its root fields are non-null, so one field's
 * error nulls `data` and a job made by another would be one whose id its client never got.
 */
import { GraphQLError, Kind, getArgumentValues } from 'graphql';

import type { DocumentNode, GraphQLResolveInfo, OperationDefinitionNode } from 'graphql';

import { ApiError, invalidInput } from '../errors.js';
import type { ParamProblem } from '../errors.js';
import { itemIndexParam, limitParam } from '../http/paging.js';

import { builder } from '../graphql/builder.js';
import { CACHE_MAX_AGE_PARAM } from '../platforms/operation.js';
import { takeRows } from '../graphql/row-budget.js';
import type { RowBudget } from '../graphql/row-budget.js';

import type { GatewayContext } from '../pipeline/context.js';

import { admit } from '../pipeline/admit.js';

import { operationError } from '../pipeline/errors.js';

import { collectRootFields } from '../graphql/root-fields.js';

import { JOB_RESULTS_PAGE, createJobs, listJobs, listQueryOf, resultsInOrder, resultsWithin } from './http.js';

import type { CheckedJob } from './http.js';

import { jobRequestOf, validateItems } from './input.js';

import { jobService } from './service.js';

import type { JobService } from './service.js';

import { JOB_STATUSES } from './store.js';
import type { JobRow, ResultRow } from './store.js';

import { jobView } from './view.js';

import type { JobView, JobWebhook } from './view.js';

import { watchJob } from './watch.js';

/**
 * Job results one GraphQL document may ask for over all its `results` fields (records, up to a few
 * KB each): a page of 20 jobs at the default 100 fits (src/graphql/row-budget.ts).
 */
export const RESULTS_BUDGET: RowBudget = { what: 'job results', rows: 2_000 };
/**
 * Bytes of stored results (each result's input and body, as JSON text) one GraphQL document may
 * take over all its `results` fields. Rows alone do not bound an answer: a record may be tens of
 * KB, and a key's 32 GraphQL places (GRAPHQL_MAX_IN_FLIGHT_PER_KEY), each an answer held until its
 * client reads it, of 2,000 such rows ran a 512 MB gateway out of heap.
 */
export const RESULTS_BYTES = 1024 * 1024;

/** Bytes of RESULTS_BYTES each document has left. */
const bytesLeft = new WeakMap<object, number>();

/**
 * The first of `rows` that fit in what the document has left of RESULTS_BYTES (a shorter page, as
 * the row budget makes one; paging goes on from its last index). Once nothing is left, or when not
 * even the first row fits after others were taken, INVALID_INPUT naming `first`; a document's first
 * row is always given, however large, so that every result can be read.
 */
function takeBytes<R extends { input: string; body: string }>(ctx: object, rows: R[]): R[] {
  const left = bytesLeft.get(ctx) ?? RESULTS_BYTES;
  const { n, used } = resultsWithin(rows, left, left === RESULTS_BYTES);
  if (n === 0 && rows.length > 0)
    throw invalidInput([
      {
        param: 'first',
        message: `this document already asks for ${RESULTS_BYTES / 1024 / 1024} MiB of job results: ask for the rest in another request`,
      },
    ]);
  bytesLeft.set(ctx, Math.max(0, left - used));
  return rows.slice(0, n);
}

/** Progress updates of the subscription: at most this often. */
const PROGRESS_THROTTLE_MS = 100;

type JobNode = JobView & { svc: JobService };

function serviceOf(ctx: GatewayContext): JobService {
  const svc = jobService(ctx.deps);
  if (!svc) throw new ApiError('SERVICE_UNAVAILABLE', 'Bulk jobs are not available with this ledger');
  return svc;
}

/** The jobs of each operation's createLookupJob fields, by response key: made once, by the first to resolve. */
const madeByOperation = new WeakMap<GatewayContext, WeakMap<OperationDefinitionNode, Promise<Map<string, JobRow>>>>();

/**
 * Every createLookupJob field of the operation (aliases, fragments, @skip/@include as the
 * executor sees them; arguments from literals or variables), validated, then created all
 * together or none (createJobs). A field whose arguments are invalid refuses them all, its
 * response key named in the message.
 */
async function createOperationJobs(svc: JobService, ctx: GatewayContext, info: GraphQLResolveInfo): Promise<Map<string, JobRow>> {
  const document: DocumentNode = { kind: Kind.DOCUMENT, definitions: Object.values(info.fragments) };
  const field = info.parentType.getFields()[info.fieldName];
  const jobs: CheckedJob[] = [];
  const keys: string[] = [];
  for (const [responseKey, nodes] of collectRootFields(document, info.variableValues, info.operation.selectionSet)) {
    if (nodes[0].name.value !== info.fieldName) continue;
    const args = getArgumentValues(field, nodes[0], info.variableValues);
    const refused = (e: ApiError) =>
      new ApiError(e.code, `${responseKey}: ${e.message}; no job of this operation was created`, { details: e.details });
    const request = jobRequestOf(
      {
        operation: args.operation,
        items: args.items,
        cache_max_age: args.cacheMaxAge,
        max_credits: args.maxCredits,
        webhook: args.webhook,
        idempotency_key: args.idempotencyKey,
      },
      ctx.deps.config.jobs.maxItems,
    );
    if (request instanceof ApiError) throw refused(request);
    const v = await validateItems(svc.routes, request);
    if (v instanceof ApiError) throw refused(v);
    jobs.push({ request, ...v });
    keys.push(responseKey);
  }
  const made = await createJobs(svc, ctx.deps, ctx.key!, jobs);
  if (made instanceof ApiError) throw made;
  return new Map(made.map((m, i) => [keys[i], m.row]));
}

/** An ApiError as the GraphQL error every face answers with (code in extensions). */
function graphqlError(e: ApiError): GraphQLError {
  return new GraphQLError(e.message, { extensions: { code: e.code, ...(e.details ? { details: e.details } : {}) } });
}

/**
 * The job each time it changes, then its final state, then the end (watch.ts). A consumer slower
 * than the job sees the latest state, not a backlog: one update is held at most.
 */
function progressOf(svc: JobService, id: string, release: () => void): AsyncIterableIterator<JobNode> {
  let next: JobNode | null = null;
  let ended = false;
  let wake: (() => void) | null = null;
  const poke = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const stop = watchJob(svc, id, {
    throttleMs: PROGRESS_THROTTLE_MS,
    onUpdate: (view) => {
      next = { ...view, svc };
      poke();
    },
    // Once: the job ended, or the client left (return → stop).
    onEnd: () => {
      ended = true;
      release();
      poke();
    },
  });
  const finish = async (): Promise<IteratorResult<JobNode>> => {
    stop();
    ended = true;
    next = null;
    return { value: undefined, done: true };
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next(): Promise<IteratorResult<JobNode>> {
      while (!next && !ended) await new Promise<void>((r) => (wake = r));
      if (next) {
        const value: JobNode = next;
        next = null;
        return { value, done: false };
      }
      return { value: undefined, done: true };
    },
    return: finish,
    throw: finish,
  };
}

/** Declares bulk jobs' GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function jobsGraphql(): void {
  const types = jobTypes();
  jobQueries(types);
  jobMutation(types);
  jobSubscription(types);
}

type JobTypes = ReturnType<typeof jobTypes>;

function jobTypes() {
  const CountsRef = builder.objectRef<JobView['counts']>('LookupJobCounts').implement({
    description: "The job's items by how they ended so far",
    fields: (t) => ({
      done: t.exposeInt('done', { nullable: false, description: 'ok + failed' }),
      ok: t.exposeInt('ok', { nullable: false, description: 'Items answered (status 200), cached ones included' }),
      cached: t.exposeInt('cached', { nullable: false, description: 'ok items served from cache (0 credits)' }),
      failed: t.exposeInt('failed', { nullable: false, description: 'Items answered with an error (their code in results)' }),
      skipped: t.exposeInt('skipped', { nullable: false, description: 'Items a stopped or cancelled job did not run' }),
    }),
  });

  const ResultRef = builder.objectRef<ResultRow>('LookupJobResult').implement({
    description: 'One finished item: what its single REST request answered',
    fields: (t) => ({
      index: t.exposeInt('idx', { nullable: false, description: "Its place in the job's items, from 0" }),
      input: t.field({
        type: 'JSON',
        nullable: false,
        description: 'The item as given (its query parameters)',
        resolve: (r) => JSON.parse(r.input),
      }),
      status: t.exposeInt('status', { nullable: false, description: 'The HTTP status the single request would have had' }),
      code: t.exposeString('code', { nullable: true, description: 'The error code (docs/behaviour.md); null when it answered' }),
      creditsCharged: t.exposeInt('credits_charged', { nullable: false, description: 'What the item cost' }),
      cached: t.field({
        type: 'Boolean',
        nullable: false,
        description: 'true: served from cache (0 credits)',
        resolve: (r) => r.cached === 1,
      }),
      body: t.field({
        type: 'JSON',
        nullable: false,
        description: 'The REST body of the single request',
        resolve: (r) => JSON.parse(r.body),
      }),
    }),
  });

  const WebhookDeliveryRef = builder.objectRef<JobWebhook>('LookupJobWebhookDelivery').implement({
    description: "The delivery of the job's latest event to its webhook",
    fields: (t) => ({
      attempts: t.exposeInt('attempts', {
        nullable: false,
        description: 'Deliveries tried for the latest event (0 until the job ends; it starts again at each end)',
      }),
      lastStatus: t.exposeInt('last_status', {
        nullable: true,
        description: "The latest attempt's HTTP status (null: none, or no answer)",
      }),
      lastError: t.exposeString('last_error', {
        nullable: true,
        description: 'What went wrong with the latest attempt, in a line (null: none tried, or delivered)',
      }),
      delivered: t.exposeBoolean('delivered', {
        nullable: true,
        description: 'true: delivered; false: given up (refused by the SSRF guard, or every attempt failed); null: not yet either',
      }),
    }),
  });

  const JobRef = builder.objectRef<JobNode>('LookupJob').implement({
    description: 'A bulk lookup job (REST: /v1/jobs)',
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false, description: 'The job id (`job_…`)' }),
      operation: t.exposeString('operation', { nullable: false, description: 'The /v1 GET path each item runs' }),
      status: t.exposeString('status', {
        nullable: false,
        description: 'queued, running, completed, cancelled, stopped_at_cap or stopped_no_credits',
      }),
      items: t.exposeInt('items', { nullable: false, description: 'How many items the job has' }),
      counts: t.expose('counts', { type: CountsRef, nullable: false, description: 'Its items by how they ended so far' }),
      creditsCharged: t.exposeInt('credits_charged', { nullable: false, description: "The sum of its items' charges so far" }),
      maxCredits: t.exposeInt('max_credits', { nullable: true, description: 'The most it may charge; null: no cap' }),
      cacheMaxAge: t.exposeString('cache_max_age', {
        nullable: true,
        description: 'How old a cached answer its items may take (1d…30d); null: always live',
      }),
      webhookUrl: t.exposeString('webhook_url', { nullable: true, description: 'Where its events are POSTed; null: no webhook' }),
      webhook: t.expose('webhook', {
        type: WebhookDeliveryRef,
        nullable: true,
        description: "How the delivery of the job's latest event went (null: the job has no webhook)",
      }),
      createdAt: t.exposeString('created_at', { nullable: false, description: 'When it was created: ISO 8601, UTC' }),
      updatedAt: t.exposeString('updated_at', { nullable: false, description: 'When it last changed: ISO 8601, UTC' }),
      finishedAt: t.exposeString('finished_at', { nullable: true, description: 'When it ended: ISO 8601, UTC; null while it has not' }),
      etaS: t.exposeInt('eta_s', {
        nullable: true,
        description: 'Seconds until it ends, estimated while it runs; 0 once ended; null while unknown (queued, or no rate yet)',
      }),
      results: t.field({
        type: [ResultRef],
        nullable: false,
        description:
          'Finished items in input order, after index `after` (default -1: from the first), at most `first` (1 to 1000, default 100); other values are INVALID_INPUT, as on GET /v1/jobs/{id}/results. Until the job is completed or cancelled, up to the first item not finished (so that `after` = the last index received misses none)',
        args: {
          after: t.arg.int({
            required: false,
            description: 'Item index to go on after (≥ -1; default -1: from the first): the last index received',
          }),
          first: t.arg.int({ required: false, description: 'At most this many items (1 to 1000, default 100)' }),
        },
        resolve: async (job, args, ctx) => {
          const problems: ParamProblem[] = [];
          const after = itemIndexParam(args.after, problems);
          const first = limitParam(args.first, JOB_RESULTS_PAGE, problems, 'first');
          if (problems.length) throw invalidInput(problems);
          const rows = await job.svc.store.results(job.id, after, takeRows(ctx, RESULTS_BUDGET, first, 'first'));
          return takeBytes(ctx, resultsInOrder(job.status, after, rows));
        },
      }),
    }),
  });

  const WebhookInput = builder.inputType('LookupJobWebhook', {
    description: "Where the job's events are POSTed, signed with the secret (docs/bulk-jobs.md, Webhooks)",
    fields: (t) => ({
      url: t.string({ required: true, description: 'An http(s) URL the gateway may reach (the SSRF guard applies)' }),
      secret: t.string({
        required: true,
        description: 'The HMAC-SHA256 key of the x-cl-webhook-signature header (16 to 256 characters); stored encrypted',
      }),
    }),
  });

  const JobPageRef = builder.objectRef<{ jobs: JobNode[]; next_after: string | null }>('LookupJobPage').implement({
    description: "A page of the calling key's jobs, newest first",
    fields: (t) => ({
      jobs: t.field({ type: [JobRef], nullable: false, description: 'The jobs on this page ([] when none)', resolve: (p) => p.jobs }),
      nextAfter: t.exposeString('next_after', { nullable: true, description: '`after` of the next page; null on the last' }),
    }),
  });

  return { JobRef, WebhookInput, JobPageRef };
}

/** lookupJob and lookupJobs (REST: GET /v1/jobs/{id}, GET /v1/jobs). */
function jobQueries({ JobRef, JobPageRef }: JobTypes): void {
  builder.queryField('lookupJob', (t) =>
    t.field({
      type: JobRef,
      nullable: true,
      description: 'A bulk lookup job of the calling key (null: no such job for this key). 0 credits.',
      args: { id: t.arg.string({ required: true, description: 'The job id createLookupJob gave (`job_…`)' }) },
      resolve: async (_root, args, ctx) => {
        const svc = serviceOf(ctx);
        const row = await svc.store.get(args.id);
        if (!row || !ctx.key || row.key_id !== ctx.key.id) return null;
        return { ...jobView(row, svc.runner.rateOf(row)), svc };
      },
    }),
  );

  builder.queryField('lookupJobs', (t) =>
    t.field({
      type: JobPageRef,
      nullable: false,
      description:
        "The calling key's jobs, newest first (REST: GET /v1/jobs): `status` only, `limit` per page (default 20, at most 100), after the page whose nextAfter is `after`. 0 credits.",
      args: {
        status: t.arg.string({
          required: false,
          description: `Only jobs in this status: ${JOB_STATUSES.join(', ')}`,
        }),
        limit: t.arg.int({ required: false, description: 'Jobs per page (1 to 100, default 20)' }),
        after: t.arg.string({ required: false, description: "The previous page's nextAfter (opaque)" }),
      },
      resolve: async (_root, args, ctx) => {
        const svc = serviceOf(ctx);
        if (!ctx.key) throw new ApiError('UNAUTHORIZED', 'Missing API key: send it in the x-api-key header');
        const query = listQueryOf(args);
        if (query instanceof ApiError) throw query;
        const page = await listJobs(svc, ctx.key.id, query);
        return { ...page, jobs: page.jobs.map((j) => ({ ...j, svc })) };
      },
    }),
  );
}

/** createLookupJob (REST: POST /v1/jobs). */
function jobMutation({ JobRef, WebhookInput }: JobTypes): void {
  builder.mutationField('createLookupJob', (t) =>
    t.field({
      type: JobRef,
      nullable: false,
      description:
        'Starts a bulk job (REST: POST /v1/jobs): `operation` over `items`, each item its query parameters. Costs nothing itself; each item what its single request costs.',
      args: {
        operation: t.arg.string({ required: true, description: 'The operation every item runs, as its /v1 path (`/v1/code/repository`)' }),
        items: t.arg({
          type: ['JSON'],
          required: true,
          description:
            "One object per item: the operation's query parameters by their REST names (`{url: …}`), each validated before the job starts",
        }),
        cacheMaxAge: t.arg.string({ required: false, description: `Each item: ${CACHE_MAX_AGE_PARAM.description}` }),
        maxCredits: t.arg.int({
          required: false,
          description: 'The most the job may charge; it stops (stopped_at_cap) before an item that could pass it',
        }),
        webhook: t.arg({ type: WebhookInput, required: false, description: "Where the job's events are POSTed (none when not given)" }),
        idempotencyKey: t.arg.string({
          required: false,
          description: "The same key from the same API key returns the job it made, when the request is that job's (else INVALID_INPUT)",
        }),
      },
      resolve: async (_root, _args, ctx, info) => {
        const svc = serviceOf(ctx);
        // executeGraphql admitted the caller before this runs.
        if (!ctx.key) throw new ApiError('UNAUTHORIZED', 'Missing API key: send it in the x-api-key header');
        let byOperation = madeByOperation.get(ctx);
        if (!byOperation) madeByOperation.set(ctx, (byOperation = new WeakMap()));
        let made = byOperation.get(info.operation);
        if (!made) byOperation.set(info.operation, (made = createOperationJobs(svc, ctx, info)));
        const row = (await made).get(String(info.path.key))!;
        return { ...jobView(row, svc.runner.rateOf(row)), svc };
      },
    }),
  );
}

/** lookupJobProgress (REST: GET /v1/jobs/{id}/events). */
function jobSubscription({ JobRef }: JobTypes): void {
  builder.subscriptionType({
    description: 'Progress of what the calling key started (bulk lookup jobs). Over server-sent events (Accept: text/event-stream).',
  });

  builder.subscriptionField('lookupJobProgress', (t) =>
    t.field({
      type: JobRef,
      nullable: false,
      description:
        'The job each time its progress changes (at most every 100 ms), then once more when it has ended, and the stream ends (REST: GET /v1/jobs/{id}/events). 0 credits. Another key’s job is NOT_FOUND; more than JOBS_MAX_STREAMS_PER_KEY streams of a key open at once (with GET /v1/jobs/{id}/events) RATE_LIMITED.',
      args: { id: t.arg.string({ required: true, description: 'The job id createLookupJob gave (`job_…`)' }) },
      subscribe: async (_root, args, ctx) => {
        // Subscriptions do not execute through executeGraphql: the key is checked here (401 → 429).
        const key = await admit(ctx);
        // The whole operation's failure, with its HTTP status (401; 429 for the key's rate limit), as executeGraphql answers.
        if (!('id' in key)) throw operationError(key);
        let svc: JobService;
        try {
          svc = serviceOf(ctx);
        } catch (e) {
          throw e instanceof ApiError ? graphqlError(e) : e;
        }
        const row = await svc.store.get(args.id).catch((e: unknown) => {
          throw e instanceof ApiError ? graphqlError(e) : e;
        });
        if (!row || row.key_id !== key.id) throw graphqlError(new ApiError('NOT_FOUND', `No job ${args.id}`));
        const release = svc.streams.take(key.id);
        if (release instanceof ApiError) throw operationError(release);
        return progressOf(svc, args.id, release);
      },
      resolve: (job) => job,
    }),
  );
}
