/**
 * The mutation engine: drives a platform's pure parser over a real upstream answer with one part
 * changed at a time, and says whether the record degraded the way the parse kit promises
 * (src/parse/reader.ts): a missing, renamed or wrongly typed part becomes null (or [] for a list)
 * with a counted parser warning, every other field keeps its value, and only the record's
 * identity may fail the whole record (a typed UPSTREAM_FAILED, never a TypeError).
 *
 * A record is described by a `RecordSpec`: how to load the answer, which object inside it the
 * record is read from (`source`), the parser, the record's zod schema, its identity paths, and
 * which output fields come from which source paths when the names differ (`fields`). Mutations
 * are generated from the answer itself, deterministically:
 *
 * - every path inside the source object up to `maxDepth` object keys deep (arrays: their first
 *   element), plus a fixed sample of deeper paths (chosen by a hash of the path, so the same
 *   answer always gives the same sample);
 * - for each path: the key deleted, and its value replaced by each other JSON type (string ↔
 *   number ↔ object ↔ array ↔ null);
 * - for each array: its first element replaced by a malformed one (a string; an empty object for
 *   arrays of objects, i.e. an element without its id);
 * - the source object itself deleted or of another type (must fail the record, typed).
 */
import { createHash } from 'node:crypto';
import * as cheerio from 'cheerio';
import type { z } from 'zod';
import { ApiError } from '../../src/errors.js';
import { captureWarnings } from '../../src/parse/index.js';

export type Seg = string | number;
export type Path = readonly Seg[];

const DELETE = Symbol('delete');

export type MutationKind = 'delete' | 'to-string' | 'to-number' | 'to-object' | 'to-array' | 'to-null' | 'element-string' | 'element-empty';

export interface Mutation {
  kind: MutationKind;
  /** Path relative to the record's source object. */
  path: Path;
  value: unknown;
}

export interface RecordSpec<D = unknown> {
  /** Shown in test names and failure lists. */
  name: string;
  /** Platform label: parser warnings must carry it. */
  platform: string;
  /** The (parsed) upstream answer, or the JSON embedded in a page. */
  load(): D;
  /** Runs the pure parser over a (possibly mutated) answer; returns the record. */
  parse(doc: D): unknown;
  /** The record's zod schema (the operation's `record`, or the part of it this parser returns). */
  schema: z.ZodType;
  /** Where in the answer the record's source object is (or how to find it). */
  source: Path | ((doc: D) => Path);
  /** Where in the parser's result the record built from it is (default: the result itself). */
  output?: Path;
  /**
   * Source paths (dotted, `*` for any one step: an array index or a key) that make the record that record: mutating
   * one of them (or an object holding one) may fail the record with UPSTREAM_FAILED. Each with
   * why it is identity.
   */
  identity: Record<string, string | { why: string; codes: string[] }>;
  /**
   * Output field (dotted, relative to `output`) → the source paths it is read from, where the
   * names differ. An output field not listed is read from the source path of the same name, or
   * when a `*` entry is given, from its paths (records with a dynamic set of fields).
   */
  fields?: Record<string, string[]>;
  /**
   * Source paths the parser reads as optional (`r.opt.*`: the upstream only sometimes carries
   * them): their absence needs no warning (a value of another type still does). Each with why.
   * A path covers itself only, not the members of an object present there: a member such an
   * object always carries must still be warned when it is lost (`banner` quiet: no banner is
   * normal, a banner without its `image_url` is not), unless that member is listed quiet too.
   */
  quiet?: Record<string, string>;
  /**
   * Records nested in this one (a post's author): output path → the source paths of its own
   * identity. Mutating those may turn the nested record null as a whole (warned); its other
   * fields follow the one-field rule like the rest.
   */
  nested?: Record<string, { identity: string[]; why: string }>;
  /**
   * Source paths whose loss the parser cannot tell from a normal answer, whatever the mutation,
   * with why: a Relay fragment found by its id anywhere in the answer (one of another type is
   * just one fragment fewer). Their fields may degrade without a warning. Use sparingly.
   */
  unwarned?: Record<string, string>;
  /** Output lists that are one value (a `[start, end]` pair): whole or null, never one element degraded. */
  atomic?: string[];
  /**
   * The source object is an optional part of the record (a page header), not the record itself:
   * its removal or another type degrades the record like any other mutation (why).
   */
  rootOptional?: string;
  /** Error codes a root mutation may give besides UPSTREAM_FAILED (e.g. NOT_FOUND for `user: null`). */
  rootCodes?: string[];
  /** Object-key depth enumerated in full (default 3). */
  maxDepth?: number;
  /** How many deeper paths to sample (default 40), up to `sampleDepth` keys deep (default 8). */
  sample?: number;
  sampleDepth?: number;
  /** Paths (dotted, `*` for index) not enumerated at all, with why (e.g. a blob passed through whole). */
  skip?: Record<string, string>;
}

// ---------------------------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------------------------

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * JSON embedded in a page: the JSON text between `before` and `after` (the first match of each,
 * `after` searched from the JSON's start), so a test can mutate the object and put it back.
 */
export function embedded(page: string, before: RegExp, after: RegExp, encode: (json: string) => string = (j) => j) {
  const b = before.exec(page);
  if (!b) throw new Error(`no ${String(before)} in the page`);
  const start = b.index + b[0].length;
  const a = after.exec(page.slice(start));
  if (!a) throw new Error(`no ${String(after)} after ${String(before)}`);
  return embeddedAt(page, start, start + a.index, encode);
}

/** JSON embedded in a page at `page.slice(start, end)`. */
export function embeddedAt(page: string, start: number, end: number, encode: (json: string) => string = (j) => j) {
  return {
    json: JSON.parse(page.slice(start, end)) as unknown,
    /** The page with `value` in place of the JSON (an absent value leaves an empty script). */
    with: (value: unknown) => page.slice(0, start) + (value === undefined ? '' : encode(JSON.stringify(value))) + page.slice(end),
  };
}

export function at(root: unknown, path: Path): unknown {
  let cur = root;
  for (const k of path) {
    if (typeof k === 'number') {
      if (!Array.isArray(cur)) return undefined;
      cur = cur[k];
    } else {
      if (!isObj(cur) || !Object.hasOwn(cur, k)) return undefined;
      cur = cur[k];
    }
  }
  return cur;
}

/** A copy of `root` with `path` set to `value` (or deleted): only the containers on the path are copied. */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value === DELETE ? undefined : value;
  const [k, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = root.slice();
    if (rest.length === 0 && value === DELETE) copy.splice(k as number, 1);
    else copy[k as number] = setAt(root[k as number], rest, value);
    return copy;
  }
  const copy = { ...(root as Record<string, unknown>) };
  if (rest.length === 0 && value === DELETE) delete copy[k as string];
  else copy[k as string] = setAt(copy[k as string], rest, value);
  return copy;
}

export const show = (p: Path): string => (p.length ? p.join('.') : '(root)');

/** `pattern` (dotted, `*` any one step) matches the first segments of `path`. */
function patternSegs(pattern: string): string[] {
  return pattern === '' ? [] : pattern.split('.');
}

function segMatch(pat: string, seg: Seg): boolean {
  return pat === '*' || pat === String(seg);
}

/** How many segments of `path` the pattern covers when it is a prefix of it (-1: not a prefix). */
function prefixOf(pattern: string, path: Path): number {
  const segs = patternSegs(pattern);
  if (segs.length > path.length) return -1;
  for (let i = 0; i < segs.length; i++) if (!segMatch(segs[i], path[i])) return -1;
  return segs.length;
}

/** The pattern matches `path` itself (not an ancestor or a member of it). */
function isPath(pattern: string, path: Path): boolean {
  return prefixOf(pattern, path) === path.length;
}

/** `path` is a prefix of (an ancestor of, or the same as) a path the pattern matches. */
function pathIsAncestorOf(path: Path, pattern: string): boolean {
  const segs = patternSegs(pattern);
  if (path.length > segs.length) return false;
  for (let i = 0; i < path.length; i++) if (!segMatch(segs[i], path[i])) return false;
  return true;
}

/** Deterministic pseudo-random order of paths (a hash of the path, not Math.random). */
const hashOf = (p: Path) => createHash('sha1').update(show(p)).digest('hex');

export function enumeratePaths(src: unknown, opts: { maxDepth: number; sample: number; sampleDepth: number; skip: string[] }): Path[] {
  const full: Path[] = [];
  const deep: Path[] = [];
  const skipped = (p: Path) => opts.skip.some((s) => prefixOf(s, p) === patternSegs(s).length && patternSegs(s).length <= p.length);
  const walk = (node: unknown, path: Seg[], depth: number) => {
    if (Array.isArray(node)) {
      // Arrays: their first element stands for the others of its shape; an element of another
      // shape (another key set or type: a GROUP module beside a HEADER) is walked too, up to 4.
      const seen = new Set<string>();
      let walked = 0;
      node.forEach((el, i) => {
        const shape = isObj(el) ? `${String(el.type ?? el.__typename ?? '')}|${Object.keys(el).sort().join(',')}` : typeOf(el);
        if (seen.has(shape) || walked >= 4) return;
        seen.add(shape);
        walked++;
        walk(el, [...path, i], depth);
      });
      return;
    }
    if (!isObj(node)) return;
    for (const k of Object.keys(node)) {
      const p = [...path, k];
      if (skipped(p)) continue;
      const d = depth + 1;
      if (d <= opts.maxDepth) full.push(p);
      else if (d <= opts.sampleDepth) deep.push(p);
      else continue;
      walk(node[k], p, d);
    }
  };
  walk(src, [], 0);
  const sampled = deep
    .map((p) => ({ p, h: hashOf(p) }))
    .sort((a, b) => (a.h < b.h ? -1 : a.h > b.h ? 1 : 0))
    .slice(0, opts.sample)
    .map((x) => x.p);
  return [...full, ...sampled];
}

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Values of each other JSON type. The string is not a number, a URL or a date; the number is a small integer. */
const REPLACEMENTS: { kind: MutationKind; type: string; value: unknown }[] = [
  { kind: 'to-string', type: 'string', value: 'mutated' },
  { kind: 'to-number', type: 'number', value: 7 },
  { kind: 'to-object', type: 'object', value: { mutated: true } },
  { kind: 'to-array', type: 'array', value: ['mutated'] },
  { kind: 'to-null', type: 'null', value: null },
];

export function mutationsOf(src: unknown, paths: Path[]): Mutation[] {
  const out: Mutation[] = [];
  // The source itself: only its elements here (its removal and other types are the root cases).
  for (const path of [[], ...paths]) {
    const v = at(src, path);
    if (path.length) {
      if (typeof path[path.length - 1] === 'string') out.push({ kind: 'delete', path, value: DELETE });
      const t = typeOf(v);
      for (const r of REPLACEMENTS) if (r.type !== t) out.push({ kind: r.kind, path, value: r.value });
    }
    if (Array.isArray(v) && v.length > 0) {
      const el = [...path, 0];
      out.push({ kind: 'element-string', path: el, value: isObj(v[0]) || Array.isArray(v[0]) ? 'mutated' : { mutated: true } });
      if (isObj(v[0])) out.push({ kind: 'element-empty', path: el, value: {} });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Running and judging
// ---------------------------------------------------------------------------------------------

export interface Outcome {
  mutation: string;
  problem: string;
}

export interface Report {
  mutations: number;
  errors: number;
  failures: Outcome[];
}

function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
}

/**
 * Leaf paths of a record before and after, walked together: objects by key; lists element by
 * element while they keep their length (so a field inside one item is compared as a field), as
 * one value when the length changed (an item dropped or added).
 */
function pairLeaves(a: unknown, b: unknown, path: Seg[] = [], out = new Map<string, Path>()): Map<string, Path> {
  // An unchanged part holds no changed leaf: not walked (a page's 2,000 mutations spent most of
  // their time listing the leaves of the records they did not touch).
  if (same(a, b)) return out;
  if (isObj(a) && isObj(b) && (Object.keys(a).length > 0 || Object.keys(b).length > 0)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) pairLeaves(a[k], b[k], [...path, k], out);
  } else if (isObj(a) && b === undefined && Object.keys(a).length > 0) {
    for (const k of Object.keys(a)) pairLeaves(a[k], undefined, [...path, k], out);
  } else if (a === undefined && isObj(b) && Object.keys(b).length > 0) {
    for (const k of Object.keys(b)) pairLeaves(undefined, b[k], [...path, k], out);
  } else if (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.some((x) => isObj(x) || Array.isArray(x))) {
    a.forEach((x, i) => pairLeaves(x, b[i], [...path, i], out));
  } else out.set(show(path), path); // the record itself, when it is a list that changed length (or a scalar)
  return out;
}

/** Leaf paths of an output record: objects are walked, arrays and scalars are leaves. */
function leaves(v: unknown, path: Seg[] = [], out = new Map<string, Path>()): Map<string, Path> {
  if (isObj(v) && Object.keys(v).length > 0) {
    for (const k of Object.keys(v)) leaves(v[k], [...path, k], out);
  } else if (path.length) out.set(show(path), path);
  return out;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => same(x, bb[i]));
  }
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b as object, k) && same((a as never)[k], (b as never)[k]));
}

/** The mutated array equals the original with at most one element changed or removed. */
function oneElementAtMost(before: unknown, after: unknown): boolean {
  if (!Array.isArray(before) || !Array.isArray(after)) return false;
  if (after.length === before.length) return before.filter((x, i) => !same(x, after[i])).length <= 1;
  if (after.length === before.length - 1) {
    let i = 0;
    while (i < after.length && same(before[i], after[i])) i++;
    return after.every((x, j) => (j < i ? true : same(x, before[j + 1])));
  }
  return false;
}

const emptied = (v: unknown) => v === null || v === undefined || (Array.isArray(v) && v.length === 0);

/**
 * The record still lists the field but it (or an object holding it) is now null or []: a
 * degradation. A member that is simply gone was passed through, not listed (the schema makes
 * every listed field present).
 */
function nowEmpty(out: unknown, leaf: Path): boolean {
  let cur = out;
  for (const k of leaf) {
    if (cur === null) return true;
    cur = at(cur, [k]);
    if (cur === undefined) return false;
  }
  return cur === null || (Array.isArray(cur) && cur.length === 0);
}

export function judge<D>(spec: RecordSpec<D>, opts: { only?: (m: Mutation) => boolean } = {}): Report {
  const doc = deepFreeze(spec.load());
  const source = typeof spec.source === 'function' ? spec.source(doc) : spec.source;
  const src = at(doc, source);
  if (src === undefined) throw new Error(`${spec.name}: nothing at source ${show(source)}`);
  const outPath = spec.output ?? [];
  const baseline = captureWarnings(() => spec.parse(doc));
  const base = at(baseline.result, outPath);
  const checked = spec.schema.safeParse(baseline.result);
  if (!checked.success) throw new Error(`${spec.name}: the unmutated record does not match its schema: ${checked.error.message}`);

  const identity = Object.keys(spec.identity);
  const quiet = Object.keys(spec.quiet ?? {});
  const fields = spec.fields ?? {};
  /** What a field is read from; `own`: stated for the field itself (not inherited from an object or list holding it). */
  const depsOf = (leaf: Path): { deps: string[]; own: boolean } => {
    // The record as a whole (a list): read from the whole source object.
    if (!leaf.length) return { deps: fields['*'] ?? [''], own: true };
    for (let n = leaf.length; n > 0; n--) {
      const key = show(leaf.slice(0, n));
      if (fields[key]) return { deps: fields[key], own: n === leaf.length };
    }
    return { deps: fields['*'] ?? [show(leaf)], own: true };
  };

  const paths = enumeratePaths(src, {
    maxDepth: spec.maxDepth ?? 3,
    sample: spec.sample ?? 40,
    sampleDepth: spec.sampleDepth ?? 8,
    skip: Object.keys(spec.skip ?? {}),
  });
  // The source object itself absent or of another type: there is no record (typed error).
  const rootCases: Mutation[] = [
    { kind: 'delete', path: [], value: DELETE },
    ...REPLACEMENTS.filter((r) => r.type !== typeOf(src)).map((r) => ({ kind: r.kind, path: [] as Path, value: r.value })),
  ];
  const all = [...(spec.rootOptional ? rootCases : []), ...mutationsOf(src, paths)].filter((m) => !opts.only || opts.only(m));
  const report: Report = { mutations: 0, errors: 0, failures: [] };
  const fail = (m: Mutation, problem: string) => report.failures.push({ mutation: `${m.kind} ${show(m.path)}`, problem });

  for (const m of spec.rootOptional ? [] : opts.only ? rootCases.filter(opts.only) : rootCases) {
    report.mutations++;
    const mutated = source.length ? setAt(doc, source, m.value) : m.value === DELETE ? undefined : m.value;
    try {
      spec.parse(mutated as D);
      fail(m, 'the source object is gone, yet a record came back');
    } catch (e) {
      report.errors++;
      if (!(e instanceof ApiError)) fail(m, `threw ${String(e)}`);
      else if (e.code !== 'UPSTREAM_FAILED' && !(spec.rootCodes ?? []).includes(e.code))
        fail(m, `typed error ${e.code}, not UPSTREAM_FAILED`);
    }
  }

  for (const m of all) {
    report.mutations++;
    const mutated = setAt(doc, [...source, ...m.path], m.value) as D;
    let run: { result: unknown; warnings: { platform: string; field: string }[] };
    try {
      run = captureWarnings(() => spec.parse(mutated));
    } catch (e) {
      report.errors++;
      if (!(e instanceof ApiError)) fail(m, `crashed: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
      else {
        const ids = identity.filter((p) => pathIsAncestorOf(m.path, p));
        const codes = new Set(['UPSTREAM_FAILED', ...ids.flatMap((p) => codesOf(spec.identity[p]))]);
        if (!ids.length) fail(m, `failed the whole record (${e.code}: ${e.message})`);
        else if (!codes.has(e.code)) fail(m, `identity failure as ${e.code}, not ${[...codes].join('/')}`);
      }
      continue;
    }
    const valid = spec.schema.safeParse(run.result);
    if (!valid.success) {
      fail(m, `record does not match its schema: ${valid.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      continue;
    }
    const out = at(run.result, outPath);
    const keys = pairLeaves(base, out);
    let degraded = false;
    for (const [name, leaf] of keys) {
      const before = at(base, leaf);
      const after = at(out, leaf);
      if (same(before, after)) continue;
      // Only fields read from the mutated part may change.
      const { deps, own } = depsOf(leaf);
      const hit = deps.map((d) => ({ d, n: prefixOf(d, m.path) })).find((x) => x.n >= 0 || pathIsAncestorOf(m.path, x.d));
      // (A nested record's output path may hold `*` for any one step: `tracks.*.user`.)
      const nestedGone = Object.entries(spec.nested ?? {}).some(([prefix, n]) => {
        const depth = prefixOf(prefix, leaf);
        return depth >= 0 && n.identity.some((p) => pathIsAncestorOf(m.path, p)) && at(out, leaf.slice(0, depth)) === null;
      });
      if (nestedGone) {
        degraded = true;
        continue;
      }
      if (!hit) {
        fail(m, `field ${name} changed (${brief(before)} → ${brief(after)}) though the mutation is not in what it is read from`);
        continue;
      }
      // A mutation inside one element of a list changes or drops that element only.
      // (For a list read as part of something larger — a list inside one item of the record's
      // list — the mutation changes that larger thing, not one element of this list.)
      const inElement = own && hit.n >= 0 && m.path.some((seg, i) => typeof seg === 'number' && i >= Math.max(0, hit.n - 1));
      // A list the parser leaves out when empty (an optional key) counts as [] here.
      const afterList = after === undefined ? [] : after;
      if (inElement && Array.isArray(before) && !(spec.atomic ?? []).includes(name) && !oneElementAtMost(before, afterList)) {
        fail(
          m,
          `list ${name} changed beyond the one mutated element (${before.length} → ${Array.isArray(after) ? after.length : brief(after)})`,
        );
      }
      if (!emptied(before) && (nowEmpty(out, leaf) || (Array.isArray(before) && Array.isArray(after) && after.length < before.length)))
        degraded = true;
    }
    const announced = run.warnings.some((w) => w.platform === spec.platform);
    // An explicit null is data; an absent optional part is normal; anything else that degraded a field is warned.
    // A quiet path is that path alone: a member an optional object always carries, lost while the
    // object is there, is a changed shape (warned) unless the member is listed quiet itself.
    const absentOptional =
      (m.kind === 'delete' && quiet.some((q) => isPath(q, m.path))) ||
      Object.keys(spec.unwarned ?? {}).some((q) => prefixOf(q, m.path) >= 0);
    if (degraded && !announced && m.kind !== 'to-null' && !absentOptional) {
      fail(m, 'a field degraded to null/[] (or a list lost an element) without a parser warning');
    }
  }
  return report;
}

const codesOf = (v: string | { codes: string[] }) => (typeof v === 'string' ? [] : v.codes);

function brief(v: unknown): string {
  const s = JSON.stringify(v) ?? 'undefined';
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/** One failure a line, for the assertion message. */
export function listFailures(r: Report): string {
  // Grouped by path and problem: `edges.0.node [delete, to-string]: failed the whole record …`.
  const groups = new Map<string, { path: string; kinds: string[]; problem: string }>();
  for (const f of r.failures) {
    const [kind, path] = f.mutation.split(' ');
    const key = `${path}\u0000${f.problem}`;
    const g = groups.get(key) ?? { path, kinds: [], problem: f.problem };
    g.kinds.push(kind);
    groups.set(key, g);
  }
  return [...groups.values()].map((g) => `  ${g.path} [${g.kinds.join(', ')}]: ${g.problem}`).join('\n');
}

/** The path of the first object (depth first) `pred` accepts, with the key it is held under. */
export function findPath(root: unknown, pred: (o: Record<string, unknown>, key: Seg | null) => boolean): Path | null {
  const walk = (v: unknown, path: Seg[], key: Seg | null): Path | null => {
    if (isObj(v) && pred(v, key)) return path;
    const children: [Seg, unknown][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : isObj(v) ? Object.entries(v) : [];
    for (const [k, x] of children) {
      const found = walk(x, [...path, k], k);
      if (found) return found;
    }
    return null;
  };
  return walk(root, [], null);
}

// ---------------------------------------------------------------------------------------------
// Pure-HTML parsers: the elements of one record, removed or renamed
// ---------------------------------------------------------------------------------------------

export interface HtmlSpec {
  name: string;
  platform: string;
  load(): string;
  parse(html: string): unknown;
  schema: z.ZodType;
  /** The record's element (its first match is mutated, with every element inside it). */
  scope: string;
  /**
   * The list of the result that holds the record, when the page is a list (search results,
   * trending developers): the record is its first item, and an item that loses its identity is
   * left out (the list loses one element), never the page. Absent: the record is the result.
   */
  list?: (result: unknown) => unknown[];
  /**
   * Selectors of elements that make the record that record, with why: their mutation may fail the
   * record (a page), or (a list item) leave the item out without a warning — without them it is
   * not recognisable as an item at all.
   */
  identity?: Record<string, string>;
  /** Output field (dotted, in the record) → selectors of elements it is read from, beyond its value's own text. */
  fields?: Record<string, string[]>;
  /** Selectors of elements a record may lack (their removal or renaming needs no warning), with why. */
  quiet?: Record<string, string>;
  /**
   * Selectors of elements a page may simply have fewer of (a link button, an icon): their removal
   * needs no warning; renamed (stripped of their classes, another tag) they must still be noticed.
   */
  removable?: Record<string, string>;
  /** How many elements of the scope to mutate (document order; default 40). */
  maxElements?: number;
}

type HtmlKind = 'remove' | 'strip-attributes' | 'retag';

interface Located {
  start: number;
  end: number;
  tagStart: number;
  tagEnd: number;
  name: string;
  endTag: { start: number; end: number } | null;
  /** The element as written in the page. */
  outer: string;
  el: unknown;
}

export function judgeHtml(spec: HtmlSpec): Report {
  const page = spec.load();
  const $ = cheerio.load(page, { sourceCodeLocationInfo: true });
  const scope = $(spec.scope).first();
  if (!scope.length) throw new Error(`${spec.name}: no ${spec.scope} in the page`);
  const located: Located[] = [scope[0], ...scope.find('*').toArray()]
    .map((el): Located | null => {
      const loc = (el as { sourceCodeLocation?: Loc }).sourceCodeLocation;
      if (!loc?.startTag) return null;
      const name = (el as { name: string }).name;
      return {
        start: loc.startOffset,
        end: loc.endOffset,
        tagStart: loc.startTag.startOffset,
        tagEnd: loc.startTag.endOffset,
        name,
        endTag: loc.endTag ? { start: loc.endTag.startOffset, end: loc.endTag.endOffset } : null,
        outer: page.slice(loc.startOffset, loc.endOffset),
        el,
      };
    })
    .filter((x): x is Located => x !== null)
    .slice(0, spec.maxElements ?? 40);

  const baseline = spec.parse(page);
  const checked = spec.schema.safeParse(baseline);
  if (!checked.success) throw new Error(`${spec.name}: the unmutated record does not match its schema: ${checked.error.message}`);
  const baseList = spec.list?.(baseline);
  const base = baseList ? baseList[0] : baseline;
  const rest = (result: unknown) => (spec.list ? spec.list(result).slice(1) : []);
  const report: Report = { mutations: 0, errors: 0, failures: [] };

  const matchesAny = (l: Located, selectors: string[]) =>
    selectors.some((sel) => {
      // Inside the record's element only (the element itself would hold everything).
      const hits = scope.find(sel).toArray();
      return hits.some((h) => h === l.el || $(l.el as never).find(h as never).length > 0 || $(h as never).find(l.el as never).length > 0);
    });
  const explained = (leaf: string, before: unknown, l: Located) => {
    const fieldSels = Object.entries(spec.fields ?? {}).filter(([k]) => leaf === k || leaf.startsWith(`${k}.`));
    if (fieldSels.some(([, sels]) => matchesAny(l, sels))) return true;
    // The value as written in the mutated element (text, an attribute; a URL by its path).
    const values = (Array.isArray(before) ? before : [before]).filter((v) => v !== null && v !== undefined).map(String);
    const html = decodeEntities(l.outer);
    const decoded = safeDecodeURI(html);
    // The element's text, collapsed as the parsers collapse it: part of the value, or holding it.
    const text = $(l.el as never)
      .text()
      .replace(/\s+/g, ' ')
      .trim();
    return values.some((v) => {
      if (html.includes(v) || decoded.includes(v) || (text && (v.includes(text) || text.includes(v)))) return true;
      try {
        const u = new URL(v);
        return u.pathname.length > 1 && html.includes(u.pathname);
      } catch {
        return false;
      }
    });
  };

  // In a list, the item's own element removed or renamed is a page with one item fewer: nothing to tell.
  for (const l of spec.list ? located.slice(1) : located) {
    for (const kind of ['remove', 'strip-attributes', 'retag'] as HtmlKind[]) {
      report.mutations++;
      const mutated = mutateHtml(page, l, kind);
      const label = `<${l.name}${describeAttrs(l.outer)}>`;
      const fail = (problem: string) => report.failures.push({ mutation: `${kind} ${label.replace(/ /g, '\u00a0')}`, problem });
      let run: { result: unknown; warnings: { platform: string }[] };
      try {
        run = captureWarnings(() => spec.parse(mutated));
      } catch (e) {
        report.errors++;
        const identity = Object.keys(spec.identity ?? {});
        if (!(e instanceof ApiError)) fail(`crashed: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
        else if (spec.list || !matchesAny(l, identity)) fail(`failed the whole record (${e.code}: ${e.message})`);
        else if (e.code !== 'UPSTREAM_FAILED') fail(`identity failure as ${e.code}, not UPSTREAM_FAILED`);
        continue;
      }
      const valid = spec.schema.safeParse(run.result);
      if (!valid.success) {
        fail(`record does not match its schema: ${valid.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
        continue;
      }
      const announced = run.warnings.some((w) => w.platform === spec.platform);
      // An optional element renamed is, to the parser, an optional element absent.
      const absentOptional =
        matchesAny(l, Object.keys(spec.quiet ?? {})) || (kind === 'remove' && matchesAny(l, Object.keys(spec.removable ?? {})));
      if (spec.list) {
        const list = spec.list(run.result);
        // Everything but the record (the other items, the page's own fields) is untouched.
        const others = (r: unknown) => ({ page: withoutList(r, spec.list!), items: rest(r) });
        if (list.length === baseList!.length - 1) {
          // The record lost its identity and was left out: warned, and the rest unchanged.
          if (!same(list, baseList!.slice(1))) fail('the list changed beyond the one mutated item');
          if (!announced && !matchesAny(l, Object.keys(spec.identity ?? {}))) fail('an item was left out without a parser warning');
          if (!same(withoutList(run.result, spec.list), withoutList(baseline, spec.list))) fail('the page around the list changed');
          continue;
        }
        if (list.length !== baseList!.length || !same(others(run.result), others(baseline))) {
          fail(`the rest of the page changed (${baseList!.length} → ${list.length} items)`);
          continue;
        }
      }
      const out = spec.list ? spec.list(run.result)[0] : run.result;
      let degraded = false;
      for (const [name, leaf] of new Map([...leaves(base), ...leaves(out)])) {
        const before = at(base, leaf);
        const after = at(out, leaf);
        if (same(before, after)) continue;
        if (!explained(name, before, l))
          fail(`field ${name} changed (${brief(before)} → ${brief(after)}) though the element does not hold it`);
        if (!emptied(before) && (nowEmpty(out, leaf) || after === '')) degraded = true;
      }
      if (degraded && !announced && !absentOptional) fail('a field degraded to null/[] without a parser warning');
    }
  }
  return report;
}

interface Loc {
  startOffset: number;
  endOffset: number;
  startTag?: { startOffset: number; endOffset: number };
  endTag?: { startOffset: number; endOffset: number };
}

function mutateHtml(page: string, l: Located, kind: HtmlKind): string {
  if (kind === 'remove') return page.slice(0, l.start) + page.slice(l.end);
  if (kind === 'strip-attributes') {
    // Class, id and every other attribute renamed away: selectors by class or attribute miss it.
    const selfClosing = page.slice(l.tagStart, l.tagEnd).endsWith('/>');
    return page.slice(0, l.tagStart) + `<${l.name} data-mutated${selfClosing ? '/>' : '>'}` + page.slice(l.tagEnd);
  }
  // retag: the same attributes and content under another tag name.
  const tag = page.slice(l.tagStart, l.tagEnd).replace(new RegExp(`^<${l.name}`, 'i'), '<x-mutated');
  if (!l.endTag) return page.slice(0, l.tagStart) + tag + page.slice(l.tagEnd);
  return page.slice(0, l.tagStart) + tag + page.slice(l.tagEnd, l.endTag.start) + '</x-mutated>' + page.slice(l.endTag.end);
}

function describeAttrs(outer: string): string {
  const tag = /^<[^\s>]+([^>]*)>/.exec(outer)?.[1] ?? '';
  const cls = /\bclass="([^"]*)"/.exec(tag)?.[1];
  const id = /\bid="([^"]*)"/.exec(tag)?.[1];
  return `${id ? `#${id}` : ''}${cls ? `.${cls.trim().split(/\s+/).join('.')}` : ''}`;
}

function withoutList(result: unknown, list: (r: unknown) => unknown[]): unknown {
  const items = list(result);
  const strip = (v: unknown): unknown =>
    v === items ? '(list)' : isObj(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, strip(x)])) : v;
  return strip(result);
}

/** A page's text with its %-escapes decoded (a redirect's `d=https%3A%2F%2F…` target). */
const safeDecodeURI = (s: string) =>
  s.replace(/(?:%[0-9A-Fa-f]{2})+/g, (m) => {
    try {
      return decodeURIComponent(m);
    } catch {
      return m;
    }
  });

const decodeEntities = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|#39|#x27|apos|nbsp);/g,
    (m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", apos: "'", nbsp: ' ' })[e] ?? m,
  );
