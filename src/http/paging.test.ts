/**
 * The list routes' paging parameters (src/http/paging.ts), read one way for every route: bounds,
 * non-integers, negatives, huge values, empty strings and cursors the route did not write are
 * each one problem naming the parameter; absent values take the route's default.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import type { ParamProblem } from '../errors.js';
import {
  cursorParam,
  givenOf,
  instantParam,
  itemIndexParam,
  keysetCursor,
  keysetListQuery,
  limitParam,
  oneOfParam,
  positionParam,
} from './paging.js';
import type { Given } from './paging.js';
import { repeatedParams } from './query.js';

const PAGE = { default: 20, max: 100 };

/** A reader's value and the messages of the problems it recorded. */
function read<T>(reader: (given: Given, problems: ParamProblem[]) => T, given: Given) {
  const problems: ParamProblem[] = [];
  const value = reader(given, problems);
  return { value, problems: problems.map((p) => `${p.param}: ${p.message}`) };
}

describe('paging parameters', () => {
  const limit = (g: Given) => read((v, p) => limitParam(v, PAGE, p), g);

  it('limit: an integer from 1 to the most, as text (blanks around allowed) or a number; absent → the default', () => {
    expect(limit(undefined)).toEqual({ value: 20, problems: [] });
    expect(limit(null)).toEqual({ value: 20, problems: [] });
    for (const [g, v] of [
      ['1', 1],
      ['100', 100],
      [' 7 ', 7],
      [50, 50],
      ['007', 7],
    ] as const)
      expect(limit(g)).toEqual({ value: v, problems: [] });
    // Out of bounds, not an integer, negative, huge, empty: one problem each, the default kept.
    for (const g of ['0', '101', 0, 101, '2.5', 2.5, 'x', '1e2', '-1', -1, '+5', '99999999999999999999', 1e300, Infinity, NaN, '', ' '])
      expect(limit(g), String(g)).toEqual({ value: 20, problems: ['limit: must be an integer from 1 to 100'] });
  });

  it("after as a position: an integer ≥ 0 (a row's id or sequence)", () => {
    const after = (g: Given) => read(positionParam, g);
    expect(after(null)).toEqual({ value: null, problems: [] });
    for (const [g, v] of [
      ['0', 0],
      ['42', 42],
      [' 42', 42],
      [7, 7],
      ['999999999999999', 999999999999999],
    ] as const)
      expect(after(g)).toEqual({ value: v, problems: [] });
    for (const g of ['-1', -1, 'abc', '1.5', 1.5, '', '9999999999999999', 2 ** 53, '0x10'])
      expect(after(g), String(g)).toEqual({ value: null, problems: ["after: must be a page's next_after (an integer ≥ 0)"] });
  });

  it("after as an item index (a job's results): an integer ≥ -1; absent → -1, before the first item", () => {
    const after = (g: Given) => read(itemIndexParam, g);
    expect(after(undefined)).toEqual({ value: -1, problems: [] });
    expect(after(null)).toEqual({ value: -1, problems: [] });
    for (const [g, v] of [
      ['-1', -1],
      [-1, -1],
      ['0', 0],
      [' 37 ', 37],
      [5, 5],
      ['999999999999999', 999999999999999],
    ] as const)
      expect(after(g)).toEqual({ value: v, problems: [] });
    for (const g of ['-2', -2, 'x', '1.5', 1.5, '', ' ', '1e3', '+3', '--1', '9999999999999999', 2 ** 53, NaN, Infinity])
      expect(after(g), String(g)).toEqual({ value: -1, problems: ['after: must be an item index (results after it are sent)'] });
  });

  it('a JSON argument (MCP): a number or text as it is, absent → null, anything else a value every reader refuses', () => {
    expect([givenOf(5), givenOf('5'), givenOf(undefined), givenOf(null)]).toEqual([5, '5', null, null]);
    for (const v of [true, {}, ['5'], [5]]) {
      expect(givenOf(v), JSON.stringify(v)).toBeNaN();
      expect(read(itemIndexParam, givenOf(v)).problems, JSON.stringify(v)).toHaveLength(1);
      expect(read((g, p) => limitParam(g, PAGE, p), givenOf(v)).problems, JSON.stringify(v)).toHaveLength(1);
    }
  });

  it('after as a cursor: only exactly what the route wrote, for its own ids', () => {
    const jobs = keysetCursor('job_');
    const row = { created_at: '2026-01-02T03:04:05.678Z', id: 'job_abc' };
    const text = jobs.of(row);
    const after = (g: Given) => read((v, p) => cursorParam(v, jobs, p), g);
    expect(after(text)).toEqual({ value: row, problems: [] });
    expect(after(undefined)).toEqual({ value: null, problems: [] });
    const bad = ["must be a page's next_after, as given"].map((m) => `after: ${m}`);
    for (const g of ['', 'nope', `${text}=`, ` ${text}`, 42, keysetCursor('mon_').of({ ...row, id: 'mon_abc' })])
      expect(after(g), String(g)).toEqual({ value: null, problems: bad });
    // Another form inside, or a date that is no date.
    expect(after(Buffer.from('2026-01-01 job_x').toString('base64url')).problems).toEqual(bad);
    expect(after(jobs.of({ ...row, created_at: '2026-13-45T03:04:05.678Z' })).problems).toEqual(bad);
  });

  it('since/until: an ISO 8601 date, or date-time with its offset', () => {
    const since = (g: string | null) => read((v, p) => instantParam('since', v as string | null, p), g);
    expect(since(null)).toEqual({ value: null, problems: [] });
    expect(since('2025-01-31').value).toBe(Date.UTC(2025, 0, 31));
    expect(since(' 2025-01-31T12:00:00Z ').value).toBe(Date.UTC(2025, 0, 31, 12));
    expect(since('2025-01-31T12:00+02:00').value).toBe(Date.UTC(2025, 0, 31, 10));
    expect(since('2025-01-31T12:00:00.123456789Z').value).toBe(Date.UTC(2025, 0, 31, 12, 0, 0, 123));
    // A time without an offset would be the server's local time: refused.
    // A day its month does not have: refused, not rolled over (Date.parse read 2025-02-30 as 2 March).
    expect(since('2024-02-29').value).toBe(Date.UTC(2024, 1, 29));
    expect(since('2000-02-29T23:59:59Z').value).toBe(Date.UTC(2000, 1, 29, 23, 59, 59));
    for (const g of [
      'yesterday',
      '2025-13-45',
      '2025-01-31T12:00',
      '2025-01-31 12:00:00Z',
      '1738324800000',
      '',
      '2025-02-30',
      '2025-02-29T00:00:00Z',
      '2025-04-31',
      '1900-02-29',
      '2025-00-10',
      '2025-01-00',
    ])
      expect(since(g), g).toEqual({
        value: null,
        problems: ['since: must be an ISO 8601 date or date-time, e.g. 2025-01-31 or 2025-01-31T12:00:00Z'],
      });
    expect(read((v, p) => instantParam('until', v as string, p), 'x').problems[0]).toMatch(/^until: /);
  });

  it('a filter: one of its values, as spelled', () => {
    const status = (g: Given) => read((v, p) => oneOfParam('status', v, ['queued', 'done'] as const, p), g);
    expect(status('done')).toEqual({ value: 'done', problems: [] });
    expect(status(null)).toEqual({ value: null, problems: [] });
    for (const g of ['DONE', ' done', '', 1]) expect(status(g).problems).toEqual(['status: must be one of queued, done']);
  });

  it('a keyset list query: status, limit and after, every problem at once in that order', () => {
    const cursor = keysetCursor('job_');
    const rules = { statuses: ['queued', 'done'] as const, page: PAGE, cursor };
    expect(keysetListQuery({}, rules)).toEqual({ status: null, limit: 20, after: null });
    const after = cursor.of({ created_at: '2026-01-02T03:04:05.678Z', id: 'job_1' });
    expect(keysetListQuery({ status: 'done', limit: '5', after }, rules)).toEqual({
      status: 'done',
      limit: 5,
      after: { created_at: '2026-01-02T03:04:05.678Z', id: 'job_1' },
    });
    const bad = keysetListQuery({ after: 'x', limit: 500, status: 'nope' }, rules);
    expect(bad).toBeInstanceOf(ApiError);
    expect((bad as ApiError).code).toBe('INVALID_INPUT');
    expect((bad as ApiError).details!.map((d) => d.param)).toEqual(['status', 'limit', 'after']);
  });

  it('a repeated parameter is refused before it is read (never "the first one wins")', () => {
    const q = new URLSearchParams('limit=1&limit=2&after=3&since=2025-01-01&since=2025-01-02');
    expect(repeatedParams(q, ['after', 'limit', 'since'])).toEqual([
      { param: 'limit', message: 'given more than once' },
      { param: 'since', message: 'given more than once' },
    ]);
  });
});
