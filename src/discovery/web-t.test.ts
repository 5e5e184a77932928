/**
 * Failure classes an independent creator web found (session h5, "web T"), each on pages written here
 * for it (none copied from that web). Each test fails without its fix.
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb, sitePage } from './sample-web.js';
import { websearchQuery } from './websearch.js';
import { discover } from '../../test/support/discovery-context.js';

describe('a second account the creator names on a second-account line, naming the creator back', () => {
  /** The creator's bio names its second account by `@`; that account's bio names the creator's handle back ("main: @…"). */
  function secondWeb(): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.ig.set('otto.kocht', {
      username: 'otto.kocht',
      fullName: 'Otto Brandt',
      bio: 'Hausmannskost aus Bremen 🍲\nZweitaccount: @otto.kocht.live\nZweitaccount (alt): @otto.kocht.archiv',
      externalUrl: null,
    });
    w.ig.set('otto.kocht.live', {
      username: 'otto.kocht.live',
      fullName: 'Otto live',
      bio: 'Live-Kochen jeden Sonntag 🎥\nHauptaccount @otto.kocht',
      externalUrl: null,
    });
    // Named as a second account too, but names nobody back: the creator's word alone, one way.
    w.ig.set('otto.kocht.archiv', { username: 'otto.kocht.archiv', fullName: 'Archiv', bio: 'Rezepte von früher', externalUrl: null });
    w.tiktok.set('brisa.dance', {
      handle: 'brisa.dance',
      nickname: 'Brisa',
      signature: 'contemporary dance 🩰 second account @brisa.behindscenes',
    });
    w.tiktok.set('brisa.behindscenes', {
      handle: 'brisa.behindscenes',
      nickname: 'Brisa BTS',
      signature: 'rehearsals & bloopers — main acc @brisa.dance',
    });
    return w;
  }

  it('is the creator’s (the two same-platform mentions are a mutual link); one naming nobody back stays a candidate', async () => {
    const w = secondWeb();
    const ig = await discover(w, 'social-b', 'otto.kocht');
    expect(ig.byHandle('otto.kocht.live')?.confidence ?? 0).toBeGreaterThanOrEqual(0.9);
    expect(ig.byHandle('otto.kocht.archiv')?.confidence ?? 0).toBeLessThan(0.9);
    const tt = await discover(w, 'shortvideo', 'brisa.dance');
    expect(tt.byHandle('brisa.behindscenes')?.confidence ?? 0).toBeGreaterThanOrEqual(0.9);
  });
});

describe('a referral link among the websites of an account verified beyond the reach', () => {
  /** A same-handle account that links the source back (verified as the lookup runs) declares a shop link with a referral code. */
  function referralWeb(code: string): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.x.set('marta_runs', { screenName: 'marta_runs', name: 'Marta Kowalczyk', description: 'Ultra trail 🏔', url: null });
    w.ig.set('marta_runs', {
      username: 'marta_runs',
      fullName: 'Marta Kowalczyk',
      bio: 'Biegam po górach. X: @marta_runs',
      externalUrl: `https://trailgear.pl/?ref=${code}`,
      bioLinks: [`https://trailgear.pl/?ref=${code}`, 'https://x.com/marta_runs'],
    });
    w.page('https://trailgear.pl/', sitePage('TrailGear', '<h1>TrailGear</h1><p>Obsługa klienta: sklep@trailgear.pl</p>'));
    return w;
  }

  it.each([['marta10'], ['MARTARUNS']])(
    'is the brand’s (ref=%s): its site is not crawled as the creator’s, its address not hers',
    async (code) => {
      const { byHandle, emails, out } = await discover(referralWeb(code), 'microblog-b', 'marta_runs');
      expect(byHandle('marta_runs')?.confidence ?? 0).toBeGreaterThanOrEqual(0.9);
      expect(emails).toEqual([]);
      expect(out.diagnostics.expanded_website_urls).toEqual([]);
    },
  );
});

describe('the source’s handle as another platform spells it', () => {
  /** A channel found by the search under the source's handle without its separators, linking the source back. */
  function spellingWeb(): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.x.set('pedro_murais', { screenName: 'pedro_murais', name: 'Pedro Alves', description: 'Muralista em Lisboa 🎨', url: null });
    w.youtube.set('pedromurais', {
      handle: 'PedroMurais',
      channelId: 'UCpedromurais00001',
      title: 'Murais com Pedro',
      description: 'Time-lapses de murais',
      links: [{ title: 'X', url: 'https://x.com/pedro_murais' }],
    });
    // A copy padded with separators of its own (an impostor's), linking the source back too.
    w.ig.set('pedro_murais__', {
      username: 'pedro_murais__',
      fullName: 'Murais Pedro',
      bio: 'arte',
      externalUrl: 'https://x.com/pedro_murais',
    });
    w.search.set(websearchQuery('pedro_murais', 'Pedro Alves'), [
      'https://www.youtube.com/@PedroMurais',
      'https://www.instagram.com/pedro_murais__/',
    ]);
    return w;
  }

  it('ties an account that links the source back (as the same handle does); a padded copy does not', async () => {
    const { byHandle } = await discover(spellingWeb(), 'microblog-b', 'pedro_murais');
    expect(byHandle('pedromurais')?.confidence ?? 0).toBeGreaterThanOrEqual(0.9);
    expect(byHandle('pedro_murais__')?.confidence ?? 0).toBeLessThan(0.5);
  });
});

describe('a second-account line that names the platform the account is on', () => {
  /** A channel's description names its Instagram second account; that account names the creator's Instagram back. */
  function otherPlatformWeb(label: string): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.youtube.set('minjiwalks', {
      handle: 'MinjiWalks',
      channelId: 'UCminjiwalks0000000000001',
      title: '민지의 산책',
      description: `서울 골목 산책 🌿\n${label} @minji.walks.film`,
      links: [{ title: 'Instagram', url: 'https://www.instagram.com/minji.walks/' }],
    });
    w.ig.set('minji.walks', {
      username: 'minji.walks',
      fullName: '민지',
      bio: '산책 🌿',
      externalUrl: 'https://www.youtube.com/@MinjiWalks',
    });
    w.ig.set('minji.walks.film', {
      username: 'minji.walks.film',
      fullName: '민지 필름',
      bio: '필름 사진 📷 본계 @minji.walks',
      externalUrl: null,
    });
    return w;
  }

  it.each([['인스타 부계정:'], ['IG second account →']])('is read there and is the creator’s (%s)', async (label) => {
    const { byHandle } = await discover(otherPlatformWeb(label), 'video', 'MinjiWalks');
    expect(byHandle('minji.walks.film')?.confidence ?? 0).toBeGreaterThanOrEqual(0.9);
  });
});
