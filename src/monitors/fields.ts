/**
 * What a monitor watches in its operation's record, read off the record's zod schema (the one
 * source of a record's fields: src/platforms/records.ts) as src/platforms/schema-walk.ts reads it
 * (a union record has every option's fields; a number-or-flag is a value):
 *
 *  - a watched field is a dotted path into the record (what REST carries, under `rest.wrap` when
 *    the operation has one); a path through a list maps over its items (`emails.email`: every
 *    address of the list). A path the schema does not have is refused when the monitor is made;
 *  - its kind: `number` (a top-level number or one inside objects: a series, kept in snapshots),
 *    `list` (a path through a list, or to one: compared as a set) or `value` (anything else:
 *    compared as a whole);
 *  - the default (`defaultWatch`): the operation's own `watch` when it narrows it (the creator
 *    tools: their e-mail addresses, their profiles), else the record's top-level fields (and those
 *    of its top-level objects: `user.followers`) that every record carries (every option of a
 *    union) and that are numbers, strings, lists of strings, or lists of objects watched by each
 *    item's `email`, `url`, `uri` or `id` (`emails.email`, `posts.url`); pagination tokens
 *    (`cursor`…) are left out.
 *
 * Changes (`diff`): a number or value that differs is one change `{field, before, after}`; a list
 * compares as a set: an item added is `{before: null, after: item}`, one removed
 * `{before: item, after: null}` (items and values compared by their JSON with every object's keys in
 * one order — `canonicalJson` —, a list inside a value by its order).
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { parseShownCount } from '../parse/counts.js';
import type { ShownCount } from '../parse/counts.js';
import type { OperationDef } from '../platforms/operation.js';
import { countTexts } from '../platforms/records.js';
import { fieldPaths, memberNode, nodeOf } from '../platforms/schema-walk.js';
import type { SchemaNode } from '../platforms/schema-walk.js';

/** `count`: a count as the platform shows it, a text ("1.2M subscribers": records.ts NCountText), compared as the count it stands for. */
export type FieldKind = 'number' | 'list' | 'value' | 'count';

export interface Change {
  field: string;
  before: unknown;
  after: unknown;
}

/** Watched fields a monitor may have, and a path's length. */
export const WATCH_MAX = 100;
export const PATH_MAX = 200;

const ANY: SchemaNode = { kind: 'any' };
const isNumber = (n: SchemaNode) => n.kind === 'scalar' && n.type === 'number';
const isString = (n: SchemaNode) => n.kind === 'scalar' && n.type === 'string';

/** A path's kind in the schema, or why it is not one of the record's (a message naming the step). */
export function kindOf(record: z.ZodType, path: string): FieldKind | { problem: string } {
  const steps = path.split('.');
  if (!path || path.length > PATH_MAX || steps.some((s) => !s))
    return { problem: `must be a dotted path of at most ${PATH_MAX} characters (e.g. description, links, emails.email)` };
  let n = nodeOf(record);
  let throughList = false;
  let schemas: readonly z.ZodType[] = [];
  for (let i = 0; i < steps.length; i++) {
    while (n.kind === 'list') {
      throughList = true;
      n = n.item;
    }
    schemas = [];
    if (n.kind === 'object') {
      const member = n.members.get(steps[i]);
      if (member) schemas = member.alternatives;
      else if (n.rest.length) schemas = n.rest;
      else return { problem: `the record has no field ${steps.slice(0, i + 1).join('.')}` };
      n = nodeOf(schemas);
    } else if (n.kind === 'any') {
      // Passed through as the upstream gives it: any member may be there.
      n = ANY;
    } else return { problem: `${steps.slice(0, i).join('.')} has no fields (it is not an object)` };
  }
  if (n.kind === 'list' || throughList) return 'list';
  if (isNumber(n)) return 'number';
  return isString(n) && schemas.length > 0 && schemas.every(isCountText) ? 'count' : 'value';
}

/** Whether a schema is a count text (records.ts `countTexts`), seen through nullable and optional. */
function isCountText(s: z.ZodType): boolean {
  let at: z.ZodType | undefined = s;
  for (let i = 0; at && i < 8; i++) {
    if (countTexts.get(at)?.countText) return true;
    at = (at as unknown as { _zod: { def: { innerType?: z.ZodType } } })._zod.def.innerType;
  }
  return false;
}

/** Pagination tokens and type tags: they change from one run to the next without anything changing. */
const NOT_TRACKED = /^(cursor|after|before|next_?cursor|next_?page_?token|page_?token|__typename)$/i;

/** What names an item of a list (its e-mail, its link, else its id), here or in one of its object fields (`post.uri`). */
const IDENTITY = ['email', 'url', 'uri', 'permalink', 'post_url', 'id', 'id_string', 'handle', 'username'];

function identityOf(item: SchemaNode, depth = 1): string | null {
  const own = IDENTITY.find((k) => {
    const n = memberNode(item, k);
    return n && (isString(n) || (k === 'id' && isNumber(n)));
  });
  if (own) return own;
  if (depth === 0 || item.kind !== 'object') return null;
  for (const name of item.members.keys()) {
    const inner = identityOf(memberNode(item, name)!, depth - 1);
    if (inner) return `${name}.${inner}`;
  }
  return null;
}

/**
 * A trackable field (see the header): a number or string (a scalar but a flag), a list of
 * strings, or a list of objects by each item's identity (`emails.email`).
 */
function trackedTail(n: SchemaNode): string | null {
  if (n.kind === 'scalar') return n.type === 'boolean' ? null : '';
  if (n.kind !== 'list') return null;
  if (isString(n.item)) return '';
  const key = n.item.kind === 'object' ? identityOf(n.item) : null;
  return key ? `.${key}` : null;
}

/**
 * The fields a monitor of `op` watches when its creator names none (see the header): the record's
 * own that every record carries, and those of its object fields two levels down (`{user: {…}}`
 * records: `user.followers`; `{data: {user: {…}}}`), but not pagination tokens; a list of objects
 * by each item's e-mail, link or id. The `.optional()` members (one per linked platform, present
 * when the page links it) are in `links` already.
 */
export function defaultWatch(op: OperationDef): string[] {
  if (op.watch) return [...op.watch];
  const rule = { levels: 3, alwaysOnly: true, skip: (name: string) => NOT_TRACKED.test(name), leaf: trackedTail };
  return fieldPaths(nodeOf(op.record), rule).slice(0, WATCH_MAX);
}

/**
 * The values at `path` in `record`; a list step maps over its items. `sawList`: whether a list
 * was met on the way (an empty list is a list known empty; a list the record leaves out or null
 * is unknown).
 */
function valuesAt(record: unknown, path: string): { found: unknown[]; sawList: boolean } {
  let at: unknown[] = [record];
  let sawList = false;
  for (const step of path.split('.')) {
    const next: unknown[] = [];
    for (const v of at) {
      if (Array.isArray(v)) sawList = true;
      const items = Array.isArray(v) ? v : [v];
      for (const item of items) {
        if (item !== null && typeof item === 'object' && !Array.isArray(item) && Object.hasOwn(item, step))
          next.push((item as Record<string, unknown>)[step]);
      }
    }
    at = next;
  }
  if (at.some(Array.isArray)) sawList = true;
  return { found: at, sawList };
}

/**
 * What a watched field holds in a record: a number or value (null when absent), or a list
 * (de-duplicated, in order) — null when the record carries no list there (left out, or null: an
 * optional request that failed), which is "unknown", not "empty".
 */
export function extract(record: unknown, path: string, kind: FieldKind): unknown {
  const { found, sawList } = valuesAt(record, path);
  if (kind !== 'list') {
    const v = found[0];
    return v === undefined ? null : v;
  }
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const v of found.flatMap((x) => (Array.isArray(x) ? x : [x]))) {
    if (v === null || v === undefined) continue;
    const k = canonicalJson(v);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(v);
  }
  return out.length || sawList ? out : null;
}

/** Every watched field's value in a record. */
export function valuesOf(record: unknown, watch: readonly { path: string; kind: FieldKind }[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const w of watch) out[w.path] = extract(record, w.path, w.kind);
  return out;
}

/** The numeric values of a run (its snapshot): the `number` fields that hold one. */
export function snapshotOf(values: Record<string, unknown>, watch: readonly { path: string; kind: FieldKind }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const w of watch) {
    const v = values[w.path];
    if (w.kind === 'number' && typeof v === 'number' && Number.isFinite(v)) out[w.path] = v;
  }
  return out;
}

/**
 * Bytes of watched values a monitor keeps whole for its next run to compare with (`last_values`),
 * field by field in watch order (keptValues). Past it a value — in a list, an item — is kept as
 * its hash (KeptHash: the SHA-256 and length of its JSON), which is enough to tell whether it
 * changed; one no longer than its hash would be is kept whole all the same. Before, every value
 * was kept whole: a monitor watching `user.bio` and `user` of a record with a 3 MB bio kept ~6 MB
 * for its next run (×MONITORS_MAX_PER_KEY monitors a key), counted nowhere.
 */
export const LAST_VALUES_BYTES = 1024 * 1024;

/**
 * A monitor's bytes of last values kept whole: LAST_VALUES_BYTES, or its share of half its key's
 * quota (MONITORS_KEY_QUOTA_MB / 2 / MONITORS_MAX_PER_KEY) when smaller — 327 KiB with the
 * defaults. The last values count in the key's quota with its history (store.ts), so together they
 * take at most half of it (and the hashes of what does not fit) and history always has the rest:
 * a run's own changes (RUN_CHANGES_BYTES) are never trimmed away to make room for values. Before,
 * they were counted nowhere: 100 monitors of 1 MiB each held ~100 MiB a key beyond its 64 MiB.
 */
export const VALUES_SHARE_OF_QUOTA = 2;

export const lastValuesBudget = (cfg: { keyQuotaBytes: number; maxPerKey: number }): number =>
  Math.min(LAST_VALUES_BYTES, Math.floor(cfg.keyQuotaBytes / VALUES_SHARE_OF_QUOTA / cfg.maxPerKey));

/**
 * A value a monitor did not keep whole — a run's changes past RUN_CHANGES_BYTES (store.ts
 * keptChanges), a value kept for the next run past LAST_VALUES_BYTES (shown as a change's `before`):
 * its JSON's length. The one marker of both (docs/monitors.md).
 */
export interface TooLargeToKeep {
  too_large_to_keep: true;
  /** The value's JSON length. */
  bytes: number;
}

export const tooLargeToKeep = (bytes: number): TooLargeToKeep => ({ too_large_to_keep: true, bytes });

/** What the next run compares with, of a value (or list item) kept past LAST_VALUES_BYTES. */
export interface KeptHash extends TooLargeToKeep {
  /** SHA-256 of its JSON (hex). */
  sha256: string;
}

/** The JSON length of a KeptHash: a value this short is kept whole whatever is left. */
const HASH_BYTES = JSON.stringify({ too_large_to_keep: true, bytes: 1e9, sha256: '0'.repeat(64) }).length;

const sha256 = (json: string): string => createHash('sha256').update(json).digest('hex');

/** A KeptHash as keptValues writes it (a value of this shape is itself always kept as one: never mistaken for another's). */
function isKeptHash(v: unknown): v is KeptHash {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  return (
    Object.keys(o).length === 3 &&
    o.too_large_to_keep === true &&
    typeof o.bytes === 'number' &&
    typeof o.sha256 === 'string' &&
    /^[0-9a-f]{64}$/.test(o.sha256)
  );
}

/** A run's values as its monitor keeps them for the next run, `budget` bytes whole (see LAST_VALUES_BYTES, lastValuesBudget). */
export function keptValues(
  values: Record<string, unknown>,
  watch: readonly { path: string; kind: FieldKind }[],
  budget = LAST_VALUES_BYTES,
): Record<string, unknown> {
  let left = budget;
  const keep = (v: unknown): unknown => {
    // Its hash is of its canonical JSON (keys sorted: keyOf), as long as its JSON.
    const json = canonicalJson(v ?? null);
    if (!isKeptHash(v) && (json.length <= left || json.length <= HASH_BYTES)) {
      left -= Math.min(left, json.length);
      return v;
    }
    return { ...tooLargeToKeep(json.length), sha256: sha256(json) } satisfies KeptHash;
  };
  const out: Record<string, unknown> = {};
  for (const w of watch) {
    if (!Object.hasOwn(values, w.path)) continue;
    const v = values[w.path];
    out[w.path] = w.kind === 'list' && Array.isArray(v) ? v.map(keep) : keep(v);
  }
  return out;
}

/**
 * A value's JSON with every object's keys in one order (sorted), its lists' items in theirs: two
 * answers of the same value whose objects list their keys otherwise (another code path of the
 * parser, the upstream's own order) have the same. A list item or a value is compared by it — a
 * value's own lists by their order (only a watched list is a set: diff). Before, values were
 * compared by their JSON as given: the same object with its keys in another order was a change.
 */
export function canonicalJson(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => {
    if (x === null || typeof x !== 'object' || Array.isArray(x)) return x;
    const o = x as Record<string, unknown>;
    const sorted: Record<string, unknown> = {};
    for (const k of Object.keys(o).sort()) sorted[k] = o[k];
    return sorted;
  });
}

/** What a value is compared by: the hash of its canonical JSON. */
const keyOf = (v: unknown): string => sha256(canonicalJson(v ?? null));

/** The same of a value as kept (whole, or a KeptHash). */
const keptKeyOf = (v: unknown): string => (isKeptHash(v) ? v.sha256 : keyOf(v));

/**
 * What a run's value (or item) matches of those kept: its key, and — for a KeptHash written
 * before hashes were canonical (the hash of its JSON as given) — that one's too, when it differs.
 * A value kept whole is compared by its key alone.
 */
function keysOf(v: unknown): string[] {
  const canonical = canonicalJson(v ?? null);
  const given = JSON.stringify(v ?? null);
  return given === canonical ? [sha256(canonical)] : [sha256(canonical), sha256(given)];
}

/** A kept value as a change's `before`: a KeptHash without its hash (TooLargeToKeep). */
const shown = (v: unknown): unknown => (isKeptHash(v) ? tooLargeToKeep(v.bytes) : v);

/**
 * The step a count was rounded to, when it looks rounded as platforms show counts ("1.2M",
 * "551K": at most 3 significant digits, from 1,000 on, src/parse/counts.ts): 10^(its trailing
 * zeros); 1 for any other number (exact as far as can be told).
 */
function roundingStep(n: number): number {
  if (!Number.isSafeInteger(n) || Math.abs(n) < 1000) return 1;
  let step = 1;
  let m = Math.abs(n);
  while (m % 10 === 0) {
    m /= 10;
    step *= 10;
  }
  return m < 1000 ? step : 1;
}

/**
 * Whether two counts may be the same count, one of them rounded ("1.2M" one run, 1,234,567 the
 * next): one looks rounded (`roundingStep` > 1: at most 3 significant digits) and the other is
 * exact beyond what any rounding shows (from 1,000 on, more than 3 significant digits); the
 * rounded `r` with step `u` stands for anything from `r - u/2` (rounded to the nearest) to just
 * under `r + u` (cut down), and the exact one is in it. Two counts that both look rounded (1,000
 * and 1,500; 10,000 and 12,000), or both exact, are the same only when equal.
 */
function sameCount(a: number, b: number): boolean {
  if (a === b) return true;
  const sa = roundingStep(a);
  const sb = roundingStep(b);
  if (sa > 1 === sb > 1) return false;
  const [r, u, exact] = sa > 1 ? [a, sa, b] : [b, sb, a];
  return Number.isSafeInteger(exact) && Math.abs(exact) >= 1000 && exact >= r - u / 2 && exact < r + u;
}

/** The count a text shows, with the step of its shown digits (src/parse/counts.ts parseShownCount). */
const shownCount = (v: unknown): ShownCount | null => (typeof v === 'string' ? parseShownCount(v) : null);

/**
 * Whether two count texts may show one count: the same, or of different precision and what each
 * can stand for overlaps — a count shown with step `u` as `r` is anything from `r − u/2` (rounded
 * to the nearest) to just under `r + u` (cut down), as `sameCount` reads a rounded number. "1.2M"
 * and "1.23M" may be one count; "1.2M" and "1.31M" may not; two of one precision ("1.2M",
 * "1.3M") are compared as they are.
 */
function sameShownCount(a: ShownCount, b: ShownCount): boolean {
  if (a.n === b.n) return true;
  if (a.step === b.step) return false;
  return a.n - a.step / 2 < b.n + b.step && b.n - b.step / 2 < a.n + a.step;
}

/** Whether two values of a field of `kind` are the same: counts as counts (`sameCount`, `sameShownCount`), anything else by structure. */
function sameValue(a: unknown, b: unknown, kind: FieldKind): boolean {
  if (typeof a === 'number' && typeof b === 'number') return sameCount(a, b);
  if (kind === 'count') {
    const [ca, cb] = [shownCount(a), shownCount(b)];
    if (ca && cb) return sameShownCount(ca, cb);
  }
  return keysOf(b).includes(keptKeyOf(a));
}

/** Of two values `sameValue` found the same, whether the kept one (`a`) says more than the new one: the more precise count is kept. */
function morePrecise(a: unknown, b: unknown, kind: FieldKind): boolean {
  if (typeof a === 'number' && typeof b === 'number') return sameCount(a, b) && roundingStep(a) < roundingStep(b);
  if (kind !== 'count') return false;
  const [ca, cb] = [shownCount(a), shownCount(b)];
  return ca !== null && cb !== null && sameShownCount(ca, cb) && ca.step < cb.step;
}

/**
 * Whether a run's answer says nothing of a field: a number or list it does not carry (null: left
 * out, or the optional request that brings it failed) — never "removed" nor "0"; in a partial or
 * degraded answer, any null, and in a degraded one an empty list too.
 */
const unknownIn = (v: unknown, kind: FieldKind, answer: AnswerKind): boolean =>
  v === null || v === undefined
    ? kind !== 'value' || answer.partial === true || answer.degraded === true
    : answer.degraded === true && kind === 'list' && Array.isArray(v) && v.length === 0;

/** What kind of answer a run's values come from (run.ts). */
export interface AnswerKind {
  /** It says it is partial (the creator tools: some scan failed): its nulls and the list items it lacks are unknown. */
  partial?: boolean;
  /**
   * A parser warned while the run read it (run.ts): a field the upstream normally carries was
   * missing (null, or an empty list) or an optional request failed. Its nulls and empty lists are
   * unknown. (The first degraded answer in a row is also `partial` to the monitor, run.ts.)
   */
  degraded?: boolean;
  /**
   * It is one page of a longer list (a next page is said: `pagesOf`) — every list of it (true) or
   * these watched lists: an item such a list lacks is on another page, not removed.
   */
  page?: boolean | ReadonlySet<string>;
}

/** Items of a list a run keeps beyond its answer's own (a partial answer's or a page's lacking ones), at most. */
export const CARRIED_ITEMS_MAX = 1000;

/** A member holding the token of the next page (`cursor`, `end_cursor`, `next`, `next_page_token`…). */
const PAGE_TOKEN = /^(cursor|after|next|next_?cursor|end_?cursor|next_?page|next_?page_?token|page_?token)$/i;
/** A member saying whether there is a next page (`has_next_page`, `has_more`): where there is one, it decides. */
const PAGE_FLAG = /^(has_?next_?page|has_?more|more_?available)$/i;

/** An object of a record (not inside one of its lists) with members that tell whether the record is one page of a longer list. */
interface PageMark {
  /** Its path in the record. */
  at: readonly string[];
  tokens: string[];
  flags: string[];
  /** It has a list of its own (then it pages that, not a list beside it). */
  lists: boolean;
}

/** Objects read this deep at most for page members (`data.user.edge_owner_to_timeline_media.page_info` is 5). */
const PAGE_MARK_LEVELS = 6;

const pageMarksKnown = new WeakMap<z.ZodType, PageMark[]>();

/**
 * Where a record's schema has page members: a scalar member named as a next-page token, or a
 * boolean saying whether there is a next page — at the top (`cursor` of /v1/video/videos) or
 * nested (`page_info.end_cursor` and `has_next_page` of a profile's first posts). Lists are not
 * walked into (an item's own cursor pages that item's replies, not the list).
 */
function pageMarksOf(record: z.ZodType): PageMark[] {
  let marks = pageMarksKnown.get(record);
  if (marks) return marks;
  marks = [];
  const walk = (n: SchemaNode, at: string[]) => {
    if (n.kind !== 'object' || at.length >= PAGE_MARK_LEVELS) return;
    const mark: PageMark = { at, tokens: [], flags: [], lists: false };
    for (const [name, m] of n.members) {
      const child = nodeOf(m.alternatives);
      if (child.kind === 'object') walk(child, [...at, name]);
      else if (child.kind === 'list') mark.lists = true;
      else if (child.kind === 'scalar' && child.type === 'boolean' && PAGE_FLAG.test(name)) mark.flags.push(name);
      else if (child.kind === 'scalar' && child.type !== 'boolean' && PAGE_TOKEN.test(name)) mark.tokens.push(name);
    }
    if (mark.tokens.length || mark.flags.length) marks!.push(mark);
  };
  walk(nodeOf(record), []);
  pageMarksKnown.set(record, marks);
  return marks;
}

/** The object path holding a watched list path's first list (`edges` of `a.b.edges.node.id`: a.b), or null when it meets none. */
function listHolder(record: z.ZodType, path: string): string[] | null {
  const steps = path.split('.');
  let n = nodeOf(record);
  for (let i = 0; i < steps.length; i++) {
    if (n.kind === 'list') return steps.slice(0, i);
    const next = memberNode(n, steps[i]);
    if (!next) return null;
    n = next;
  }
  return n.kind === 'list' ? steps.slice(0, -1) : null;
}

const isPrefix = (p: readonly string[], of: readonly string[]) => p.length <= of.length && p.every((s, i) => of[i] === s);

/**
 * Whether a page mark pages the list held at `holder`: the lists of the object it is of, at any
 * depth — its own object (a top-level `cursor` pages every list of the record), or, for an object
 * of page members only (no list of its own), the object holding it (`page_info` beside `edges`).
 */
function marksList(mark: PageMark, holder: readonly string[]): boolean {
  return isPrefix(!mark.lists && mark.at.length > 0 ? mark.at.slice(0, -1) : mark.at, holder);
}

/** Whether a record's page mark says there is a next page: its flag where it has one, else a token set. */
function nextPageSaid(record: unknown, mark: PageMark): boolean {
  let o: unknown = record;
  for (const step of mark.at)
    o = o !== null && typeof o === 'object' && !Array.isArray(o) ? (o as Record<string, unknown>)[step] : undefined;
  if (o === null || typeof o !== 'object' || Array.isArray(o)) return false;
  const m = o as Record<string, unknown>;
  if (mark.flags.some((f) => typeof m[f] === 'boolean')) return mark.flags.some((f) => m[f] === true);
  return mark.tokens.some((t) => m[t] !== null && m[t] !== undefined && m[t] !== '' && m[t] !== false);
}

/**
 * The watched lists this record holds one page of (a next page is said beside or above them,
 * `pageMarksOf`): an item such a list lacks went to another page (or was paged otherwise), not
 * removed. Before, only a top-level token counted: a profile's first posts (`page_info.end_cursor`
 * beside them) reported its oldest post removed at each new one.
 */
export function pagesOf(schema: z.ZodType, record: unknown, watch: readonly { path: string; kind: FieldKind }[]): ReadonlySet<string> {
  const marks = pageMarksOf(schema).filter((m) => nextPageSaid(record, m));
  const out = new Set<string>();
  if (!marks.length) return out;
  for (const w of watch) {
    if (w.kind !== 'list') continue;
    const holder = listHolder(schema, w.path);
    if (holder && marks.some((m) => marksList(m, holder))) out.add(w.path);
  }
  return out;
}

const pageIn = (answer: AnswerKind, path: string): boolean => answer.page === true || (answer.page instanceof Set && answer.page.has(path));

/**
 * What changed between two runs' values, field by field in watch order. A field the previous run
 * did not watch (added to `watch` since) has no before: it is not a change. `before` holds the
 * previous run's values as kept (keptValues): a KeptHash is compared by its hash, and is the
 * change's `before` as `{too_large_to_keep: true, bytes}`.
 *
 * What the answer does not say is no change (`unknownIn`): a count or a list it leaves out, and
 * in a `partial` answer any null and any list item it lacks (only items added are changes); in a
 * `page` of a longer list, the items it lacks (gone past its end, or paged otherwise); a number
 * or list unknown before has no before either. A count and the same count rounded
 * (`sameCount`) are no change. The next run compares with what `carried` keeps.
 */
export function diff(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  watch: readonly { path: string; kind: FieldKind }[],
  answer: AnswerKind = {},
): Change[] {
  const partial = answer.partial === true;
  if (!before) return [];
  const changes: Change[] = [];
  for (const w of watch) {
    if (!Object.hasOwn(before, w.path)) continue;
    const a = before[w.path];
    const b = after[w.path];
    if (unknownIn(b, w.kind, answer) || unknownIn(a, w.kind, {})) continue;
    if (w.kind === 'list' && Array.isArray(a) && Array.isArray(b)) {
      const ka = a.map(keptKeyOf);
      const kb = b.map(keysOf);
      const had = new Set(ka);
      const has = new Set(kb.flat());
      // Known only in part (incompleteIn): an item not among those kept may be one never seen.
      if (!incompleteIn(before, w.path))
        for (let i = 0; i < b.length; i++) if (!kb[i].some((k) => had.has(k))) changes.push({ field: w.path, before: null, after: b[i] });
      if (!partial && !pageIn(answer, w.path))
        for (let i = 0; i < a.length; i++) if (!has.has(ka[i])) changes.push({ field: w.path, before: shown(a[i]), after: null });
    } else if (!sameValue(a, b, w.kind)) {
      changes.push({ field: w.path, before: shown(a ?? null), after: b ?? null });
    }
  }
  return changes;
}

/**
 * What a run keeps for the next one to compare with: its own values as kept (`kept`, keptValues)
 * but, where `diff` found no change, what is known best — the previous value of a field this
 * answer says nothing of, the more precise of a count and the same count rounded, and in a
 * partial answer a list's items it lacks beside its own.
 */
export function carried(
  before: Record<string, unknown> | null,
  kept: Record<string, unknown>,
  watch: readonly { path: string; kind: FieldKind }[],
  answer: AnswerKind = {},
): Record<string, unknown> {
  const partial = answer.partial === true;
  const out: Record<string, unknown> = { ...kept };
  const incomplete: string[] = [];
  for (const w of watch) {
    if (!Object.hasOwn(kept, w.path)) continue;
    const b = kept[w.path];
    const says = !unknownIn(b, w.kind, answer);
    if (!before || !Object.hasOwn(before, w.path)) {
      // Nothing known before (the baseline, a field watched since) and nothing said now: no value
      // kept, so the first one an answer says is no change. Before, the baseline's null or empty
      // list of a partial or degraded read was kept as known: the next full answer's bio, and
      // every link of a page whose links request had failed, were changes.
      if (!says) delete out[w.path];
      // A list first read from a partial answer is known only in part (INCOMPLETE_KEY).
      else if (partial && w.kind === 'list') incomplete.push(w.path);
      continue;
    }
    // Known only in part: so until an answer that is not partial says it.
    if (incompleteIn(before, w.path) && (!says || partial)) incomplete.push(w.path);
    const a = before[w.path];
    if (!says) out[w.path] = a;
    else if (morePrecise(a, b, w.kind)) out[w.path] = a;
    else if ((partial || pageIn(answer, w.path)) && w.kind === 'list' && Array.isArray(a) && Array.isArray(b)) {
      const has = new Set(b.flatMap((x) => (isKeptHash(x) ? [x.sha256] : keysOf(x))));
      out[w.path] = [...b, ...a.filter((x) => !has.has(keptKeyOf(x)))].slice(0, Math.max(b.length, CARRIED_ITEMS_MAX));
    }
  }
  if (incomplete.length) out[INCOMPLETE_KEY] = incomplete;
  return out;
}

/**
 * Where a monitor's kept values name the watched lists it knows only in part: first read from a
 * partial answer (a baseline whose scan of some pages failed, a degraded first read, a field
 * newly watched), and not yet from a full one. An item a later answer has that is not among those
 * kept may be one such a read never saw: not an addition (`diff`); an item kept and gone from a
 * full answer is still removed. Before, a partial baseline's next full answer reported every item
 * the baseline missed as added.
 */
export const INCOMPLETE_KEY = '.incomplete';

const incompleteIn = (values: Record<string, unknown> | null, path: string): boolean => {
  const listed = values?.[INCOMPLETE_KEY];
  return Array.isArray(listed) && listed.includes(path);
};

/**
 * Where a monitor's kept values hold the id of the account (the resource) its answers are of: a
 * key no watched path can be (a path has no empty step).
 */
export const SUBJECT_KEY = '.id';

const idText = (v: unknown): string | null => ((typeof v === 'string' && v !== '') || typeof v === 'number' ? String(v) : null);

/**
 * The id of the resource a record is about: its own `id`, else the `id` of its one top-level
 * object that has one (`{user: {id}, social_accounts}`); null when it names none, or several (a
 * search, a list: nothing to hold). Stable for an account through a rename; another account
 * answering for the same handle has another.
 */
export function subjectOf(record: unknown): string | null {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return null;
  const r = record as Record<string, unknown>;
  const own = idText(r.id);
  if (own !== null) return own;
  const ids = Object.values(r)
    .filter((v): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v))
    .map((v) => idText(v.id))
    .filter((v) => v !== null);
  return ids.length === 1 ? ids[0] : null;
}

/** Where a monitor's kept values say that the run which kept them read a degraded answer (run.ts). */
export const DEGRADED_KEY = '.degraded';

/**
 * Where a monitor's kept values say when the answer they were read from was fetched (epoch ms: the
 * cached entry's time, or the run's start for a live read): the next run reuses no cached answer
 * older than that (run.ts), so it never compares an answer older than the last one compared.
 */
export const READ_AT_KEY = '.read_at';

/**
 * Kept values with the id of the account they are of (SUBJECT_KEY), when known, whether their read
 * was degraded (DEGRADED_KEY), and when their answer was fetched (READ_AT_KEY).
 */
export function withMarks(values: Record<string, unknown>, subject: unknown, answer: AnswerKind, readAt?: number): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  if (typeof subject === 'string') out[SUBJECT_KEY] = subject;
  if (answer.degraded) out[DEGRADED_KEY] = true;
  if (readAt !== undefined && Number.isFinite(readAt)) out[READ_AT_KEY] = readAt;
  return out;
}
