/**
 * The bounded crawl of a creator-declared website: the declared page, then the few pages of the
 * same registrable domain most likely to hold a contact, and nothing else.
 *
 * Pages are chosen by what a visitor would click: the words of a link's path segment or of its
 * text, in several languages (contactWords below: contact, kontakt, contacto, contato, contatti,
 * impressum, お問い合わせ, 联系我们…; booking, press, bio, work-with-me…; about, über-uns,
 * à-propos, chi-siamo, sobre-mí, team…). Bounds (README.md "Bounds"):
 *  - the declared page, then at most SITE_LINKED_PAGES (3) pages it links, best first (the site's
 *    home page, when the declared page is a deeper one, counts as an "about" link); slots left
 *    are filled with the other pages its menu (header, navigation, footer) links, in menu order;
 *  - then at most SITE_DEEP_PAGES (2) pages that those pages link with a contact or business
 *    word (score ≥ 2: an about page's link to /contact), each fetched the moment the page that
 *    links it is read — so a site's crawl is at most SITE_MAX_PAGES (6) pages and 3 requests deep;
 *  - PAGE_MAX_BYTES = 512 KiB per page (pages.ts): a larger page is skipped;
 *  - the pipeline crawls at most MAX_SITES sites per lookup.
 * Pages are never guessed: only linked ones are read. A cut by any bound makes the scan
 * `limited`. A page that fails (timeout, block, 5xx, or refused unread: over the HTML budget of
 * parse/load-html.ts) is listed as failed; a linked page that does
 * not exist (404) is only a dead link.
 */
import type { Cheerio, CheerioAPI, contains } from 'cheerio';
import { isApiError } from '../errors.js';
import { loadHtml, parsedHtml, withoutElements } from '../parse/load-html.js';
import type { Html } from '../parse/load-html.js';
import type { LookupFetcher } from './fetcher.js';
import { registrableDomain } from './domains.js';
import type { HtmlPage } from './pages.js';
import { fetchHtmlPage, isOverByteCap } from './pages.js';
import { handleMentions } from './markers.js';
import { relationMentions } from './relations.js';
import { creditedEmails, emailLines, sponsorEmails } from './sponsors.js';
import { listedPeopleEmails } from './people-lists.js';
import { anchorContexts, cardNames, emailsInBlock, emailsInHtml, jsonLdSameAs, pageAnchors, visibleText } from './text.js';
import { scriptLinks } from './script-links.js';
import { unwrapLink } from './wrappers.js';
import type { Anchor } from './text.js';
import type { EmailNode } from '../links/emails.js';

/** cheerio's node type (domhandler's AnyNode), without depending on domhandler directly. */
type AnyNode = Parameters<typeof contains>[0];

/** Pages the declared page links that are read (best first). */
export const SITE_LINKED_PAGES = 3;
/** Pages those link that are read too, when their words name a contact or business page. */
export const SITE_DEEP_PAGES = 2;
export const SITE_MAX_PAGES = 1 + SITE_LINKED_PAGES + SITE_DEEP_PAGES;

export interface SitePage {
  url: string;
  links: string[];
  emails: string[];
  /** Handles its visible text names with `@` (markers.ts handleMentions): the creator naming other accounts. */
  mentions: string[];
  /** The URLs its JSON-LD gives as its subjects' `sameAs` (text.ts jsonLdSameAs), all of them (also those the page shows). */
  sameAs?: string[];
  /** What the page says about each link (text.ts anchorContexts), by the link as in `links`. */
  labels?: Record<string, string>;
  /** Handles it names by `@` beside a relation to someone else (markers.ts relationMentions). */
  others?: string[];
  /** Each link's own anchor text (its text, title and aria-label), by the link as in `links`. */
  anchorTexts?: Record<string, string>;
  /** The heading of the card each link sits in (text.ts cardNames), by the link as in `links`. */
  cards?: Record<string, string>;
  /**
   * Addresses of `emails` a line credits to a name ("Design: Pixelhíd Stúdió — hello@…",
   * "Photography by Noa Levi", sponsors.ts creditedEmails), by the address (lower case): another
   * person's unless the name or the address is the creator's (verification.ts pageEmails).
   */
  credited?: Record<string, string>;
  /** The line (smallest block's text) each address of `emails` sits in, by the address (lower case), where one holds it. */
  emailLines?: Record<string, string>;
  /** Addresses of `emails` only the page's header, footer or navigation shows (the site's chrome), lower case. */
  chrome?: string[];
  /** Links of `links` only the page's header, footer or navigation holds (the site's own accounts on a host's page). */
  chromeLinks?: string[];
}

export interface SiteScan {
  /** The declared URL the crawl started from. */
  startUrl: string;
  domain: string;
  pages: SitePage[];
  /** Pages (of this site) whose fetch failed. */
  failed: string[];
  limited: boolean;
  /** The declared URL redirected to another registrable domain: that URL, for the caller to classify. */
  redirectedTo: string | null;
  /**
   * Set by verification when the site is several people's and only the creator's own page of it is
   * kept (`/talent/ada` on an agency's site): the site's chrome (`chrome`) speaks for the agency.
   */
  agency?: boolean;
  /**
   * Set by verification when the page the source gives as its website presents many people's
   * accounts (verification.ts crowdOf: an agency's talent page): only that page is kept, for the
   * addresses it gives; its account links tie nothing and sharing it shares nothing.
   */
  crowd?: boolean;
}

/**
 * Words that name a page worth reading, as slugs (lower case, diacritics dropped, spaces and
 * punctuation as `-`): compared with whole path segments (an extension such as `.html` ignored)
 * and with a link's whole text, never with parts of them (`/contact-lenses` is a shop page).
 */
const WORDS: [number, string[]][] = [
  // A contact page: the address itself is most likely here.
  [
    3,
    [
      'contact',
      'contacts',
      'contact-us',
      'contact-me',
      'contactus',
      'get-in-touch',
      'say-hello',
      'reach-out',
      'email-me',
      'write-to-me',
      'kontakt',
      'kontakty',
      'kontaktai',
      'contacto',
      'contactos',
      'contactanos',
      'contactenos',
      'contato',
      'contatos',
      'fale-conosco',
      'contatti',
      'contattaci',
      'contattami',
      'nous-contacter',
      'me-contacter',
      'contactez-nous',
      'yhteystiedot',
      'kapcsolat',
      'iletisim',
      'kontak',
      'hubungi',
      'hubungi-kami',
      'hubungi-saya',
      'lien-he',
      'اتصل-بنا',
      'impressum',
      'imprint',
      'mentions-legales',
      'aviso-legal',
      'colofon',
      'enquiries',
      'enquiry',
      'inquiries',
      'inquiry',
      'お問い合わせ',
      '問い合わせ',
      'お問合せ',
      '連絡',
      '連絡先',
      '联系',
      '联系我们',
      '聯絡',
      '聯絡我們',
      '联络',
      '연락처',
      '문의',
      'контакты',
      'связаться',
      'контакти',
      'зв-язок',
      'επικοινωνια',
      'επικοινωνηστε',
      'צור-קשר',
      'יצירת-קשר',
      'تماس',
      'تماس-با-ما',
      'ارتباط-با-ما',
      'যোগাযোগ',
      'ያግኙን',
      'kapcsolatfelvetel',
      'kontaktujte-nas',
      'kontaktai',
      'hubungi-kami',
    ],
  ],
  // A business page: bookings, press, management — and a bio page, where creators put their contact.
  [
    2,
    [
      'booking',
      'bookings',
      'book',
      'book-me',
      'press',
      'presse',
      'prensa',
      'stampa',
      'imprensa',
      'media',
      'media-kit',
      'press-kit',
      'epk',
      'business',
      'business-inquiries',
      'management',
      'mgmt',
      'agency',
      'representation',
      'work-with-me',
      'work-with-us',
      'hire-me',
      'hire',
      'collab',
      'collabs',
      'collaborate',
      'collaboration',
      'collaborations',
      'kooperation',
      'kooperationen',
      'zusammenarbeit',
      'anfragen',
      'colaboraciones',
      'colaboracion',
      'patrocinios',
      'parcerias',
      'parceria',
      'publicidade',
      'partenariats',
      'partenariat',
      'collaborazioni',
      'samenwerking',
      'samenwerkingen',
      'wspolpraca',
      'kerjasama',
      'kerja-sama',
      'partnership',
      'partnerships',
      'partner',
      'sponsorship',
      'sponsorships',
      'advertise',
      'advertising',
      'commissions',
      'wholesale',
      'bio',
      'biography',
      'biografia',
      'biographie',
      'biografie',
      'info',
      'プロフィール',
      '简介',
      '関于',
      '프로필',
    ],
  ],
  // An about page: sometimes the address, often a link to the contact page.
  [
    1,
    [
      'about',
      'about-us',
      'about-me',
      'aboutus',
      'ueber-uns',
      'uber-uns',
      'ueber-mich',
      'uber-mich',
      'a-propos',
      'apropos',
      'qui-sommes-nous',
      'chi-siamo',
      'chi-sono',
      'sobre',
      'sobre-mi',
      'sobre-nosotros',
      'quienes-somos',
      'sobre-nos',
      'quem-somos',
      'over-ons',
      'over-mij',
      'om-oss',
      'om-mig',
      'o-nas',
      'o-mnie',
      'team',
      'our-team',
      'equipe',
      'legal',
      // Greek, Hebrew, Persian, Bengali, Ukrainian, Czech, Hungarian, Romanian, Finnish, Malay
      'σχετικα',
      'σχετικα-με-εμας',
      'σχετικα-με-μενα',
      'ποιοι-ειμαστε',
      'βιογραφικο',
      'אודות',
      'עלינו',
      'עליי',
      'درباره',
      'درباره-ما',
      'درباره-من',
      'সম্পর্কে',
      'আমাদের-সম্পর্কে',
      'আমার-সম্পর্কে',
      'про-мене',
      'про-нас',
      'о-мне',
      'o-mne',
      'rolam',
      'rolunk',
      'despre',
      'despre-mine',
      'despre-noi',
      'tietoa',
      'minusta',
      'meista',
      'tentang',
      'tentang-kami',
      'tentang-saya',
      // A shared site's people page, where a member's own card sits (a studio's teachers, a band's members).
      'teachers',
      'instructors',
      'members',
      'staff',
      'crew',
      'ομαδα',
      'δασκαλοι',
      'εκπαιδευτες',
      'צוות',
      'تیم',
      'টিম',
      'команда',
      'tym',
      'csapat',
      'echipa',
      'tiimi',
      'equipo',
      'equipa',
      'mitglieder',
      '会社概要',
      '关于我们',
      '關於我們',
      '소개',
      'о-нас',
    ],
  ],
];
const SCORE = new Map<string, number>();
for (const [score, words] of WORDS)
  for (const w of words) {
    // As the page's links are read (slug: marks dropped, so "σχετικά" and "যোগাযোগ" compare).
    const k = slug(w);
    SCORE.set(k, Math.max(SCORE.get(k) ?? 0, score));
  }

/** `À propos`, `Über mich`, `📩 Contact`, `contact.html` → `a-propos`, `uber-mich`, `contact`, `contact`. */
function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\.(?:html?|php|aspx?)$/, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** How likely a page of the site is to hold a contact, by its path (0: not worth a page). */
export function contactScore(url: string): number {
  let best = 0;
  for (const raw of new URL(url).pathname.split('/')) {
    let seg = raw;
    try {
      seg = decodeURIComponent(raw);
    } catch {
      /* keep it encoded */
    }
    best = Math.max(best, SCORE.get(slug(seg)) ?? 0);
  }
  return best;
}

/**
 * How likely a link leads to a contact, by its path or by its text (the better of the two). A
 * short text (at most 3 words: a menu item such as `Anfragen & Kontakt`) may also name it by one
 * of its words; a longer one only as a whole (`Read our contact lens guide` is no contact link).
 */
export function linkScore(a: Anchor): number {
  const s = a.text.length <= 40 ? slug(a.text) : '';
  let text = SCORE.get(s) ?? 0;
  const words = s.split('-').filter(Boolean);
  if (words.length <= 3) for (const w of words) text = Math.max(text, SCORE.get(w) ?? 0);
  return Math.max(contactScore(a.url), text);
}

const pageKey = (url: string) => {
  const u = new URL(url);
  return `${u.hostname.replace(/^www\./, '')}${u.pathname.replace(/\/+$/, '') || '/'}`;
};

interface ReadPage extends SitePage {
  anchors: Anchor[];
}

/**
 * What a page of the site says: parsed once, here, and that one document read by each reader
 * (none edits it: one that leaves a part of the page out reads a copy, parse/load-html.ts
 * withoutElements).
 */
function readPage(page: HtmlPage): ReadPage {
  if (!page.html) return { url: page.finalUrl, links: [], anchors: [], emails: [], mentions: [] };
  const $ = loadHtml(page.html, `the website page ${page.finalUrl}`);
  const visible = pageAnchors($, page.finalUrl);
  // The accounts its JSON-LD names as the page's subject (`sameAs`) are links of the page with no text of their own.
  const shown = new Set(visible.map((a) => a.url));
  const ldSameAs = jsonLdSameAs($, page.finalUrl);
  const sameAs = ldSameAs.flatMap((url) => (shown.has(url) ? [] : [{ url, text: '' }]));
  // Links only its script data holds (a client-rendered site's social links: script-links.ts), with the texts the data gives them.
  const scripted = scriptLinks($, page.finalUrl, new Set([...shown, ...sameAs.map((a) => a.url)]));
  const written = [...visible, ...sameAs, ...scripted];
  // A link through a known click-through wrapper (a Google result's `/url?q=` pasted in) is its target (wrappers.ts).
  const anchors = written.map((a) => ({ ...a, url: unwrapLink(a.url) }));
  const rawOf = new Map(written.map((a, i) => [anchors[i].url, a.url]));
  const text = visibleText($);
  const contexts = remap(anchorContexts($, page.finalUrl), rawOf);
  for (const a of scripted) if (a.text && !contexts.has(unwrapLink(a.url))) contexts.set(unwrapLink(a.url), a.text);
  const sponsored = sponsorEmails($, page.finalUrl);
  // A credit line's name, else the person a list's entry names (a guest list, a team page: people-lists.ts).
  const listed = page.html.includes('@') ? listedPeopleEmails($, page.finalUrl) : new Map();
  const credited = new Map([...listed, ...creditedEmails($, page.finalUrl)]);
  const lines = emailLines($, page.finalUrl);
  const chrome = chromeOf($, page.finalUrl);
  const cards = remap(cardNames($, page.finalUrl), rawOf);
  return {
    url: page.finalUrl,
    links: anchors.map((a) => a.url),
    ...(ldSameAs.length ? { sameAs: ldSameAs.map(unwrapLink) } : {}),
    anchors,
    // A sponsor's or the site builder's address on the page is theirs (sponsors.ts).
    emails: emailsInHtml($, text).filter((e) => !sponsored.has(e.toLowerCase())),
    mentions: handleMentions(text),
    labels: Object.fromEntries(anchors.map((a) => [a.url, contexts.get(a.url) ?? a.text])),
    others: relationMentions(text),
    anchorTexts: Object.fromEntries(anchors.map((a) => [a.url, a.text])),
    cards: Object.fromEntries(anchors.flatMap((a) => (cards.has(a.url) ? [[a.url, cards.get(a.url)!]] : []))),
    ...(credited.size ? { credited: Object.fromEntries(credited) } : {}),
    ...(lines.size ? { emailLines: Object.fromEntries(lines) } : {}),
    ...(chrome.emails.length ? { chrome: chrome.emails } : {}),
    ...(chrome.links.length ? { chromeLinks: chrome.links } : {}),
  };
}

/** `byRaw` (keyed by the links as written) keyed by the links as read (`rawOf`: read → written). */
function remap<T>(byRaw: Map<string, T>, rawOf: Map<string, string>): Map<string, T> {
  const out = new Map(byRaw);
  for (const [url, raw] of rawOf) if (url !== raw && byRaw.has(raw) && !out.has(url)) out.set(url, byRaw.get(raw)!);
  return out;
}

/** The most header, footer and navigation blocks read of one page (a site has a few; a hostile page thousands). */
export const CHROME_MAX_PARTS = 32;

/** The outermost header, footer and navigation blocks of a page, at most CHROME_MAX_PARTS, in document order. */
function chromeParts($: CheerioAPI): Cheerio<AnyNode> {
  // Document order: a block inside the last one kept comes right after it (nesting is bounded by loadHtml).
  const blocks = $('footer, header, nav').toArray();
  const outermost: typeof blocks = [];
  for (const el of blocks) {
    const last = outermost.at(-1);
    let inside = false;
    for (let p = el.parent; p && last && !inside; p = p.parent) inside = p === last;
    if (inside) continue;
    if (outermost.length === CHROME_MAX_PARTS) break;
    outermost.push(el);
  }
  return $(outermost);
}

/**
 * The addresses (lower case) and links only a page's header, footer or navigation shows. Read from
 * the outermost such blocks, at most CHROME_MAX_PARTS of them, each once: a block nested in another
 * is read with it (every block read apart re-read its nested ones — 500 nested `<nav>` held the
 * event loop 7 s, 15,000 footers 6 s). The rest of the page is read from a copy without them
 * (withoutElements: the page is not edited); a link it does not hold is one only they hold.
 */
export function chromeOf(page: Html, pageUrl: string): { emails: string[]; links: string[] } {
  const none = { emails: [], links: [] };
  if (typeof page === 'string' && !/<(?:footer|header|nav)\b/i.test(page)) return none;
  const what = `the website page ${pageUrl}`;
  const $ = parsedHtml(page, what);
  const parts = chromeParts($);
  const emails = parts.toArray().flatMap((el) => emailsInBlock([el as EmailNode]).map((e) => e.toLowerCase()));
  if (!emails.length && !parts.find('a[href]').length) return none;
  const rest = withoutElements($, what, chromeParts);
  const restEmails = new Set(emailsInHtml(rest).map((e) => e.toLowerCase()));
  const restLinks = new Set(pageAnchors(rest, pageUrl).map((a) => a.url));
  const links = pageAnchors($, pageUrl).map((a) => a.url);
  return { emails: [...new Set(emails.filter((e) => !restEmails.has(e)))], links: links.filter((l) => !restLinks.has(l)) };
}

/** What a scan keeps of a read page: everything but its anchors (their URLs and texts are in `links` and `anchorTexts`). */
const sitePage = ({ anchors: _anchors, ...page }: ReadPage): SitePage => page;

/**
 * Crawls the site of `startUrl` (an owner domain). Throws when the declared page itself cannot be
 * read (the caller lists the site as failed); a byte-capped declared page gives an empty, limited scan.
 * `onPage` is told of each page as soon as it is read (index 0: the declared page, then the
 * linked pages in rank order, then the deeper ones), so its links can be followed without
 * waiting for the others.
 */
export async function crawlSite(
  f: LookupFetcher,
  startUrl: string,
  onPage: (page: SitePage, index: number) => void = () => undefined,
): Promise<SiteScan> {
  const domain = registrableDomain(startUrl)!;
  const scan: SiteScan = { startUrl, domain, pages: [], failed: [], limited: false, redirectedTo: null };
  let home: HtmlPage;
  try {
    home = await fetchHtmlPage(f, startUrl, 'website');
  } catch (e) {
    if (isOverByteCap(e)) {
      scan.limited = true;
      return scan;
    }
    throw e;
  }
  const landed = registrableDomain(home.finalUrl);
  if (landed !== domain) {
    scan.redirectedTo = home.finalUrl;
    return scan;
  }
  const first = readPage(home);
  scan.pages.push(sitePage(first));
  onPage(sitePage(first), 0);

  const seen = new Set([pageKey(startUrl), pageKey(home.finalUrl)]);
  /** Same-site links of `page` worth reading (score ≥ `min`), best first (ties: page order), each page once. */
  const candidatesOf = (page: ReadPage, min: number, extra: { url: string; score: number }[] = []) => {
    const out: { url: string; score: number; order: number }[] = [];
    // By page key: a page of 20,000 contact links compared each with every one kept (a URL parse each time).
    const byKey = new Map<string, { url: string; score: number; order: number }>();
    const consider = (url: string, score: number) => {
      const k = pageKey(url);
      if (score < min || seen.has(k)) return;
      const dup = byKey.get(k);
      if (dup) dup.score = Math.max(dup.score, score);
      else {
        const c = { url, score, order: out.length };
        byKey.set(k, c);
        out.push(c);
      }
    };
    for (const e of extra) consider(e.url, e.score);
    for (const a of page.anchors) {
      if (registrableDomain(a.url) !== domain) continue;
      const u = new URL(a.url);
      u.search = '';
      consider(u.href, linkScore({ url: u.href, text: a.text }));
    }
    return out.sort((a, b) => b.score - a.score || a.order - b.order);
  };

  // Level 1: the declared page's best links (and the home page when the declared page is deeper).
  const level1 = candidatesOf(first, 1, [{ url: new URL('/', home.finalUrl).href, score: 1 }]);
  const picked = level1.slice(0, SITE_LINKED_PAGES);
  if (level1.length > picked.length) scan.limited = true;
  for (const c of picked) seen.add(pageKey(c.url));
  // Slots left: the site's own menu (its header, navigation and footer) lists its few pages, and
  // its words are often none of the list's ("お仕事のご依頼", "Trabalhe comigo", "सहयोग"): the
  // menu's other pages of the site fill them, in menu order. Never the body's links (articles, a
  // shop's products); an unread menu page is no cut (the scan stays unlimited).
  if (picked.length < SITE_LINKED_PAGES && first.chromeLinks?.length) {
    const menu = new Set(first.chromeLinks.map(pageKey));
    for (const c of candidatesOf(first, 0)) {
      if (picked.length >= SITE_LINKED_PAGES) break;
      if (!menu.has(pageKey(c.url))) continue;
      picked.push(c);
      seen.add(pageKey(c.url));
    }
  }

  const read: (SitePage | null)[] = [];
  const deep: Promise<void>[] = [];
  let deepLeft = SITE_DEEP_PAGES;
  const fetchPage = (url: string, slot: number, index: number, then: (page: ReadPage) => void): Promise<void> =>
    fetchHtmlPage(f, url, 'website').then(
      (page) => {
        // A contact link that leaves the site (a form service, a link page) is not read as the site's page.
        if (registrableDomain(page.finalUrl) !== domain) return;
        let p: ReadPage;
        try {
          p = readPage(page);
        } catch (e) {
          // A page refused unread (over the HTML budget, parse/load-html.ts) is that page's failure, not the site's.
          if (!isApiError(e)) throw e;
          scan.failed.push(url);
          return;
        }
        read[slot] = sitePage(p);
        onPage(read[slot]!, index);
        then(p);
      },
      (e: unknown) => {
        if (isOverByteCap(e)) scan.limited = true;
        else if (!(isApiError(e) && e.code === 'NOT_FOUND')) scan.failed.push(url);
      },
    );
  // Level 2: a read level-1 page's contact or business links, fetched at once while the budget lasts.
  const followDeep = (page: ReadPage) => {
    for (const c of candidatesOf(page, 2)) {
      if (deepLeft <= 0) {
        scan.limited = true;
        return;
      }
      deepLeft--;
      seen.add(pageKey(c.url));
      const slot = SITE_LINKED_PAGES + (SITE_DEEP_PAGES - deepLeft - 1);
      deep.push(fetchPage(c.url, slot, 1 + slot, () => undefined));
    }
  };
  await Promise.all(picked.map((c, i) => fetchPage(c.url, i, i + 1, followDeep)));
  await Promise.all(deep);
  for (const p of read) if (p) scan.pages.push(p);
  return scan;
}
