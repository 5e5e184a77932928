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
