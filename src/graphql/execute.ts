/**
 * GraphQL's executor, wrapped with what the pipeline (src/pipeline/) needs of a whole operation —
 * for the fast path and yoga alike:
 *
 *   query      admit (401 → 429; src/pipeline/admit.ts) → the root-field limit (400) → one
 *              reservation for every root field (402; src/pipeline/run.ts reserveAhead) →
 *              execute: each root field's resolver runs its operation through the pipeline
 *              (src/graphql/operation-field.ts → runOperation) → one settlement to what the
 *              root fields cost → the result with extensions.credits (credits.ts)
 *   mutation   admit, then the mutation's resolvers (bulk jobs; no credits)
 *
 * Only introspection-only operations skip the key (GraphiQL's docs must load); they are
 * bounded by the document limits (src/graphql/limits.ts), INTROSPECTION_MAX_BYTES and, for answers
 * not remembered yet, the compute budget (src/graphql/introspection-budget.ts).
 */
import { GraphQLError, Kind, getArgumentValues, getOperationAST, getVariableValues, print, execute as graphqlExecute } from 'graphql';
import type { DefinitionNode, DocumentNode, ExecutionArgs, ExecutionResult, FieldNode, OperationDefinitionNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import { MAX_MESSAGE_SHOWN, invalidInput, isApiError, shownText } from '../errors.js';
import type { OperationDef } from '../platforms/operation.js';
import { admit } from '../pipeline/admit.js';
import type { GatewayContext } from '../pipeline/context.js';
import { failedOperation as fail, formatError } from '../pipeline/errors.js';
import { releaseAhead, reserveAhead, settleAhead } from '../pipeline/run.js';
import { GRAPHQL_MAX_ANSWER_BYTES, answerTooLarge, jsonLongerThan } from './answer-bytes.js';
import type { CreditsExtension } from './credits.js';
import { rootFieldCredits } from './credits.js';
import { answerIntrospectionInSlices } from './introspection.js';
import { createIntrospectionGate } from './introspection-budget.js';
import type { IntrospectionGate } from './introspection-budget.js';
import { INTROSPECTION_MAX_BYTES } from './limits.js';
import { collectRootFields, isIntrospectionOnly } from './root-fields.js';

/**
 * A variable its definition refuses (wrong type, a required one missing): 400 INVALID_INPUT, as a
 * bad argument is. graphql-js quotes the value given in its message, at any length: cut as an
 * INVALID_INPUT's messages are (MAX_MESSAGE_SHOWN).
 */
const variableError = (e: GraphQLError) =>
  new GraphQLError(shownText(e.message, MAX_MESSAGE_SHOWN), {
    nodes: e.nodes,
    extensions: { code: 'INVALID_INPUT', http: { status: 400 } },
  });

type Exec = (a: ExecutionArgs) => ExecutionResult | Promise<ExecutionResult> | AsyncIterable<unknown> | Promise<AsyncIterable<unknown>>;

/**
 * A GraphQL operation with credit accounting. `exec` is the executor to wrap (graphql's execute
 * by default; yoga's from its plugin; a compiled document's on the fast path).
 */
export async function executeGraphql(
  args: ExecutionArgs & { contextValue: GatewayContext },
  exec: Exec = graphqlExecute,
): Promise<ExecutionResult> {
  const ctx = args.contextValue;
  const { deps } = ctx;
  const operation: OperationDefinitionNode | null | undefined = getOperationAST(args.document, args.operationName);
  if (!operation) return (await exec(args)) as ExecutionResult;
  /** The root-field limit (MAX_ROOT_FIELDS), which every operation keeps: 400 when `rootFields` are over it. */
  const tooMany = (rootFields: Map<string, unknown>) =>
    rootFields.size > deps.config.maxRootFields
      ? invalidInput([
          { param: 'query', message: `an operation may select at most ${deps.config.maxRootFields} root fields (got ${rootFields.size})` },
        ])
      : null;
  // Mutations (createLookupJob) cost no credits, but they act for a key:
  // admitted like every request (401 → 429) before anything runs, and kept to the root-field
  // limit as a query is (50 aliased createMonitor fields made 50 monitors in one request).
  if (operation.operation !== 'query') {
    const key = await admit(ctx);
    if (!('id' in key)) return fail(key);
    const variables = getVariableValues(args.schema, operation.variableDefinitions ?? [], args.variableValues ?? {});
    if (variables.errors) return { errors: variables.errors.map(variableError) };
    const over = tooMany(collectRootFields(args.document, variables.coerced, operation.selectionSet));
    if (over) return fail(over);
    const result = (await exec(args)) as ExecutionResult;
    return result.errors ? { ...result, errors: result.errors.map((e) => formatError(e, deps.logger, ctx.reqInfo?.id)) } : result;
  }
  const coerced = getVariableValues(args.schema, operation.variableDefinitions ?? [], args.variableValues ?? {});
  if (coerced.errors) return { errors: coerced.errors.map(variableError) };
  const rootFields = collectRootFields(args.document, coerced.coerced, operation.selectionSet);
  // The root-field limit holds for everyone, keyless introspection included (after the key for
  // the rest: 401 → 429 → 400).
  if (isIntrospectionOnly(rootFields)) {
    const over = tooMany(rootFields);
    if (over) return fail(over);
    // The schema never changes while the process runs: an introspection answer without
    // variables is the same for every caller, so the common one (GraphiQL's) is computed once.
    // Keyed by the operation as printed (no comments, no layout, no name), so texts that differ
    // only in those — free for a keyless caller to vary — share one answer.
    const source = operation.variableDefinitions?.length ? undefined : args.document.loc?.source.body;
    const key = source !== undefined && source.length <= 16 * 1024 ? answerKey(args.document, operation) : undefined;
    const known = key === undefined ? undefined : introspectionAnswers.get(key);
    if (known) return known.result;
    // Any other answer is computed: `{__typename}` alone at once (it costs nothing); one that
    // asks for the schema within the budget for that and at most COMPUTING_MAX at a time
    // (src/graphql/introspection-budget.ts), in slices of the event loop.
    const gate = asksSchema(rootFields) ? gateOf(deps) : null;
    const refused = gate?.admit();
    if (refused) return fail(refused);
    let answer: IntrospectionAnswer & { json?: string };
    let ms = 0;
    try {
      // Walked without graphql-js's executor (src/graphql/introspection.ts): its answer at a
      // fraction of the cost, for texts a keyless caller may vary at will.
      const clock = deps.introspectionClock ?? (() => performance.now());
      const walked = await answerIntrospectionInSlices(args.schema, args.document, operation, coerced.coerced, 1, clock);
      const started = clock();
      answer = introspectionAnswer(walked?.result ?? ((await exec(args)) as ExecutionResult));
      ms = (walked?.cpuMs ?? 0) + clock() - started;
    } finally {
      gate?.done(ms);
    }
    if (!answer.result.errors) {
      // The body every caller is sent for it, made from the JSON its size was measured on.
      if (answer.json !== undefined && Object.keys(answer.result).length === 1)
        sharedBodies.set(answer.result, Buffer.from(`{"data":${answer.json}}`));
      // Remembered from its second time: a document sent once (a keyless caller may make up a
      // new one each time) does not push out those asked for again and again (GraphiQL's).
      if (key !== undefined) {
        if (askedOnce.has(key)) {
          askedOnce.delete(key);
          introspectionAnswers.set(key, { result: answer.result, bytes: answer.bytes });
        } else askedOnce.set(key, true);
      }
    }
    return answer.result;
  }

  const caller = await admit(ctx);
  if (!('id' in caller)) return fail(caller);
  const over = tooMany(rootFields);
  if (over) return fail(over);
  // Each root field that is an operation (its schema field carries its definition), with its
  // arguments as the executor will pass them to its resolver.
  const fieldDefs = args.schema.getQueryType()!.getFields();
  const calls: { key: string; op: OperationDef; args: Record<string, unknown> }[] = [];
  for (const [responseKey, nodes] of rootFields) {
    const def = fieldDefs[nodes[0].name.value];
    const op = (def?.extensions as { operation?: OperationDef } | undefined)?.operation;
    if (!op) continue;
    let fieldArgs: Record<string, unknown>;
    try {
      fieldArgs = getArgumentValues(def, nodes[0], coerced.coerced);
    } catch {
      // The executor reports it on the field (which then costs nothing).
      fieldArgs = {};
    }
    calls.push({ key: responseKey, op, args: fieldArgs });
  }
  try {
    await reserveAhead(ctx, calls);
  } catch (e) {
    if (isApiError(e)) return fail(e);
    throw e;
  }
  let result: ExecutionResult;
  try {
    // Served entirely from cache, execution completes synchronously: no extra turn.
    const r = exec(args) as ExecutionResult | Promise<ExecutionResult>;
    result = r instanceof Promise ? await r : r;
  } catch (e) {
    await releaseAhead(ctx);
    throw e;
  }
  const { total, fields } = rootFieldCredits(
    ctx,
    calls.map((c) => c.key),
    result.data,
  );
  // An answer over its bound is not sent (src/graphql/answer-bytes.ts); its lookups ran and are
  // charged as they are on any answer (a smaller document asks for them again at 0 credits with cacheMaxAge).
  if (result.data && jsonLongerThan(result.data, GRAPHQL_MAX_ANSWER_BYTES)) result = { errors: [answerTooLarge()], data: null };
  let remaining: number;
  try {
    remaining = await settleAhead(ctx, total);
  } catch (e) {
    // Not settled: the reservation stays open and is refunded in full once it expires.
    if (isApiError(e)) return fail(e);
    throw e;
  }
  const credits: CreditsExtension = { charged: total, remaining, fields };
  // graphql-js's member order (errors, data, extensions), whichever executor ran.
  const out: ExecutionResult = {};
  if (result.errors) out.errors = result.errors.map((e) => formatError(e, deps.logger, ctx.reqInfo?.id));
  if ('data' in result) out.data = result.data;
  out.extensions = { ...result.extensions, credits };
  return out;
}

/**
 * What an introspection answer depends on: the operation (without its name — GraphiQL lets its
 * users rename its query, and the name is not in the answer) and the document's fragments.
 */
function answerKey(document: DocumentNode, operation: OperationDefinitionNode): string {
  const { name: _name, ...anonymous } = operation;
  const definitions = document.definitions.flatMap<DefinitionNode>((d) =>
    d === operation ? [anonymous] : d.kind === Kind.OPERATION_DEFINITION ? [] : [d],
  );
  return print({ kind: Kind.DOCUMENT, definitions });
}

const asksSchema = (fields: Map<string, readonly FieldNode[]>) => {
  for (const nodes of fields.values()) if (nodes[0].name.value !== '__typename') return true;
  return false;
};
/** Documents asked for once (their printed text): the next time, their answer is remembered. */
const askedOnce = new LRUCache<string, true>({ max: 1_000, maxSize: 2 * 1024 * 1024, sizeCalculation: (_v, k) => k.length });
const gates = new WeakMap<object, IntrospectionGate>();
function gateOf(deps: GatewayContext['deps']): IntrospectionGate {
  let g = gates.get(deps);
  if (!g) gates.set(deps, (g = createIntrospectionGate(deps.config.introspectionCpuMs)));
  return g;
}

interface IntrospectionAnswer {
  result: ExecutionResult;
  /** Bytes of its JSON. */
  bytes: number;
}

/**
 * Remembered introspection answers: the same object for every caller, without errors, with the
 * body every caller is sent for it, serialised once — when its size was measured (an answer of the
 * schema's size, GraphiQL's query, costs a few milliseconds of one turn to serialise). The fast
 * path sends that body (src/graphql/fast-http.ts).
 */
const sharedBodies = new WeakMap<ExecutionResult, Buffer>();
export const sharedAnswerBody = (result: ExecutionResult): Buffer | undefined => sharedBodies.get(result);

/** Introspection answers by query text: a few MB at most (keyless callers choose the text). */
const introspectionAnswers = new LRUCache<string, IntrospectionAnswer>({
  max: 64,
  maxSize: 8 * 1024 * 1024,
  // Its data, and its body (serialised once, sent by the fast path).
  sizeCalculation: (a, k) => 2 * a.bytes + k.length,
});

/**
 * A keyless introspection answer, checked against its bound (src/graphql/limits.ts keeps it to
 * one copy of the schema's introspection; this is the run-time proof that it did).
 */
function introspectionAnswer(result: ExecutionResult): IntrospectionAnswer & { json?: string } {
  const json = result.data ? JSON.stringify(result.data) : undefined;
  const bytes = json?.length ?? 0;
  if (bytes > INTROSPECTION_MAX_BYTES) {
    return {
      result: fail(invalidInput([{ param: 'query', message: `the introspection answer would exceed ${INTROSPECTION_MAX_BYTES} bytes` }])),
      bytes: 0,
    };
  }
  // The JSON (data) goes with it: the body of a remembered answer is made from it, not serialised again.
  return { result, bytes, json };
}
