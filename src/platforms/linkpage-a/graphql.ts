/**
 * GraphQL types and root field for linkpage-a (Linkme): idiomatic names over api.md's
 * "linkpage-a profile", typed link groups, links, theme, Stripe status and section settings, and
 * `json` with the whole wire record (what /v1 returns under `profile`).
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import { platformUrlFields } from '../../links/classify.js';
import type { LinkedPlatformUrl } from '../../links/graphql.js';
import { LinkedPlatformUrlRef } from '../../links/graphql.js';
import type {
  LinkpageALink,
  LinkpageALinkGroup,
  LinkpageAProfile,
  LinkpageASectionSetting,
  LinkpageASectionVisibility,
  LinkpageAStripeStatus,
  LinkpageATheme,
} from './parse.js';
import { profile } from './platform.js';

/** Declares linkpage-a's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function linkpageAGraphql(): void {
  const FLAG = 'Integer flag, 0 or 1';

  const LinkRef = builder.objectRef<LinkpageALink>('LinkpageALink').implement({
    fields: (t) => ({
      webLinkId: t.exposeInt('webLinkId'),
      linkImage: t.exposeString('linkImage', { description: 'Icon path relative to the platform media host' }),
      linkValue: t.exposeString('linkValue', { description: 'What the creator entered: a URL, an address, a number…' }),
      faceValue: t.exposeString('faceValue', { description: 'The value as shown on the page' }),
      baseUrl: t.string({ description: 'Web links only: the base URL of the linked platform', resolve: (l) => l.baseUrl ?? null }),
      isCustom: t.exposeBoolean('isCustom'),
      isAdult: t.exposeBoolean('isAdult'),
    }),
  });

  const LinkGroupRef = builder.objectRef<LinkpageALinkGroup>('LinkpageALinkGroup').implement({
    description: 'The links of one kind (Instagram, Email…)',
    fields: (t) => ({
      title: t.exposeString('title'),
      linkId: t.exposeInt('linkId', { description: 'Id of the link kind' }),
      isCustom: t.exposeBoolean('isCustom'),
      links: t.expose('links', { type: [LinkRef], nullable: false }),
    }),
  });

  const StripeStatusRef = builder.objectRef<LinkpageAStripeStatus>('LinkpageAStripeStatus').implement({
    fields: (t) => ({
      tipsEnabled: t.exposeInt('tipsEnabled', { description: FLAG }),
      stripeAccountId: t.exposeString('stripeAccountId'),
      stripeEnabled: t.exposeBoolean('stripeEnabled'),
    }),
  });

  const ThemeRef = builder.objectRef<LinkpageATheme>('LinkpageATheme').implement({
    fields: (t) => ({
      verifiedIcon: t.exposeString('verifiedIcon'),
      backgroundColor: t.exposeString('backgroundColor'),
      backgroundImage: t.exposeString('backgroundImage'),
      mainTextColor: t.exposeString('mainTextColor'),
      level1TextColor: t.exposeString('level1TextColor'),
      level2TextColor: t.exposeString('level2TextColor'),
      featuredLinkTitles: t.field({
        type: 'JSON',
        description: 'Nullable; kept as upstream sends it',
        resolve: (th) => th.featuredLinkTitles,
      }),
      bioBackground: t.exposeString('bioBackground'),
      profilePicture: t.exposeString('profilePicture'),
      customFont: t.exposeString('customFont'),
    }),
  });

  interface SectionSettingEntry extends LinkpageASectionSetting {
    section: string;
  }

  const SectionSettingRef = builder.objectRef<SectionSettingEntry>('LinkpageASectionSetting').implement({
    description: 'One entry of the wire `sectionSettings` object (keyed by section there)',
    fields: (t) => ({
      section: t.exposeString('section', { nullable: false }),
      enabled: t.exposeBoolean('enabled'),
      position: t.exposeInt('position'),
    }),
  });

  const SectionVisibilityRef = builder.objectRef<LinkpageASectionVisibility>('LinkpageASectionVisibility').implement({
    fields: (t) => ({
      section: t.exposeString('section'),
      order: t.exposeInt('order'),
      enabled: t.exposeInt('enabled', { description: FLAG }),
    }),
  });

  /** The creator's links to other platforms, classified by host (first link per platform). */
  function platformUrls(p: LinkpageAProfile): LinkedPlatformUrl[] {
    const values = p.webLinks.flatMap((g) => g.links.map((l) => l.linkValue ?? ''));
    return Object.entries(platformUrlFields(values))
      .filter((e): e is [string, string] => typeof e[1] === 'string')
      .map(([platform, url]) => ({ platform, url }));
  }

  const ProfileRef = builder.objectRef<LinkpageAProfile>('LinkpageAProfile').implement({
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false }),
      username: t.exposeString('username', { nullable: false }),
      firstName: t.exposeString('firstName'),
      lastName: t.exposeString('lastName'),
      bio: t.exposeString('bio'),
      displayNameOption: t.exposeString('displayNameOption'),
      profileImage: t.exposeString('profileImage', { description: 'Path relative to the platform media host' }),
      profileImageWebp: t.exposeString('profileImageWebp'),
      isDefaultProfilePicture: t.exposeBoolean('isDefaultProfilePicture'),
      cover: t.exposeString('cover'),
      logo: t.exposeString('logo'),
      logoMetaData: t.exposeString('logoMetaData'),
      qrCode: t.exposeString('QRCode', { description: 'QR code image path' }),
      webTheme: t.exposeString('webTheme'),
      customIcon: t.exposeString('linkmeCustomIcon', { description: 'Icon style path (`linkmeCustomIcon` on the wire)' }),
      referralLink: t.exposeString('referralLink'),
      deeplink: t.exposeString('deeplink'),
      profileVisitCount: t.exposeString('profileVisitCount', { description: 'Shortened count as shown, e.g. 15.9k' }),
      createdAt: t.exposeString('createdAt', { description: 'YYYY-MM-DD HH:MM:SS as upstream sends it' }),
      updatedAt: t.exposeString('updatedAt', { description: 'YYYY-MM-DD HH:MM:SS as upstream sends it' }),
      chatId: t.exposeString('chatID'),
      subscriptionFeature: t.exposeString('subscriptionFeature'),
      verifiedAccount: t.exposeInt('verifiedAccount', { description: FLAG }),
      isAmbassador: t.exposeInt('isAmbassador', { description: FLAG }),
      friendStatus: t.exposeInt('friendStatus', { description: FLAG }),
      isPrivate: t.exposeInt('isPrivate', { description: `${FLAG}; private profiles are never returned (PRIVATE_CONTENT)` }),
      killer: t.exposeInt('killer', { description: FLAG }),
      hideBottomButtons: t.exposeInt('hideBottomButtons', { description: FLAG }),
      customMailForm: t.exposeInt('customMailForm', { description: FLAG }),
      hideAddToContacts: t.exposeInt('hideAddToContacts', { description: FLAG }),
      subscriptionType: t.exposeInt('subscriptionType', { description: FLAG }),
      isMuteEnable: t.exposeInt('isMuteEnable', { description: FLAG }),
      showForm: t.exposeBoolean('showForm'),
      totalLinks: t.exposeInt('totalLinks'),
      totalFollowers: t.exposeInt('totalFollowers'),
      trackingPixels: t.field({ type: ['JSON'], nullable: false, resolve: (p) => p.trackingPixels }),
      businessInfo: t.field({ type: 'JSON', description: 'Nullable; kept as upstream sends it', resolve: (p) => p.businessInfo }),
      stripeStatus: t.expose('stripeStatus', { type: StripeStatusRef }),
      customisedTheme: t.expose('customisedTheme', { type: ThemeRef }),
      sectionSettings: t.field({
        type: [SectionSettingRef],
        nullable: false,
        description: 'The wire `sectionSettings` object as a list, one entry per section',
        resolve: (p) => Object.entries(p.sectionSettings).map(([section, s]) => ({ section, ...s })),
      }),
      sectionVisibility: t.expose('sectionVisibility', { type: [SectionVisibilityRef], nullable: false }),
      infoLinks: t.expose('infoLinks', { type: [LinkGroupRef], nullable: false, description: 'Contact links (e-mail, phone…) by kind' }),
      webLinks: t.expose('webLinks', { type: [LinkGroupRef], nullable: false, description: 'Links to other sites by kind' }),
      platformUrls: t.field({
        type: [LinkedPlatformUrlRef],
        nullable: false,
        description: 'The web links classified by host: one URL per linked platform (not a /v1 field: derived here from webLinks)',
        resolve: platformUrls,
      }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (p) => p }),
    }),
  });

  operationField(profile, ProfileRef);
}
