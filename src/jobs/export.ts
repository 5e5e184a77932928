/**
 * The flat form of an operation's record, as a bulk job's CSV results carry it
 * (GET /v1/jobs/{id}/results?format=csv): its columns, each a dotted path into the record, and for
 * a list record the list whose items are one row each (find-creator-emails: one row per e-mail
 * with its sources; find-social-profiles: one per profile with platform, handle, url, confidence,
 * evidence). Declared by the operation (`OperationDef.flat`) or, by default, derived from its
 * record schema (zod):
 *
 *  - columns: the record's scalar fields (strings, numbers, booleans, enums), nested objects
 *    followed to a few levels (`data.user.edge_followed_by.count`), every option's of a union
 *    (a post or a comment); lists are left out (a profile's posts) — except
 *  - rows: a record whose members include exactly one list of objects (or that is one) is a list
 *    record: each item is a row, with the item's scalar fields and its lists (scalars joined with
 *    "; ", objects as JSON), beside the record's own columns. An item with an empty list is still
 *    one row (its list columns empty), so every item of the job appears.
 *
 * A CSV line carries the job item's place and outcome (index, status, code, credits_charged,
 * cached), its parameters (input.*, the job's cache_max_age where the item has none; other members
 * the items carry too, as found in the first page), the error
 * message, then these columns. Column names are unique: a record column named like an outcome
 * column is prefixed `record.`, an item column named like another column by its list's name.
 */
import type { z } from 'zod';
import type { FlatForm, OperationDef } from '../platforms/operation.js';
import { fieldPaths, memberNode, nodeOf } from '../platforms/schema-walk.js';
import type { SchemaNode } from '../platforms/schema-walk.js';
import type { RestRoute } from '../rest/routes.js';
import type { JobRow, ResultRow } from './store.js';

/** Nested objects followed this deep for columns (`data.user.edge_followed_by.count` is 4). */
const MAX_DEPTH = 4;

const OUTCOME_COLUMNS = ['index', 'status', 'code', 'credits_charged', 'cached'];

/** A column: a scalar, or with `lists` (an item's columns) a list too; objects are walked into. */
const columnsOf = (node: SchemaNode, lists: boolean) =>
  fieldPaths(node, { levels: MAX_DEPTH, leaf: (n) => (n.kind === 'scalar' || (lists && n.kind === 'list') ? '' : null) });

/** The item of a list of objects (a union of such lists: their items merged), else null. */
const objectItems = (node: SchemaNode) => (node.kind === 'list' && node.item.kind === 'object' ? node.item : null);

/** The flat form derived from a record schema (see the header; read as src/platforms/schema-walk.ts says). */
export function deriveFlatForm(record: z.ZodType): FlatForm {
  const node = nodeOf(record);
  if (node.kind !== 'object') {
    const items = objectItems(node);
    return items ? { columns: [], rows: { list: '', columns: columnsOf(items, true) } } : { columns: [] };
  }
  const lists = [...node.members.keys()].flatMap((name) => {
    const items = objectItems(memberNode(node, name)!);
    return items ? [{ name, items }] : [];
  });
  const columns = columnsOf(node, false);
  if (lists.length !== 1) return { columns };
  return { columns, rows: { list: lists[0].name, columns: columnsOf(lists[0].items, true) } };
}

const forms = new WeakMap<OperationDef, FlatForm>();

/** The operation's flat form: its own (`flat`) or derived from its record. */
export function flatFormOf(op: OperationDef): FlatForm {
  let f = forms.get(op);
  if (!f) forms.set(op, (f = op.flat ?? deriveFlatForm(op.record)));
  return f;
}

export interface CsvShape {
  header: string[];
  inputs: string[];
  form: FlatForm;
  wrap: string | undefined;
  cacheMaxAge: string | null;
  /** Whether the operation takes cache_max_age (the job's applies to items without their own). */
  cacheable: boolean;
}

/** The CSV columns of a job's results (unique names; see the header), given its first page of results. */
export function csvShape(route: RestRoute | undefined, job: Pick<JobRow, 'cache_max_age'>, first: readonly ResultRow[]): CsvShape {
  // The operation's parameters, then what else the first page's items carry (ignored by the
  // operation, kept in the export); an operation removed since the job ran: the outcome only.
  const given = new Set(route?.params.map((p) => p.name) ?? []);
  for (const r of first) for (const k of Object.keys(JSON.parse(r.input) as object)) given.add(k);
  const inputs = [...given];
  const form = route ? flatFormOf(route.op) : { columns: [] };
  const taken = new Set([...OUTCOME_COLUMNS, ...inputs.map((k) => `input.${k}`), 'error_message']);
  const name = (path: string, prefix: string) => {
    const n = taken.has(path) ? `${prefix}.${path}` : path;
    taken.add(n);
    return n;
  };
  const recordNames = form.columns.map((c) => name(c, 'record'));
  const itemNames = (form.rows?.columns ?? []).map((c) => name(c, form.rows!.list || 'item'));
  return {
    header: [...OUTCOME_COLUMNS, ...inputs.map((k) => `input.${k}`), 'error_message', ...recordNames, ...itemNames],
    inputs,
    form,
    wrap: route?.op.rest.wrap,
    cacheMaxAge: job.cache_max_age,
    cacheable: route?.op.cacheable ?? false,
  };
}

function at(value: unknown, path: string): unknown {
  let v = value;
  for (const part of path ? path.split('.') : []) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

/** A list in one cell: scalars joined with "; ", objects as JSON. */
function cell(v: unknown): unknown {
  if (!Array.isArray(v)) return v;
  return v.every((x) => x === null || typeof x !== 'object') ? v.join('; ') : JSON.stringify(v);
}

/** The CSV rows of one job item: one, or one per item of a list record's list (at least one). */
export function csvRows(s: CsvShape, r: ResultRow): unknown[][] {
  const input = JSON.parse(r.input) as Record<string, unknown>;
  const body = JSON.parse(r.body) as Record<string, unknown>;
  const record = r.status === 200 ? (s.wrap ? body[s.wrap] : body) : undefined;
  const message = r.status === 200 ? '' : ((body.error as { message?: string } | undefined)?.message ?? '');
  const inputOf = (k: string) => input[k] ?? (k === 'cache_max_age' && s.cacheable ? s.cacheMaxAge : undefined);
  const head = [
    r.idx,
    r.status,
    r.code ?? '',
    r.credits_charged,
    r.cached ? 'true' : 'false',
    ...s.inputs.map(inputOf),
    message,
    ...s.form.columns.map((c) => cell(at(record, c))),
  ];
  const rows = s.form.rows;
  if (!rows) return [head];
  const list = at(record, rows.list);
  const items = Array.isArray(list) && list.length ? list : [undefined];
  return items.map((item) => [...head, ...rows.columns.map((c) => cell(at(item, c)))]);
}
