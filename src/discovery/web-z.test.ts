/**
 * Failure classes an independent creator web found (session s34-h3, "web Z"), each on pages written
 * here for it (none copied from that web or any other). Each test fails without its fix.
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb } from './sample-web.js';
import { mentionedAccounts } from './text.js';
import { discover } from '../../test/support/discovery-context.js';

describe("a bio names an account by the platform's name in another script (유튜브:, インスタ：, يوتيوب:, Інстаграм —, half-width ｲﾝｽﾀ)", () => {
  it('reads the label as the platform its definition names, and a compatibility form as the letters it stands for', () => {
    expect(mentionedAccounts('새 영상 매주!\n유튜브: @minsu_vlog\n틱톡 @minsu.daily')).toEqual([
      'https://www.youtube.com/@minsu_vlog',
      'https://www.tiktok.com/@minsu.daily',
    ]);
    expect(mentionedAccounts('انستقرام: @salma.kitchen | يوتيوب: @SalmaKitchenTV')).toEqual([
      'https://www.instagram.com/salma.kitchen',
      'https://www.youtube.com/@SalmaKitchenTV',
    ]);
    expect(mentionedAccounts('Інстаграм — @taras_wood')).toEqual(['https://www.instagram.com/taras_wood']);
    expect(mentionedAccounts('ｲﾝｽﾀ▶hana.pan')).toEqual(['https://www.instagram.com/hana.pan']);
    expect(mentionedAccounts('קדרית | טיקטוק: noa.pots')).toEqual(['https://www.tiktok.com/@noa.pots']);
    // Prose with the names and no handle names nothing.
    expect(mentionedAccounts('유튜브 구독 부탁해요 · インスタも見てね · تابعوني على يوتيوب')).toEqual([]);
  });

  it('the accounts the source names that way are the creator’s; a lookup reads and verifies them', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('minsu.daily', { username: 'minsu.daily', fullName: '민수', bio: '일상 브이로그\n유튜브: @minsu_vlog' });
    w.youtube.set('minsu_vlog', {
      handle: 'minsu_vlog',
      channelId: 'UCtestminsuvlog000000000',
      title: '민수의 하루',
      description: '브이로그',
      links: [],
    });
    const { byHandle } = await discover(w, 'social-b', 'minsu.daily');
    expect(byHandle('minsu_vlog')?.confidence).toBeGreaterThanOrEqual(0.5);
    expect(byHandle('minsu_vlog')?.evidence).toContain('verified_profile_link');
  });
});
