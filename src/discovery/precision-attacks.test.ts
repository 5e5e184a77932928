/**
 * Wrong accounts on a web written against precision (session 39): look-alikes, accounts deferring
 * to the creator as "the real one", a brand's button on her link page, a shared account's link to
 * the other member, and more. That web is gone: every page here is our own, written in the shapes
 * the platforms answer (src/discovery/sample-web.ts). Each test fails without its fix.
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb } from './sample-web.js';
import { websearchQuery } from './websearch.js';
import { discover } from '../../test/support/discovery-context.js';

const IG = (h: string) => `https://www.instagram.com/${h}/`;
const TT = (h: string) => `https://www.tiktok.com/@${h}`;
const YT = (h: string) => `https://www.youtube.com/@${h}`;
const XU = (h: string) => `https://x.com/${h}`;

/** Every profile returned at the default threshold, as `platform:handle` (lower case). */
const returned = (out: { profiles: { platform: string; handle: string; confidence: number }[] }) =>
  out.profiles.filter((p) => p.confidence >= 0.5).map((p) => `${p.platform}:${p.handle.toLowerCase()}`);

describe('look-alike handles and names (confusables skeleton)', () => {
  it('capital I for l, Cyrillic а in a channel handle, Cyrillic letters in a name: candidates far below 0.5; her own TikTok stays', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('lunavale', {
      username: 'lunavale',
      fullName: 'Luna Vale',
      bio: 'ceramics & slow mornings',
      externalUrl: 'https://lunavale.studio/',
      bioLinks: [TT('luna.vale')],
    });
    w.tiktok.set('luna.vale', { handle: 'luna.vale', nickname: 'Luna Vale', signature: 'ceramics', bioLink: IG('lunavale') });
    w.page('https://lunavale.studio/', '<html><head><title>Luna Vale Ceramics</title></head><body><h1>Luna Vale</h1></body></html>');
    // X shows a handle as its owner spells it: capital I for l.
    w.x.set('lunavaie', { screenName: 'LunavaIe', name: 'Luna Vale', description: 'ceramics & slow mornings', url: IG('lunavale') });
    // A channel handle in Cyrillic а (video handles take any letters).
    w.youtube.set('lunаvale', {
      handle: 'lunаvale',
      channelId: 'UClunacyr00000000000000',
      title: 'Luna Vale',
      description: 'ceramics',
      links: [{ title: 'IG', url: IG('lunavale') }],
    });
    // Her name in Cyrillic а and е under a handle of its own.
    w.threads.set('lun4vale', { handle: 'lun4vale', name: 'Lunа Vаlе', bio: 'ceramics & slow mornings', links: [IG('lunavale')] });
    w.search.set(websearchQuery('lunavale', 'Luna Vale'), [XU('LunavaIe'), YT('lunаvale'), 'https://www.threads.com/@lun4vale']);
    const { byHandle } = await discover(w, 'social-b', 'lunavale');
    expect(byHandle('luna.vale')?.confidence ?? 0).toBeGreaterThanOrEqual(0.9);
    for (const h of ['lunavaie', 'lunаvale', 'lun4vale']) {
      const p = byHandle(h);
      expect(p, h).toBeDefined();
      expect(p!.confidence, h).toBeLessThan(0.5);
      expect(p!.evidence, h).toContain('lookalike_handle');
    }
  });

  it('rn for m and 0 for o in a handle, a dot moved inside her dotted handle: none returned (the moved dot was a same-handle tie, verified)', async () => {
    const w = new DiscoveryWeb();
    w.tiktok.set('moon.marrow', {
      handle: 'moon.marrow',
      nickname: 'Moon Marrow',
      signature: 'bone broth & long walks',
      bioLink: 'https://moonmarrow.kitchen/',
    });
    w.page('https://moonmarrow.kitchen/', '<html><head><title>Moon Marrow</title></head><body><h1>Moon Marrow</h1></body></html>');
    w.ig.set('rnoon.marrow', { username: 'rnoon.marrow', fullName: 'Moon Marrow', bio: 'bone broth', externalUrl: TT('moon.marrow') });
    w.ig.set('mo0n.marrow', {
      username: 'mo0n.marrow',
      fullName: 'Moon Marrow',
      bio: 'bone broth',
      externalUrl: 'https://moonmarrow.kitchen/',
    });
    // Her handle's letters with the dot moved: it linked her back and held "the same handle" (0.92).
    w.ig.set('moonm.arrow', { username: 'moonm.arrow', fullName: 'Moon Marrow', bio: 'bone broth', externalUrl: TT('moon.marrow') });
    w.search.set(websearchQuery('moon.marrow', 'Moon Marrow'), [IG('rnoon.marrow'), IG('mo0n.marrow'), IG('moonm.arrow')]);
    const { out, byHandle } = await discover(w, 'shortvideo', 'moon.marrow');
    for (const h of ['rnoon.marrow', 'mo0n.marrow', 'moonm.arrow']) expect(byHandle(h)?.evidence ?? [], h).toContain('lookalike_handle');
    expect(returned(out)).toEqual(['shortvideo:moon.marrow']);
  });
});

describe('an account that names another as the real one', () => {
  it('"parody — the real one is @…" under her very handle (a same-handle tie: verified 0.93), "real account → @…": not hers; her own second account saying "my real account" is', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('lunavale', {
      username: 'lunavale',
      fullName: 'Luna Vale',
      bio: 'ceramics & slow mornings\nsecond account: @lunavale.glaze',
      externalUrl: 'https://lunavale.studio/',
      bioLinks: [],
    });
    w.page('https://lunavale.studio/', '<html><head><title>Luna Vale Ceramics</title></head><body><h1>Luna Vale</h1></body></html>');
    w.tiktok.set('lunavale', {
      handle: 'lunavale',
      nickname: 'Luna Vale',
      signature: 'parody 🎭 the real one is @lunavale',
      bioLink: IG('lunavale'),
    });
    w.threads.set('luna.vale.ceramics', {
      handle: 'luna.vale.ceramics',
      name: 'Luna Vale',
      bio: 'real account → @lunavale',
      links: [IG('lunavale')],
    });
    w.x.set('lunavale_es', {
      screenName: 'lunavale_es',
      name: 'Luna Vale',
      description: 'la cuenta verdadera es @lunavale 🙏',
      url: IG('lunavale'),
    });
    w.ig.set('lunavale.glaze', {
      username: 'lunavale.glaze',
      fullName: 'Luna Vale',
      bio: 'glaze tests — my real account is @lunavale',
      externalUrl: IG('lunavale'),
    });
    w.search.set(websearchQuery('lunavale', 'Luna Vale'), ['https://www.threads.com/@luna.vale.ceramics', XU('lunavale_es')]);
    const { out, byHandle } = await discover(w, 'social-b', 'lunavale');
    for (const h of ['lunavale', 'luna.vale.ceramics', 'lunavale_es']) {
      const p = out.profiles.find((x) => x.handle.toLowerCase() === h && x.platform !== 'social-b');
      expect(p, h).toBeDefined();
      expect(p!.confidence, h).toBeLessThan(0.5);
      expect(p!.evidence, h).toContain('fan_marker');
    }
    expect(byHandle('lunavale.glaze')?.confidence ?? 0).toBeGreaterThanOrEqual(0.5);
  });
});

describe('a brand’s button on her link page', () => {
  it('"Shop Luna Botanics", "Follow Lunaria Tea" (handles holding her first name: 0.9 as hers): candidates below 0.5; her own shop under her whole name stays', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('lunavale', {
      username: 'lunavale',
      fullName: 'Luna Vale',
      bio: 'ceramics',
      externalUrl: 'https://linktr.ee/lunavale',
      bioLinks: [],
    });
    w.linktree.set('lunavale', {
      username: 'lunavale',
      description: 'Luna Vale',
      links: [
        { title: 'My TikTok', url: TT('luna.vale') },
        { title: 'Shop Luna Vale Studio', url: IG('lunavalestudio') },
        { title: 'Shop Luna Botanics', url: IG('lunabotanics') },
        { title: 'Follow Lunaria Tea', url: TT('lunariatea') },
        // Her own buttons titled with the account's handle or address name no one else (e2e's beacons page).
        { title: '@lunaclayworks', url: IG('lunaclayworks') },
        { title: 'https://www.tiktok.com/@lunavale.live', url: TT('lunavale.live') },
      ],
    });
    w.ig.set('lunaclayworks', { username: 'lunaclayworks', fullName: 'Clay works', bio: 'kiln days' });
    w.tiktok.set('lunavale.live', { handle: 'lunavale.live', nickname: 'live', signature: 'studio streams' });
    w.tiktok.set('luna.vale', { handle: 'luna.vale', nickname: 'Luna', signature: 'ceramics' });
    w.ig.set('lunavalestudio', { username: 'lunavalestudio', fullName: 'Studio', bio: 'mugs & bowls, made by hand' });
    w.ig.set('lunabotanics', { username: 'lunabotanics', fullName: 'Luna Botanics', bio: 'clean skincare 🌿 ships worldwide' });
    w.tiktok.set('lunariatea', { handle: 'lunariatea', nickname: 'Lunaria Tea', signature: 'loose-leaf tea' });
    const { out, byHandle } = await discover(w, 'social-b', 'lunavale');
    expect(byHandle('luna.vale')?.confidence ?? 0).toBeGreaterThanOrEqual(0.9);
    expect(byHandle('lunavalestudio')?.confidence ?? 0).toBeGreaterThanOrEqual(0.9);
    expect(byHandle('lunaclayworks')?.confidence ?? 0).toBeGreaterThanOrEqual(0.9);
    expect(byHandle('lunavale.live')?.confidence ?? 0).toBeGreaterThanOrEqual(0.9);
    for (const h of ['lunabotanics', 'lunariatea']) {
      expect(byHandle(h)?.confidence ?? 1, h).toBeLessThan(0.5);
      expect(
        out.scan.scanned_profile_urls.some((u) => u.includes(h)),
        h,
      ).toBe(false);
    }
  });
});

describe('a shared account’s link to the other member', () => {
  it('the sisters’ channel "Mia & Zoe Hartley" links both sisters; Zoe’s Instagram links the channel back (0.99 as Mia’s): Zoe’s, not returned nor scanned; Mia’s own TikTok stays', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('mia.hartley', {
      username: 'mia.hartley',
      fullName: 'Mia Hartley',
      bio: 'dance 💃',
      externalUrl: 'https://www.youtube.com/@hartleysisters',
      bioLinks: [],
    });
    w.youtube.set('hartleysisters', {
      handle: 'HartleySisters',
      channelId: 'UChartley000000000000000',
      title: 'Mia & Zoe Hartley',
      description: 'sister duo 👯 new videos every friday',
      links: [
        { title: 'Mia', url: IG('mia.hartley') },
        { title: 'Zoe', url: IG('zoe.hartley') },
        { title: 'Mia on TikTok', url: TT('miahartley.dance') },
      ],
    });
    w.ig.set('zoe.hartley', {
      username: 'zoe.hartley',
      fullName: 'Zoe Hartley',
      bio: 'choreo • half of the hartley sisters • zoe@hartleysisters.com',
      externalUrl: 'https://www.youtube.com/@hartleysisters',
    });
    w.tiktok.set('miahartley.dance', {
      handle: 'miahartley.dance',
      nickname: 'Mia Hartley',
      signature: 'dance',
      bioLink: IG('mia.hartley'),
    });
    const { out, byHandle, emails } = await discover(w, 'social-b', 'mia.hartley');
    expect(byHandle('hartleysisters')?.confidence ?? 0).toBeGreaterThanOrEqual(0.9);
    expect(byHandle('miahartley.dance')?.confidence ?? 0).toBeGreaterThanOrEqual(0.9);
    expect(byHandle('zoe.hartley')?.confidence ?? 1).toBeLessThan(0.5);
    expect(byHandle('zoe.hartley')?.evidence).toContain('other_person');
    expect(out.scan.scanned_profile_urls.some((u) => u.includes('zoe.hartley'))).toBe(false);
    expect(emails).not.toContain('zoe@hartleysisters.com');
  });
});

describe('a verification badge written into a name', () => {
  it('"Luna Vale ✔️" under a handle of its own, linking her back and found by the search (0.65): a look-alike, below 0.5; her own Threads twin stays', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('lunavale', {
      username: 'lunavale',
      fullName: 'Luna Vale',
      bio: 'ceramics & slow mornings',
      externalUrl: 'https://lunavale.studio/',
      bioLinks: [],
    });
    w.page('https://lunavale.studio/', '<html><head><title>Luna Vale Ceramics</title></head><body><h1>Luna Vale</h1></body></html>');
    w.x.set('vale_luna', { screenName: 'vale_luna', name: 'Luna Vale ✔️', description: 'ceramics & slow mornings', url: IG('lunavale') });
    w.tiktok.set('valeluna.studio', {
      handle: 'valeluna.studio',
      nickname: 'Luna Vale (verified)',
      signature: 'ceramics',
      bioLink: IG('lunavale'),
    });
    w.threads.set('lunavale', {
      handle: 'lunavale',
      name: 'Luna Vale',
      bio: 'ceramics & slow mornings',
      links: ['https://lunavale.studio/'],
    });
    w.search.set(websearchQuery('lunavale', 'Luna Vale'), [XU('vale_luna'), TT('valeluna.studio')]);
    const { out, byHandle } = await discover(w, 'social-b', 'lunavale');
    expect(out.profiles.find((p) => p.platform === 'microblog-c')?.confidence ?? 0).toBeGreaterThanOrEqual(0.9);
    for (const h of ['vale_luna', 'valeluna.studio']) {
      expect(byHandle(h)?.confidence ?? 1, h).toBeLessThan(0.5);
      expect(byHandle(h)?.evidence, h).toContain('lookalike_handle');
    }
  });
});
