/**
 * Incremental delivery over GraphQL (`@defer` on fragments, `@stream` on lists; yoga's
 * useDeferStream plugin, multipart/mixed or text/event-stream responses) with the same credit
 * accounting as any operation:
 *
 *   401 → 429 → 400 → cache → one reservation (executeGraphql, unchanged) → the initial
 *   payload → the later payloads as they are ready → every root field's lookup completed →
 *   settled once → the last payload carries `extensions.credits` (same shape as a plain result).
 *
 * executeGraphql sees one execution that ends when the stream does; meanwhile the payloads
 * go out as the executor produces them. A root field is charged by the usual rule (its lookup
 * returned a value) unless an error was reported anywhere inside it, in any payload: a deferred
 * part that failed makes the field cost 0, as an error that nulls the field does when nothing is
 * deferred.
 *
 * A client that cancels the stream (disconnects, or stops reading) does not cancel the lookups:
 * they complete, are cached, and the reservation is settled then exactly as if the stream had
 * been read to the end — nothing stays reserved, nothing is charged twice, and the same request
 * with cacheMaxAge afterwards returns the whole result at 0 credits.
 *
 * Each part is at most GRAPHQL_MAX_ANSWER_BYTES (src/graphql/answer-bytes.ts): a part over it is
 * not sent, and the stream ends with a last part holding that error (the lookups charged as above).
 *
 * Root fields cannot be deferred (noDeferOnRootFieldsRule): each is one lookup that is planned,
 * reserved and charged on its own; its nested fields are what arrives in parts. A `@stream`
 * whose initialCount is null or below 0 is refused (400 INVALID_INPUT) before anything else, as
 * an invalid document is.
 */
import {
  DirectiveLocation,
  GraphQLBoolean,
  GraphQLDirective,
  GraphQLError,
  GraphQLInt,
  GraphQLNonNull,
  GraphQLString,
  BREAK,
  getDirectiveValues,
  getOperationAST,
  getVariableValues,
  visit,
  execute as graphqlExecute,
} from 'graphql';
import type { ASTVisitor, DocumentNode, ExecutionArgs, ExecutionResult, ValidationContext } from 'graphql';
import { invalidInput } from '../errors.js';
import type { ApiError } from '../errors.js';
import type { GatewayContext } from '../pipeline/context.js';
import { failedOperation, formatError, withRequestIdExtension } from '../pipeline/errors.js';
import { GRAPHQL_MAX_ANSWER_BYTES, answerTooLarge, jsonLongerThan } from './answer-bytes.js';
import { executeGraphql } from './execute.js';

/*
 * The directives as graphql-js 17 and @graphql-tools/utils declare them (yoga's executor reads
 * them by name). Declared in the schema itself, so schema/schema.graphql and introspection show
 * them and yoga serves the very schema REST and the fast path use.
 */
export const GraphQLDeferDirective = new GraphQLDirective({
  name: 'defer',
  description: 'Directs the executor to defer this fragment when the `if` argument is true or undefined.',
  locations: [DirectiveLocation.FRAGMENT_SPREAD, DirectiveLocation.INLINE_FRAGMENT],
  args: {
    if: { type: new GraphQLNonNull(GraphQLBoolean), description: 'Deferred when true or undefined.', defaultValue: true },
    label: { type: GraphQLString, description: 'Unique name' },
  },
});

export const GraphQLStreamDirective = new GraphQLDirective({
  name: 'stream',
  description: 'Directs the executor to stream plural fields when the `if` argument is true or undefined.',
  locations: [DirectiveLocation.FIELD],
  args: {
    if: { type: new GraphQLNonNull(GraphQLBoolean), description: 'Stream when true or undefined.', defaultValue: true },
    label: { type: GraphQLString, description: 'Unique name' },
    initialCount: { type: GraphQLInt, description: 'Number of items to return immediately', defaultValue: 0 },
  },
});

const incrementalDocuments = new WeakMap<DocumentNode, boolean>();

/** Whether a document asks for incremental delivery anywhere (yoga executes it; the compiled fast path cannot). */
export function usesIncrementalDelivery(document: DocumentNode): boolean {
  let uses = incrementalDocuments.get(document);
  if (uses === undefined) {
    uses = false;
    visit(document, {
      Directive(node) {
        if (node.name.value === 'defer' || node.name.value === 'stream') {
          uses = true;
          return BREAK;
        }
        return undefined;
      },
    });
    incrementalDocuments.set(document, uses);
  }
  return uses;
}

/**
 * `@defer` directly on the query root is refused (400 INVALID_INPUT, before any credit is
 * reserved). yoga's own rule refuses it only on mutation and subscription roots.
 */
export function noDeferOnRootFieldsRule(context: ValidationContext): ASTVisitor {
  return {
    Directive(node) {
      if (node.name.value !== 'defer') return;
      const root = context.getSchema().getQueryType();
      if (!root || context.getParentType() !== root) return;
      context.reportError(
        new GraphQLError(
          '@defer cannot be used on root fields: each root field is one lookup, planned and charged on its own. Defer a fragment inside it instead, e.g. findSocialProfiles(…) { source { url } ... @defer { partial } }',
          { nodes: [node], extensions: { code: 'INVALID_INPUT' } },
        ),
      );
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Execution
// ---------------------------------------------------------------------------------------------

/** A payload of an incremental result (graphql-js 17 / @graphql-tools/executor shape). */
export interface IncrementalPayload {
  data?: Record<string, unknown> | null;
  errors?: readonly GraphQLError[];
  incremental?: {
    data?: unknown;
    items?: unknown[] | null;
    path: readonly (string | number)[];
    label?: string;
    errors?: readonly GraphQLError[];
  }[];
  hasNext: boolean;
  extensions?: Record<string, unknown>;
}

type Exec = (a: ExecutionArgs) => ExecutionResult | Promise<ExecutionResult> | AsyncIterable<unknown> | Promise<AsyncIterable<unknown>>;

interface StreamState {
  /** Lookups that resolved their root field early (a live view): the charge waits for them. */
  lookups: Set<Promise<unknown>>;
}

const streams = new WeakMap<GatewayContext, StreamState>();

/** Whether this operation is executed for incremental delivery (resolvers may then answer early). */
export function isIncremental(ctx: GatewayContext): boolean {
  return streams.has(ctx);
}

/**
 * A root field answered before its lookup completed (its nested fields arrive later): the
 * operation is settled only once `lookup` has settled.
 */
export function trackLookup(ctx: GatewayContext, lookup: Promise<unknown>): void {
  streams.get(ctx)?.lookups.add(lookup.catch(() => undefined));
}

function isAsyncIterable(x: unknown): x is AsyncIterable<unknown> {
  return x != null && typeof (x as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function';
}

const plainDocuments = new WeakMap<DocumentNode, DocumentNode>();

/** The document without @defer / @stream: everything in one result. */
function withoutIncrementalDirectives(document: DocumentNode): DocumentNode {
  let plain = plainDocuments.get(document);
  if (!plain) {
    plain = visit(document, { Directive: (node) => (node.name.value === 'defer' || node.name.value === 'stream' ? null : undefined) });
    plainDocuments.set(document, plain);
  }
  return plain;
}

const STREAM_TYPES = ['multipart/mixed', 'text/event-stream'];

/** Whether the response may be a stream, by yoga's negotiation (no accept header: anything). */
function acceptsStream(ctx: GatewayContext): boolean {
  const accept = (ctx as { request?: Request }).request?.headers.get('accept');
  if (!accept) return true;
  return accept.split(',').some((item) => {
    const [type, ...params] = item.split(';').map((x) => x.trim().toLowerCase());
    if (params.some((p) => p.startsWith('charset=') && p !== 'charset=utf-8')) return false;
    const [pre, suf] = type.split('/');
    return STREAM_TYPES.some((t) => {
      const [tPre, tSuf] = t.split('/');
      return (pre === '*' || pre === tPre) && (suf === '*' || suf === tSuf);
    });
  });
}

/**
 * executeGraphql for a document with @defer / @stream: a plain result when nothing ends up
 * incremental (an error before execution, `@defer(if: false)`), else the payloads.
 */
export function executeIncrementalWithCredits(
  args: ExecutionArgs & { contextValue: GatewayContext },
  exec: Exec = graphqlExecute,
): Promise<ExecutionResult | AsyncIterableIterator<IncrementalPayload>> {
  const ctx = args.contextValue;
  // A client that takes JSON only gets everything in one result (the directives are hints a
  // server may ignore) rather than a 406 once the credits are already reserved.
  if (!acceptsStream(ctx)) return executeGraphql({ ...args, document: withoutIncrementalDirectives(args.document) }, exec);
  const badCount = badStreamCount(args);
  if (badCount) return Promise.resolve(failedOperation(badCount));
  const state: StreamState = { lookups: new Set() };
  streams.set(ctx, state);
  let settle!: { resolve: (r: ExecutionResult) => void; reject: (e: unknown) => void };
  const settled = new Promise<ExecutionResult>((resolve, reject) => (settle = { resolve, reject }));
  // Read by the stream's last next(), or by return() when the client cancels.
  settled.catch(() => undefined);
  let stream: CreditedStream | null = null;
  return new Promise((resolve, reject) => {
    executeGraphql(args, async (a) => {
      const r = await exec(a);
      if (!isAsyncIterable(r)) return r as ExecutionResult;
      stream = new CreditedStream(ctx, (r as AsyncIterable<IncrementalPayload>)[Symbol.asyncIterator](), settled);
      resolve(stream);
      await stream.ended;
      // A deferred part may not need the whole lookup; it still ran and costs what it costs.
      await Promise.all(state.lookups);
      return stream.outcome();
    }).then(
      (result) => (stream ? settle.resolve(result) : resolve(result)),
      (err) => (stream ? settle.reject(err) : reject(err)),
    );
  });
}

/**
 * A `@stream` whose initialCount (a literal or a variable) is null or below 0: the caller's error,
 * answered 400 before anything is reserved or fetched. The executor would stop at it only once
 * the list's lookup had run, with an invariant error masked as INTERNAL.
 */
function badStreamCount(args: ExecutionArgs): ApiError | null {
  const operation = getOperationAST(args.document, args.operationName);
  if (!operation) return null;
  const coerced = getVariableValues(args.schema, operation.variableDefinitions ?? [], args.variableValues ?? {});
  // Variables that do not coerce are the executor's to report.
  if (coerced.errors) return null;
  let bad = false;
  visit(args.document, {
    Field(node) {
      if (!node.directives?.some((d) => d.name.value === 'stream')) return undefined;
      const stream = getDirectiveValues(GraphQLStreamDirective, node, coerced.coerced);
      if (!stream || stream.if === false) return undefined;
      const count = stream.initialCount;
      if (typeof count === 'number' && count >= 0) return undefined;
      bad = true;
      return BREAK;
    },
  });
  return bad ? invalidInput([{ param: 'initialCount', message: '@stream(initialCount:) must be an integer of at least 0' }]) : null;
}

/** The executor's payloads with errors formatted, then the settlement on the last one. */
class CreditedStream implements AsyncIterableIterator<IncrementalPayload> {
  private finished = false;
  private initialData: Record<string, unknown> | null | undefined = undefined;
  /** Root fields (response keys) with an error reported anywhere inside them. */
  private readonly failedRoots = new Set<string>();
  private end!: () => void;
  /** The stream is over: read to its end, failed, or cancelled by the client. */
  readonly ended = new Promise<void>((r) => (this.end = r));

  constructor(
    private readonly ctx: GatewayContext,
    private readonly inner: AsyncIterator<IncrementalPayload>,
    private readonly settled: Promise<ExecutionResult>,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  async next(): Promise<IteratorResult<IncrementalPayload>> {
    if (this.finished) return { done: true, value: undefined };
    let r: IteratorResult<IncrementalPayload>;
    try {
      r = await this.inner.next();
    } catch (e) {
      // The executor itself failed: nothing of this operation is charged.
      this.initialData = null;
      this.close();
      throw e;
    }
    let payload: IncrementalPayload = r.done ? { hasNext: false } : this.formatted(r.value);
    const first = this.initialData === undefined;
    if (first) this.initialData = payload.data ?? null;
    if (!r.done && jsonLongerThan(payload, GRAPHQL_MAX_ANSWER_BYTES)) {
      // A part over the bound is not sent: the stream ends with the error instead. Its lookups
      // complete and are charged as on any stream; the settlement reads only which root fields
      // have a value (not the part itself, which would be measured again).
      if (first && this.initialData)
        this.initialData = Object.fromEntries(Object.entries(this.initialData).map(([k, v]) => [k, v == null ? null : true]));
      await this.inner.return?.()?.catch(() => undefined);
      payload = this.formatted({ errors: [answerTooLarge()], hasNext: false });
    }
    if (payload.hasNext !== false) return { done: false, value: payload };
    // The last payload waits for the settlement, so it can carry the credits.
    this.close();
    const result = await this.settled;
    const errors = [...(payload.errors ?? []), ...(result.errors ?? []).map((e) => this.error(e))];
    const extensions = { ...payload.extensions, ...result.extensions };
    return {
      done: false,
      value: {
        ...payload,
        ...(errors.length ? { errors } : {}),
        hasNext: false,
        ...(Object.keys(extensions).length ? { extensions } : {}),
      },
    };
  }

  async return(): Promise<IteratorResult<IncrementalPayload>> {
    if (!this.finished) {
      this.close();
      // Settled in the background once the lookups complete (see the header).
      this.settled.catch((err) => this.ctx.deps.logger.error({ err, req_id: this.ctx.reqInfo?.id }, 'settling a cancelled stream failed'));
      await this.inner.return?.()?.catch(() => undefined);
    }
    return { done: true, value: undefined };
  }

  /** What executeGraphql settles on: the initial data, with every root field that failed anywhere as null. */
  outcome(): ExecutionResult {
    const data = this.initialData ? { ...this.initialData } : null;
    if (data) for (const k of this.failedRoots) if (k in data) data[k] = null;
    return { data };
  }

  private close(): void {
    this.finished = true;
    this.end();
  }

  private formatted(p: IncrementalPayload): IncrementalPayload {
    if (!p.errors?.length && !p.incremental?.some((i) => i.errors?.length)) return p;
    const out = { ...p };
    if (p.errors?.length) out.errors = p.errors.map((e) => this.error(e));
    if (p.incremental)
      out.incremental = p.incremental.map((i) => (i.errors?.length ? { ...i, errors: i.errors.map((e) => this.error(e)) } : i));
    return out;
  }

  /** As a plain result's errors are: expected ones keep their code, others are masked; with the request id. */
  private error(e: GraphQLError): GraphQLError {
    const root = e.path?.[0];
    if (typeof root === 'string') this.failedRoots.add(root);
    const f = formatError(e, this.ctx.deps.logger, this.ctx.reqInfo?.id);
    const id = this.ctx.reqInfo?.id;
    return id ? withRequestIdExtension(f, id) : f;
  }
}
