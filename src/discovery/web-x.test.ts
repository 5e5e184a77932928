/**
 * Failure classes an independent creator web found (session s33-h1, "web X"), each on pages written
 * here for it (none copied from that web or any other). Each test fails without its fix.
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb, sitePage } from './sample-web.js';
import { discover } from '../../test/support/discovery-context.js';
import { jsonLdSameAs, mentionedAccounts } from './text.js';

describe('a bio names an account after its platform and one word of its own ("YouTube channel: @…")', () => {
  it('the word may be in any script; the name needs its @; a word that is a label starts the next mention', () => {
    expect(mentionedAccounts('फ़ोटोग्राफ़र | मेरा YouTube चैनल: @ArjunClicks')).toEqual(['https://www.youtube.com/@ArjunClicks']);
    expect(mentionedAccounts('My TikTok account → @odile.bakes')).toEqual(['https://www.tiktok.com/@odile.bakes']);
    expect(mentionedAccounts('Insta perso : @odile.k')).toEqual(['https://www.instagram.com/odile.k']);
    // Without the @, a word after a label is prose ("YouTube channel: coming soon"); so is a label alone before a word.
    expect(mentionedAccounts('YouTube channel: odile_tv')).toEqual([]);
    expect(mentionedAccounts('IG London')).toEqual([]);
    // "IG YT: @…" names the channel only (the word is the next label).
    expect(mentionedAccounts('IG YT: @odiletv')).toEqual(['https://www.youtube.com/@odiletv']);
  });

  function web(): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.ig.set('arjun.clicks', {
      username: 'arjun.clicks',
      fullName: 'अर्जुन मेहता',
      bio: 'फ़ोटोग्राफ़र 📷 जयपुर\nमेरा YouTube चैनल: @ArjunClicks\nYouTube editor: @kabir.edits',
    });
    w.youtube.set('arjunclicks', {
      handle: 'ArjunClicks',
      channelId: 'UCtestarjun0000000000000',
      title: 'Arjun Clicks',
      description: 'फ़ोटोग्राफ़ी टिप्स',
      links: [{ title: 'Instagram', url: 'https://www.instagram.com/arjun.clicks' }],
    });
    w.youtube.set('kabir.edits', {
      handle: 'kabir.edits',
      channelId: 'UCtestkabir0000000000000',
      title: 'Kabir Edits',
      description: 'video editor for creators',
      links: [{ title: 'Arjun', url: 'https://www.instagram.com/arjun.clicks' }],
    });
    return w;
  }

  it('the channel so named is read and verified; one the same kind of line names beside a relation stays someone else’s', async () => {
    const { byHandle } = await discover(web(), 'social-b', 'arjun.clicks');
    expect(byHandle('arjunclicks')?.evidence).toContain('verified_profile_link');
    expect(byHandle('arjunclicks')?.confidence).toBeGreaterThanOrEqual(0.9);
    const editor = byHandle('kabir.edits');
    expect(editor?.evidence ?? []).not.toContain('verified_profile_link');
    expect(editor?.confidence ?? 0).toBeLessThan(0.5);
  });
});

describe('a creator website that lists its accounts only in its JSON-LD (`sameAs`)', () => {
  const home = sitePage('Tavola di Marta', '<h1>Tavola di Marta</h1><p>Ricette di casa, ogni giovedì.</p>', {
    jsonLd: {
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'Person',
          name: 'Marta Bellini',
          sameAs: ['https://www.facebook.com/tavoladimarta', 'https://www.youtube.com/@tavoladimarta', 'not a url', 42],
        },
        { '@type': 'WebSite', url: 'https://tavoladimarta.it/', sameAs: 'https://www.pinterest.com/martab_ricette/' },
      ],
    },
  });

  it('its sameAs URLs are read wherever they sit in the JSON-LD (http(s) only, each once)', () => {
    expect(jsonLdSameAs(home, 'https://tavoladimarta.it/')).toEqual([
      'https://www.facebook.com/tavoladimarta',
      'https://www.youtube.com/@tavoladimarta',
      'https://www.pinterest.com/martab_ricette/',
    ]);
    expect(jsonLdSameAs('<script type="application/ld+json">{"sameAs": [</script>', 'https://x.example/')).toEqual([]);
  });

  function web(): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.youtube.set('tavoladimarta', {
      handle: 'tavoladimarta',
      channelId: 'UCtestmarta0000000000000',
      title: 'Tavola di Marta',
      description: 'Cucina di casa',
      links: [{ title: 'Sito', url: 'https://tavoladimarta.it/' }],
    });
    w.page('https://tavoladimarta.it/', home);
    // The page the site names: no reader probes Facebook for the handle; it links the site back.
    w.facebook.set('tavoladimarta', {
      vanity: 'tavoladimarta',
      name: 'Tavola di Marta',
      description: 'Ricette',
      links: ['https://tavoladimarta.it/'],
    });
    return w;
  }

  it('the Facebook page only the JSON-LD names is read and verified (it links the site back under the same handle)', async () => {
    const { out } = await discover(web(), 'video', 'tavoladimarta');
    const fb = out.profiles.find((p) => p.platform === 'social-a');
    expect(fb?.handle.toLowerCase()).toBe('tavoladimarta');
    expect(fb?.evidence).toContain('website_link');
    expect(fb?.confidence).toBeGreaterThanOrEqual(0.9);
  });
});

describe('an account the creator links at the depth bound declares a link page of its own', () => {
  /**
   * A runner's Instagram links her Linktree; it links her X account, whose website field is an
   * older link page (lnk.bio-like host read by the generic scan) that links her YouTube — and a
   * TikTok deleted since and an Instagram handle someone else holds now.
   */
  function web(): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.ig.set('ines.corre', {
      username: 'ines.corre',
      fullName: 'Inês Moura',
      bio: 'corrida 🏃‍♀️ Porto',
      externalUrl: 'https://linktr.ee/inesmoura',
    });
    w.linktree.set('inesmoura', {
      username: 'inesmoura',
      description: 'Links',
      links: [
        { title: 'YouTube', url: 'https://www.youtube.com/@inesmouracorre' },
        { title: 'X', url: 'https://x.com/inesm_corre' },
      ],
    });
    w.youtube.set('inesmouracorre', {
      handle: 'inesmouracorre',
      channelId: 'UCtestines00000000000000',
      title: 'Inês Moura',
      description: 'treinos',
      links: [{ title: 'Instagram', url: 'https://www.instagram.com/ines.corre' }],
    });
    w.x.set('inesm_corre', { screenName: 'inesm_corre', name: 'Inês M. 🏃‍♀️', description: 'corredora', url: 'https://bento.me/inesmoura' });
    w.page(
      'https://bento.me/inesmoura',
      `<!DOCTYPE html><html><head><title>Inês Moura</title></head><body><main><h1>Inês Moura</h1>
<a href="https://www.youtube.com/@inesmouracorre">YouTube</a> <a href="https://www.tiktok.com/@inesmoura_2018">TikTok</a> <a href="https://www.instagram.com/inesmourafit/">Instagram</a></main></body></html>`,
    );
    w.ig.set('inesmourafit', {
      username: 'inesmourafit',
      fullName: 'Inês Moura Fit',
      bio: 'ginásio em Braga',
      externalUrl: 'https://inesmourafit.pt',
    });
    return w;
  }

  it('that page is read: it links her verified channel, so the X account is hers, and what only it links is not returned', async () => {
    const { out, byHandle } = await discover(web(), 'social-b', 'ines.corre');
    expect(byHandle('inesm_corre')?.evidence ?? []).not.toContain('links_elsewhere');
    expect(byHandle('inesm_corre')?.confidence).toBeGreaterThanOrEqual(0.9);
    // Beyond the reach: the page is read for whom it links, its own links are not followed.
    expect(byHandle('inesmoura_2018')).toBeUndefined();
    expect(byHandle('inesmourafit')).toBeUndefined();
    expect(out.diagnostics.partial).toBe(false);
  });
});
