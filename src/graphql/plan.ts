/**
 * Credits around one GraphQL operation (REST routes run through the same code):
 *
 *   401 key → 429 rate limit → 400 input (per root field) → cache lookup (a hit costs 0, even at 0 balance)
 *   → one reservation covering every remaining root field's maximum cost (402 if it cannot be
 *   covered, before any upstream work) → execute → settle to what resolved fields cost
 *   (errors cost 0) → extensions.credits.
 *
 * Root-field resolvers of operations find their entry in the plan by response key (alias), so
 * validation, cache decisions and the charge are made once, here.
 */
import DataLoader from 'dataloader';
import {
  GraphQLError,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  getArgumentValues,
  getDirectiveValues,
  getOperationAST,
  getVariableValues,
  execute as graphqlExecute,
} from 'graphql';
import type {
  DocumentNode,
  ExecutionArgs,
  ExecutionResult,
  FieldNode,
  FragmentDefinitionNode,
  GraphQLResolveInfo,
  OperationDefinitionNode,
  SelectionSetNode,
} from 'graphql';
import type { CacheEntry } from '../cache/cache.js';
import { maxAgeMs } from '../cache/cache.js';
import type { AuthenticatedKey, Reservation } from '../credits/ledger.js';
import { ApiError, ERROR_STATUS, invalidInput, isApiError } from '../errors.js';
import { outcomeOfError } from '../observability/metrics.js';
import { enforceRateLimit } from '../ratelimit/limiter.js';
import { linkSignals } from '../upstream/signals.js';
import type { OperationDef } from '../platforms/operation.js';
import { reservationOf, validateArgs } from '../platforms/operation.js';
import type { Deps, GatewayContext } from './context.js';
import { INTROSPECTION_MAX_BYTES } from './limits.js';

export interface FieldPlan {
  key: string;
  op: OperationDef;
  args?: any;
  cacheKey?: string;
  error?: ApiError;
  hit?: CacheEntry;
  /** The resolver returned a value (errors and nulls cost nothing). */
  resolved: boolean;
  charged: number;
}

export interface Plan {
  fields: Map<string, FieldPlan>;
}

export interface FieldCredits {
  path: string;
  charged: number;
  cached: boolean;
  cached_at: string | null;
}

export interface CreditsExtension {
  charged: number;
  remaining: number;
  fields: FieldCredits[];
}

const OPS = new Map<string, OperationDef>();

/** Called by each platform's graphql.ts when it declares an operation's root field. */
export function registerOperation(op: OperationDef): void {
  if (OPS.has(op.field)) throw new Error(`operation ${op.field} declared twice`);
  OPS.set(op.field, op);
}

export function registeredOperations(): OperationDef[] {
  return [...OPS.values()];
}

/** An error for the whole operation, with the HTTP status (and Retry-After) GraphQL-over-HTTP should answer. */
export function operationError(err: ApiError): GraphQLError {
  const headers = { ...err.headers, ...(err.retryAfterSec !== undefined ? { 'retry-after': String(err.retryAfterSec) } : {}) };
  const http = Object.keys(headers).length ? { status: err.status, headers } : { status: err.status };
  return new GraphQLError(err.message, {
    extensions: { code: err.code, ...(err.details ? { details: err.details } : {}), http },
  });
}

/** Expected errors keep their code and message; anything else is masked (and logged). */
export function formatError(e: GraphQLError, deps: Deps, requestId?: string): GraphQLError {
  const orig = e.originalError;
  if (!orig || orig instanceof GraphQLError) return e;
  const formatted = isApiError(orig)
    ? new GraphQLError(orig.message, {
        nodes: e.nodes,
        path: e.path,
        extensions: { code: orig.code, ...(orig.details ? { details: orig.details } : {}) },
      })
    : (deps.logger.error({ err: orig, path: e.path, req_id: requestId }, 'unexpected resolver error'),
      new GraphQLError('Unexpected error.', { nodes: e.nodes, path: e.path, extensions: { code: 'INTERNAL' } }));
  // Compiled execution (graphql-jit) reports locations without AST nodes: keep them.
  if (!formatted.locations && e.locations) Object.defineProperty(formatted, 'locations', { value: e.locations, enumerable: true });
  return formatted;
}

function fail(err: ApiError): ExecutionResult {
  return { errors: [operationError(err)] };
}

/** A ledger call failed: an ApiError (a store is unreachable → 503) answers the operation. */
function storeFailure(e: unknown): ExecutionResult {
  if (isApiError(e)) return fail(e);
  throw e;
}

/**
 * Root fields by response key, through fragments and honouring @skip/@include — what graphql's
 * executor will resolve. (graphql's own collectFields is not part of its public entry point.)
 */
function collectRootFields(document: DocumentNode, variables: Record<string, unknown>, set: SelectionSetNode): Map<string, FieldNode[]> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === 'FragmentDefinition') fragments.set(d.name.value, d);
  const out = new Map<string, FieldNode[]>();
  const included = (node: FieldNode | SelectionSetNode['selections'][number]) =>
    getDirectiveValues(GraphQLSkipDirective, node, variables)?.if !== true && getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;
  const visit = (s: SelectionSetNode, seen: Set<string>) => {
    for (const sel of s.selections) {
      if (!included(sel)) continue;
      if (sel.kind === 'Field') {
        const k = sel.alias?.value ?? sel.name.value;
        const list = out.get(k);
        if (list) list.push(sel);
        else out.set(k, [sel]);
      } else if (sel.kind === 'InlineFragment') visit(sel.selectionSet, seen);
      else if (!seen.has(sel.name.value)) {
        seen.add(sel.name.value);
        const f = fragments.get(sel.name.value);
        if (f) visit(f.selectionSet, seen);
      }
    }
  };
  visit(set, new Set());
  return out;
}

/**
 * A keyless introspection answer, checked against its bound (src/graphql/limits.ts keeps it to one
 * copy of the schema's introspection; this is the run-time proof that it did).
 */
function introspectionAnswer(result: ExecutionResult): ExecutionResult {
  if (result.data && JSON.stringify(result.data).length > INTROSPECTION_MAX_BYTES) {
    return fail(invalidInput([{ param: 'query', message: `the introspection answer would exceed ${INTROSPECTION_MAX_BYTES} bytes` }]));
  }
  return result;
}

function isIntrospectionOnly(fields: Map<string, readonly FieldNode[]>): boolean {
  for (const nodes of fields.values()) if (!nodes[0].name.value.startsWith('__')) return false;
  return true;
}

/**
 * Runs an operation with credit accounting. `exec` is the executor to wrap (graphql's execute
 * by default, yoga's when called from its plugin).
 */
export async function executeWithCredits(
  args: ExecutionArgs & { contextValue: GatewayContext },
  exec: (a: ExecutionArgs) => ExecutionResult | Promise<ExecutionResult> | AsyncIterable<unknown> | Promise<AsyncIterable<unknown>> = graphqlExecute,
): Promise<ExecutionResult> {
  const ctx = args.contextValue;
  const { deps } = ctx;
  const operation: OperationDefinitionNode | null | undefined = getOperationAST(args.document, args.operationName);
  if (!operation || operation.operation !== 'query') return (await exec(args)) as ExecutionResult;
  const rootType = args.schema.getQueryType()!;
  const coerced = getVariableValues(args.schema, operation.variableDefinitions ?? [], args.variableValues ?? {});
  if (coerced.errors) return (await exec(args)) as ExecutionResult;
  const rootFields = collectRootFields(args.document, coerced.coerced, operation.selectionSet);
  // The root-field limit holds for everyone, keyless introspection included.
  if (rootFields.size > deps.config.maxRootFields) {
    return fail(invalidInput([{ param: 'query', message: `an operation may select at most ${deps.config.maxRootFields} root fields (got ${rootFields.size})` }]));
  }
  if (isIntrospectionOnly(rootFields)) return introspectionAnswer((await exec(args)) as ExecutionResult);

  // 401
  let key = ctx.key;
  if (!key) {
    if (!ctx.apiKey) return fail(new ApiError('UNAUTHORIZED', 'Missing API key: send it in the x-api-key header'));
    let found: AuthenticatedKey | null;
    try {
      found = await deps.ledger.authenticate(ctx.apiKey);
    } catch (e) {
      return storeFailure(e);
    }
    if (!found) return fail(new ApiError('UNAUTHORIZED', 'Unknown or revoked API key'));
    key = ctx.key = found;
    if (ctx.reqInfo) ctx.reqInfo.keyId = found.id;
    // 429 right after the key, before any input is looked at (a caller that passed a key in
    // has checked its rate itself).
    let limited: ApiError | null;
    try {
      const r = enforceRateLimit(deps.rateLimiter, found, deps.config.rateLimit);
      limited = r instanceof Promise ? await r : r;
    } catch (e) {
      return storeFailure(e);
    }
    if (limited) {
      deps.metrics.rateLimited.inc();
      return fail(limited);
    }
  }
  const fieldDefs = rootType.getFields();
  const requested: RequestedField[] = [];
  for (const [responseKey, nodes] of rootFields) {
    const op = OPS.get(nodes[0].name.value);
    if (!op) continue;
    try {
      requested.push({ key: responseKey, op, raw: getArgumentValues(fieldDefs[op.field], nodes[0], coerced.coerced) });
    } catch (e) {
      requested.push({ key: responseKey, op, raw: {}, argError: invalidInput([{ param: op.field, message: (e as Error).message }]) });
    }
  }
  return runPlanned(ctx, key, requested, () => exec(args) as ExecutionResult | Promise<ExecutionResult>);
}

/** A root field of an operation with its argument values as GraphQL coerced them. */
export interface RequestedField {
  key: string;
  op: OperationDef;
  raw: Record<string, unknown>;
  argError?: ApiError;
}

/**
 * Validation, cache lookup, one reservation, execution, settlement — for root fields already
 * identified (by executeWithCredits for any document, directly by a REST route for its own).
 */
export async function runPlanned(
  ctx: GatewayContext,
  key: AuthenticatedKey,
  requested: RequestedField[],
  run: () => ExecutionResult | Promise<ExecutionResult>,
): Promise<ExecutionResult> {
  const { deps } = ctx;
  // 400 per field, then the cache.
  const plan: Plan = { fields: new Map() };
  const now = Date.now();
  let maxCost = 0;
  for (const { key: responseKey, op, raw, argError } of requested) {
    const entry: FieldPlan = { key: responseKey, op, resolved: false, charged: 0 };
    plan.fields.set(responseKey, entry);
    if (argError) {
      entry.error = argError;
      continue;
    }
    const v = validateArgs(op, raw);
    if (!v.ok) {
      entry.error = invalidInput(v.problems);
      continue;
    }
    entry.args = v.args;
    entry.cacheKey = v.cacheKey;
    const maxAge = (raw as { cacheMaxAge?: string | null }).cacheMaxAge;
    if (op.cacheable && maxAge) {
      const hit =
        deps.cache.peek(entry.cacheKey) ??
        (await deps.cache.get(entry.cacheKey).catch((err) => {
          deps.logger.warn({ err }, 'cache read failed; fetching live');
          return undefined;
        }));
      if (hit && hit.fetchedAt >= now - maxAgeMs(maxAge as never)) {
        entry.hit = hit;
        deps.metrics.cacheHit(op.platform).inc();
        continue;
      }
      deps.metrics.cacheMiss(op.platform).inc();
    }
    maxCost += reservationOf(op, v.args);
  }

  // 402 before anything is fetched.
  let reservation: Reservation | null = null;
  if (maxCost > 0) {
    try {
      reservation = await deps.ledger.reserve(key.id, maxCost);
      if (!reservation) {
        const balance = await deps.ledger.balance(key.id);
        return fail(new ApiError('INSUFFICIENT_CREDITS', `This request needs up to ${maxCost} credits; the key has ${balance}`));
      }
    } catch (e) {
      return storeFailure(e);
    }
  }

  ctx.plan = plan;
  let result: ExecutionResult;
  try {
    // Served entirely from cache, execution completes synchronously: no extra turn.
    const r = run();
    result = r instanceof Promise ? await r : r;
  } catch (e) {
    // Unreachable ledger: the reservation stays open and is refunded once it expires.
    if (reservation) await deps.ledger.settle(reservation, 0).catch(() => undefined);
    throw e;
  }

  const data = result.data as Record<string, unknown> | null | undefined;
  const fields: FieldCredits[] = [];
  let total = 0;
  for (const entry of plan.fields.values()) {
    const charged = entry.resolved && data?.[entry.key] != null ? entry.charged : 0;
    total += charged;
    fields.push({ path: entry.key, charged, cached: !!entry.hit, cached_at: entry.hit ? new Date(entry.hit.fetchedAt).toISOString() : null });
  }
  let remaining = key.balance;
  try {
    if (reservation) remaining = await deps.ledger.settle(reservation, total);
  } catch (e) {
    // Not settled: the reservation stays open and is refunded in full once it expires.
    return storeFailure(e);
  }
  const credits: CreditsExtension = { charged: total, remaining, fields };
  // graphql-js's member order (errors, data, extensions), whichever executor ran.
  const out: ExecutionResult = {};
  if (result.errors) out.errors = result.errors.map((e) => formatError(e, deps, ctx.reqInfo?.id));
  if ('data' in result) out.data = result.data;
  out.extensions = { ...result.extensions, credits };
  return out;
}

function loaderFor(ctx: GatewayContext): DataLoader<string, unknown> {
  if (!ctx.loader) {
    const { deps } = ctx;
    const byKey = new Map<string, FieldPlan>();
    for (const f of ctx.plan?.fields.values() ?? []) if (f.cacheKey) byKey.set(f.cacheKey, f);
    ctx.loader = new DataLoader<string, unknown>(
      async (keys) =>
        Promise.all(
          keys.map((k) => {
            const f = byKey.get(k)!;
            return liveFetch(deps, f.op, f.args, k, ctx.signal).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
          }),
        ),
      { cache: true },
    );
  }
  return ctx.loader;
}

/**
 * One live fetch shared by concurrent identical requests; the result is cached for later. Each
 * fetch actually made is recorded (metrics and the platform health view); one still running
 * when a shutdown's grace period ends is cancelled and answered 503.
 */
export async function liveFetch(deps: Deps, op: OperationDef, args: unknown, cacheKey: string, signal?: AbortSignal): Promise<unknown> {
  const since = Date.now();
  // Another instance's fetch of the same key, stored while this one waited (Redis single-flight).
  const readShared = async () => {
    const entry = await deps.cache.get(cacheKey, { fetchedSince: since });
    return entry && entry.fetchedAt >= since ? entry.value : undefined;
  };
  const link = signal ? linkSignals(signal, deps.shutdown) : null;
  const opSignal = link ? link.signal : deps.shutdown;
  try {
    const { value, joined } = await deps.singleFlight.run(
      cacheKey,
      async () => {
        const started = performance.now();
        let v: unknown;
        try {
          v = await op.run({ upstream: deps.upstream, config: deps.config, cache: deps.cache, signal: opSignal, singleFlight: deps.singleFlight }, args);
        } catch (e) {
          const outcome = deps.shutdown.aborted ? null : outcomeOfError(e);
          if (outcome) {
            const ms = performance.now() - started;
            deps.metrics.liveFetch(op.platform, outcome, ms);
            deps.health.record(op.platform, outcome, ms, isApiError(e) ? { code: e.code, message: e.message } : { code: 'INTERNAL', message: 'Unexpected error.' });
          }
          throw e;
        }
        const ms = performance.now() - started;
        deps.metrics.liveFetch(op.platform, 'ok', ms);
        deps.health.record(op.platform, 'ok', ms);
        // Only what can be asked for again with cache_max_age is worth storing.
        if (op.cacheable) await deps.cache.set(cacheKey, { value: v, fetchedAt: Date.now() }).catch((err) => deps.logger.warn({ err }, 'cache write failed'));
        return v;
      },
      op.cacheable ? { readShared } : undefined,
    );
    if (joined) deps.metrics.singleFlightJoin(op.platform);
    return value;
  } catch (e) {
    if (deps.shutdown.aborted) throw new ApiError('SERVICE_UNAVAILABLE', 'The gateway is shutting down; retry the request', { cause: e });
    throw e;
  } finally {
    link?.unlink();
  }
}

/** The resolver of every operation's root field (synchronous for a cache hit). */
export function resolveOperation(op: OperationDef, ctx: GatewayContext, info: GraphQLResolveInfo): unknown {
  const entry = ctx.plan?.fields.get(info.path.key as string);
  if (!entry || entry.op !== op) throw new ApiError('INTERNAL', `operation ${op.field} executed outside the credit plan`);
  if (entry.error) throw entry.error;
  if (entry.hit) {
    entry.resolved = true;
    return entry.hit.value;
  }
  return loaderFor(ctx)
    .load(entry.cacheKey!)
    .then((value) => {
      entry.resolved = true;
      const reserved = reservationOf(op, entry.args);
      entry.charged = Math.min(reserved, Math.max(0, op.cost.of ? op.cost.of(value as never, entry.args) : reserved));
      return value;
    });
}

export function statusOf(code: string | undefined): number {
  return (code && (ERROR_STATUS as Record<string, number>)[code]) || 500;
}
