/**
 * Links only a site's script data holds (script-links.ts). An outside web (session 38's held-out
 * web, gone since) lost 5 profiles linked only this way: Next.js, Squarespace, Framer, Notion and
 * Wix pages render their social links from JSON. The pages here are our own, written for these
 * tests in the shapes those builders ship (no capture of that web exists); each lookup test fails
 * without the fix.
 */
import { describe, expect, it } from 'vitest';
import { DiscoveryWeb, sitePage } from './sample-web.js';
import { SCRIPT_LINKS_MAX, scriptLinks } from './script-links.js';
import { discover } from '../../test/support/discovery-context.js';

const PAGE = 'https://lenaweaves.com/';
const json = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

const nextData = (socials: unknown) =>
  `<html><head><title>Lena Weaves</title></head><body><div id="__next"></div>` +
  `<script id="__NEXT_DATA__" type="application/json">${json({ props: { pageProps: { site: { name: 'Lena Weaves', socials } } }, page: '/', buildId: 'b1' })}</script></body></html>`;

const rscPage = (elements: unknown[]) => {
  const rows = elements.map((e, i) => `${(i + 1).toString(16)}:${JSON.stringify(e)}`).join('\n') + '\n';
  // The payload arrives in chunks: a row may be split between two pushes.
  const cut = Math.floor(rows.length / 2);
  const push = (s: string) => `<script>self.__next_f.push(${JSON.stringify([1, s])})</script>`;
  return `<html><body><main>Lena</main><script>(self.__next_f=self.__next_f||[]).push([0])</script>${push(rows.slice(0, cut))}${push(rows.slice(cut))}</body></html>`;
};

describe('scriptLinks: a page’s links in its script data, with their texts', () => {
  it('Next.js data, an RSC payload, Squarespace, Wix, Framer and Notion shapes', () => {
    expect(
      scriptLinks(
        nextData([
          { platform: 'instagram', url: 'https://www.instagram.com/lenaweaves/' },
          { platform: 'tiktok', url: 'https://www.tiktok.com/@lenaweaves' },
        ]),
        PAGE,
      ),
    ).toEqual([
      { url: 'https://www.instagram.com/lenaweaves/', text: 'instagram' },
      { url: 'https://www.tiktok.com/@lenaweaves', text: 'tiktok' },
    ]);
    expect(
      scriptLinks(
        rscPage([
          [
            '$',
            'a',
            null,
            { href: 'https://www.youtube.com/@LenaWeaves', className: 'social', children: ['$', 'span', null, { children: 'YouTube' }] },
          ],
          ['$', 'a', null, { href: 'https://lenaweaves.com/about', children: 'About' }],
          [
            '$',
            'p',
            null,
            {
              children: [
                'Photos by ',
                ['$', 'a', null, { href: 'https://www.instagram.com/maria.ionescu.photo/', children: 'Maria Ionescu' }],
              ],
            },
          ],
        ]),
        PAGE,
      ),
    ).toEqual([
      { url: 'https://www.youtube.com/@LenaWeaves', text: 'YouTube' },
      { url: 'https://www.instagram.com/maria.ionescu.photo/', text: 'Maria Ionescu' },
    ]);
    const squarespace = `<html><body><script>Static.SQUARESPACE_CONTEXT = ${json({
      website: { socialAccounts: [{ serviceId: 64, serviceName: 'instagram-unauth', profileUrl: 'https://instagram.com/lenaweaves' }] },
    })};</script><div class="sqs-block socialaccountlinks-v2-block" data-block-json='${json({ socialAccounts: [{ serviceName: 'pinterest', profileUrl: 'https://www.pinterest.com/lenaweaves/' }] }).replace(/'/g, '&#39;')}'></div></body></html>`;
    expect(scriptLinks(squarespace, PAGE)).toEqual([
      { url: 'https://instagram.com/lenaweaves', text: 'instagram-unauth' },
      { url: 'https://www.pinterest.com/lenaweaves/', text: 'pinterest' },
    ]);
    const wix = `<html><body><script type="application/json" id="wix-warmup-data">${json({
      appsWarmupData: {
        socialBar: { items: [{ title: 'Facebook', link: { type: 'ExternalLink', url: 'https://www.facebook.com/lenaweavesstudio' } }] },
      },
    })}</script></body></html>`;
    expect(scriptLinks(wix, PAGE)).toEqual([{ url: 'https://www.facebook.com/lenaweavesstudio', text: 'Facebook' }]);
    const framer = `<html><body><script type="framer/handover" id="__framer__handoverData">${json([{ links: 1 }, { tiktok: 'https://www.tiktok.com/@lenaweaves' }])}</script></body></html>`;
    expect(scriptLinks(framer, PAGE)).toEqual([{ url: 'https://www.tiktok.com/@lenaweaves', text: 'tiktok' }]);
    const notion = `<html><body><script id="__NEXT_DATA__" type="application/json">${json({
      recordMap: {
        block: {
          b1: {
            value: {
              type: 'text',
              properties: {
                title: [
                  ['Find me on '],
                  ['Instagram', [['a', 'https://www.instagram.com/lenaweaves/']]],
                  [' · photos by '],
                  ['Maria', [['a', 'https://www.instagram.com/maria.ionescu.photo/']]],
                ],
              },
            },
          },
        },
      },
    })}</script></body></html>`;
    expect(scriptLinks(notion, PAGE)).toEqual([
      { url: 'https://www.instagram.com/lenaweaves/', text: 'Instagram' },
      { url: 'https://www.instagram.com/maria.ionescu.photo/', text: 'Maria' },
    ]);
  });

  it('not links: assets, APIs, the page’s own host, anchors already shown; malformed data is none', () => {
    const page = nextData([
      { url: 'https://cdn.example.com/img/logo.png' },
      { url: 'https://api.lenaweaves.com/v1/items' },
      { url: 'https://lenaweaves.com/contact' },
      { label: 'Instagram', url: 'https://www.instagram.com/lenaweaves/' },
    ]);
    expect(scriptLinks(page, PAGE, new Set(['https://www.instagram.com/lenaweaves/']))).toEqual([]);
    expect(
      scriptLinks('<script type="application/json">{"a": [1, 2</script><script>self.__next_f.push([1,"1:{bad"])</script>', PAGE),
    ).toEqual([]);
  });

  it('bounded: a blob of 8,000 account links (a 512 KiB page) is read up to SCRIPT_LINKS_MAX, at once', () => {
    const many = Array.from({ length: 8_000 }, (_, i) => ({ title: 'Instagram', url: `https://www.instagram.com/user${i}/` }));
    const started = performance.now();
    const links = scriptLinks(nextData(many), PAGE);
    expect(links).toHaveLength(SCRIPT_LINKS_MAX);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('a creator website whose social links live in its script data', () => {
  const creatorWeb = (home: string) => {
    const w = new DiscoveryWeb();
    w.tiktok.set('lenaweaves', {
      handle: 'lenaweaves',
      nickname: 'Lena Weaves',
      signature: 'handwoven rugs',
      bioLink: 'https://lenaweaves.com/',
    });
    w.page(PAGE, home);
    // Her Instagram under another handle: found only through the site (no probe finds it), linking the site back.
    w.ig.set('lena.loom.studio', {
      username: 'lena.loom.studio',
      fullName: 'Lena Weaves',
      bio: 'rugs & tapestries',
      externalUrl: 'https://lenaweaves.com/',
      bioLinks: [],
    });
    // A photographer the site credits, who links the site back as a matter of course.
    w.ig.set('maria.ionescu.photo', {
      username: 'maria.ionescu.photo',
      fullName: 'Maria Ionescu',
      bio: 'product photography',
      externalUrl: 'https://lenaweaves.com/',
      bioLinks: [],
    });
    return w;
  };

  it('Next.js (__NEXT_DATA__): her Instagram is verified; the credited photographer stays a candidate', async () => {
    const home = nextData([{ platform: 'Instagram', url: 'https://www.instagram.com/lena.loom.studio/' }]).replace(
      '</body>',
      `<script id="credits" type="application/json">${json({ credits: [{ text: 'Photos by Maria Ionescu', href: 'https://www.instagram.com/maria.ionescu.photo/' }] })}</script><p>hello@lenaweaves.com</p></body>`,
    );
    const { byHandle } = await discover(creatorWeb(home), 'shortvideo', 'lenaweaves');
    expect(byHandle('lena.loom.studio')?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(byHandle('maria.ionescu.photo')?.confidence ?? 0).toBeLessThan(0.5);
  });

  it('the App Router (RSC payload) and Squarespace’s context: the same', async () => {
    const rsc = rscPage([
      [
        '$',
        'a',
        null,
        { href: 'https://www.instagram.com/lena.loom.studio/', 'aria-label': 'Instagram', children: ['$', 'svg', null, {}] },
      ],
    ]);
    expect((await discover(creatorWeb(rsc), 'shortvideo', 'lenaweaves')).byHandle('lena.loom.studio')?.confidence).toBeGreaterThanOrEqual(
      0.9,
    );
    const sqs = sitePage('Lena Weaves', '<p>Handwoven rugs</p>').replace(
      '</body>',
      `<script>Static.SQUARESPACE_CONTEXT = ${json({ website: { socialAccounts: [{ serviceName: 'instagram-unauth', profileUrl: 'https://www.instagram.com/lena.loom.studio/' }] } })};</script></body>`,
    );
    expect((await discover(creatorWeb(sqs), 'shortvideo', 'lenaweaves')).byHandle('lena.loom.studio')?.confidence).toBeGreaterThanOrEqual(
      0.9,
    );
  });

  it('a link page of another host rendered from Next.js data (no anchors): its accounts are hers', async () => {
    const w = new DiscoveryWeb();
    w.ig.set('lena.weaves', {
      username: 'lena.weaves',
      fullName: 'Lena Weaves',
      bio: 'rugs',
      externalUrl: 'https://bento.me/lenaweaves',
      bioLinks: [],
    });
    w.page('https://bento.me/lenaweaves', nextData([{ title: 'YouTube', url: 'https://www.youtube.com/@LenaWeavesRugs' }]));
    w.youtube.set('lenaweavesrugs', {
      handle: 'LenaWeavesRugs',
      channelId: 'UClena0000000000000000000',
      title: 'Lena Weaves',
      description: 'weaving',
      links: [],
    });
    const { byHandle } = await discover(w, 'social-b', 'lena.weaves');
    expect(byHandle('lenaweavesrugs')?.confidence).toBeGreaterThanOrEqual(0.9);
  });
});
