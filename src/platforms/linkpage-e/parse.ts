/**
 * linkpage-e = Lnk.Bio. Pure parsing of a public page (`https://lnk.bio/<handle>`) into api.md's
 * "linkpage-e page" record; no I/O.
 *
 * The page is server-rendered HTML with no embedded JSON (platforms.md), so the markup is read.
 * No capture exists; what is publicly known of Lnk.Bio pages (and what the test pages follow):
 * - the profile picture / handle anchor `<a class="pb-username" data-type="TYPE_PROFILEPIC"
 *   data-uid="-1344625" data-id="-1344625">@handle</a>`: `data-uid` is the page's id, a negative
 *   number (the peer's sample id is "-1154992"); the same number names the profile picture
 *   (`cdn.lnk.bio/profilepics/-1344625_x.jpg`) and is the `ext` parameter of every tracked link;
 * - link buttons `<a class="pb-linkbox" data-type="TYPE_BUTTON" data-id="…" data-uid="…">text</a>`
 *   whose href is the target or Lnk.Bio's click-counting redirect
 *   `https://lnk.bio/go?d=<target>&hash=…&id=<link id>&ext=<page id>&timezone=…&type=1`;
 * - social icons `<a class="lb-icon-pub" data-network="SOCIAL_IG" data-url="<target>">` holding
 *   only an `<i title="Instagram">` icon.
 *
 * Steps: challenge page? → page id (required; without one, a not-found page or a changed shape)
 * → handle → icons and link buttons → one URL field per linked platform (shared classifier, icons
 * before buttons) → e-mail (shared extractor), WhatsApp, website.
 */
import type * as cheerio from 'cheerio';
import { notFound, shapeChanged, upstreamBlocked, upstreamFailed } from '../../errors.js';
import { isVendorChallenge } from '../../upstream/blocks/catalogue.js';
import { collapse, htmlReader, loadHtml, safeDecode } from '../../parse/index.js';
import { platformUrlFields } from '../../links/classify.js';
import { extractEmails } from '../../links/emails.js';
import { statedPageHandle } from '../../links/page-handle.js';
import { declaresNotFound } from '../error-page.js';
import type { LinkpageELink, LinkpageEPage } from './schema.js';
import { LISTED_PLATFORMS } from './schema.js';
export type { LinkpageELink, LinkpageEPage } from './schema.js';

const PLATFORM = 'linkpage-e';

/** Keys of the record that are not platform URL fields. */
export const FIXED_KEYS: ReadonlySet<string> = new Set(['handle', 'id', 'email', 'whatsapp', 'website', 'links']);

const PAGE_ID_RE = /^-?\d{1,20}$/;
const LNKBIO_HOSTS = new Set(['lnk.bio', 'www.lnk.bio']);
/** Icons whose network is the creator's own site (`SOCIAL_WEB`, `CONTACT_WEBSITE`…). */
const WEBSITE_NETWORK_RE = /(?:^|_)(?:WEB|WEBSITE|SITE|HOMEPAGE)$/i;
const EMAIL_NETWORK_RE = /(?:^|_)(?:EMAIL|MAIL)$/i;

type Cheerio = ReturnType<cheerio.CheerioAPI>;

/**
 * A link's target: Lnk.Bio's click-counting redirect (`lnk.bio/go?d=<target>&…`, absolute or
 * relative) is unwrapped; anything else is returned as written.
 */
export function linkTarget(href: string): string {
  const s = href.trim();
  if (!/^(?:https?:\/\/(?:www\.)?lnk\.bio)?\/go\?/i.test(s)) return s;
  try {
    const u = new URL(s, 'https://lnk.bio/');
    const d = u.searchParams.get('d');
    return LNKBIO_HOSTS.has(u.hostname.toLowerCase()) && d ? d.trim() : s;
  } catch {
    return s;
  }
}

/**
 * The page id: the profile anchor's `data-uid`, else the page's own `<input id="LB_UserID">` (the
 * value Lnk.Bio's page script sends as `user_id` with its requests), else any `data-uid`, the
 * redirects' `ext`, the picture's name.
 */
function pageId($: cheerio.CheerioAPI, profile: Cheerio): string | null {
  const candidates = [
    profile.attr('data-uid'),
    profile.attr('data-id'),
    $('#LB_UserID').attr('value'),
    ...$('[data-uid]')
      .toArray()
      .map((el) => $(el).attr('data-uid')),
    ...$('a[href*="/go?"]')
      .toArray()
      .map((el) => {
        try {
          return new URL($(el).attr('href') ?? '', 'https://lnk.bio/').searchParams.get('ext') ?? undefined;
        } catch {
          return undefined;
        }
      }),
    /\/profilepics\/(-?\d+)_/.exec($('meta[property="og:image"]').attr('content') ?? '')?.[1],
  ];
  return candidates.map((c) => c?.trim()).find((c): c is string => !!c && PAGE_ID_RE.test(c)) ?? null;
}

/** The handle as the page spells it: the profile anchor's `lnk.bio/<handle>` href, else its `@handle` text. */
function pageHandle(profile: Cheerio): string | 'elsewhere' | null {
  const href = profile.attr('href');
  if (href) {
    try {
      const u = new URL(href, 'https://lnk.bio/');
      const segs = u.pathname.split('/').filter(Boolean);
      if (LNKBIO_HOSTS.has(u.hostname.toLowerCase())) {
        if (segs.length === 1) return safeDecode(segs[0]).replace(/^@/, '');
      } else if (/^https?:$/.test(u.protocol)) {
        // The @name links to another network (a creator's "@name → Instagram"): that is the
        // name there, not this page's handle.
        return 'elsewhere';
      }
    } catch {
      /* fall through to the text */
    }
  }
  const text = collapse(profile.text()).replace(/^@/, '');
  return /^[A-Za-z0-9._-]{1,64}$/.test(text) ? text : null;
}

/** `HAS_PAGES = true` (or `!0`, `1`) in an inline script: the page's script has more links to load. */
const HAS_PAGES_RE = /\bHAS_PAGES\s*=\s*(?:true|!0|1)\b/;

/**
 * Whether the page says it holds more links than it rendered: a lazy group's sentinel, or the
 * `HAS_PAGES` flag Lnk.Bio's page script reads before it asks for the next links.
 */
function holdsMoreLinks($: cheerio.CheerioAPI): boolean {
  if ($('.lnks-lazy-sentinel').length > 0) return true;
  return $('script:not([src])')
    .toArray()
    .some((el) => HAS_PAGES_RE.test($(el).text()));
}

interface Icon {
  network: string;
  url: string;
}

/**
 * Links (icons and buttons) a page may hold: creators' pages hold tens. A page of thousands is no
 * link page (an outside sweep's 8 MB of links took 4 s and 630 MB): refused, not cut short.
 */
export const MAX_LINKS = 1000;

/** A whole lnk.bio page (HTML) → the record. */
export function parseLnkBioPage(html: string, handle: string): LinkpageEPage {
  if (isVendorChallenge(html)) throw upstreamBlocked(`${PLATFORM}: upstream answered with a bot-challenge page`);
  const $ = loadHtml(html, `${PLATFORM}: the profile page`);
  const profile = $('[data-type="TYPE_PROFILEPIC"], a.pb-username').first();
  const id = pageId($, profile);
  if (!id) {
    // A 404 page by its markup (the status number as its title or heading), never by its
    // sentences, which are translated (error-page.ts).
    if (declaresNotFound(html)) throw notFound(`Link page lnk.bio/${handle || '?'} was not found`);
    throw shapeChanged(PLATFORM, 'page id (data-uid of the data-type="TYPE_PROFILEPIC" anchor)');
  }

  const h = htmlReader($, { platform: PLATFORM, record: 'page' });
  // An entry of the icon row or of a button box that is no longer an icon or a button (renamed
  // markup) is a link the record loses: warned. The page having fewer entries is not.
  // One warning per kind, however many entries (a page of 100,000 was 100,000 warnings).
  const strayIcons = $('.lb-icons').children().not('a[data-network], a.lb-icon-pub').length;
  if (strayIcons)
    h.warn(
      'icon',
      `${strayIcons} entr${strayIcons === 1 ? 'y' : 'ies'} of the icon row that ${strayIcons === 1 ? 'is' : 'are'} not an icon link`,
    );
  const strayLinks = $('.pb-linkbox-container').children().not('a.pb-linkbox, a[data-type^="TYPE_"]').length;
  if (strayLinks)
    h.warn(
      'link',
      `${strayLinks} entr${strayLinks === 1 ? 'y' : 'ies'} of a button box that ${strayLinks === 1 ? 'is' : 'are'} not a button link`,
    );

  const icons: Icon[] = $('a[data-network], a.lb-icon-pub')
    .toArray()
    .map((el) => {
      const a = $(el);
      return { network: a.attr('data-network') ?? a.attr('data-id') ?? '', url: linkTarget(a.attr('data-url') ?? a.attr('href') ?? '') };
    })
    .filter((i) => i.url !== '');

  const linkEls = $('a.pb-linkbox, a[data-type^="TYPE_"]').not('[data-type="TYPE_PROFILEPIC"], [data-network], .lb-icon-pub');
  if (linkEls.length + icons.length > MAX_LINKS)
    throw upstreamFailed(
      `${PLATFORM}: the profile page holds ${linkEls.length + icons.length} links; a link page of more than ${MAX_LINKS} is refused`,
    );
  const links: LinkpageELink[] = linkEls
    .toArray()
    .map((el) => {
      const a = $(el);
      const text = collapse(a.text()) || collapse(a.attr('title') ?? a.attr('aria-label') ?? '');
      return { url: linkTarget(a.attr('data-url') ?? a.attr('href') ?? ''), text };
    })
    .filter((l) => l.url !== '' && l.url !== '#');

  // A page of many links renders its first ones only; Lnk.Bio's page script loads the rest as the
  // reader scrolls (`HAS_PAGES`, and a `.lnks-lazy-sentinel` per group with more): the record
  // holds the links the page shows, warned, never refused.
  if (holdsMoreLinks($)) h.warn('links', 'the page shows its first links only; the rest load as the reader scrolls');

  // Icons first (the accounts a creator declares), then the buttons.
  const platformFields = platformUrlFields([...icons.map((i) => i.url), ...links.map((l) => l.url)]);
  const platforms: Record<string, string | null> = Object.fromEntries(LISTED_PLATFORMS.map((p) => [p, platformFields[p] ?? null]));
  for (const [k, v] of Object.entries(platformFields)) if (!(k in platforms) && !FIXED_KEYS.has(k)) platforms[k] = v;

  const emailSources = [
    ...icons.filter((i) => EMAIL_NETWORK_RE.test(i.network) || /^mailto:/i.test(i.url)).map((i) => i.url),
    ...links.filter((l) => /^mailto:/i.test(l.url)).map((l) => l.url),
  ];
  const website = icons.find((i) => WEBSITE_NETWORK_RE.test(i.network) && /^https?:\/\//i.test(i.url))?.url ?? null;

  // Every page's profile anchor spells its handle (warned when it does not). Without it, the
  // handle the page's canonical URL or og:url names; only a page stating none keeps the asked one.
  const spelled = pageHandle(profile);
  if (!spelled) h.warn('handle', 'no lnk.bio/<handle> href or @handle text on the profile anchor');
  return {
    handle:
      (spelled !== 'elsewhere' ? spelled : null) ??
      statedPageHandle($, { label: PLATFORM, hosts: [...LNKBIO_HOSTS], origin: 'https://lnk.bio' }) ??
      handle,
    id,
    ...platforms,
    email: extractEmails({ text: emailSources.join('\n') })[0] ?? null,
    whatsapp: platformFields.whatsapp ?? null,
    website,
    links,
  };
}
