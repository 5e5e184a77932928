/**
 * People a creator's own site lists (session 40's class 1): a guest list, a team page, speakers,
 * podcast episode cards — each entry naming another person with THAT person's address. Those
 * addresses are the listed people's, not hers; her own contact block on the same page stays hers.
 * Decided by structure (an entry among siblings of one shape that names a person), in several
 * languages and shapes. Every page here is our own (no capture of such a site exists).
 */
import { describe, expect, it } from 'vitest';
import { loadHtml } from '../parse/load-html.js';
import { listedPeopleEmails } from './people-lists.js';
import { DiscoveryWeb, sitePage } from './sample-web.js';
import { discover } from '../../test/support/discovery-context.js';

const SITE = 'https://sobremesa.fm/';
const listed = (body: string, url = `${SITE}invitadas`) =>
  Object.fromEntries(listedPeopleEmails(loadHtml(sitePage('Sobremesa', body), 'test'), url));

/** Her podcast's guests page: list items, table rows, cards and episode entries, in Spanish, English, German and Japanese. */
const GUESTS = `
<h1>Invitadas de la temporada</h1>
<ul class="guests">
  <li><a href="https://lupitacastro.mx">Lupita Castro</a> — escríbele a lupita@castroceramica.mx</li>
  <li><a href="https://ig.example/ren">Renata Ibarra Solís</a> · contacto: renata.ibarra@gmail.com</li>
  <li><a href="https://sato.example">佐藤ゆき</a>（yuki@satoyuki.jp）</li>
</ul>
<table>
  <tr><th>Gast</th><th>E-Mail</th></tr>
  <tr><td>Jonas Albrecht</td><td><a href="mailto:jonas@albrecht-holz.de">jonas@albrecht-holz.de</a></td></tr>
  <tr><td>Mei-Lin Wagner</td><td>meilin.wagner@posteo.de</td></tr>
</table>
<div class="card"><h3>Kenji Mori</h3><p>Ceramicist, Mashiko</p><a href="mailto:kenji@morikiln.jp">Email</a></div>
<div class="card"><h3>Amara Eze</h3><p>Textile artist</p><a href="mailto:hello@amaraeze.studio">Email</a></div>
<article class="ep"><h2>Ep. 41 — building kilns in the hills</h2><p>Find Tomás: tomas@hornos-del-monte.es</p></article>
<article class="ep"><h2>Ep. 42 — a dye garden</h2><p>Write to Ines at ines.tinte@gmail.com</p></article>
<section class="contact"><h2>Contacto</h2><p>¿Quieres venir al programa? Escríbeme a sobremesa.odalys@gmail.com</p></section>
`;

describe('addresses of the people a page lists (class 1)', () => {
  it('list items, table rows, cards and episode entries: each address is credited to the person its entry names', () => {
    expect(listed(GUESTS)).toEqual({
      'lupita@castroceramica.mx': 'Lupita Castro',
      'renata.ibarra@gmail.com': 'Renata Ibarra Solís',
      'yuki@satoyuki.jp': '佐藤ゆき',
      'jonas@albrecht-holz.de': 'Jonas Albrecht',
      'meilin.wagner@posteo.de': 'Mei-Lin Wagner',
      'kenji@morikiln.jp': 'Kenji Mori',
      'hello@amaraeze.studio': 'Amara Eze',
      'tomas@hornos-del-monte.es': 'Tomás',
      'ines.tinte@gmail.com': 'Ines',
    });
  });

  it('look-alikes that are hers: her contact list (labels as titles), topic entries, a single entry, prose, her own domain', () => {
    // Her own contact list: repeated items whose titles are contact labels.
    expect(
      listed(`<ul><li><strong>Booking</strong> booking.odalys@gmail.com</li><li><strong>Prensa</strong> prensa.sobremesa@gmail.com</li>
        <li><strong>Kontakt:</strong> odalys.de@gmx.de</li></ul>`),
    ).toEqual({});
    // Topics, not people: one word the address is not named after.
    expect(listed('<ul><li>Talleres — cursos.sobremesa@gmail.com</li><li>Encargos — pedidos.ory@gmail.com</li></ul>')).toEqual({});
    // One entry alone is no list; prose is no entry.
    expect(listed('<div><p>Marta Ruiz produce el programa; escríbeme a sobremesa.odalys@gmail.com</p></div>')).toEqual({});
    expect(listed('<p>Hola, soy Odalys Reyes.</p><p>Escríbeme: sobremesa.odalys@gmail.com</p><p>Gracias por escuchar.</p>')).toEqual({});
    // An address at the page's own domain is the site's.
    expect(listed('<ul><li>Lupita Castro — lupita@sobremesa.fm</li><li>Jonas Albrecht — jonas@sobremesa.fm</li></ul>')).toEqual({});
  });

  it('on her site: the guests’ addresses are not returned; hers on the same page is, and so is an entry that names her', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('sobremesa.pod', {
      username: 'sobremesa.pod',
      fullName: 'Odalys Reyes',
      bio: 'un podcast de oficios',
      externalUrl: SITE,
      bioLinks: [],
    });
    w.page(SITE, sitePage('Sobremesa', '<nav><a href="/">Inicio</a> <a href="/invitadas">Invitadas</a></nav><h1>Sobremesa</h1>'));
    w.page(
      `${SITE}invitadas`,
      sitePage(
        'Invitadas — Sobremesa',
        GUESTS +
          '<ul class="hosts"><li><a href="/">Odalys Reyes</a> — odalys.reyes.audio@gmail.com</li><li><a href="/">Marta Ruiz</a> — marta.ruiz.prod@gmail.com</li></ul>',
      ),
    );
    const { emails } = await discover(w, 'social-b', 'sobremesa.pod');
    expect(emails.sort()).toEqual(['odalys.reyes.audio@gmail.com', 'sobremesa.odalys@gmail.com']);
  });
});
