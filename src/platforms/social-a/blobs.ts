/**
 * Where Facebook puts its data, and what it answers instead of data.
 *
 * Logged-out Comet pages embed their Relay query results as JSON handed to ServerJS:
 *  - current pages: `<script type="application/json" data-content-len="…" data-sjs>{"require":
 *    [["ScheduledServerJS","handle",null,[{"__bbox":{"require":[["RelayPrefetchedStreamCache",
 *    "next",[],["adp_<Query>RelayPreloader_…",{"__bbox":{"complete":true,"result":{"data":…}}}]]]}}]]]}`;
 *  - 2023 pages (the captured event pages): the same payloads as arguments of inline scripts,
 *    `requireLazy([…],function(…){(new ServerJS()).handleWithCustomApplyEach(ScheduledApplyEach,{"require":…})})`
 *    and `m.handle({…})`.
 * Both are read here into plain JSON values; `relayResults` then yields every
 * `__bbox.result` (`{data, label?, path?}`), deferred fragments included.
 *
 * GraphQL answers come as JSON (one object per line when streamed), sometimes behind the
 * anti-XSSI prefix `for (;;);`; errors come as `{"error":1357001,…}` (log in to continue) and the like.
 */
import { ApiError, loginWall, notFound, upstreamBlocked, upstreamFailed } from '../../errors.js';
import { isObj as kitIsObj, scriptElements } from '../../parse/index.js';
import { PLATFORM } from './endpoints.js';
import { parseUpstreamJson } from '../../parse/json.js';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Obj = { [k: string]: Json };

/** The parse kit's `isObj`, narrowed to this platform's JSON type. */
export const isObj = kitIsObj as (v: unknown) => v is Obj;

/**
 * Where the JSON value starting at `text[start]` (`{` or `[`) ends, by bracket matching outside
 * strings: the index after its closing bracket; -1 when no value starts there, Infinity when it
 * never closes (the rest of `text` was read).
 */
function jsonEndAt(text: string, start: number): number {
  const open = text[start];
  if (open !== '{' && open !== '[') return -1;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) depth++;
    else if ((c === 125 || c === 93) && --depth === 0) return i + 1;
  }
  return Infinity;
}

/**
 * The JSON value starting at `text[start]` (`{` or `[`), found by bracket matching outside
 * strings, parsed (within the upstream JSON bounds, parse/json.ts); null when it does not parse.
 */
export function readJsonAt(text: string, start: number): Json | null {
  const end = jsonEndAt(text, start);
  if (end < 0 || end === Infinity) return null;
  try {
    return parseUpstreamJson(text.slice(start, end), PLATFORM) as Json;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    return null;
  }
}

/** Arguments handed to ServerJS by inline scripts: `.handle({`, `.handlePayload({`, `.handleWithCustomApplyEach(X,{`. */
const SERVERJS_CALL_RE = /\.(?:handle|handlePayload|handleWithCustomApplyEach)\(\s*(?:[A-Za-z_$][\w$]*\s*,\s*)?(?=[{[])/g;

/** Every JSON payload embedded in the page's scripts, in document order. */
export function extractScriptJson(html: string): Json[] {
  const out: Json[] = [];
  for (const { attrs, body } of scriptElements(html)) {
    if (/type\s*=\s*["']?application\/(?:ld\+)?json/i.test(attrs)) {
      try {
        out.push(parseUpstreamJson(body, PLATFORM) as Json);
      } catch (e) {
        if (e instanceof ApiError) throw e;
        /* not JSON: ignored */
      }
      continue;
    }
    if (!body.includes('__bbox') && !body.includes('"require"')) continue;
    // Each payload is read once: a call inside the previous payload is part of it, and a payload
    // open to the end of the script ends the search (reading each nested or unclosed one to its end
    // again was quadratic in the script).
    let from = 0;
    for (const call of body.matchAll(SERVERJS_CALL_RE)) {
      const start = call.index! + call[0].length;
      if (start < from) continue;
      const end = jsonEndAt(body, start);
      if (end === Infinity) break;
      if (end < 0) continue;
      from = end;
      try {
        out.push(JSON.parse(body.slice(start, end)) as Json);
      } catch {
        /* not JSON: ignored */
      }
    }
  }
  return out;
}

/** Depth-first walk over a JSON value; `visit` returning false skips that object's children. */
export function walk(v: Json, visit: (o: Obj, parent: Obj | null, key: string | null) => boolean | void): void {
  const stack: [Json, Obj | null, string | null][] = [[v, null, null]];
  while (stack.length) {
    const [cur, parent, key] = stack.pop()!;
    if (Array.isArray(cur)) {
      for (let i = cur.length - 1; i >= 0; i--) stack.push([cur[i], parent, key]);
    } else if (isObj(cur)) {
      if (visit(cur, parent, key) === false) continue;
      const keys = Object.keys(cur);
      for (let i = keys.length - 1; i >= 0; i--) stack.push([cur[keys[i]], cur, keys[i]]);
    }
  }
}

/** A Relay query result as the page ships it: `data`, and for deferred fragments `label`/`path`. */
export interface RelayResult {
  data: Obj;
  label: string | null;
  path: (string | number)[] | null;
}

/** Every `__bbox.result` with data in these payloads (the page's Relay store, unnormalised). */
export function relayResults(payloads: Json[]): RelayResult[] {
  const out: RelayResult[] = [];
  for (const p of payloads) {
    walk(p, (o) => {
      const bbox = o.__bbox;
      if (isObj(bbox) && isObj(bbox.result) && isObj(bbox.result.data)) {
        const r = bbox.result;
        out.push({
          data: r.data as Obj,
          label: typeof r.label === 'string' ? r.label : null,
          path: Array.isArray(r.path)
            ? (r.path.filter((x) => typeof x === 'string' || typeof x === 'number') as (string | number)[])
            : null,
        });
      }
    });
  }
  return out;
}

/** The first object (depth first, document order) that `pred` accepts, or null. */
export function findFirst(root: Json, pred: (o: Obj, parent: Obj | null, key: string | null) => boolean): Obj | null {
  const hit: { o: Obj | null } = { o: null };
  walk(root, (o, parent, key) => {
    if (hit.o) return false;
    if (pred(o, parent, key)) {
      hit.o = o;
      return false;
    }
    return undefined;
  });
  return hit.o;
}

// ---------------------------------------------------------------------------------------------
// Pages that are not data
// ---------------------------------------------------------------------------------------------

/**
 * Facebook's "This content isn't available" page (removed, never existed, or not visible to the
 * public), known by the route its ServerJS bootstrap names — the error route
 * (`"canonicalRouteName":"comet.fbweb.CometErrorRoute"`, `"tracePolicy":"comet.error"`) — never
 * by its sentences, which Facebook translates into the visitor's language and which a page's own
 * posts may quote. (`CometErrorRoot.react` alone is no sign: every page's module lists name it.)
 */
const ERROR_ROUTE_RE = /"canonicalRouteName"\s*:\s*"comet\.fbweb\.CometErrorRoute"|"tracePolicy"\s*:\s*"comet\.error"/;

/**
 * The logged-out interstitial served in place of a page, told by its login form (`id="login_form"`,
 * or a form posting to `/login/`): only where the page's data is missing, since the logged-out
 * home page (the lsd token page) carries the same form. Checkpoints, the login page a redirect
 * ends on and GraphQL's "log in to continue" are walls (walls.ts), answered before any parser.
 */
const LOGIN_FORM_RE = /<form\b[^>]*(?:\bid=["']?login_form\b|\baction=["'](?:https?:\/\/[^/"']+)?\/login(?:\/|\.php\b))/i;

/**
 * What a page without the data we looked for is: missing (404), a login wall, or — when it is
 * neither — a changed page shape (`missing` names what was not found).
 */
export function explainMissingData(html: string, what: string, missing: string): ApiError {
  if (ERROR_ROUTE_RE.test(html)) return notFound(`${what} was not found (or is not public)`);
  if (LOGIN_FORM_RE.test(html)) return loginWall(PLATFORM);
  return upstreamFailed(`${PLATFORM}: upstream response changed shape: missing ${missing}`);
}

// ---------------------------------------------------------------------------------------------
// GraphQL responses
// ---------------------------------------------------------------------------------------------

/** Facebook's error codes for a logged-out GraphQL call (body `{"error":<code>,…}`). */
export const FB_ERROR = {
  /** "Log in to continue": the data needs a logged-in session (a wall: walls.ts). */
  NOT_LOGGED_IN: 1357001,
  /** "Sorry, something went wrong" for a stale or missing `lsd`: refresh the token. */
  BAD_SESSION: 1357004,
} as const;

export class BadSessionError extends Error {
  constructor() {
    super('lsd refused');
    this.name = 'BadSessionError';
  }
}

/**
 * A GraphQL answer's JSON objects (one per line when streamed; `for (;;);` removed). An HTML
 * answer is classified like a page missing its data (a checkpoint, and `{"error":1357001}`, are
 * walls: walls.ts).
 */
export function parseGraphqlBody(text: string, what: string): Obj[] {
  const body = text.replace(/^\s*for\s*\(;;\);/, '').trim();
  if (body.startsWith('<')) {
    throw explainMissingData(body, what, 'a JSON GraphQL response (got an HTML page)');
  }
  const objs: Obj[] = [];
  for (const line of body.split('\n')) {
    const t = line.trim();
    if (!t) continue;
    try {
      const v = parseUpstreamJson(t, PLATFORM) as Json;
      if (isObj(v)) objs.push(v);
    } catch (e) {
      if (e instanceof ApiError) throw e;
      throw upstreamFailed(`${PLATFORM}: upstream response changed shape: missing a JSON GraphQL response`);
    }
  }
  if (objs.length === 0) throw upstreamFailed(`${PLATFORM}: upstream response changed shape: missing a JSON GraphQL response`);
  const first = objs[0];
  if (typeof first.error === 'number') {
    if (first.error === FB_ERROR.BAD_SESSION) throw new BadSessionError();
    const summary = typeof first.errorSummary === 'string' ? first.errorSummary : 'error';
    throw upstreamFailed(`${PLATFORM}: Facebook refused the request (error ${first.error}: ${summary})`);
  }
  if (!isObj(first.data)) {
    const errors = Array.isArray(first.errors) ? first.errors.filter(isObj) : [];
    const message = errors
      .map((e) => (typeof e.message === 'string' ? e.message : ''))
      .filter(Boolean)
      .join('; ');
    // By the error's fields, never its sentences (`summary`/`description` are translated): the
    // "log in to continue" code (a wall: walls.ts, answered before this), or a session to renew.
    if (errors.some((e) => e.code === FB_ERROR.NOT_LOGGED_IN || e.requires_reauth === true)) throw loginWall(PLATFORM);
    // Last resort, beside the structural checkpoint rules of walls.ts (the /checkpoint/ landing,
    // its form, its captcha image): Meta gives no code for a checkpoint here, only the
    // developer `message`, which names it by identifier (`checkpoint_required`, `captcha`).
    if (/checkpoint|captcha/i.test(message)) throw upstreamBlocked(`${PLATFORM}: Facebook answered with a security check instead of data`);
    throw upstreamFailed(`${PLATFORM}: GraphQL answered without data${message ? ` (${message})` : ''}`);
  }
  return objs;
}
