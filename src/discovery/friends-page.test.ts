/**
 * A link page that is another person's (its name, its title and its accounts are someone else's,
 * and it links nothing of the creator's) is not the creator's because her bio links it: a friend's
 * page she sends followers to (verification.ts anotherPersonsPage). Pages written here.
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb } from './sample-web.js';
import { discover } from '../../test/support/discovery-context.js';

const IG = (h: string) => `https://www.instagram.com/${h}/`;
const TT = (h: string) => `https://www.tiktok.com/@${h}`;

describe('a link page of another person', () => {
  it('the only link of her bio, a friend’s page of the friend’s own accounts: none of them hers, nor its address', async () => {
    const w = new DiscoveryWeb();
    const lt = 'https://linktr.ee/fernpottery';
    w.tiktok.set('dunecycles', {
      handle: 'dunecycles',
      nickname: 'Dune Marsh',
      signature: 'bike repairs + trails. check out my pal’s pots',
      bioLink: lt,
    });
    w.linktree.set('fernpottery', {
      username: 'fernpottery',
      description: 'Fern Alder · stoneware · orders: studio@fernpottery.co.uk',
      links: [
        { title: 'Instagram', url: IG('fernpottery') },
        { title: 'TikTok', url: TT('fernpottery') },
        { title: 'Shop', url: 'https://fernpottery.co.uk' },
      ],
    });
    w.ig.set('fernpottery', { username: 'fernpottery', fullName: 'Fern Alder', bio: 'pots', externalUrl: lt });
    w.tiktok.set('fernpottery', { handle: 'fernpottery', nickname: 'Fern', signature: 'clay', bioLink: lt });
    w.ig.set('dunecycles', { username: 'dunecycles', fullName: 'Dune Marsh', bio: 'bikes', bioLinks: [TT('dunecycles')] });
    const { out, emails, byHandle } = await discover(w, 'shortvideo', 'dunecycles');
    expect(byHandle('dunecycles')?.confidence ?? 0).toBeGreaterThanOrEqual(0.9);
    expect(out.profiles.filter((p) => p.handle === 'fernpottery' && p.confidence >= 0.5)).toEqual([]);
    expect(emails).not.toContain('studio@fernpottery.co.uk');
  });

  it('her own page under a brand name stays hers: it links an account of hers', async () => {
    const w = new DiscoveryWeb();
    const lt = 'https://linktr.ee/saltandsprout';
    w.tiktok.set('junoharlow', { handle: 'junoharlow', nickname: 'Juno Harlow', signature: 'garden to table', bioLink: lt });
    w.linktree.set('saltandsprout', {
      username: 'saltandsprout',
      description: 'Salt & Sprout · hello@saltandsprout.co',
      links: [
        { title: 'Instagram', url: IG('saltandsprout') },
        { title: 'My TikTok', url: TT('junoharlow') },
      ],
    });
    w.ig.set('saltandsprout', { username: 'saltandsprout', fullName: 'Salt & Sprout', bio: 'recipes', externalUrl: lt });
    const { emails, byHandle } = await discover(w, 'shortvideo', 'junoharlow');
    expect(byHandle('saltandsprout')?.confidence ?? 0).toBeGreaterThanOrEqual(0.9);
    expect(emails).toContain('hello@saltandsprout.co');
  });
});
