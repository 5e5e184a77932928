/**
 * A REST route runs its derived document directly (the root field's value from the plan, then
 * the type's `json` resolver) instead of through an executor: for every route, the result is the
 * one executing the document gives — data, and errors with their path and extensions — for a
 * cache hit, a live value, a null, a plan error (400) and a failed live fetch.
 */
import { describe, expect, it } from 'vitest';
import type { ExecutionResult } from 'graphql';
import { ApiError, invalidInput } from '../errors.js';
import { compileOperation } from '../graphql/compiled.js';
import type { Deps, GatewayContext } from '../graphql/context.js';
import { buildSchema } from '../graphql/schema.js';
import DataLoader from 'dataloader';
import type { FieldPlan } from '../pipeline/credits.js';
import { validateArgs } from '../platforms/operation.js';
import { allOperations } from '../platforms/registry.js';
import { responseExample } from './openapi.js';
import { buildRoutes, toVariables } from './routes.js';
import type { RestRoute } from './routes.js';

const schema = buildSchema();
const routes = buildRoutes(schema, allOperations());

/** A request context with the route's one root field planned as `entry` says (no store, no upstream). */
function contextWith(route: RestRoute, entry: Partial<FieldPlan>, live?: () => Promise<unknown>): GatewayContext {
  const field = route.op.field;
  const { args, cacheKey } = exampleOf(route);
  const plan: FieldPlan = { key: field, op: route.op, resolved: false, charged: 0, cacheKey, args, ...entry };
  return {
    deps: {} as Deps,
    apiKey: null,
    requestBaseUrl: null,
    plan: { fields: new Map([[field, plan]]) },
    loader: live
      ? new DataLoader<FieldPlan, unknown, string>(async (es) => es.map(() => live()), { cacheKeyFn: (e) => e.cacheKey! })
      : undefined,
  };
}

/** What a client can tell apart: data, and each error's message, path and extensions. */
function comparable(r: ExecutionResult): unknown {
  return {
    data: r.data,
    errors: r.errors?.map((e) => ({ message: e.message, path: e.path, code: (e.originalError as ApiError | undefined)?.code })),
  };
}

/** The route's example request (its definition's `example`) as the plan and the document see it. */
function exampleOf(route: RestRoute): { variables: Record<string, unknown>; args: unknown; cacheKey: string } {
  const query = new URLSearchParams(Object.entries(route.op.example).map(([k, v]) => [k, String(v)]));
  const v = toVariables(route, query);
  const valid = validateArgs(route.op, v.args);
  expect(v.problems, route.path).toEqual([]);
  if (!valid.ok) throw new Error(`${route.path}: its example is invalid`);
  return { variables: v.variables, args: valid.args, cacheKey: valid.cacheKey };
}

/** The demo's record for the route (its 200 body without the envelope). */
function recordOf(route: RestRoute): Record<string, unknown> {
  const body = structuredClone(responseExample(route.op)) as Record<string, unknown>;
  if (route.op.rest.wrap) return body[route.op.rest.wrap] as Record<string, unknown>;
  for (const k of ['success', 'credits_remaining', 'credits_charged', 'cached', 'cached_at']) delete body[k];
  return body;
}

describe('a route runs its document directly, with the result executing it gives', () => {
  const cases: [string, (route: RestRoute) => GatewayContext][] = [
    ['a cache hit', (r) => contextWith(r, { hit: { value: recordOf(r), fetchedAt: 1 } })],
    ['a live value', (r) => contextWith(r, {}, () => Promise.resolve(recordOf(r)))],
    ['a live null', (r) => contextWith(r, {}, () => Promise.resolve(null))],
    ['a live value its record cannot be read from', (r) => contextWith(r, {}, () => Promise.resolve('not a record'))],
    ['a 400 from the plan', (r) => contextWith(r, { error: invalidInput([{ param: 'url', message: 'is required' }]) })],
    ['a failed live fetch', (r) => contextWith(r, {}, () => Promise.reject(new ApiError('UPSTREAM_FAILED', 'upstream went away')))],
    ['a field outside the plan', (r) => ({ ...contextWith(r, {}), plan: { fields: new Map() } })],
  ];
  for (const [name, ctxFor] of cases) {
    it(name, async () => {
      expect(routes.size).toBeGreaterThan(20);
      for (const route of routes.values()) {
        const { variables } = exampleOf(route);
        const compiled = compileOperation(schema, route.document);
        const direct = await route.execute(ctxFor(route), variables);
        const executed = await compiled(ctxFor(route), variables);
        expect(comparable(direct), route.path).toEqual(comparable(executed));
      }
    });
  }

  it('a live value is charged as executing the document charges it', async () => {
    for (const route of routes.values()) {
      const { variables } = exampleOf(route);
      const [direct, executed] = [0, 1].map(() => contextWith(route, {}, () => Promise.resolve(recordOf(route))));
      await route.execute(direct, variables);
      await compileOperation(schema, route.document)(executed, variables);
      const [d, e] = [direct, executed].map((c) => c.plan!.fields.get(route.op.field)!);
      expect(d.resolved, route.path).toBe(true);
      expect({ resolved: d.resolved, charged: d.charged }, route.path).toEqual({ resolved: e.resolved, charged: e.charged });
    }
  });
});
