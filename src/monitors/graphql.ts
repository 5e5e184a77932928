/**
 * GraphQL face of monitors, mirroring the REST routes (http.ts): mutations `createMonitor`,
 * `updateMonitor`, `deleteMonitor`, `runMonitor`; queries `monitor(id)` (with its `snapshots` and
 * `changes`) and `monitors`; the subscription `monitorRuns(id)` (each run of the monitor as it is
 * recorded, with that run's changes). The caller is admitted before any resolver runs
 * (executeGraphql admits queries and mutations; the subscription admits it itself); a monitor of
 * another key is null (mutations and the subscription: NOT_FOUND). Only runMonitor costs
 * anything: what the run's single request costs (its payload says how much; mutations carry no
 * extensions.credits).
 */
import { GraphQLError } from 'graphql';
import { ApiError } from '../errors.js';
import { builder } from '../graphql/builder.js';
import type { Fields } from '../graphql/fields.js';
import { takeRows } from '../graphql/row-budget.js';
import type { RowBudget } from '../graphql/row-budget.js';
import type { AuthenticatedKey } from '../credits/ledger.js';
import { admit } from '../pipeline/admit.js';
import type { GatewayContext } from '../pipeline/context.js';
import { operationError } from '../pipeline/errors.js';
import type { Change } from './fields.js';
import {
  changesPage,
  createMonitor,
  deleteMonitor,
  historyBytes,
  historyQueryOf,
  listMonitors,
  listQueryOf,
  ownMonitor,
  patchMonitor,
  runChanges,
  runMonitorNow,
  snapshotsPage,
} from './http.js';
import type { HistoryBytes } from './http.js';
import { EVERY, monitorRequestOf } from './input.js';
import { monitorService } from './service.js';
import type { MonitorService } from './service.js';
import type { HistoryQuery, RunOutcome } from './store.js';
import { monitorView } from './view.js';
import type { MonitorView } from './view.js';
import { MONITOR_STATUSES } from './store.js';

const MONITOR_ID = 'The monitor id createMonitor gave';
const NEXT_AFTER = '`after` of the next page; null on the last';
const EVERY_DESCRIPTION = `How often it runs: ${Object.keys(EVERY).join(', ')}`;
const WATCH_DESCRIPTION = "Dotted paths into the operation's record to compare run by run (default: the operation's tracked fields)";

/** The arguments of a monitor's history pages (snapshots, changes), as on their REST routes. */
const HISTORY_ARGS = (t: Fields<MonitorNode>) => ({
  since: t.arg.string({
    required: false,
    description: 'Only rows at or after this ISO 8601 date or date-time with its offset (`2025-01-31`, `2025-01-31T12:00:00Z`)',
  }),
  until: t.arg.string({ required: false, description: 'Only rows before this ISO 8601 date or date-time with its offset (exclusive)' }),
  after: t.arg.string({ required: false, description: "The previous page's nextAfter (opaque)" }),
  limit: t.arg.int({ required: false, description: 'Rows per page (1 to 1000, default 100)' }),
});

type MonitorNode = MonitorView & { svc: MonitorService };
type ChangeNode = Change & { at: string };
type RunEvent = { monitor: MonitorNode; changes: ChangeNode[]; next_after: string | null };

const RUN_CHANGES =
  "The run's changes, oldest first: at most 1 MiB of them as stored (HISTORY_BYTES; none when the first alone is larger) and at most 1,000 — nextAfter says where the rest are";
const RUN_NEXT_AFTER =
  "null when changes holds all of the run's (lastRun.changed); else the monitor's changes(since: run's at, until: its at + 1 ms, after: nextAfter) are the rest";

function serviceOf(ctx: GatewayContext): MonitorService {
  const svc = monitorService(ctx.deps);
  if (!svc) throw new ApiError('SERVICE_UNAVAILABLE', 'Monitors are not available with this ledger');
  return svc;
}

function keyOf(ctx: GatewayContext): AuthenticatedKey {
  // executeGraphql admitted the caller before any resolver runs.
  if (!ctx.key) throw new ApiError('UNAUTHORIZED', 'Missing API key: send it in the x-api-key header');
  return ctx.key;
}

const orThrow = <T>(v: T | ApiError): T => {
  if (v instanceof ApiError) throw v;
  return v;
};

/** An ApiError as the GraphQL error every face answers with (code in extensions). */
const graphqlError = (e: ApiError) =>
  new GraphQLError(e.message, { extensions: { code: e.code, ...(e.details ? { details: e.details } : {}) } });

const node = (svc: MonitorService, v: MonitorView): MonitorNode => ({ ...v, svc });

/**
 * History rows one GraphQL document may ask for over all its `snapshots` and `changes` fields: a
 * page of 100 monitors with both at their default size fits (src/graphql/row-budget.ts). Bytes bound
 * it too (below).
 */
export const HISTORY_BUDGET: RowBudget = { what: 'snapshots and changes', rows: 20_000 };

/**
 * Monitors one GraphQL document may list over all its `monitors` fields (two full pages): a monitor
 * carries its params and up to 100 watched paths of 200 characters (~25 KB), and 32 unread documents
 * of 25 aliased pages of 100 such monitors (50 MB each) ran a 512 MB gateway out of heap.
 */
export const MONITORS_BUDGET: RowBudget = { what: 'monitors', rows: 200 };

/**
 * Each document's history fields, read one after another (in the order they start: document order),
 * each with what those before it left of HISTORY_BYTES (store.ts): fields read at once would each
 * read before any had counted its bytes.
 */
const documents = new WeakMap<object, { budget: HistoryBytes; last: Promise<unknown> }>();

function inTurn<T>(ctx: object, asked: HistoryQuery, read: (q: HistoryQuery, budget: HistoryBytes) => Promise<T>): Promise<T> {
  const q = { ...asked, limit: takeRows(ctx, HISTORY_BUDGET, asked.limit, 'limit') };
  let doc = documents.get(ctx);
  if (!doc) documents.set(ctx, (doc = { budget: historyBytes(), last: Promise.resolve() }));
  const { budget } = doc;
  const p = doc.last.then(() => read(q, budget));
  doc.last = p.catch(() => undefined);
  return p;
}

/** A run's outcome and the history a monitor keeps: changes and snapshots, each in pages. */
function historyTypes() {
  const RunRef = builder.objectRef<RunOutcome>('MonitorRun').implement({
    description: 'How a run of a monitor went',
    fields: (t) => ({
      at: t.exposeString('at', { nullable: false, description: 'When it ran: ISO 8601, UTC' }),
      result: t.exposeString('result', {
        nullable: false,
        description:
          'ok (live), cached (a recent answer reused: 0 credits), failed (an error: 0 credits), skipped (no credits, or max_credits_per_day)',
      }),
      code: t.exposeString('code', {
        nullable: true,
        description: 'The error code of a failed run; INSUFFICIENT_CREDITS or MAX_CREDITS_PER_DAY for a skipped one',
      }),
      creditsCharged: t.exposeInt('credits_charged', { nullable: false, description: 'What the run cost' }),
      changed: t.exposeInt('changed', { nullable: false, description: 'Changes the run found' }),
    }),
  });

  const ChangeRef = builder.objectRef<ChangeNode>('MonitorChange').implement({
    description: 'A watched value that changed (a list compares as a set: one change per item added, before null, or removed, after null)',
    fields: (t) => ({
      at: t.exposeString('at', { nullable: false, description: 'When the run that found it ran: ISO 8601, UTC' }),
      field: t.exposeString('field', { nullable: false, description: 'The watched path' }),
      before: t.field({ type: 'JSON', nullable: true, description: 'The value before; null: an item added', resolve: (c) => c.before }),
      after: t.field({ type: 'JSON', nullable: true, description: 'The value after; null: an item removed', resolve: (c) => c.after }),
    }),
  });

  const SnapshotRef = builder.objectRef<{ at: string; values: Record<string, number> }>('MonitorSnapshot').implement({
    description: "A run's watched numbers",
    fields: (t) => ({
      at: t.exposeString('at', { nullable: false, description: 'When the run ran: ISO 8601, UTC' }),
      values: t.field({ type: 'JSON', nullable: false, description: '{field: number}', resolve: (s) => s.values }),
    }),
  });

  const SnapshotPageRef = builder.objectRef<Awaited<ReturnType<typeof snapshotsPage>>>('MonitorSnapshotPage').implement({
    description: "A page of a monitor's snapshots, oldest first",
    fields: (t) => ({
      snapshots: t.field({
        type: [SnapshotRef],
        nullable: false,
        description: 'The snapshots on this page ([] when none)',
        resolve: (p) => p.snapshots,
      }),
      nextAfter: t.exposeString('next_after', { nullable: true, description: NEXT_AFTER }),
    }),
  });

  const ChangePageRef = builder.objectRef<Awaited<ReturnType<typeof changesPage>>>('MonitorChangePage').implement({
    description: "A page of a monitor's changes, oldest first",
    fields: (t) => ({
      changes: t.field({
        type: [ChangeRef],
        nullable: false,
        description: 'The changes on this page ([] when none)',
        resolve: (p) => p.changes,
      }),
      nextAfter: t.exposeString('next_after', { nullable: true, description: NEXT_AFTER }),
    }),
  });
  return { RunRef, ChangeRef, SnapshotPageRef, ChangePageRef };
}

type History = ReturnType<typeof historyTypes>;

/** The monitor, with its history as fields. */
function monitorType({ RunRef, SnapshotPageRef, ChangePageRef }: History) {
  const MonitorRef = builder.objectRef<MonitorNode>('Monitor').implement({
    description: 'A lookup watched on a schedule (REST: /v1/monitors)',
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false, description: 'The monitor id' }),
      operation: t.exposeString('operation', { nullable: false, description: 'The /v1 GET path each run requests' }),
      params: t.field({
        type: 'JSON',
        nullable: false,
        description: "The operation's query parameters, by their REST names",
        resolve: (m) => m.params,
      }),
      every: t.exposeString('every', { nullable: false, description: 'How often it runs (1h, 6h, 12h, 1d, 7d…)' }),
      watch: t.exposeStringList('watch', { nullable: false, description: 'The watched dotted paths into the record' }),
      status: t.exposeString('status', { nullable: false, description: 'active, paused, stopped_no_credits or stopped_failing' }),
      nextRunAt: t.exposeString('next_run_at', { nullable: true, description: 'When the next run is due (null unless active)' }),
      lastRunAt: t.exposeString('last_run_at', {
        nullable: true,
        description: 'When it last ran: ISO 8601, UTC; null before its first run',
      }),
      lastRun: t.field({
        type: RunRef,
        nullable: true,
        description: 'How its last run went; null before its first run',
        resolve: (m) => m.last_run,
      }),
      runs: t.exposeInt('runs', { nullable: false, description: 'Runs so far' }),
      creditsCharged: t.exposeInt('credits_charged', { nullable: false, description: 'What its runs have cost in all' }),
      maxCreditsPerDay: t.exposeInt('max_credits_per_day', {
        nullable: true,
        description: 'The most its runs may charge in a day (UTC); null: no cap',
      }),
      creditsToday: t.exposeInt('credits_today', { nullable: false, description: 'Charged today (UTC): what maxCreditsPerDay counts' }),
      webhookUrl: t.exposeString('webhook_url', { nullable: true, description: 'Where its runs are POSTed; null: no webhook' }),
      createdAt: t.exposeString('created_at', { nullable: false, description: 'When it was created: ISO 8601, UTC' }),
      updatedAt: t.exposeString('updated_at', { nullable: false, description: 'When it last changed: ISO 8601, UTC' }),
      snapshots: t.field({
        type: SnapshotPageRef,
        nullable: false,
        description:
          'The watched numbers run by run, oldest first (REST: GET /v1/monitors/{id}/snapshots). One document reads at most 20,000 rows and 1 MiB of stored history over all its snapshots and changes fields (its first row always): a page cut short has a nextAfter to go on from; a field once nothing is left is INVALID_INPUT naming limit.',
        args: HISTORY_ARGS(t),
        resolve: (m, args, ctx) => inTurn(ctx, orThrow(historyQueryOf(args)), (q, budget) => snapshotsPage(m.svc, m.id, q, budget)),
      }),
      changes: t.field({
        type: ChangePageRef,
        nullable: false,
        description:
          'What changed, oldest first (REST: GET /v1/monitors/{id}/changes). One document reads at most 20,000 rows and 1 MiB of stored history over all its snapshots and changes fields (its first row always): a page cut short has a nextAfter to go on from; a field once nothing is left is INVALID_INPUT naming limit.',
        args: HISTORY_ARGS(t),
        resolve: (m, args, ctx) => inTurn(ctx, orThrow(historyQueryOf(args)), (q, budget) => changesPage(m.svc, m.id, q, budget)),
      }),
    }),
  });
  return MonitorRef;
}

type MonitorType = ReturnType<typeof monitorType>;

/** monitor(id) and monitors: the calling key's own. */
function monitorQueries(MonitorRef: MonitorType): void {
  const PageRef = builder.objectRef<{ monitors: MonitorNode[]; next_after: string | null }>('MonitorPage').implement({
    description: "A page of the calling key's monitors, newest first",
    fields: (t) => ({
      monitors: t.field({
        type: [MonitorRef],
        nullable: false,
        description: 'The monitors on this page ([] when none)',
        resolve: (p) => p.monitors,
      }),
      nextAfter: t.exposeString('next_after', { nullable: true, description: '`after` of the next page; null on the last' }),
    }),
  });

  builder.queryField('monitor', (t) =>
    t.field({
      type: MonitorRef,
      nullable: true,
      description: 'A monitor of the calling key (null: no such monitor for this key). 0 credits.',
      args: { id: t.arg.string({ required: true, description: MONITOR_ID }) },
      resolve: async (_root, args, ctx) => {
        const svc = serviceOf(ctx);
        const row = await ownMonitor(svc, keyOf(ctx), args.id);
        return row instanceof ApiError ? null : node(svc, monitorView(row));
      },
    }),
  );

  builder.queryField('monitors', (t) =>
    t.field({
      type: PageRef,
      nullable: false,
      description:
        "The calling key's monitors, newest first (REST: GET /v1/monitors): `status` only, `limit` per page (default 20, at most 100). One document lists at most 200 monitors over all its monitors fields: a field asking more than is left gets a shorter page (its nextAfter goes on); once nothing is left, INVALID_INPUT naming limit. 0 credits.",
      args: {
        status: t.arg.string({ required: false, description: `Only monitors in this status: ${MONITOR_STATUSES.join(', ')}` }),
        limit: t.arg.int({ required: false, description: 'Monitors per page (1 to 100, default 20)' }),
        after: t.arg.string({ required: false, description: "The previous page's nextAfter (opaque)" }),
      },
      resolve: async (_root, args, ctx) => {
        const svc = serviceOf(ctx);
        const q = orThrow(listQueryOf(args));
        const page = await listMonitors(svc, keyOf(ctx).id, { ...q, limit: takeRows(ctx, MONITORS_BUDGET, q.limit, 'limit') });
        return { ...page, monitors: page.monitors.map((m) => node(svc, m)) };
      },
    }),
  );
}

/** createMonitor, updateMonitor, deleteMonitor: the REST routes' bodies as arguments. */
function monitorMutations(MonitorRef: MonitorType): void {
  const WebhookInput = builder.inputType('MonitorWebhook', {
    description: "Where the monitor's runs are POSTed, signed with the secret (docs/monitors.md)",
    fields: (t) => ({
      url: t.string({ required: true, description: 'An http(s) URL the gateway may reach (the SSRF guard applies)' }),
      secret: t.string({
        required: true,
        description: 'The HMAC-SHA256 key of the x-cl-webhook-signature header (16 to 256 characters); stored encrypted',
      }),
    }),
  });

  builder.mutationField('createMonitor', (t) =>
    t.field({
      type: MonitorRef,
      nullable: false,
      description:
        "Watches `operation` with `params` every `every` (REST: POST /v1/monitors). Costs nothing; each run what its single request costs. `watch`: dotted paths into the record (default: the operation's tracked fields).",
      args: {
        operation: t.arg.string({ required: true, description: 'The operation each run requests, as its /v1 path (`/v1/video/channel`)' }),
        params: t.arg({
          type: 'JSON',
          required: true,
          description: "The operation's query parameters by their REST names (`{handle: …}`)",
        }),
        every: t.arg.string({ required: true, description: EVERY_DESCRIPTION }),
        watch: t.arg.stringList({ required: false, description: WATCH_DESCRIPTION }),
        webhook: t.arg({ type: WebhookInput, required: false, description: 'Where each run is POSTed (none when not given)' }),
        maxCreditsPerDay: t.arg.int({ required: false, description: 'The most its runs may charge in a day (UTC); none when not given' }),
      },
      resolve: async (_root, args, ctx) => {
        const svc = serviceOf(ctx);
        const key = keyOf(ctx);
        const request = orThrow(
          monitorRequestOf(
            {
              operation: args.operation,
              params: args.params,
              every: args.every,
              ...(args.watch != null ? { watch: args.watch } : {}),
              ...(args.webhook != null ? { webhook: args.webhook } : {}),
              ...(args.maxCreditsPerDay != null ? { max_credits_per_day: args.maxCreditsPerDay } : {}),
            },
            svc.routes,
            ctx.deps.config.monitors.minIntervalMs,
          ),
        );
        return node(svc, monitorView(orThrow(await createMonitor(svc, ctx.deps, key, request))));
      },
    }),
  );

  builder.mutationField('updateMonitor', (t) =>
    t.field({
      type: MonitorRef,
      nullable: false,
      description:
        'Changes a monitor (REST: PATCH /v1/monitors/{id}): every, watch, webhook (null: none), maxCreditsPerDay (null: no cap); paused true pauses, false resumes (after a stop too).',
      args: {
        id: t.arg.string({ required: true, description: MONITOR_ID }),
        every: t.arg.string({ required: false, description: `${EVERY_DESCRIPTION}; left out: unchanged` }),
        watch: t.arg.stringList({ required: false, description: `${WATCH_DESCRIPTION}; left out: unchanged` }),
        webhook: t.arg({ type: WebhookInput, required: false, description: 'Where each run is POSTed; null: none; left out: unchanged' }),
        paused: t.arg.boolean({ required: false, description: 'true pauses, false resumes (after a stop too); left out: unchanged' }),
        maxCreditsPerDay: t.arg.int({
          required: false,
          description: 'The most its runs may charge in a day (UTC); null: no cap; left out: unchanged',
        }),
      },
      resolve: async (_root, args, ctx) => {
        const svc = serviceOf(ctx);
        const row = orThrow(await ownMonitor(svc, keyOf(ctx), args.id));
        // An argument given as null clears it (webhook, maxCreditsPerDay); one left out is unchanged.
        const body: Record<string, unknown> = {};
        if (args.every !== undefined) body.every = args.every;
        if (args.watch !== undefined) body.watch = args.watch;
        if (args.webhook !== undefined) body.webhook = args.webhook;
        if (args.paused !== undefined) body.paused = args.paused;
        if (args.maxCreditsPerDay !== undefined) body.max_credits_per_day = args.maxCreditsPerDay;
        return node(svc, monitorView(orThrow(await patchMonitor(svc, ctx.deps, row, body))));
      },
    }),
  );

  builder.mutationField('deleteMonitor', (t) =>
    t.field({
      type: MonitorRef,
      nullable: false,
      description: 'Deletes a monitor with its history (REST: DELETE /v1/monitors/{id}); the monitor as it was.',
      args: { id: t.arg.string({ required: true, description: MONITOR_ID }) },
      resolve: async (_root, args, ctx) => {
        const svc = serviceOf(ctx);
        const row = orThrow(await ownMonitor(svc, keyOf(ctx), args.id));
        await deleteMonitor(svc, row);
        return node(svc, monitorView(row));
      },
    }),
  );
}

/** runMonitor: a run now, charged; its outcome, its changes and the monitor after it. */
function runMonitorMutation(MonitorRef: MonitorType, { RunRef, ChangeRef }: History): void {
  const RunResultRef = builder
    .objectRef<{ monitor: MonitorNode; run: RunOutcome; changes: ChangeNode[]; next_after: string | null; creditsRemaining: number }>(
      'MonitorRunResult',
    )
    .implement({
      description: 'A run made now: its outcome, its changes and the monitor after it',
      fields: (t) => ({
        creditsCharged: t.field({ type: 'Int', nullable: false, description: 'What the run cost', resolve: (r) => r.run.credits_charged }),
        creditsRemaining: t.exposeInt('creditsRemaining', { nullable: false, description: "The key's balance after it" }),
        monitor: t.field({ type: MonitorRef, nullable: false, description: 'The monitor after the run', resolve: (r) => r.monitor }),
        run: t.field({ type: RunRef, nullable: false, description: 'How the run went', resolve: (r) => r.run }),
        changes: t.field({ type: [ChangeRef], nullable: false, description: RUN_CHANGES, resolve: (r) => r.changes }),
        nextAfter: t.exposeString('next_after', { nullable: true, description: RUN_NEXT_AFTER }),
      }),
    });

  builder.mutationField('runMonitor', (t) =>
    t.field({
      type: RunResultRef,
      nullable: false,
      description:
        'Runs a monitor now (REST: POST /v1/monitors/{id}/run), charged what its single request costs (a cached answer younger than a tenth of the interval: 0). INSUFFICIENT_CREDITS when the balance cannot cover it; RATE_LIMITED while a run of it is in progress or past maxCreditsPerDay.',
      args: { id: t.arg.string({ required: true, description: MONITOR_ID }) },
      resolve: async (_root, args, ctx) => {
        const svc = serviceOf(ctx);
        const key = keyOf(ctx);
        const row = orThrow(await ownMonitor(svc, key, args.id));
        const r = orThrow(await runMonitorNow(svc, ctx.deps, key, row));
        return {
          monitor: node(svc, monitorView(r.row)),
          run: r.outcome,
          ...(await runChanges(svc, row.id, r.outcome)),
          creditsRemaining: r.balance,
        };
      },
    }),
  );
}

/** monitorRuns(id): the subscription to a monitor's runs (runsOf). */
function monitorRunsSubscription(MonitorRef: MonitorType, { ChangeRef }: History): void {
  const RunEventRef = builder.objectRef<RunEvent>('MonitorRunEvent').implement({
    description: 'A run of a monitor, as recorded',
    fields: (t) => ({
      monitor: t.field({
        type: MonitorRef,
        nullable: false,
        description: 'The monitor after the run (its lastRun: this run)',
        resolve: (e) => e.monitor,
      }),
      changes: t.field({ type: [ChangeRef], nullable: false, description: RUN_CHANGES, resolve: (e) => e.changes }),
      nextAfter: t.exposeString('next_after', { nullable: true, description: RUN_NEXT_AFTER }),
    }),
  });

  builder.subscriptionField('monitorRuns', (t) =>
    t.field({
      type: RunEventRef,
      nullable: false,
      description:
        "Each run of the monitor as it is recorded, with its changes; the stream ends when the monitor is deleted. 0 credits. Another key's monitor is NOT_FOUND; more than JOBS_MAX_STREAMS_PER_KEY open at once RATE_LIMITED.",
      args: { id: t.arg.string({ required: true, description: MONITOR_ID }) },
      subscribe: async (_root, args, ctx) => {
        // Subscriptions do not execute through executeGraphql: the key is checked here (401 → 429).
        const key = await admit(ctx);
        // The whole operation's failure, with its HTTP status (401; 429 for the key's rate limit), as executeGraphql answers.
        if (!('id' in key)) throw operationError(key);
        try {
          const svc = serviceOf(ctx);
          const row = orThrow(await ownMonitor(svc, key, args.id));
          const release = svc.streams.take(key.id);
          if (release instanceof ApiError) throw operationError(release);
          return runsOf(svc, row.id, row.last_run_at, release, ctx.clientGone);
        } catch (e) {
          throw e instanceof ApiError ? graphqlError(e) : e;
        }
      },
      resolve: (e) => e,
    }),
  );
}

/** The monitor declarations, each record with the root fields that return it. */
export function monitorsGraphql(): void {
  const history = historyTypes();
  const MonitorRef = monitorType(history);
  monitorQueries(MonitorRef);
  monitorMutations(MonitorRef);
  runMonitorMutation(MonitorRef, history);
  monitorRunsSubscription(MonitorRef, history);
}

type RunPage = Pick<RunEvent, 'changes' | 'next_after'>;

/**
 * A run's changes for its events, read once for all the subscriptions of its monitor that look at
 * the same moment (each read takes up to 20 rows from the store, however large, to measure them):
 * 20 subscriptions of a key on a monitor whose 3 MB text changed each reading it took a 512 MB
 * gateway (`npm start`) from ~300 to ~590 MB for that moment.
 */
const reading = new WeakMap<MonitorService, Map<string, Promise<RunPage>>>();

function runPage(svc: MonitorService, id: string, run: RunOutcome): Promise<RunPage> {
  let now = reading.get(svc);
  if (!now) reading.set(svc, (now = new Map()));
  const key = `${id} ${run.at}`;
  let page = now.get(key);
  if (!page) {
    const map = now;
    page = runChanges(svc, id, run).finally(() => map.delete(key));
    now.set(key, page);
  }
  return page;
}

/**
 * The runs of a monitor from now on: this process's own as it records them (svc.events), others'
 * (REDIS_URL) as the store shows them every `svc.pollMs`. A consumer slower than the runs sees the
 * latest, not a backlog. Ends when the monitor is gone, the service closes, or the client leaves
 * (`gone`, the request's signal: at once — yoga's return on cancel waits for a pending next(), the
 * next run or SSE ping, 12 s; the key's slot stayed held until then and a client reconnecting at
 * once was refused).
 */
function runsOf(
  svc: MonitorService,
  id: string,
  seenAt: number | null,
  release: () => void,
  gone: AbortSignal | undefined,
): AsyncIterableIterator<RunEvent> {
  let lastAt = seenAt;
  let ended = false;
  let next: RunEvent | null = null;
  let wake: (() => void) | null = null;
  const poke = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  let looking = false;
  const look = async () => {
    if (ended || looking) return;
    looking = true;
    try {
      const row = await svc.store.get(id);
      if (!row) return end();
      if (row.last_run_at === null || row.last_run_at === lastAt) return;
      lastAt = row.last_run_at;
      // The run's changes as its runMonitor answer carries them: at most HISTORY_BYTES, the rest after nextAfter.
      const view = monitorView(row);
      const page = view.last_run ? await runPage(svc, id, view.last_run) : { changes: [], next_after: null };
      next = { monitor: { ...view, svc }, ...page };
      poke();
    } catch {
      // The store away for a moment: the next event or poll looks again.
    } finally {
      looking = false;
    }
  };
  const onRun = () => void look();
  const end = () => {
    if (ended) return;
    ended = true;
    svc.events.off(id, onRun);
    svc.events.off('close', end);
    gone?.removeEventListener('abort', end);
    if (timer) clearInterval(timer);
    release();
    poke();
  };
  svc.events.on(id, onRun);
  svc.events.on('close', end);
  gone?.addEventListener('abort', end, { once: true });
  const timer = svc.pollMs > 0 ? setInterval(onRun, svc.pollMs) : null;
  timer?.unref();
  if (gone?.aborted) end();
  const finish = async (): Promise<IteratorResult<RunEvent>> => {
    end();
    next = null;
    return { value: undefined, done: true };
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      while (!next && !ended) await new Promise<void>((r) => (wake = r));
      if (next) {
        const value = next;
        next = null;
        return { value, done: false };
      }
      return { value: undefined, done: true };
    },
    return: finish,
    throw: finish,
  };
}
