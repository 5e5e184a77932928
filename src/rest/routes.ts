/**
 * The REST route table: each /v1 path is one operation, with the definition's parameters — which
 * say how the query string becomes the operation's arguments (by their GraphQL names, as every
 * face passes them to the pipeline: src/pipeline/run.ts).
 */
import type { ParamProblem } from '../errors.js';
import { givenMoreThanOnce } from '../http/query.js';
import type { OperationDef, ParamSpec } from '../platforms/operation.js';
import { allParams, gqlName } from '../platforms/operation.js';

export interface RestRoute {
  path: string;
  op: OperationDef;
  params: ParamSpec[];
  /** GraphQL argument name of each param, in the same order. */
  gqlNames: string[];
  /** GraphQL argument name → REST parameter name, to report problems in the caller's terms. */
  restName: Map<string, string>;
}

export function buildRoutes(ops: readonly OperationDef[]): Map<string, RestRoute> {
  const routes = new Map<string, RestRoute>();
  for (const op of ops) {
    const params = allParams(op);
    routes.set(op.rest.path, {
      path: op.rest.path,
      op,
      params,
      gqlNames: params.map(gqlName),
      restName: new Map(params.map((p) => [gqlName(p), p.name])),
    });
  }
  return routes;
}

const TRUE = new Set(['true', '1']);
const FALSE = new Set(['false', '0']);

/**
 * Query string → the operation's arguments by GraphQL name (enum values as the wire spells them).
 * Types are checked here (a REST caller sends strings), reported by REST name; everything else
 * (lengths, ranges, hosts, cross-parameter rules) by the operation's schema, in the pipeline.
 * Unknown parameters are ignored (legacy clients send extras, DECISIONS.md); a known one given
 * twice is a problem (src/http/query.ts, as on every route).
 */
export function toVariables(route: RestRoute, query: URLSearchParams): { args: Record<string, unknown>; problems: ParamProblem[] } {
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
        args[name] = raw;
        break;
      case 'int':
        if (!/^-?\d{1,9}$/.test(raw.trim())) problems.push({ param: p.name, message: 'must be an integer' });
        else args[name] = Number(raw.trim());
        break;
      case 'number':
        if (!/^-?(?:\d{1,9}(?:\.\d{1,9})?|\.\d{1,9})$/.test(raw.trim())) problems.push({ param: p.name, message: 'must be a number' });
        else args[name] = Number(raw.trim());
        break;
      case 'boolean': {
        const v = raw.trim().toLowerCase();
        if (TRUE.has(v)) args[name] = true;
        else if (FALSE.has(v)) args[name] = false;
        else problems.push({ param: p.name, message: 'must be true or false' });
        break;
      }
      case 'enum':
        if (!p.values!.includes(raw)) problems.push({ param: p.name, message: `must be one of ${p.values!.join(', ')}` });
        else args[name] = raw;
        break;
    }
  }
  return { args, problems };
}
