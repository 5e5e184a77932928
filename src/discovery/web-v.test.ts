/**
 * Failure classes an independent creator web found (session s31-h4, "web V"), each on pages written
 * here for it (none copied from that web). Each test fails without its fix.
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb } from './sample-web.js';
import { discover } from '../../test/support/discovery-context.js';
import { extractEmails } from '../links/emails.js';

describe('a fediverse handle (@user@server) in a bio is no e-mail address', () => {
  /** A developer's X bio names its Mastodon account the way Mastodon writes it, and its real address beside it. */
  function web(): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.x.set('tilde_ines', {
      screenName: 'tilde_ines',
      name: 'Inês Tavares',
      description: 'compilers & coffee ☕ | find me at @ines@fosstodon.org | work: ines.tavares@proton.me',
      url: null,
    });
    return w;
  }

  it('the address is found; the handle is not', async () => {
    const { emails } = await discover(web(), 'microblog-b', 'tilde_ines');
    expect(emails).toEqual(['ines.tavares@proton.me']);
  });

  it('the shared extractor reads a handle after a bracket or at a line start the same way, an address after a space as one', () => {
    expect(extractEmails({ text: '(@kai@mastodon.social)\n@kai@hachyderm.io' })).toEqual([]);
    expect(extractEmails({ text: '📧 @ kai@kai-makes.de' })).toEqual(['kai@kai-makes.de']);
  });
});

describe('an account the creator’s website presents as its own, under the creator’s handle, is the creator’s', () => {
  /**
   * A baker's X account declares her website; its footer icons (no text but the platform's name
   * in an aria-label) link her Facebook page — which links nothing — and her Etsy shop (no reader),
   * both under her handle as those platforms spell it. A Pinterest account the site links the same
   * way holds her handle too, but it is someone else's now: it links a site of its own.
   */
  function web(): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.x.set('marta_hornea', {
      screenName: 'marta_hornea',
      name: 'Marta Villalba',
      description: 'pan de masa madre en Valladolid 🍞',
      url: 'https://martahornea.es',
    });
    const icon = (label: string, url: string) => `<a href="${url}" aria-label="${label}"><svg viewBox="0 0 8 8"><circle r="4"/></svg></a>`;
    w.page(
      'https://martahornea.es/',
      `<!DOCTYPE html><html><head><title>Marta Hornea</title></head><body><main><h1>Marta Hornea</h1><p>Talleres de pan cada sábado.</p></main>
<footer>${icon('Facebook', 'https://www.facebook.com/martahornea')}${icon('Etsy', 'https://www.etsy.com/shop/MartaHornea')}${icon('Pinterest', 'https://www.pinterest.com/marta_hornea/')}</footer></body></html>`,
    );
    w.facebook.set('martahornea', { vanity: 'martahornea', name: 'Marta Hornea', description: 'Pan casero y talleres', links: [] });
    w.pinterest.set('marta_hornea', {
      handle: 'marta_hornea',
      name: 'Marta H.',
      bio: 'home decor ideas',
      website: 'https://martahdecor.com',
    });
    return w;
  }

  it('the Facebook page and the Etsy shop are verified; the Pinterest account that links a site of its own stays a candidate', async () => {
    const { byHandle, out } = await discover(web(), 'microblog-b', 'marta_hornea');
    const etsy = out.profiles.find((p) => p.platform === 'etsy');
    expect([byHandle('martahornea'), etsy].map((p) => [p?.platform, p?.handle, p?.evidence, p?.confidence])).toEqual([
      ['social-a', 'martahornea', ['same_handle_match', 'website_link'], 0.93],
      ['etsy', 'MartaHornea', ['same_handle_match', 'website_link'], 0.93],
    ]);
    // Verified, so scanned: the page was read for addresses like every verified account.
    expect(out.scan.scanned_profile_urls).toContain('https://www.facebook.com/martahornea');
    const pin = out.profiles.find((p) => p.platform === 'pinboard');
    expect(pin?.evidence).toContain('links_elsewhere');
    expect(pin?.confidence).toBeLessThan(0.5);
  });
});

describe('the creator’s page on a shared site: the index carding it beside others is a roster', () => {
  /**
   * A salsa teacher's Instagram declares her page on her school's site (`/equipo/lucia`: a
   * segment no list knows). The school's teachers page cards her (a link to her page under her
   * name) beside two colleagues carded with their own accounts; the school's inbox is in every
   * page's footer and on its contact page.
   */
  function web(): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.ig.set('lucia.baila', {
      username: 'lucia.baila',
      fullName: 'Lucía Romero',
      bio: 'Salsa y bachata en Sevilla 💃',
      externalUrl: 'https://estudiosalsa.es/equipo/lucia',
    });
    const page = (title: string, body: string) =>
      `<!DOCTYPE html><html><head><title>${title} · Estudio Salsa</title></head><body>
<header><nav><a href="/">Inicio</a> <a href="/equipo">Equipo</a> <a href="/contacto">Contacto</a></nav></header>
<main>${body}</main><footer><p>Estudio Salsa Sevilla · hola@estudiosalsa.es</p></footer></body></html>`;
    w.page(
      'https://estudiosalsa.es/equipo/lucia',
      page(
        'Lucía Romero',
        `<h1>Lucía Romero</h1><p>Enseña salsa en línea desde 2015. Clases privadas: lucia@estudiosalsa.es</p>
<p><a href="https://www.instagram.com/lucia.baila/">Instagram</a> <a href="https://www.youtube.com/@LuciaRomeroBaila">YouTube</a></p>`,
      ),
    );
    w.page(
      'https://estudiosalsa.es/equipo',
      page(
        'Profesores',
        `<h1>Nuestro equipo</h1>
<div class="prof"><h3>Lucía Romero</h3><a href="/equipo/lucia">Ver perfil</a></div>
<div class="prof"><h3>Carlos Vega</h3><a href="https://www.instagram.com/carlosvega.salsa/">Instagram</a></div>
<div class="prof"><h3>Marta Gil</h3><a href="https://www.instagram.com/martagil.baila/">Instagram</a></div>`,
      ),
    );
    w.page(
      'https://estudiosalsa.es/contacto',
      page('Contacto', '<h1>Contacto</h1><p>hola@estudiosalsa.es · reservas: reservas@estudiosalsa.es</p>'),
    );
    w.youtube.set('luciaromerobaila', {
      handle: 'LuciaRomeroBaila',
      channelId: 'UCwebvlucia00000000000001',
      title: 'Lucía Romero',
      description: 'Tutoriales de salsa',
      links: [{ title: 'Instagram', url: 'https://www.instagram.com/lucia.baila/' }],
    });
    return w;
  }

  it('her page and her channel are hers; the school’s inboxes are not', async () => {
    const { emails, byHandle } = await discover(web(), 'social-b', 'lucia.baila');
    expect(byHandle('luciaromerobaila')?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(emails).toEqual(['lucia@estudiosalsa.es']);
  });
});

describe('the creator’s handle on a platform where the creator links another account of its own ties nothing', () => {
  /**
   * A seamstress's TikTok links her Linktree, which links her Instagram under another handle (it
   * holds her name and links the Linktree back). Someone holds her TikTok handle on Instagram too,
   * under her name, copying her Linktree into its bio beside a giveaway, with an address of its own.
   */
  function web(): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.tiktok.set('nadia.cose', {
      handle: 'nadia.cose',
      nickname: 'Nadia Conti',
      signature: 'cucito creativo 🧵 Torino',
      bioLink: 'https://linktr.ee/nadiacose',
    });
    w.linktree.set('nadiacose', {
      username: 'nadiacose',
      description: 'Nadia Conti — cucito',
      links: [{ title: 'Instagram', url: 'https://www.instagram.com/nadiaconti.atelier/' }],
    });
    w.ig.set('nadiaconti.atelier', {
      username: 'nadiaconti.atelier',
      fullName: 'Nadia Conti',
      bio: 'atelier di cucito',
      externalUrl: 'https://linktr.ee/nadiacose',
    });
    w.ig.set('nadia.cose', {
      username: 'nadia.cose',
      fullName: 'Nadia Conti',
      bio: '🎁 vinci una macchina da cucire! scrivi a premi.nadia@gmail.com',
      externalUrl: 'https://linktr.ee/nadiacose',
    });
    return w;
  }

  it('her Instagram is verified; the other holder of her handle is a candidate below 0.8, never scanned', async () => {
    const { byHandle, emails, out } = await discover(web(), 'shortvideo', 'nadia.cose');
    expect(byHandle('nadiaconti.atelier')?.confidence).toBeGreaterThanOrEqual(0.9);
    const squatter = out.profiles.find((p) => p.platform === 'social-b' && p.handle === 'nadia.cose');
    expect(squatter?.confidence).toBeLessThan(0.8);
    expect(out.scan.scanned_profile_urls).not.toContain('https://www.instagram.com/nadia.cose/');
    expect(emails).toEqual([]);
  });
});
