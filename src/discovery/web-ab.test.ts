/**
 * Failure classes an independent creator web found (session s35-h7, "web AB"), each on pages
 * written here for it (own names, own values; none copied from that web or any other). Each test
 * fails without its fix.
 */
import { describe, expect, it } from 'vitest';
import { emailsInHtml, mentionedAccounts, spelledOutEmails } from './text.js';
import { DiscoveryWeb, sitePage } from './sample-web.js';
import { ownerDomain } from './domains.js';
import { creditedEmails } from './sponsors.js';
import { discover } from '../../test/support/discovery-context.js';

describe('an address whose local part spells its dots too ("sol [dot] rivas [at] proton [dot] me")', () => {
  it('is read from its first word: the tail after a spelled dot is no address of its own', () => {
    expect(emailsInHtml(sitePage('Sol', '<p>Write to sol [dot] rivas [at] proton [dot] me</p>'))).toEqual(['sol.rivas@proton.me']);
    expect(spelledOutEmails('Bookings: ana dot lima at gmail dot com')).toEqual(['ana.lima@gmail.com']);
    expect(spelledOutEmails('mail: teo (dot) k (at) posteo (dot) de')).toEqual(['teo.k@posteo.de']);
  });
});

describe("a site on a builder's subdomain (name.wordpress.com, name.weebly.com, name.squarespace.com) is its owner's", () => {
  it("each subdomain is one owner-controlled domain; the builder's own host is nobody's", () => {
    expect(ownerDomain('https://rosa-ink.wordpress.com/contact/')).toBe('rosa-ink.wordpress.com');
    expect(ownerDomain('https://www.rosa-ink.weebly.com/')).toBe('rosa-ink.weebly.com');
    expect(ownerDomain('https://rosa-ink.squarespace.com/')).not.toBe(ownerDomain('https://teo-art.squarespace.com/'));
    expect(ownerDomain('https://wordpress.com/?ref=footer_blog')).toBeNull();
  });

  it("the creator's blog there is crawled: the accounts it presents and its contact page's address are found", async () => {
    const w = new DiscoveryWeb();
    w.x.set('rosa_ink', { screenName: 'rosa_ink', name: 'Rosa Ink', description: 'tattoo art', url: 'https://rosa-ink.wordpress.com' });
    w.page(
      'https://rosa-ink.wordpress.com/',
      sitePage(
        'Rosa Ink',
        '<p>Flash sheets every month. <a href="https://www.instagram.com/rosa.ink.studio/">Instagram</a> · <a href="/contact/">Contact</a></p>',
        { footer: '<a href="https://wordpress.com/?ref=footer_blog">Blog at WordPress.com.</a>' },
      ),
    );
    w.page('https://rosa-ink.wordpress.com/contact/', sitePage('Contact', '<p>Bookings: rosa@rosainkstudio.de</p>'));
    w.ig.set('rosa.ink.studio', {
      username: 'rosa.ink.studio',
      fullName: 'Rosa',
      bio: 'tattoo',
      externalUrl: 'https://rosa-ink.wordpress.com/',
    });
    const { byHandle, emails } = await discover(w, 'microblog-b', 'rosa_ink');
    expect(byHandle('rosa.ink.studio')?.confidence).toBeGreaterThanOrEqual(0.5);
    expect(emails).toContain('rosa@rosainkstudio.de');
  });
});

describe('the creator\'s representation on their own site ("For representation: <Name> — address", "… handled by <Agency>: address") is a contact, not a credit', () => {
  const page = sitePage(
    'Wren Alder — Photographer',
    `<p>Wren: wren@wrenalder.com</p>
<p>For representation: Sam Ito, Bluepine Artists — sam@bluepineartists.com</p>
<p>Brand partnerships are handled by Kestrel Agency: deals@kestrelagency.co</p>
<p>Site design by Mossworks Studio — studio@mossworks.design</p>`,
  );

  it('the agent and the agency are not credited; a design credit on the same page still is', () => {
    expect(Object.fromEntries(creditedEmails(page, 'https://wrenalder.com/contact'))).toEqual({
      'studio@mossworks.design': 'Mossworks Studio',
    });
  });

  it("a lookup returns the creator's own, the agent's and the agency's addresses, not the designer's", async () => {
    const w = new DiscoveryWeb();
    w.youtube.set('wrenalder', {
      handle: 'wrenalder',
      channelId: 'UCtestwrenalder000000000',
      title: 'Wren Alder',
      description: 'Landscape photography.',
      links: [{ title: 'Website', url: 'https://wrenalder.com/contact' }],
    });
    w.page('https://wrenalder.com/contact', page);
    const { emails } = await discover(w, 'video', 'wrenalder');
    expect(emails.sort()).toEqual(['deals@kestrelagency.co', 'sam@bluepineartists.com', 'wren@wrenalder.com']);
  });
});

describe('a label with a few words of its own before the separator ("Инст для рецептов: @name", "Insta for recipes: @name")', () => {
  it('names the account before an explicit @; without one, or with a label among the words, it names nothing', () => {
    expect(mentionedAccounts('Тренер 🏃\nИнст для рецептов: @olga.eda')).toEqual(['https://www.instagram.com/olga.eda']);
    expect(mentionedAccounts('YT for full episodes → @BramTalks')).toEqual(['https://www.youtube.com/@BramTalks']);
    expect(mentionedAccounts('YouTube channel coming soon: stay tuned')).toEqual([]);
    expect(mentionedAccounts('Insta para recetas: olga.eda')).toEqual([]);
  });

  it('the second account named that way is read, and its own bio naming the source verifies it', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('olga.begaet', { username: 'olga.begaet', fullName: 'Ольга', bio: 'Бег каждый день 🏃\nИнст для рецептов: @olga.eda' });
    w.ig.set('olga.eda', { username: 'olga.eda', fullName: 'Ольга | рецепты', bio: 'второй аккаунт @olga.begaet' });
    const { byHandle } = await discover(w, 'social-b', 'olga.begaet');
    expect(byHandle('olga.eda')?.confidence).toBeGreaterThanOrEqual(0.5);
  });
});
