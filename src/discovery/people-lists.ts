/**
 * Addresses of the people a creator's page lists: a guest list, a team or speakers page, podcast
 * episode cards — repeated items (list items, table rows, cards: siblings of one shape), each naming
 * a person and giving that person's address ("<a>Dana Reyes</a> — reach her at dana@…", a row
 * "Ana Lucía Ortega | ana@…", a card "<h3>Kenji Mori</h3> … mailto:kenji@…"). Such an address is the
 * person's the item names, not the creator's: read here as a credit (lower-cased address → name),
 * which verification.ts `pageEmails` drops unless the name or the address is the creator's.
 *
 * By structure, not wording: the item is one of two or more siblings with the same tag (and class);
 * the name is the item's own title — a heading, a bold or linked text, its first cell, a term, a
 * caption — when it reads as a name (sponsors.ts `creditName`: capitalised words, any words in a
 * script without capitals) and is a person's: two words or more, or one the address is named after;
 * else a capitalised word of the item that the address is named after ("Find Kenji: kenji@…").
 * An item whose title is a contact label ("Booking", "Press", "Kontakt") is the creator's contact
 * list, and an address at the page's own domain is the site's (as for sponsors.ts creditedEmails).
 */
import type { CheerioAPI } from 'cheerio';
import type { EmailNode } from '../links/emails.js';
import { registrableDomain } from './domains.js';
import { fold, key } from './markers.js';
import { CONTACT_LABEL_RE, creditName } from './sponsors.js';
import { emailsInBlock } from './text.js';

/** The most addresses of one page looked at (a hostile page holds thousands). */
const ADDRESSES_MAX = 200;
/** The longest item read: a block holding more is no one person's entry. */
const ITEM_TEXT_MAX = 600;
/** How far up from an address its item is looked for. */
const ITEM_DEPTH_MAX = 6;

const ITEM_TAGS = new Set(['li', 'tr', 'article', 'div', 'section', 'figure', 'dd', 'blockquote', 'aside']);
const TITLE_SELECTOR = 'h1, h2, h3, h4, h5, h6, strong, b, a, th, td, dt, figcaption, [itemprop="name"]';

const CASED = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;

/**
 * Words that title an inbox rather than a person, beside sponsors.ts's contact labels (folded): a
 * one-word entry ("Prensa — prensa.x@…", "Talleres — talleres.x@…") named in its address is a topic.
 */
const ROLE_WORDS = new Set(
  [
    'prensa',
    'presse',
    'imprensa',
    'stampa',
    'pers',
    'prasa',
    'media',
    'medios',
    'shop',
    'store',
    'tienda',
    'loja',
    'boutique',
    'orders',
    'pedidos',
    'encargos',
    'commandes',
    'bestellungen',
    'info',
    'hello',
    'hola',
    'ola',
    'bonjour',
    'hallo',
    'ciao',
    'workshops',
    'talleres',
    'cursos',
    'courses',
    'kurse',
    'ateliers',
    'events',
    'eventos',
    'jobs',
    'careers',
    'support',
    'soporte',
    'ayuda',
    'hilfe',
    'sales',
    'ventas',
    'vendas',
    'vertrieb',
    'team',
    'equipo',
    'equipe',
    'studio',
    'estudio',
  ].map(fold),
);

/** The parts of a parsed node read here (domhandler's, without depending on it directly). */
interface Node {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  parent?: Node | null;
  children?: Node[];
}

const isTag = (n: Node | null | undefined, names?: Set<string>): n is Node =>
  !!n && n.type === 'tag' && (!names || names.has(n.name ?? ''));

/** `n` is one of two or more siblings of its shape (the same tag, the same class): an entry of a list. */
function isRepeated(n: Node): boolean {
  const shape = (x: Node) => `${x.name}.${(x.attribs?.class ?? '').trim()}`;
  const mine = shape(n);
  let same = 0;
  for (const s of n.parent?.children ?? []) if (isTag(s) && shape(s) === mine && ++same >= 2) return true;
  return false;
}

/** The nearest ancestor of `from` that is a repeated item, up to ITEM_DEPTH_MAX levels. */
function itemOf(from: Node): Node | null {
  let n: Node | null | undefined = from;
  for (let depth = 0; n && depth < ITEM_DEPTH_MAX; depth++, n = n.parent) {
    if (n.type === 'tag' && (n.name === 'body' || n.name === 'html')) return null;
    if (isTag(n, ITEM_TAGS) && isRepeated(n)) return n;
  }
  return null;
}

/** A person's name: two words or more, a name in a script without capitals, or one word the address is named after. */
function personName(text: string, email: string): string | null {
  if (/[@/\d]/.test(text) || text.length > 60) return null;
  const name = creditName(text);
  if (!name || CONTACT_LABEL_RE.test(fold(name))) return null;
  const words = name.split(' ').filter((w) => /\p{L}{2}/u.test(w));
  if (words.length >= 2 && words.length <= 4) return name;
  // A name in a script without capitals ("佐藤ゆき", "김민지"): creditName took any words.
  if (!CASED.test(name) && words.length <= 4 && name.length <= 24) return name;
  if (ROLE_WORDS.has(fold(name))) return null;
  const k = key(name);
  const local = key(email.slice(0, email.lastIndexOf('@')));
  const domain = key(email.slice(email.lastIndexOf('@') + 1).split('.')[0] ?? '');
  return words.length === 1 && k.length >= 3 && (local.includes(k) || domain.includes(k)) ? name : null;
}

/** The name an item gives its entry: its title's, else a capitalised word of it the address is named after. */
function itemName($: CheerioAPI, item: Node, text: string, email: string): string | null {
  for (const el of $(item as never)
    .find(TITLE_SELECTOR)
    .toArray()
    .slice(0, 12)) {
    const t = $(el).text().replace(/\s+/g, ' ').trim();
    if (!t || (el.name === 'a' && /^mailto:/i.test(el.attribs.href ?? ''))) continue;
    // A contact label as the item's title: the creator's own contact list ("Booking", "Press").
    if (CONTACT_LABEL_RE.test(fold(t.replace(/[:：]\s*$/, ''))) && t.length <= 40) return null;
    const name = personName(t, email);
    if (name) return name;
  }
  const before = text.slice(0, Math.max(0, text.toLowerCase().indexOf(email))) || text;
  for (const w of before.split(/[^\p{L}\p{M}'’-]+/u)) if (/^\p{Lu}/u.test(w) && personName(w, email)) return w;
  return null;
}

/**
 * Addresses of `$` (a page at `pageUrl`) in repeated items that name another person than whoever
 * the page speaks as, with the name (lower-cased address → name). Whether the name is the
 * creator's is verification's to judge.
 */
export function listedPeopleEmails($: CheerioAPI, pageUrl: string): Map<string, string> {
  const out = new Map<string, string>();
  const own = registrableDomain(pageUrl);
  const items = new Set<Node>();
  let seen = 0;
  const stack: Node[] = [$.root().get(0) as unknown as Node];
  while (stack.length && seen < ADDRESSES_MAX) {
    const n = stack.pop()!;
    const holds =
      (n.type === 'text' && n.data?.includes('@')) || (n.type === 'tag' && n.name === 'a' && /^mailto:/i.test(n.attribs?.href ?? ''));
    if (holds) {
      seen++;
      const item = itemOf(n.parent && n.type === 'text' ? n.parent : n);
      if (item) items.add(item);
    }
    if (n.children) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  for (const item of items) {
    const text = $(item as never).text();
    if (text.length > ITEM_TEXT_MAX) continue;
    for (const e of emailsInBlock((item.children ?? []) as unknown as EmailNode[], text)) {
      const email = e.toLowerCase();
      if (registrableDomain(email.slice(email.lastIndexOf('@') + 1)) === own || out.has(email)) continue;
      const name = itemName($, item, text.replace(/\s+/g, ' '), email);
      if (name) out.set(email, name);
    }
  }
  return out;
}
