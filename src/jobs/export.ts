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
import type { RestRoute } from '../rest/routes.js';
import type { JobRow, ResultRow } from './store.js';

/** Nested objects followed this deep for columns (`data.user.edge_followed_by.count` is 4). */
const MAX_DEPTH = 4;

const OUTCOME_COLUMNS = ['index', 'status', 'code', 'credits_charged', 'cached'];

type Def = { type: string; innerType?: z.ZodType; element?: z.ZodType; shape?: Record<string, z.ZodType>; options?: z.ZodType[] };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['nullable', 'optional', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);
const SCALARS = new Set(['string', 'number', 'boolean', 'enum', 'literal', 'bigint', 'int', 'template_literal']);

function unwrap(s: z.ZodType): Def {
  let d = defOf(s);
  while (WRAPPERS.has(d.type) && d.innerType) d = defOf(d.innerType);
  return d;
}

function isScalar(d: Def): boolean {
  return SCALARS.has(d.type) || (d.type === 'union' && (d.options ?? []).every((o) => isScalar(unwrap(o))));
}

/** The object schemas a value may be: an object, or each object of a union (a tweet or a tombstone). */
function objectsOf(d: Def): Def[] {
  if (d.type === 'object') return [d];
  if (d.type === 'union') return (d.options ?? []).flatMap((o) => objectsOf(unwrap(o)));
  return [];
}

/** The object schemas a list's items may be (a union of lists: each one's items). */
function listItemsOf(d: Def): Def[] {
  if (d.type === 'array' && d.element) return objectsOf(unwrap(d.element));
  if (d.type === 'union' && (d.options ?? []).every((o) => unwrap(o).type === 'array'))
    return (d.options ?? []).flatMap((o) => listItemsOf(unwrap(o)));
  return [];
}

/** Paths of the scalar fields of these objects (all of a union's), lists too with `lists`, nested objects followed. */
function scalarPaths(objects: Def[], prefix: string, depth: number, lists: boolean): string[] {
  const out = new Set<string>();
  if (depth > MAX_DEPTH) return [];
  for (const d of objects) {
    for (const [name, member] of Object.entries(d.shape ?? {})) {
      const m = unwrap(member);
      const path = prefix ? `${prefix}.${name}` : name;
      if (isScalar(m) || (lists && (m.type === 'array' || listItemsOf(m).length))) out.add(path);
      else for (const p of scalarPaths(objectsOf(m), path, depth + 1, lists)) out.add(p);
    }
  }
  return [...out];
}

/** The flat form derived from a record schema (see the header). */
export function deriveFlatForm(record: z.ZodType): FlatForm {
  const d = unwrap(record);
  const objects = objectsOf(d);
  if (!objects.length) {
    const items = listItemsOf(d);
    return items.length ? { columns: [], rows: { list: '', columns: scalarPaths(items, '', 1, true) } } : { columns: [] };
  }
  const lists = new Map<string, Def[]>();
  for (const o of objects)
    for (const [name, member] of Object.entries(o.shape ?? {})) {
      const items = listItemsOf(unwrap(member));
      if (items.length) lists.set(name, [...(lists.get(name) ?? []), ...items]);
    }
  const columns = scalarPaths(objects, '', 1, false);
  if (lists.size !== 1) return { columns };
  const [[list, items]] = lists;
  return { columns, rows: { list, columns: scalarPaths(items, '', 1, true) } };
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
