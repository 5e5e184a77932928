/**
 * Declares an operation's GraphQL root field from its definition: arguments from its params
 * (enums become GraphQL enums), the Pothos validation plugin on the same zod schema the plan
 * uses, and the shared resolver that goes plan → the request's fetch → single-flight → cache → upstream.
 */
import type { ObjectRef } from '@pothos/core';
import type { GraphQLResolveInfo } from 'graphql';
import type { GatewayContext } from './context.js';
import type { OperationDef, ParamSpec } from '../platforms/operation.js';
import { allParams, argsStandardSchema, gqlEnumValue, gqlName } from '../platforms/operation.js';
import { builder } from './builder.js';
import { isIncremental, trackLookup } from './incremental.js';
import { resolveOperation } from '../pipeline/live-fetch.js';

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
 * progresses, instead of waiting for the whole result. `lookup` is the one live fetch of that
 * root field (plan → the request's fetch → single-flight), which every nested field must derive from.
 */
export type LiveView<R> = (lookup: Promise<R>, ctx: GatewayContext, info: GraphQLResolveInfo) => unknown;

export function operationField<R>(op: OperationDef<any, R>, type: ObjectRef<any, R>, live?: LiveView<R>): void {
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
      validate: argsStandardSchema(op) as never,
      resolve: live
        ? (_root: unknown, _args: unknown, ctx: GatewayContext, info: GraphQLResolveInfo) => {
            const value = resolveOperation(op, ctx, info) as R | Promise<R>;
            // A cache hit is whole already; a plain (not incremental) operation waits for the whole result.
            if (!(value instanceof Promise) || !isIncremental(ctx)) return value;
            trackLookup(ctx, value);
            return live(value, ctx, info);
          }
        : (_root: unknown, _args: unknown, ctx: GatewayContext, info: GraphQLResolveInfo) =>
            resolveOperation(op, ctx, info) as R | Promise<R>,
    } as never);
  });
}

/**
 * The complete wire record (api.md's shape), for what typed fields summarise as "and more";
 * REST documents select it, so REST bodies need no mapping table.
 */
export const WIRE_FIELD_DESCRIPTION =
  'The complete record exactly as /v1 returns it (api.md field names), including fields not typed here.';
