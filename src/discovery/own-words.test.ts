/**
 * The creator's own site names its accounts in its own words and script ("یوتیوب", "Hírlevél",
 * "Telegram-канал", "Můj kanál"): an outside web (session 27) read them as credits to someone else
 * (`website_credit`, 0.02–0.35). Pages written here for it. Fails without its fix.
 */
import { describe, expect, it } from 'vitest';
import { parseSourceHandle } from './input.js';
import { runDiscovery } from './pipeline.js';
import { DiscoveryWeb, sitePage } from './sample-web.js';
import { webContext } from '../../test/support/discovery-context.js';

describe('the creator’s site naming its own accounts in other words', () => {
  it('a link whose account holds her handle is her own, whatever its text; platform and own-account words in other scripts too; a credit to another handle stays a credit', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('roya.paints', {
      username: 'roya.paints',
      fullName: 'رویا',
      bio: 'نقاش',
      externalUrl: 'https://royapaints.ir/',
      bioLinks: [],
    });
    w.page(
      'https://royapaints.ir/',
      sitePage(
        'رویا',
        '<p>نقاشی و آموزش</p>' +
          '<p><a href="https://www.youtube.com/@royapaints">ویدیوهای آموزشی</a></p>' +
          '<p><a href="https://www.tiktok.com/@roya.paints">Телеграм-канал и клипы</a></p>' +
          '<p><a href="https://x.com/royapaints">Hírlevél</a></p>' +
          // Another handle: the words alone say it is the site's own.
          '<p><a href="https://x.com/studio_rz">Telegram-канал</a> · <a href="https://www.instagram.com/studio.rz/">اینستاگرام شخصی من</a></p>' +
          '<p>قاب‌ها از <a href="https://www.instagram.com/kaveh.frames/">کاوه</a></p>',
      ),
    );
    w.youtube.set('royapaints', {
      handle: 'royapaints',
      channelId: 'UCroya000000000000000000',
      title: 'Roya',
      description: '',
      links: [{ title: 'site', url: 'https://royapaints.ir/' }],
    });
    w.tiktok.set('roya.paints', { handle: 'roya.paints', nickname: 'Roya', signature: '', bioLink: 'https://royapaints.ir/' });
    w.x.set('royapaints', { screenName: 'royapaints', name: 'Roya', description: '', url: 'https://royapaints.ir/' });
    w.x.set('studio_rz', { screenName: 'studio_rz', name: 'Studio', description: '', url: 'https://royapaints.ir/' });
    w.ig.set('studio.rz', { username: 'studio.rz', fullName: 'Studio', bio: '', externalUrl: 'https://royapaints.ir/', bioLinks: [] });
    w.ig.set('kaveh.frames', {
      username: 'kaveh.frames',
      fullName: 'Kaveh',
      bio: 'قاب',
      externalUrl: 'https://royapaints.ir/',
      bioLinks: [],
    });
    const r = parseSourceHandle('social-b', 'roya.paints');
    if (!r.ok) throw new Error(r.message);
    const out = await runDiscovery(webContext(w).ctx, 'social-b', r.ref, { emails: false, internal: null });
    const by = (h: string) => out.profiles.find((p) => p.handle.toLowerCase() === h);
    for (const h of ['royapaints', 'roya.paints', 'studio_rz', 'studio.rz']) expect(by(h)?.confidence, h).toBeGreaterThanOrEqual(0.9);
    expect(out.profiles.filter((p) => p.handle.toLowerCase() === 'royapaints').every((p) => p.evidence.includes('website_link'))).toBe(
      true,
    );
    expect(by('kaveh.frames')?.evidence).toContain('website_credit');
    expect(by('kaveh.frames')!.confidence).toBeLessThan(0.5);
  });
});
