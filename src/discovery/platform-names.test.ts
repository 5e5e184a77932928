/**
 * Discovery's platform-name tables are built from the platforms' definitions (`names`,
 * src/platforms/definition.ts), so a platform's names are its own folder's. (When the words moved
 * there from discovery, both tables were checked equal to the old ones: commit 47f6f76.)
 */
import { describe, expect, it } from 'vitest';
import { platforms } from '../platforms/registry.js';
import { fold, SECOND_LINE_PLATFORMS, secondAccountMentionsOn } from './markers.js';
import { SOCIAL_WORDS } from './verification.js';

const words = (name: string) => fold(name).split(/[^\p{L}\p{N}]+/u);

describe("platform names come from each platform's definition", () => {
  it("every word of every platform's names is a link-text word that says nothing about whose the account is", () => {
    const named = platforms.filter((p) => p.names);
    expect(named.length).toBeGreaterThan(10);
    for (const p of named)
      for (const name of p.names!.link) for (const w of words(name)) expect(SOCIAL_WORDS.has(w), `${p.label}: ${name}`).toBe(true);
  });

  it('each second-line name is one word, names one platform, and that is the platform it belongs to', () => {
    const owner = new Map<string, string>();
    for (const p of platforms)
      for (const name of p.names?.secondLine ?? []) {
        expect(words(name), `${p.label}: ${name}`).toHaveLength(1);
        expect(owner.get(fold(name)) ?? p.label, `${name} is claimed by two platforms`).toBe(p.label);
        owner.set(fold(name), p.label);
        expect(SECOND_LINE_PLATFORMS.get(fold(name))).toBe(p.label);
      }
    expect(new Map([...SECOND_LINE_PLATFORMS].sort())).toEqual(new Map([...owner].sort()));
  });

  it("a second-account line read through the table: the definition's name says where the account is", () => {
    // Our own bio lines.
    expect(secondAccountMentionsOn('Instagram second account: @lea.sub', 'video')).toEqual([
      { handle: 'lea.sub', platforms: ['social-b'] },
    ]);
    expect(secondAccountMentionsOn('サブ垢(ツイッター): @hoshi_sub', 'social-b')).toEqual([
      { handle: 'hoshi_sub', platforms: ['microblog-b'] },
    ]);
  });
});
