/**
 * Failure classes an independent creator web found (session s32-h2, "web W"), each on pages written
 * here for it (none copied from that web). Each test fails without its fix.
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb } from './sample-web.js';
import { discover } from '../../test/support/discovery-context.js';
import { mentionedAccounts } from './text.js';
import { confidenceOf, isVerified } from './evidence.js';

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

describe('the creator’s own website names its account on a platform: another there under the source’s handle is not tied by the handle', () => {
  /**
   * A potter's Instagram declares her website, whose icons link her TikTok under another handle. A
   * TikTok account under her Instagram handle copies her name and her bio (the domain included)
   * and links a prize-draw page.
   */
  function web(): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.ig.set('greta.clay', {
      username: 'greta.clay',
      fullName: 'Greta Holm',
      bio: 'stoneware 🏺 workshops → gretaclay.se',
      externalUrl: 'https://gretaclay.se/',
    });
    w.page(
      'https://gretaclay.se/',
      `<!DOCTYPE html><html><head><title>Greta Holm Ceramics</title></head><body><main><h1>Greta Holm</h1>
<p><a href="https://www.instagram.com/greta.clay/">Instagram</a> · <a href="https://www.tiktok.com/@gretaholm.ceramics">TikTok</a></p></main></body></html>`,
    );
    w.tiktok.set('gretaholm.ceramics', {
      handle: 'gretaholm.ceramics',
      nickname: 'Greta Holm',
      signature: 'wheel throwing',
      bioLink: 'https://gretaclay.se/',
    });
    w.tiktok.set('greta.clay', {
      handle: 'greta.clay',
      nickname: 'Greta Holm',
      signature: 'stoneware 🏺 workshops → gretaclay.se',
      bioLink: 'https://prize-draw.example/greta',
    });
    return w;
  }

  it('the TikTok the website links is verified; the copy under the source’s handle is not returned', async () => {
    const { out } = await discover(web(), 'social-b', 'greta.clay');
    const tiktok = (h: string) => out.profiles.find((p) => p.platform === 'shortvideo' && p.handle === h);
    expect(tiktok('gretaholm.ceramics')?.confidence).toBeGreaterThanOrEqual(0.9);
    const copy = tiktok('greta.clay');
    expect(copy?.evidence ?? []).not.toContain('same_handle_match');
    expect(copy?.confidence ?? 0).toBeLessThan(0.5);
  });
});

describe('an account the creator’s website presents as its own, under the website’s own name, is the creator’s', () => {
  /**
   * A duo's YouTube declares their website `saltmarshduo.com`; its icon row links their SoundCloud-less
   * music pages: a Bandcamp under the site's name (no reader: nothing can link back) and a Vimeo
   * under another name. A friend's label is credited in a sentence.
   */
  function web(): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.youtube.set('saltmarsh.music', {
      handle: 'saltmarsh.music',
      channelId: 'UCtestsalt00000000000000',
      title: 'Saltmarsh',
      description: 'two voices, one harmonium',
      links: [{ title: 'Website', url: 'https://saltmarshduo.com/' }],
    });
    w.page(
      'https://saltmarshduo.com/',
      `<!DOCTYPE html><html><head><title>Saltmarsh</title></head><body><main><h1>Saltmarsh</h1>
<ul class="social"><li><a href="https://www.youtube.com/@saltmarsh.music">YouTube</a></li><li><a href="https://saltmarshduo.bandcamp.com/">Bandcamp</a></li><li><a href="https://vimeo.com/harmoniumfilms">Vimeo</a></li></ul>
<p>Mastered by our friends at <a href="https://tidewater.bandcamp.com/">Tidewater Records</a>.</p></main></body></html>`,
    );
    return w;
  }

  it('the Bandcamp named like the site is verified; the Vimeo under another name and the credited label are not', async () => {
    const { out } = await discover(web(), 'video', 'saltmarsh.music');
    const on = (platform: string, handle: string) => out.profiles.find((p) => p.platform === platform && p.handle.toLowerCase() === handle);
    expect(on('bandcamp', 'saltmarshduo')?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(on('vimeo', 'harmoniumfilms')?.confidence ?? 0).toBeLessThan(0.5);
    expect(on('bandcamp', 'tidewater')?.confidence ?? 0).toBeLessThan(0.5);
  });

  it('the site’s name ties as the source’s handle does: never for a fan’s account or one with an identity of its own', () => {
    expect(confidenceOf(['website_link', 'site_handle'])).toBe(0.92);
    for (const against of ['fan_marker', 'links_elsewhere'] as const) {
      expect(isVerified(['website_link', 'site_handle', against]), against).toBe(false);
      expect(confidenceOf(['website_link', 'site_handle', against]), against).toBeLessThan(0.5);
    }
  });
});

describe('the creator’s bio naming an account’s handle bare, after a label in a language the lists do not know', () => {
  /**
   * A potter's Instagram bio names her TikTok after a Hebrew label ("טיק טוק:", spelt apart: not one of
   * the platforms' names — "טיקטוק:" is a mention label since web Z) without an `@`; her address holds that handle as a prefix. A web
   * search finds her TikTok, which links her Instagram back, and a fan's TikTok that links it too.
   */
  function web(): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.ig.set('dana.ceramica', {
      username: 'dana.ceramica',
      fullName: 'דנה | קדרות',
      bio: 'קדרית 🏺 חיפה | טיק טוק: dana.clay | dana.clay.studio@gmail.com',
    });
    w.tiktok.set('dana.clay', {
      handle: 'dana.clay',
      nickname: 'דנה',
      signature: 'אובניים',
      bioLink: 'https://www.instagram.com/dana.ceramica',
    });
    w.tiktok.set('clay.lovers.il', {
      handle: 'clay.lovers.il',
      nickname: 'Clay lovers',
      signature: 'best pottery',
      bioLink: 'https://www.instagram.com/dana.ceramica',
    });
    w.search.set('"דנה | קדרות" dana.ceramica', ['https://www.tiktok.com/@clay.lovers.il', 'https://www.tiktok.com/@dana.clay']);
    return w;
  }

  it('the TikTok the bio names is returned; the one only linking back is not', async () => {
    const { byHandle } = await discover(web(), 'social-b', 'dana.ceramica');
    expect(byHandle('dana.clay')?.evidence).toContain('creator_mention');
    expect(byHandle('dana.clay')?.confidence).toBeGreaterThanOrEqual(0.5);
    expect(byHandle('clay.lovers.il')?.evidence ?? []).not.toContain('creator_mention');
    expect(byHandle('clay.lovers.il')?.confidence ?? 0).toBeLessThan(0.5);
  });
});
