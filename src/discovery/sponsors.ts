/**
 * A sponsor's or affiliate's link among the creator's: a brand's shop the creator earns from, not
 * the creator's own website. Told by the link itself, not by who the brand is:
 *  - its address carries a referral, affiliate or coupon parameter with a value of its own
 *    (`?ref=noura10`, `?aff=…`, `?coupon=…`, `?discount=…`, `?code=…`, `?via=…`, `?rfsn=…`), a
 *    store's discount path (`/discount/NOURA10`), or a campaign tag that names an influencer or
 *    affiliate medium (`utm_medium=influencer`, `utm_source=affiliate`); a tracking value that
 *    only names where the click came from (`?ref=linktree`, `utm_source=instagram`) is no referral;
 *  - the creator's text about it offers a discount or says it is paid: "15% off", "code NOURA10",
 *    "كود خصم", "kod rabatowy", "rabatt", "descuento", "割引", "할인", "优惠", "#ad", "sponsored"…
 * Such a link is read like one labelled as another person's (`relations.ts`): its site is not
 * crawled as the creator's, and an address at its domain is the brand's, not the creator's.
 */
import type { Cheerio, CheerioAPI, contains } from 'cheerio';
import { parsedHtml } from '../parse/load-html.js';
import type { Html } from '../parse/load-html.js';
import { registrableDomain } from './domains.js';
import { fold, key } from './markers.js';
import type { EmailNode } from '../links/emails.js';
import { emailsInBlock, emailsInHtml, emailsInText } from './text.js';

/** Query parameters that carry a referral, affiliate or coupon code. */
const REFERRAL_PARAMS =
  /^(?:ref|refer|referral|referrer|ref_?code|ref_?id|aff|affiliate|aff_?id|affiliate_?id|aff_?code|partner|partner_?id|via|rfsn|irclickid|sca_ref|coupon|coupon_?code|discount|discount_?code|code|promo|promo_?code|promocode|voucher|dc|kod|codigo|gutschein)$/i;
/** Parameters that are codes by themselves (any value is a code, never a click's origin). */
const CODE_PARAMS = /^(?:coupon|coupon_?code|discount|discount_?code|promo|promo_?code|promocode|voucher|dc|kod|codigo|gutschein)$/i;
/** Values that only say where a click came from. */
const ORIGIN_VALUES = new Set([
  'linktree',
  'linktr.ee',
  'linkinbio',
  'link_in_bio',
  'bio',
  'beacons',
  'instagram',
  'ig',
  'insta',
  'tiktok',
  'tt',
  'youtube',
  'yt',
  'twitter',
  'x',
  'facebook',
  'fb',
  'social',
  'website',
  'site',
  'home',
  'homepage',
  'nav',
  'menu',
  'header',
  'footer',
  'direct',
  'app',
  'share',
  'copy',
  'web',
  'email',
  'newsletter',
  'true',
  '1',
]);
const PAID_MEDIUMS =
  /^(?:affiliate|affiliates|influencer|influencers|influencer[-_ ]?marketing|ambassador|ambassadors|creator|creators|referral|partner|partners|partnership|sponsor|sponsored|kol)$/i;

/** Whether a link's address is a referral, affiliate or coupon link (above). */
export function isReferralUrl(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (/\/(?:discount|coupon|promo)\/[^/]+/i.test(u.pathname)) return true;
  for (const [k, raw] of u.searchParams) {
    const v = raw.trim().toLowerCase();
    if (!v) continue;
    if (CODE_PARAMS.test(k)) return true;
    if (REFERRAL_PARAMS.test(k) && !ORIGIN_VALUES.has(v)) return true;
    if (/^utm_(?:medium|source|campaign)$/i.test(k) && v.split(/[^a-z]+/).some((w) => PAID_MEDIUMS.test(w))) return true;
  }
  return false;
}

/**
 * Whether a link's query carries the creator's name as a value (`?r=kovac`, `?src=mirakitchen`): a
 * site that knows the creator by a code is crediting a referral, whatever the parameter is called.
 * `handles` are the creator's handles, `name` its display name; a value counts from four letters
 * when it is a word of the name, or held in a handle (`kovac` of @kovacdejiny) or holding one.
 * The caller checks the host is not the creator's own (its own shop announcing a sale).
 */
export function queryNamesCreator(url: string, handles: readonly string[], name: string | null | undefined): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  const words = new Set(
    fold(name ?? '')
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 4),
  );
  const hs = handles.map(key).filter((h) => h.length >= 4);
  for (const [, raw] of u.searchParams) {
    const v = key(raw.slice(0, 100));
    if (v.length < 4 || ORIGIN_VALUES.has(v)) continue;
    if (words.has(v) || hs.some((h) => h.includes(v) || v.includes(h))) return true;
  }
  return false;
}

/** Discount and paid-link wording, ~20 languages (folded: lower case, no accents). */
const DISCOUNT_WORDS = [
  'discount',
  'coupon',
  'promo code',
  'promocode',
  'off with',
  'use code',
  'affiliate',
  'affiliate link',
  'sponsored',
  'sponsored by',
  'presented by',
  'in partnership with',
  'paid partnership',
  'patrocinado por',
  'gesponsert von',
  'sponsorise par',
  'sponsorizzato da',
  'sponsorowane',
  'sponsorlu',
  'спонсор',
  'при поддержке',
  'disponsori',
  'disponsori oleh',
  'tai trợ',
  'tai tro',
  'برعاية',
  'प्रायोजित',
  '#ad',
  '#anzeige',
  'anzeige',
  'werbung',
  'rabatt',
  'rabattcode',
  'gutschein',
  'descuento',
  'cupon',
  'patrocinado',
  'publicidad',
  'desconto',
  'cupom',
  'cupao',
  'parceria paga',
  'reduction',
  'code promo',
  'remise',
  'sconto',
  'kortingscode',
  'korting',
  'kod rabatowy',
  'rabat',
  'znizka',
  'znizki',
  'indirim',
  'indirim kodu',
  'kupon',
  'скидка',
  'скидку',
  'скидки',
  'промокод',
  'знижка',
  'знижку',
  'diskon',
  'potongan',
  'kode promo',
  'kode voucher',
  'giam gia',
  'ma giam',
  'خصم',
  'कूपन',
  'छूट',
  'डिस्काउंट',
];
const DISCOUNT_SUBSTRINGS = [
  'ส่วนลด',
  'โค้ด',
  '割引',
  'クーポン',
  '쿠폰',
  '할인',
  '优惠',
  '優惠',
  '折扣',
  'スポンサー',
  '협찬',
  '赞助',
  '贊助',
  'สปอนเซอร์',
];
const W = '[\\p{L}\\p{N}]';
const DISCOUNT_RE = new RegExp(
  `(?<!${W})(?:${DISCOUNT_WORDS.map((w) => fold(w).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?!${W})`,
  'u',
);
/** "15% off", "%20 indirim", "-15%": a percentage of one or two digits (never "100% handmade"). */
const PERCENT_RE = /(?<![\p{N}.,])(?:\d{1,2}\s?%|%\s?\d{1,2}(?![\p{N}]))/u;
/** "code NOURA10", "Code: COASTAL15", "kod KASIA20": a code word, then a token in capitals and digits. */
const CODE_TOKEN_RE =
  /(?<![\p{L}\p{N}])(?:code|Code|CODE|kod|Kod|KOD|kodu|codigo|Codigo|código|Código|codice|Codice|kode|Kode|промокод|Промокод|ПРОМОКОД|كود)\s*[:：]?\s*(?=[A-Z0-9_-]*[A-Z])[A-Z0-9][A-Z0-9_-]{2,}(?![\p{L}\p{N}])/u;

/** Folded once, not for each text read (a page's reader tests every small block). */
const DISCOUNT_SUBSTRINGS_FOLDED = DISCOUNT_SUBSTRINGS.map(fold);

/** Whether the creator's text about a link offers a discount or says the link is paid. */
export function offersDiscount(text: string | null | undefined): boolean {
  if (!text) return false;
  const t = fold(text);
  return DISCOUNT_RE.test(t) || DISCOUNT_SUBSTRINGS_FOLDED.some((w) => t.includes(w)) || PERCENT_RE.test(text) || CODE_TOKEN_RE.test(text);
}

/** A sponsor's or affiliate's link: its address (`isReferralUrl`) or the creator's text about it (`offersDiscount`). */
export function isSponsorLink(url: string, ...texts: (string | null | undefined)[]): boolean {
  return isReferralUrl(url) || texts.some(offersDiscount);
}

/** A site's credit to whoever built or hosts it: that studio's address is not the creator's. */
const SITE_CREDITS = [
  // English
  'site by',
  'website by',
  'web design by',
  'webdesign',
  'designed by',
  'powered by',
  'built by',
  'hosted by',
  'developed by',
  'site credit',
  // German
  'website von',
  'webseite von',
  'homepage von',
  'webdesign von',
  'gestaltet von',
  'gestaltung:',
  'umgesetzt von',
  'umsetzung:',
  'realisiert von',
  'erstellt von',
  'entwickelt von',
  // Dutch
  'website door',
  'webdesign door',
  'ontwerp door',
  'ontworpen door',
  'gebouwd door',
  'ontwikkeld door',
  // French
  'site par',
  'site réalisé par',
  'site web réalisé par',
  'réalisation du site',
  'conception du site',
  'création du site',
  'site conçu par',
  'conçu par',
  'développé par',
  'propulsé par',
  // Italian
  'sito realizzato da',
  'sito web realizzato da',
  'realizzato da',
  'sito creato da',
  'progettato da',
  'sviluppato da',
  'web design:',
  // Spanish, Portuguese
  'sitio web por',
  'web realizada por',
  'sitio creado por',
  'diseño web',
  'diseñado por',
  'desarrollado por',
  'site criado por',
  'site desenvolvido por',
  'desenvolvido por',
  'criação de site',
  // Polish, Czech, Swedish, Turkish, Indonesian, Vietnamese, Russian
  'strona wykonana przez',
  'projekt strony',
  'wykonanie strony',
  'realizacja:',
  'tvorba webu',
  'webové stránky vytvořil',
  'hemsida av',
  'webbdesign av',
  'skapad av',
  'web tasarım',
  'tasarım:',
  'dibuat oleh',
  'didukung oleh',
  'desain web oleh',
  'thiết kế bởi',
  'thiết kế web',
  'разработка сайта',
  'создание сайта',
  'сайт разработан',
  'дизайн сайта',
];
const SITE_CREDIT_SUBSTRINGS = [
  'サイト制作',
  'ホームページ制作',
  'web制作',
  '网站设计',
  '网站制作',
  '技术支持',
  '網站設計',
  '網站製作',
  '홈페이지 제작',
  '웹사이트 제작',
  'ออกแบบเว็บไซต์',
];
const SITE_CREDIT_WORDS_RE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${SITE_CREDITS.map((w) => fold(w).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}\\p{N}])`,
  'u',
);
/** A block crediting whoever built or hosts the site, in the languages creators' sites are written in (text folded). */
/** Folded once, not for each text read (a page's reader tests every small block). */
const SITE_CREDIT_SUBSTRINGS_FOLDED = SITE_CREDIT_SUBSTRINGS.map(fold);
const SITE_CREDIT_RE = { test: (t: string) => SITE_CREDIT_WORDS_RE.test(t) || SITE_CREDIT_SUBSTRINGS_FOLDED.some((w) => t.includes(w)) };
const LEAF_BLOCKS = 'p, li, td, dd, dt, small, address, span, figcaption, blockquote, h1, h2, h3, h4, h5, h6, div, footer, section, aside';
const LEAF_TAGS = new Set(LEAF_BLOCKS.split(/,\s*/));

/** A block's children, as the address readers read them (links/emails.ts). */
const childrenOf = (el: AnyNode): readonly EmailNode[] => ('children' in el ? (el.children as unknown as EmailNode[]) : []);

/**
 * The page's blocks (LEAF_BLOCKS) with no block inside them, in document order: the ancestors of
 * every block marked once, not a search of each block's subtree (`block.find`, its selector
 * compiled again for each of a page's 99,000 blocks, was most of 2–4 s of a hostile page).
 */
function smallestBlocks($: CheerioAPI): Cheerio<AnyNode> {
  const blocks = $(LEAF_BLOCKS).toArray();
  const holding = new Set<AnyNode>();
  for (const b of blocks) for (let p = b.parent; p && !holding.has(p); p = p.parent) holding.add(p);
  return $(blocks.filter((b) => !holding.has(b)));
}

/**
 * Addresses a page shows for someone else's business: in the smallest block that says the page is
 * sponsored or credits who built the site ("Sponsored by Hanmi Knives — partnership@…", "site by
 * Studio X · hello@studiox.com"), or at the domain of a link the page offers a discount or a
 * referral code on — when they sit on another domain than the page's own. Lower-cased.
 */
export function sponsorEmails(page: Html, pageUrl: string): Set<string> {
  const out = new Set<string>();
  const own = registrableDomain(pageUrl);
  const foreign = (e: string) => registrableDomain(e.slice(e.lastIndexOf('@') + 1)) !== own;
  const $ = parsedHtml(page, `the page ${pageUrl}`);
  const sponsorDomains = new Set<string>();
  // Whether each block offers a discount, read once however many links it holds (read again for
  // each link, one block of 9,000 links — 396 KB — took 22 s).
  const offers = new Map<AnyNode, boolean>();
  const blockOffers = (el: AnyNode): boolean => {
    let b = el.parent;
    while (b && !(b.type === 'tag' && LEAF_TAGS.has(b.name))) b = b.parent;
    if (!b) return false;
    if (!offers.has(b)) offers.set(b, offersDiscount($(b).text()));
    return offers.get(b)!;
  };
  $('a[href]').each((_, el) => {
    const href = $(el).attr('href') ?? '';
    if (!/^https?:/i.test(href)) return;
    if (isReferralUrl(href) || offersDiscount($(el).text()) || blockOffers(el)) {
      const d = registrableDomain(href);
      if (d && d !== own) sponsorDomains.add(d);
    }
  });
  // only the smallest blocks speak for their addresses
  smallestBlocks($).each((_, el) => {
    const block = $(el);
    const text = block.text();
    if (text.length > 400 || (!offersDiscount(text) && !SITE_CREDIT_RE.test(fold(text)))) return;
    for (const e of emailsInBlock(childrenOf(el), text)) if (foreign(e)) out.add(e.toLowerCase());
  });
  if (sponsorDomains.size)
    for (const e of emailsInHtml($))
      if (sponsorDomains.has(registrableDomain(e.slice(e.lastIndexOf('@') + 1)) ?? '')) out.add(e.toLowerCase());
  return out;
}

/**
 * Labels that introduce the creator's own contact ("Email:", "Bookings:", "Kontakt:", "Business
 * enquiries:"): a name after them is whom to write to, not whom the line credits (folded, as words).
 */
export const CONTACT_LABEL_RE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[
    'e-?mail',
    'mail',
    'email me',
    'contact',
    'contacts',
    'contact me',
    'bookings?',
    'business',
    'enquir(?:y|ies)',
    'inquir(?:y|ies)',
    'collabs?',
    'collaborations?',
    'management',
    'mgmt',
    'representation',
    'represented',
    'agents?',
    'brand deals?',
    'press',
    'pr',
    'partnerships?',
    'sponsorships?',
    'commissions',
    'orders',
    'write',
    'hello',
    'kontakt\\w*',
    'contact[oa]s?',
    'contatt[io]',
    'yhteys\\w*',
    'sahkoposti',
    'kapcsolat',
    'iletisim',
    'kontak',
    'hubungi',
    'e-?posta',
    'e-?post',
    'correo',
    'courriel',
    'anfragen?',
    'buchung\\w*',
    'reservas?',
    'prenotazioni',
    'επικοινωνια',
    'email',
    'контакт\\w*',
    'почта',
    'пошта',
    'צור קשר',
    'קשר',
    'מייל',
    'تماس',
    'ایمیل',
    'اتصل',
    'البريد',
    'যোগাযোগ',
    'ইমেইল',
    'お問い合わせ',
    '連絡先',
    '联系',
    '연락처',
    '문의',
  ].join('|')})(?![\\p{L}\\p{N}])`,
  'u',
);

/** Words that join a name's parts ("Smith & Co", "Studio van Dijk"): no capital needed. */
const NAME_JOINERS = new Set([
  '&',
  '+',
  'and',
  'und',
  'et',
  'e',
  'y',
  'i',
  'och',
  'og',
  'ja',
  'es',
  'si',
  'a',
  'van',
  'von',
  'de',
  'der',
  'den',
  'da',
  'di',
  'du',
  'le',
  'la',
  'del',
  'dos',
  'das',
]);
const CASED = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;

/**
 * A name as a credit line writes it: one to five words; in a script with capitals, every word of
 * two letters or more starts with one (a joiner aside) — "Petr Svoboda", "Pixelhíd Stúdió", "KL
 * WebWorks"; in one without (Hebrew, Persian, Bengali…), any words. Prose ("please write to") is none.
 */
export function creditName(text: string): string | null {
  const t = text
    .replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!t || !/\p{L}/u.test(t)) return null;
  const words = t.split(' ');
  if (words.length > 5) return null;
  for (const w of words) {
    const letters = w.replace(/[^\p{L}]/gu, '');
    if (NAME_JOINERS.has(fold(w)) || letters.length < 2 || !CASED.test(letters)) continue;
    if (letters[0] === letters[0].toLowerCase()) return null;
  }
  return t;
}

/** "managed / represented / handled by <Name>" (folded): the creator's representation, not a credit. */
const REPRESENTED_BY_RE =
  /(?<![\p{L}\p{N}])(?:(?:handled|managed|represented|repped|booked)\s+(?:by|through|via)|vertreten durch|betreut von|gestionad[oa]s? por|representad[oa]s? por|represente(?:e|s)? par|geree?s? par|rappresentat[oa] da|gestit[oa] da)(?![\p{L}\p{N}])/u;

/**
 * A credited name that is a management or booking firm ("Sruti Arts Management", "Nordlys Booking",
 * folded): whom the creator's bookings go through — api.md's management or booking contact, not a credit.
 */
const MANAGEMENT_NAME_RE =
  /(?<![\p{L}\p{N}])(?:management|mgmt|bookings?|gestion|gestao|gestione|manajemen|менеджмент|マネジメント|매니지먼트)(?![\p{L}\p{N}])/u;

/** "<role> by <Name>" in the languages creators' sites are written in (folded): the name after it is credited. */
const BY_RE =
  /(?<![\p{L}\p{N}])(?:by|von|door|par|por|da|przez|oleh|boi|av|af|od|от|від|απο|توسط|از طرف|rakensi|teki|suunnitteli|készítette|vytvořil|realizat de|creat de|made with)\s+(.+)$/u;

/**
 * Addresses on a page that a line credits to someone else, with the name it credits them to
 * (lower-cased address → name). In the smallest block holding the address, the part of it before
 * the address (a line of a footer `·`-separated parts is one part):
 *  - a label and a name: "<role>: <Name> — <address>" ("Design: Pixelhíd Stúdió — hello@…",
 *    "Fotografie: Petr Svoboda (petr@…)", "צילום: נועה לוי — noa@…") — unless the label introduces a
 *    contact ("Email:", "Bookings:", "Kontakt:"): whatever the role word, in any language;
 *  - a credit: "<something> by <Name>" ("Photography by Noa Levi", "Laman web oleh KL WebWorks");
 *  - a name the address is named after ("… Löylytaito Oy (myynti@loylytaito.fi)"): a word of the
 *    name, four letters or more, in the address's user or domain.
 * Under a contact heading ("Booking", "Contact": sectionHeading) only the first counts: there a
 * name without a label of its own is whom to write to ("North Sound Agency — booking@…").
 * An address at the page's own domain, or credited to the site's own name (its title), is the
 * site's: not listed. Whether the name is the creator's is the caller's to judge (verification.ts).
 */
export function creditedEmails(page: Html, pageUrl: string): Map<string, string> {
  const out = new Map<string, string>();
  const own = registrableDomain(pageUrl);
  const $ = parsedHtml(page, `the website page ${pageUrl}`);
  const siteName = key($('title').first().text() + ' ' + ($('meta[property="og:site_name"]').attr('content') ?? ''));
  const headings: HeadingsSeen = new Map();
  smallestBlocks($).each((_, el) => {
    const block = $(el);
    const text = block.text();
    if (text.length > 400) return;
    const emails = emailsInBlock(childrenOf(el), text);
    for (const e of emails) {
      const domain = e.slice(e.lastIndexOf('@') + 1).toLowerCase();
      if (registrableDomain(domain) === own) continue;
      const at = text.toLowerCase().indexOf(e.toLowerCase());
      const before = at >= 0 ? text.slice(0, at) : text;
      const part = before.split(/\s[|·•]\s|[|•\n]/u).pop() ?? '';
      const name = creditedName(part, e, CONTACT_LABEL_RE.test(fold(sectionHeading($, block, headings))));
      if (!name || MANAGEMENT_NAME_RE.test(fold(name))) continue;
      const k = key(name);
      if (k.length >= 3 && (siteName.includes(k) || (siteName.length >= 4 && k.includes(siteName)))) continue;
      out.set(e.toLowerCase(), name);
    }
  });
  return out;
}

/** The longest line of an address read (a block holding more speaks for no single address). */
const LINE_MAX = 400;

/** The parts of a parsed node read here (domhandler's, without depending on it directly). */
interface DomNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  parent?: DomNode | null;
  children?: DomNode[];
}

/** A block's text when it holds at most LINE_MAX characters, else null: read no further than that. */
function boundedText(node: DomNode): string | null {
  let out = '';
  let visited = 0;
  const stack: DomNode[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (++visited > 4 * LINE_MAX) return null;
    if (n.type === 'text') {
      out += n.data ?? '';
      if (out.length > LINE_MAX) return null;
    } else if (n.children) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return out.trim();
}

/**
 * The line each address of a page sits in: the text of the smallest block holding it (up to
 * LINE_MAX characters), by the address (lower case) — what the page says of whom to write to
 * ("Book Noor: talent@…"). One pass over the page: each text holding an `@` and each `mailto:` link
 * looks up its nearest block, whose text is read once, at most LINE_MAX characters of it (a search
 * of every block's descendants took 40 s on 200 KB of nested blocks).
 */
export function emailLines(page: Html, pageUrl: string): Map<string, string> {
  const out = new Map<string, string>();
  const $ = parsedHtml(page, `the website page ${pageUrl}`);
  const lines = new Map<DomNode, string | null>();
  const lineOf = (from: DomNode | null | undefined): string | null => {
    let b = from;
    while (b && !(b.type === 'tag' && LEAF_TAGS.has(b.name ?? ''))) b = b.parent;
    if (!b) return null;
    if (!lines.has(b)) lines.set(b, boundedText(b));
    return lines.get(b) ?? null;
  };
  const add = (e: string, line: string | null) => {
    if (line && !out.has(e.toLowerCase())) out.set(e.toLowerCase(), line);
  };
  const stack: DomNode[] = [$.root().get(0) as unknown as DomNode];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'text' && n.data?.includes('@')) {
      const line = lineOf(n.parent);
      if (line) for (const e of emailsInText(line)) add(e, line);
    } else if (n.type === 'tag' && n.name === 'a' && /^mailto:/i.test(n.attribs?.href ?? '')) {
      const e = (n.attribs!.href.slice(7).split('?')[0] ?? '').trim();
      if (e.includes('@')) add(e, lineOf(n));
    }
    if (n.children) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return out;
}

/** cheerio's node type (domhandler's AnyNode), without depending on domhandler directly. */
type AnyNode = Parameters<typeof contains>[0];

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dt']);
/** What headingBefore found for each node it walked past: the nearest heading before that node, or null. */
type HeadingsSeen = Map<AnyNode, AnyNode | null>;

/**
 * The nearest heading (or `<dt>`) among the siblings before `node`, or null. Each sibling walked
 * past is noted in `seen` with the same answer, so the blocks of one page walk each sibling list
 * once in all — `prevAll` for every block walked it again from each block: a page of 52,000
 * `<p>x@y.co` (457 KB) took minutes.
 */
function headingBefore(node: AnyNode, seen: HeadingsSeen): AnyNode | null {
  const walked: AnyNode[] = [node];
  let found: AnyNode | null = null;
  for (let p = node.prev; p; p = p.prev) {
    if (p.type === 'tag' && HEADINGS.has(p.name)) {
      found = p;
      break;
    }
    const known = seen.get(p);
    if (known !== undefined) {
      found = known;
      break;
    }
    walked.push(p);
  }
  for (const w of walked) seen.set(w, found);
  return found;
}

/**
 * The heading of the section a block sits in: the nearest heading (or `<dt>` term) before it, its
 * own or an enclosing block's, up to four levels up; '' when none. `seen`: one per page (headingBefore).
 */
function sectionHeading($: CheerioAPI, block: Cheerio<AnyNode>, seen: HeadingsSeen): string {
  let cur = block;
  for (let depth = 0; depth < 4 && cur.length; depth++) {
    const h = headingBefore(cur[0], seen);
    if (h) return $(h).text().slice(0, 200);
    cur = cur.parent();
  }
  return '';
}

/**
 * The name `part` (the text before `email` in its block) credits the address to, or null. Under a
 * contact heading (`contactSection`: "Booking", "Contact", "Management"), a name the line gives
 * without a label of its own ("North Sound Agency — booking@…", "Managed by North Sound") is whom
 * to write to, as after a contact label; a labelled credit ("Design: Pixelhíd — hello@…") still is one.
 */
function creditedName(part: string, email: string, contactSection = false): string | null {
  const labelled = /^\s*([^:：]{1,40}?)\s*[:：]\s*(.+)$/u.exec(part);
  if (labelled) {
    const label = labelled[1];
    // A contact line ("Email: …", "Bookings: …"): whoever it names is whom to write to.
    if (CONTACT_LABEL_RE.test(fold(label))) return null;
    if (label.split(/\s+/).filter(Boolean).length <= 4) {
      const name = creditName(labelled[2]);
      if (name) return name;
    }
  }
  if (contactSection) return null;
  // "Business inquiries are handled by Spark Agency:", "represented by North Sound —": whoever
  // manages or represents the creator is whom to write to (api.md: a management or booking
  // contact), not someone a credit line names.
  if (REPRESENTED_BY_RE.test(fold(part))) return null;
  const by = BY_RE.exec(fold(part));
  if (by) {
    // The name as written (capitals kept): the same number of characters from the end.
    const name = creditName(part.slice(part.length - by[1].length));
    if (name) return name;
  }
  const local = key(email.slice(0, email.lastIndexOf('@')));
  const domain = key(email.slice(email.lastIndexOf('@') + 1).split('.')[0] ?? '');
  const words = part
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  for (let i = Math.max(0, words.length - 5); i < words.length; i++) {
    const k = key(words[i]);
    if (k.length >= 4 && (domain.includes(k) || local.includes(k))) {
      const name = creditName(words.slice(i).join(' '));
      if (name) return name;
    }
  }
  // The name earlier in the block, before a label of its own ("Payments are processed by FinLearn
  // Partners. Grievance officer: grievance@finlearn-partner.in"): the capitalised words (five at
  // most) from the word the domain is named after.
  // Not when a short label introduces the name before the address ("Agence : Productions Rire inc. —
  // info@productionsrire.ca"): that line was read above, and the name it did not credit is whom to write to.
  for (let i = 0; !labelled && i < words.length; i++) {
    const k = key(words[i]);
    if (k.length < 4 || !domain.includes(k)) continue;
    let j = i;
    while (j < words.length && j - i < 5 && /^\p{Lu}/u.test(words[j])) j++;
    const name = j > i ? creditName(words.slice(i, j).join(' ')) : null;
    if (name) return name;
  }
  return null;
}
