/**
 * A storefront anyone may link (its link rule's `storefront`, src/links/rules.ts): a reseller's
 * account linking the creator's Amazon storefront is no link back to the creator. Our own pages.
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb } from './sample-web.js';
import { discover } from '../../test/support/discovery-context.js';

describe('a link to the creator’s storefront proves nothing about who owns the linking account', () => {
  it('a deals account her link page names once, linking only her Amazon storefront: a candidate, not verified; the storefront is hers', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('mira.makes', {
      username: 'mira.makes',
      fullName: 'Mira Oduya',
      bio: 'clay & glaze',
      externalUrl: 'https://linktr.ee/miramakes',
      bioLinks: [],
    });
    w.linktree.set('miramakes', {
      username: 'miramakes',
      description: 'Mira',
      links: [
        { title: 'My storefront', url: 'https://www.amazon.com/shop/miramakes' },
        { title: 'Deals', url: 'https://www.tiktok.com/@clay.deals.daily' },
      ],
    });
    w.tiktok.set('clay.deals.daily', {
      handle: 'clay.deals.daily',
      nickname: 'Clay deals daily',
      signature: 'best pottery finds',
      bioLink: 'https://www.amazon.com/shop/miramakes',
    });
    const { byHandle } = await discover(w, 'social-b', 'mira.makes');
    expect(byHandle('miramakes')!.evidence).toContain('link_in_bio');
    const deals = byHandle('clay.deals.daily')!;
    expect(deals.evidence).not.toContain('reciprocal_profile_link');
    expect(deals.confidence).toBeLessThan(0.5);
  });
});
