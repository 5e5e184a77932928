/**
 * Failure classes an independent creator web found (session h8, "web U"), each on pages written here
 * for it (none copied from that web). Each test fails without its fix.
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb } from './sample-web.js';
import type { SourcePlatform } from './types.js';
import { websearchQuery } from './websearch.js';
import { discover } from '../../test/support/discovery-context.js';

describe('a second account naming the creator’s main account back marks no namesake of that handle', () => {
  /**
   * The creator's second account names the main account back ("conta principal: @…"); someone else
   * holds the main account's handle on another platform under the same name, linking nobody.
   */
  function portugueseWeb(): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.x.set('joao_pesca', {
      screenName: 'joao_pesca',
      name: 'João Moreira',
      description: 'Pesca de mar nos Açores 🎣 | conta secundária: @joaopescaaovivo',
      url: null,
    });
    w.x.set('joaopescaaovivo', {
      screenName: 'joaopescaaovivo',
      name: 'João Moreira (ao vivo)',
      description: 'Lives de pesca — conta principal: @joao_pesca',
      url: null,
    });
    // Another João Moreira, a carpenter, holds the handle on Instagram (a same-handle probe).
    w.ig.set('joao_pesca', { username: 'joao_pesca', fullName: 'João Moreira', bio: 'Carpinteiro em Braga 🪚', externalUrl: null });
    return w;
  }

  /** The same on TikTok, in Japanese: the sub-account's "本垢 @…"; a namesake's channel under the handle on YouTube. */
  function japaneseWeb(): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.tiktok.set('haruka.nail', {
      handle: 'haruka.nail',
      nickname: 'はるか',
      signature: 'セルフネイル💅\nサブ垢 @haruka.nail.sub',
    });
    w.tiktok.set('haruka.nail.sub', { handle: 'haruka.nail.sub', nickname: 'はるか サブ', signature: '日常とか 本垢 @haruka.nail' });
    w.youtube.set('haruka.nail', {
      handle: 'haruka.nail',
      channelId: 'UCwebuharuka0000000000001',
      title: 'はるか',
      description: '大阪のネイルサロン「ハルカ」公式チャンネル',
      links: [],
    });
    return w;
  }

  it.each([
    ['microblog-b', 'joao_pesca', 'joaopescaaovivo', portugueseWeb, 'social-b'],
    ['shortvideo', 'haruka.nail', 'haruka.nail.sub', japaneseWeb, 'video'],
  ] as [SourcePlatform, string, string, () => DiscoveryWeb, string][])(
    'from %s %s: the second account is the creator’s, the namesake is no second account',
    async (platform, handle, second, web, elsewhere) => {
      const { byHandle, out } = await discover(web(), platform, handle);
      expect(byHandle(second)?.confidence ?? 0).toBeGreaterThanOrEqual(0.9);
      const namesake = out.profiles.find((p) => p.platform === elsewhere);
      expect(namesake?.evidence ?? []).not.toContain('second_account_marker');
      expect(namesake?.confidence ?? 0).toBeLessThan(0.5);
    },
  );
});

describe('the creator’s handle re-spelled with a separator at its edge', () => {
  /**
   * An impostor on the source's own platform takes the creator's handle with its inner separator
   * dropped and one added at the edge (`anatejidos_` beside `ana_tejidos`), copies the name and the
   * website, and the search finds it.
   */
  function trailingWeb(): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.x.set('ana_tejidos', {
      screenName: 'ana_tejidos',
      name: 'Ana Quispe',
      description: 'Tejidos andinos 🧶 Cusco',
      url: 'https://anatejidos.pe',
    });
    w.page('https://anatejidos.pe/', '<html><head><title>Ana Quispe — tejidos</title></head><body><h1>Ana Quispe</h1></body></html>');
    w.x.set('anatejidos_', {
      screenName: 'anatejidos_',
      name: 'Ana Quispe',
      description: 'pedidos por DM 💳',
      url: 'https://anatejidos.pe',
    });
    w.search.set(websearchQuery('ana_tejidos', 'Ana Quispe'), ['https://x.com/anatejidos_']);
    return w;
  }

  /** The same on TikTok with a leading underscore (`_jonasvelo` beside `jonas.velo`), copying the creator's link page. */
  function leadingWeb(): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.tiktok.set('jonas.velo', {
      handle: 'jonas.velo',
      nickname: 'Jonas Berg',
      signature: 'Rennrad & Touren 🚴',
      bioLink: 'https://linktr.ee/jonasvelo',
    });
    w.linktree.set('jonasvelo', {
      username: 'jonasvelo',
      description: 'Jonas Berg',
      links: [{ title: 'TikTok', url: 'https://www.tiktok.com/@jonas.velo' }],
    });
    w.tiktok.set('_jonasvelo', {
      handle: '_jonasvelo',
      nickname: 'Jonas Berg',
      signature: 'Gewinnspiel! Schreib mir 🎁',
      bioLink: 'https://linktr.ee/jonasvelo',
    });
    w.search.set(websearchQuery('jonas.velo', 'Jonas Berg'), ['https://www.tiktok.com/@_jonasvelo']);
    return w;
  }

  it('is a look-alike on the source’s platform (an X copy with a trailing underscore)', async () => {
    const { out } = await discover(trailingWeb(), 'microblog-b', 'ana_tejidos');
    const copy = out.profiles.find((p) => p.platform === 'microblog-b' && p.handle.toLowerCase() === 'anatejidos_');
    expect(copy?.evidence ?? []).toContain('lookalike_handle');
    expect(copy?.confidence ?? 0).toBeLessThan(0.5);
  });

  it('is a look-alike with a leading underscore (TikTok)', async () => {
    const { byHandle } = await discover(leadingWeb(), 'shortvideo', 'jonas.velo');
    expect(byHandle('_jonasvelo')?.evidence ?? []).toContain('lookalike_handle');
    expect(byHandle('_jonasvelo')?.confidence ?? 0).toBeLessThan(0.5);
  });
});
