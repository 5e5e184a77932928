/**
 * Page state a script assigns to a global — how link-page vendors and other client-rendered pages
 * ship their data when it is no `application/json` script: Taplink's `window.data = {…}`, a store's
 * `window.__INITIAL_STATE__ = {…}` or `= JSON.parse("…")`, `var data = {…}`, and Nuxt 2's
 * `window.__NUXT__ = (function (a, b) { return {…} }(…))`, whose literal is JavaScript, not JSON.
 * script-links.ts walks what is read here like any other script data.
 *
 *  - A literal that is JSON is parsed whole (`JSON.parse`, bounded by the script's length);
 *  - a `JSON.parse("…")` / `JSON.parse('…')` argument is unescaped, then parsed;
 *  - otherwise (a JavaScript literal, a function's return value) its innermost objects — braces with
 *    no brace inside — are read for their quoted string members only (`{title:"Instagram",
 *    url:"https:\u002F\u002Finstagram.com\u002Fkai"}`): what a link and its text are; variables
 *    (Nuxt's `a`, `b`) are left out.
 *
 * A vendor that lists a social account by its network and a bare handle (`{"type": "instagram",
 * "username": "kai.knits"}`, `{"tiktok": "@kai.knits"}`) and a fediverse handle as a string
 * (`"@kai@fosstodon.org"`) are read as the account's URL (`handleLinkOf`).
 */
import type * as cheerio from 'cheerio';
import { mentionedAccounts } from './text.js';
import { fediverseAccounts } from './fediverse.js';

/** Assignments read per script, and innermost objects read per script when its literal is no JSON. */
const ASSIGNMENTS_MAX = 8;
const FLAT_OBJECTS_MAX = 2_000;

const ASSIGNMENT_RE =
  /(?:^|[;,{}\s])(?:(?:window|self|globalThis)\s*(?:\.\s*[A-Za-z_$][\w$]*|\[\s*(["'])[^"'\n]{1,60}\1\s*\])|(?:var|let|const)\s+[A-Za-z_$][\w$]*)\s*=\s*/g;

/** The end (exclusive) of the bracketed literal starting at `start` (`{` or `[`), strings skipped; -1 when it does not close. */
function literalEnd(s: string, start: number): number {
  let depth = 0;
  for (let i = start; i < s.length; i++) {
    const c = s[i];
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < s.length && s[i] !== c; i++) if (s[i] === '\\') i++;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      if (--depth === 0) return i + 1;
    }
  }
  return -1;
}

/** A JavaScript string literal's value (`"…"` or `'…'`, JSON escapes and `\'`, `\xNN`), or null. */
function stringValue(quoted: string): string | null {
  const q = quoted[0];
  const body = quoted.slice(1, -1);
  const json = (q === "'" ? body.replace(/\\'/g, "'").replace(/(?<!\\)((?:\\\\)*)"/g, '$1\\"') : body).replace(
    /\\x([0-9a-fA-F]{2})/g,
    '\\u00$1',
  );
  try {
    return JSON.parse(`"${json}"`) as string;
  } catch {
    return null;
  }
}

const PAIR_RE =
  /(?:"([^"\\\n]{1,60})"|'([^'\\\n]{1,60})'|([A-Za-z_$][\w$]{0,60}))\s*:\s*("(?:[^"\\\n]|\\.){0,2000}"|'(?:[^'\\\n]|\\.){0,2000}')/g;

/** The innermost objects of a JavaScript text, each with its quoted string members. */
function flatObjects(js: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const m of js.matchAll(/\{[^{}]{1,4000}\}/g)) {
    const o: Record<string, string> = {};
    for (const p of m[0].matchAll(PAIR_RE)) {
      const v = stringValue(p[4]);
      if (v !== null) o[p[1] ?? p[2] ?? p[3]] = v;
    }
    if (Object.keys(o).length) out.push(o);
    if (out.length >= FLAT_OBJECTS_MAX) break;
  }
  return out;
}

/** What one assignment's right-hand side holds (from `at`, the character after `=`). */
function assignedValue(script: string, at: number): unknown[] {
  const rest = script.slice(at).trimStart();
  const from = script.length - rest.length;
  if (rest[0] === '{' || rest[0] === '[') {
    const end = literalEnd(script, from);
    if (end < 0) return flatObjects(rest);
    const literal = script.slice(from, end);
    try {
      return [JSON.parse(literal)];
    } catch {
      return flatObjects(literal);
    }
  }
  const parsed = /^JSON\.parse\(\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*\)/.exec(rest);
  if (parsed) {
    const text = stringValue(parsed[1]);
    try {
      return text === null ? [] : [JSON.parse(text)];
    } catch {
      return [];
    }
  }
  // A function's return value (Nuxt 2), or anything else: its quoted members.
  return /^(?:\(|function\b|!function\b)/.test(rest) ? flatObjects(rest) : [];
}

/** The values a script assigns to globals (above), each as parsed data; none for other scripts. */
export function assignedStates(script: string): unknown[] {
  const out: unknown[] = [];
  let n = 0;
  for (const m of script.matchAll(ASSIGNMENT_RE)) {
    if (++n > ASSIGNMENTS_MAX) break;
    out.push(...assignedValue(script, m.index + m[0].length));
  }
  return out;
}

/** Members that name a network beside a bare handle (`{"type": "instagram", "username": "…"}`). */
const NETWORK_KEYS = new Set(['type', 'network', 'platform', 'service', 'servicename', 'social', 'kind', 'icon', 'name']);
/** Members that hold the bare handle. */
const HANDLE_KEYS = new Set(['username', 'user', 'handle', 'account', 'login', 'nick', 'nickname']);
const HANDLE_RE = /^@?[\p{L}\p{N}._-]{2,40}$/u;

/**
 * The account a non-URL string of page data names, or null: a fediverse handle (`@kai@fosstodon.org`,
 * the whole string); a bare handle under a handle member (`username`, `handle`…; a generic `value`
 * only with its `@`) beside a member naming the network; a handle
 * with its `@` under a key that is the network (`"tiktok": "@kai.knits"` — without the `@`, a key's
 * value is anything: `"twitter": "summary_large_image"`). The network must be one a bio's label names
 * (text.ts mentionedAccounts).
 */
export function handleLinkOf(value: string, holder: Record<string, unknown> | null, key: string | null): string | null {
  const s = value.trim();
  if (!s.includes('@') && !HANDLE_RE.test(s)) return null;
  if (/^@[^@\s]+@[^@\s]+$/.test(s)) return fediverseAccounts(s)[0] ?? null;
  if (!HANDLE_RE.test(s) || !key) return null;
  const k = key.toLowerCase();
  // A generic `value` member holds a handle only with its `@` (`{"type": "tiktok", "value": "open_in_app"}` is a setting).
  if (holder && (HANDLE_KEYS.has(k) || (k === 'value' && s.startsWith('@')))) {
    for (const [nk, nv] of Object.entries(holder)) {
      if (!NETWORK_KEYS.has(nk.toLowerCase()) || typeof nv !== 'string' || nv.length > 30) continue;
      // A generic pair (`{"name": "x", "value": "@12"}`, a setting) names a network only in full ("instagram", not "x").
      if ((nk.toLowerCase() === 'name' || k === 'value') && nv.trim().length < 3) continue;
      const url = mentionedAccounts(`${nv}: @${s.replace(/^@/, '')}`)[0];
      if (url) return url;
    }
    return null;
  }
  return s.startsWith('@') ? (mentionedAccounts(`${key}: ${s}`)[0] ?? null) : null;
}

/** Strings read from one page's assigned states for addresses (a vendor's text blocks: "mail: kai@…"). */
const STATE_STRINGS_MAX = 5_000;

/**
 * The text a page's assigned states hold (above: inline scripts, no `src`), one string a line: on a
 * client-rendered link page, the text blocks a reader sees — their addresses are the page's.
 */
export function assignedStateText($: cheerio.CheerioAPI): string {
  const strings: string[] = [];
  const walk = (v: unknown, depth: number): void => {
    if (strings.length >= STATE_STRINGS_MAX || depth > 12) return;
    if (typeof v === 'string') strings.push(v);
    else if (Array.isArray(v)) v.forEach((x) => walk(x, depth + 1));
    else if (v && typeof v === 'object') Object.values(v).forEach((x) => walk(x, depth + 1));
  };
  $('script:not([src])').each((_, el) => {
    const type = ($(el).attr('type') ?? '').toLowerCase();
    if (type && !/javascript|module/.test(type)) return;
    for (const state of assignedStates($(el).text().slice(0, 1_000_000))) walk(state, 0);
  });
  return strings.join('\n');
}
