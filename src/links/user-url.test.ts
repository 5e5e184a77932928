import { describe, expect, it } from 'vitest';
import { parseUserUrl } from './user-url.js';

describe('parseUserUrl (a URL as a caller hands it)', () => {
  it.each([
    ['https://linktr.ee/mike', 'https://linktr.ee/mike'],
    ['  linktr.ee/mike?x=1#y ', 'https://linktr.ee/mike?x=1#y'],
    ['HTTP://Example.COM/a', 'http://example.com/a'],
  ])('%s → %s', (input, href) => {
    expect(parseUserUrl(input)?.href).toBe(href);
  });

  it.each([
    '',
    '   ',
    'ftp://example.com/a',
    'javascript://x',
    'https://user:pw@example.com/',
    'https://example.com:8443/',
    'http://[::1',
    'https://',
  ])('refuses %j', (input) => {
    expect(parseUserUrl(input)).toBeNull();
  });

  it('requireScheme refuses a bare host/path but keeps full URLs', () => {
    expect(parseUserUrl('truthsocial.com/@a/1', { requireScheme: true })).toBeNull();
    expect(parseUserUrl('https://truthsocial.com/@a/1', { requireScheme: true })?.pathname).toBe('/@a/1');
  });
});
