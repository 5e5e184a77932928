/**
 * Reading bios and pages for discovery: addresses and links.
 *
 * Addresses come from the shared extractor (src/links/emails.ts: plain, mailto,
 * bracketed `[at]`/`(at)`, HTML entities, Cloudflare `data-cfemail`, JSON-LD), plus one
 * obfuscation it deliberately leaves out because prose matches it too — the unbracketed
 * `name at domain dot com`. Here it is read only where it cannot be prose:
 *  - `local at domain dot tld` with the word "dot" spelled at least once (`hello at nightowl dot com`), or
 *  - `local at domain.tld` on a line that announces a contact (`email`, `contact`, `booking`,
 *    `business`, `inquiries`, `mgmt`, `📩`, `✉️`…) before it (`Bookings: hello at nightowl.com`).
 * Every candidate still passes `normaliseEmail` (placeholders, asset names, unknown suffixes out).
 *
 * On top, discovery drops addresses at the domains every creator shares: link-in-bio vendors,
 * platforms and shorteners (`support@linktr.ee`, `press@youtube.com` are nobody's contact here).
 */
import type * as cheerio from 'cheerio';
import { parsedHtml } from '../parse/load-html.js';
import type { Html } from '../parse/load-html.js';
import { decode as decodeEntities } from 'html-entities';
import { parse as parseDomain } from 'tldts';
import { classifyLink, isLinkInBioHost, isShortener } from '../links/classify.js';
import { OTHER_LINK_IN_BIO_HOSTS } from './domains.js';
import { saysSecondAccount } from './markers.js';
import { isMailboxDomain, labelsAddress, SPACED_AT } from './email-forms.js';
import { fediverseAccounts } from './fediverse.js';
import { iconLabel, isIconLink, setApartInBlock } from './icon-links.js';
import { AT_WORDS_PLAIN, DOT_WORDS, escapeRe, extractEmails, normaliseEmail } from '../links/emails.js';
import type { EmailNode } from '../links/emails.js';
import { profileLinks } from '../platforms/shortvideo/parse.js';
import { parseUpstreamJson } from '../parse/json.js';
import { platforms } from '../platforms/registry.js';

const LOCAL = '[A-Za-z0-9._+-]{1,64}';
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** Words written in Latin letters need spaces around them; a word in another script is one without (`art골뱅이gmail닷com`). */
const latin = (w: string) => /^[\p{Script=Latin}\s-]+$/u.test(w);
function around(words: string[]): string {
  const alt = (ws: string[]) => ws.map(escapeRe).join('|');
  const lat = words.filter(latin);
  const other = words.filter((w) => !latin(w));
  return [lat.length ? `\\s+(?:${alt(lat)})\\s+` : '', other.length ? `\\s*(?:${alt(other)})\\s*` : ''].filter(Boolean).join('|');
}
/**
 * How addresses are spelled out: a word for `@` and the words for the dot (`links/emails.ts`,
 * every language's). English "at" is also a preposition, so it needs a spelled dot or a contact
 * cue before it; the other words (`AT_WORDS_PLAIN`: arroba, arobase, małpa, собака, 골뱅이,
 * アットマーク…) mean nothing but `@`.
 */
const SPELLED_DOT = `${around(DOT_WORDS)}|\\s*[\\[(]\\s*(?:${DOT_WORDS.map(escapeRe).join('|')})\\s*[\\])]\\s*`;
/**
 * Dots written as another dot-like sign (`lucasvoyage · fr`, `・`, `。`, `∙`): joins labels like a
 * dot, but is never the spelled dot that lets English "at" be read (`coffee at home · london` is prose).
 */
const SIGN_DOT = '\\s*[·∙⋅・。｡]\\s*';
/** `(at)`, `[at]`, `{@}` between name and domain (the shared extractor's brackets), for a domain whose dots are spelled. */
const BRACKETED_AT = '\\s*(?:\\(\\s*(?:at|@)\\s*\\)|\\[\\s*(?:at|@)\\s*\\]|\\{\\s*(?:at|@)\\s*\\})\\s*';
const SPELLINGS = [
  // English "at", and words for it that are words too (Swedish "ät" eat, Persian "ات" a suffix,
  // Bengali "এট"): only with a spelled dot or a contact cue ("aino ät ainovirtanen piste fi").
  { at: around(['at', 'ät', 'ات', 'এট']), plain: false },
  { at: `${around(AT_WORDS_PLAIN)}|${BRACKETED_AT}`, plain: true },
  // `ana @ studio-ana.com`: under the same limits, or at a mailbox provider (email-forms.ts).
  { at: SPACED_AT, plain: false, mailbox: true },
].map(({ at, plain, mailbox }) => ({
  plain,
  mailbox: mailbox === true,
  dot: new RegExp(SPELLED_DOT, 'giu'),
  anyDot: new RegExp(`${SPELLED_DOT}|${SIGN_DOT}`, 'giu'),
  // `local at domain dot tld` (plain dots may join other labels).
  // The local part's dots may be spelled too (`lina [dot] wanders [at] …`): read from its first
  // word, never from the last one (`wanders@…`, another address).
  re: new RegExp(
    `(?<![A-Za-z0-9._%+-])(${LOCAL}(?:(?:${SPELLED_DOT})${LOCAL}){0,3})(?:${at})(${LABEL}(?:(?:${SPELLED_DOT}|${SIGN_DOT}|\\.)${LABEL})*)`,
    'giu',
  ),
}));
const CONTACT_CUE_RE =
  /\b(?:e-?mail|mail|contact|bookings?|business|enquir(?:y|ies)|inquir(?:y|ies)|collabs?|collaborations?|management|mgmt|press|pr|partnerships?|reach me|write me|contacto|contato|contatto|kontakt|correo|courriel|anfragen|presse|prensa|negocios|negócios|parcerias|réservations?|buchungen)\b|お問い合わせ|問い合わせ|連絡先|メール|お仕事|联系|商务|문의|📩|📧|✉️?|💌/i;

const SIGN_DOT_RE = new RegExp(SIGN_DOT, 'u');
const OTHER_DOT_RE = new RegExp(`${SPELLED_DOT}|\\.`, 'iu');
/**
 * A sign dot is a dot only in a domain that has no other kind: after `gmail [dot] com` or
 * `gmail.com`, ` · business:` is the bio's separator, and the domain ends before it.
 */
function signDotsOnlyAlone(domain: string): string {
  const sign = SIGN_DOT_RE.exec(domain);
  return sign && OTHER_DOT_RE.test(domain) ? domain.slice(0, sign.index) : domain;
}

/**
 * Where the line's first contact cue ends (Infinity: none). A cue before a match is a cue ending at
 * or before the match's start — none runs across it: a match starts on a letter, digit or `._+-`
 * after any other character, and no cue holds such a pair — so the line is searched once, not
 * again before each match: 400 KB of ` at ` on one line (a match every few characters) took 8 s.
 */
function contactCueEnd(line: string): number {
  const cue = CONTACT_CUE_RE.exec(line);
  return cue ? cue.index + cue[0].length : Infinity;
}

/** Addresses written as `name at domain dot com` (or `arroba … punto`, `골뱅이 … 닷`: see SPELLINGS), normalised. */
export function spelledOutEmails(text: string): string[] {
  const out: string[] = [];
  for (const line of decodeEntities(text).normalize('NFKC').split(/\r?\n/)) {
    let cueEnd: number | undefined;
    for (const s of SPELLINGS) {
      // exec from the start, not matchAll: matchAll copies the (large) expression for every line.
      s.re.lastIndex = 0;
      for (let m = s.re.exec(line); m; m = s.re.exec(line)) {
        s.dot.lastIndex = 0;
        const spelled = s.dot.test(m[2]);
        if (!s.plain && !spelled) {
          const cue = (cueEnd ??= contactCueEnd(line));
          if (s.mailbox ? !isMailboxDomain(m[2]) && !labelsAddress(line, cue, m.index) : cue > m.index) continue;
        }
        const e = normaliseEmail(`${m[1].replace(s.dot, '.')}@${signDotsOnlyAlone(m[2]).replace(s.anyDot, '.')}`);
        if (e) out.push(e);
      }
    }
  }
  return out;
}

/** A domain every creator shares (a platform, a link-in-bio vendor, a shortener): never a creator's contact domain. */
export function isSharedDomain(domain: string): boolean {
  const d = domain.toLowerCase();
  return (
    isLinkInBioHost(d) ||
    isShortener(d) ||
    classifyLink(`https://${d}/`) !== null ||
    isLinkInBioVendorDomain(d) ||
    OTHER_LINK_IN_BIO_HOSTS.has(parseDomain(d).domain ?? d)
  );
}

/** The registrable domains of the link-in-bio vendors themselves (`linktr.ee`, `komi.io`, `beacons.ai`…). */
function isLinkInBioVendorDomain(d: string): boolean {
  const reg = parseDomain(d).domain ?? d;
  return isLinkInBioHost(reg) || isLinkInBioHost(`abc.${reg}`);
}

/**
 * The most addresses read from one text or page: a creator's own say where to write (a handful:
 * booking, press, management). More is a list of other people's, and every address read is weighed
 * on its own further on — a link page of 20,000 addresses on one line held the gateway 30 s.
 */
export const EMAILS_PER_TEXT_MAX = 50;

/** Each address once (any case), none of a shared mail provider's own domains, at most EMAILS_PER_TEXT_MAX, in text order. */
function keep(emails: Iterable<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const e of emails) {
    if (out.length >= EMAILS_PER_TEXT_MAX) break;
    const k = e.toLowerCase();
    if (seen.has(k)) continue;
    seen.add(k);
    if (isSharedDomain(e.slice(e.lastIndexOf('@') + 1))) continue;
    out.push(e);
  }
  return out;
}

/**
 * A note that says which sign stands for `@` (`xiaoyu.lin#qq.com（#换成@）`, `name*mail.de (* durch
 * @ ersetzen)`, `replace # with @`): the sign, or null. The note's wording in the languages
 * creators write; the sign is one non-letter character.
 */
const REPLACE_NOTE_RE = new RegExp(
  [
    // sign first: `#换成@`, `# → @`, `#=@`, `* durch @ ersetzen`, `★を@に`, `# by @`
    `([^\\p{L}\\p{N}\\s@.])\\s*(?:换成|換成|替换为|替換為|替换成|改为|改為|改成|换为|換為|转成|=|→|->|=>|を|을|를|durch|by|with|par|por|per|door|na|на|thành|bằng|ด้วย)\\s*[@＠]`,
    // sign after a verb: `replace # with @`, `ersetze # durch @`, `remplacez # par @`, `reemplaza # por @`, `thay # bằng @`
    `(?:replace|ersetze|ersetzen|remplace[rz]?|reemplaza|reemplazar|substitua|sostituisci|vervang|zamień|замените|замени|thay)\\s+([^\\p{L}\\p{N}\\s@.])\\s*(?:with|by|durch|par|por|con|per|door|na|на|bằng)\\s*[@＠]`,
  ].join('|'),
  'iu',
);
export function withReplacedAtSign(text: string): string {
  const m = REPLACE_NOTE_RE.exec(text);
  const sign = m?.[1] ?? m?.[2];
  if (!m || !sign) return text;
  // The note itself is dropped; the sign between a name and a domain becomes `@`.
  const body = text.slice(0, m.index) + ' ' + text.slice(m.index + m[0].length);
  return body.replace(new RegExp(`(?<=[A-Za-z0-9._%+-])${escapeRe(sign)}(?=[A-Za-z0-9-]+\\.[A-Za-z])`, 'gu'), '@');
}

/** Contact addresses in plain text (a bio, a description, a contact field). */
export function emailsInText(...texts: (string | null | undefined)[]): string[] {
  const out: string[] = [];
  for (const t of texts) {
    if (!t) continue;
    const u = withReplacedAtSign(t);
    out.push(...extractEmails({ text: u }), ...spelledOutEmails(u));
  }
  return keep(out);
}

/** Contact addresses in an HTML page (visible text, mailto, Cloudflare, JSON-LD, spelled-out); `text`: its visibleText, when known. */
export function emailsInHtml(page: Html, text?: string): string[] {
  const nodes = rootNodes(parsedHtml(page, 'an HTML text read for addresses'));
  return emailsFrom(extractEmails({ nodes }), text ?? visibleLines(nodes));
}

/**
 * `emailsInHtml` of a block of a page already parsed — its children (or the block itself) and its
 * text (default: their visibleText) — without serialising the block and parsing it again: a page's
 * readers read every small block for addresses (sponsors.ts), and a parse per block made 28,000
 * blocks of a 450 KB page cost 1 s.
 */
export function emailsInBlock(nodes: readonly EmailNode[], text = visibleLines(nodes)): string[] {
  return emailsFrom(extractEmails({ nodes }), text);
}

/** The addresses of `fromHtml` (read from markup), then those of its visible `text` that do not merely run on from one of them. */
function emailsFrom(fromHtml: string[], text: string): string[] {
  const t = withReplacedAtSign(text);
  // The visible text as a reader sees it: an address split across elements (`kontakt<span>@</span>
  // leakocht.de`) is whole only there. One that merely runs on from a neighbouring word
  // (`Contact<b>hi@x.de</b>` reads `Contacthi@x.de`) ends like one already found: that one is kept.
  // The markup's kept first (at most EMAILS_PER_TEXT_MAX): each text address is checked against
  // them, and 20,000 of each on one page were 400 million checks (~5 s of a held event loop).
  const html = keep(fromHtml);
  const found = html.map((e) => e.toLowerCase());
  const runsOn = (e: string) => {
    const k = e.toLowerCase();
    return found.some((f) => k !== f && k.endsWith(f));
  };
  return keep([...html, ...[...extractEmails({ text: t }), ...spelledOutEmails(t)].filter((e) => !runsOn(e))]);
}

/** Elements whose text no reader sees (visibleText skips them whole). */
const HIDDEN_ELEMENTS = new Set(['script', 'style', 'noscript', 'template', 'svg']);
/** Elements that start and end a line of visible text (`br` only ends one). */
const BLOCK_ELEMENTS = new Set([
  ...['p', 'div', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'section', 'footer', 'header'],
  // Laid out as blocks too: a definition list's term and its description are two lines, not one
  // word ("Press" + "press@…" read as "Presspress@…").
  ...['dt', 'dd', 'dl', 'ul', 'ol', 'table', 'address', 'article', 'aside', 'nav', 'main', 'blockquote', 'figcaption', 'pre', 'hr'],
]);
/** A table's cells: on their row's line, apart ("Management" + "mgmt@…" was one word, "Managementmgmt@…"). */
const CELL_ELEMENTS = new Set(['td', 'th']);

/** A node of the page as visibleText walks it (domhandler's, by the fields read). */
interface TextNode {
  type: string;
  name?: string;
  data?: string;
  children?: TextNode[];
}

/** The top nodes of a parsed page (its root's children). */
const rootNodes = ($: cheerio.CheerioAPI): EmailNode[] => ($.root()[0] as unknown as EmailNode).children ?? [];

/**
 * The page's visible text, one line per block (scripts and styles dropped): a block starts and
 * ends a line, so `<a>write</a><p>br@…</p>` is two lines, not `writebr@…`.
 *
 * One walk of the tree, the text of each text node in document order (cheerio's `.text()`:
 * comments none, CDATA its text), a line break before and after a block. Not by editing the
 * tree (`.remove()`, `.before('\n')`, `.after('\n')`): each of those splices the parent's list
 * of children, so a page of 99,000 sibling `<p>` or `<br>` (290–390 KB, within the page's byte
 * and element bounds) held the event loop for 25–65 s, on any website a creator links.
 */
export function visibleText(page: Html): string {
  return visibleLines(rootNodes(parsedHtml(page, 'a page read for its text')));
}

/** visibleText of some nodes of a parsed page (a block of it, or its top nodes). */
export function visibleLines(nodes: readonly TextNode[]): string {
  const out: string[] = [];
  const walk = (nodes: readonly TextNode[]): void => {
    for (const n of nodes) {
      if (n.type === 'text') out.push(n.data ?? '');
      else if (n.type !== 'comment' && n.children) {
        const name = n.name ?? '';
        if (HIDDEN_ELEMENTS.has(name)) continue;
        const block = BLOCK_ELEMENTS.has(name);
        if (block) out.push('\n');
        else if (CELL_ELEMENTS.has(name)) out.push('\t');
        walk(n.children);
        if (block || name === 'br') out.push('\n');
      }
    }
  };
  walk(nodes);
  return out.join('');
}

/**
 * Links written in a bio: `https://…`, `www.host.tld`, `host.tld/path` and `host.<common suffix>`
 * (the shortvideo module's reading of bios, shared), then accounts named the way bios name them:
 * `IG: name`, `Insta @name`, `TikTok: @name`, `YT: @name`, `Twitter: @name`, `X: @name`.
 */
export function linksInText(text: string | null | undefined): string[] {
  if (!text) return [];
  const notLinks = addressDomainLinks(text);
  return [...profileLinks(null, text).filter((l) => !notLinks.has(l)), ...mentionedAccounts(text)];
}

/** The address domains addressDomainLinks counts in one text. */
export const ADDRESS_DOMAINS_MAX = 16;

/**
 * The bare domains a text writes only as the domain of an address it spells with a stand-in for
 * the `@` ("aiko＠gmail.com", "mei#qq.com (#换成@)", "ana [at] studio.pt"): the bio-link reader takes
 * them for written links (`https://gmail.com`), but they are no website — as `me@gmail.com` is
 * none. A domain the text also writes elsewhere (`hello＠annabakes.com · annabakes.com`) stays a link.
 */
export function addressDomainLinks(text: string): Set<string> {
  const out = new Set<string>();
  const t = text.normalize('NFKC').toLowerCase();
  const raw = text.toLowerCase();
  const byDomain = new Map<string, number>();
  for (const e of emailsInText(text)) {
    const d = e.slice(e.lastIndexOf('@') + 1).toLowerCase();
    byDomain.set(d, (byDomain.get(d) ?? 0) + 1);
  }
  // Each domain's count is a pass over the text: the first ADDRESS_DOMAINS_MAX only (a bio names a
  // few; 125 KB of distinct addresses took 1.3 s, quadratic).
  for (const [d, n] of [...byDomain].slice(0, ADDRESS_DOMAINS_MAX)) {
    const written = t.split(d).length - 1;
    // An address written with the `@` itself gave the reader no link: a link to its domain came
    // from elsewhere (a link field, the domain written on its own) and stays.
    const plain = raw.split(`@${d}`).length - 1;
    if (written > 0 && written <= n && plain < written) out.add(`https://${d}`);
  }
  return out;
}

/**
 * The labels bios name accounts by ("IG", "YT", "Twitter"…), each its platform's own (its
 * definition's `names.mention`, src/platforms/definition.ts), and the platform's names in other
 * scripts (`names.link`: "유튜브", "インスタ", "يوتيوب", "Інстаграм" — names of the platform only,
 * never everyday words): the account's URL for a handle, and whether the label names one only
 * before an explicit `@` (`atOnly`: "X", "TT").
 */
const MENTIONS: ReadonlyMap<string, { url: (handle: string) => string; atOnly: boolean; handleLike?: boolean }> = new Map([
  ...platforms.flatMap((p) => {
    const m = p.names?.mention;
    const reader = p.reader;
    const url = m?.url ?? (reader && ((h: string) => reader.profileUrl(h)));
    if (!m || !url) return [];
    const otherScripts = (p.names?.link ?? []).filter((name) => !/[a-z]/i.test(name)).map((name) => name.toLowerCase());
    return [...new Set([...m.labels, ...otherScripts])].map(
      (label) => [label, { url, atOnly: m.atOnly?.includes(label) ?? false }] as const,
    );
  }),
  ...emojiLabels(),
]);

/**
 * Emoji bios put before a handle for its platform ("📸 lena.weaves", "🎥 @lenaweaves"): the camera
 * for the photo platform, the film camera for the video one — labels of their platform's mention
 * (the platform that holds a label in `names.mention`: social-b's "ig", video's "yt"). An emoji is
 * also decoration, so it names only what looks like a handle (`handleLike`: an `@`, or a `.`, `_` or
 * digit in it), whatever separator follows: "📸 Tokyo" is a place.
 */
function emojiLabels(): [string, { url: (handle: string) => string; atOnly: boolean; handleLike: boolean }][] {
  const byLabel = (label: string) => {
    const p = platforms.find((d) => d.names?.mention?.labels.includes(label));
    const reader = p?.reader;
    return p?.names?.mention?.url ?? (reader && ((h: string) => reader.profileUrl(h)));
  };
  const out: [string, { url: (handle: string) => string; atOnly: boolean; handleLike: boolean }][] = [];
  for (const [emoji, label] of [
    ['📸', 'ig'],
    ['📷', 'ig'],
    ['🎥', 'yt'],
  ] as const) {
    const url = byLabel(label);
    if (url) out.push([emoji, { url, atOnly: false, handleLike: true }]);
  }
  return out;
}
/** The labels as one alternation, longest first ("instagram" before "insta"). */
const MENTION_LABEL = [...MENTIONS.keys()]
  .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
  .map(escapeRe)
  .join('|');
/**
 * A label as a whole word (never the start of "installs", "youtubers", never "myYT", a URL's
 * `/yt` or a `#IG` tag: after no letter, digit, `_`, `.`, `@`, `/`, `#` or `-` — after a space,
 * punctuation of any script (`｜`, `、`, `【`) or an emoji), more labels joined by
 * `/`, `&`, `+` or a short word (`IG/YT:`, `IG y X:`: LABEL_JOIN; five labels at most — an unbounded
 * chain was scanned again from every label of a long run, `ig / ig / …`), optional separators (`:`, a dash, `=`, an arrow, a bullet, a bar, an
 * emoji), an optional `@`, the handle.
 */
/**
 * What joins two labels naming one handle: `/`, `&`, `+`, or one short word of any script between
 * spaces that is no label itself — a conjunction, "IG y X", "IG and TT", "YT и IG", "IG ve X".
 */
const LABEL_JOIN = `(?:\\s*[/&+]\\s*|\\s+(?!(?:${MENTION_LABEL})\\s)\\p{L}{1,3}\\s+)`;
const LABEL_JOIN_RE = new RegExp(LABEL_JOIN, 'iu');
/** One label as a whole word (never the start of "installs", "youtubers"). */
const LABEL_ONE = `(?:${MENTION_LABEL})(?:['’]\\p{L}{1,5})?(?![\\p{L}\\p{N}_])`;
/** A case suffix after an apostrophe ("YouTube'da", "Instagram’dan", "TikTok'ta": on/from YouTube), read as the label itself. */
const LABEL_SUFFIX_RE = /['’]\p{L}{1,5}$/u;
/**
 * The labels, five at most, taken whole and never given back (`(?=(…))\\2`, an atomic group): a long
 * run of labels and joiners (`ig y ig y …`) was otherwise tried again at every length from every label.
 */
const MENTION_RE = new RegExp(
  `(?<![\\p{L}\\p{M}\\p{N}_.@/#-])((?=(${LABEL_ONE}(?:${LABEL_JOIN}${LABEL_ONE}){0,4}))\\2)` +
    `(?:\\s+([\\p{L}\\p{M}]{2,16}(?:\\s+[\\p{L}\\p{M}]{2,16}){0,2})(?=\\s*[:：\\-–—=>→➡➜⟶»▶👉]))?` +
    `\\s*((?:(?:[:：\\-–—=>→➡➜⟶»▶•|｜/]|\\p{Extended_Pictographic}|\\p{Emoji_Modifier}|\\uFE0F)\\s*)*)(@?)([A-Za-z0-9._]{2,30})(?![\\p{L}\\p{M}\\p{N}._@/])`,
  'gimu',
);
/** Words between a label and its separator that say what follows is the account's name itself ("TikTok ID:", "IG username:"). */
const HANDLE_WORDS: ReadonlySet<string> = new Set(['id', 'handle', 'username', 'user', '아이디', 'ユーザー名']);
/** Separators that announce the name (a colon, a dash, an arrow, a pointing hand); a bullet, a bar or another emoji only sits between words. */
const STRONG_SEPARATOR = /[:：\-–—=>→➡➜⟶»▶👉/]/u;
/** After a name, the rest of a title: an apostrophe and a letter ("Kenji's"), or a space and a capitalised word ("Kenji Kitchen"). */
const TITLE_GOES_ON = /^(?:['’]\p{L}|[ \t]\p{Lu})/u;
/** `@name (YT)`, `@name on IG`: the label after the name. */
const MENTION_AFTER_RE = new RegExp(
  `(?<![\\p{L}\\p{N}._%+@-])(@?)([A-Za-z0-9._]{2,30})(?![\\p{L}\\p{M}\\p{N}._@/])\\s*(?:\\(\\s*(${MENTION_LABEL})\\s*\\)|(?:on|auf|en|sur|su|op|no|na|em)\\s+(${MENTION_LABEL})(?![\\p{L}\\p{N}_]))`,
  'gimu',
);
/** Whether `<the platform's host>/<handle>` is an account there too (classifyLink), as "yt/<handle>" reads. */
function pathNamesAccount(label: string, handle: string): boolean {
  const url = MENTIONS.get(label.toLowerCase())?.url(handle);
  if (!url) return false;
  return Boolean(classifyLink(`${new URL(url).origin}/${handle}`)?.handle);
}

/** The account `label` names by `handle`, when its URL is a profile URL of the platform (`classifyLink`: a handle it can hold), else null. */
function mentionUrl(label: string, handle: string): string | null {
  const url = MENTIONS.get(label.toLowerCase())?.url(handle);
  return url && classifyLink(url)?.handle ? url : null;
}

/**
 * `IG: nightowl.bar` → `https://www.instagram.com/nightowl.bar`; `IG/YT: @owl` names both; so do
 * `IG 👉 owl`, `IG ➡️ owl`, `IG：owl` and, the label after the name, `@owl (YT)`, `@owl on IG`.
 * With nothing between label and name but a space, a bullet, a bar or an emoji (`IG • owl`,
 * `IG | London`), the name must look like a handle (an `@`, or a `.`, `_` or digit in it): "ig live"
 * and "yt vlogs" are prose. A label its platform reads only before an `@` (`atOnly`: X, TT) needs one.
 * One to three words of any script between the label and a separator name the account only before an
 * explicit `@` (`YouTube channel: @owl`, `YouTube चैनल: @owl`, `Insta perso : @owl`, `Инст для рецептов: @owl`; never
 * `YouTube channel: soon`) — unless the word says the name is the account's own (`TikTok ID: owl`,
 * `틱톡 아이디: owl`: HANDLE_WORDS).
 */
export function mentionedAccounts(raw: string): string[] {
  // Compatibility forms read as the letters they stand for (half-width ｲﾝｽﾀ is インスタ, ＠ is @).
  const text = raw.normalize('NFKC');
  const out = new Set<string>();
  // Each label and name classified once a call: a hostile run of one mention ("ig / ig / …", 200 KB)
  // classified the same URL 40,000 times (~280 ms of CPU alone).
  const classified = new Map<string, boolean | string | null>();
  const once = <T extends boolean | string | null>(key: string, classify: () => T): T => {
    if (!classified.has(key)) classified.set(key, classify());
    return classified.get(key) as T;
  };
  const re = new RegExp(MENTION_RE);
  for (let m = re.exec(text); m && out.size < MENTIONS_PER_TEXT_MAX; m = re.exec(text)) {
    const labels = m[1]
      .toLowerCase()
      .split(LABEL_JOIN_RE)
      .map((l) => l.replace(LABEL_SUFFIX_RE, ''));
    const qualifier = m[3];
    const separated = STRONG_SEPARATOR.test(m[4]);
    const at = m[5] === '@';
    const handle = m[6].replace(/\.+$/, '');
    // One to three words between the label and a separator ("YouTube channel: @…", "YouTube चैनल: @…",
    // "Инст для рецептов: @…") name an account only with its explicit `@`; a word that is itself a
    // label starts the next match. A word that says the name IS the account's ("TikTok ID: owl",
    // "틱톡 아이디: owl") needs no `@`.
    const words = qualifier ? qualifier.toLowerCase().split(/\s+/) : [];
    // Words that say second account ("IG second account: @…") leave the name to the second-account
    // reading (markers.ts secondAccountMentionsOn: a candidate until it names the creator back).
    const qualified =
      !qualifier ||
      (!words.some((w) => MENTIONS.has(w)) &&
        !(words.length > 1 && saysSecondAccount(qualifier)) &&
        (at || (separated && words.length === 1 && HANDLE_WORDS.has(words[0]))));
    // What follows the name says it is none: a URL's scheme ("Instagram: https://…", the link itself
    // is read as a link), or — a name without `@` and nothing of a handle's in it — a word of a title
    // ("YouTube: Kenji's Kitchen Tokyo", "YT: Kenji Kitchen": a channel's display name, not @Kenji).
    const after = text.slice(re.lastIndex, re.lastIndex + 3);
    const notAName = after.startsWith('://') || (!at && !/[._0-9]/.test(handle) && TITLE_GOES_ON.test(after));
    const named =
      !notAName &&
      qualified &&
      (separated || at || /[._0-9]/.test(handle)) &&
      labels.some((label) => (!MENTIONS.get(label)?.atOnly || at) && (!MENTIONS.get(label)?.handleLike || at || /[._0-9]/.test(handle)));
    // A label that names nothing ("IG | YT: @owl", "X | YouTube：@owl"): what it took for a name may be the next label.
    if (!named) {
      re.lastIndex = m.index + m[1].length;
      continue;
    }
    for (const label of labels) {
      if (MENTIONS.get(label)?.atOnly && !at) continue;
      if (MENTIONS.get(label)?.handleLike && !at && !/[._0-9]/.test(handle)) continue;
      // "yt/name" reads as a path: a name the platform's own path would not take for an account ("yt/shorts") is none.
      if (m[4].trim() === '/' && !at && !once(`path ${label} ${handle}`, () => pathNamesAccount(label, handle))) continue;
      const url = once(`url ${label} ${handle}`, () => mentionUrl(label, handle));
      if (url) out.add(url);
    }
  }
  for (const m of text.matchAll(MENTION_AFTER_RE)) {
    if (out.size >= MENTIONS_PER_TEXT_MAX) break;
    const handle = m[2].replace(/\.+$/, '');
    // Without its `@`, only a name with a handle's marks (a `.` or `_` between letters) names one: "kaito.runs on YT", never "videos on YT".
    if (m[1] !== '@' && !/\p{L}[._]+[\p{L}\p{N}]/u.test(handle)) continue;
    const label = (m[3] ?? m[4]).toLowerCase();
    const url = once(`url ${label} ${handle}`, () => mentionUrl(label, handle));
    if (url) out.add(url);
  }
  // `@user@instance.tld`: a fediverse account, whatever labels it (fediverse.ts).
  return [...new Set([...out, ...fediverseAccounts(text)])];
}

/**
 * The most accounts one text's mentions name (mentionedAccounts): a bio names its own few. More is
 * a list of other people's, and each account named is weighed further on — a 200 KB bio of 12,000
 * mentions held the gateway 4-8 s (an outside sweep).
 */
export const MENTIONS_PER_TEXT_MAX = 50;

/** The most `sameAs` URLs read from one page's JSON-LD (a site lists its few accounts; more is no listing of its own). */
export const SAME_AS_MAX = 50;

/**
 * The accounts a page's JSON-LD says its subject is (`sameAs`, schema.org: "URL of a reference web
 * page that unambiguously indicates the item's identity"): a site's structured list of its own
 * profiles, often beside or instead of visible icons. Absolute http(s) URLs, page order, each once,
 * at most SAME_AS_MAX; malformed or over-bound JSON-LD holds none.
 */
export function jsonLdSameAs(page: Html, pageUrl: string): string[] {
  if (typeof page === 'string' && !/application\/ld\+json/i.test(page)) return [];
  const $ = parsedHtml(page, `the JSON-LD of ${pageUrl}`);
  const out = new Set<string>();
  const walk = (node: unknown, depth: number): void => {
    if (depth > 32 || out.size >= SAME_AS_MAX || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const x of node) walk(x, depth + 1);
      return;
    }
    for (const [k, v] of Object.entries(node)) {
      if (k !== 'sameAs') walk(v, depth + 1);
      else
        for (const u of Array.isArray(v) ? v : [v]) {
          if (typeof u !== 'string' || out.size >= SAME_AS_MAX) continue;
          try {
            const url = new URL(u.trim());
            url.hash = '';
            if (url.protocol === 'https:' || url.protocol === 'http:') out.add(url.href);
          } catch {
            /* not a URL: nothing to follow */
          }
        }
    }
  };
  $('script[type="application/ld+json" i]').each((_, el) => {
    try {
      walk(parseUpstreamJson($(el).text(), 'JSON-LD'), 0);
    } catch {
      /* malformed (or over-bound) JSON-LD is common; it simply lists nothing */
    }
  });
  return [...out];
}

// Shared with the platform readers (a social-a page reads its anchors and tags the same way).
export { anchorLinks, pageAnchors, pageMeta } from '../platforms/page-text.js';
export type { Anchor } from '../platforms/page-text.js';

const BLOCKS = 'li, p, td, dd, dt, figcaption, blockquote, h1, h2, h3, h4, h5, h6, div, section, article';

/**
 * What a page says about each of its links, by URL (resolved as `pageAnchors` resolves them): the
 * anchor's own text, title and aria-label, and the text of its block (the nearest paragraph, list
 * item, cell or div) when that block holds no other link — "Photos by <a>@maria</a>", "<li>My
 * manager: <a>Northstar</a></li>". A block shared by several links (a row of social icons, a
 * page's whole body) describes none of them.
 */
export function anchorContexts(page: Html, pageUrl: string): Map<string, string> {
  const $ = parsedHtml(page, `the page ${pageUrl}`);
  const out = new Map<string, string>();
  // Each block's text, when it holds one link only, read once however many links it holds (read
  // again for each link, one paragraph of 10,000 links — 450 KB — took 16 s).
  const lone = new Map<unknown, string | null>();
  eachWebLink($, pageUrl, (a, u) => {
    // A social icon (no words of its own) is named by its icon; its block's words not when a part separator sets it apart (icon-links.ts).
    const icon = isIconLink(a);
    const parts = icon ? [iconLabel(a, u)] : [a.text(), a.attr('title') ?? '', a.attr('aria-label') ?? ''];
    const block = a.parent().closest(BLOCKS);
    if (block.length && !lone.has(block[0])) lone.set(block[0], block.find('a[href]').length === 1 ? block.text() : null);
    const text0 = block.length ? lone.get(block[0]) : null;
    if (text0 != null && !(icon && setApartInBlock(a, block))) parts.push(text0);
    const text = parts.join(' ').replace(/\s+/g, ' ').trim().slice(0, 300);
    out.set(u.href, [out.get(u.href), text].filter(Boolean).join(' '));
  });
  return out;
}

/** Each `<a href>` of the page to an http(s) URL (resolved against `pageUrl`, without its fragment). */
function eachWebLink($: cheerio.CheerioAPI, pageUrl: string, visit: (link: ReturnType<cheerio.CheerioAPI>, url: URL) => void): void {
  $('a[href]').each((_, el) => {
    let u: URL;
    try {
      u = new URL($(el).attr('href')!.trim(), pageUrl);
    } catch {
      return;
    }
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return;
    u.hash = '';
    visit($(el), u);
  });
}

/**
 * The card each link sits in, by URL (resolved as `pageAnchors` resolves them): the heading (h2–h6)
 * of the nearest container (up to four levels up, below the page's main, header, footer and title)
 * that holds exactly one heading outside links —
 * `<div><h3>Burak Tekin</h3><a>YouTube</a> <a>Instagram</a></div>` names both links "Burak
 * Tekin". A page of such cards lists people, each with accounts of their own (a roster).
 */
export function cardNames(page: Html, pageUrl: string): Map<string, string> {
  const $ = parsedHtml(page, `the page ${pageUrl}`);
  const out = new Map<string, string>();
  // What each box says, read once however many links it holds (read again for each link, one
  // paragraph of 10,000 links — 450 KB — took 19 s, inside 150 nested blocks 80 s): `null` a box
  // that ends the search (an h1, or several headings in it), a name, or '' (none: look further up).
  const verdicts = new Map<unknown, string | null>();
  const verdict = (box: ReturnType<typeof $>): string | null => {
    if (verdicts.has(box[0])) return verdicts.get(box[0])!;
    let v: string | null = '';
    if (box.find('h1').length) v = null;
    else {
      const heads = box.find('h2, h3, h4, h5, h6').filter((_, h) => !$(h).find('a').length && !$(h).closest('a').length);
      if (heads.length > 1) v = null;
      else if (heads.length === 1) v = heads.first().text().replace(/\s+/g, ' ').trim() || null;
    }
    verdicts.set(box[0], v);
    return v;
  };
  eachWebLink($, pageUrl, (a, u) => {
    let box = a.parent();
    // A card is a small container of its own: never the page's main, header, footer or body, never under the page's title (h1).
    for (let up = 0; up < 4 && box.length && !box.is('body, html, main, header, footer, nav'); up++, box = box.parent()) {
      const name = verdict(box);
      if (name === '') continue;
      if (name && name.length <= 60 && !out.has(u.href)) out.set(u.href, name);
      return;
    }
  });
  return out;
}
