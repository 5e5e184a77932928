/**
 * HTML readers over cheerio: the text of an element with whitespace collapsed, a trimmed
 * attribute, a `<meta>` value, an absolute URL; and `htmlReader`, the bound form that warns like
 * the JSON reader when an element a page normally carries is missing.
 *
 * "Missing" in HTML is the selector matching nothing; an element that is present but empty is
 * the page saying "nothing here" and reads as null without a warning (the HTML analogue of an
 * explicit JSON null).
 */
import type { Cheerio, CheerioAPI, contains } from 'cheerio';
import { parserBegins, warn } from '../observability/warn.js';

/** cheerio's node type (domhandler's AnyNode), without depending on domhandler directly. */
type AnyNode = Parameters<typeof contains>[0];

/** Whitespace runs collapsed to one space, trimmed; '' for nothing. */
export const collapse = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

/** The collapsed text of the first matched element, null when nothing matched or it is blank. */
export function text(el: Cheerio<AnyNode>): string | null {
  return el.length ? collapse(el.first().text()) || null : null;
}

/** An attribute of the first matched element, trimmed; null when absent or blank. */
export function attr(el: Cheerio<AnyNode>, name: string): string | null {
  const v = el.first().attr(name)?.trim();
  return v ? v : null;
}

/** `<meta property=…>` or `<meta name=…>` content, first of `names` present and non-blank. */
export function meta($: CheerioAPI, ...names: string[]): string | null {
  for (const n of names) {
    const v = attr($(`meta[property="${n}"], meta[name="${n}"]`), 'content');
    if (v) return v;
  }
  return null;
}

/** `href`/`src` resolved against `base`, http(s) only; null for blank or unparsable values. */
export function absUrl(raw: string | null | undefined, base: string): string | null {
  const s = (raw ?? '').trim();
  if (!s) return null;
  try {
    const u = new URL(s, base);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

export interface HtmlReader {
  /** Text of the first element matching `selector` under `scope`; warns when nothing matched. */
  text(field: string, scope: Cheerio<AnyNode>, selector: string): string | null;
  /** An attribute of the first element matching `selector` (any of the names, in order); warns when nothing matched. */
  attr(field: string, scope: Cheerio<AnyNode>, selector: string, ...names: string[]): string | null;
  /** A `<meta>` value (first of `names`); warns when none is present. */
  meta(field: string, ...names: string[]): string | null;
  warn(field: string, detail?: string): void;
}

/** HTML getters bound to a page, reporting misses as `warn(platform, 'record.field')`. */
export function htmlReader($: CheerioAPI, opts: { platform: string; record: string }): HtmlReader {
  parserBegins(opts.platform);
  const report = (field: string, detail?: string) => warn(opts.platform, `${opts.record}.${field}`, detail);
  return {
    text(field, scope, selector) {
      const el = scope.find(selector);
      if (!el.length) report(field, `no ${selector}`);
      return text(el);
    },
    attr(field, scope, selector, ...names) {
      const el = scope.find(selector).first();
      if (!el.length) {
        report(field, `no ${selector}`);
        return null;
      }
      for (const n of names) {
        const v = attr(el, n);
        if (v) return v;
      }
      return null;
    },
    meta(field, ...names) {
      const sel = names.map((n) => `meta[property="${n}"], meta[name="${n}"]`).join(', ');
      if (!$(sel).length) report(field, `no meta ${names.join('/')}`);
      return meta($, ...names);
    },
    warn: report,
  };
}
