/**
 * The block catalogue: one place that says whether an upstream answer is a block — an anti-bot
 * vendor's challenge (vendors.ts, any platform) or a platform's own wall (login, consent,
 * "unusual traffic", rate limit: declared by each platform in its `walls.ts` and looked up by the
 * request's platform label). The upstream client applies it to every answer, whatever its status,
 * after the body is read and before any retry decision: a challenge served as a 503 is a block,
 * not a server error to retry (only a wall marked `retry`, a throttling page, gets the retry its
 * status would), and no platform parser ever sees it.
 */
import { loginWall, upstreamBlocked } from '../../errors.js';
import type { ApiError } from '../../errors.js';
import { VENDOR_CHALLENGE_HOSTS, VENDOR_RULES, VENDOR_TOKENS } from './vendors.js';
import type { Signature } from './vendors.js';
import { parseUpstreamJson } from '../../parse/json.js';

/** What a rule may look at: an answer as the upstream client read it. */
export interface UpstreamAnswer {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** Final URL after redirects. */
  url: string;
  body: Buffer;
  text(): string;
}

/** The answer with helpers for wall rules. */
export interface AnswerView extends UpstreamAnswer {
  /**
   * The parsed JSON body, or undefined when the body is not JSON — or larger than WALL_JSON_MAX:
   * walls read error envelopes, which are small; a page of data is not parsed twice for them.
   */
  json(): unknown;
  /** The body starts like markup (`<`): an HTML page, whatever its content-type says. */
  readonly isMarkup: boolean;
}

/** A platform's own wall, declared in `src/platforms/<label>/walls.ts`. */
export interface WallRule {
  /** Label of the block counters (`source`), e.g. `login-wall`, `google-sorry`. */
  name: string;
  /** Said in the error: "answered with <what> instead of data". */
  what: string;
  /** A login wall: answered with the one login-wall error every platform gives (errors.ts). */
  login?: boolean;
  /**
   * A transient wall (a throttling page): at a retryable status (503…) it gets the retry that
   * status would get, and is a block only when the retries are spent. Other walls are answered
   * at once, never retried.
   */
  retry?: boolean;
  test(answer: AnswerView): boolean;
}

export interface BlockMatch {
  /** A vendor name (`cloudflare`, `akamai`…) or the platform wall's name. */
  source: string;
  what: string;
  login?: boolean;
  retry?: boolean;
}

/** Interstitials are small; a marker deep inside a large page is that page's content. */
const MARKUP_WINDOW = 256 * 1024;
/**
 * The part of a 2xx page read: the interstitials vendors answer at 200 (Bot Fight Mode, Imperva's
 * reese84 page, F5's TSPD stub, Alibaba's acw_sc__v2 page, Reblaze) are a few KB; a page of data
 * is read no further (its first 64 KB cost a quarter of the whole window, and no copy of it).
 */
const OK_WINDOW = 64 * 1024;
/** The largest JSON body a wall is shown parsed (AnswerView.json). */
export const WALL_JSON_MAX = 128 * 1024;
/** Vendors' JSON answers are one short object. */
const DATA_WINDOW = 512;
/** Bot Fight Mode's (and Incapsula's JS challenge) page is a near-empty shell. */
const SHELL_MAX = 16 * 1024;
/** A vendor's JSON object (a problem-details answer) is small: a larger body is nobody's block. */
export const JSON_MAX = 16 * 1024;

/** Index of the first byte that is not whitespace or a UTF-8 BOM. */
function firstSignificant(body: Buffer): number {
  let i = 0;
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) i = 3;
  while (i < body.length && (body[i] === 0x20 || body[i] === 0x0a || body[i] === 0x0d || body[i] === 0x09)) i++;
  return i;
}

/** Whether the body is markup (`<…`), without decoding it (media downloads are large). */
export function isMarkup(body: Buffer): boolean {
  return body[firstSignificant(body)] === 0x3c;
}

const globalCopies = new WeakMap<RegExp, RegExp>();
function globalOf(re: RegExp): RegExp {
  let g = globalCopies.get(re);
  if (!g) globalCopies.set(re, (g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`)));
  return g;
}

/** A script element's text: from after its start tag to its end tag (or the end of the window). */
interface ScriptText {
  start: number;
  end: number;
  /** A data block (`type="application/json"`, `application/ld+json`, a template): never run. */
  data: boolean;
}

/** The types of script elements that hold data, not code. */
const DATA_SCRIPT = /\btype\s*=\s*["']?[^"'\s>]*(?:json|template)|\btype\s*=\s*["']?text\/(?:html|plain)\b/i;

/** The script elements of `markup` (`lower`: the same, lower-cased), in order, found with indexOf. */
function scriptTexts(markup: string, lower: string): ScriptText[] {
  const out: ScriptText[] = [];
  for (let open = lower.indexOf('<script'); open >= 0;) {
    // `<scripts>` or `<script-x>` open no script.
    const next = lower[open + 7];
    if (next !== undefined && !/[\s/>]/.test(next)) {
      open = lower.indexOf('<script', open + 7);
      continue;
    }
    const gt = lower.indexOf('>', open);
    if (gt < 0) break;
    const close = lower.indexOf('</script', gt + 1);
    const end = close < 0 ? markup.length : close;
    out.push({ start: gt + 1, end, data: DATA_SCRIPT.test(markup.slice(open, gt)) });
    if (close < 0) break;
    open = lower.indexOf('<script', close + 8);
  }
  return out;
}

/** The script whose text holds `at`, by binary search over `scripts` (in order), or null. */
function scriptAt(scripts: readonly ScriptText[], at: number): ScriptText | null {
  let lo = 0;
  let hi = scripts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = scripts[mid];
    if (at < s.start) hi = mid - 1;
    else if (at >= s.end) lo = mid + 1;
    else return s;
  }
  return null;
}

type Lex = 'code' | "'" | '"' | '`' | 'line-comment' | 'block-comment' | 'regex';

/** After these (the last significant character of code), a `/` opens a regular expression, not a division. */
const BEFORE_REGEX = new Set('(,=:[!&|?{};+-*%<>~^');

/**
 * Walks a script's text forward, telling whether a position is code or inside a string literal,
 * a template, a comment or a regular expression literal. A script's data — a page's JSON state,
 * `window.__STATE__ = {…}`, a JSON string pushed by a script — is all string literals: a creator's
 * bio quoting `window._cf_chl_opt=` there is text, not a vendor's code. Positions are asked in
 * increasing order (one pass over the script, whatever the number of matches).
 */
class ScriptLexer {
  private i: number;
  private state: Lex = 'code';
  /** The last significant character of code. */
  private last = '';
  private inClass = false;
  constructor(
    private readonly text: string,
    readonly script: ScriptText,
  ) {
    this.i = script.start;
  }

  isCode(at: number): boolean {
    while (this.i < at) this.i += this.step(this.text[this.i], this.text[this.i + 1]);
    return this.state === 'code' && this.i === at;
  }

  /** Reads `c` (followed by `next`) and says how many characters it consumed. */
  private step(c: string, next: string | undefined): number {
    switch (this.state) {
      case 'code':
        return this.code(c, next);
      case "'":
      case '"':
      case '`':
        if (c === '\\') return 2;
        if (c === this.state || (c === '\n' && this.state !== '`')) this.leave(c);
        return 1;
      case 'line-comment':
        if (c === '\n') this.state = 'code';
        return 1;
      case 'block-comment':
        if (c !== '*' || next !== '/') return 1;
        this.state = 'code';
        return 2;
      case 'regex':
        if (c === '\\') return 2;
        if (c === '[' || c === ']') this.inClass = c === '[';
        else if ((c === '/' && !this.inClass) || c === '\n') this.leave('a');
        return 1;
    }
  }

  private code(c: string, next: string | undefined): number {
    if (c === "'" || c === '"' || c === '`') this.state = c;
    else if (c === '/' && next === '/') this.state = 'line-comment';
    else if (c === '/' && next === '*') {
      this.state = 'block-comment';
      return 2;
    } else if (c === '/' && (this.last === '' || BEFORE_REGEX.has(this.last))) {
      this.state = 'regex';
      this.inClass = false;
    } else if (c > ' ') this.last = c;
    return 1;
  }

  /** Back to code after a literal: what follows it reads as after a value (a `/` divides). */
  private leave(last: string): void {
    this.state = 'code';
    this.last = last;
  }
}

/**
 * Whether `re` matches the code of a script element of `markup`: inside a script that runs (not a
 * JSON or template data block), starting outside any string literal, comment or regular expression
 * (ScriptLexer). Every match is tried in one forward walk (17,000 matches outside any script took
 * 1.7 s when each looked back).
 */
function matchesInScript(re: RegExp, markup: string, scripts: readonly ScriptText[]): boolean {
  if (scripts.length === 0) return false;
  const g = globalOf(re);
  g.lastIndex = 0;
  let lexer: ScriptLexer | undefined;
  for (let m = g.exec(markup); m; m = g.exec(markup)) {
    if (m[0].length === 0) g.lastIndex++;
    const s = scriptAt(scripts, m.index);
    if (s === null || s.data) continue;
    if (lexer === undefined || lexer.script !== s) lexer = new ScriptLexer(markup, s);
    if (lexer.isCode(m.index)) return true;
  }
  return false;
}

/**
 * Whether `re` matches the markup outside every script's text: an element a page's script holds
 * as a string (a bio in its JSON state quoting `<form id='challenge-form'>`) is no element.
 */
function matchesOutsideScripts(re: RegExp, markup: string, scripts: readonly ScriptText[]): boolean {
  if (scripts.length === 0) return re.test(markup);
  const g = globalOf(re);
  g.lastIndex = 0;
  for (let m = g.exec(markup); m; m = g.exec(markup)) {
    const s = scriptAt(scripts, m.index);
    if (s === null) return true;
    // On past the script it started in: its text holds no element.
    g.lastIndex = Math.max(m.index + 1, s.end);
  }
  return false;
}

/** What one answer offers the signatures, each part worked out at most once. */
interface Seen {
  status: number | undefined;
  /** The whole body's length (bytes or characters). */
  length: number;
  headers: Record<string, string>;
  markup: string | null;
  /** The script elements of the markup, found when first asked for. */
  scripts(): readonly ScriptText[];
  data: string | null;
  /** The body as one JSON object (json signatures) when it names the member `has`, parsed when first asked for. */
  object(has: string): Record<string, unknown> | null;
}

function headerMatches(name: string | RegExp, value: RegExp, headers: Record<string, string>): boolean {
  if (typeof name === 'string') {
    const v = headers[name];
    return v !== undefined && value.test(v);
  }
  return Object.entries(headers).some(([n, v]) => name.test(n) && value.test(v));
}

function signatureMatches(sig: Signature, seen: Seen): boolean {
  if (sig.status && (seen.status === undefined || !sig.status.includes(seen.status))) return false;
  if (sig.data && (seen.data === null || !sig.data.test(seen.data))) return false;
  if (sig.header && !headerMatches(sig.header[0], sig.header[1], seen.headers)) return false;
  if (sig.json) {
    const o = seen.object(sig.json.has);
    if (o === null || !sig.json.test(o)) return false;
  }
  if (sig.markup || sig.script) {
    const { markup } = seen;
    if (markup === null) return false;
    if (sig.maxLength !== undefined && seen.length > sig.maxLength) return false;
    if (sig.markup && !sig.markup.every((re) => matchesOutsideScripts(re, markup, seen.scripts()))) return false;
    if (sig.script && !sig.script.every((re) => matchesInScript(re, markup, seen.scripts()))) return false;
  }
  return true;
}

/** `body` parsed as one JSON object when it is one and at most JSON_MAX long, else null. */
function smallObject(text: string): Record<string, unknown> | null {
  if (!/^\uFEFF?\s*\{/.test(text)) return null;
  try {
    const v: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Pages that are nothing but a vendor's scripts — no text, no content element, no script of the
 * site's own: Cloudflare Bot Fight Mode (the challenge-platform's scripts, or in 2020–21 Bot
 * Management's `/cdn-cgi/bm/cv/<n>/api.js` and `__CF$cv$params`), Imperva Incapsula's JavaScript
 * challenge (its `/_Incapsula_Resource?SWJIYLWA=…` script, 2021). The same scripts on a real page
 * (which has content, or its own scripts) leave that page data.
 */
const SHELLS: readonly { vendor: string; what: string; page: RegExp; src: RegExp; inline: RegExp | null }[] = [
  {
    vendor: 'cloudflare',
    what: 'a Cloudflare Bot Fight Mode challenge',
    page: /\/cdn-cgi\/(?:challenge-platform|bm\/cv)\//,
    src: /^(?:https?:\/\/[^/]+)?\/cdn-cgi\//i,
    inline: /__CF\$cv\$params|\/cdn-cgi\/challenge-platform\//,
  },
  {
    vendor: 'incapsula',
    what: 'an Imperva Incapsula JavaScript challenge',
    page: /\/_Incapsula_Resource\?/,
    src: /^(?:https?:\/\/[^/]+)?\/_Incapsula_Resource\?/i,
    inline: null,
  },
];

function vendorShell(markup: string): BlockMatch | null {
  if (markup.length > SHELL_MAX) return null;
  const shell = SHELLS.find((v) => v.page.test(markup));
  if (!shell) return null;
  let scripts = 0;
  for (const m of markup.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    scripts++;
    const src = /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(m[1])?.[1];
    const vendors = src ? shell.src.test(src) : shell.inline !== null && shell.inline.test(m[2]);
    if (!vendors) return null;
  }
  if (scripts === 0) return null;
  const body = /<body\b[^>]*>([\s\S]*)$/i.exec(markup)?.[1] ?? markup;
  const rest = body
    .replace(/<script\b[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<(style|noscript)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  if (/<(?:img|iframe|a|form|input|video|audio|svg|canvas|picture|main|article|section|table|ul|ol|h[1-6]|p)\b/i.test(rest)) return null;
  return rest.replace(/<[^>]*>/g, '').trim() === '' ? { source: shell.vendor, what: shell.what } : null;
}

/** The longest tag the markup signatures read (an `<` further than this from the next `>` opens none). */
const MAX_TAG = 1024;

/**
 * `markup` with each `<` that is followed by more than MAX_TAG characters without a `>` made a
 * space: it opens no tag a signature could be about (an interstitial's tags are short), and the
 * signatures' `<tag\b[^>]*…[^>]*…` backtrack over everything up to the next `>` from every such
 * `<` — 24 KB of `<meta name=description ` after a vendor token, from any server (a Mastodon
 * server a caller names), held the event loop 8 s, 64 KB minutes. Every `>`-free stretch a
 * signature reads is then at most MAX_TAG long. One pass; a page without such a `<` is returned as it is.
 */
function withTagsBounded(markup: string): string {
  const parts: string[] = [];
  let copied = 0;
  let gt = -1;
  for (let lt = markup.indexOf('<'); lt >= 0; lt = markup.indexOf('<', lt + 1)) {
    if (gt < lt) {
      gt = markup.indexOf('>', lt);
      if (gt < 0) gt = markup.length;
    }
    if (gt - lt > MAX_TAG) {
      parts.push(markup.slice(copied, lt), ' ');
      copied = lt + 1;
    }
  }
  return parts.length ? parts.join('') + markup.slice(copied) : markup;
}

/**
 * The anti-bot vendor whose challenge or block page this is, or null. `body` may be the raw
 * bytes or text (the answer's decoded text: its window is then a slice, not a copy); only its first
 * MARKUP_WINDOW characters are read (OK_WINDOW at a 2xx status), and only when it is markup.
 * `status`, when known, lets the signatures that hold at one status only (Kasada's 429) match.
 */
export function vendorBlock(body: Buffer | string, headers: Record<string, string> = {}, status?: number): BlockMatch | null {
  let markup: string | null = null;
  // The start of any other body, for vendors' JSON answers.
  let data: string | null = null;
  const window = status !== undefined && status >= 200 && status < 300 ? OK_WINDOW : MARKUP_WINDOW;
  if (typeof body === 'string') {
    if (/^\uFEFF?\s*</.test(body)) markup = body.length > window ? body.slice(0, window) : body;
    else data = body.slice(0, DATA_WINDOW);
  } else if (isMarkup(body)) {
    markup = body.subarray(0, window).toString('utf8');
  } else {
    data = body.subarray(0, DATA_WINDOW).toString('utf8');
  }
  const candidate = markup !== null && VENDOR_TOKENS.test(markup);
  if (candidate) markup = withTagsBounded(markup!);
  // A small non-markup body as text and as one JSON object, each worked out when first needed.
  let small: string | null | undefined;
  let parsed: { v: Record<string, unknown> | null } | undefined;
  let scripts: ScriptText[] | undefined;
  const smallText = () =>
    (small ??= data === null || body.length > JSON_MAX ? null : typeof body === 'string' ? body : body.toString('utf8'));
  const seen: Seen = {
    status,
    length: body.length,
    headers,
    markup,
    scripts: () => (scripts ??= candidate ? scriptTexts(markup!, markup!.toLowerCase()) : []),
    data,
    object: (has) => {
      const text = smallText();
      if (text === null || !text.includes(`"${has}"`)) return null;
      return (parsed ??= { v: smallObject(text) }).v;
    },
  };
  for (const rule of VENDOR_RULES) {
    for (const sig of rule.signatures) {
      // Markup signatures only on pages that carry one of the vendors' tokens at all.
      if ((sig.markup || sig.script) && !candidate) continue;
      if (signatureMatches(sig, seen)) return { source: rule.vendor, what: rule.what };
    }
  }
  if (candidate) return vendorShell(markup!);
  return null;
}

/** Whether this body is an anti-bot vendor's challenge or block page (for parsers given a page directly). */
export function isVendorChallenge(body: Buffer | string, headers?: Record<string, string>): boolean {
  return vendorBlock(body, headers) !== null;
}

/**
 * The answer as wall rules see it. A class rather than an object spread from the answer with
 * closures: it is made for every upstream answer of a platform with walls, and most rules look at
 * the status alone. `isMarkup` and `json()` are worked out when first asked for.
 */
class View implements AnswerView {
  private parsed: { v: unknown } | undefined = undefined;
  private markup: boolean | undefined = undefined;
  constructor(private readonly answer: UpstreamAnswer) {}
  get status(): number {
    return this.answer.status;
  }
  get headers(): Record<string, string> {
    return this.answer.headers;
  }
  get url(): string {
    return this.answer.url;
  }
  get body(): Buffer {
    return this.answer.body;
  }
  get isMarkup(): boolean {
    return (this.markup ??= isMarkup(this.answer.body));
  }
  text(): string {
    return this.answer.text();
  }
  json(): unknown {
    if (!this.parsed && this.answer.body.length > WALL_JSON_MAX) this.parsed = { v: undefined };
    if (!this.parsed) {
      try {
        this.parsed = { v: parseUpstreamJson(this.answer.text(), 'block check') };
      } catch {
        this.parsed = { v: undefined };
      }
    }
    return this.parsed.v;
  }
}

/** The vendor whose challenge host `url` is on (a redirect there is its block), or null. */
export function vendorHost(url: string | URL): BlockMatch | null {
  let host: string;
  try {
    host = (typeof url === 'string' ? new URL(url) : url).hostname;
  } catch {
    return null;
  }
  const v = VENDOR_CHALLENGE_HOSTS.find((h) => h.host.test(host));
  return v ? { source: v.vendor, what: v.what } : null;
}

/** The block this answer is — a vendor's first, then the platform's own walls — or null. */
export function detectBlock(answer: UpstreamAnswer, walls: readonly WallRule[] = []): BlockMatch | null {
  // A page is read as the answer's text, which the platform reads too (decoded once).
  const body = isMarkup(answer.body) ? answer.text() : answer.body;
  const vendor = vendorHost(answer.url) ?? vendorBlock(body, answer.headers, answer.status);
  if (vendor) return vendor;
  if (walls.length === 0) return null;
  const view = new View(answer);
  for (const w of walls)
    if (w.test(view)) return { source: w.name, what: w.what, ...(w.login ? { login: true } : {}), ...(w.retry ? { retry: true } : {}) };
  return null;
}

/** The error a caller sees for a recognised block. */
export function blockedError(platform: string, host: string, status: number, m: BlockMatch): ApiError {
  if (m.login) return loginWall(platform);
  return upstreamBlocked(`${platform}: ${host} answered with ${m.what} instead of data (HTTP ${status})`);
}
