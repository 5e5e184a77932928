/**
 * Addresses a creator lists for her representatives — an agent, an agency, management, a publicist —
 * are theirs, not hers: "Booking: Nord Agency — bookings@nord.agency", "contact my agent at
 * nadia@…", "Management: …", "for press: Lumen PR <hi@lumenpr.co>", "Representante: …",
 * "Agentur: …", "マネージャー：…". api.md allows them in `emails` ("an address may belong to the
 * creator, management, or a booking contact"), so they are still returned; but they are no contact
 * of hers to recognise her other accounts by: an agency's inbox is on every talent's profile
 * (verification.ts leaves them out of the creator's own addresses — `shared_contact` and a one-way
 * link's confirmation). Her own "business: me@mydomain" stays hers: a contact label alone ("Business:",
 * "Bookings:", "Press:", "Contacto:") says whom to write to, not that it is someone else's.
 *
 * Read by the line's structure: the part of the line before the address (a line of `·`, `|` or `•`
 * separated parts is read part by part) names a representative's role as a whole word, or a name
 * that is a firm of one ("Nord Agency", "Lumen PR", "Raga Bridge Management"); a role denied right
 * before it ("no agency", "sin mánager", "ohne Agentur", "sans agent", "self-managed") is none.
 */
import { emailsInText } from './text.js';

/** Representatives' roles as words, folded to lower case (es, de, fr, pt, it, ja and English). */
const ROLE_WORDS = [
  // English
  'agent',
  'agents',
  'agency',
  'management',
  'mgmt',
  'manager',
  'managers',
  'publicist',
  'representation',
  'representative',
  'rep',
  // es
  'agencia',
  'agente',
  'representante',
  'representación',
  'mánager',
  // de
  'agentur',
  'managerin',
  'agentin',
  'vertretung',
  // fr
  'agence',
  'représentant',
  'représentante',
  'attaché de presse',
  'attachée de presse',
  // pt
  'agência',
  'empresário',
  'empresária',
  'assessoria',
  'assessor',
  'assessora',
  // it
  'agenzia',
];
/** Roles in scripts without spaces between words: matched anywhere in the part. */
const ROLE_CHARS = [
  'マネージャー',
  'マネジャー',
  'マネジメント',
  '所属事務所',
  '事務所',
  'エージェント',
  '経紀人',
  '经纪人',
  '매니저',
  '소속사',
];

const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
const ROLE_RE = new RegExp(`(?<![\\p{L}\\p{N}])(?:${ROLE_WORDS.map(escape).join('|')})(?![\\p{L}\\p{N}])|${ROLE_CHARS.join('|')}`, 'iu');
/** A firm's name ends in "PR" (capitals: "Lumen PR", never "pr" in prose). */
const PR_FIRM_RE = /(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}&.'-]*(?:\s+\p{Lu}[\p{L}\p{N}&.'-]*){0,3}\s+PR(?![\p{L}\p{N}])/u;
/** A role denied right before it: "no agency", "sin mánager", "ohne Agentur", "sans agent", "sem empresário", "self-managed". */
const DENIED_RE =
  /(?<![\p{L}\p{N}])(?:no|not|without|sin|ohne|kein|keine|keinen|sans|pas d['’]|sem|senza|non|independent|independiente|unabhängig|indépendant)\s+(?:\p{L}+\s+)?$/iu;

/** Parts of a line read on their own: `·`, `|`, `•` separate a bio's fields. */
const PART_SPLIT_RE = /\s[·|•]\s|\n/u;

/** The representative's role the words before an address give it (the matched words), or null. */
export function representativeRole(before: string): string | null {
  const text = before.normalize('NFKC');
  const pr = PR_FIRM_RE.exec(text);
  if (pr) return pr[0].trim();
  const m = ROLE_RE.exec(text);
  if (!m) return null;
  return DENIED_RE.test(text.slice(0, m.index)) ? null : m[0];
}

/**
 * The addresses of a text (a bio, a link page's text, a site's line) that their line gives to a
 * representative (above): lower-cased address → the role's words.
 */
export function representativeEmails(text: string | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!text || (!text.includes('@') && !/\bat\b|＠|\[|\(/i.test(text))) return out;
  for (const part of text.split(PART_SPLIT_RE)) {
    const lower = part.toLowerCase();
    // Addresses come in the part's order: each is looked for after the one before, and its role in
    // the ROLE_WINDOW characters before it. Read from the part's start for each address, a line of
    // 20,000 addresses (338 KB of a link page) took ~35 s of CPU and held every other request.
    let from = 0;
    for (const e of emailsInText(part)) {
      const user = e.slice(0, e.lastIndexOf('@')).toLowerCase();
      const at = lower.indexOf(user, from);
      const end = at >= 0 ? at : from;
      if (at >= 0) from = at + user.length;
      const role = representativeRole(part.slice(Math.max(0, end - ROLE_WINDOW), end));
      if (role && !out.has(e.toLowerCase())) out.set(e.toLowerCase(), role);
    }
  }
  return out;
}

/** Characters before an address its role is read in: a label and a firm's name ("Management — Lumen Talent Group: "), with room to spare. */
const ROLE_WINDOW = 300;
