/**
 * The parameters of a paged list, read the same way on every list route: GET /v1/jobs,
 * GET /v1/monitors, a monitor's snapshots and changes, GET /v1/account/transactions, and their
 * GraphQL and MCP faces; a job's results (GET /v1/jobs/{id}/results, MCP jobs_results, GraphQL
 * lookupJob.results with its `first`). Each reader takes the value as given (a query
 * string's text, or a GraphQL/MCP number), records a problem naming the parameter when it is bad
 * (the route answers 400 INVALID_INPUT with every problem, 0 credits) and returns the default
 * when it is not given.
 * A parameter given empty (`limit=`) is a bad value, not an absent one; one given twice is refused
 * before it gets here (src/http/query.ts).
 *
 *  - `limit`: an integer from 1 to the route's most (blanks around it are allowed);
 *  - `after`: a page's `next_after`, as the route wrote it: a position (a row's id or sequence, an
 *    integer ≥ 0) or an opaque cursor (`keysetCursor`: base64url of "<created_at> <id>", refused
 *    unless in exactly the form the route writes); or, for a job's results, an item index: an
 *    integer ≥ -1, -1 (the default) before the first item;
 *  - `since` / `until`: an ISO 8601 date, or date-time with its offset (2025-01-31,
 *    2025-01-31T12:00:00Z): a time without an offset would be the server's local time; a day its
 *    month does not have (2025-02-30) is refused, not rolled over into the next month;
 *  - a filter (`status`): one of its values, as spelled.
 */
import { invalidInput } from '../errors.js';
import type { ApiError, ParamProblem } from '../errors.js';

/** A parameter as given: text from a query string, a number from GraphQL or MCP, null when absent. */
export type Given = string | number | null | undefined;

/** An argument from JSON (an MCP tool's): a number or text as it is, null when absent, anything else a value no reader takes. */
export const givenOf = (v: unknown): Given =>
  typeof v === 'number' || typeof v === 'string' ? v : v === undefined || v === null ? null : NaN;

const DIGITS = /^\d{1,15}$/;

/** A whole number ≥ 0 as given (text of digits, blanks around allowed), else NaN. */
const wholeOf = (v: string | number): number => (typeof v === 'number' ? v : DIGITS.test(v.trim()) ? Number(v.trim()) : NaN);

/** `limit` (or the face's own name for it: GraphQL's `first`): an integer from 1 to `page.max`; `page.default` when not given. */
export function limitParam(given: Given, page: { default: number; max: number }, problems: ParamProblem[], param = 'limit'): number {
  if (given === undefined || given === null) return page.default;
  const n = wholeOf(given);
  if (Number.isInteger(n) && n >= 1 && n <= page.max) return n;
  problems.push({ param, message: `must be an integer from 1 to ${page.max}` });
  return page.default;
}

/** `after` as a position (a row's id or sequence): an integer ≥ 0; null when not given. */
export function positionParam(given: Given, problems: ParamProblem[]): number | null {
  if (given === undefined || given === null) return null;
  const n = wholeOf(given);
  if (Number.isSafeInteger(n) && n >= 0) return n;
  problems.push({ param: 'after', message: "must be a page's next_after (an integer ≥ 0)" });
  return null;
}

const INDEX = /^-?\d{1,15}$/;

/** `after` as an item index (a job's results after it): an integer ≥ -1; -1 (before the first) when not given. */
export function itemIndexParam(given: Given, problems: ParamProblem[]): number {
  if (given === undefined || given === null) return -1;
  const n = typeof given === 'number' ? given : INDEX.test(given.trim()) ? Number(given.trim()) : NaN;
  if (Number.isSafeInteger(n) && n >= -1) return n;
  problems.push({ param: 'after', message: 'must be an item index (results after it are sent)' });
  return -1;
}

/**
 * How many of `rows` (from the first) fit in `bytes` as `sizeOf` counts each, and the bytes they
 * take; with `firstAlways` the first counts however large (so that every row can be read). The faces
 * that page stored records bound an answer by this as well as by rows, for a row may be tens of KB
 * or more: a job's results (GraphQL per document, MCP per call: src/jobs/http.ts resultsWithin) and
 * a monitor's history (REST per page, GraphQL per document: src/monitors/http.ts).
 */
export function withinBytes<R>(rows: readonly R[], sizeOf: (row: R) => number, bytes: number, firstAlways: boolean) {
  let used = 0;
  let n = 0;
  for (const r of rows) {
    const size = sizeOf(r);
    if (used + size > bytes && !(n === 0 && firstAlways)) break;
    used += size;
    n++;
  }
  return { n, used };
}

const INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * Whether the text's date (its first ten characters, YYYY-MM-DD) is a day of the calendar:
 * Date.parse rolls a day its month does not have over (2025-02-30 → 2 March, 2025-04-31 → 1 May).
 */
function isCalendarDay(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number);
  const day = new Date(0);
  day.setUTCFullYear(y, m - 1, d);
  return day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** `since` / `until`: an ISO 8601 date or date-time, as ms since the epoch; null when not given. */
export function instantParam(param: string, given: string | null | undefined, problems: ParamProblem[]): number | null {
  if (given === undefined || given === null) return null;
  const text = given.trim();
  const t = INSTANT.test(text) && isCalendarDay(text) ? Date.parse(text) : NaN;
  if (Number.isFinite(t)) return t;
  problems.push({ param, message: 'must be an ISO 8601 date or date-time, e.g. 2025-01-31 or 2025-01-31T12:00:00Z' });
  return null;
}

/** A filter: one of `values`; null when not given. */
export function oneOfParam<T extends string>(param: string, given: Given, values: readonly T[], problems: ParamProblem[]): T | null {
  if (given === undefined || given === null) return null;
  if ((values as readonly Given[]).includes(given)) return given as T;
  problems.push({ param, message: `must be one of ${values.join(', ')}` });
  return null;
}

export interface KeysetPosition {
  created_at: string;
  id: string;
}

/**
 * The opaque `after` of a list ordered by (created_at, id) whose ids start with `prefix`:
 * `of` writes a page's last row as base64url of "<created_at> <id>"; `from` reads it back, or null
 * for anything it did not write (base64url decoding forgives other spellings, so the text must be
 * exactly what `of` gives).
 */
export function keysetCursor(prefix: string) {
  const form = new RegExp(`^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z) (${prefix}[A-Za-z0-9_-]{1,64})$`);
  const of = (row: KeysetPosition): string => Buffer.from(`${row.created_at} ${row.id}`).toString('base64url');
  const from = (text: string): KeysetPosition | null => {
    const m = form.exec(Buffer.from(text, 'base64url').toString());
    if (!m || Number.isNaN(Date.parse(m[1])) || of({ created_at: m[1], id: m[2] }) !== text) return null;
    return { created_at: m[1], id: m[2] };
  };
  return { of, from };
}

/** `after` as an opaque cursor (`keysetCursor`), as given; null when not given. */
export function cursorParam(
  given: Given,
  cursor: { from(text: string): KeysetPosition | null },
  problems: ParamProblem[],
): KeysetPosition | null {
  if (given === undefined || given === null) return null;
  const at = typeof given === 'string' ? cursor.from(given) : null;
  if (!at) problems.push({ param: 'after', message: "must be a page's next_after, as given" });
  return at;
}

/**
 * The query of a list ordered by (created_at, id) with a status filter (GET /v1/jobs,
 * GET /v1/monitors): `status`, `limit`, `after` (its cursor); every problem at once.
 */
export function keysetListQuery<S extends string>(
  given: { status?: Given; limit?: Given; after?: Given },
  rules: { statuses: readonly S[]; page: { default: number; max: number }; cursor: ReturnType<typeof keysetCursor> },
): { status: S | null; limit: number; after: KeysetPosition | null } | ApiError {
  const problems: ParamProblem[] = [];
  const status = oneOfParam('status', given.status, rules.statuses, problems);
  const limit = limitParam(given.limit, rules.page, problems);
  const after = cursorParam(given.after, rules.cursor, problems);
  return problems.length ? invalidInput(problems) : { status, limit, after };
}
