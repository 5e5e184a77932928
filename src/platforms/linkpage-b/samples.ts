/**
 * Test pages for linkpage-b (Linktree), used by the parser tests and the e2e tests. Written by us,
 * not captured: the shape follows what is publicly known of today's pages (a Next.js page whose
 * `<script id="__NEXT_DATA__">` holds `props.pageProps.account` with `verticals`, `linkPlatforms`,
 * `timezone`, `links[]` of typed links and `socialLinks[]` of `{type, url, position}`); every
 * name, id and URL below is invented.
 */

/** A linktr.ee page around a `__NEXT_DATA__` object (`<` escaped as Next.js does). */
export function linktreeHtml(nextData: unknown, title = 'Linktree'): string {
  const json = JSON.stringify(nextData).replace(/</g, '\\u003c');
  return `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>${title}</title>
<meta name="description" content="Listen to our new album"/>
<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js" async></script></head>
<body><div id="__next"><div id="profile"><h1>@${title}</h1><p>Footer: support@linktr.ee</p></div></div>
<script id="__NEXT_DATA__" type="application/json">${json}</script></body></html>`;
}

/** A modern account: the six link types api.md shows, a HEADER, social icons and an e-mail icon. */
export function modernAccount(username = 'nightowlband', extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 48_123_907,
    uuid: '0d9f2c1e-6a57-4c1b-9e43-5f0a8e2b7c11',
    username,
    tier: 'pro',
    isActive: true,
    profilePictureUrl: 'https://ugc.production.linktr.ee/6c1f0b2e-avatar-nightowl.jpeg',
    avatarMode: 'default',
    pageTitle: 'Night Owl',
    description: 'indie trio from Leeds 🦉\nnew album out now',
    isLogoVisible: true,
    socialLinksPosition: 'TOP',
    createdAt: 1_612_345_678_000,
    updatedAt: 1_745_678_901_000,
    verticals: ['music', 'creative'],
    linkPlatforms: ['Spotify', 'YouTube', 'Instagram'],
    timezone: 'Europe/London',
    customAvatar: null,
    links: [
      {
        id: 701_000_001,
        type: 'HEADER',
        title: 'NEW MUSIC',
        position: 0,
        url: '',
        shouldRouteToProfile: false,
        modifiers: { thumbnailUrl: null },
        context: {},
        rules: { gate: { activeOrder: [] } },
      },
      {
        id: 701_000_002,
        type: 'SPOTIFY_ALBUM',
        title: 'stream the album "Moth Hours"',
        position: 1,
        url: 'https://open.spotify.com/album/4aBcDeFgHiJkLmNoPqRsTu?si=abc123',
        context: { embedOption: 'EMBED' },
      },
      {
        id: 701_000_003,
        type: 'SPOTIFY_SONG',
        title: 'single: "Porchlight"',
        position: 2,
        url: 'https://open.spotify.com/track/7zYxWvUtSrQpOnMlKjIhGf',
      },
      {
        id: 701_000_004,
        type: 'YOUTUBE_VIDEO',
        title: 'watch "Porchlight" (official video)',
        position: 3,
        url: 'https://www.youtube.com/watch?v=AbCdEfGhIjK',
      },
      { id: 701_000_005, type: 'PRODUCT', title: 'MERCH', position: 4, url: '', context: { productId: 'p-991' } },
      { id: 701_000_006, type: 'CLASSIC', title: 'Tour dates', position: 5, url: 'https://nightowlband.example.org/tour' },
      {
        id: 701_000_007,
        type: 'SOUNDCLOUD_PLAYLIST',
        title: 'demos & b-sides',
        position: 6,
        url: 'https://soundcloud.com/nightowl-demos/sets/b-sides',
      },
      { id: 701_000_008, type: 'CLASSIC', title: 'Bookings: Mgmt@NightOwlBand.co.uk', position: 7, url: 'https://twitch.tv/nightowllive' },
    ],
    socialLinks: [
      { type: 'INSTAGRAM', url: 'https://instagram.com/nightowlband', position: 0 },
      { type: 'TIKTOK', url: 'https://www.tiktok.com/@nightowl.band', position: 1 },
      { type: 'SPOTIFY', url: 'https://open.spotify.com/artist/1AbCdEfGhIjKlMnOpQrStU', position: 2 },
      { type: 'YOUTUBE', url: 'https://www.youtube.com/@nightowlband', position: 3 },
      { type: 'APPLE_MUSIC', url: 'https://music.apple.com/gb/artist/night-owl/1500000001', position: 4 },
      { type: 'EMAIL_ADDRESS', url: 'mailto:hello@nightowlband.co.uk', position: 5 },
    ],
    theme: { key: 'custom' },
    ...extra,
  };
}

/** `__NEXT_DATA__` of a profile page around an account. */
export function profileNextData(
  account: Record<string, unknown> | undefined,
  pagePropsExtra: Record<string, unknown> = {},
): Record<string, unknown> {
  const username = typeof account?.username === 'string' ? account.username : 'someone';
  return {
    props: {
      pageProps: {
        ...(account ? { account } : {}),
        isProfileVerified: false,
        hasConsentedToView: true,
        username,
        pageTitle: account?.pageTitle ?? username,
        metaTitle: `${username} | Linktree`,
        environment: { META_IMAGE_URL: 'https://assets.production.linktr.ee/profiles/default-meta-image.jpg' },
        ...pagePropsExtra,
      },
      __N_SSP: true,
    },
    page: '/[profile]',
    query: { profile: username },
    buildId: 'test-build',
    isFallback: false,
    gssp: true,
  };
}

/** Linktree's Next.js 404 page for a username nobody has. */
export function notFoundHtml(): string {
  return linktreeHtml(
    { props: { pageProps: { statusCode: 404 } }, page: '/404', query: {}, buildId: 'test-build', isFallback: false },
    'The page you’re looking for doesn’t exist.',
  );
}

/** Cloudflare's managed-challenge interstitial (status 403). */
export const CHALLENGE_HTML = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="refresh" content="390"></head><body><div class="main-wrapper" role="main">
<noscript><div class="h2">Enable JavaScript and cookies to continue</div></noscript></div>
<script>(function(){window._cf_chl_opt={cvId: '3',cZone: "linktr.ee",cType: 'managed'};}());</script></body></html>`;

/**
 * A not-found page as a linktr.ee on Next.js's app router would serve it (no `__NEXT_DATA__`):
 * the site's own not-found component, titled with the site's name, and the not-found digest in
 * the streamed flight data. Written by us in Japanese: no sentence in it is English, so only its
 * markup can say what it is.
 */
export function localizedNotFoundHtml(): string {
  return `<!DOCTYPE html><html lang="ja"><head><meta charSet="utf-8"/><meta name="robots" content="noindex"/><title>Linktree</title></head>
<body><main class="not-found"><h2>お探しのページは見つかりませんでした。</h2><a href="/">Linktreeを作成する</a></main>
<script>(self.__next_f=self.__next_f||[]).push([0])</script>
<script>self.__next_f.push([1,"1:{\\"digest\\":\\"NEXT_NOT_FOUND\\"}\\n"])</script></body></html>`;
}
