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
 * Only introspection-only operations skip the key (GraphiQL's docs must load); they run through
 * the executor like any query, and what they cost is bounded by the document limits
 * (src/graphql/limits.ts: at most one copy of the schema's introspection), the root-field limit
 * and the keyless body cap (src/graphql/http.ts).
 */
import { getArgumentValues, getOperationAST, getVariableValues, execute as graphqlExecute } from 'graphql';
import type { ExecutionArgs, ExecutionResult, OperationDefinitionNode } from 'graphql';
import { invalidInput, isApiError } from '../errors.js';
import type { OperationDef } from '../platforms/operation.js';
import { admit } from '../pipeline/admit.js';
import type { GatewayContext } from '../pipeline/context.js';
import { failedOperation as fail, formatError } from '../pipeline/errors.js';
import { releaseAhead, reserveAhead, settleAhead } from '../pipeline/run.js';
import type { CreditsExtension } from './credits.js';
import { rootFieldCredits } from './credits.js';
import { collectRootFields, isIntrospectionOnly } from './root-fields.js';

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
  // Mutations (createLookupJob) cost no credits, but they act for a key:
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
    return (await exec(args)) as ExecutionResult;
  }

  const caller = await admit(ctx);
  if (!('id' in caller)) return fail(caller);
  const over = tooMany();
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
