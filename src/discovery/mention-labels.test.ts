/**
 * Bio mention labels ("IG: name", "@name (YT)") come from the platforms' definitions
 * (`names.mention`, src/platforms/definition.ts). Moving them there from text.ts must change no
 * answer: the old table and reading below are this repository's own (text.ts MENTION_LABEL,
 * MENTION_URL and mentionedAccounts before the move), compared on texts written here.
 */
import { describe, expect, it } from 'vitest';
import { classifyLink } from '../links/classify.js';
import { mentionedAccounts } from './text.js';

const OLD_LABEL = 'ig|insta(?:gram)?|tiktok|tt|yt|youtube|twitter|x';
const OLD_RE = new RegExp(
  `(?:^|[\\s|•·,;(])((?:${OLD_LABEL})(?:\\s*[/&+]\\s*(?:${OLD_LABEL}))*)(?![\\p{L}\\p{N}_])` +
    `\\s*((?:(?:[:：\\-–—=>→➡➜⟶»▶•|｜]|\\p{Extended_Pictographic}|\\p{Emoji_Modifier}|\\uFE0F)\\s*)*)(@?)([A-Za-z0-9._]{2,30})(?![\\p{L}\\p{M}\\p{N}._@/])`,
  'gimu',
);
const OLD_STRONG = /[:：\-–—=>→➡➜⟶»▶👉]/u;
const OLD_AFTER_RE = new RegExp(
  `(?<![\\p{L}\\p{N}._%+-])@([A-Za-z0-9._]{2,30})(?![\\p{L}\\p{M}\\p{N}._@/])\\s*(?:\\(\\s*(${OLD_LABEL})\\s*\\)|on\\s+(${OLD_LABEL})(?![\\p{L}\\p{N}_]))`,
  'gimu',
);
const OLD_URL: Record<string, (h: string) => string | null> = {
  ig: (h) => `https://www.instagram.com/${h}`,
  insta: (h) => `https://www.instagram.com/${h}`,
  instagram: (h) => `https://www.instagram.com/${h}`,
  tiktok: (h) => `https://www.tiktok.com/@${h}`,
  tt: (h) => `https://www.tiktok.com/@${h}`,
  yt: (h) => `https://www.youtube.com/@${h}`,
  youtube: (h) => `https://www.youtube.com/@${h}`,
  twitter: (h) => (/^[A-Za-z0-9_]{1,15}$/.test(h) ? `https://x.com/${h}` : null),
  x: (h) => (/^[A-Za-z0-9_]{1,15}$/.test(h) ? `https://x.com/${h}` : null),
};
function oldMentioned(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(OLD_RE)) {
    const labels = m[1].toLowerCase().split(/\s*[/&+]\s*/);
    const separated = OLD_STRONG.test(m[2]);
    const at = m[3] === '@';
    const handle = m[4].replace(/\.+$/, '');
    if (!separated && !at && !/[._0-9]/.test(handle)) continue;
    for (const label of labels) {
      if ((label === 'x' || label === 'tt') && !at) continue;
      const url = OLD_URL[label]?.(handle);
      if (url && classifyLink(url)?.handle) out.push(url);
    }
  }
  for (const m of text.matchAll(OLD_AFTER_RE)) {
    const url = OLD_URL[(m[2] ?? m[3]).toLowerCase()]?.(m[1].replace(/\.+$/, ''));
    if (url && classifyLink(url)?.handle) out.push(url);
  }
  return [...new Set(out)];
}

const LABELS = Object.keys(OLD_URL);
const spellings = (l: string) => [
  l,
  l.toUpperCase(),
  l[0].toUpperCase() + l.slice(1),
  l === 'tiktok' ? 'TikTok' : l === 'youtube' ? 'YouTube' : l,
];
// Handles of every kind the labels meet: plain, dotted, 15/16 characters (X's limit), trailing
// dots, 24 characters spelt like a channel id, reserved paths (`p`, `home`, `explore`, `channel`), too short.
const HANDLES = [
  'owl',
  'nightowl.bar',
  'owl_pots',
  'owl.pots.',
  'abcdefghijklmno',
  'abcdefghijklmnop',
  'UCabcdefghijklmnopqrstuv',
  'home',
  'explore',
  'channel',
  'reels',
  'p1',
  'ab',
  'a.b',
  '_x_',
  'Owl2024',
  'x',
  'twitter',
  'a'.repeat(25),
  'b'.repeat(30),
];
const SEPARATORS = [': ', ' ', ' • ', ' | ', ' 👉 ', ' ➡️ ', '：', ' - ', '=', ' -> '];

function texts(): string[] {
  const out: string[] = [];
  for (const l of LABELS)
    for (const s of spellings(l))
      for (const h of HANDLES) {
        for (const sep of SEPARATORS) out.push(`${s}${sep}${h}`, `${s}${sep}@${h}`, `bio · ${s}${sep}@${h} · more`);
        out.push(`@${h} (${s})`, `@${h} on ${s}`, `@${h} on ${s}s`, `${s}s: @${h}`, `my${s}: @${h}`);
      }
  for (const a of LABELS) for (const b of LABELS) out.push(`${a}/${b}: @owl.x`, `${a.toUpperCase()} & ${b}: owl_x`, `${a}+${b} owl`);
  return out;
}

describe('mention labels from the definitions', () => {
  it('read every text as the old table did, URLs byte for byte', () => {
    const all = texts();
    expect(all.length).toBeGreaterThan(5000);
    let named = 0;
    for (const t of all) {
      const old = oldMentioned(t);
      named += old.length;
      expect(mentionedAccounts(t), t).toEqual(old);
    }
    // The comparison is not vacuous: most of these texts name accounts.
    expect(named).toBeGreaterThan(2000);
  });

  it("the old table's examples", () => {
    const lines = [
      'IG: nightowl.bar | TikTok: @owl.pots | yt @OwlTube | X: @owlpots | x owl',
      'x marks the spot, tt later',
      'DMs on IG, CEO of something',
      'IG/YT: @arjunexplains',
      'IG & TT: @owl_x',
      'TT owl_x · X owl_x · Twitter owl_x · twitter: owl.x',
      'Zweitkanal: @lukasclimbs.vlog (YT)',
      'more on @mira.sol on IG',
      'installs: owl.bar · youtubers: owl.bar · xx: @owl',
    ];
    for (const t of lines) expect(mentionedAccounts(t), t).toEqual(oldMentioned(t));
  });
});
