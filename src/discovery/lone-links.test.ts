/**
 * A one-way link of the creator's own items to an account that confirms nothing of its own (no link
 * back, no shared website, handle, display name or address): an outside web (session 27) had 11 such
 * accounts at 0.90, 4 of them the creator's. Pages written here for it (none copied from that web).
 * Each test fails without its fix.
 */
import { describe, expect, it } from 'vitest';
import { candidateConfidence, confidenceOf, isVerified } from './evidence.js';
import { DiscoveryWeb } from './sample-web.js';
import { discover } from '../../test/support/discovery-context.js';

const lookup = (w: DiscoveryWeb, platform: 'social-b' | 'shortvideo' | 'video', handle: string) =>
  discover(w, platform, handle, { tell: true });

describe('a lone one-way link of the creator', () => {
  it('the model: a lone link verifies nothing; alone it is short of even odds, a search hit keeps it under 0.8, an identity elsewhere far below', () => {
    expect(isVerified(['link_in_bio', 'unconfirmed_link'])).toBe(false);
    expect(isVerified(['verified_profile_link', 'links_elsewhere'])).toBe(false);
    expect(isVerified(['link_in_bio'])).toBe(true);
    expect(confidenceOf(['link_in_bio', 'unconfirmed_link'])).toBeLessThan(0.5);
    expect(confidenceOf(['link_in_bio', 'verified_profile_link', 'unconfirmed_link', 'websearch_match'])).toBeLessThan(0.8);
    expect(confidenceOf(['link_in_bio', 'links_elsewhere'])).toBeLessThan(0.2);
    expect(confidenceOf(['link_in_bio', 'links_elsewhere', 'unconfirmed_link'])).toBeLessThan(0.1);
    // Someone else's by a label: the creator's link to it adds nothing (the fitted model).
    expect(candidateConfidence(['link_in_bio', 'other_person', 'shared_link_page'])).toBe(
      candidateConfidence(['other_person', 'shared_link_page']),
    );
  });

  it('a friend’s shop, a sister’s channel, a recycled old handle: candidates, not scanned; her own accounts under her name stay', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('ilse.bakt', {
      username: 'ilse.bakt',
      fullName: 'Ilse Verhoeven',
      bio: 'bakken & brood',
      externalUrl: 'https://linktr.ee/ilsebakt',
      bioLinks: [],
    });
    w.linktree.set('ilsebakt', {
      username: 'ilsebakt',
      description: 'Ilse',
      links: [
        // Her own accounts: her name in the handle, nothing else linked.
        { title: 'TikTok', url: 'https://www.tiktok.com/@ilse.verhoeven' },
        { title: 'LinkedIn', url: 'https://www.linkedin.com/in/ilse-verhoeven-baker' },
        // Labels in words no list knows: what the accounts themselves say decides.
        { title: 'Bij Joost 🧀', url: 'https://www.instagram.com/kaashuis.joost/' },
        { title: 'Zus ❤', url: 'https://www.youtube.com/@MarloesKookt' },
        { title: 'Bel Ruud', url: 'https://wa.me/31612345678' },
        // Her old handle, now a realtor's.
        { title: 'X (oud)', url: 'https://x.com/ilseverhoeven' },
      ],
    });
    w.tiktok.set('ilse.verhoeven', { handle: 'ilse.verhoeven', nickname: 'Ilse bakt', signature: 'broodjes 🥖' });
    w.ig.set('kaashuis.joost', {
      username: 'kaashuis.joost',
      fullName: 'Kaashuis Joost',
      bio: 'kaas uit Gouda',
      externalUrl: 'https://kaashuisjoost.nl/',
      bioLinks: [],
      businessEmail: 'joost@kaashuisjoost.nl',
    });
    w.page('https://kaashuisjoost.nl/', '<html><body><p>Bestellen: winkel@kaashuisjoost.nl</p></body></html>');
    w.youtube.set('marloeskookt', {
      handle: 'MarloesKookt',
      channelId: 'UCmarloes000000000000000',
      title: 'Marloes kookt',
      description: 'recepten',
      links: [],
    });
    w.x.set('ilseverhoeven', {
      screenName: 'ilseverhoeven',
      name: 'Ilse Verhoeven Makelaardij',
      description: 'Uw makelaar in Utrecht — ilse@verhoevenmakelaars.nl',
      url: 'https://verhoevenmakelaars.nl/',
    });
    const { out, told, byHandle, emails } = await lookup(w, 'social-b', 'ilse.bakt');
    expect(byHandle('ilse.verhoeven')!.confidence).toBeGreaterThanOrEqual(0.9);
    expect(byHandle('ilse-verhoeven-baker')!.confidence).toBeGreaterThanOrEqual(0.9);
    for (const h of ['kaashuis.joost', 'marloeskookt', '31612345678', 'ilseverhoeven']) {
      const p = byHandle(h);
      expect(p, h).toBeDefined();
      expect(p!.confidence, h).toBeLessThan(0.5);
    }
    expect(byHandle('kaashuis.joost')!.evidence).toEqual(expect.arrayContaining(['link_in_bio', 'links_elsewhere', 'unconfirmed_link']));
    expect(byHandle('marloeskookt')!.evidence).toEqual(['link_in_bio', 'unconfirmed_link']);
    expect(byHandle('ilseverhoeven')!.evidence).toEqual(expect.arrayContaining(['link_in_bio', 'links_elsewhere']));
    expect(byHandle('ilseverhoeven')!.evidence).not.toContain('unconfirmed_link');
    expect(emails).toEqual([]);
    expect(out.scan.scanned_profile_urls).not.toContain('https://www.instagram.com/kaashuis.joost/');
    expect(out.diagnostics.expanded_website_urls).toEqual([]);
    // Streamed early: only what is certain (her own TikTok and LinkedIn), never the candidates.
    expect(told.sort()).toEqual(['https://www.linkedin.com/in/ilse-verhoeven-baker', 'https://www.tiktok.com/@ilse.verhoeven']);
  });

  it('a lone link that confirms something of its own (a link back, her address) stays verified and scanned', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('ilse.bakt', {
      username: 'ilse.bakt',
      fullName: 'Ilse Verhoeven',
      bio: 'bakken & brood · ilse@ilsebakt.nl',
      externalUrl: 'https://linktr.ee/ilsebakt',
      bioLinks: [],
    });
    w.linktree.set('ilsebakt', {
      username: 'ilsebakt',
      description: 'Ilse',
      links: [
        { title: 'Winkel', url: 'https://www.instagram.com/broodkamer/' },
        { title: 'Podcast', url: 'https://www.tiktok.com/@deeghoek' },
      ],
    });
    w.ig.set('broodkamer', {
      username: 'broodkamer',
      fullName: 'De Broodkamer',
      bio: 'bestellingen: ilse@ilsebakt.nl · winkel@broodkamer.nl',
      externalUrl: null,
      bioLinks: [],
    });
    w.tiktok.set('deeghoek', { handle: 'deeghoek', nickname: 'Deeghoek', signature: 'de podcast', bioLink: 'linktr.ee/ilsebakt' });
    const { byHandle, emails } = await lookup(w, 'social-b', 'ilse.bakt');
    expect(byHandle('broodkamer')!.confidence).toBeGreaterThanOrEqual(0.9);
    expect(byHandle('deeghoek')!.confidence).toBeGreaterThanOrEqual(0.9);
    expect(emails).toContain('winkel@broodkamer.nl');
  });
});
