/**
 * The bound record reader: `reader(json, {platform, record})` reads one upstream record's fields
 * by path, with alternatives, and keeps the three cases the API distinguishes apart:
 *
 * - the record's id (or whatever makes it that record) is missing  → `r.id(...)` throws
 *   UPSTREAM_FAILED (shapeChanged): there is no record without it;
 * - a field the upstream normally carries is missing or of another type → null, and
 *   `warn(platform, 'record.field')`: the record degrades one field, the warning is counted per
 *   platform and field (/metrics, /v1/status) so a shape change shows before users report it;
 * - the upstream itself says null (`"description": null`, or a blank string where a non-blank
 *   one is read) → null, no warning: that is data.
 *
 * Fields an upstream only sometimes carries (a pinned post, an optional block) are read with
 * `r.opt.*`, which does not warn when they are absent; present with another type, they are a
 * changed shape like any other and warned.
 *
 *   const r = reader(json, { platform: 'code', record: 'repository' });
 *   const id = r.id('id', int);                         // throws when absent
 *   const description = r.str('description');          // explicit null: null; missing: null + warning
 *   const name = r.str('name', ['data', 'name'], 'title');   // first path that reads as a string
 *   const pinned = r.opt.obj('pinned');                 // absent is normal
 *   const owner = r.child('owner');                     // a reader over json.owner, record 'repository.owner'
 */
import { isApiError, shapeChanged } from '../errors.js';
import { warn } from '../observability/warn.js';
import type { Coerce, Key, Obj, Path } from './values.js';
import {
  at,
  bool,
  idStr,
  int,
  intish,
  isObj,
  nonEmpty,
  num,
  numish,
  obj,
  objects,
  str,
  strings,
  trimmed,
  trunc,
  round,
  arr,
  boolish,
} from './values.js';

export interface ReaderOptions {
  /** Platform label: the `platform` of the warning. */
  platform: string;
  /** What is being read (`artist`, `repository.owner`): fields are reported as `record.field`. */
  record: string;
}

type PathArg = Key | Path;

/** Typed getters over one object; each takes the field name, then alternative paths (default: the field name). */
export interface Getters {
  get<T>(field: string, coerce: Coerce<T>, ...paths: PathArg[]): T | null;
  str(field: string, ...paths: PathArg[]): string | null;
  nonEmpty(field: string, ...paths: PathArg[]): string | null;
  trimmed(field: string, ...paths: PathArg[]): string | null;
  idStr(field: string, ...paths: PathArg[]): string | null;
  num(field: string, ...paths: PathArg[]): number | null;
  int(field: string, ...paths: PathArg[]): number | null;
  trunc(field: string, ...paths: PathArg[]): number | null;
  round(field: string, ...paths: PathArg[]): number | null;
  intish(field: string, ...paths: PathArg[]): number | null;
  numish(field: string, ...paths: PathArg[]): number | null;
  bool(field: string, ...paths: PathArg[]): boolean | null;
  boolish(field: string, ...paths: PathArg[]): boolean | null;
  obj(field: string, ...paths: PathArg[]): Obj | null;
  arr(field: string, ...paths: PathArg[]): unknown[] | null;
  /** The plain objects of an array field ([] when absent: warned unless optional; an element of another type is left out, warned). */
  objects(field: string, ...paths: PathArg[]): Obj[];
  /** The strings of an array field ([] when absent: warned unless optional; an element of another type is left out, warned). */
  strings(field: string, ...paths: PathArg[]): string[];
  /**
   * The elements of an array field, each read by `each` through a reader over it (record
   * `record.field`). A list degrades one element at a time: an element that is not an object, that
   * `each` refuses (null), or whose own identity is missing (`el.id(...)` threw UPSTREAM_FAILED)
   * is left out with a warning; the others stay. [] when the list is absent (warned unless optional).
   */
  items<T>(field: string, each: (el: Reader, index: number) => T | null, ...paths: PathArg[]): T[];
}

export interface Reader extends Getters {
  readonly platform: string;
  readonly record: string;
  /** The object being read. */
  readonly root: unknown;
  /** Fields of this record the upstream may leave out: not warned when absent (only when of another type). */
  readonly opt: Getters;
  /** The record's identity: its value, or UPSTREAM_FAILED (`missing record.field`) when absent. */
  id<T = string>(field: string, coerce?: Coerce<T>, ...paths: PathArg[]): T;
  /** A reader over the object at `path` (`{}` when absent: its own fields then warn as missing). */
  child(field: string, ...paths: PathArg[]): Reader;
  /** A reader over a nested object already in hand, as `record.field`. */
  over(value: unknown, record: string): Reader;
  /** Report a field this parser had to fall back on by its own logic. */
  warn(field: string, detail?: string): void;
}

/**
 * Reads `paths` in order; returns the first value `coerce` accepts. Null without a warning when
 * some path held an explicit null (and none a usable value); null with a warning when no path was
 * present at all, or a present value could not be read.
 */
function readField<T>(root: unknown, coerce: Coerce<T>, paths: PathArg[]): { value: T | null; problem: 'missing' | 'type' | null } {
  let sawNull = false;
  let sawOther = false;
  for (const p of paths) {
    const raw = at(root, p);
    if (raw === undefined) {
      // `{"banner": "x"}` read at banner.image_url: the path is there, of another type.
      if (blockedAt(root, p)) sawOther = true;
      continue;
    }
    if (raw === null) {
      sawNull = true;
      continue;
    }
    const v = coerce(raw);
    if (v !== null) return { value: v, problem: null };
    // A blank string the reader refuses (nonEmpty, trimmed, a URL) is the upstream's own "none".
    if (typeof raw === 'string' && raw.trim() === '') sawNull = true;
    else sawOther = true;
  }
  if (sawOther) return { value: null, problem: 'type' };
  return { value: null, problem: sawNull ? null : 'missing' };
}

/** Whether a step on the way to `path` is present but neither an object nor an array (a path of another type). */
function blockedAt(root: unknown, path: PathArg): boolean {
  const steps = typeof path === 'object' ? path : [path];
  let cur: unknown = root;
  for (let i = 0; i < steps.length - 1; i++) {
    const next = at(cur, [steps[i]]);
    if (next === undefined || next === null) return false;
    // The next step is a key (an index): this one must be an object (an array).
    if (typeof next !== 'object' || Array.isArray(next) !== (typeof steps[i + 1] === 'number')) return true;
    cur = next;
  }
  return false;
}

function getters(
  root: unknown,
  report: (field: string, problem: 'missing' | 'type') => void,
  opts: ReaderOptions & { element: (field: string, detail: string) => void },
): Getters {
  const get = <T>(field: string, coerce: Coerce<T>, ...paths: PathArg[]): T | null => {
    const { value, problem } = readField(root, coerce, paths.length ? paths : [field]);
    if (problem) report(field, problem);
    return value;
  };
  const of =
    <T>(coerce: Coerce<T>) =>
    (field: string, ...paths: PathArg[]) =>
      get(field, coerce, ...paths);
  return {
    get,
    str: of(str),
    nonEmpty: of(nonEmpty),
    trimmed: of(trimmed),
    idStr: of(idStr),
    num: of(num),
    int: of(int),
    trunc: of(trunc),
    round: of(round),
    intish: of(intish),
    numish: of(numish),
    bool: of(bool),
    boolish: of(boolish),
    obj: of(obj),
    arr: of(arr),
    objects: (field, ...paths) => {
      const list = get(field, arr, ...paths);
      const kept = objects(list);
      if (list && kept.length < list.length) opts.element(field, `${list.length - kept.length} element(s) not an object`);
      return kept;
    },
    strings: (field, ...paths) => {
      const list = get(field, arr, ...paths);
      const kept = strings(list);
      if (list && kept.length < list.length) opts.element(field, `${list.length - kept.length} element(s) not a string`);
      return kept;
    },
    items: <T>(field: string, each: (el: Reader, index: number) => T | null, ...paths: PathArg[]): T[] => {
      const list = get(field, arr, ...paths) ?? [];
      const out: T[] = [];
      list.forEach((v, i) => {
        if (!isObj(v)) return opts.element(field, `element ${i} is not an object`);
        let item: T | null;
        try {
          item = each(reader(v, { platform: opts.platform, record: `${opts.record}.${field}` }), i);
        } catch (e) {
          // An element without its own identity is that element's failure, not the list's.
          if (isApiError(e) && e.code === 'UPSTREAM_FAILED') return opts.element(field, `element ${i}: ${e.message}`);
          throw e;
        }
        if (item === null) return opts.element(field, `element ${i} left out`);
        out.push(item);
      });
      return out;
    },
  };
}

export function reader(root: unknown, opts: ReaderOptions): Reader {
  const { platform, record } = opts;
  const warnField = (field: string, detail?: string) => warn(platform, `${record}.${field}`, detail);
  // A malformed element is never normal, also in a list the upstream only sometimes sends.
  const scope = { platform, record, element: warnField };
  const g = getters(root, (field, problem) => warnField(field, problem === 'missing' ? 'missing' : 'unexpected type'), scope);
  const self: Reader = {
    ...g,
    platform,
    record,
    root,
    // Optional: absence is normal, but a value of another type is a changed shape all the same.
    opt: getters(root, (field, problem) => problem === 'type' && warnField(field, 'unexpected type'), scope),
    id<T = string>(field: string, coerce: Coerce<T> = idStr as unknown as Coerce<T>, ...paths: PathArg[]): T {
      const { value } = readField(root, coerce, paths.length ? paths : [field]);
      if (value === null) throw shapeChanged(platform, `${record}.${field}`);
      return value;
    },
    child(field, ...paths) {
      const v = g.obj(field, ...paths);
      return reader(v ?? {}, { platform, record: `${record}.${field}` });
    },
    over(value, name) {
      return reader(value, { platform, record: `${record}.${name}` });
    },
    warn: warnField,
  };
  return self;
}

/** A reader over `root` when it is an object, else UPSTREAM_FAILED (`missing what`). */
export function recordReader(root: unknown, opts: ReaderOptions & { what?: string }): Reader {
  if (!isObj(root)) throw shapeChanged(opts.platform, opts.what ?? `${opts.record} object`);
  return reader(root, opts);
}
