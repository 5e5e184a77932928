/**
 * Failure classes an independent creator web found (session 26), each on pages written here for
 * it (none copied from that web): labels followed by words in other scripts, handles a platform
 * cannot hold, and the like. Each test fails without its fix.
 */
import { describe, expect, it } from 'vitest';
import { parseSourceHandle } from './input.js';
import { runDiscovery } from './pipeline.js';
import { DiscoveryWeb } from './sample-web.js';
import { webContext } from '../../test/support/discovery-context.js';

type Src = 'social-b' | 'shortvideo' | 'video';

async function lookup(w: DiscoveryWeb, platform: Src, handle: string) {
  const r = parseSourceHandle(platform, handle);
  if (!r.ok) throw new Error(r.message);
  const { ctx } = webContext(w);
  const out = await runDiscovery(ctx, platform, r.ref, { emails: true, internal: null });
  return { out, urls: out.profiles.map((p) => p.url), emails: out.emails.map((e) => e.email) };
}

describe('labels followed by words, and handles a platform cannot hold', () => {
  it('"YouTube – pełne odcinki", "Instagram: Kraków eats": no made-up account from the ASCII start of a word', async () => {
    const w = new DiscoveryWeb();
    w.tiktok.set('babcia.gotuje', {
      handle: 'babcia.gotuje',
      nickname: 'Babcia gotuje',
      signature: 'YouTube – pełne odcinki\nInstagram: Kraków eats\nTikTok: @zoë.paints',
    });
    const { urls } = await lookup(w, 'shortvideo', 'babcia.gotuje');
    expect(urls).toEqual(['https://www.tiktok.com/@babcia.gotuje']);
  });

  it('a link to a handle its platform cannot hold (a two-letter YouTube handle) is dropped, not listed unread', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('kasia.szyje', {
      username: 'kasia.szyje',
      fullName: 'Kasia',
      bio: 'szycie',
      externalUrl: null,
      bioLinks: ['https://www.youtube.com/@ks', 'https://www.tiktok.com/@kasia.szyje'],
    });
    w.tiktok.set('kasia.szyje', { handle: 'kasia.szyje', nickname: 'Kasia', signature: 'szycie' });
    const { urls } = await lookup(w, 'social-b', 'kasia.szyje');
    expect(urls.some((u) => u.includes('youtube'))).toBe(false);
    expect(urls).toContain('https://www.tiktok.com/@kasia.szyje');
  });
});
