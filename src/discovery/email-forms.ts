/**
 * E-mail forms the shared extractor leaves out because prose matches them too, read by text.ts
 * `spelledOutEmails` under its limits (a contact cue on the line before the address, or a spelled dot):
 *  - an `@` with blanks on both sides (`ana @ studio-ana.com`, `ana ＠ studio-ana.com` — the full-width
 *    sign folded by NFKC first): never a handle (`@kai.knits` has no name before it and no blank
 *    after the sign), never a time or a place (`meet me @ 5pm`, `see you @ the.venue`). Read where a
 *    contact cue LABELS the address — the cue, then a separator (`:`, a dash, an arrow, `|`) before the
 *    name, or a cue that is a sign (📩) — not where the cue is a verb ("email me @ the.studio"); or,
 *    without a cue, at a mailbox provider's domain (`kai @ gmail.com`: a name there is a mailbox).
 */
import { parse as parseDomain } from 'tldts';

/** The sign with blanks on both sides (the line is NFKC-folded: `＠`, `﹫` are `@`). */
export const SPACED_AT = '\\s+@\\s+';

/**
 * Registrable names of the mailbox providers creators list (any public suffix: `yahoo.co.jp`,
 * `hotmail.fr`, `gmx.de`): an address at one is someone's mailbox, never a place or an event.
 */
const MAILBOX_NAMES = new Set([
  'gmail',
  'googlemail',
  'outlook',
  'hotmail',
  'live',
  'msn',
  'yahoo',
  'ymail',
  'icloud',
  'me',
  'mac',
  'aol',
  'proton',
  'protonmail',
  'pm',
  'gmx',
  'web',
  'mail',
  'yandex',
  'naver',
  'daum',
  'hanmail',
  'qq',
  '163',
  '126',
  'zoho',
  'libero',
  'orange',
  'wanadoo',
  'laposte',
  'uol',
  'bol',
  'terra',
]);

/** Whether `domain` (as written, dots plain) is a mailbox provider's. */
export function isMailboxDomain(domain: string): boolean {
  const p = parseDomain(domain.toLowerCase());
  return (
    !!p.domainWithoutSuffix && !!p.isIcann && p.domain === p.hostname?.replace(/^www\./, '') && MAILBOX_NAMES.has(p.domainWithoutSuffix)
  );
}

/** Separators that make a cue a label of what follows ("Bookings: …", "Contacto — …", "mail → …"). */
const LABEL_SEPARATOR_RE = /[:：=|→➜⇒»\-–—]/u;

/**
 * Whether a contact cue ending at `cueEnd` labels the address that starts at `at` on `line`: the cue
 * is before it, and a separator stands between them (or the cue is a sign, 📩 ✉️, not a word).
 */
export function labelsAddress(line: string, cueEnd: number, at: number): boolean {
  if (cueEnd > at) return false;
  return LABEL_SEPARATOR_RE.test(line.slice(cueEnd, at)) || !/\p{L}$/u.test(line.slice(0, cueEnd));
}
