/**
 * Failure classes an independent creator web found (session s32-h2, "web W"), each on pages written
 * here for it (none copied from that web). Each test fails without its fix.
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb } from './sample-web.js';
import { discover } from '../../test/support/discovery-context.js';
import { mentionedAccounts } from './text.js';

describe('an account named after a label that punctuation of another script opens, or after a label that named nothing', () => {
  /**
   * A Korean baker's bio separates its parts with full-width bars and names her channel after one;
   * a Spanish cyclist's bio starts "IG | YT: @…", where "IG" is followed by no handle at all.
   */
  function web(): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.ig.set('mina_bakery', { username: 'mina_bakery', fullName: '미나', bio: '서울 베이커리｜YouTube：@minabakes｜주문 DM' });
    w.youtube.set('minabakes', {
      handle: 'minabakes',
      channelId: 'UCtestmina00000000000000',
      title: '미나 베이커리',
      description: '빵',
      links: [],
    });
    w.ig.set('pedal.ana', { username: 'pedal.ana', fullName: 'Ana Ruiz', bio: 'IG | YT: @anapedalea · Sevilla' });
    w.youtube.set('anapedalea', {
      handle: 'anapedalea',
      channelId: 'UCtestana000000000000000',
      title: 'Ana Pedalea',
      description: 'bici',
      links: [],
    });
    return w;
  }

  it('the bio text names the channel in both bios', () => {
    expect(mentionedAccounts('서울 베이커리｜YouTube：@minabakes｜주문 DM')).toEqual(['https://www.youtube.com/@minabakes']);
    expect(mentionedAccounts('IG | YT: @anapedalea · Sevilla')).toEqual(['https://www.youtube.com/@anapedalea']);
    // Still words, not labels: a label inside a word, a URL path, a hashtag.
    expect(mentionedAccounts('myYT: @x_y · site/yt: @a.b · #IG: @c.d')).toEqual([]);
  });

  it('each channel is found and verified by the source bio', async () => {
    for (const [handle, channel] of [
      ['mina_bakery', 'minabakes'],
      ['pedal.ana', 'anapedalea'],
    ]) {
      const { byHandle } = await discover(web(), 'social-b', handle);
      expect(byHandle(channel)?.evidence).toContain('verified_profile_link');
    }
  });
});
