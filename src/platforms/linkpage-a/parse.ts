/**
 * linkpage-a = Linkme. Pure parsing of a public page (`https://link.me/<username>`) into api.md's
 * "linkpage-a profile" record; no I/O.
 *
 * The page is a Next.js page (platforms.md): the profile is the JSON object at
 * `props.pageProps.profile` of `<script id="__NEXT_DATA__" type="application/json">`. Linkme's
 * profile object is already close to api.md's record, so values are kept as upstream sends them
 * (relative image paths such as `user-profile/…png`, dates as `YYYY-MM-DD HH:MM:SS` strings,
 * 0/1 integer flags); a value only changes when it arrives in another type than api.md lists
 * (a flag sent as `true`, an id sent as a number), and an absent field is `null`.
 *
 * Steps: challenge page? → find __NEXT_DATA__ → not-found page? → profile (required, with its
 * id) → private profile? → the api.md fields, each with its type.
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
import { isObj, looseBool as bool, looseInt as int, numText as str, objects, reader } from '../../parse/index.js';
import type { Obj } from '../../parse/index.js';
import { extractNextData } from '../../links/next-data.js';
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

/** A whole link.me page (HTML) → the profile. */
export function parseLinkmePage(html: string, username: string): LinkpageAProfile {
  if (isVendorChallenge(html)) throw upstreamBlocked(`${PLATFORM}: upstream answered with a bot-challenge page`);
  const data = extractNextData(html, PLATFORM);
  if (data === null) {
    // Without Next.js data: a 404 page by its markup (the status number, Next.js's not-found
    // marks), never by its sentences, which are translated (error-page.ts).
    if (declaresNotFound(html)) throw notFound(`${pageName(username)} was not found`);
    // A page rendered by another framework (TanStack Start ships `<script class="$tsr">`) is a
    // change of shape we do not read: name it, so whoever looks at the error knows where to start.
    const other = /<script[^>]*class=["']\$tsr["']/i.test(html) ? ' (the page carries TanStack router data instead)' : '';
    throw shapeChanged(PLATFORM, `<script id="__NEXT_DATA__"> page data${other}`);
  }
  return parseLinkmeNextData(data, username);
}

/** The `__NEXT_DATA__` JSON of a link.me page → the profile. */
export function parseLinkmeNextData(data: unknown, username = ''): LinkpageAProfile {
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
  return profileRecord(profile, username);
}

/** Linkme's profile object → api.md's record. */
export function profileRecord(p: Obj, requested = ''): LinkpageAProfile {
  const id = typeof p.id === 'string' && p.id.trim() ? p.id : typeof p.id === 'number' ? str(p.id) : null;
  if (!id) throw shapeChanged(PLATFORM, 'props.pageProps.profile.id');
  const username = (typeof p.username === 'string' && p.username.trim() ? p.username : null) ?? (requested || null);
  if (!username) throw shapeChanged(PLATFORM, 'props.pageProps.profile.username');
  // A private profile: only its owner's friends see it. Never returned (403), whatever the page shows.
  if (int(p.isPrivate) === 1) throw privateContent(pageName(username));

  // Every link.me profile object carries its names, bio, picture and link groups (empty or null
  // when the owner set none): missing ones are warned.
  const r = reader(p, { platform: PLATFORM, record: 'profile' });
  return {
    id,
    firstName: r.get('firstName', str),
    lastName: r.get('lastName', str),
    username,
    verifiedAccount: int(p.verifiedAccount),
    bio: r.get('bio', str),
    isAmbassador: int(p.isAmbassador),
    friendStatus: int(p.friendStatus),
    profileVisitCount: str(p.profileVisitCount),
    isDefaultProfilePicture: bool(p.isDefaultProfilePicture),
    profileImage: r.get('profileImage', str),
    profileImageWebp: str(p.profileImageWebp),
    isPrivate: int(p.isPrivate),
    referralLink: str(p.referralLink),
    deeplink: str(p.deeplink),
    logo: str(p.logo),
    logoMetaData: str(p.logoMetaData),
    QRCode: str(p.QRCode),
    webTheme: str(p.webTheme),
    linkmeCustomIcon: str(p.linkmeCustomIcon),
    cover: str(p.cover),
    createdAt: str(p.createdAt),
    updatedAt: str(p.updatedAt),
    stripeStatus: isObj(p.stripeStatus)
      ? {
          tipsEnabled: int(p.stripeStatus.tipsEnabled),
          stripeAccountId: str(p.stripeStatus.stripeAccountId),
          stripeEnabled: bool(p.stripeStatus.stripeEnabled),
        }
      : null,
    killer: int(p.killer),
    hideBottomButtons: int(p.hideBottomButtons),
    customMailForm: int(p.customMailForm),
    hideAddToContacts: int(p.hideAddToContacts),
    subscriptionFeature: str(p.subscriptionFeature),
    showForm: bool(p.showForm),
    subscriptionType: int(p.subscriptionType),
    displayNameOption: str(p.displayNameOption),
    trackingPixels: Array.isArray(p.trackingPixels) ? p.trackingPixels : [],
    isMuteEnable: int(p.isMuteEnable),
    totalLinks: int(p.totalLinks),
    chatID: str(p.chatID),
    infoLinks: linkGroups(p.infoLinks, false),
    businessInfo: isObj(p.businessInfo) ? p.businessInfo : null,
    webLinks: linkGroups(r.arr('webLinks'), true),
    customisedTheme: isObj(p.customisedTheme) ? theme(p.customisedTheme) : null,
    totalFollowers: int(p.totalFollowers),
    sectionSettings: sectionSettings(p.sectionSettings),
    sectionVisibility: objects(p.sectionVisibility).map((s) => ({ section: str(s.section), order: int(s.order), enabled: int(s.enabled) })),
  };
}

function linkGroups(v: unknown, web: boolean): LinkpageALinkGroup[] {
  return objects(v).map((g) => ({
    title: str(g.title),
    linkId: int(g.linkId),
    isCustom: bool(g.isCustom),
    links: objects(g.links).map((l) => ({
      webLinkId: int(l.webLinkId),
      linkImage: str(l.linkImage),
      linkValue: str(l.linkValue),
      faceValue: str(l.faceValue),
      ...(web ? { baseUrl: str(l.baseUrl) } : {}),
      isCustom: bool(l.isCustom),
      isAdult: bool(l.isAdult),
    })),
  }));
}

function theme(t: Obj): LinkpageATheme {
  return {
    verifiedIcon: str(t.verifiedIcon),
    backgroundColor: str(t.backgroundColor),
    backgroundImage: str(t.backgroundImage),
    mainTextColor: str(t.mainTextColor),
    level1TextColor: str(t.level1TextColor),
    level2TextColor: str(t.level2TextColor),
    featuredLinkTitles: t.featuredLinkTitles ?? null,
    bioBackground: str(t.bioBackground),
    profilePicture: str(t.profilePicture),
    customFont: str(t.customFont),
  };
}

function sectionSettings(v: unknown): Record<string, LinkpageASectionSetting> {
  if (!isObj(v)) return {};
  const out: Record<string, LinkpageASectionSetting> = {};
  for (const [section, s] of Object.entries(v)) {
    if (isObj(s)) out[section] = { enabled: bool(s.enabled), position: int(s.position) };
  }
  return out;
}
