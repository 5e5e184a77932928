/**
 * linkpage-e (Lnk.Bio) parser tests. No real capture exists (../shared/fixtures has no
 * linkpage-e), so every page here is written by us in the publicly known markup (src/platforms/linkpage-e/samples.ts);
 * the peer example is compared by keys and value types at the end.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors.js';
import { FIXTURES_DIR, hasPeerExample } from '../../../test/support/fixtures.js';
import { captureWarnings } from '../../parse/index.js';
import { platformUrlsOf } from '../../links/graphql.js';
import { FIXED_KEYS, linkTarget, parseLnkBioPage, type LinkpageEPage } from './parse.js';
import { LISTED_PLATFORMS } from './schema.js';
import { lnkBioHandle } from './platform.js';
import { CHALLENGE_HTML, LOCALIZED_NOT_FOUND_HTML, NOT_FOUND_HTML, buttonsOnlyPage, creatorPage, goUrl, lnkBioHtml } from './samples.js';

function caught(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected an ApiError');
}

const asRecord = (p: LinkpageEPage) => p as unknown as Record<string, unknown>;

describe('parseLnkBioPage: a creator page with icons and buttons (hand-written)', () => {
  const page = () => asRecord(parseLnkBioPage(lnkBioHtml(creatorPage()), 'rosaliavega'));

  it('returns every api.md field in order: handle, id, platform fields, email, whatsapp, website, links', () => {
    expect(Object.keys(page())).toEqual([
      'handle',
      'id',
      ...LISTED_PLATFORMS,
      'pinboard',
      'etsy',
      'audio-a',
      'email',
      'whatsapp',
      'website',
      'links',
    ]);
    expect(page()).toMatchObject({ handle: 'rosaliavega', id: '-1187734' });
  });

  it('platform fields from the icons first, then the buttons; first link per platform wins', () => {
    expect(platformUrlsOf(page(), FIXED_KEYS)).toEqual([
      { platform: 'social-b', url: 'https://instagram.com/rosalia.vega.ceramica' },
      { platform: 'shortvideo', url: 'https://www.tiktok.com/@rosaliavega' },
      { platform: 'video', url: 'https://www.youtube.com/@RosaliaVegaCeramica' },
      { platform: 'microblog-b', url: 'https://x.com/rosaliavega' },
      { platform: 'pinboard', url: 'https://www.pinterest.com/rosaliavegaceramica' },
      { platform: 'etsy', url: 'https://www.etsy.com/shop/RosaliaVegaCeramica' },
      { platform: 'audio-a', url: 'https://open.spotify.com/playlist/37i9dQZF1DXa1b2c3d4e5f' },
    ]);
  });

  it('email from the e-mail icon, whatsapp from the WhatsApp icon, website from the website icon', () => {
    expect(page()).toMatchObject({
      email: 'Talleres@rosaliavega.mx',
      whatsapp: 'https://wa.me/5215512345678',
      website: 'https://rosaliavega.mx',
    });
  });

  it('links: the buttons only, in page order, redirects unwrapped, text whitespace collapsed; icons and chrome left out', () => {
    expect(page().links).toEqual([
      { url: 'https://www.instagram.com/rosaliavega.taller', text: '@rosaliavega.taller' },
      { url: 'https://rosaliavega.mx/talleres?utm_source=lnkbio', text: 'Talleres de torno — inscripciones' },
      { url: 'https://www.etsy.com/shop/RosaliaVegaCeramica', text: 'Tienda en Etsy' },
      { url: 'https://bit.ly/3xYzAbC', text: 'Entrevista en Revista Barro' },
      { url: 'https://www.youtube.com/playlist?list=PLa1b2C3d4E5f6G7h8', text: 'Tutoriales' },
      { url: 'https://open.spotify.com/playlist/37i9dQZF1DXa1b2c3d4e5f', text: 'Música para tornear' },
    ]);
  });
});

describe('parseLnkBioPage: fields and fallbacks', () => {
  it('a page of buttons only: listed platform fields from the buttons, the rest null', () => {
    const r = asRecord(parseLnkBioPage(lnkBioHtml(buttonsOnlyPage()), 'msdemo'));
    expect(r).toEqual({
      handle: 'msdemo',
      id: '-1154990',
      'social-b': 'https://www.instagram.com/msdemo',
      shortvideo: null,
      video: null,
      'microblog-b': null,
      email: null,
      whatsapp: null,
      website: null,
      links: [
        { url: 'https://www.instagram.com/msdemo', text: '@msdemo' },
        { url: 'https://example.org/article', text: 'An article' },
      ],
    });
  });

  it('a page with no links at all still has its handle and id', () => {
    const r = parseLnkBioPage(lnkBioHtml({ handle: 'Quiet.One', uid: '-42' }), 'quiet.one');
    expect(r).toMatchObject({ handle: 'Quiet.One', id: '-42', email: null, whatsapp: null, website: null, links: [] });
  });

  it("a profile @name linking to another network is that network's name, not the page's handle (public evidence: a creator's @name → Instagram)", () => {
    const html = lnkBioHtml({ handle: 'mirasol', uid: '-1344625' })
      .replace(
        'href="https://lnk.bio/mirasol" data-type="TYPE_PROFILEPIC"',
        'href="https://instagram.com/mira.sol" data-type="TYPE_PROFILEPIC"',
      )
      .replace('>@mirasol</a>', '>@mira.sol</a>');
    expect(html).toContain('href="https://instagram.com/mira.sol" data-type="TYPE_PROFILEPIC"');
    const { result, warnings } = captureWarnings(() => parseLnkBioPage(html, 'mirasol'));
    expect(result).toMatchObject({ handle: 'mirasol', id: '-1344625' });
    expect(warnings).toEqual([]);
  });

  it("the id falls back to the redirects' ext, then to the profile picture name", () => {
    const button = `<a class="pb-linkbox" data-type="TYPE_BUTTON" href="${goUrl('https://a.example/x', 5, '-777').replace(/&/g, '&amp;')}">A</a>`;
    expect(parseLnkBioPage(`<html><body>${button}</body></html>`, 'someone')).toMatchObject({
      id: '-777',
      handle: 'someone',
      links: [{ url: 'https://a.example/x', text: 'A' }],
    });
    const pic = '<html><head><meta property="og:image" content="https://cdn.lnk.bio/profilepics/-888_x.jpg"></head><body></body></html>';
    expect(parseLnkBioPage(pic, 'someone').id).toBe('-888');
  });

  it("the id is the page's own LB_UserID input when the profile anchor carries none (public evidence: Lnk.Bio's page script sends $('#LB_UserID').val() as user_id; our page, our values)", () => {
    // A page whose picture anchor has no data-uid, whose buttons link their targets directly and
    // whose picture is not a profilepics/<uid> one: the hidden input is what names the page.
    const html = `<!DOCTYPE html><html><head><meta property="og:image" content="https://cdn.lnk.bio/assets/default-avatar.png"></head><body>
<input type="hidden" id="LB_UserID" value="-2204517"><input type="hidden" id="LB_UserTimezone" value="Europe/Lisbon">
<a class="pb-username" href="https://lnk.bio/tiagoazulejo">@tiagoazulejo</a>
<div class="pb-linkbox-container"><a class="pb-linkbox" data-type="TYPE_BUTTON" href="https://tiagoazulejo.pt/oficina">Oficina</a></div>
</body></html>`;
    const { result, warnings } = captureWarnings(() => parseLnkBioPage(html, 'tiagoazulejo'));
    expect(result).toMatchObject({
      id: '-2204517',
      handle: 'tiagoazulejo',
      links: [{ url: 'https://tiagoazulejo.pt/oficina', text: 'Oficina' }],
    });
    expect(warnings).toEqual([]);
  });

  it('e-mail from a mailto: button or a bracketed address; the page footer (support@lnk.bio) never counts', () => {
    const viaButton = lnkBioHtml({ handle: 'a', uid: '-1', buttons: [{ url: 'mailto:Press%40Studio.mx?subject=Hola', text: 'Prensa' }] });
    expect(parseLnkBioPage(viaButton, 'a').email).toBe('Press@studio.mx');
    const bracketed = lnkBioHtml({
      handle: 'a',
      uid: '-1',
      icons: [{ network: 'SOCIAL_EMAIL', url: 'hola [at] studio [dot] mx', title: 'Email' }],
    });
    expect(parseLnkBioPage(bracketed, 'a').email).toBe('hola@studio.mx');
    expect(parseLnkBioPage(lnkBioHtml({ handle: 'a', uid: '-1' }), 'a').email).toBeNull();
  });

  it('a WhatsApp button fills whatsapp; a website button does not make a website (only the website icon does)', () => {
    const r = parseLnkBioPage(
      lnkBioHtml({
        handle: 'a',
        uid: '-1',
        buttons: [
          { url: 'https://api.whatsapp.com/send?phone=5215500000000', text: 'WhatsApp', id: 1 },
          { url: 'https://studio.mx', text: 'My website', id: 2 },
        ],
      }),
      'a',
    );
    expect(r).toMatchObject({ whatsapp: 'https://api.whatsapp.com/send?phone=5215500000000', website: null });
  });

  it('button text falls back to the title attribute; empty and "#" targets are skipped', () => {
    const html = `<html><body><a class="pb-username" data-type="TYPE_PROFILEPIC" data-uid="-5" href="https://lnk.bio/x">@x</a>
<a class="pb-linkbox" data-type="TYPE_BUTTON" href="https://a.example/" title="Titled"><img src="i.png"></a>
<a class="pb-linkbox" data-type="TYPE_BUTTON" href="#">Nothing</a><a class="pb-linkbox" data-type="TYPE_BUTTON">No href</a></body></html>`;
    expect(parseLnkBioPage(html, 'x').links).toEqual([{ url: 'https://a.example/', text: 'Titled' }]);
  });
});

describe('linkTarget', () => {
  it.each([
    [goUrl('https://www.GoodmanTheatre.org/Ashland', 1, '-2'), 'https://www.GoodmanTheatre.org/Ashland'],
    ['/go?d=https%3A%2F%2Fx.com%2Fa&id=1&ext=-2', 'https://x.com/a'],
    ['https://www.lnk.bio/go?d=mailto%3Aa%40b.mx', 'mailto:a@b.mx'],
    ['https://lnk.bio/go?id=1', 'https://lnk.bio/go?id=1'],
    ['https://other.example/go?d=https%3A%2F%2Fx.com', 'https://other.example/go?d=https%3A%2F%2Fx.com'],
    [' https://plain.example/ ', 'https://plain.example/'],
  ])('%s → %s', (href, target) => expect(linkTarget(href)).toBe(target));
});

describe('parseLnkBioPage: error pages', () => {
  it('Cloudflare challenge → UPSTREAM_BLOCKED, never parsed', () => {
    expect(caught(() => parseLnkBioPage(CHALLENGE_HTML, 'x')).code).toBe('UPSTREAM_BLOCKED');
  });

  it('the not-found page → NOT_FOUND', () => {
    const e = caught(() => parseLnkBioPage(NOT_FOUND_HTML, 'ghost'));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toContain('lnk.bio/ghost');
  });

  it('the not-found page in another language (our own, Portuguese) → NOT_FOUND by its markup', () => {
    expect(LOCALIZED_NOT_FOUND_HTML).not.toMatch(/not found|doesn|does not exist/i);
    expect(caught(() => parseLnkBioPage(LOCALIZED_NOT_FOUND_HTML, 'ghost')).code).toBe('NOT_FOUND');
  });

  it('a creator whose bio says "Page not found" is a creator (decoy)', () => {
    const r = parseLnkBioPage(
      lnkBioHtml({ ...creatorPage(), bio: "404 Page not found · this Lnk.Bio doesn't exist (yet) — new EP" }),
      'rosaliavega',
    );
    expect(r).toMatchObject({ handle: 'rosaliavega', id: '-1187734' });
  });

  it('a page with neither the profile nor a 404 mark is a changed shape, whatever its English title says', () => {
    const html =
      "<html><head><title>Page not found - Lnk.Bio</title></head><body><h1>Oops! This Lnk.Bio doesn't exist (yet)</h1></body></html>";
    const e = caught(() => parseLnkBioPage(html, 'ghost'));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toContain('page id');
  });

  it('a page without the profile anchor or any id → UPSTREAM_FAILED naming the page id', () => {
    const e = caught(() =>
      parseLnkBioPage(
        '<html><head><title>@rosaliavega | Lnk.Bio</title></head><body><a href="https://x.com/a">a</a></body></html>',
        'rosaliavega',
      ),
    );
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toContain('page id');
  });
});

describe('lnkBioHandle', () => {
  it.each([
    ['https://lnk.bio/rosaliavega', 'rosaliavega'],
    ['http://www.lnk.bio/A.T.O.M/?fbclid=x#y', 'A.T.O.M'],
    ['lnk.bio/rosaliavega', 'rosaliavega'],
    ['rosaliavega', 'rosaliavega'],
    ['@RosaliaVega', 'RosaliaVega'],
  ])('%s → %s', (input, handle) => expect(lnkBioHandle(input)).toBe(handle));

  it.each([
    'https://example.com/rosaliavega',
    'https://lnk.bio.evil.com/x',
    'https://lnk.bio/',
    'https://lnk.bio/a/b',
    'https://lnk.bio/go?d=https%3A%2F%2Fx.com',
    'https://lnk.bio/login',
    'go',
    'example.com',
    'rosalia vega',
    'https://linktr.ee/rosaliavega',
  ])('%s → null', (input) => expect(lnkBioHandle(input)).toBeNull());
});

// ---------------------------------------------------------------------------------------------
// Peer example: keys and value types (../shared/reference/peer-examples/linkpage-e.json)
// ---------------------------------------------------------------------------------------------

const PEER_FILE = join(FIXTURES_DIR, '..', 'reference', 'peer-examples', 'linkpage-e.json');
const ENVELOPE = new Set(['success', 'credits_remaining', 'credits_charged', 'cached', 'cached_at']);
/** The peer names platform fields after the real platforms; api.md uses the neutral labels. */
const PEER_FIELD_LABEL: Record<string, string> = { instagram: 'social-b', tiktok: 'shortvideo', youtube: 'video', twitter: 'microblog-b' };

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

describe.skipIf(!hasPeerExample(PEER_FILE))(
  `peer example (skipped when ${PEER_FILE} is absent: fresh clone without the shared reference)`,
  () => {
    /** A page of the peer's buttons (through the redirect, as Lnk.Bio serves them), parsed by us. */
    function fromPeer(): { sample: Record<string, any>; record: Record<string, unknown> } {
      const sample = JSON.parse(readFileSync(PEER_FILE, 'utf8')).sampleResponse as Record<string, any>;
      const buttons = sample.links.map((l: { url: string; text: string }, i: number) => ({ url: l.url, text: l.text, id: 8_000_000 + i }));
      return { sample, record: asRecord(parseLnkBioPage(lnkBioHtml({ handle: sample.handle, uid: sample.id, buttons }), sample.handle)) };
    }

    it('the same keys (platform fields renamed to labels) with the same value types', () => {
      const { sample, record } = fromPeer();
      const expected = Object.keys(sample)
        .filter((k) => !ENVELOPE.has(k))
        .map((k) => PEER_FIELD_LABEL[k] ?? k);
      // api.md lists the platform fields before email, whatsapp, website; the peer interleaves them.
      expect(Object.keys(record).sort()).toEqual([...expected].sort());
      for (const k of ['handle', 'id', 'email', 'whatsapp', 'website', 'links'])
        expect([k, typeOf(record[k])]).toEqual([k, typeOf(sample[k])]);
      for (const [peer, label] of Object.entries(PEER_FIELD_LABEL))
        expect([peer, typeOf(record[label]) === 'string' || record[label] === null]).toEqual([peer, true]);
      for (const l of record.links as object[]) expect(Object.keys(l)).toEqual(Object.keys(sample.links[0]));
    });

    it('the same handle, id and links (the targets trimmed); instagram filled from the @handle button where the peer leaves it null', () => {
      const { sample, record } = fromPeer();
      expect(record.handle).toBe(sample.handle);
      expect(record.id).toBe(sample.id);
      expect(record.links).toEqual(sample.links.map((l: { url: string; text: string }) => ({ url: l.url.trim(), text: l.text })));
      // Our decision (issue: classify every link on the page): the peer fills platform fields from
      // icons only; the sample page has none, so its instagram is null while ours is the button.
      expect(sample.instagram).toBeNull();
      expect(record['social-b']).toBe('https://www.instagram.com/msjennafischer');
      expect(record.video).toBe('https://www.youtube.com/playlist?list=PLD7nPL1U-R5rmvJo2L49IK-vKu2qB-fvx');
      expect([record.email, record.whatsapp, record.website, record.shortvideo, record['microblog-b']]).toEqual([
        null,
        null,
        null,
        null,
        null,
      ]);
    });
  },
);

/** Our own pages (src/platforms/linkpage-e/samples.ts: no Lnk.Bio capture exists). */
describe('parse warnings (linkpage-e)', () => {
  it('a complete page reads without a warning', () => {
    expect(captureWarnings(() => parseLnkBioPage(lnkBioHtml(creatorPage()), 'rosaliavega')).warnings).toEqual([]);
  });

  it("a page that renders only its first links (HAS_PAGES set, or a lazy group's sentinel: public evidence, Lnk.Bio's page script loads the rest as the reader scrolls) keeps those links, warned page.links (our page)", () => {
    const base = lnkBioHtml(creatorPage());
    const flagged = base.replace('</body>', '<script>var NONCE = "a1b2c3"; NONCE_TIME = 1764600000; HAS_PAGES = true;</script></body>');
    const lazy = base.replace(
      '<div class="pb-footer">',
      '<div class="lnks-lazy-sentinel" data-start="12" data-limit="12" data-uniqueid="g7Xk2"></div><div class="pb-footer">',
    );
    for (const html of [flagged, lazy]) {
      const { result, warnings } = captureWarnings(() => parseLnkBioPage(html, 'rosaliavega'));
      expect(result.links).toHaveLength(6);
      expect(warnings.map((w) => [w.platform, w.field])).toEqual([['linkpage-e', 'page.links']]);
    }
    // The flag cleared, or only tested by the script, is no such page.
    const cleared = base.replace('</body>', '<script>HAS_PAGES = false; if (HAS_PAGES == true) {}</script></body>');
    expect(captureWarnings(() => parseLnkBioPage(cleared, 'rosaliavega')).warnings).toEqual([]);
  });

  it('a profile anchor that no longer spells the handle: the asked handle plus page.handle', () => {
    const html = lnkBioHtml(creatorPage())
      .replace(/<a class="pb-username" href="[^"]*"/, '<a class="pb-username"')
      .replace(/alt="@rosaliavega">@rosaliavega<\/a>/, 'alt="">Profile picture</a>');
    const { result, warnings } = captureWarnings(() => parseLnkBioPage(html, 'rosaliavega'));
    expect(result.handle).toBe('rosaliavega');
    expect(warnings.map((w) => [w.platform, w.field])).toEqual([['linkpage-e', 'page.handle']]);
  });

  it('an anchor that spells no handle, on a page whose canonical link names another: that handle (fetch.ts refuses it), never the asked one (our page: canonical and og:url are ordinary head tags)', () => {
    const html = lnkBioHtml(creatorPage())
      .replace(/<a class="pb-username" href="[^"]*"/, '<a class="pb-username"')
      .replace(/alt="@rosaliavega">@rosaliavega<\/a>/, 'alt="">Profile picture</a>')
      .replace('</head>', '<link rel="canonical" href="https://lnk.bio/otra.cuenta"></head>');
    const { result, warnings } = captureWarnings(() => parseLnkBioPage(html, 'rosaliavega'));
    expect(result.handle).toBe('otra.cuenta');
    expect(warnings.map((w) => w.field)).toEqual(['page.handle']);
  });

  it("an anchor naming another network's account: the page's og:url names the page (a canonical that is no page is passed over)", () => {
    const html = lnkBioHtml({ handle: 'mirasol', uid: '-1344625' })
      .replace(
        'href="https://lnk.bio/mirasol" data-type="TYPE_PROFILEPIC"',
        'href="https://instagram.com/mira.sol" data-type="TYPE_PROFILEPIC"',
      )
      .replace(
        '</head>',
        '<link rel="canonical" href="https://lnk.bio/"><meta property="og:url" content="https://lnk.bio/Someone.Else"></head>',
      );
    expect(parseLnkBioPage(html, 'mirasol').handle).toBe('Someone.Else');
  });
});

describe('parseLnkBioPage — pages of thousands of entries (an outside sweep: 8 MB of links, 4 s and 630 MB)', () => {
  it('more than 1,000 links: UPSTREAM_FAILED', () => {
    const page = creatorPage();
    page.buttons = Array.from({ length: 3000 }, (_, i) => ({ url: `https://example.com/${i}`, text: `b${i}`, id: i }));
    let error: unknown;
    try {
      parseLnkBioPage(lnkBioHtml(page), 'rosaliavega');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: 'linkpage-e: the profile page holds 3008 links; a link page of more than 1000 is refused',
    });
  });

  it('20,000 stray entries in the icon row: one warning, not 20,000', () => {
    const html = lnkBioHtml(creatorPage()).replace('<div class="lb-icons">', `<div class="lb-icons">${'<i></i>'.repeat(20_000)}`);
    const { result, warnings } = captureWarnings(() => parseLnkBioPage(html, 'rosaliavega'));
    expect(result.handle).toBe('rosaliavega');
    expect(warnings.map((w) => [w.field, w.detail])).toEqual([['page.icon', '20000 entries of the icon row that are not an icon link']]);
  });
});
