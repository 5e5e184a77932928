/**
 * Her representatives' addresses are theirs (session 40: an outside web's creators listed their
 * agency's inbox, and another talent of the same agency showing it was taken for her second account by
 * `shared_contact`). Lines hand-written here in six languages, both ways: an agent's, an agency's, a
 * manager's, a publicist's address (returned — api.md allows management and booking contacts — but no
 * address of hers to know her other accounts by), and look-alikes that stay hers — a contact label
 * alone ("Business:", "Bookings:", "Kontakt:"), a denied role ("no agency"), an agent-labelled address at
 * her own domain or naming her. The lookups fail before agents.ts.
 */
import { describe, expect, it } from 'vitest';
import { representativeEmails } from './agents.js';
import { DiscoveryWeb, sitePage } from './sample-web.js';
import { discover } from '../../test/support/discovery-context.js';

describe('representativeEmails: an address its line gives to a representative', () => {
  it.each([
    ['Booking: Nord Agency — bookings@nord.agency', 'bookings@nord.agency'],
    ['contact my agent at nadia@nord.agency', 'nadia@nord.agency'],
    ['management: hello@bluewave-mgmt.com', 'hello@bluewave-mgmt.com'],
    ['for press: Lumen PR <hi@lumenpr.co>', 'hi@lumenpr.co'],
    ['yarn 🧶 · mgmt: team@loop.management · me: kai@kaiknits.com', 'team@loop.management'],
    ['Representante: Marta Ruiz — marta@ruizartistas.es', 'marta@ruizartistas.es'],
    ['Contrataciones con mi mánager → leo@estrella.mx', 'leo@estrella.mx'],
    ['Agentur: Nordlicht Talents, info@nordlicht-talents.de', 'info@nordlicht-talents.de'],
    ['Agent : Claire Dubois (claire@dubois-agence.fr)', 'claire@dubois-agence.fr'],
    ['Assessoria de imprensa: contato@luzassessoria.com.br', 'contato@luzassessoria.com.br'],
    ['Empresária — bia [at] brisa [dot] com [dot] br', 'bia@brisa.com.br'],
    ['お仕事のご依頼は所属事務所まで：info@hoshi-pro.jp', 'info@hoshi-pro.jp'],
    ['マネージャー ＠ 以下 → mgr@sakura-ent.jp', 'mgr@sakura-ent.jp'],
  ])('%s', (line, email) => {
    expect([...representativeEmails(line).keys()]).toEqual([email]);
  });

  it.each([
    'business: me@kaiknits.com',
    'Bookings: kai@kaiknits.com',
    'Press: press@kaiknits.com',
    'No agency — DM or kai@gmail.com',
    'sin mánager, escríbeme: leo@gmail.com',
    'ohne Agentur: kai@kaiknits.de',
    'Kontakt: kai@kaiknits.de',
    'Pro : kai@kaiknits.fr',
    'Parcerias: kai@kaiknits.com.br',
    'お仕事：kai@kaiknits.jp',
    // The role is another part of the line than the address.
    'managed my first marathon 🏃 · kai@gmail.com',
    'pr tips & knitting · kai@gmail.com',
  ])('hers: %s', (line) => {
    expect([...representativeEmails(line).keys()]).toEqual([]);
  });
});

const TT = 'https://www.tiktok.com/@kai.knits';
const tiktok = (out: Awaited<ReturnType<typeof discover>>['out']) => out.profiles.find((p) => p.url === TT);

const kai = (w: DiscoveryWeb, bio: string, externalUrl: string | null = null) =>
  w.ig.set('kai.knits', { username: 'kai.knits', fullName: 'Kai Moreno', bio, externalUrl, bioLinks: [] });

// A bio line naming an agency holds relations.ts's patterns for about a second a lookup (measured; see the session's report).
describe('lookups', { timeout: 120_000 }, () => {
  it('another talent of her agency showing the agency’s inbox shares no contact with her; the address is still returned', async () => {
    for (const bio of ['knitting\nBooking: Nord Agency — bookings@nord.agency', 'knitting · contact my agent at bookings@nord.agency']) {
      const w = new DiscoveryWeb();
      kai(w, bio);
      w.tiktok.set('kai.knits', { handle: 'kai.knits', nickname: 'Mo Lindqvist', signature: 'dance 💃 booking: bookings@nord.agency' });
      const { out, emails } = await discover(w, 'social-b', 'kai.knits');
      expect(tiktok(out)?.evidence ?? [], bio).not.toContain('shared_contact');
      expect(emails, bio).toEqual(['bookings@nord.agency']);
    }
  });

  it('so does an agency line of her website', async () => {
    const w = new DiscoveryWeb();
    kai(w, 'knitting', 'https://kaiknits.com/');
    w.page(
      'https://kaiknits.com/',
      sitePage('Kai Moreno', '<p>Patterns and workshops.</p><p>Representation: Nord Agency — bookings@nord.agency</p>'),
    );
    w.tiktok.set('kai.knits', { handle: 'kai.knits', nickname: 'Mo Lindqvist', signature: 'dance 💃 booking: bookings@nord.agency' });
    const { out, emails } = await discover(w, 'social-b', 'kai.knits');
    expect(tiktok(out)?.evidence ?? []).not.toContain('shared_contact');
    expect(emails).toEqual(['bookings@nord.agency']);
  });

  it('her own business address, or an agent line at her own domain, stays hers: shared_contact', async () => {
    for (const bio of ['knitting · business: me@kaiknits.com', 'knitting · management: me@kaiknits.com']) {
      const w = new DiscoveryWeb();
      kai(w, bio, 'https://kaiknits.com/');
      w.page('https://kaiknits.com/', sitePage('Kai Moreno', '<p>Patterns and workshops.</p>'));
      w.tiktok.set('kai.knits', { handle: 'kai.knits', nickname: 'Kai', signature: 'knits · me@kaiknits.com' });
      const { out } = await discover(w, 'social-b', 'kai.knits');
      expect(tiktok(out)?.evidence, bio).toContain('shared_contact');
    }
  });
});
