/**
 * E-mail forms an outside web wrote that were missed (session 40): an `@` or a full-width `＠` with
 * blanks around it, and contact cues in the languages creators write. Lines written here (none
 * copied), both ways: addresses that must be read, and look-alikes that must not — a time, a place,
 * a handle, a cue that is a verb. Each "must read" case fails before email-forms.ts.
 */
import { describe, expect, it } from 'vitest';
import { isMailboxDomain, labelsAddress } from './email-forms.js';
import { emailsInHtml, emailsInText } from './text.js';

describe('an @ with blanks around it', () => {
  it.each([
    ['contact: ana ＠ studio-ana.com', 'ana@studio-ana.com'],
    ['Bookings — nadia.r @ velvetkiln.co.uk', 'nadia.r@velvetkiln.co.uk'],
    ['📩 hola @ lunaverde.mx', 'hola@lunaverde.mx'],
    ['Contacto: ana ＠ studio-ana.es', 'ana@studio-ana.es'],
    ['Kontakt → kai @ kaiknits.de', 'kai@kaiknits.de'],
    ['Contato | ana @ studio-ana.com.br', 'ana@studio-ana.com.br'],
    ['Presse — ana @ studio-ana.fr', 'ana@studio-ana.fr'],
    ['お仕事：kai ＠ kaiknits.jp', 'kai@kaiknits.jp'],
    // No cue, but a mailbox provider's domain: a mailbox.
    ['yarn & tea · kai.knits ＠ gmail.com', 'kai.knits@gmail.com'],
    ['mimi_draws @ yahoo.co.jp', 'mimi_draws@yahoo.co.jp'],
  ])('%s → %s', (line, email) => {
    expect(emailsInText(line)).toEqual([email]);
  });

  it('split across elements on a page (the sign in a span of its own)', () => {
    expect(emailsInHtml('<p>Contacto: ana <span>＠</span> studio-ana.com</p>')).toEqual(['ana@studio-ana.com']);
  });

  it.each([
    'meet me @ 5pm.',
    'see you @ the.venue tonight',
    'live @ the.studio · tickets below',
    'lunch @ noon.com? no',
    'ping me @ 10.30 am',
    'follow @kai.studio for more',
    'business: DM @kai.studio',
    // A cue that is a verb, not a label of the address.
    'email me @ the.studio tomorrow',
    'kontakt mich @ the.studio',
    // A handle after the sign, a name before it, no cue, no mailbox.
    'art by mira @ mira.draws',
  ])('not an address: %s', (line) => {
    expect(emailsInText(line)).toEqual([]);
  });

  it('the limits themselves', () => {
    expect(isMailboxDomain('gmail.com')).toBe(true);
    expect(isMailboxDomain('hotmail.fr')).toBe(true);
    expect(isMailboxDomain('gmail.example.net')).toBe(false);
    expect(isMailboxDomain('the.studio')).toBe(false);
    expect(labelsAddress('Bookings: ana', 8, 10)).toBe(true);
    expect(labelsAddress('email me', 5, 6)).toBe(false);
    expect(labelsAddress('📩 ana', 2, 3)).toBe(true);
  });
});
