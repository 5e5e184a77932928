/**
 * JSON text read with bounds on its structure, checked in one linear pass over the text before
 * JSON.parse builds anything: JSON.parse's heap is bounded by the number of values, not by the
 * bytes (8 MB of `[` is 4 million arrays), and a value nested thousands deep parses fine but
 * overflows the stack of whatever walks or serialises it afterwards (JSON.stringify at ~6,000).
 *
 *  - `jsonShapeExcess`: the one scanner — nesting, and optionally objects and arrays in all,
 *    members in all, members of one object, elements of one array. A bulk job's JSON body is
 *    checked with all of them (src/jobs/input.ts jsonStructureProblem).
 *  - `parseUpstreamJson`: how every upstream JSON text is parsed (src/upstream/client.ts
 *    `Answer.json()`, and the parsers that read JSON out of a page or a body themselves):
 *    over UPSTREAM_JSON_BOUNDS (nesting, objects and arrays, members) → UPSTREAM_FAILED naming
 *    the bound, before parsing.
 */
import { ApiError } from '../errors.js';

/**
 * How deep an upstream JSON answer may nest. The deepest real answers captured nest 41 levels (a
 * youtubei browse answer; ytInitialData 34, X's timelines 30). The deepest the parsers read on
 * purpose: a Reddit comment tree, cut at 64 reply levels (forum/post.ts MAX_DEPTH) at five JSON
 * levels a reply (data → replies → data → children → comment), about 330; a Bluesky thread of 80
 * parents (one level each) over ~10 reply levels, about 100; Substack's comments, cut at 32 reply
 * levels at two a reply. 512 reads all of that with room to spare (256 would refuse a Reddit
 * tree from about 50 reply levels down), and stays far below the ~6,000 at which serialising a
 * value overflows the stack.
 */
export const UPSTREAM_JSON_MAX_DEPTH = 512;

/**
 * Everything an upstream JSON text may hold. Besides the nesting: JSON.parse's heap grows with the
 * values it builds, not with the bytes — 8 MB of `[{},{},…]` (2.7 M empty objects) took ~180 MB of
 * heap, so a few such answers at once (a caller-named Mastodon server gets 8 connections) would run
 * the gateway's 512 MB heap out. The largest real answers captured (every file under
 * shared/fixtures, pages' embedded JSON counted with the page) hold ~10,200 objects and arrays
 * (a youtubei search answer) and ~23,200 members (a 2.4 MB audio-b page): the bounds are ~20× that,
 * and at them JSON.parse builds at most ~15 MB.
 */
export const UPSTREAM_JSON_BOUNDS = { depth: UPSTREAM_JSON_MAX_DEPTH, containers: 200_000, members: 500_000 } as const;

const BOUND_TEXT: Record<keyof typeof UPSTREAM_JSON_BOUNDS, string> = {
  depth: `nests deeper than ${UPSTREAM_JSON_MAX_DEPTH} levels`,
  containers: `holds more than ${UPSTREAM_JSON_BOUNDS.containers.toLocaleString('en')} objects and arrays`,
  members: `holds more than ${UPSTREAM_JSON_BOUNDS.members.toLocaleString('en')} object members`,
};

/**
 * UPSTREAM_FAILED for upstream JSON over one of UPSTREAM_JSON_BOUNDS. A parser that names an
 * answer that is not JSON its own way (catching what `res.json()` throws) lets this one through,
 * so that the answer names the bound.
 */
export class JsonOverBound extends ApiError {
  constructor(from: string, bound: keyof typeof UPSTREAM_JSON_BOUNDS = 'depth') {
    super('UPSTREAM_FAILED', `${from}: upstream JSON ${BOUND_TEXT[bound]}, the most the gateway reads; nothing was charged`);
  }
}

/** Bounds on a JSON text's structure; only `depth` is required. */
export interface JsonShapeBounds {
  /** Most levels of objects and arrays. */
  depth: number;
  /** Most objects and arrays in all. */
  containers?: number;
  /** Most object members in all. */
  members?: number;
  /** Most members of one object. */
  objectMembers?: number;
  /** Most elements of one array. */
  arrayElements?: number;
}

export type JsonShapeExcess = keyof JsonShapeBounds;

/**
 * Which bound a JSON text's structure exceeds, found in one pass over its text (strings skipped,
 * escapes respected), or null. A text that is not JSON passes: JSON.parse reports it.
 */
export function jsonShapeExcess(text: string, b: JsonShapeBounds): JsonShapeExcess | null {
  const maxContainers = b.containers ?? Infinity;
  const maxMembers = b.members ?? Infinity;
  const maxObjectMembers = b.objectMembers ?? Infinity;
  const maxArrayElements = b.arrayElements ?? Infinity;
  // Per open container, its commas so far (+1 = members), objects negative: kept only when a
  // bound needs them.
  const counted = b.objectMembers !== undefined || b.arrayElements !== undefined;
  const members: number[] = [];
  let depth = 0;
  let containers = 0;
  let allMembers = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: to its closing quote, one not escaped by an odd run of backslashes.
      for (let q = text.indexOf('"', i + 1); ; q = text.indexOf('"', q + 1)) {
        if (q < 0) return null;
        let p = q - 1;
        while (text.charCodeAt(p) === 0x5c) p--;
        if ((q - 1 - p) % 2 === 0) {
          i = q;
          break;
        }
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (depth >= b.depth) return 'depth';
      if (++containers > maxContainers) return 'containers';
      depth++;
      if (counted) members.push(c === 0x7b ? -1 : 1);
    } else if (c === 0x7d || c === 0x5d) {
      if (depth > 0) depth--;
      if (counted) members.pop();
    } else if (c === 0x3a) {
      if (++allMembers > maxMembers) return 'members';
    } else if (c === 0x2c && counted && members.length > 0) {
      const top = members.length - 1;
      const n = members[top] + (members[top] < 0 ? -1 : 1);
      members[top] = n;
      if (n < -maxObjectMembers) return 'objectMembers';
      if (n > maxArrayElements) return 'arrayElements';
    }
  }
  return null;
}

/**
 * The object literal starting at `text[start]`, found by matching braces outside strings (a `}` in a
 * string cannot end it early): null when no `{` starts there or it never closes (the rest of `text`
 * was read). Strings are JSON's (`"`); with `js`, JavaScript's single-quoted ones too. For data a
 * page embeds in a script (`var ytInitialData = {…};`, `window['SIGI_STATE']={…};`).
 */
export function balancedObject(text: string, start: number, js = false): string | null {
  if (text[start] !== '{') return null;
  let depth = 0;
  let quote = 0;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote) {
      if (c === 92 /* \ */) i++;
      else if (c === quote) quote = 0;
    } else if (c === 34 /* " */ || (js && c === 39) /* ' */) quote = c;
    else if (c === 123 /* { */) depth++;
    else if (c === 125 /* } */ && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}

/**
 * JSON.parse for text an upstream sent (a body, or JSON a page carries): over UPSTREAM_JSON_BOUNDS,
 * UPSTREAM_FAILED naming `from` (a host or a platform) and the bound, before anything is parsed
 * (JsonOverBound); a text that is not JSON throws JSON.parse's SyntaxError, for the caller to name
 * as it does.
 */
export function parseUpstreamJson(text: string, from: string | (() => string)): unknown {
  const over = jsonShapeExcess(text, UPSTREAM_JSON_BOUNDS);
  if (over === 'depth' || over === 'containers' || over === 'members')
    throw new JsonOverBound(typeof from === 'string' ? from : from(), over);
  return JSON.parse(text) as unknown;
}
