/**
 * Our own answers for linkpage-c (Komi), not captures: used by the parser tests, the e2e tests,
 * the simulated web (test/sim) and the demo. Written by us: no capture of Komi's API exists. The
 * shape follows what is publicly known of its two public endpoints:
 * `api/talent/usernames/<username>` answers the account (username, names, avatar, `accountStatus:
 * "active"`) with its `talentProfile` (id, displayName, bio, `socialProfileLinks[]` of `{type,
 * link}`…), or 404 `{"message": "The talent profile was not found", "code": 1000}`;
 * `api/talent-profiles/<id>/modules` answers the page's modules, content modules holding `items[]`
 * of `{id, url, order, title, visible, moduleId, thumbnail, versionId}` (products with `price` and
 * `currency`), GROUP modules holding modules. Every name, id and URL below is invented.
 */

export const PROFILE_ID = '3f0c6a52-8d1e-4b7a-9c25-61e0d4b8a7f3';
export const VERSION_ID = 'a8d4e2c1-5b60-4f9e-8a13-2c7d9e0b4f66';

/** The talent answer for a username. */
export function talentBody(
  username = 'nightowl',
  profile: Record<string, unknown> = {},
  account: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id: 'c71b0e94-2a3d-4e58-b6f1-09d8a7c5e312',
    username,
    firstName: 'Nora',
    lastName: 'Hollis',
    avatar: 'https://komi-production-assets.s3.amazonaws.com/photos/Xq3vN8pLr2TzW5hYk0aJd.jpg',
    accountStatus: 'active',
    createdAt: '2023-05-02T14:21:09.000Z',
    talentProfile: {
      id: PROFILE_ID,
      displayName: 'Nora Hollis',
      displayNameImage: null,
      bio: 'night owl, early riser 🦉\nfilm photographer',
      website: null,
      socialProfileLinks: [
        { type: 'INSTAGRAM', link: 'https://www.instagram.com/nora.hollis/' },
        { type: 'TIKTOK', link: 'https://www.tiktok.com/@norahollis' },
        { type: 'YOUTUBE', link: 'https://www.youtube.com/@NoraHollisFilm' },
        { type: 'TWITTER', link: 'https://twitter.com/norahollis' },
        { type: 'SNAPCHAT', link: 'https://www.snapchat.com/add/norahollis' },
        { type: 'WEBSITE', link: 'https://norahollis.example/' },
        { type: 'FACEBOOK', link: '' },
      ],
      theme: { id: 'midnight', font: 'Inter' },
      publishedVersionId: VERSION_ID,
      ...profile,
    },
    ...account,
  };
}

/** The modules answer: a GROUP holding a LINK module, a PRODUCT module, and modules without entries. */
export function modulesBody(extraModules: unknown[] = []): unknown[] {
  return [
    { id: 'm-header-01', type: 'HEADER', order: 0, visible: true, title: 'Hi, I am Nora' },
    {
      id: '0b9e7d11-4c2a-4f83-9e65-7a1d3c5b8e20',
      type: 'GROUP',
      order: 1,
      visible: true,
      title: 'Featured',
      items: [
        {
          id: '6e2f9a34-1b7c-4d58-a0e3-58c2b9d1f407',
          type: 'LINK',
          order: 0,
          visible: true,
          items: [
            {
              id: 'e4a1c7b2-9d3f-4e60-8b15-3f7a2d9c6e81',
              url: 'https://norahollis.example/prints',
              order: 0,
              title: 'Shop my prints',
              visible: true,
              moduleId: '6e2f9a34-1b7c-4d58-a0e3-58c2b9d1f407',
              thumbnail: 'https://komi-production-assets.s3-accelerate.amazonaws.com/photos/Pr1ntsTh0mbA9xQ2.jpg',
              versionId: VERSION_ID,
            },
            {
              id: '2d8b5f90-7a1e-4c36-9f42-b1e0c8a7d593',
              url: 'https://open.spotify.com/playlist/5nIgHtOwLpLaYlIsT0123x',
              order: 1,
              title: 'darkroom playlist',
              visible: true,
              moduleId: '6e2f9a34-1b7c-4d58-a0e3-58c2b9d1f407',
              thumbnail: '',
              versionId: VERSION_ID,
            },
          ],
        },
      ],
    },
    {
      id: '9c3d1e58-6b2a-4f07-8d94-e5a7b0c2f168',
      type: 'PRODUCT',
      order: 2,
      visible: true,
      title: 'Gear I use',
      items: [
        {
          id: 'f17a3b8c-2e5d-4a90-b6c4-8d1e7f3a0b25',
          url: 'https://shop.example/products/35mm-film-pack',
          order: 0,
          price: 24.5,
          title: ' 35MM FILM | 5 PACK ',
          visible: true,
          currency: 'EUR',
          moduleId: '9c3d1e58-6b2a-4f07-8d94-e5a7b0c2f168',
          thumbnail: 'https://komi-production-assets.s3-accelerate.amazonaws.com/photos/F1lmP4ck0Th9mb.png',
          versionId: VERSION_ID,
        },
        {
          id: '5a0d2c7e-8f1b-4e39-a6d2-c4b9e1f7a083',
          url: 'https://www.patreon.com/norahollis',
          order: 1,
          price: 5,
          title: 'Darkroom club',
          visible: false,
          currency: 'USD',
          moduleId: '9c3d1e58-6b2a-4f07-8d94-e5a7b0c2f168',
          thumbnail: 'https://komi-production-assets.s3-accelerate.amazonaws.com/photos/Cl9bTh0mbN4il.png',
          versionId: VERSION_ID,
        },
      ],
    },
    { id: 'm-socials-01', type: 'SOCIALS', order: 3, visible: true, items: [] },
    ...extraModules,
  ];
}

/** Komi's answer for a username nobody has (served with HTTP 404). */
export const NOT_FOUND_BODY = { statusCode: 404, message: 'The talent profile was not found', code: 1000 };

/** Cloudflare's managed-challenge interstitial (status 403). */
export const CHALLENGE_HTML = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="refresh" content="390"></head><body><div class="main-wrapper" role="main">
<noscript><div class="h2">Enable JavaScript and cookies to continue</div></noscript></div>
<script>(function(){window._cf_chl_opt={cvId: '3',cZone: "api.komi.io",cType: 'managed'};}());</script></body></html>`;
