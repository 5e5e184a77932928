/**
 * Failure classes an independent creator web found (session s35-h7, "web AB"), each on pages
 * written here for it (own names, own values; none copied from that web or any other). Each test
 * fails without its fix.
 */
import { describe, expect, it } from 'vitest';
import { emailsInHtml, spelledOutEmails } from './text.js';
import { sitePage } from './sample-web.js';

describe('an address whose local part spells its dots too ("sol [dot] rivas [at] proton [dot] me")', () => {
  it('is read from its first word: the tail after a spelled dot is no address of its own', () => {
    expect(emailsInHtml(sitePage('Sol', '<p>Write to sol [dot] rivas [at] proton [dot] me</p>'))).toEqual(['sol.rivas@proton.me']);
    expect(spelledOutEmails('Bookings: ana dot lima at gmail dot com')).toEqual(['ana.lima@gmail.com']);
    expect(spelledOutEmails('mail: teo (dot) k (at) posteo (dot) de')).toEqual(['teo.k@posteo.de']);
  });
});
