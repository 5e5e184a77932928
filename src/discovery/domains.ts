/**
 * Which links point at an owner-controlled website, and under which registrable domain.
 *
 * api.md / the issue: an owner-controlled website is a registrable domain that is not a
 * platform, a shortener or a link-in-bio host. Registrable domains are computed with tldts and
 * the private section of the public suffix list (`name.myshopify.com`, `name.github.io`,
 * `name.carrd.co`, `name.notion.site` are each their owner's; `myshopify.com` is nobody's).
 *
 * Beyond those, domains every creator links to without owning them are shared, never owner
 * domains — big retailers and marketplaces, affiliate and storefront services, ticketing, payment,
 * forms, app stores, search and reference sites (SHARED_DOMAINS). Two creators linking to the
 * same one says nothing about who they are.
 */
import { parse as parseDomain } from 'tldts';
import { classifyLink, isLinkInBioHost, isShortener } from '../links/classify.js';

/**
 * Link-in-bio hosts the shared classifier does not know (adding them there would change the link
 * pages' public `socials`): `taplink.cc/<name>`, `bento.me/<name>`… — discovery reads a page there as
 * a link page (linkpages.ts, the generic scan), never as anyone's owner-controlled website.
 */
export const OTHER_LINK_IN_BIO_HOSTS: ReadonlySet<string> = new Set([
  'taplink.cc',
  'taplink.at',
  'taplink.ws',
  'bento.me',
  'heylink.me',
  'allmylinks.com',
  'linkpop.com',
  'flow.page',
  'linkr.bio',
  'direct.me',
  'lit.link',
  'contactin.bio',
  'linkfly.to',
  'mylinks.ai',
  'withkoji.com',
  'linkbio.co',
  'biolinky.co',
  'linkin.page',
  'linkyee.com',
  'manylink.co',
]);

/** A page on one of OTHER_LINK_IN_BIO_HOSTS (`https://taplink.cc/mariia` → `https://taplink.cc/mariia`), or null. */
export function otherLinkPage(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const host = u.hostname.toLowerCase().replace(/^www\./, '');
  if (!OTHER_LINK_IN_BIO_HOSTS.has(host)) return null;
  const seg = u.pathname.split('/').filter(Boolean)[0]?.replace(/^@/, '');
  if (
    !seg ||
    !/^[A-Za-z0-9._-]{2,64}$/.test(seg) ||
    /^(?:login|signup|sign-up|register|pricing|about|help|blog|terms|privacy|app|features|templates)$/i.test(seg)
  )
    return null;
  return `https://${host}/${seg}`;
}

export const SHARED_DOMAINS: ReadonlySet<string> = new Set([
  ...OTHER_LINK_IN_BIO_HOSTS,
  // Retail and marketplaces
  'amazon.com',
  'walmart.com',
  'target.com',
  'bestbuy.com',
  'ebay.com',
  'etsy.com',
  'aliexpress.com',
  'temu.com',
  'shein.com',
  'sephora.com',
  'ulta.com',
  'nordstrom.com',
  'macys.com',
  'zara.com',
  'hm.com',
  'asos.com',
  'ikea.com',
  'costco.com',
  'homedepot.com',
  'wayfair.com',
  'nike.com',
  'adidas.com',
  // Affiliate links, creator storefronts, deal and coupon services
  'liketoknow.it',
  'shopltk.com',
  'ltk.app',
  'rstyle.me',
  'shopmy.us',
  'howl.me',
  'mavely.app',
  'amzlink.to',
  'geni.us',
  'skimresources.com',
  'awin1.com',
  'click.linksynergy.com',
  'linksynergy.com',
  'go.magik.ly',
  'magik.ly',
  'shareasale.com',
  'impact.com',
  'sjv.io',
  'collabs.shop',
  'shopify.com',
  'spring.com',
  'teespring.com',
  'creator-spring.com',
  'fourthwall.com',
  'bonfire.com',
  'redbubble.com',
  'teepublic.com',
  'society6.com',
  // Ticketing, events, booking, payments, forms, scheduling
  'ticketmaster.com',
  'eventbrite.com',
  'bandsintown.com',
  'songkick.com',
  'dice.fm',
  'seetickets.com',
  'axs.com',
  'calendly.com',
  'typeform.com',
  'jotform.com',
  'forms.gle',
  'gofundme.com',
  'stripe.com',
  'buy.stripe.com',
  'square.link',
  'squareup.com',
  // Music and app distribution
  'distrokid.com',
  'linkfire.com',
  'lnk.to',
  'found.ee',
  'ffm.to',
  'smarturl.it',
  'hyperfollow.com',
  'toneden.io',
  'feature.fm',
  'songwhip.com',
  'odesli.co',
  'song.link',
  'album.link',
  'apps.apple.com',
  'play.google.com',
  // Search, reference, big web properties, site builders' own domains
  'google.com',
  'goo.gl',
  'apple.com',
  'microsoft.com',
  'wikipedia.org',
  'imdb.com',
  'archive.org',
  'wix.com',
  'squarespace.com',
  'wordpress.com',
  'wordpress.org',
  'weebly.com',
  'godaddy.com',
  'mailchimp.com',
  'list-manage.com',
  'substack.com',
  'linktr.ee',
]);

/**
 * Hosts that give each person a subdomain of their own (`mei.rbind.io`, `tomas.quarto.pub`,
 * `ana.hashnode.dev`) and are missing from the public suffix list's private section: a site
 * there is its subdomain's, as under a listed private suffix; different people's sites never
 * share one registrable domain. The bare host is the vendor's: site builders' own domains
 * (wordpress.com, weebly.com, squarespace.com) stay in SHARED_DOMAINS — a "Blog at WordPress.com"
 * footer link is nobody's site — while a subdomain there (`kenji.wordpress.com`) is one person's.
 */
export const PERSONAL_SUBDOMAIN_HOSTS: ReadonlySet<string> = new Set([
  'wordpress.com',
  'wpcomstaging.com',
  'weebly.com',
  'squarespace.com',
  'strikingly.com',
  'webnode.page',
  'site123.me',
  'tilda.ws',
  'jimdofree.com',
  'edublogs.org',
  'over-blog.com',
  'tistory.com',
  'livejournal.com',
  'bigcartel.com',
  'rbind.io',
  'quarto.pub',
  'micro.blog',
  'ghost.io',
  'hashnode.dev',
  'neocities.org',
  'glitch.me',
  'shinyapps.io',
  'mystrikingly.com',
  'jimdosite.com',
  'godaddysites.com',
  'myportfolio.com',
  'cargo.site',
  'format.com',
  'journoportfolio.com',
  'super.site',
  'typepad.com',
]);

/** The registrable domain of a URL or host (private suffixes honoured, PERSONAL_SUBDOMAIN_HOSTS too), or null. */
export function registrableDomain(urlOrHost: string): string | null {
  let host = urlOrHost;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(urlOrHost)) {
    try {
      host = new URL(urlOrHost).hostname;
    } catch {
      return null;
    }
  }
  const info = parseDomain(host.toLowerCase(), { allowPrivateDomains: true });
  if (info.isIp || !info.domain) return null;
  if (PERSONAL_SUBDOMAIN_HOSTS.has(info.domain)) {
    const own = (info.subdomain ?? '')
      .split('.')
      .filter((l) => l && l !== 'www')
      .pop();
    if (own) return `${own}.${info.domain}`;
  }
  return info.domain;
}

function isSharedDomain(domain: string): boolean {
  if (SHARED_DOMAINS.has(domain)) return true;
  // `amazon.co.uk`, `ebay.de`: any public suffix of a listed name.
  const bare = parseDomain(domain).domainWithoutSuffix;
  return (
    bare !== null && bare !== undefined && ['amazon', 'ebay', 'walmart', 'etsy', 'ikea', 'zara', 'asos', 'google', 'apple'].includes(bare)
  );
}

/**
 * The owner-controlled domain a link points at, or null when the link is a platform page, a
 * shortener, a link-in-bio page, a shared domain, or not an http(s) URL.
 */
export function ownerDomain(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  const host = u.hostname.toLowerCase();
  if (isShortener(host) || isLinkInBioHost(host) || classifyLink(url) !== null) return null;
  const domain = registrableDomain(host);
  if (!domain || isSharedDomain(domain)) return null;
  // A private-suffix vendor's bare domain (`komi.io`, `carrd.co`, `rbind.io`) is the vendor's.
  if (isLinkInBioHost(`abc.${domain}`) || classifyLink(`https://${domain}/`) !== null || PERSONAL_SUBDOMAIN_HOSTS.has(domain)) return null;
  return domain;
}
