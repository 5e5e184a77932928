/**
 * Other people's addresses on the creator's own pages (an outside web, session 27): a credit line
 * names someone else and the address beside it is theirs — a photographer, a sound editor, the
 * studio that built the site, the company that built the sauna —, in any language, by the line's
 * structure ("<role>: <Name> — address", "<…> by <Name>", a name the address is named after).
 * Pages written here for it. Each test fails without its fix.
 */
import { describe, expect, it } from 'vitest';
import { parseSourceHandle } from './input.js';
import { runDiscovery } from './pipeline.js';
import { DiscoveryWeb, sitePage } from './sample-web.js';
import { creditedEmails } from './sponsors.js';
import { webContext } from '../../test/support/discovery-context.js';

const credited = (body: string, url = 'https://ilsebakt.nl/contact') =>
  Object.fromEntries(creditedEmails(sitePage('Ilse bakt', body), url));

describe('an address a credit line gives to someone else', () => {
  it('a label and a name, whatever the role word; a credit "by"; a name the address is named after', () => {
    expect(credited('<p>Fotografie: Joost de Wit (joost@dewitfoto.nl)</p>')).toEqual({ 'joost@dewitfoto.nl': 'Joost de Wit' });
    expect(credited('<p>Ontwerp &amp; bouw: Pixelwerf Studio — hallo@pixelwerf.nl</p>')).toEqual({
      'hallo@pixelwerf.nl': 'Pixelwerf Studio',
    });
    expect(credited('<p>צילום: דנה כהן — dana@danaphoto.co.il</p>')).toEqual({ 'dana@danaphoto.co.il': 'דנה כהן' });
    expect(credited('<p>Photography by Mara Quist — mara.quist@gmail.com</p>')).toEqual({ 'mara.quist@gmail.com': 'Mara Quist' });
    expect(credited('<p>Onze oven is gebouwd door Steenhuis BV (verkoop@steenhuis.nl).</p>')).toEqual({
      'verkoop@steenhuis.nl': 'Steenhuis BV',
    });
    expect(credited('<footer><p>© 2025 · Sivut: Kotisivutehdas Oy — myynti@kotisivutehdas.fi</p></footer>')).toEqual({
      'myynti@kotisivutehdas.fi': 'Kotisivutehdas Oy',
    });
  });

  it('a contact label, prose, the site’s own domain or its own name credit nobody', () => {
    expect(credited('<p>Email: Ilse Verhoeven — ilse.bakt@gmail.com</p>')).toEqual({});
    expect(credited('<p>Bookings &amp; press: Ruth Okafor — ruth@inkwell-agency.com</p>')).toEqual({});
    expect(credited('<p>Studio: please write to ilse.bakt@gmail.com</p>')).toEqual({});
    expect(credited('<p>Design: Ilse Studio — ilse@ilsebakt.nl</p>')).toEqual({});
    expect(credited('<p>Winkel: Ilse bakt — bestel.ilsebakt@gmail.com</p>')).toEqual({});
    expect(credited('<p>Write to us at hello@broodkamer.nl</p>')).toEqual({});
  });

  it('on her own site: the photographer’s, the web studio’s and the builder’s addresses are not returned; hers are, credited to her name too', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('ilse.bakt', {
      username: 'ilse.bakt',
      fullName: 'Ilse Verhoeven',
      bio: 'bakken & brood',
      externalUrl: 'https://ilsebakt.nl/',
      bioLinks: [],
    });
    w.page(
      'https://ilsebakt.nl/',
      sitePage('Ilse bakt', '<h1>Ilse bakt</h1><p>Brood uit Utrecht.</p><a href="/contact">Contact</a>', {
        footer: '<p>© 2025 · Ontwerp: Pixelwerf Studio — hallo@pixelwerf.nl</p>',
      }),
    );
    w.page(
      'https://ilsebakt.nl/contact',
      sitePage(
        'Contact',
        '<p>Kontakt: ilse@ilsebakt.nl</p><p>Foto’s: Joost de Wit (joost@dewitfoto.nl)</p><p>Onze oven is gebouwd door Steenhuis BV (verkoop@steenhuis.nl).</p><p>Lessen: Ilse Verhoeven — lessen.ilse@gmail.com</p>',
      ),
    );
    const r = parseSourceHandle('social-b', 'ilse.bakt');
    if (!r.ok) throw new Error(r.message);
    const out = await runDiscovery(webContext(w).ctx, 'social-b', r.ref, { emails: true, internal: null });
    expect(out.emails.map((e) => e.email).sort()).toEqual(['ilse@ilsebakt.nl', 'lessen.ilse@gmail.com']);
  });
});
