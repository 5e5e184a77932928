/**
 * Declares an operation's GraphQL root field from its definition: arguments from its params
 * (enums become GraphQL enums), the definition itself on the field (`extensions.operation`: the
 * executor wrapper reserves for the operation's root fields by it, src/graphql/execute.ts), and
 * a resolver that runs the operation through the pipeline (src/pipeline/run.ts runOperation:
 * validation, cache, the request's one fetch per cache key, credits) and notes what it cost
 * (credits.ts).
 */
import type { ObjectRef } from '@pothos/core';
import type { GraphQLResolveInfo } from 'graphql';
import type { GatewayContext } from '../pipeline/context.js';
import type { OperationDef, ParamSpec } from '../platforms/operation.js';
import { allParams, gqlEnumValue, gqlName, validateArgs } from '../platforms/operation.js';
import { runOperation } from '../pipeline/run.js';
import type { OperationOutcome } from '../pipeline/run.js';
import { builder } from './builder.js';
import { noteRootField } from './credits.js';
import { isIncremental, trackLookup } from './incremental.js';

const enums = new Map<string, { ref: unknown; values: string }>();

function enumRef(p: ParamSpec) {
  const name = p.enumName ?? `${gqlName(p)[0].toUpperCase()}${gqlName(p).slice(1)}`;
  const values = p.values!.join('|');
  const known = enums.get(name);
  if (known) {
    if (known.values !== values) throw new Error(`GraphQL enum ${name} declared with different values`);
    return known.ref;
  }
  const ref = builder.enumType(name, {
    description: p.description,
    values: Object.fromEntries(p.values!.map((v) => [gqlEnumValue(v), { value: v, description: `\`${v}\` on /v1` }])),
  });
  enums.set(name, { ref, values });
  return ref;
}

/**
 * An operation whose result can be shown in parts: under incremental delivery (@defer /
 * @stream) its root field may resolve to a view whose nested fields settle as its lookup
 * progresses, instead of waiting for the whole result. `lookup` is the root field's one run of
 * its operation (runOperation: the request's fetch → single-flight), which every nested field
 * must derive from; `args` its canonical arguments.
 */
export type LiveView<A, R> = (lookup: Promise<R>, ctx: GatewayContext, info: GraphQLResolveInfo, args: A) => unknown;

export function operationField<A, R>(op: OperationDef<A, R>, type: ObjectRef<any, R>, live?: LiveView<A, R>): void {
  /** The root field's value, its outcome noted under its response key. */
  const resolve = (args: Record<string, unknown>, ctx: GatewayContext, info: GraphQLResolveInfo): R | null | Promise<R | null> => {
    const responseKey = info.path.key as string;
    const outcome = runOperation(ctx, op, { args });
    if (!(outcome instanceof Promise)) {
      noteRootField(ctx, responseKey, outcome);
      return outcome.value;
    }
    return outcome.then((o: OperationOutcome<R>) => {
      noteRootField(ctx, responseKey, o);
      return o.value;
    });
  };
  builder.queryField(op.field, (t) => {
    const args: Record<string, any> = {};
    for (const p of allParams(op)) {
      const common = { required: !!p.required, description: p.description };
      args[gqlName(p)] =
        p.kind === 'string'
          ? t.arg.string(common)
          : p.kind === 'int'
            ? t.arg.int(common)
            : p.kind === 'number'
              ? t.arg.float(common)
              : p.kind === 'boolean'
                ? t.arg.boolean(common)
                : t.arg({ type: enumRef(p) as never, ...common });
    }
    return t.field({
      type,
      nullable: true,
      description: `${op.summary} (REST: GET ${op.rest.path}; costs ${op.cost.max === 1 ? '1 credit' : `up to ${op.cost.max} credits`} live, 0 from cache)`,
      args,
      extensions: { operation: op },
      resolve: live
        ? (_root: unknown, args: Record<string, unknown>, ctx: GatewayContext, info: GraphQLResolveInfo) => {
            const value = resolve(args, ctx, info);
            // A cache hit is whole already; a plain (not incremental) operation waits for the whole result.
            if (!(value instanceof Promise) || !isIncremental(ctx)) return value;
            trackLookup(ctx, value);
            const v = validateArgs(op, args);
            return live(value as Promise<R>, ctx, info, (v.ok ? v.args : undefined) as A);
          }
        : (_root: unknown, args: Record<string, unknown>, ctx: GatewayContext, info: GraphQLResolveInfo) => resolve(args, ctx, info),
    } as never);
  });
}

/**
 * The complete wire record (api.md's shape), for what typed fields summarise as "and more": the
 * record the REST body carries (src/rest/routes.test.ts holds the two to each other).
 */
export const WIRE_FIELD_DESCRIPTION =
  'The complete record exactly as /v1 returns it (api.md field names), including fields not typed here.';
