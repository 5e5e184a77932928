/**
 * What the words right before an `@handle` say it is — a role list, the way bios label accounts:
 * "backup, main: @kai_alt", "priv, spam & backup → @…", "backup acct, main @…", "art / backup acc →
 * @…", "cuenta de respaldo, principal: @…" — her own second account when the list names one of her
 * own accounts' roles (backup, alt, priv, spam, main, sub…) and no one else's; "manager @nadia",
 * "mgmt: @…", "Agentur → @…" — a representative's (agents.ts), someone else's account.
 *
 * Per handle, not per line: "backup: @kai_alt (manager @nadia)" names her backup and her manager. The
 * list is the words between the previous handle (or the line's start, a bracket, a sentence's end) and
 * this one: items joined by `,` `&` `+` `/` or a conjunction, each of at most three words (a list,
 * not a sentence), then an optional separator (`:`, an arrow, a dash, a bullet).
 */
import { fold, saysSecondAccount, secondAccountMentions, secondAccountMentionsOn } from './markers.js';
import { namesRelation } from './relations.js';
import { representativeRole } from './agents.js';

/** Roles of her own accounts (folded; a word of an item, or the item's words joined). */
const OWN_ROLE_WORDS = new Set([
  'backup',
  'alt',
  'priv',
  'private',
  'spam',
  'main',
  'finsta',
  'sub',
  'side',
  'second',
  '2nd',
  // es, pt
  'respaldo',
  'reserva',
  'principal',
  'secundaria',
  'secundario',
  'privada',
  'privado',
  // de
  'zweitaccount',
  'hauptaccount',
  'privat',
  // fr
  'secondaire',
  'prive',
  // ja, ko (whole items: no spaces there)
  'サブ',
  'サブ垢',
  '本垢',
  '裏垢',
  '鍵垢',
  '부계',
  '부계정',
  '본계',
]);

const HANDLE_RE = /(?<![\p{L}\p{N}._%+-])@([A-Za-z0-9._-]{2,40})(?![\p{L}\p{M}\p{N}])/gu;
/** Where the words that may label a handle start: the line's start, a bracket, a sentence's end, a `·`/`|` part. */
const LIST_START_RE = /.*(?:[()[\]{}.!?。！？]\s|[()[\]{}]|\s[·|｜]\s)/su;
const ITEM_SPLIT_RE = /\s*(?:[,、，&+/・]|\s(?:and|y|und|et|e|i|en|und)\s)\s*/iu;
const TRAILING_SEPARATOR_RE = /(?:[\s:：=→➜➡>»\-–—•]|\uFE0F)+$/u;

/** The role list right before each `@handle` of a line: [handle (lower case), its list's items]. */
function labelledHandles(line: string): [string, string[]][] {
  const out: [string, string[]][] = [];
  let from = 0;
  for (const m of line.matchAll(HANDLE_RE)) {
    const before = line.slice(from, m.index);
    from = m.index + m[0].length;
    const list = before.replace(LIST_START_RE, '').replace(TRAILING_SEPARATOR_RE, '').trim();
    const items = list ? list.split(ITEM_SPLIT_RE).filter(Boolean) : [];
    if (!items.length || items.some((i) => i.split(/\s+/).length > 3)) continue;
    out.push([m[1].replace(/[._-]+$/, '').toLowerCase(), items]);
  }
  return out;
}

/** Role words that are everyday words alone ("sub @…" is "subscribe to"): her account's role only before a word for an account ("sub acc"). */
const NEEDS_NOUN = new Set(['sub', 'side', 'second', '2nd']);

/** Words for an account after its role ("backup acc", "main channel"). */
const ACCOUNT_NOUNS = new Set([
  'acc',
  'acct',
  'account',
  'accounts',
  'channel',
  'page',
  'profile',
  'ig',
  'insta',
  'tt',
  'yt',
  'konto',
  'kanal',
  'compte',
  'cuenta',
  'conta',
  'canal',
  '垢',
]);

/**
 * An item names one of her own accounts' roles ("backup", "main acc", "cuenta de respaldo", "サブ垢"):
 * the role is the item's last word, or only words for an account follow it — "backup dancer", "main
 * character" are people and things, not accounts.
 */
const ownItem = (item: string): boolean => {
  const words = fold(item)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (OWN_ROLE_WORDS.has(words.join('')) && !NEEDS_NOUN.has(words.join(''))) return true;
  const i = words.findIndex((w) => OWN_ROLE_WORDS.has(w));
  const after = words.slice(i + 1);
  return i >= 0 && after.every((w) => ACCOUNT_NOUNS.has(w)) && (after.length > 0 || !NEEDS_NOUN.has(words[i]));
};

/** A list whose item names another person: a relation ("my bf"), a representative ("manager"). */
const namesAnother = (items: readonly string[]): boolean =>
  items.some((i) => namesRelation(i) || representativeRole(i)) || namesRelation(items.join(', '));

/** The handles a text's role lists give to her own accounts (above), lower case. */
export function ownRoleHandles(text: string | null | undefined): string[] {
  if (!text || !text.includes('@')) return [];
  const out = new Set<string>();
  for (const line of text.split(/\r?\n/))
    for (const [h, items] of labelledHandles(line)) if (items.some(ownItem) && !namesAnother(items)) out.add(h);
  return [...out];
}

/** The handles a text's role lists give to a representative ("manager @nadia", "mgmt: @…"), lower case: someone else's. */
export function representativeHandles(text: string | null | undefined): string[] {
  if (!text || !text.includes('@')) return [];
  const out = new Set<string>();
  for (const line of text.split(/\r?\n/))
    for (const [h, items] of labelledHandles(line)) if (items.some((i) => representativeRole(i))) out.add(h);
  return [...out];
}

/** Whether the line's words right before `handle` name another person (a relation or a representative). */
function othersOn(text: string): Set<string> {
  const out = new Set<string>(representativeHandles(text));
  for (const line of text.split(/\r?\n/)) for (const [h, items] of labelledHandles(line)) if (namesAnother(items)) out.add(h);
  return out;
}

/**
 * markers.ts `secondAccountMentions`, read per handle: a handle its own role list gives to another
 * person is none ("backup: @kai_alt (manager @nadia)" names one), and a role list of her own accounts
 * names one without a second-account phrase ("backup & art: @…").
 */
export function ownAccountMentions(text: string | null | undefined): string[] {
  if (!text) return [];
  const others = othersOn(text);
  return [...new Set([...secondAccountMentions(text), ...ownRoleHandles(text)])].filter((h) => !others.has(h));
}

/** markers.ts `secondAccountMentionsOn`, read per handle as `ownAccountMentions` is. */
export function ownAccountMentionsOn(text: string | null | undefined, platform: string): { handle: string; platforms: string[] }[] {
  if (!text) return [];
  const others = othersOn(text);
  const out = secondAccountMentionsOn(text, platform).filter((m) => !others.has(m.handle));
  const seen = new Set(out.map((m) => m.handle));
  for (const line of text.split(/\r?\n/)) {
    if (saysSecondAccount(line)) continue; // read above, with the platforms the line names
    for (const h of ownRoleHandles(line)) {
      if (seen.has(h) || others.has(h)) continue;
      out.push({ handle: h, platforms: [platform] });
      seen.add(h);
    }
  }
  return out;
}
