/**
 * GraphQL face of bulk jobs: `createLookupJob` (mutation), `lookupJob(id)` (query, with its
 * results) and `lookupJobProgress(id)` (subscription), mirroring POST /v1/jobs, GET
 * /v1/jobs/{id}[/results] and GET /v1/jobs/{id}/events. The caller is admitted before any
 * resolver runs (executeGraphql admits mutations too; the subscription admits it itself, as
 * subscriptions do not execute through it); a job of another key is null (the subscription:
 * NOT_FOUND). The mutation takes what fits GraphQL's body limit; bigger jobs go to POST /v1/jobs.
 */
import { GraphQLError } from 'graphql';
import { ApiError } from '../errors.js';
import { builder } from '../graphql/builder.js';
import type { GatewayContext } from '../pipeline/context.js';
import { admit } from '../pipeline/admit.js';
import { createJob } from './http.js';
import { jobRequestOf, validateItems } from './input.js';
import { jobService } from './service.js';
import type { JobService } from './service.js';
import type { ResultRow } from './store.js';
import { jobView } from './view.js';
import type { JobView } from './view.js';
import { watchJob } from './watch.js';

/** Progress updates of the subscription: at most this often. */
const PROGRESS_THROTTLE_MS = 100;

const CountsRef = builder.objectRef<JobView['counts']>('LookupJobCounts').implement({
  fields: (t) => ({
    done: t.exposeInt('done', { nullable: false, description: 'ok + failed' }),
    ok: t.exposeInt('ok', { nullable: false }),
    cached: t.exposeInt('cached', { nullable: false, description: 'ok items served from cache (0 credits)' }),
    failed: t.exposeInt('failed', { nullable: false }),
    skipped: t.exposeInt('skipped', { nullable: false, description: 'Items a stopped or cancelled job did not run' }),
  }),
});

const ResultRef = builder.objectRef<ResultRow>('LookupJobResult').implement({
  description: 'One finished item: what its single REST request answered',
  fields: (t) => ({
    index: t.exposeInt('idx', { nullable: false }),
    input: t.field({ type: 'JSON', nullable: false, resolve: (r) => JSON.parse(r.input) }),
    status: t.exposeInt('status', { nullable: false, description: 'The HTTP status the single request would have had' }),
    code: t.exposeString('code', { nullable: true }),
    creditsCharged: t.exposeInt('credits_charged', { nullable: false }),
    cached: t.field({ type: 'Boolean', nullable: false, resolve: (r) => r.cached === 1 }),
    body: t.field({
      type: 'JSON',
      nullable: false,
      description: 'The REST body of the single request',
      resolve: (r) => JSON.parse(r.body),
    }),
  }),
});

type JobNode = JobView & { svc: JobService };

const JobRef = builder.objectRef<JobNode>('LookupJob').implement({
  description: 'A bulk lookup job (REST: /v1/jobs)',
  fields: (t) => ({
    id: t.exposeString('id', { nullable: false }),
    operation: t.exposeString('operation', { nullable: false, description: 'The /v1 GET path each item runs' }),
    status: t.exposeString('status', {
      nullable: false,
      description: 'queued, running, completed, cancelled, stopped_at_cap or stopped_no_credits',
    }),
    items: t.exposeInt('items', { nullable: false }),
    counts: t.expose('counts', { type: CountsRef, nullable: false }),
    creditsCharged: t.exposeInt('credits_charged', { nullable: false }),
    maxCredits: t.exposeInt('max_credits', { nullable: true }),
    cacheMaxAge: t.exposeString('cache_max_age', { nullable: true }),
    webhookUrl: t.exposeString('webhook_url', { nullable: true }),
    createdAt: t.exposeString('created_at', { nullable: false }),
    updatedAt: t.exposeString('updated_at', { nullable: false }),
    finishedAt: t.exposeString('finished_at', { nullable: true }),
    etaS: t.exposeInt('eta_s', { nullable: true }),
    results: t.field({
      type: [ResultRef],
      nullable: false,
      description: 'Finished items in input order, after index `after`, at most `first` (≤ 1000)',
      args: { after: t.arg.int({ required: false }), first: t.arg.int({ required: false }) },
      resolve: (job, args) => {
        const first = Math.max(0, Math.min(1000, args.first ?? 100));
        return job.svc.store.results(job.id, args.after ?? -1, first);
      },
    }),
  }),
});

const WebhookInput = builder.inputType('LookupJobWebhook', {
  fields: (t) => ({ url: t.string({ required: true }), secret: t.string({ required: true }) }),
});

function serviceOf(ctx: GatewayContext): JobService {
  const svc = jobService(ctx.deps);
  if (!svc) throw new ApiError('SERVICE_UNAVAILABLE', 'Bulk jobs are not available with this ledger');
  return svc;
}

builder.queryField('lookupJob', (t) =>
  t.field({
    type: JobRef,
    nullable: true,
    description: 'A bulk lookup job of the calling key (null: no such job for this key). 0 credits.',
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const svc = serviceOf(ctx);
      const row = await svc.store.get(args.id);
      if (!row || !ctx.key || row.key_id !== ctx.key.id) return null;
      return { ...jobView(row, svc.runner.rateOf(row)), svc };
    },
  }),
);

builder.mutationField('createLookupJob', (t) =>
  t.field({
    type: JobRef,
    nullable: false,
    description:
      'Starts a bulk job (REST: POST /v1/jobs): `operation` over `items`, each item its query parameters. Costs nothing itself; each item what its single request costs.',
    args: {
      operation: t.arg.string({ required: true }),
      items: t.arg({ type: ['JSON'], required: true }),
      cacheMaxAge: t.arg.string({ required: false }),
      maxCredits: t.arg.int({ required: false }),
      webhook: t.arg({ type: WebhookInput, required: false }),
      idempotencyKey: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const svc = serviceOf(ctx);
      // executeGraphql admitted the caller before this runs.
      if (!ctx.key) throw new ApiError('UNAUTHORIZED', 'Missing API key: send it in the x-api-key header');
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
      if (request instanceof ApiError) throw request;
      const v = await validateItems(svc.routes, request);
      if (v instanceof ApiError) throw v;
      const made = await createJob(svc, ctx.deps, ctx.key, { request, ...v });
      if (made instanceof ApiError) throw made;
      return { ...jobView(made.row, svc.runner.rateOf(made.row)), svc };
    },
  }),
);

/** An ApiError as the GraphQL error every face answers with (code in extensions). */
function graphqlError(e: ApiError): GraphQLError {
  return new GraphQLError(e.message, { extensions: { code: e.code, ...(e.details ? { details: e.details } : {}) } });
}

/**
 * The job each time it changes, then its final state, then the end (watch.ts). A consumer slower
 * than the job sees the latest state, not a backlog: one update is held at most.
 */
function progressOf(svc: JobService, id: string): AsyncIterableIterator<JobNode> {
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
    onEnd: () => {
      ended = true;
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

builder.subscriptionType({
  description: 'Progress of what the calling key started (bulk lookup jobs). Over server-sent events (Accept: text/event-stream).',
});

builder.subscriptionField('lookupJobProgress', (t) =>
  t.field({
    type: JobRef,
    nullable: false,
    description:
      'The job each time its progress changes (at most every 100 ms), then once more when it has ended, and the stream ends (REST: GET /v1/jobs/{id}/events). 0 credits. Another key’s job is NOT_FOUND.',
    args: { id: t.arg.string({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      // Subscriptions do not execute through executeGraphql: the key is checked here (401 → 429).
      const key = await admit(ctx);
      if (!('id' in key)) throw graphqlError(key);
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
      return progressOf(svc, args.id);
    },
    resolve: (job) => job,
  }),
);
