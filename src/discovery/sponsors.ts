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
import { loadHtml } from '../parse/load-html.js';
import { registrableDomain } from './domains.js';
import { fold } from './markers.js';
import { emailsInHtml } from './text.js';

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

/** Whether the creator's text about a link offers a discount or says the link is paid. */
export function offersDiscount(text: string | null | undefined): boolean {
  if (!text) return false;
  const t = fold(text);
  return DISCOUNT_RE.test(t) || DISCOUNT_SUBSTRINGS.some((w) => t.includes(fold(w))) || PERCENT_RE.test(text) || CODE_TOKEN_RE.test(text);
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
const SITE_CREDIT_RE = { test: (t: string) => SITE_CREDIT_WORDS_RE.test(t) || SITE_CREDIT_SUBSTRINGS.some((w) => t.includes(fold(w))) };
const LEAF_BLOCKS = 'p, li, td, dd, dt, small, address, span, figcaption, blockquote, h1, h2, h3, h4, h5, h6, div, footer, section, aside';

/**
 * Addresses a page shows for someone else's business: in the smallest block that says the page is
 * sponsored or credits who built the site ("Sponsored by Hanmi Knives — partnership@…", "site by
 * Studio X · hello@studiox.com"), or at the domain of a link the page offers a discount or a
 * referral code on — when they sit on another domain than the page's own. Lower-cased.
 */
export function sponsorEmails(html: string, pageUrl: string): Set<string> {
  const out = new Set<string>();
  const own = registrableDomain(pageUrl);
  const foreign = (e: string) => registrableDomain(e.slice(e.lastIndexOf('@') + 1)) !== own;
  const $ = loadHtml(html, `the page ${pageUrl}`);
  const sponsorDomains = new Set<string>();
  $('a[href]').each((_, el) => {
    const href = $(el).attr('href') ?? '';
    if (!/^https?:/i.test(href)) return;
    const block = $(el).parent().closest(LEAF_BLOCKS);
    if (isReferralUrl(href) || offersDiscount($(el).text()) || (block.length && offersDiscount(block.text()))) {
      const d = registrableDomain(href);
      if (d && d !== own) sponsorDomains.add(d);
    }
  });
  $(LEAF_BLOCKS).each((_, el) => {
    const block = $(el);
    if (block.find(LEAF_BLOCKS).length) return; // only the smallest blocks speak for their addresses
    const text = block.text();
    if (text.length > 400 || (!offersDiscount(text) && !SITE_CREDIT_RE.test(fold(text)))) return;
    for (const e of emailsInHtml(block.html() ?? '', text)) if (foreign(e)) out.add(e.toLowerCase());
  });
  if (sponsorDomains.size)
    for (const e of emailsInHtml(html))
      if (sponsorDomains.has(registrableDomain(e.slice(e.lastIndexOf('@') + 1)) ?? '')) out.add(e.toLowerCase());
  return out;
}
