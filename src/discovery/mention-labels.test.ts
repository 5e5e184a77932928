/**
 * Bio mention labels ("IG: name", "@name (YT)", text.ts mentionedAccounts) are built from the
 * platforms' definitions (`names.mention`, src/platforms/definition.ts), so a platform's labels are
 * its own folder's. (When they moved there from text.ts, every answer was checked equal to the old
 * table's, URLs byte for byte, on ~7000 texts: the commit that moved them.) Texts written here.
 */
import { describe, expect, it } from 'vitest';
import { classifyLink } from '../links/classify.js';
import type { PlatformDefinition } from '../platforms/definition.js';
import { platforms, validateRegistry } from '../platforms/registry.js';
import { mentionedAccounts } from './text.js';

const mentioning = platforms.filter((p) => p.names?.mention);

describe("mention labels come from each platform's definition", () => {
  it("each label names an account on its own platform, read as the definition's URL", () => {
    expect(mentioning.length).toBeGreaterThanOrEqual(4);
    for (const p of mentioning) {
      const m = p.names!.mention!;
      const url = m.url ?? p.reader!.profileUrl;
      for (const label of m.labels)
        for (const text of [`${label}: @owl_pots`, `${label.toUpperCase()} - @owl_pots`, `@owl_pots (${label})`, `@owl_pots on ${label}`]) {
          expect(mentionedAccounts(text), `${p.label}: ${text}`).toEqual([url('owl_pots')]);
          expect(classifyLink(url('owl_pots')), text).toMatchObject({ platform: p.label, handle: 'owl_pots' });
        }
    }
  });

  it('an atOnly label names an account only before an explicit @; the others without one too', () => {
    const atOnly = mentioning.flatMap((p) => p.names!.mention!.atOnly ?? []);
    expect(atOnly.sort()).toEqual(['tt', 'x']);
    for (const p of mentioning)
      for (const label of p.names!.mention!.labels) {
        const bare = mentionedAccounts(`${label}: owl_pots`);
        expect(bare, label).toHaveLength(atOnly.includes(label) ? 0 : 1);
        expect(mentionedAccounts(`${label}: @owl_pots`), label).toHaveLength(1);
      }
  });

  it('the URLs are spelt as discovery has always compared them with profile links', () => {
    // Discovery compares these with a profile's links as strings (profiles.ts enrich): a trailing
    // `/` or another path would make a linked account a second one.
    expect(mentionedAccounts('IG: nightowl.bar · Insta: @owl.b · instagram @owl.c')).toEqual([
      'https://www.instagram.com/nightowl.bar',
      'https://www.instagram.com/owl.b',
      'https://www.instagram.com/owl.c',
    ]);
    expect(mentionedAccounts('TikTok: @Owl.Pots · TT: @owl2')).toEqual([
      'https://www.tiktok.com/@Owl.Pots',
      'https://www.tiktok.com/@owl2',
    ]);
    // A name spelt like a channel id is still a handle here (the reader would build /channel/…).
    expect(mentionedAccounts('YT: @UCabcdefghijklmnopqrstuv · youtube: @OwlTube')).toEqual([
      'https://www.youtube.com/@UCabcdefghijklmnopqrstuv',
      'https://www.youtube.com/@OwlTube',
    ]);
    // X's screen names: at most 15 letters, digits and underscores (the classifier's rule).
    expect(mentionedAccounts('Twitter: @Owl_Pots · X: @abcdefghijklmno · X: @abcdefghijklmnop · twitter: @owl.pots')).toEqual([
      'https://x.com/Owl_Pots',
      'https://x.com/abcdefghijklmno',
    ]);
  });

  it('a label is a whole word, the longest one read ("instagram", never "insta" + "gram")', () => {
    expect(mentionedAccounts('Instagram: owl_pots · instagrammer: owl_b · installs: owl.c · youtubers: owl.d')).toEqual([
      'https://www.instagram.com/owl_pots',
    ]);
    expect(mentionedAccounts('@owl_pots (Instagram) · @owl_b on YouTube')).toEqual([
      'https://www.instagram.com/owl_pots',
      'https://www.youtube.com/@owl_b',
    ]);
  });

  it('validateRegistry refuses a mention label it could not read', () => {
    const video = platforms.find((p) => p.label === 'video')!;
    const withMention = (mention: NonNullable<PlatformDefinition['names']>['mention']): PlatformDefinition[] =>
      platforms.map((p) => (p === video ? { ...p, names: { ...p.names!, mention } } : p));
    expect(() => validateRegistry()).not.toThrow();
    expect(() => validateRegistry(withMention({ labels: ['yt', 'YouTube'] }))).toThrow(/not lower-case/);
    expect(() => validateRegistry(withMention({ labels: ['yt', 'ig'] }))).toThrow(/ig declared twice/);
    expect(() => validateRegistry(withMention({ labels: ['yt'], atOnly: ['y'] }))).toThrow(/atOnly label y/);
    const noReader = { ...video, reader: undefined, names: { link: ['youtube'], mention: { labels: ['yt'] } } };
    expect(() => validateRegistry([noReader])).toThrow(/need a URL/);
  });
});
