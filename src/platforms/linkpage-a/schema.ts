/**
 * The linkpage-a record (api.md "linkpage-a profile", under `profile` on /v1) as data: the
 * parser's type, the /openapi.json response schema and what REST bodies are checked against.
 * Nullable fields: README.md.
 */
import { z } from 'zod';
import { Any, named, NBool, NInt, NObj, NStr, Str } from '../records.js';

/** One link of a group. `baseUrl` exists on web links only (api.md). */
export const LinkpageALink = z.strictObject({
  webLinkId: NInt,
  linkImage: NStr,
  linkValue: NStr,
  faceValue: NStr,
  baseUrl: NStr.optional(),
  isCustom: NBool,
  isAdult: NBool,
});
export type LinkpageALink = z.infer<typeof LinkpageALink>;

/** A group of links of one kind (`Instagram`, `Email`…), in `infoLinks` or `webLinks`. */
export const LinkpageALinkGroup = z.strictObject({
  title: NStr,
  linkId: NInt,
  isCustom: NBool,
  links: z.array(LinkpageALink),
});
export type LinkpageALinkGroup = z.infer<typeof LinkpageALinkGroup>;

export const LinkpageAStripeStatus = z.strictObject({ tipsEnabled: NInt, stripeAccountId: NStr, stripeEnabled: NBool });
export type LinkpageAStripeStatus = z.infer<typeof LinkpageAStripeStatus>;

export const LinkpageATheme = z.strictObject({
  verifiedIcon: NStr,
  backgroundColor: NStr,
  backgroundImage: NStr,
  mainTextColor: NStr,
  level1TextColor: NStr,
  level2TextColor: NStr,
  /** Nullable in api.md, its other type unspecified: kept as upstream sends it. */
  featuredLinkTitles: Any,
  bioBackground: NStr,
  profilePicture: NStr,
  customFont: NStr,
});
export type LinkpageATheme = z.infer<typeof LinkpageATheme>;

export const LinkpageASectionSetting = z.strictObject({ enabled: NBool, position: NInt });
export type LinkpageASectionSetting = z.infer<typeof LinkpageASectionSetting>;

export const LinkpageASectionVisibility = z.strictObject({
  section: NStr,
  order: NInt,
  /** 0/1 */
  enabled: NInt,
});
export type LinkpageASectionVisibility = z.infer<typeof LinkpageASectionVisibility>;

export const LinkpageAProfile = named(
  'LinkpageAProfile',
  z.strictObject({
    id: Str,
    firstName: NStr,
    lastName: NStr,
    username: Str,
    verifiedAccount: NInt,
    bio: NStr,
    isAmbassador: NInt,
    friendStatus: NInt,
    profileVisitCount: NStr,
    isDefaultProfilePicture: NBool,
    profileImage: NStr,
    profileImageWebp: NStr,
    isPrivate: NInt,
    referralLink: NStr,
    deeplink: NStr,
    logo: NStr,
    logoMetaData: NStr,
    QRCode: NStr,
    webTheme: NStr,
    linkmeCustomIcon: NStr,
    cover: NStr,
    createdAt: NStr,
    updatedAt: NStr,
    stripeStatus: LinkpageAStripeStatus.nullable(),
    killer: NInt,
    hideBottomButtons: NInt,
    customMailForm: NInt,
    hideAddToContacts: NInt,
    subscriptionFeature: NStr,
    showForm: NBool,
    subscriptionType: NInt,
    displayNameOption: NStr,
    trackingPixels: z.array(Any),
    isMuteEnable: NInt,
    totalLinks: NInt,
    chatID: NStr,
    infoLinks: z.array(LinkpageALinkGroup),
    /** Nullable in api.md; its members are not listed, so the object is kept as upstream sends it. */
    businessInfo: NObj,
    webLinks: z.array(LinkpageALinkGroup),
    customisedTheme: LinkpageATheme.nullable(),
    totalFollowers: NInt,
    /** Keyed by section name (`shouts`…); `{}` when the page has none. */
    sectionSettings: z.record(z.string(), LinkpageASectionSetting),
    sectionVisibility: z.array(LinkpageASectionVisibility),
  }),
);
export type LinkpageAProfile = z.infer<typeof LinkpageAProfile>;
