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

/** What readField found besides the value: nothing wrong, nothing there, or something unreadable. */
type Problem = 'missing' | 'type' | null;

/**
 * Reads `paths` in order (the field itself when none are given); returns the first value
 * `coerce` accepts. Null without a warning when some path held an explicit null (and none a
 * usable value); null with a warning when no path was present at all, or a present value could
 * not be read. The problem is left in `out.problem` (one object per reader, not one per read:
 * parsers read dozens of fields per record, on every live request).
 */
function readField<T>(root: unknown, coerce: Coerce<T>, field: string, paths: PathArg[], out: { problem: Problem }): T | null {
  let sawNull = false;
  let sawOther = false;
  const n = paths.length || 1;
  for (let i = 0; i < n; i++) {
    const raw = at(root, paths.length ? paths[i] : field);
    if (raw === undefined) continue;
    if (raw === null) {
      sawNull = true;
      continue;
    }
    const v = coerce(raw);
    if (v !== null) {
      out.problem = null;
      return v;
    }
    // A blank string the reader refuses (nonEmpty, trimmed, a URL) is the upstream's own "none".
    if (typeof raw === 'string' && raw.trim() === '') sawNull = true;
    else sawOther = true;
  }
  out.problem = sawOther ? 'type' : sawNull ? null : 'missing';
  return null;
}

/**
 * The getters over one object, as prototype methods (a reader is made per record and nested
 * object of every live answer: closures per getter cost more than the reading). `reader` set:
 * a missing or unreadable field is warned as `record.field`; null: never warned (`opt`).
 */
class GettersImpl implements Getters {
  /** Scratch for readField's problem (reads are synchronous, one at a time). */
  protected readonly out: { problem: Problem } = { problem: null };
  constructor(
    readonly root: unknown,
    /** Whom a missing or unreadable field is reported to (null: never reported). */
    protected reader: ReaderImpl | null,
  ) {}

  get<T>(field: string, coerce: Coerce<T>, ...paths: PathArg[]): T | null {
    return this.read(field, coerce, paths);
  }
  protected read<T>(field: string, coerce: Coerce<T>, paths: PathArg[]): T | null {
    const value = readField(this.root, coerce, field, paths, this.out);
    const problem = this.out.problem;
    if (problem && this.reader) this.reader.warn(field, problem === 'missing' ? 'missing' : 'unexpected type');
    return value;
  }
  str(field: string, ...paths: PathArg[]) {
    return this.read(field, str, paths);
  }
  nonEmpty(field: string, ...paths: PathArg[]) {
    return this.read(field, nonEmpty, paths);
  }
  trimmed(field: string, ...paths: PathArg[]) {
    return this.read(field, trimmed, paths);
  }
  idStr(field: string, ...paths: PathArg[]) {
    return this.read(field, idStr, paths);
  }
  num(field: string, ...paths: PathArg[]) {
    return this.read(field, num, paths);
  }
  int(field: string, ...paths: PathArg[]) {
    return this.read(field, int, paths);
  }
  trunc(field: string, ...paths: PathArg[]) {
    return this.read(field, trunc, paths);
  }
  round(field: string, ...paths: PathArg[]) {
    return this.read(field, round, paths);
  }
  intish(field: string, ...paths: PathArg[]) {
    return this.read(field, intish, paths);
  }
  numish(field: string, ...paths: PathArg[]) {
    return this.read(field, numish, paths);
  }
  bool(field: string, ...paths: PathArg[]) {
    return this.read(field, bool, paths);
  }
  boolish(field: string, ...paths: PathArg[]) {
    return this.read(field, boolish, paths);
  }
  obj(field: string, ...paths: PathArg[]) {
    return this.read(field, obj, paths);
  }
  arr(field: string, ...paths: PathArg[]) {
    return this.read(field, arr, paths);
  }
  objects(field: string, ...paths: PathArg[]) {
    return objects(this.read(field, arr, paths));
  }
  strings(field: string, ...paths: PathArg[]) {
    return strings(this.read(field, arr, paths));
  }
}

class ReaderImpl extends GettersImpl implements Reader {
  private optGetters: GettersImpl | null = null;
  constructor(
    root: unknown,
    readonly platform: string,
    readonly record: string,
  ) {
    super(root, null);
    // Its own getters warn (set after super(): `this` exists only then).
    this.reader = this;
  }
  get opt(): Getters {
    return (this.optGetters ??= new GettersImpl(this.root, null));
  }
  id<T = string>(field: string, coerce: Coerce<T> = idStr as unknown as Coerce<T>, ...paths: PathArg[]): T {
    const value = readField(this.root, coerce, field, paths, this.out);
    if (value === null) throw shapeChanged(this.platform, `${this.record}.${field}`);
    return value;
  }
  child(field: string, ...paths: PathArg[]): Reader {
    const v = this.read(field, obj, paths);
    return new ReaderImpl(v ?? {}, this.platform, `${this.record}.${field}`);
  }
  over(value: unknown, name: string): Reader {
    return new ReaderImpl(value, this.platform, `${this.record}.${name}`);
  }
  warn(field: string, detail?: string): void {
    warn(this.platform, `${this.record}.${field}`, detail);
  }
}

export function reader(root: unknown, opts: ReaderOptions): Reader {
  return new ReaderImpl(root, opts.platform, opts.record);
}

/** A reader over `root` when it is an object, else UPSTREAM_FAILED (`missing what`). */
export function recordReader(root: unknown, opts: ReaderOptions & { what?: string }): Reader {
  if (!isObj(root)) throw shapeChanged(opts.platform, opts.what ?? `${opts.record} object`);
  return reader(root, opts);
}
