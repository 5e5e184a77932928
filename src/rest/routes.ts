/**
 * The REST route table: each /v1 path maps onto one GraphQL operation — derived from the
 * operation's definition (every parameter passed as a variable, the wire record `json`
 * selected), unless the definition brings a hand-written document (`rest.document`) — plus the
 * definition's parameters, which say how the query string becomes variables.
 *
 * Documents are built and validated against the schema once, here, at start-up; per request only
 * the variables change. A derived document (`{ field(args) { json } }`) is executed directly:
 * the root field's value from the credit plan (src/pipeline/live-fetch.ts resolveField, the
 * resolver GraphQL runs too) and its type's `json` resolver, with errors located as GraphQL
 * locates them — the same result as executing the document, without an executor per request.
 * A hand-written document is executed compiled (graphql-jit).
 */
import { defaultFieldResolver, getNamedType, isObjectType, locatedError, parse, validate } from 'graphql';
import type {
  DocumentNode,
  ExecutionResult,
  GraphQLFieldResolver,
  GraphQLResolveInfo,
  GraphQLSchema,
  OperationDefinitionNode,
} from 'graphql';
import type { GatewayContext } from '../graphql/context.js';
import { resolveField } from '../pipeline/live-fetch.js';
import type { ParamProblem } from '../errors.js';
import { givenMoreThanOnce } from '../http/query.js';
import type { OperationDef, ParamSpec } from '../platforms/operation.js';
import { allParams, gqlEnumValue, gqlName } from '../platforms/operation.js';
import { compileOperation } from '../graphql/compiled.js';
import type { CompiledOperation } from '../graphql/compiled.js';

export interface RestRoute {
  path: string;
  op: OperationDef;
  document: DocumentNode;
  /**
   * Runs the document for a request whose plan is made: directly for a derived document, compiled
   * (graphql-jit) for a hand-written one. The same result either way.
   */
  execute: CompiledOperation;
  params: ParamSpec[];
  /** GraphQL argument name of each param, in the same order. */
  gqlNames: string[];
  /** GraphQL argument name → REST parameter name, to report problems in the caller's terms. */
  restName: Map<string, string>;
}

function pascal(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}

const GRAPHQL_TYPE = { string: 'String', int: 'Int', number: 'Float', boolean: 'Boolean' } as const;

/** The GraphQL document of an operation's REST route: every parameter, the wire record selected. */
export function restDocumentText(op: OperationDef): string {
  if (op.rest.document) return op.rest.document;
  const params = allParams(op);
  const type = (p: ParamSpec) => `${p.kind === 'enum' ? (p.enumName ?? pascal(gqlName(p))) : GRAPHQL_TYPE[p.kind]}${p.required ? '!' : ''}`;
  const vars = params.map((p) => `$${gqlName(p)}: ${type(p)}`).join(', ');
  const args = params.map((p) => `${gqlName(p)}: $${gqlName(p)}`).join(', ');
  return `query ${pascal(op.field)}${vars ? `(${vars})` : ''} {\n  ${op.field}${args ? `(${args})` : ''} {\n    json\n  }\n}\n`;
}

export function buildRoutes(schema: GraphQLSchema, ops: OperationDef[]): Map<string, RestRoute> {
  const routes = new Map<string, RestRoute>();
  for (const op of ops) {
    const document = parse(restDocumentText(op));
    const errors = validate(schema, document);
    if (errors.length) throw new Error(`REST document for ${op.rest.path} is invalid: ${errors.map((e) => e.message).join('; ')}`);
    const operation = document.definitions[0] as OperationDefinitionNode;
    const params = allParams(op);
    const vars = new Set((operation.variableDefinitions ?? []).map((v) => v.variable.name.value));
    for (const p of params) {
      if (!vars.has(gqlName(p))) throw new Error(`REST document for ${op.rest.path} does not pass parameter ${p.name} ($${gqlName(p)})`);
    }
    routes.set(op.rest.path, {
      path: op.rest.path,
      op,
      document,
      execute: (op.rest.document ? null : directExecution(schema, op)) ?? compileOperation(schema, document),
      params,
      gqlNames: params.map(gqlName),
      restName: new Map(params.map((p) => [gqlName(p), p.name])),
    });
  }
  return routes;
}

/**
 * `{ field(args) { json } }` without an executor: the root field's value (resolveField), then the
 * `json` resolver of its type (the JSON scalar serialises as is). Errors as graphql-js reports
 * them: at [field] with `field: null` when the root field fails, at [field, json] with
 * `json: null` when the record does. Null when the field's type has no `json` (then the
 * document is executed compiled).
 */
function directExecution(schema: GraphQLSchema, op: OperationDef): CompiledOperation | null {
  const field = op.field;
  const queryType = schema.getQueryType()!;
  const type = getNamedType(queryType.getFields()[field]?.type);
  const json = isObjectType(type) ? type.getFields().json : undefined;
  if (!json || !isObjectType(type)) return null;
  const resolveJson: GraphQLFieldResolver<unknown, GatewayContext> = json.resolve ?? defaultFieldResolver;
  // What a `json` resolver may ask of its info (none of ours reads more than these).
  const info = {
    fieldName: 'json',
    fieldNodes: [],
    returnType: json.type,
    parentType: type,
    path: { prev: { prev: undefined, key: field, typename: queryType.name }, key: 'json', typename: type.name },
    schema,
    fragments: {},
    rootValue: undefined,
    operation: undefined,
    variableValues: {},
  } as unknown as GraphQLResolveInfo;
  const failed = (e: unknown): ExecutionResult => ({ errors: [locatedError(e, undefined, [field])], data: { [field]: null } });
  const record = (value: unknown, ctx: GatewayContext): ExecutionResult | Promise<ExecutionResult> => {
    if (value == null) return { data: { [field]: null } };
    const recordFailed = (e: unknown): ExecutionResult => ({
      errors: [locatedError(e, undefined, [field, 'json'])],
      data: { [field]: { json: null } },
    });
    let j: unknown;
    try {
      j = resolveJson(value, {}, ctx, info);
    } catch (e) {
      return recordFailed(e);
    }
    if (j instanceof Promise) return j.then((r) => ({ data: { [field]: { json: r ?? null } } }), recordFailed);
    return { data: { [field]: { json: j ?? null } } };
  };
  return (ctx) => {
    let value: unknown;
    try {
      value = resolveField(op, ctx, field);
    } catch (e) {
      return failed(e);
    }
    if (value instanceof Promise) return value.then((v) => record(v, ctx), failed);
    return record(value, ctx);
  };
}

const TRUE = new Set(['true', '1']);
const FALSE = new Set(['false', '0']);

/**
 * Query string → GraphQL variables. Types are checked here (a REST caller sends strings);
 * everything else (lengths, ranges, hosts, cross-parameter rules) by the operation's schema.
 * Unknown parameters are ignored (legacy clients send extras, DECISIONS.md); a known one given
 * twice is a problem (src/http/query.ts, as on every route).
 */
export function toVariables(
  route: RestRoute,
  query: URLSearchParams,
): { variables: Record<string, unknown>; args: Record<string, unknown>; problems: ParamProblem[] } {
  /** GraphQL variables (enum values by their GraphQL names)… */
  const variables: Record<string, unknown> = {};
  /** …and the same as resolver arguments (enum values as the wire spells them). */
  const args: Record<string, unknown> = {};
  const problems: ParamProblem[] = [];
  for (let i = 0; i < route.params.length; i++) {
    const p = route.params[i];
    const all = query.getAll(p.name);
    if (all.length > 1) {
      problems.push(givenMoreThanOnce(p.name));
      continue;
    }
    const raw = all[0];
    if (raw === undefined || raw === '') {
      if (p.required) problems.push({ param: p.name, message: 'is required' });
      continue;
    }
    const name = route.gqlNames[i];
    switch (p.kind) {
      case 'string':
        variables[name] = args[name] = raw;
        break;
      case 'int':
        if (!/^-?\d{1,9}$/.test(raw.trim())) problems.push({ param: p.name, message: 'must be an integer' });
        else variables[name] = args[name] = Number(raw.trim());
        break;
      case 'number':
        if (!/^-?(?:\d{1,9}(?:\.\d{1,9})?|\.\d{1,9})$/.test(raw.trim())) problems.push({ param: p.name, message: 'must be a number' });
        else variables[name] = args[name] = Number(raw.trim());
        break;
      case 'boolean': {
        const v = raw.trim().toLowerCase();
        if (TRUE.has(v)) variables[name] = args[name] = true;
        else if (FALSE.has(v)) variables[name] = args[name] = false;
        else problems.push({ param: p.name, message: 'must be true or false' });
        break;
      }
      case 'enum':
        if (!p.values!.includes(raw)) problems.push({ param: p.name, message: `must be one of ${p.values!.join(', ')}` });
        else {
          variables[name] = gqlEnumValue(raw);
          args[name] = raw;
        }
        break;
    }
  }
  return { variables, args, problems };
}
