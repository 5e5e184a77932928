/**
 * Plain value readers: `unknown` in, a typed value or null out, never a throw and never a
 * warning (the bound reader in ./reader.ts adds those). Every parser reads upstream JSON through
 * these, so "what counts as a string / a count / an id" is decided once.
 *
 * The family, from strict to lenient:
 *   str       any string (also '')          nonEmpty  a string with non-blank content, as sent
 *   trimmed   nonEmpty, trimmed              idStr     non-blank string, or a safe integer as its decimal string
 *   numText   string, or a finite number as its decimal string
 *   num       finite number                  int       safe integer
 *   trunc     finite number → Math.trunc     round     finite number → Math.round
 *             (both only when the result is a safe integer: they fill int fields, and 1e308 is no count)
 *   intish    int, or a digit string ("42")  numish    num, or a decimal string ("4.5")
 *   bool      boolean                        boolish   boolean, or 0/1
 *   looseInt  intish, or a boolean as 1/0    looseBool boolish, or "true"/"false"/"0"/"1"
 *   obj       plain object (not an array)    arr       array (null otherwise)   list  array ([] otherwise)
 *   objects   the plain objects of an array  strings   the strings of an array
 */

export type Obj = Record<string, unknown>;
/** A value reader: what the bound reader and `first` apply to each candidate. */
export type Coerce<T> = (v: unknown) => T | null;

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
export const nonEmpty = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
export const trimmed = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
/** Counters some upstreams send as a string or a number: the number as its decimal string. */
export const numText = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;
export const idStr = (v: unknown): string | null =>
  typeof v === 'string' ? (v.trim() !== '' ? v : null) : typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : null;

export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
export const int = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);
export const trunc = (v: unknown): number | null => (typeof v === 'number' ? int(Math.trunc(v)) : null);
export const round = (v: unknown): number | null => (typeof v === 'number' ? int(Math.round(v)) : null);
/** Ids and counts some upstreams send as digit strings (`"1204"`). */
export const intish = (v: unknown): number | null => (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : int(v));
/** Prices and ratings some upstreams send as decimal strings (`"4.5"`). */
export const numish = (v: unknown): number | null =>
  typeof v === 'string' && /^-?\d+(?:\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : num(v);

export const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);
/** Loosely typed backends (link.me's) send one flag as 1, true or "1": intish plus booleans as 1/0. */
export const looseInt = (v: unknown): number | null => (typeof v === 'boolean' ? (v ? 1 : 0) : intish(v));
/** boolish plus the strings "true"/"false"/"0"/"1". */
export const looseBool = (v: unknown): boolean | null => {
  if (typeof v === 'string' && /^(?:true|false|0|1)$/i.test(v.trim())) return /^(?:true|1)$/i.test(v.trim());
  return boolish(v);
};
/** Flags some upstreams send as 0/1. */
export const boolish = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : v === 0 || v === 1 ? v === 1 : null);

export const obj = (v: unknown): Obj | null => (isObj(v) ? v : null);
export const arr = (v: unknown): unknown[] | null => (Array.isArray(v) ? v : null);
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const objects = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
export const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/** A step of a path: an object key or an array index (negative counts from the end). */
export type Key = string | number;
export type Path = readonly Key[];

/**
 * The value at `path` under `root`, or undefined when a step is absent (a missing key, an index
 * out of range, or a step into something that is not an object/array). An explicit `null` at the
 * end is returned as null: callers tell "the upstream said null" from "the upstream left it out".
 */
export function at(root: unknown, path: Key | Path): unknown {
  if (typeof path !== 'object') return step(root, path);
  let cur: unknown = root;
  for (const k of path) {
    cur = step(cur, k);
    if (cur === undefined) return undefined;
  }
  return cur;
}

/** One step of `at` (a lone key needs no array made for it: parsers read most fields so). */
function step(cur: unknown, k: Key): unknown {
  if (typeof k === 'number') return Array.isArray(cur) ? cur[k < 0 ? cur.length + k : k] : undefined;
  return isObj(cur) && Object.hasOwn(cur, k) ? cur[k] : undefined;
}

/**
 * The first of several alternative paths whose value `coerce` accepts (yt-dlp's
 * `traverse_obj(obj, path1, path2, expected_type=...)`), else null.
 */
export function first<T>(root: unknown, coerce: Coerce<T>, ...paths: (Key | Path)[]): T | null {
  for (const p of paths) {
    const v = coerce(at(root, p));
    if (v !== null) return v;
  }
  return null;
}

/**
 * decodeURIComponent that never throws: a malformed escape gives `onError(s)`, by default the
 * input unchanged (a path segment is still usable as sent).
 */
export function safeDecode(s: string): string;
export function safeDecode<F>(s: string, onError: (s: string) => F): string | F;
export function safeDecode(s: string, onError: (s: string) => unknown = (x) => x): unknown {
  try {
    return decodeURIComponent(s);
  } catch {
    return onError(s);
  }
}

/**
 * A query parameter of the `rel="next"` URL of an HTTP Link header (RFC 8288: `<url>; rel="next"`,
 * the rel possibly one of several), e.g. Mastodon's `max_id` or GitHub's `page`: undefined when the
 * header names no next page, null when it does but its URL is unreadable or lacks the parameter.
 * Read in one pass: each `<url>` is found with indexOf (a header of 16 KB of `<` took half a second
 * in a regex that looked for the `>` again from every `<`), its `; rel=` read where it ends.
 */
export function nextLinkParam(link: string | undefined, param: string): string | null | undefined {
  const text = link ?? '';
  for (let at = 0; ;) {
    const open = text.indexOf('<', at);
    if (open < 0) return undefined;
    const close = text.indexOf('>', open + 1);
    if (close < 0) return undefined;
    LINK_REL.lastIndex = close + 1;
    const m = LINK_REL.exec(text);
    at = m ? LINK_REL.lastIndex : close + 1;
    if (!m || !m[1].trim().toLowerCase().split(/\s+/).includes('next')) continue;
    try {
      return new URL(text.slice(open + 1, close)).searchParams.get(param);
    } catch {
      return null;
    }
  }
}

/** What follows a Link header's `<url>`: its `rel` (sticky: read where the `>` ends). */
const LINK_REL = /\s*;\s*rel="?([^";,]+)"?/y;
