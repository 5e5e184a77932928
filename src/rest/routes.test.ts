/**
 * REST and GraphQL carry the same wire record: for every route, the record a REST body carries
 * (the operation's outcome through the pipeline, as the route handler builds it) is what
 * GraphQL's `json` field gives for the same call, both served from the same cache entry. And the
 * query string becomes the operation's arguments by GraphQL name, its types checked by REST name.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getNamedType, isEnumType, parse } from 'graphql';
import type { GraphQLArgument } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openDeps } from '../deps.js';
import type { OpenDeps } from '../deps.js';
import { executeGraphql } from '../graphql/execute.js';
import { buildSchema } from '../graphql/schema.js';
import { silentLogger } from '../log.js';
import type { GatewayContext } from '../pipeline/context.js';
import { runOperation } from '../pipeline/run.js';
import { validateArgs, wireRecord } from '../platforms/operation.js';
import { allOperations } from '../gateway.js';
import { responseExample } from './openapi.js';
import { buildRoutes, toVariables } from './routes.js';
import type { RestRoute } from './routes.js';

const schema = buildSchema();
const routes = buildRoutes(allOperations());
let dir: string;
let deps: OpenDeps;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cl-routes-'));
  deps = openDeps(loadConfig({ DATA_DIR: dir } as NodeJS.ProcessEnv), { logger: silentLogger });
});
afterAll(async () => {
  await deps.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The route's example request (its definition's `example`) as a query string. */
const exampleQuery = (route: RestRoute) => new URLSearchParams(Object.entries(route.op.example).map(([k, v]) => [k, String(v)]));

/** The demo's record for the route (its 200 body without the envelope). */
function recordOf(route: RestRoute): Record<string, unknown> {
  const body = structuredClone(responseExample(route.op)) as Record<string, unknown>;
  if (route.op.rest.wrap) return body[route.op.rest.wrap] as Record<string, unknown>;
  for (const k of ['success', 'credits_remaining', 'credits_charged', 'cached', 'cached_at']) delete body[k];
  return body;
}

/** `{ field(args) { json } }` with the arguments as GraphQL variables (enum values by their GraphQL names). */
function jsonDocument(route: RestRoute, args: Record<string, unknown>) {
  const field = schema.getQueryType()!.getFields()[route.op.field];
  const given = field.args.filter((a) => args[a.name] !== undefined);
  const variable = (a: GraphQLArgument) => {
    const type = getNamedType(a.type);
    return isEnumType(type) ? type.getValues().find((v) => v.value === args[a.name])!.name : args[a.name];
  };
  const vars = given.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const passed = given.map((a) => `${a.name}: $${a.name}`).join(', ');
  return {
    document: parse(`query${vars ? `(${vars})` : ''} { ${route.op.field}${passed ? `(${passed})` : ''} { json } }`),
    variableValues: Object.fromEntries(given.map((a) => [a.name, variable(a)])),
  };
}

describe('every route', () => {
  it('its REST record is the record GraphQL `json` carries for the same call', async () => {
    expect(routes.size).toBeGreaterThan(20);
    const { key } = await deps.ledger.createKey({ name: 'routes', credits: 0 });
    for (const route of routes.values()) {
      const query = exampleQuery(route);
      if (route.op.cacheable) query.set('cache_max_age', '30d');
      const input = toVariables(route, query);
      expect(input.problems, route.path).toEqual([]);
      const valid = validateArgs(route.op, input.args);
      if (!valid.ok) throw new Error(`${route.path}: its example is invalid`);
      if (!route.op.cacheable) continue;
      await deps.cache.set(valid.cacheKey, { value: recordOf(route), fetchedAt: Date.now() });
      const caller = (): GatewayContext => ({ deps, apiKey: key, requestBaseUrl: 'http://gateway.example' });

      const rest = caller();
      const outcome = await runOperation(rest, route.op, input);
      expect(outcome, route.path).toMatchObject({ charged: 0, cached: true, remaining: 0 });
      const restRecord = wireRecord(route.op, outcome.value, rest);

      const result = await executeGraphql({ schema, ...jsonDocument(route, input.args), contextValue: caller() });
      expect(result.errors, route.path).toBeUndefined();
      expect(restRecord, route.path).toEqual((result.data as Record<string, { json: unknown }>)[route.op.field].json);
      expect(restRecord, route.path).toEqual(recordOf(route));
    }
  });

  it('the query string: arguments by GraphQL name, enum values as the wire spells them, types checked by REST name', () => {
    const trending = routes.get('/v1/code/trending/developers')!;
    expect(toVariables(trending, new URLSearchParams('language=go&since=weekly&cache_max_age=1d&extra=ignored'))).toEqual({
      args: { language: 'go', since: 'weekly', cacheMaxAge: '1d' },
      problems: [],
    });
    expect(toVariables(trending, new URLSearchParams('since=yearly&language=a&language=b')).problems).toEqual([
      { param: 'language', message: 'given more than once' },
      { param: 'since', message: 'must be one of daily, weekly, monthly' },
    ]);
  });

  it('an optional parameter given empty is not given (as an HTML form sends it); a required one given empty is required (docs/behaviour.md)', () => {
    const trending = routes.get('/v1/code/trending/developers')!;
    expect(toVariables(trending, new URLSearchParams('language=&since=weekly&cache_max_age='))).toEqual({
      args: { since: 'weekly' },
      problems: [],
    });
    const repository = routes.get('/v1/code/repository')!;
    expect(toVariables(repository, new URLSearchParams('url=')).problems).toEqual([{ param: 'url', message: 'is required' }]);
  });
});
