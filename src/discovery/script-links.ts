/**
 * A page's links that live only in its script data, not in an `<a href>`: the site builders and
 * frameworks that render links on the client ship them as JSON — Next.js (`<script id="__NEXT_DATA__">`
 * and the App Router's `self.__next_f.push([1,"…"])` React Server Component payload), Squarespace
 * (`Static.SQUARESPACE_CONTEXT = {…}` and a social links block's `data-block-json`), Framer
 * (`<script type="framer/handover">`), Wix (`<script type="application/json" id="wix-warmup-data">`),
 * Notion public pages (a link is a text run `["Instagram", [["a", "https://…"]]]` inside
 * `"properties"`/`"title"` arrays) and any other `<script type="application/json">`.
 *
 * Each URL that names an account or a link-in-bio page is read as a link of the page with the text
 * the data gives it — the same structural rules as an anchor's (who presents the link): the short
 * texts of the object that holds it (`{"children": "Instagram", "href": …}`, `{"serviceName":
 * "instagram", "profileUrl": …}`), else of the object around that (`{"title": "Instagram", "link":
 * {"url": …}}`), the key it sits under (`{"tiktok": "https://…"}`), or a text run's own text ("Photos
 * by Maria" is a credit there as in an anchor). Other URLs (assets, APIs, the site's own pages) are
 * not links here. Bounded: SCRIPT_DATA_MAX_CHARS of script text, SCRIPT_WALK_MAX_NODES values walked,
 * SCRIPT_LINKS_MAX links a page.
 */
import type * as cheerio from 'cheerio';
import { classifyLink, isLinkInBioHost } from '../links/classify.js';
import { parsedHtml } from '../parse/load-html.js';
import type { Html } from '../parse/load-html.js';
import type { Anchor } from '../platforms/page-text.js';
import { ANCHOR_TEXT_MAX } from '../platforms/page-text.js';
import { readerAccount } from './profiles.js';
import { assignedStates, handleLinkOf } from './vendor-data.js';

/** Script text read of one page (a page is at most 512 KiB; its data is most of a client-rendered one). */
export const SCRIPT_DATA_MAX_CHARS = 1_000_000;
/** JSON values walked per page: a site's data holds thousands; a hostile blob millions. */
export const SCRIPT_WALK_MAX_NODES = 200_000;
/** Links read from one page's script data. */
export const SCRIPT_LINKS_MAX = 100;

/** Keys whose value is the link itself: under them the key says nothing about the link. */
const URL_KEYS = new Set([
  'url',
  'href',
  'link',
  'uri',
  'src',
  'to',
  'value',
  'permalink',
  'profileurl',
  'profile_url',
  'linkurl',
  'externalurl',
  'external_url',
  'target',
]);
/** Keys whose short string says what a link is (an anchor's text, title and aria-label, a service's name). */
const TEXT_KEYS = new Set([
  'children',
  'text',
  'title',
  'label',
  'name',
  'aria-label',
  'arialabel',
  'alt',
  'platform',
  'service',
  'servicename',
  'network',
  'displayname',
  'caption',
  'icon',
]);
const TEXT_MAX = 120;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The short texts an object gives its links. */
function objectText(o: Obj): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(o)) {
    if (!TEXT_KEYS.has(k.toLowerCase())) continue;
    if (typeof v === 'string' && v.length <= TEXT_MAX && !/^https?:\/\//i.test(v)) parts.push(v);
    // RSC children: texts among elements (`["Instagram", ["$","svg",…]]`, `["$","span",null,{"children":"YouTube"}]`).
    else if (Array.isArray(v)) parts.push(childrenText(v, 0));
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** The text of RSC children (strings, and elements' own children, three levels deep). */
function childrenText(v: unknown, depth: number): string {
  if (typeof v === 'string') return v.length <= TEXT_MAX && !v.startsWith('$') ? v : '';
  if (!Array.isArray(v) || depth > 3) return '';
  // An element: ["$", type, key, props].
  if (v[0] === '$') return isObj(v[3]) ? childrenText(v[3].children, depth + 1) : '';
  return v
    .slice(0, 16)
    .map((x) => childrenText(x, depth + 1))
    .join(' ');
}

/** Whether `url` names an account or a link-in-bio page (what a script's data links, worth reading). */
function isProfileLink(url: string, pageHost: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.hostname.replace(/^www\./, '') === pageHost) return false;
  return Boolean(classifyLink(u.href)?.handle) || isLinkInBioHost(u.hostname) || Boolean(readerAccount(u.href));
}

/** Walks parsed script data, reporting each profile link with its text (bounded by `budget`). */
function walkData(data: unknown, pageHost: string, out: Map<string, string>, budget: { nodes: number }): void {
  // A value with the chain of containers above it (nearest first) and the key it sits under.
  const stack: { v: unknown; up: unknown[]; key: string | null }[] = [{ v: data, up: [], key: null }];
  while (stack.length && budget.nodes-- > 0 && out.size < SCRIPT_LINKS_MAX) {
    const { v, up, key } = stack.pop()!;
    if (typeof v === 'string') {
      // A network and a bare handle, a fediverse handle (vendor-data.ts): read as the account's URL.
      const s = /^https?:\/\//i.test(v.trim()) ? v.trim() : (handleLinkOf(v, isObj(up[0]) ? up[0] : null, key) ?? '');
      if (!/^https?:\/\/\S+$/i.test(s) || s.length > 2_000 || !isProfileLink(s, pageHost)) continue;
      const url = new URL(s);
      url.hash = '';
      if (!out.has(url.href)) out.set(url.href, textOf(up, key));
      continue;
    }
    const chain = [v, ...up].slice(0, 4);
    if (Array.isArray(v)) for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], up: chain, key: null });
    else if (isObj(v)) for (const [k, x] of Object.entries(v).reverse()) stack.push({ v: x, up: chain, key: k });
  }
}

/** A link's text from its containers (nearest first) and its key. */
function textOf(up: unknown[], key: string | null): string {
  const [holder, parent, grand] = up;
  // Notion's text run: ["Instagram", [["a", "https://…"]]] — the run's text is the link's.
  if (Array.isArray(holder) && holder[0] === 'a' && Array.isArray(grand) && typeof grand[0] === 'string' && Array.isArray(parent))
    return grand[0].trim().slice(0, ANCHOR_TEXT_MAX);
  const keyText = key && !URL_KEYS.has(key.toLowerCase()) ? key : '';
  if (isObj(holder)) {
    const own = objectText(holder);
    if (own || keyText) return [own, keyText].filter(Boolean).join(' ').slice(0, ANCHOR_TEXT_MAX);
    const around = up.slice(1).find(isObj);
    if (around) return objectText(around).slice(0, ANCHOR_TEXT_MAX);
  }
  return keyText;
}

/** The RSC payload of `self.__next_f.push([1, "…"])` scripts, its rows' JSON values. */
function rscValues(scripts: string[]): unknown[] {
  let payload = '';
  for (const s of scripts) {
    const m = /self\.__next_f\.push\((\[[\s\S]*\])\)\s*;?\s*$/.exec(s.trim());
    if (!m) continue;
    try {
      const row = JSON.parse(m[1]) as unknown[];
      if (row[0] === 1 && typeof row[1] === 'string') payload += row[1];
    } catch {
      /* not a payload row */
    }
  }
  const out: unknown[] = [];
  for (const line of payload.split('\n')) {
    const m = /^[0-9a-z]+:(?=[[{])/i.exec(line);
    if (!m) continue;
    try {
      out.push(JSON.parse(line.slice(m[0].length)));
    } catch {
      /* a row that is no JSON (text, module references) */
    }
  }
  return out;
}

/** `Static.SQUARESPACE_CONTEXT = {…};`: the object. */
function assignedObject(script: string, marker: RegExp): unknown {
  const m = marker.exec(script);
  if (!m) return undefined;
  const start = script.indexOf('{', m.index + m[0].length);
  const end = script.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  try {
    return JSON.parse(script.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

function dataBlobs($: cheerio.CheerioAPI): unknown[] {
  const blobs: unknown[] = [];
  const scripts: string[] = [];
  let chars = 0;
  $('script').each((_, el) => {
    const type = ($(el).attr('type') ?? '').toLowerCase();
    if (type === 'application/ld+json' || chars >= SCRIPT_DATA_MAX_CHARS) return;
    const text = $(el)
      .text()
      .slice(0, SCRIPT_DATA_MAX_CHARS - chars);
    chars += text.length;
    if (type.includes('json') || type === 'framer/handover') {
      try {
        blobs.push(JSON.parse(text));
      } catch {
        /* not JSON after all */
      }
    } else if (text.includes('self.__next_f.push')) scripts.push(text);
    else if (text.includes('SQUARESPACE_CONTEXT')) blobs.push(assignedObject(text, /Static\.SQUARESPACE_CONTEXT\s*=/));
    else blobs.push(...assignedStates(text));
  });
  blobs.push(...rscValues(scripts));
  $('[data-block-json]').each((_, el) => {
    const text = $(el).attr('data-block-json') ?? '';
    if (chars >= SCRIPT_DATA_MAX_CHARS) return;
    chars += text.length;
    try {
      blobs.push(JSON.parse(text));
    } catch {
      /* not JSON */
    }
  });
  return blobs.filter((b) => b !== undefined);
}

/**
 * The accounts and link pages a page's script data links (above), each once with its text, in
 * data order — URLs `shown` (the page's own anchors) left out: an anchor says more.
 */
export function scriptLinks(page: Html, pageUrl: string, shown: ReadonlySet<string> = new Set()): Anchor[] {
  if (typeof page === 'string' && !/<script\b|data-block-json/i.test(page)) return [];
  let $: cheerio.CheerioAPI;
  try {
    $ = parsedHtml(page, `the script data of ${pageUrl}`);
  } catch {
    return []; // a page over the parser's bounds: its anchors are refused too
  }
  const pageHost = new URL(pageUrl).hostname.replace(/^www\./, '');
  const out = new Map<string, string>();
  const budget = { nodes: SCRIPT_WALK_MAX_NODES };
  for (const blob of dataBlobs($)) walkData(blob, pageHost, out, budget);
  return [...out].filter(([url]) => !shown.has(url)).map(([url, text]) => ({ url, text }));
}
