/**
 * Mention styles in bios an outside web (session 38's held-out web, gone since) wrote and the
 * mention reader did not take for the creator's accounts: "yt/handle", "📸 handle", "handle on yt",
 * "YouTube'da: handle". The bios here are our own, written for these tests; each fails without the fix.
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb } from './sample-web.js';
import { mentionedAccounts } from './text.js';
import { discover } from '../../test/support/discovery-context.js';

describe('mention styles', () => {
  it('a slash after the label, a platform emoji, the name before "on <label>", a case suffix on the label', () => {
    expect(mentionedAccounts('new vids weekly · yt/kaitoruns')).toEqual(['https://www.youtube.com/@kaitoruns']);
    expect(mentionedAccounts('📸 kaito.runs\n🎥 @kaitoruns')).toEqual([
      'https://www.instagram.com/kaito.runs',
      'https://www.youtube.com/@kaitoruns',
    ]);
    expect(mentionedAccounts('long runs: kaito.runs on yt')).toEqual(['https://www.youtube.com/@kaito.runs']);
    expect(mentionedAccounts('Videolar YouTube’da: kaitokosu')).toEqual(['https://www.youtube.com/@kaitokosu']);
    expect(mentionedAccounts("Instagram'dan takip et → @kaito.kosu")).toEqual(['https://www.instagram.com/kaito.kosu']);
    expect(mentionedAccounts('mehr Läufe: kaito_laeuft auf YT')).toEqual(['https://www.youtube.com/@kaito_laeuft']);
  });

  it('prose stays prose: an emoji before a word, a word before "on yt", a path after a label', () => {
    for (const bio of [
      '📸 Tokyo · 🎥 filmmaker',
      'daily videos on yt',
      'new reels on IG every friday',
      'ig/reels and yt/shorts',
      'https://www.youtube.com/yt/about',
      '20k on yt!',
    ])
      expect(mentionedAccounts(bio), bio).toEqual([]);
  });

  it('a Turkish bio naming her channel "YouTube’da: …": the channel is hers', async () => {
    const w = new DiscoveryWeb();
    w.tiktok.set('kaitokosu', {
      handle: 'kaitokosu',
      nickname: 'Kaito Koşu',
      signature: 'Her gün koşu 🏃\nUzun videolar YouTube’da: kosankaito',
    });
    w.youtube.set('kosankaito', {
      handle: 'kosankaito',
      channelId: 'UCkosan000000000000000000',
      title: 'Kaito Koşu',
      description: 'uzun koşular',
      links: [],
    });
    const { byHandle } = await discover(w, 'shortvideo', 'kaitokosu');
    expect(byHandle('kosankaito')?.confidence).toBeGreaterThanOrEqual(0.9);
  });
});
