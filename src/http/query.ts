/**
 * Query parameters, read the same way by every route that reads any (the /v1 operations' route
 * table, src/rest/routes.ts, and the job routes, src/jobs/http.ts): a parameter the route knows,
 * given more than once, is a 400 INVALID_INPUT naming it (`given more than once`), never "the
 * first (or last) one wins". Parameters a route does not know are ignored, repeated or not
 * (legacy clients send extras, DECISIONS.md).
 */
import type { IncomingMessage } from 'node:http';
import type { ParamProblem } from '../errors.js';

/** The problem of a known parameter given more than once. */
export const givenMoreThanOnce = (param: string): ParamProblem => ({ param, message: 'given more than once' });

/** The problems of those of `names` the query gives more than once, in the order of `names`. */
export function repeatedParams(query: URLSearchParams, names: readonly string[]): ParamProblem[] {
  const problems: ParamProblem[] = [];
  for (const name of names) if (query.getAll(name).length > 1) problems.push(givenMoreThanOnce(name));
  return problems;
}

/** A request's query string, as parameters. */
export function queryOf(req: IncomingMessage): URLSearchParams {
  const raw = req.url ?? '';
  const q = raw.indexOf('?');
  return new URLSearchParams(q < 0 ? '' : raw.slice(q + 1));
}
