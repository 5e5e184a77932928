/**
 * The one way into an operation, whichever face a request came in by:
 *
 *   GraphQL (the fast path and yoga)   executeGraphql: the document's root fields → runRequest
 *   REST /v1 (src/rest/handler.ts)     runRequest with the route's one root field
 *   GraphQL mutations                  admit, then the mutation's resolvers (no credit plan)
 *
 *   runRequest: admit (401 key → 429 rate limit; src/pipeline/admit.ts) → the face's own input
 *   check (REST: query-string types) → credits (400 per field → cache → 402 reservation →
 *   execute → settle; src/pipeline/credits.ts) → the result with extensions.credits.
 *
 * Only introspection-only GraphQL operations skip the key (GraphiQL's docs must load); they are
 * bounded by the document limits (src/graphql/limits.ts), INTROSPECTION_MAX_BYTES and, for answers
 * not remembered yet, the compute budget (src/graphql/introspection-budget.ts).
 */
import { Kind, getArgumentValues, getOperationAST, getVariableValues, print, execute as graphqlExecute } from 'graphql';
import type { DefinitionNode, DocumentNode, ExecutionArgs, ExecutionResult, FieldNode, OperationDefinitionNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { ApiError } from '../errors.js';
import { invalidInput } from '../errors.js';
import type { GatewayContext } from '../graphql/context.js';
import { answerIntrospectionInSlices } from '../graphql/introspection.js';
import { createIntrospectionGate } from '../graphql/introspection-budget.js';
import type { IntrospectionGate } from '../graphql/introspection-budget.js';
import { INTROSPECTION_MAX_BYTES } from '../graphql/limits.js';
import { operationByField } from '../platforms/registry.js';
import { admit } from './admit.js';
import type { RequestedField } from './credits.js';
import { fail, runPlanned } from './credits.js';
import { formatError } from './errors.js';
import { collectRootFields, isIntrospectionOnly } from './root-fields.js';

type Run = () => ExecutionResult | Promise<ExecutionResult>;

/**
 * Admits the caller, then plans and runs the root fields `prepare` names (or answers the
 * ApiError it returns: a face's own input check, made after the key as the order of checks says).
 */
export async function runRequest(
  ctx: GatewayContext,
  prepare: () => { fields: RequestedField[]; run: Run } | ApiError,
): Promise<ExecutionResult> {
  const key = await admit(ctx);
  if (!('id' in key)) return fail(key);
  const p = prepare();
  if (!('fields' in p)) return fail(p);
  return runPlanned(ctx, key, p.fields, p.run);
}

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
  // Mutations (createLookupJob) are not operations with a credit plan, but they act for a key:
  // admitted like every request (401 → 429) before anything runs.
  if (operation.operation !== 'query') {
    const key = await admit(ctx);
    if (!('id' in key)) return fail(key);
    const result = (await exec(args)) as ExecutionResult;
    return result.errors ? { ...result, errors: result.errors.map((e) => formatError(e, deps.logger, ctx.reqInfo?.id)) } : result;
  }
  const coerced = getVariableValues(args.schema, operation.variableDefinitions ?? [], args.variableValues ?? {});
  if (coerced.errors) return (await exec(args)) as ExecutionResult;
  const rootFields = collectRootFields(args.document, coerced.coerced, operation.selectionSet);
  // The root-field limit holds for everyone, keyless introspection included (after the key for
  // the rest: 401 → 429 → 400).
  const tooMany = () =>
    rootFields.size > deps.config.maxRootFields
      ? invalidInput([
          { param: 'query', message: `an operation may select at most ${deps.config.maxRootFields} root fields (got ${rootFields.size})` },
        ])
      : null;
  if (isIntrospectionOnly(rootFields)) {
    const over = tooMany();
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
      const walked = await answerIntrospectionInSlices(args.schema, args.document, operation, coerced.coerced);
      const started = performance.now();
      answer = introspectionAnswer(walked?.result ?? ((await exec(args)) as ExecutionResult));
      ms = (walked?.cpuMs ?? 0) + performance.now() - started;
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

  const fieldDefs = args.schema.getQueryType()!.getFields();
  return runRequest(ctx, () => {
    const over = tooMany();
    if (over) return over;
    const fields: RequestedField[] = [];
    for (const [responseKey, nodes] of rootFields) {
      const op = operationByField(nodes[0].name.value);
      if (!op) continue;
      try {
        fields.push({ key: responseKey, op, raw: getArgumentValues(fieldDefs[op.field], nodes[0], coerced.coerced) });
      } catch (e) {
        fields.push({ key: responseKey, op, raw: {}, argError: invalidInput([{ param: op.field, message: (e as Error).message }]) });
      }
    }
    return { fields, run: () => exec(args) as ExecutionResult | Promise<ExecutionResult> };
  });
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
