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
 * `r.opt.*`, which never warns.
 *
 *   const r = reader(json, { platform: 'code', record: 'repository' });
 *   const id = r.id('id', int);                         // throws when absent
 *   const description = r.str('description');          // explicit null: null; missing: null + warning
 *   const name = r.str('name', ['data', 'name'], 'title');   // first path that reads as a string
 *   const pinned = r.opt.obj('pinned');                 // absent is normal
 *   const owner = r.child('owner');                     // a reader over json.owner, record 'repository.owner'
 */
import { shapeChanged } from '../errors.js';
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
  /** The plain objects of an array field ([] when absent: warned unless optional). */
  objects(field: string, ...paths: PathArg[]): Obj[];
  /** The strings of an array field ([] when absent: warned unless optional). */
  strings(field: string, ...paths: PathArg[]): string[];
}

export interface Reader extends Getters {
  readonly platform: string;
  readonly record: string;
  /** The object being read. */
  readonly root: unknown;
  /** Fields of this record the upstream may leave out: never warned. */
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
    if (raw === undefined) continue;
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

function getters(root: unknown, report: ((field: string, problem: 'missing' | 'type') => void) | null): Getters {
  const get = <T>(field: string, coerce: Coerce<T>, ...paths: PathArg[]): T | null => {
    const { value, problem } = readField(root, coerce, paths.length ? paths : [field]);
    if (problem && report) report(field, problem);
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
    objects: (field, ...paths) => objects(get(field, arr, ...paths)),
    strings: (field, ...paths) => strings(get(field, arr, ...paths)),
  };
}

export function reader(root: unknown, opts: ReaderOptions): Reader {
  const { platform, record } = opts;
  const warnField = (field: string, detail?: string) => warn(platform, `${record}.${field}`, detail);
  const g = getters(root, (field, problem) => warnField(field, problem === 'missing' ? 'missing' : 'unexpected type'));
  const self: Reader = {
    ...g,
    platform,
    record,
    root,
    opt: getters(root, null),
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
