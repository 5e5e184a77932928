/**
 * linkpage-b = Linktree. Pure parsing of a public page (`https://linktr.ee/<username>`) into
 * api.md's "linkpage-b page" record; no I/O.
 *
 * The page is a Next.js page: everything we return is in `<script id="__NEXT_DATA__"
 * type="application/json">` under `props.pageProps.account` (the 2021 capture and today's pages
 * alike). Later pages added `verticals`, `linkPlatforms` and `timezone` to the account; the 2021
 * capture has none of them (they come back as [], [] and null).
 *
 * Steps: challenge page? → find __NEXT_DATA__ → not-found page? → account (required, with its
 * id) → fields, each with a fallback → one URL field per linked platform (shared classifier, over
 * socialLinks then links: the profile icons a creator declares come before arbitrary buttons) →
 * e-mail address (shared extractor, over the e-mail social link, mailto: links, description and
 * link titles).
 */
import { notFound, shapeChanged, upstreamBlocked, upstreamFailed } from '../../errors.js';
import { isVendorChallenge } from '../../upstream/blocks/catalogue.js';
import { intish, isObj, nonEmpty, reader, str } from '../../parse/index.js';
import type { Obj } from '../../parse/index.js';
import { extractNextData } from '../../links/next-data.js';
import { declaresNotFound } from '../error-page.js';
import { platformUrlFields } from '../../links/classify.js';
import { extractEmails } from '../../links/emails.js';
import type { LinkpageBLink, LinkpageBPage } from './schema.js';
export type { LinkpageBLink, LinkpageBPage } from './schema.js';

const PLATFORM = 'linkpage-b';

/** Keys of the record that are not platform URL fields. */
export const FIXED_KEYS: ReadonlySet<string> = new Set([
  'id',
  'username',
  'profilePictureUrl',
  'description',
  'verticals',
  'linkPlatforms',
  'timezone',
  'links',
  'email_address',
]);

/** An http(s) URL (trimmed), else null: the 2021 page's base64 placeholder picture is none. */
const httpUrl = (v: unknown): string | null => (typeof v === 'string' && /^https?:\/\//i.test(v.trim()) ? v.trim() : null);

/**
 * Next.js renders its 404 page (or its error page with statusCode 404) for usernames nobody has;
 * its error page with another status is the upstream failing.
 */
function checkErrorPage(data: Obj, username: string): void {
  const pageProps = isObj(data.props) && isObj(data.props.pageProps) ? data.props.pageProps : {};
  if (data.page === '/404' || pageProps.statusCode === 404) throw notFound(`Link page linktr.ee/${username || '?'} was not found`);
  if (data.page === '/_error')
    throw upstreamFailed(`${PLATFORM}: upstream rendered its error page (status ${String(pageProps.statusCode ?? 'unknown')})`);
}

/**
 * A PRODUCT link often leaves its own `url` empty: its destination is its first product's shop
 * page (`context.products[].shopUrl`, else that product's `url`) — public evidence of today's pages.
 */
function productUrl(v: Obj): string | null {
  if (v.type !== 'PRODUCT' || !isObj(v.context) || !Array.isArray(v.context.products)) return null;
  const first = v.context.products.find(isObj);
  return first ? (nonEmpty(first.shopUrl) ?? nonEmpty(first.url)) : null;
}

/** A whole linktr.ee page (HTML) → the record. */
export function parseLinktreePage(html: string, username: string): LinkpageBPage {
  if (isVendorChallenge(html)) throw upstreamBlocked(`${PLATFORM}: upstream answered with a bot-challenge page`);
  const data = extractNextData(html, PLATFORM);
  if (data === null) {
    // Without Next.js data: a 404 page by its markup (the status number, Next.js's not-found
    // marks), never by its sentences, which are translated (error-page.ts); else a page we do not know.
    if (declaresNotFound(html)) throw notFound(`Link page linktr.ee/${username} was not found`);
    throw shapeChanged(PLATFORM, '<script id="__NEXT_DATA__"> page data');
  }
  return parseLinktreeNextData(data, username);
}

/** The `__NEXT_DATA__` JSON of a linktr.ee page → the record. */
export function parseLinktreeNextData(data: unknown, username = ''): LinkpageBPage {
  if (!isObj(data)) throw shapeChanged(PLATFORM, '__NEXT_DATA__ object');
  checkErrorPage(data, username);
  const props = isObj(data.props) ? data.props : null;
  const pageProps = props && isObj(props.pageProps) ? props.pageProps : null;
  if (!pageProps) throw shapeChanged(PLATFORM, 'props.pageProps in __NEXT_DATA__');
  const account = pageProps.account;
  if (!isObj(account)) throw shapeChanged(PLATFORM, 'props.pageProps.account in __NEXT_DATA__');
  // Linktree sends numeric ids as numbers in `account.links` and as strings in `pageProps.links`.
  const id = intish(account.id);
  if (id === null) throw shapeChanged(PLATFORM, 'props.pageProps.account.id');
  const name = nonEmpty(account.username) ?? nonEmpty(pageProps.username);
  if (!name) throw shapeChanged(PLATFORM, 'props.pageProps.account.username');

  // Links: the account's, else the page's copy; missing from both, or an entry of another type, warned.
  const r = reader(account, { platform: PLATFORM, record: 'account' });
  const linksFrom =
    !Array.isArray(account.links) && Array.isArray(pageProps.links) ? reader(pageProps, { platform: PLATFORM, record: 'page' }) : r;
  const links: LinkpageBLink[] = linksFrom.items('links', (l) => {
    const v = l.root as Obj;
    // Every link has its id (warned when missing); texts are '' when unset (api.md).
    return { id: l.get('id', intish), type: str(v.type) ?? '', title: str(v.title) ?? '', url: nonEmpty(v.url) ?? productUrl(v) ?? '' };
  });
  // Social links (the profile icons): the account's, else the page's copy; creators without any
  // have none. An entry of another shape, or without its url, is left out and warned.
  const socialFrom =
    !Array.isArray(account.socialLinks) && Array.isArray(pageProps.socialLinks)
      ? reader(pageProps, { platform: PLATFORM, record: 'page' })
      : r;
  const socialLinks = socialFrom.opt.items('socialLinks', (sl) => (sl.str('url') === null ? null : (sl.root as Obj)));

  // The 2021 page leaves account.profilePictureUrl null and puts a generated base64 placeholder
  // at pageProps.profilePictureUrl: only http(s) pictures are the creator's.
  const profilePictureUrl =
    httpUrl(r.opt.str('profilePictureUrl')) ?? httpUrl(r.opt.str('customAvatar')) ?? httpUrl(pageProps.profilePictureUrl);
  // Every Linktree account object carries its description (null when the creator wrote none):
  // missing, it is warned. `verticals` and `linkPlatforms` are newer than the 2021 capture.
  const description = r.opt.str('description') ?? str(pageProps.description);
  if (!('description' in account) && !('description' in pageProps)) r.warn('description', 'missing');

  const platformFields = platformUrlFields([...socialLinks.map((s) => str(s.url) ?? ''), ...links.map((l) => l.url)]);

  const emailSources = [
    ...socialLinks.filter((s) => s.type === 'EMAIL_ADDRESS' || /^mailto:/i.test(str(s.url) ?? '')).map((s) => str(s.url) ?? ''),
    ...links.filter((l) => /^mailto:/i.test(l.url)).map((l) => l.url),
    description ?? '',
    ...links.map((l) => l.title),
  ];
  const email = extractEmails({ text: emailSources.join('\n') })[0] ?? null;

  const platforms = Object.fromEntries(Object.entries(platformFields).filter(([k]) => !FIXED_KEYS.has(k)));
  // Platform fields sit between links and email_address (the order the peer's clients see).
  const record: LinkpageBPage = {
    id,
    username: name,
    profilePictureUrl,
    description,
    verticals: r.opt.strings('verticals'),
    linkPlatforms: r.opt.strings('linkPlatforms'),
    timezone: r.opt.nonEmpty('timezone'),
    links,
    ...platforms,
    email_address: email,
  };
  return record;
}
