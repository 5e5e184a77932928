/**
 * linkpage-a = Linkme. Pure parsing of a public page (`https://link.me/<username>`) into api.md's
 * "linkpage-a profile" record; no I/O.
 *
 * Today's page is a TanStack Start page: the profile object is in the profile route's loader
 * data, dehydrated as JavaScript (seroval) in `<script class="$tsr">` and read without running it
 * (src/parse/js-data.ts) — public evidence, no capture. The page platforms.md describes, a Next.js
 * page with the same object at `props.pageProps.profile` of `<script id="__NEXT_DATA__">`, is still
 * read. Linkme's
 * profile object is already close to api.md's record, so values are kept as upstream sends them
 * (relative image paths such as `user-profile/…png`, dates as `YYYY-MM-DD HH:MM:SS` strings,
 * 0/1 integer flags); a value only changes when it arrives in another type than api.md lists
 * (a flag sent as `true`, an id sent as a number), and an absent field is `null`.
 *
 * Steps: challenge page? → __NEXT_DATA__, else the `$tsr` profile → not-found page? → profile
 * (required, with its id) → private profile? → the api.md fields, each with its type.
 *
 * No URL field per linked platform: api.md's linkpage-a profile lists none (the links stay in
 * `webLinks`); GraphQL derives them from `webLinks` with the shared classifier. E-mail addresses
 * are not a field of this record either; an `Email` info link stays in `infoLinks` as upstream
 * sends it.
 */
import { notFound, privateContent, shapeChanged, upstreamBlocked, upstreamFailed } from '../../errors.js';
import { isVendorChallenge } from '../../upstream/blocks/catalogue.js';
// link.me's backend types loosely (a flag is 1, true or "1"; an id a number or a string): every
// reader here is the parse kit's loose one.
import { isObj, loadHtml, looseBool as bool, looseInt as int, numText as str, reader } from '../../parse/index.js';
import type { Obj, Reader } from '../../parse/index.js';
import { extractNextData } from '../../links/next-data.js';
import { objectsAt, parseScripts } from '../../parse/js-data.js';
import { statedPageHandle } from '../../links/page-handle.js';
import { declaresNotFound } from '../error-page.js';
import type { LinkpageALinkGroup, LinkpageATheme, LinkpageASectionSetting, LinkpageAProfile } from './schema.js';
export type {
  LinkpageALink,
  LinkpageALinkGroup,
  LinkpageAStripeStatus,
  LinkpageATheme,
  LinkpageASectionSetting,
  LinkpageASectionVisibility,
  LinkpageAProfile,
} from './schema.js';

const PLATFORM = 'linkpage-a';

const pageName = (username: string) => `Linkme profile link.me/${username || '?'}`;

/**
 * The username the page's own URL statements name — its `<link rel="canonical">`, else its
 * `og:url` — when one is a `link.me/<username>` page; null when the page states neither (or
 * names no profile page). A profile object without its username takes this one, so a page of
 * another account is known as such (fetch.ts's identity check), never stamped with the asked name.
 */
export function pageUrlUsername(html: string): string | null {
  if (!/canonical|og:url/i.test(html)) return null;
  return statedPageHandle(loadHtml(html, `${PLATFORM}: the profile page`), {
    label: PLATFORM,
    hosts: ['link.me', 'www.link.me'],
    origin: 'https://link.me',
  });
}

/** A whole link.me page (HTML) → the profile. */
export function parseLinkmePage(html: string, username: string): LinkpageAProfile {
  if (isVendorChallenge(html)) throw upstreamBlocked(`${PLATFORM}: upstream answered with a bot-challenge page`);
  const data = extractNextData(html, PLATFORM);
  if (data !== null) return parseLinkmeNextData(data, username, () => pageUrlUsername(html));
  // Today's link.me is a TanStack Start app: the same profile object, dehydrated as JavaScript
  // in its `<script class="$tsr">` scripts (tsrProfile).
  const profile = tsrProfile(html, username);
  if (profile) return profileRecord(profile, username);
  // Without page data: a 404 page by its markup (the status number, the framework's not-found
  // marks), never by its sentences, which are translated (error-page.ts).
  if (declaresNotFound(html)) throw notFound(`${pageName(username)} was not found`);
  const tsr = tsrScripts(html).length > 0 ? ' (its TanStack router data holds no profile)' : '';
  throw shapeChanged(PLATFORM, `<script id="__NEXT_DATA__"> page data${tsr}`);
}

/** The texts of a TanStack Start page's `<script class="$tsr">` scripts. */
function tsrScripts(html: string): string[] {
  if (!html.includes('$tsr')) return [];
  const $ = loadHtml(html, `${PLATFORM}: the profile page`);
  return $('script[class~="$tsr"]')
    .toArray()
    .map((s) => $(s).text());
}

/**
 * The profile object of a TanStack Start page: a `profile: {…}` of its loader data with a
 * username — the asked one when several are there (another account's profile, e.g. a featured
 * one, is never taken for it; fetch.ts's identity check refuses a page holding only another's).
 */
export function tsrProfile(html: string, username: string): Obj | null {
  const scripts = tsrScripts(html);
  if (scripts.length === 0) return null;
  const profiles = objectsAt(parseScripts(scripts), 'profile').filter((p) => typeof p.username === 'string' && p.id !== undefined);
  const asked = username.toLowerCase();
  return profiles.find((p) => (p.username as string).toLowerCase() === asked) ?? profiles[0] ?? null;
}

/**
 * The `__NEXT_DATA__` JSON of a link.me page → the profile. `pageUsername`: the username the
 * page's URL statements name (pageUrlUsername), read only for a profile object that lacks its own.
 */
export function parseLinkmeNextData(data: unknown, username = '', pageUsername: () => string | null = () => null): LinkpageAProfile {
  if (!isObj(data)) throw shapeChanged(PLATFORM, '__NEXT_DATA__ object');
  const pageProps = isObj(data.props) && isObj(data.props.pageProps) ? data.props.pageProps : null;
  // Next.js renders its 404 page (or its error page with statusCode 404) for usernames nobody has.
  if (data.page === '/404' || pageProps?.statusCode === 404 || pageProps?.notFound === true) {
    throw notFound(`${pageName(username)} was not found`);
  }
  if (data.page === '/_error') {
    throw upstreamFailed(`${PLATFORM}: upstream rendered its error page (status ${String(pageProps?.statusCode ?? 'unknown')})`);
  }
  if (!pageProps) throw shapeChanged(PLATFORM, 'props.pageProps in __NEXT_DATA__');
  // The profile page answers a username nobody has with `profile: null`; a page without the key
  // at all is a page we no longer understand.
  if (pageProps.profile === null) throw notFound(`${pageName(username)} was not found`);
  const profile = pageProps.profile;
  if (!isObj(profile)) throw shapeChanged(PLATFORM, 'props.pageProps.profile in __NEXT_DATA__');
  return profileRecord(profile, username, pageUsername);
}

/**
 * Linkme's profile object → api.md's record. Its username is the profile's own; a profile
 * without one takes the one the page's URL names (`pageUsername`, read only then), and only a
 * page stating neither takes the asked one (`requested`) — warned: nothing on such a page says
 * whose it is.
 */
export function profileRecord(p: Obj, requested = '', pageUsername: () => string | null = () => null): LinkpageAProfile {
  const id = typeof p.id === 'string' && p.id.trim() ? p.id : typeof p.id === 'number' ? str(p.id) : null;
  if (!id) throw shapeChanged(PLATFORM, 'props.pageProps.profile.id');
  const own = typeof p.username === 'string' && p.username.trim() ? p.username : null;
  const stated = own ? null : pageUsername();
  const username = own ?? stated ?? (requested || null);
  if (!username) throw shapeChanged(PLATFORM, 'props.pageProps.profile.username');
  // A private profile: only its owner's friends see it. Never returned (403), whatever the page shows.
  if (int(p.isPrivate) === 1) throw privateContent(pageName(username));

  // Every link.me profile object carries its names, bio, picture, flags, dates and link groups
  // (empty or null when the owner set none): missing ones are warned. README: the settings a
  // profile may not have (logo, cover, theme, tips…) are null without a warning when absent.
  const r = reader(p, { platform: PLATFORM, record: 'profile' });
  const o = r.opt;
  const stripe = o.obj('stripeStatus');
  const st = r.over(stripe ?? {}, 'stripeStatus');
  const customTheme = o.obj('customisedTheme');
  if (!own) r.warn('username', stated ? "missing; the page's own URL (canonical, og:url) names it" : 'missing; the asked username stands');
  return {
    id,
    firstName: r.get('firstName', str),
    lastName: r.get('lastName', str),
    username,
    verifiedAccount: r.get('verifiedAccount', int),
    bio: r.get('bio', str),
    isAmbassador: r.get('isAmbassador', int),
    friendStatus: r.get('friendStatus', int),
    profileVisitCount: r.get('profileVisitCount', str),
    isDefaultProfilePicture: r.get('isDefaultProfilePicture', bool),
    profileImage: r.get('profileImage', str),
    profileImageWebp: r.get('profileImageWebp', str),
    isPrivate: r.get('isPrivate', int),
    referralLink: r.get('referralLink', str),
    deeplink: o.get('deeplink', str),
    logo: o.get('logo', str),
    logoMetaData: r.get('logoMetaData', str),
    QRCode: o.get('QRCode', str),
    webTheme: r.get('webTheme', str),
    linkmeCustomIcon: r.get('linkmeCustomIcon', str),
    cover: o.get('cover', str),
    createdAt: r.get('createdAt', str),
    updatedAt: r.get('updatedAt', str),
    stripeStatus: stripe
      ? {
          tipsEnabled: st.get('tipsEnabled', int),
          stripeAccountId: st.get('stripeAccountId', str),
          stripeEnabled: st.get('stripeEnabled', bool),
        }
      : null,
    killer: r.get('killer', int),
    hideBottomButtons: r.get('hideBottomButtons', int),
    customMailForm: r.get('customMailForm', int),
    hideAddToContacts: r.get('hideAddToContacts', int),
    subscriptionFeature: o.get('subscriptionFeature', str),
    showForm: r.get('showForm', bool),
    subscriptionType: r.get('subscriptionType', int),
    displayNameOption: o.get('displayNameOption', str),
    trackingPixels: r.arr('trackingPixels') ?? [],
    isMuteEnable: r.get('isMuteEnable', int),
    totalLinks: r.get('totalLinks', int),
    chatID: o.get('chatID', str),
    infoLinks: linkGroups(r, 'infoLinks', false),
    businessInfo: o.obj('businessInfo'),
    webLinks: linkGroups(r, 'webLinks', true),
    customisedTheme: customTheme ? theme(r.over(customTheme, 'customisedTheme')) : null,
    totalFollowers: o.get('totalFollowers', int),
    sectionSettings: sectionSettings(r),
    sectionVisibility: r.items('sectionVisibility', (v) => ({
      section: v.get('section', str),
      order: v.get('order', int),
      enabled: v.get('enabled', int),
    })),
  };
}

/** A profile's link groups (`infoLinks` / `webLinks`): a malformed group or link is left out, warned. */
function linkGroups(r: Reader, field: string, web: boolean): LinkpageALinkGroup[] {
  return r.items(field, (g) => ({
    title: g.get('title', str),
    linkId: g.get('linkId', int),
    isCustom: g.get('isCustom', bool),
    links: g.items('links', (l) => ({
      webLinkId: l.get('webLinkId', int),
      linkImage: l.get('linkImage', str),
      linkValue: l.get('linkValue', str),
      faceValue: l.get('faceValue', str),
      ...(web ? { baseUrl: l.get('baseUrl', str) } : {}),
      isCustom: l.get('isCustom', bool),
      isAdult: l.get('isAdult', bool),
    })),
  }));
}

function theme(t: Reader): LinkpageATheme {
  const s = (k: string) => t.get(k, str);
  return {
    verifiedIcon: s('verifiedIcon'),
    backgroundColor: s('backgroundColor'),
    backgroundImage: s('backgroundImage'),
    mainTextColor: s('mainTextColor'),
    level1TextColor: s('level1TextColor'),
    level2TextColor: s('level2TextColor'),
    featuredLinkTitles: (t.root as Obj).featuredLinkTitles ?? null,
    bioBackground: s('bioBackground'),
    profilePicture: s('profilePicture'),
    customFont: s('customFont'),
  };
}

/** `{<section>: {enabled, position}}`: a section of another shape is left out, its parts warned when missing. */
function sectionSettings(r: Reader): Record<string, LinkpageASectionSetting> {
  const v = r.obj('sectionSettings');
  if (!v) return {};
  const sections = r.over(v, 'sectionSettings');
  const out: Record<string, LinkpageASectionSetting> = {};
  for (const [section, s] of Object.entries(v)) {
    if (!isObj(s)) {
      // Warned under one name: section names are upstream text, metric labels are not.
      sections.warn('section', `${section} is not an object`);
      continue;
    }
    // `position` is null for sections without one (explicit null: no warning).
    const x = sections.over(s, 'section');
    out[section] = { enabled: x.get('enabled', bool), position: x.get('position', int) };
  }
  return out;
}
