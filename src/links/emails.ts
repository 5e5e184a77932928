/**
 * Publicly listed contact e-mail addresses in a page or a bio — shared by the link pages and by
 * creator discovery ("find creator emails").
 *
 * What counts as listed: plain addresses in visible text, `mailto:` links (percent-escapes and
 * HTML entities decoded, `?subject=…` dropped), bracketed obfuscations (`name [at] domain [dot]
 * com`, `(at)`, `{at}`, `<at>`), Cloudflare's e-mail protection (`data-cfemail`,
 * `/cdn-cgi/l/email-protection#…`) and `email` values in JSON-LD. Nothing is ever guessed: an
 * address is reported only when all of it is on the page; unbracketed "name at domain dot com"
 * is not read, because ordinary prose matches it too.
 *
 * What is dropped: strings that only look like addresses (`logo@2x.png` retina image names,
 * fediverse accounts `@user@server`),
 * documentation placeholders (`you@example.com`, `your@email.com`, `email@domain.com`…),
 * machine addresses (Sentry DSNs on `*.sentry.io` / `sentry-next.wixpress.com`, `noreply@…`)
 * and domains whose suffix is not in the public suffix list (tldts).
 *
 * Results are deduplicated case-insensitively, first spelling kept, domain lower-cased, in the
 * order found (HTML sources first, then the text).
 */
import { decode as decodeEntities } from 'html-entities';
import { parse as parseDomain } from 'tldts';
import { loadHtml, safeDecode } from '../parse/index.js';
import { parseUpstreamJson } from '../parse/json.js';

export interface EmailInput {
  /** Plain text: a bio, a description, a JSON string value. HTML entities in it are decoded. */
  text?: string;
  /** An HTML page or fragment. */
  html?: string;
  /**
   * The children of an element of a page already parsed (a block of it), read as `html` would be
   * read with the element's markup — without serialising and parsing it again, which cost a page's
   * reader a parse per block (28,000 blocks of a 450 KB page: 1 s).
   */
  nodes?: readonly EmailNode[];
}

// ---------------------------------------------------------------------------------------------
// Recognising and normalising one address
// ---------------------------------------------------------------------------------------------

/**
 * An address in running text. The local part may not start right after another address
 * character or a `%` (so `%20info@x.com` never yields `20info@x.com`), nor right after an `@`
 * (`@ines@fosstodon.org` is a fediverse account, not an address), and the domain must end at a
 * label boundary.
 */
const EMAIL_IN_TEXT_RE =
  /(?<![A-Za-z0-9._%+@-])[A-Za-z0-9._+-]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z][A-Za-z0-9-]{1,62}(?![A-Za-z0-9-])/g;

const LOCAL_RE = /^[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*$/;
const LABEL_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** File extensions seen after `@` in asset names (`icon@2x.png`); `.mov` and `.zip` are real TLDs but no contact uses them. */
const FILE_SUFFIXES = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'svg',
  'bmp',
  'ico',
  'tif',
  'tiff',
  'avif',
  'heic',
  'heif',
  'mp4',
  'webm',
  'mov',
  'mp3',
  'wav',
  'js',
  'mjs',
  'css',
  'json',
  'pdf',
  'zip',
  'xml',
  'txt',
  'html',
  'htm',
  'php',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'map',
]);

/** Placeholder domains (any public suffix): `you@example.com`, `user@domain.com`, `me@yoursite.org`. */
const PLACEHOLDER_DOMAIN_NAMES = new Set([
  'example',
  'domain',
  'yourdomain',
  'yoursite',
  'yourwebsite',
  'yourcompany',
  'yourbusiness',
  'yourbrand',
  'mydomain',
  'mysite',
  'mywebsite',
  'sitename',
  'companyname',
  'website',
  'test',
  'sample',
  'placeholder',
]);

/** Local parts that are placeholders whatever the domain (`yourname@gmail.com`, `john.doe@…`). */
const PLACEHOLDER_LOCALS = new Set([
  'your',
  'yourname',
  'your.name',
  'your_name',
  'youremail',
  'your.email',
  'your_email',
  'yourusername',
  'username',
  'firstname',
  'lastname',
  'first.last',
  'firstname.lastname',
  'first.lastname',
  'name.surname',
  'john.doe',
  'jane.doe',
  'johndoe',
  'janedoe',
  'john.smith',
  'someone',
  'somebody',
  'emailaddress',
  'email.address',
]);

/** Local parts that are placeholders on a generic domain (`name@email.com`, `test@test.com`, `user@mail.com`). */
const WEAK_PLACEHOLDER_LOCALS = new Set(['name', 'email', 'mail', 'user', 'you', 'me', 'test', 'example', 'sample', 'address']);
const GENERIC_DOMAINS = new Set(['email.com', 'mail.com', 'gmail.com', 'company.com', 'site.com', 'domain.com', 'test.com']);

/** Error trackers and site builders whose DSNs and system senders sit in page scripts and markup. */
const SYSTEM_DOMAINS = ['sentry.io', 'sentry-next.wixpress.com', 'wixpress.com', 'sentry.wixpress.com'];
const SYSTEM_LOCAL_RE = /^(?:no[-_.]?reply|do[-_.]?not[-_.]?reply|mailer[-_.]?daemon|bounces?|postmaster)(?:[+._-].*)?$/i;
/** 32-hex local parts are Sentry public keys on self-hosted DSN hosts. */
const HEX_KEY_RE = /^[a-f0-9]{32}$/i;

/**
 * One candidate → `local@domain` with the domain lower-cased, or null when it is not a usable
 * contact address (malformed, a file name, a placeholder, a system address, an unknown suffix).
 */
export function normaliseEmail(candidate: string): string | null {
  let s = candidate.trim();
  const angle = /<([^<>]+)>/.exec(s);
  if (angle) s = angle[1].trim();
  s = s.replace(/^mailto:/i, '').replace(/\.+$/, '');
  const at = s.lastIndexOf('@');
  if (at <= 0 || at === s.length - 1) return null;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1).toLowerCase();
  if (local.length > 64 || s.length > 254 || !LOCAL_RE.test(local)) return null;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL_RE.test(l))) return null;

  const tld = labels[labels.length - 1];
  if (FILE_SUFFIXES.has(tld)) return null;
  if (/^\d+(?:\.\d+)?x$/.test(labels[0])) return null; // `@2x.`, `@1.5x.` asset scales

  const info = parseDomain(domain);
  if (!info.isIcann || info.isIp || !info.domain || info.hostname !== domain) return null;

  const lowerLocal = local.toLowerCase();
  if (PLACEHOLDER_DOMAIN_NAMES.has(info.domainWithoutSuffix ?? '')) return null;
  if (PLACEHOLDER_LOCALS.has(lowerLocal)) return null;
  if (WEAK_PLACEHOLDER_LOCALS.has(lowerLocal) && GENERIC_DOMAINS.has(domain)) return null;

  if (SYSTEM_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`))) return null;
  if (SYSTEM_LOCAL_RE.test(local) || labels.some((l) => l === 'noreply' || l === 'no-reply')) return null;
  if (HEX_KEY_RE.test(local)) return null;

  return `${local}@${domain}`;
}

// ---------------------------------------------------------------------------------------------
// Candidates from each kind of source
// ---------------------------------------------------------------------------------------------

/** decodeURIComponent; with a stray `%` elsewhere, the escapes that are well-formed. */
function safeDecodeUri(s: string): string {
  return safeDecode(s, (raw) => raw.replace(/%[0-9A-Fa-f]{2}/g, (m) => String.fromCharCode(parseInt(m.slice(1), 16))));
}

/**
 * `mailto:a@b.com,c@d.com?subject=Hi&cc=e@f.com` → the addresses (entities and %xx decoded): the
 * path's, then the `to`, `cc` and `bcc` fields' (RFC 6068 — an agency copied on every enquiry is
 * listed there); the subject and body are not read.
 */
export function mailtoAddresses(href: string): string[] {
  const s = decodeEntities(href.trim()).replace(/^mailto:/i, '');
  const q = s.indexOf('?');
  const parts = [q >= 0 ? s.slice(0, q) : s];
  if (q >= 0) {
    for (const field of s.slice(q + 1).split(/&(?:amp;)?/)) {
      const eq = field.indexOf('=');
      if (eq > 0 && /^(?:to|cc|bcc)$/i.test(field.slice(0, eq).trim())) parts.push(field.slice(eq + 1).replace(/\+/g, ' '));
    }
  }
  return parts
    .flatMap((p) => safeDecodeUri(p).split(/[,;]/))
    .map((x) => x.trim())
    .filter(Boolean);
}

/**
 * The words for `@` in the languages creators write most (what people say for the sign: "at",
 * "arroba", "małpa", "собака", "골뱅이", "アットマーク"…). `AT_WORDS_PLAIN` mean nothing else in an
 * address's place, so they are read unbracketed too (discovery's `text.ts`); the others only
 * inside brackets (`[et]` is Turkish, `(a)` Nordic and Czech, both words elsewhere).
 */
export const AT_WORDS_PLAIN = [
  'arroba', // Spanish, Portuguese, Catalan
  'arobase',
  'arobas', // French
  'chiocciola',
  'chiocciolina', // Italian
  'małpa',
  'malpa', // Polish
  'zavináč',
  'zavinac', // Czech, Slovak
  'kukac', // Hungarian
  'snabel-a', // Swedish, Danish, Norwegian
  'apenstaartje',
  'apestaart', // Dutch
  'klammeraffe', // German
  'собака',
  'собачка', // Russian
  'равлик', // Ukrainian
  'a còng',
  'a móc', // Vietnamese
  'แอท', // Thai
  'アットマーク',
  'あっとまーく',
  'アット', // Japanese
  '골뱅이', // Korean
  '艾特', // Chinese
  'آت', // Arabic, Persian
  'एट', // Hindi
  'שטרודל', // Hebrew
  'παπάκι', // Greek
];
/** Words for the dot (`nokta`, `kropka`, `точка`, `닷`, `ドット`, `点`…), every language's. */
export const DOT_WORDS = [
  'dot',
  'point',
  'punto',
  'ponto',
  'punkt',
  'punt',
  'pont',
  'punct',
  'punktum',
  'piste',
  'nokta',
  'kropka',
  'tečka',
  'tecka',
  'bodka',
  'titik',
  'chấm',
  'точка',
  'крапка',
  'τελεία',
  'ドット',
  'どっと',
  '닷',
  '점',
  '点',
  '點',
  'จุด',
  'ดอท',
  'نقطة',
  'نقطه',
  'डॉट',
  'डोट',
  'נקודה',
  'دات', // Persian, the English word
  'ডট', // Bengali
];
export const escapeRe = (w: string): string => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
const AT_WORD = ['at', '@', 'et', 'ät', 'aet', ...AT_WORDS_PLAIN].map(escapeRe).join('|');
const DOT_WORD = ['\\.', ...DOT_WORDS.map(escapeRe)].join('|');
/**
 * `[at]`, `(at)`, `{at}`, `<at>`, `[@]` and their `dot` twins, with any spacing and case, in every language above.
 * The blanks before one are matched only from where a run of blanks starts (`(?<!\s)\s+`): tried from
 * every blank, a long run of blanks was read to its end from each one (20 KB of " \n": 1 s, 40 KB: 4.5 s).
 */
const OBFUSCATED_AT_RE = new RegExp(
  `(?:(?<!\\s)\\s+)?(?:\\[\\s*(?:${AT_WORD})\\s*\\]|\\(\\s*(?:${AT_WORD})\\s*\\)|\\{\\s*(?:${AT_WORD})\\s*\\}|<\\s*at\\s*>)\\s*`,
  'giu',
);
const OBFUSCATED_DOT_RE = new RegExp(
  `(?:(?<!\\s)\\s+)?(?:\\[\\s*(?:${DOT_WORD})\\s*\\]|\\(\\s*(?:${DOT_WORD})\\s*\\)|\\{\\s*(?:${DOT_WORD})\\s*\\}|<\\s*dot\\s*>)\\s*`,
  'giu',
);
/** `name(a)domain.cz`: the bracketed letter only when it joins two words without a space. */
const BRACKETED_A_RE = /(?<=[A-Za-z0-9_-])[([]a[)\]](?=[A-Za-z0-9])/g;

/**
 * `name [at] domain [dot] com` → `name@domain.com`; text without bracketed markers is unchanged.
 * Full-width and compatibility forms are folded first (NFKC: `＠` and `﹫` are `@`, `ｇｍａｉｌ` is `gmail`).
 */
export function deobfuscate(text: string): string {
  return text.normalize('NFKC').replace(OBFUSCATED_AT_RE, '@').replace(BRACKETED_A_RE, '@').replace(OBFUSCATED_DOT_RE, '.');
}

/** Candidates in text order: `mailto:` targets are decoded in place, then plain and bracketed addresses read. */
function candidatesFromText(raw: string, out: string[]): void {
  let text = decodeEntities(raw).replace(/mailto:([^\s"'<>()[\]{}]+)/gi, (_, target: string) => ` ${mailtoAddresses(target).join(' ')} `);
  // Percent-escaped addresses in URLs (`?email=a%40b.com`, `%20a@b.com`).
  text = text.replace(/%40/gi, '@').replace(/%(?:20|09|0A|0D)/gi, ' ');
  text = deobfuscate(text);
  for (const m of text.matchAll(EMAIL_IN_TEXT_RE)) {
    if (!isUrlUserinfo(text, m.index)) out.push(m[0]);
  }
}

/** `https://user:key@host/…`: the credentials part of a URL (a DSN, a proxy URL), not an address. */
function isUrlUserinfo(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 300), at);
  const token = before.slice(before.search(/\S*$/));
  const scheme = token.lastIndexOf('://');
  return scheme >= 0 && !/[/?#]/.test(token.slice(scheme + 3));
}

/** Cloudflare e-mail protection: first byte is the XOR key of the rest (UTF-8). */
export function decodeCfEmail(hex: string): string | null {
  if (!/^(?:[0-9a-f]{2}){2,}$/i.test(hex)) return null;
  const key = parseInt(hex.slice(0, 2), 16);
  const bytes: number[] = [];
  for (let i = 2; i < hex.length; i += 2) bytes.push(parseInt(hex.slice(i, i + 2), 16) ^ key);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    return null;
  }
}

/** `email` values anywhere in a JSON-LD document (strings, `mailto:` strings, arrays of them). */
function emailsInJsonLd(node: unknown, out: string[], depth = 0): void {
  if (depth > 32 || node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const x of node) emailsInJsonLd(x, out, depth + 1);
    return;
  }
  for (const [k, v] of Object.entries(node)) {
    if (k.toLowerCase() === 'email') {
      for (const e of Array.isArray(v) ? v : [v]) if (typeof e === 'string') out.push(...mailtoAddresses(e));
    } else {
      emailsInJsonLd(v, out, depth + 1);
    }
  }
}

const SKIPPED_ELEMENTS = new Set(['script', 'style', 'template', 'noscript', 'svg', 'title']);

/** The parts of a parsed node we read (cheerio does not re-export domhandler's node types). */
export interface EmailNode {
  type: string;
  data?: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: EmailNode[];
}

type DomNode = EmailNode;

function textOf(n: DomNode): string {
  return n.type === 'text' ? (n.data ?? '') : (n.children ?? []).map(textOf).join('');
}

/**
 * One walk over the document, in document order: visible text nodes (each on its own line, so
 * adjacent elements never glue into a new address), `mailto:` and Cloudflare-protected links,
 * `data-cfemail`, JSON-LD `email` values and the meta description. Scripts, styles and other
 * invisible text are skipped (their strings are code, not listings).
 */
function htmlToText(nodes: readonly DomNode[], out: string[]): void {
  for (const n of nodes) {
    if (n.type === 'text') {
      out.push(n.data ?? '');
      continue;
    }
    const name = n.name?.toLowerCase();
    const a = n.attribs ?? {};
    if (name === 'script' && a.type?.toLowerCase() === 'application/ld+json') {
      try {
        const found: string[] = [];
        emailsInJsonLd(parseUpstreamJson(textOf(n), 'JSON-LD'), found);
        out.push(...found);
      } catch {
        /* malformed (or too deeply nested) JSON-LD is common; it simply holds nothing for us */
      }
      continue;
    }
    if (name === 'meta' && /^(?:description|og:description)$/i.test(a.name ?? a.property ?? '')) out.push(a.content ?? '');
    // What an image or a control says in words: an address written into a picture's alt text or a title.
    for (const attr of ['alt', 'title', 'aria-label']) if (a[attr]?.includes('@') || /[＠﹫]/.test(a[attr] ?? '')) out.push(a[attr]);
    const href = a.href?.trim();
    if (href && /^mailto:/i.test(href)) out.push(...mailtoAddresses(href));
    const cf = href ? /\/cdn-cgi\/l\/email-protection#([0-9a-f]+)/i.exec(href) : null;
    if (cf) out.push(decodeCfEmail(cf[1]) ?? '');
    if (a['data-cfemail']) out.push(decodeCfEmail(a['data-cfemail']) ?? '');
    if (n.children && !(name && SKIPPED_ELEMENTS.has(name))) htmlToText(n.children, out);
  }
}

function candidatesFromHtml(html: string, out: string[]): void {
  const $ = loadHtml(html, 'an HTML text read for addresses');
  const parts: string[] = [];
  htmlToText($.root().contents().toArray() as unknown as DomNode[], parts);
  // Text nodes come entity-decoded from the parser; decoding again is harmless for addresses.
  candidatesFromText(parts.join('\n'), out);
}

// ---------------------------------------------------------------------------------------------
// Public entry point
// ---------------------------------------------------------------------------------------------

export function extractEmails(input: EmailInput): string[] {
  const candidates: string[] = [];
  if (input.html) candidatesFromHtml(input.html, candidates);
  if (input.nodes) {
    const parts: string[] = [];
    htmlToText(input.nodes, parts);
    candidatesFromText(parts.join('\n'), candidates);
  }
  if (input.text) candidatesFromText(input.text, candidates);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const c of candidates) {
    const e = c ? normaliseEmail(c) : null;
    if (!e) continue;
    const key = e.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(e);
  }
  return out;
}
