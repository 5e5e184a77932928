/**
 * Our own pages for linkpage-a (Linkme), not captures: used by the parser tests, the e2e tests,
 * the simulated web (test/sim) and the demo. Written by us: no capture of a link.me page exists.
 * The shape follows what is publicly known of the pages (today a TanStack Start page whose `$tsr`
 * script dehydrates the profile route's loader data, before that a Next.js page whose
 * `<script id="__NEXT_DATA__">` holds `props.pageProps.profile`: the same profile
 * object with its 0/1 flags, `YYYY-MM-DD HH:MM:SS` dates, relative image paths, `stripeStatus`,
 * `customisedTheme`, `sectionSettings`, `sectionVisibility`, and `infoLinks` / `webLinks` groups
 * of `{title, linkId, isCustom, links[]}`), plus members api.md does not list (which the record
 * leaves out). Every name, id and URL below is invented.
 */

/** api.md's members of a profile, in the order Linkme sends them: what the tests expect a record to hold. */
export const PROFILE_KEYS = [
  'id',
  'firstName',
  'lastName',
  'username',
  'verifiedAccount',
  'bio',
  'isAmbassador',
  'friendStatus',
  'profileVisitCount',
  'isDefaultProfilePicture',
  'profileImage',
  'profileImageWebp',
  'isPrivate',
  'referralLink',
  'deeplink',
  'logo',
  'logoMetaData',
  'QRCode',
  'webTheme',
  'linkmeCustomIcon',
  'cover',
  'createdAt',
  'updatedAt',
  'stripeStatus',
  'killer',
  'hideBottomButtons',
  'customMailForm',
  'hideAddToContacts',
  'subscriptionFeature',
  'showForm',
  'subscriptionType',
  'displayNameOption',
  'trackingPixels',
  'isMuteEnable',
  'totalLinks',
  'chatID',
  'infoLinks',
  'businessInfo',
  'webLinks',
  'customisedTheme',
  'totalFollowers',
  'sectionSettings',
  'sectionVisibility',
];

/** A link.me page around a `__NEXT_DATA__` object (`<` escaped as Next.js does). */
export function linkmeHtml(nextData: unknown, title = 'Linkme'): string {
  const json = JSON.stringify(nextData).replace(/</g, '\\u003c');
  return `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>${title}</title>
<meta name="description" content="All my links in one place"/><meta property="og:image" content="https://media.link.me/og/default.png"/>
<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js" async></script></head>
<body><div id="__next"><main><h1>${title}</h1><a href="https://about.link.me/privacy">Privacy</a><p>support@link.me</p></main></div>
<script id="__NEXT_DATA__" type="application/json">${json}</script></body></html>`;
}

/** The sample profile's web links: one of each kind the page shows. */
const WEB_LINKS = [
  {
    title: 'Instagram',
    linkId: 4,
    isCustom: false,
    links: [
      {
        webLinkId: 3300110,
        linkImage: 'style/icons/v5.0/Instagram-1.png',
        linkValue: 'https://www.instagram.com/mira.sol.music/',
        faceValue: 'mira.sol.music',
        baseUrl: 'https://www.instagram.com/',
        isCustom: false,
        isAdult: false,
      },
    ],
  },
  {
    title: 'Tiktok',
    linkId: 21,
    isCustom: false,
    links: [
      {
        webLinkId: 3300111,
        linkImage: 'style/icons/v5.0/TikTok-1.png',
        linkValue: 'https://www.tiktok.com/@mirasolmusic',
        faceValue: 'mirasolmusic',
        baseUrl: 'https://www.tiktok.com/',
        isCustom: false,
        isAdult: false,
      },
    ],
  },
  {
    title: 'Youtube',
    linkId: 12,
    isCustom: false,
    links: [
      {
        webLinkId: 3300113,
        linkImage: 'style/icons/v5.0/YouTube-1.png',
        linkValue: 'https://www.youtube.com/@MiraSolOfficial',
        faceValue: 'MiraSolOfficial',
        baseUrl: 'https://youtube.com/user/',
        isCustom: false,
        isAdult: false,
      },
      {
        webLinkId: 3300112,
        linkImage: 'style/icons/v5.0/YouTube-1.png',
        linkValue: 'https://www.youtube.com/watch?v=Tw7dEwAt3r0',
        faceValue: 'Tw7dEwAt3r0',
        baseUrl: 'https://youtube.com/user/',
        isCustom: false,
        isAdult: false,
      },
    ],
  },
  {
    title: 'Spotify',
    linkId: 10,
    isCustom: false,
    links: [
      {
        webLinkId: 3300114,
        linkImage: 'style/icons/v5.0/Spotify-1.png',
        linkValue: 'https://open.spotify.com/artist/3mIrAsOlXyZ0123456789a',
        faceValue: '3mIrAsOlXyZ0123456789a',
        baseUrl: 'https://open.spotify.com/user/',
        isCustom: false,
        isAdult: false,
      },
    ],
  },
  {
    title: 'Website',
    linkId: 900,
    isCustom: true,
    links: [
      {
        webLinkId: 3300115,
        linkImage: 'user-custom-icons/2204711/site.png',
        linkValue: 'https://mirasol.example/tour',
        faceValue: 'Tour dates',
        baseUrl: '',
        isCustom: true,
        isAdult: false,
      },
    ],
  },
  {
    title: 'Onlyfans',
    linkId: 70,
    isCustom: false,
    links: [
      {
        webLinkId: 3300116,
        linkImage: 'style/icons/v5.0/OnlyFans-1.png',
        linkValue: 'https://onlyfans.com/mirasolbackstage',
        faceValue: 'mirasolbackstage',
        baseUrl: 'https://onlyfans.com/',
        isCustom: false,
        isAdult: true,
      },
    ],
  },
];

/** A full profile: every api.md member, with values of each kind, and a few members api.md does not list. */
export function linkmeProfile(username = 'mira.sol', extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: '7c2e91a04b5d4f3e9a8b1c6d2e0f4a57',
    firstName: 'Mira',
    lastName: 'Solano',
    username,
    verifiedAccount: 1,
    bio: 'singer · songwriter 🌙\nnew single "Tidewater" out now',
    isAmbassador: 0,
    friendStatus: 0,
    profileVisitCount: '48.2k',
    isDefaultProfilePicture: false,
    profileImage: 'user-profile/2204711/tmp-8812-1731000000000.png',
    profileImageWebp: 'webp-images/user-profile/2204711/tmp-8812-1731000000000.webp',
    isPrivate: 0,
    referralLink: 'https://meglobalapp.page.link/Zx81mirasolRef',
    deeplink: 'https://meglobalapp.page.link/Qq27mirasolDeep',
    logo: 'user-logo/2204711/logo-1731000000001.png',
    logoMetaData: '{"width":512,"height":512}',
    QRCode: `qrCode/v2/${username}`,
    webTheme: 'dark',
    linkmeCustomIcon: 'style/icons/v5.1/LinkMe-3.png',
    cover: 'user-cover/2204711/cover-1731000000002.jpg',
    createdAt: '2023-03-14 09:26:53',
    updatedAt: '2025-10-02 18:04:11',
    stripeStatus: { tipsEnabled: 1, stripeAccountId: 'acct_1NvXyZmirasol01', stripeEnabled: true },
    killer: 0,
    hideBottomButtons: 1,
    customMailForm: 0,
    hideAddToContacts: 1,
    subscriptionFeature: 'premium_links',
    showForm: true,
    subscriptionType: 1,
    displayNameOption: 'full_name',
    trackingPixels: [{ type: 'meta', pixelId: '990011223344' }],
    isMuteEnable: 0,
    totalLinks: 9,
    chatID: 'LinkMe-2204711',
    infoLinks: [
      {
        title: 'Email',
        linkId: 1,
        isCustom: false,
        links: [
          {
            webLinkId: 3300101,
            linkImage: '',
            linkValue: 'bookings@mirasol.example',
            faceValue: 'bookingsmirasol.example',
            isCustom: false,
            isAdult: false,
          },
        ],
      },
      {
        title: 'Phone',
        linkId: 2,
        isCustom: false,
        links: [
          {
            webLinkId: 3300102,
            linkImage: 'style/icons/v5.0/Phone-1.png',
            linkValue: '+15550100123',
            faceValue: '+1 555 010 0123',
            isCustom: false,
            isAdult: false,
          },
        ],
      },
    ],
    businessInfo: { companyName: 'Tidewater Records', address: '12 Harbour St', city: 'Lisbon', country: 'PT' },
    webLinks: WEB_LINKS,
    customisedTheme: {
      verifiedIcon: 'gold',
      backgroundColor: '#101820',
      backgroundImage: 'user-theme/2204711/bg.jpg',
      mainTextColor: '#F2AA4C',
      level1TextColor: '#FFFFFF',
      level2TextColor: '#C7C7C7',
      featuredLinkTitles: '#F2AA4C',
      bioBackground: 'rgba(0,0,0,0.35)',
      profilePicture: 'circle',
      customFont: 'Poppins',
      // Not in api.md's theme: left out of the record.
      buttonStyle: 'rounded',
    },
    totalFollowers: 1380,
    sectionSettings: {
      shouts: { enabled: true, position: null },
      gallery: { enabled: false, position: 3 },
    },
    sectionVisibility: [
      { section: 'bio', order: 1, enabled: 1 },
      { section: 'featured_links', order: 2, enabled: 1 },
      { section: 'email_form', order: 3, enabled: 0 },
      { section: 'shop', order: 7, enabled: 1 },
      { section: 'shouts', order: 15, enabled: 1 },
    ],
    // Members api.md does not list: never returned.
    userId: 2204711,
    email: 'mira.private@mirasol.example',
    featuredLinks: [{ id: 55, title: 'Pre-save', url: 'https://mirasol.example/presave' }],
    ...extra,
  };
}

/** `__NEXT_DATA__` of a profile page around a profile (`undefined`: no `profile` key at all). */
export function profileNextData(
  profile: Record<string, unknown> | null | undefined,
  pagePropsExtra: Record<string, unknown> = {},
): Record<string, unknown> {
  const username = typeof profile?.username === 'string' ? profile.username : 'someone';
  return {
    props: {
      pageProps: {
        ...(profile === undefined ? {} : { profile }),
        featuredLinks: { list: [], total: 0 },
        seo: { title: `${username} | Linkme`, image: 'https://media.link.me/og/default.png' },
        ...pagePropsExtra,
      },
      __N_SSP: true,
    },
    page: '/[username]',
    query: { username },
    buildId: 'test-build',
    isFallback: false,
    gssp: true,
    locale: 'en',
    locales: ['en', 'es', 'pt'],
    defaultLocale: 'en',
    scriptLoader: [],
  };
}

/** The Next.js 404 page for a username nobody has. */
export function notFoundHtml(): string {
  return linkmeHtml(
    { props: { pageProps: { statusCode: 404 } }, page: '/404', query: {}, buildId: 'test-build', isFallback: false, gsp: true },
    '404: This page could not be found',
  );
}

/** Cloudflare's managed-challenge interstitial (status 403). */
export const CHALLENGE_HTML = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="refresh" content="390"></head><body><div class="main-wrapper" role="main">
<noscript><div class="h2">Enable JavaScript and cookies to continue</div></noscript></div>
<script>(function(){window._cf_chl_opt={cvId: '3',cZone: "link.me",cType: 'managed'};}());</script></body></html>`;

/**
 * A Next.js app-router 404 page, as a link.me on the app router would serve it (no
 * `__NEXT_DATA__`): Next.js's built-in not-found heading and the not-found digest in the flight
 * data. Written by us in German (Accept-Language decides the site's language): no sentence in it
 * is English, so only its markup can say what it is.
 */
export function localizedNotFoundHtml(): string {
  return `<!DOCTYPE html><html lang="de"><head><meta charSet="utf-8"/><meta name="robots" content="noindex"/><title>Linkme</title></head>
<body><div style="font-family:system-ui;height:100vh;text-align:center"><div><h1 class="next-error-h1" style="display:inline-block">404</h1>
<div style="display:inline-block"><h2>Diese Seite konnte nicht gefunden werden.</h2></div></div></div>
<script>(self.__next_f=self.__next_f||[]).push([0])</script>
<script>self.__next_f.push([1,"0:{\\"b\\":\\"test-build\\",\\"c\\":[\\"\\",\\"ghost\\"],\\"q\\":\\"\\",\\"e\\":\\"NEXT_HTTP_ERROR_FALLBACK;404\\"}\\n"])</script></body></html>`;
}

/**
 * A value written as seroval writes it in a TanStack Start page (our own writer, for test pages):
 * every object and array captured as `$R[n]=`, bare keys where they are identifiers, `!0`/`!1`,
 * `void 0`, strings as JSON strings.
 */
export function serovalText(value: unknown, next: { n: number } = { n: 1 }): string {
  if (value === undefined) return 'void 0';
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? '!0' : '!1';
  if (typeof value === 'number') return String(value);
  // seroval writes `<` as `\x3C`, so no string closes the script it is in.
  if (typeof value === 'string') return JSON.stringify(value).replace(/</g, '\\x3C');
  const ref = `$R[${next.n++}]=`;
  if (Array.isArray(value)) return `${ref}[${value.map((v) => serovalText(v, next)).join(',')}]`;
  const members = Object.entries(value as Record<string, unknown>).map(
    ([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}:${serovalText(v, next)}`,
  );
  return `${ref}{${members.join(',')}}`;
}

/**
 * A link.me page as today's site serves it: a TanStack Start page (no `__NEXT_DATA__`) whose
 * `$tsr` bootstrap script dehydrates the router — its manifest and matches, the profile route's
 * loader data (`featuredLinks`, `profile`) as seroval JavaScript. The wrapper follows TanStack
 * Start's own stream barrier; `loaderData` is ours.
 */
export function linkmeTsrHtml(loaderData: Record<string, unknown>, title = 'Linkme'): string {
  const next = { n: 1 };
  const manifest = serovalText({ routes: { __root__: { preloads: ['/assets/index-Dk2mQ81x.js'] } } }, next);
  const root = serovalText({ i: '__root__', u: 1764000000000, s: 'success', ssr: true }, next);
  const route = `$R[${next.n++}]={i:"/$username/$username",u:1764000000000,s:"success",ssr:!0,l:${serovalText(loaderData, next)}}`;
  const router = `$R[0]={manifest:${manifest},matches:$R[${next.n++}]=[${root},${route}],lastMatchId:"/$username/$username"}`;
  return `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>${title}</title>
<link rel="modulepreload" href="/assets/index-Dk2mQ81x.js"/></head>
<body><div id="root"><main><h1>${title}</h1><a href="https://about.link.me/privacy">Privacy</a></main></div>
<script class="$tsr" id="$tsr-stream-barrier">(self.$R=self.$R||{})["tsr"]=[];self.$_TSR={h(){this.hydrated=!0,this.c()},e(){this.streamEnded=!0,this.c()},c(){this.hydrated&&this.streamEnded&&(delete self.$_TSR,delete self.$R.tsr)},p(e){this.initialized?e():this.buffer.push(e)},buffer:[]};$_TSR.router=($R=>${router})($R["tsr"]);$_TSR.e();document.currentScript.remove()</script>
<script type="module" async="">import("/assets/index-Dk2mQ81x.js")</script></body></html>`;
}

/** The loader data of today's profile route: featured links beside the profile. */
export function tsrLoaderData(profile: Record<string, unknown> | null | undefined): Record<string, unknown> {
  return {
    initialData: { featuredLinks: { meta: { totalRecords: 0 }, list: [] } },
    ...(profile === undefined ? {} : { profile }),
  };
}
