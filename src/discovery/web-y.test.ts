/**
 * Failure classes an independent creator web found (session s33-h8, "web Y"), each on pages written
 * here for it (none copied from that web or any other). Each test fails without its fix.
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb, sitePage } from './sample-web.js';
import { discover } from '../../test/support/discovery-context.js';

describe("the website an account the creator links declares presents the creator's source as its own (a platform icon)", () => {
  // A singer's stage channel links her Instagram and Bandcamp-like SoundCloud under her legal name; both declare her
  // site, whose icon row names the stage channel, the Instagram and the SoundCloud: a triangle the creator closes.
  function web(opts: { siteText?: string } = {}): DiscoveryWeb {
    const w = new DiscoveryWeb();
    w.youtube.set('velvetnoor', {
      handle: 'velvetnoor',
      channelId: 'UCtestvelvetnoor00000000',
      title: 'VELVET NOOR',
      description: 'Live loops and synth sets.',
      links: [
        { title: 'Instagram', url: 'https://www.instagram.com/noor.halabi.music' },
        { title: 'SoundCloud', url: 'https://soundcloud.com/noorhalabi' },
      ],
    });
    w.ig.set('noor.halabi.music', {
      username: 'noor.halabi.music',
      fullName: 'Noor Halabi',
      bio: 'producer · Beirut / Lyon',
      externalUrl: 'https://halabisound.fr/',
    });
    w.soundcloud.set('noorhalabi', { handle: 'noorhalabi', name: 'Noor Halabi', bio: 'synths', website: 'https://halabisound.fr/' });
    const youtubeLink = `<a href="https://www.youtube.com/@velvetnoor">${opts.siteText ?? 'YouTube'}</a>`;
    w.page(
      'https://halabisound.fr/',
      sitePage(
        'Halabi Sound',
        `<p>Sets, stems, dates.</p><p class="icons">${youtubeLink} <a href="https://www.instagram.com/noor.halabi.music">Instagram</a> <a href="https://soundcloud.com/noorhalabi">SoundCloud</a></p>`,
      ),
    );
    return w;
  }

  it("is the creator's website: the accounts that declare it share it and are hers", async () => {
    const { byHandle } = await discover(web(), 'video', 'velvetnoor');
    expect(byHandle('noor.halabi.music')?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(byHandle('noor.halabi.music')?.evidence).toContain('shared_website');
    expect(byHandle('noorhalabi')?.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it("not when the site names the channel as someone else's (a friend credited by name)", async () => {
    const { byHandle } = await discover(web({ siteText: "my friend Velvet Noor's channel" }), 'video', 'velvetnoor');
    expect(byHandle('noor.halabi.music')?.confidence ?? 0).toBeLessThan(0.5);
  });
});
