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
import { parserBegins, warn } from '../observability/warn.js';
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
 * Elements of one list (`items`) left out with a warning each; any more are counted in one
 * warning, so a list of millions of bad elements costs one pass and WARNED_ELEMENTS + 1 warnings.
 */
export const WARNED_ELEMENTS = 3;

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
    const p = paths.length ? paths[i] : field;
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

/**
 * The getters over one object, as prototype methods (a reader is made per record and nested
 * object of every live answer: closures per getter cost more than the reading). A missing or
 * unreadable field is warned to `reader` as `record.field`; with `optional` (`r.opt`) only a value
 * of another type is (absence is normal there, a changed shape never is).
 */
class GettersImpl implements Getters {
  /** Scratch for readField's problem (reads are synchronous, one at a time). */
  protected readonly out: { problem: Problem } = { problem: null };
  constructor(
    readonly root: unknown,
    /** Whom a missing or unreadable field is reported to (set by ReaderImpl right after super()). */
    protected reader: ReaderImpl | null,
    protected readonly optional: boolean,
  ) {}

  get<T>(field: string, coerce: Coerce<T>, ...paths: PathArg[]): T | null {
    return this.read(field, coerce, paths);
  }
  protected read<T>(field: string, coerce: Coerce<T>, paths: PathArg[]): T | null {
    const value = readField(this.root, coerce, field, paths, this.out);
    const problem = this.out.problem;
    if (problem === 'type') this.reader?.warn(field, 'unexpected type');
    else if (problem && !this.optional) this.reader?.warn(field, 'missing');
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
    const list = this.read(field, arr, paths);
    const kept = objects(list);
    // A malformed element is never normal, also in a list the upstream only sometimes sends.
    if (list && kept.length < list.length) this.reader?.warn(field, `${list.length - kept.length} element(s) not an object`);
    return kept;
  }
  strings(field: string, ...paths: PathArg[]) {
    const list = this.read(field, arr, paths);
    const kept = strings(list);
    if (list && kept.length < list.length) this.reader?.warn(field, `${list.length - kept.length} element(s) not a string`);
    return kept;
  }
  items<T>(field: string, each: (el: Reader, index: number) => T | null, ...paths: PathArg[]): T[] {
    const list = this.read(field, arr, paths) ?? [];
    const out: T[] = [];
    const r = this.reader!;
    // The first few elements left out are warned one by one, the rest counted in one warning: a
    // list of 4 M non-objects warned 4 M times (seconds of listeners per answer: an outside sweep).
    let leftOut = 0;
    const leave = (detail: () => string) => {
      if (++leftOut <= WARNED_ELEMENTS) r.warn(field, detail());
    };
    for (let i = 0; i < list.length; i++) {
      const v = list[i];
      if (!isObj(v)) {
        leave(() => `element ${i} is not an object`);
        continue;
      }
      let item: T | null;
      try {
        item = each(new ReaderImpl(v, r.platform, `${r.record}.${field}`), i);
      } catch (e) {
        // An element without its own identity is that element's failure, not the list's.
        if (isApiError(e) && e.code === 'UPSTREAM_FAILED') {
          leave(() => `element ${i}: ${e.message}`);
          continue;
        }
        throw e;
      }
      if (item === null) leave(() => `element ${i} left out`);
      else out.push(item);
    }
    if (leftOut > WARNED_ELEMENTS) r.warn(field, `${leftOut - WARNED_ELEMENTS} more element(s) of ${list.length} left out`);
    return out;
  }
}

class ReaderImpl extends GettersImpl implements Reader {
  private optGetters: GettersImpl | null = null;
  constructor(
    root: unknown,
    readonly platform: string,
    readonly record: string,
  ) {
    super(root, null, false);
    // Its own getters warn (set after super(): `this` exists only then).
    this.reader = this;
  }
  get opt(): Getters {
    return (this.optGetters ??= new GettersImpl(this.root, this, true));
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
  parserBegins(opts.platform);
  return new ReaderImpl(root, opts.platform, opts.record);
}

/** A reader over `root` when it is an object, else UPSTREAM_FAILED (`missing what`). */
export function recordReader(root: unknown, opts: ReaderOptions & { what?: string }): Reader {
  if (!isObj(root)) throw shapeChanged(opts.platform, opts.what ?? `${opts.record} object`);
  return reader(root, opts);
}
