/**
 * Failure classes an independent creator web found (session 36, "web AC"), each on pages written
 * here for it (own names, own addresses; none copied from that web). Each test fails without its fix.
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb, sitePage } from './sample-web.js';
import { discover } from '../../test/support/discovery-context.js';

const IG = (h: string) => `https://www.instagram.com/${h}/`;

describe('a page named after the creator on a site that is not', () => {
  it('a sponsor’s landing page at the stem of her handle is the sponsor’s site: its own account and address are not hers', async () => {
    const w = new DiscoveryWeb();
    w.youtube.set('nadiabakeslive', {
      handle: 'nadiabakeslive',
      channelId: 'UCnadiabakeslive00000001',
      title: 'Nadia Bakes Live',
      description: 'Sourdough every Friday.',
      links: [
        { title: 'Instagram', url: IG('nadia.bakes.live') },
        { title: 'Sponsor: Flourish Mills', url: 'https://flourishmills.co.uk/nadiabakes' },
      ],
    });
    w.ig.set('nadia.bakes.live', {
      username: 'nadia.bakes.live',
      fullName: 'Nadia',
      bio: 'bread',
      bioLinks: ['https://www.youtube.com/@nadiabakeslive'],
    });
    w.page(
      'https://flourishmills.co.uk/nadiabakes',
      sitePage(
        'Flourish Mills × Nadia',
        '<h1>Bake along with Nadia</h1><p><a href="https://www.youtube.com/@nadiabakeslive">Watch her channel</a></p>',
        {
          footer: `<a href="${IG('flourishmills')}">Instagram</a> <a href="mailto:partners@flourishmills.co.uk">partners@flourishmills.co.uk</a>`,
        },
      ),
    );
    w.ig.set('flourishmills', {
      username: 'flourishmills',
      fullName: 'Flourish Mills',
      bio: 'stone-ground flour',
      externalUrl: 'https://flourishmills.co.uk/',
      bioLinks: ['https://flourishmills.co.uk/'],
    });
    const { byHandle, emails } = await discover(w, 'video', 'nadiabakeslive');
    expect(byHandle('nadia.bakes.live')!.confidence).toBeGreaterThanOrEqual(0.9);
    expect(byHandle('flourishmills')?.confidence ?? 0).toBeLessThan(0.5);
    expect(emails).not.toContain('partners@flourishmills.co.uk');
  });

  it('an agency’s page under her name (one roster neighbour linked) is her page, its footer the agency’s: the agency’s account is not hers', async () => {
    const w = new DiscoveryWeb();
    const page = 'https://inkhouse.agency/talent/tomi-adebayo';
    w.ig.set('tomi.sketches', {
      username: 'tomi.sketches',
      fullName: 'Tomi Adebayo',
      bio: 'illustrator',
      externalUrl: page,
      bioLinks: [page],
    });
    w.page(
      page,
      sitePage(
        'Tomi Adebayo — Inkhouse',
        `<h1>Tomi Adebayo</h1><p><a href="${IG('tomi.sketches')}">Instagram</a> <a href="https://www.tiktok.com/@tomisketches">TikTok</a></p><p>Also with us: <a href="/talent/ife-bello">Ife Bello</a></p>`,
        { footer: `<a href="${IG('inkhouse.agency')}">Instagram</a> <a href="/talent/">Our artists</a>` },
      ),
    );
    w.tiktok.set('tomisketches', { handle: 'tomisketches', nickname: 'Tomi', signature: 'ig: tomi.sketches' });
    w.ig.set('inkhouse.agency', {
      username: 'inkhouse.agency',
      fullName: 'Inkhouse',
      bio: 'illustration agency',
      externalUrl: 'https://inkhouse.agency/',
      bioLinks: ['https://inkhouse.agency/'],
    });
    const { byHandle } = await discover(w, 'social-b', 'tomi.sketches');
    expect(byHandle('tomisketches')!.confidence).toBeGreaterThanOrEqual(0.5);
    expect(byHandle('inkhouse.agency')?.confidence ?? 0).toBeLessThan(0.5);
  });

  it('her own site’s page named after her stays her site: its footer accounts are hers', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('rosa.keramik', {
      username: 'rosa.keramik',
      fullName: 'Rosa Lindqvist',
      bio: 'ceramics',
      bioLinks: ['https://rosakeramik.se/rosa'],
    });
    w.page(
      'https://rosakeramik.se/rosa',
      sitePage('Rosa', '<h1>Om Rosa</h1>', { footer: `<a href="https://www.youtube.com/@rosakeramik">YouTube</a>` }),
    );
    w.youtube.set('rosakeramik', {
      handle: 'rosakeramik',
      channelId: 'UCrosakeramik00000000001',
      title: 'Rosa Keramik',
      description: 'drejning',
      links: [],
    });
    const { byHandle } = await discover(w, 'social-b', 'rosa.keramik');
    expect(byHandle('rosakeramik')!.confidence).toBeGreaterThanOrEqual(0.5);
  });
});
