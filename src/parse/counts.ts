/**
 * Count texts as platforms show them, as numbers (first written for YouTube, read by other
 * platforms' parsers too: a Facebook page's "1,2 k followers"): "551K subscribers", "1.33M subscribers", "25m subscribers"
 * (en-GB writes a lower-case m), "12,345 subscribers", "2,170,355,382 views", "No videos", and
 * the localized forms YouTube shows in other interface languages where they can be read without
 * guessing: "1,2 M abonnés", "1,33 Mio. Abonnenten", "12.345 Abonnenten", "2,5 mil suscriptores",
 * "2,75 млн подписчиков", "1.2万人", "120만명", "1.2 lakh".
 *
 * Abbreviated counts are YouTube's rounding (3 significant digits); the number is that rounded
 * value (551K → 551000), never more precise than the text. An abbreviation this table does not
 * know ("1,2 Mr", Turkish "1,2 B" — a thousand, not English's billion) is no count: null.
 */

/** Multiplier words, lower-case, without a trailing period. */
const MULTIPLIERS: Record<string, number> = {
  // thousand
  k: 1e3,
  thousand: 1e3,
  tsd: 1e3,
  mil: 1e3,
  tys: 1e3,
  тыс: 1e3,
  rb: 1e3,
  n: 1e3,
  ألف: 1e3,
  // million
  m: 1e6,
  million: 1e6,
  millions: 1e6,
  mio: 1e6,
  mln: 1e6,
  mi: 1e6,
  mn: 1e6,
  млн: 1e6,
  tr: 1e6,
  jt: 1e6,
  مليون: 1e6,
  // billion
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  mrd: 1e9,
  md: 1e9,
  mld: 1e9,
  млрд: 1e9,
  // South Asian
  lakh: 1e5,
  lakhs: 1e5,
  crore: 1e7,
  cr: 1e7,
};
/** East Asian multipliers, read from the first character after the number. */
const CJK_MULTIPLIERS: Record<string, number> = { 万: 1e4, 萬: 1e4, 億: 1e8, 亿: 1e8, 만: 1e4, 억: 1e8, 千: 1e3, 천: 1e3 };

/** "No subscribers", "No videos", "No views" (English interface). */
const NONE_RE = /^\s*(?:no|zero)\s/i;
/** A number with grouping or decimal separators (ASCII, no-break and narrow no-break spaces, apostrophes). */
const NUMBER_RE = /(\d+(?:[.,\u00a0\u202f\u2009' ]\d+)*)\s*([^\s\d]*)/u;

/**
 * The count in a text, or null when it holds none. Separators are grouping marks unless a
 * multiplier follows, in which case a final `.` or `,` before one or two digits is the decimal
 * mark ("1,2 M" and "1.2M" are both 1,200,000; "12.345" and "12,345" are both 12,345).
 */
export function parseCount(text: string | null | undefined): number | null {
  return parseShownCount(text)?.n ?? null;
}

/** A count as a text shows it: its value, and the step its shown digits are of. */
export interface ShownCount {
  n: number;
  /** "1.2M": 100,000; "551K": 1,000; "1.2万": 1,000; "2,170,355,382 views": 1 (exact). */
  step: number;
}

/** parseCount's count with the step of its shown digits (the multiplier over the decimals written), or null. */
export function parseShownCount(text: string | null | undefined): ShownCount | null {
  if (typeof text !== 'string') return null;
  const s = text.normalize('NFKC');
  if (NONE_RE.test(s)) return { n: 0, step: 1 };
  const m = NUMBER_RE.exec(s);
  if (!m) return null;
  const [, digits, after] = m;
  const multiplier = multiplierOf(after);
  // A decimal number ("1,2", "1.25": its last group is not three digits) needs a multiplier this
  // table knows; with another word after it ("1,2 Mr", "3,4 χιλ.") it is not read as its digits.
  if (multiplier === 1 && /[.,\u00a0\u202f\u2009' ](?:\d{1,2}|\d{4,})$/u.test(digits)) return null;
  // "B" after a decimal comma is Turkish "bin" (a thousand: "1,2 B abone"), never English's billion ("1.2B").
  if (multiplier === 1e9 && /^b$/i.test(after.replace(/[.,:;]+$/u, '')) && /,\d{1,2}$/.test(digits)) return null;
  let value: number;
  let step = 1;
  if (multiplier !== 1) {
    const dm = /^(.*?)(?:[.,](\d{1,2}))?$/u.exec(digits)!;
    const whole = dm[1].replace(/\D/g, '');
    value = Number(`${whole || '0'}.${dm[2] ?? '0'}`);
    step = multiplier / 10 ** (dm[2]?.length ?? 0);
  } else {
    value = Number(digits.replace(/\D/g, ''));
  }
  if (!Number.isFinite(value)) return null;
  const n = Math.round(value * multiplier);
  return Number.isSafeInteger(n) ? { n, step: n === 0 ? 1 : step } : null;
}

function multiplierOf(word: string): number {
  if (!word) return 1;
  const cjk = CJK_MULTIPLIERS[word[0]];
  if (cjk) return cjk;
  const w = word.toLowerCase().replace(/[.,:;]+$/u, '');
  return MULTIPLIERS[w] ?? 1;
}

/**
 * The count written just before `word` (a regular-expression source) in a line of text —
 * `7.3K interested · 195 going`, `1,2 k followers`, `12 345 people follow this` — read as
 * parseCount reads it (a K, M or B scale after the number), or null when none is.
 */
export function countBefore(text: string | null, word: string): number | null {
  if (!text) return null;
  const m = new RegExp(`(\\d(?:[\\d,.\\u00a0\\u202f\\u2009]*\\d)?)\\s*([KMB])?\\s+${word}`, 'i').exec(text);
  return m ? parseCount(`${m[1]}${m[2] ?? ''}`) : null;
}
