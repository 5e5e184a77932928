/**
 * Hand-written retail-shop (Amazon creator storefront) upstream bodies for the parser and
 * end-to-end tests.
 *
 * NOT captures — no capture of an Amazon storefront exists (platforms.md). They are written by us
 * from what is publicly known of the pages: the storefront at www.amazon.com/shop/<creator> shows
 * the creator's display name, bio, profile image and social icons, "trending picks" (product
 * image, price, percent off, linking to /shop/<creator>/getProductDetails/<ASIN>
 * ?showRelatedPost=true), curations (/shop/<creator>/curation/<uuid>, with a post count) and one
 * feed of posts — idea lists (ids `amzn1.ideas.<LISTID>`, shown at /shop/<creator>/list/<LISTID>,
 * with an item count), shoppable videos (with the ASINs of their products) and photos — paged by
 * an opaque token the next page request takes back unchanged. Product images are on
 * m.media-amazon.com/images/I/…, curation covers under images/S/shoppable-media-external-…. How
 * the page hands that data to its scripts (an AUI `a-state` JSON script) and the JSON page
 * request (endpoints.ts) are our design; see parse.ts. Creators, ids, texts and prices are
 * invented.
 */
import { STATE_KEY } from './parse.js';

type Obj = Record<string, unknown>;

const IMG = 'https://m.media-amazon.com/images/I';
const MEDIA = 'https://m.media-amazon.com/images/S/shoppable-media-external-prod-iad-us-east-1';

// ---------------------------------------------------------------------------------------------
// Posts and sections, in the storefront state's shape
// ---------------------------------------------------------------------------------------------

export function listPost(handle: string, listId: string, title: string, itemCount: number, extra: Obj = {}): Obj {
  return {
    postType: 'IDEA_LIST',
    postId: `amzn1.ideas.${listId}`,
    title,
    itemCount,
    heroImageUrl: 'https://m.media-amazon.com/images/G/01/Influencer/full_bleed_pin_2x.png',
    url: `/shop/${handle}/list/${listId}`,
    likeCount: 14,
    isPinned: false,
    ...extra,
  };
}

export function videoPost(videoId: string, title: string, asins: string[], extra: Obj = {}): Obj {
  return {
    postType: 'VIDEO',
    postId: `amzn1.vse.video.${videoId}`,
    title,
    thumbnailUrl: `${MEDIA}/${videoId.slice(0, 8)}-4c1e-4a57-9d0b-2f3e8a1c6b70/thumb._SX300_SCLZZZZZZZ_.jpeg`,
    durationSeconds: 41,
    products: asins.map((asin) => ({ asin, imageUrl: `${IMG}/41${asin.slice(-6)}L._AC_.jpg` })),
    ...extra,
  };
}

export function photoPost(photoId: string): Obj {
  return {
    postType: 'PHOTO',
    postId: `amzn1.vse.photo.${photoId}`,
    title: 'entryway refresh',
    imageUrl: `${MEDIA}/${photoId}/photo._SX450_.jpeg`,
    products: [{ asin: 'B0CQ7TR2LM' }],
  };
}

export function trendingPick(handle: string, asin: string, amount: number, savings: number | null): Obj {
  return {
    asin,
    imageUrl: `${IMG}/41${asin.slice(2)}L._AC_.jpg`,
    detailPageUrl: `/shop/${handle}/getProductDetails/${asin}?showRelatedPost=true`,
    price: { amount, currencyCode: 'USD', displayAmount: `$${amount.toFixed(2)}` },
    ...(savings === null ? {} : { savingsPercentage: savings, savingsLabel: `-${savings}%` }),
  };
}

export function curation(handle: string, uuid: string, title: string, postCount: number): Obj {
  return {
    curationId: uuid,
    title,
    postCount,
    coverImageUrl: `${MEDIA}/${uuid}/cover._SX225_SCLZZZZZZZ_.jpeg`,
    url: `/shop/${handle}/curation/${uuid}`,
  };
}

export interface StorefrontSpec {
  handle: string;
  displayName?: string;
  bio?: string;
  profileImageUrl?: string;
  socialLinks?: Obj[];
  trendingPicks?: Obj[];
  curations?: Obj[];
  posts: Obj[];
  nextPageToken: string | null;
}

/** The `a-state` JSON of a storefront page. */
export function storefrontState(s: StorefrontSpec): Obj {
  return {
    marketplaceId: 'ATVPDKIKX0DER',
    locale: 'en_US',
    storefront: {
      handle: s.handle,
      isTopCreator: true,
      profile: {
        displayName: s.displayName ?? null,
        bio: s.bio ?? null,
        profileImageUrl: s.profileImageUrl ?? null,
        socialLinks: s.socialLinks ?? [],
        affiliateDisclosure: 'Earns commissions',
      },
      trendingPicks: s.trendingPicks ?? [],
      curations: s.curations ?? [],
      feed: { posts: s.posts, nextPageToken: s.nextPageToken },
    },
  };
}

/** The JSON answer of a later page request. */
export function feedAnswer(posts: Obj[], nextPageToken: string | null): Obj {
  return { posts, nextPageToken };
}

// ---------------------------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------------------------

/** JSON as a script element holds it: `<` escaped so no text can close the element. */
function scriptJson(v: unknown): string {
  return JSON.stringify(v).replace(/</g, '\\u003c');
}

const attr = (v: unknown) => JSON.stringify(v).replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** A storefront page around a state object (or with no storefront state when `state` is undefined). */
export function storefrontHtml(state: Obj | undefined, title = 'Amazon.com: Storefront'): string {
  const stateScript =
    state === undefined ? '' : `<script type="a-state" data-a-state="${attr({ key: STATE_KEY })}">${scriptJson(state)}</script>`;
  return `<!doctype html><html lang="en-us" class="a-no-js" data-19ax5a9jf="dingo"><head>
<meta charset="utf-8"><title>${title}</title>
<link rel="canonical" href="https://www.amazon.com/shop/creator">
<script type="a-state" data-a-state="${attr({ key: 'nav-global-state' })}">{"customerName":null,"isPrime":false}</script>
</head><body class="a-m-us a-aui_72554-c">
<div id="a-page"><header id="navbar-main" class="nav-opt-sprite"><a href="/ref=nav_logo" aria-label="Amazon">Amazon</a>
<form id="nav-search-bar-form" action="/s/ref=nb_sb_noss" method="GET" role="search"><input type="text" name="field-keywords"></form></header>
<div id="storefront-root" class="shop-app"><div class="shop-profile-placeholder a-spinner-wrapper"></div></div>
${stateScript}
<div id="navFooter"><a href="/gp/help/customer/display.html?nodeId=508088">Conditions of Use</a></div>
</div></body></html>`;
}

/** Amazon's robot check (as answered with 200 or 503). */
export const ROBOT_CHECK_HTML = `<!doctype html><html lang="en" class="a-no-js"><head><meta charset="utf-8">
<title dir="ltr">Amazon.com</title></head><body>
<div class="a-container a-padding-double-large" style="min-width:350px;padding:44px 0 !important">
<div class="a-row a-spacing-double-large" style="width: 350px; margin: 0 auto">
<div class="a-box a-alert a-alert-info a-spacing-base"><div class="a-box-inner"><h4>Enter the characters you see below</h4>
<p class="a-last">Sorry, we just need to make sure you're not a robot. For best results, please make sure your browser is accepting cookies.</p></div></div>
<form method="get" action="/errors/validateCaptcha" name="">
<input type="hidden" name="amzn" value="Xq3kTb0sYw1PzHr5NvQ8Lg=="><input type="hidden" name="amzn-r" value="&#047;shop&#047;creator">
<div class="a-row a-text-center"><img src="https://images-na.ssl-images-amazon.com/captcha/twprlkcx/Captcha_qwertyuiop.jpg"></div>
<input autocomplete="off" spellcheck="false" placeholder="Type characters" id="captchacharacters" name="field-keywords" type="text">
<span class="a-button a-button-primary a-span12"><button type="submit" class="a-button-text">Continue shopping</button></span>
</form></div>
<div class="a-divider a-divider-section"><div class="a-divider-inner"></div></div>
<p class="a-size-mini">To discuss automated access to Amazon data please contact api-services-support@amazon.com.</p>
</div></body></html>`;

/** The "Sorry! Something went wrong!" dog page Amazon serves (usually as 503) when it throttles. */
export const DOG_PAGE_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Sorry! Something went wrong!</title></head>
<body><div style="text-align:center"><a href="/ref=cs_503_logo"><img src="https://images-na.ssl-images-amazon.com/images/G/01/error/logo._TTD_.png" alt="Amazon.com"></a>
<p><a href="/ref=cs_503_link"><img src="https://images-na.ssl-images-amazon.com/images/G/01/error/500_503.png" alt="Sorry! Something went wrong on our end. Please go back and try again or go to Amazon's home page."></a></p>
<a href="/dogsofamazon/ref=cs_503_d"><img src="https://images-na.ssl-images-amazon.com/images/G/01/error/44._TTD_.jpg" alt="Dogs of Amazon"></a></div></body></html>`;

/** Amazon's not-found page (its 404 dog page). */
export const NOT_FOUND_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Page Not Found</title></head>
<body><div style="text-align:center"><a href="/ref=cs_404_logo"><img src="https://images-na.ssl-images-amazon.com/images/G/01/error/logo._TTD_.png" alt="Amazon.com"></a>
<p><a href="/ref=cs_404_link"><img src="https://images-na.ssl-images-amazon.com/images/G/01/error/title._TTD_.png" alt="Sorry! We couldn't find that page. Try searching or go to Amazon's home page."></a></p>
<a href="/dogsofamazon/ref=cs_404_d"><img src="https://images-na.ssl-images-amazon.com/images/G/01/error/61._TTD_.jpg" alt="Dogs of Amazon"></a></div></body></html>`;

/** The same not-found page as amazon.de serves it (our own German version: only the words change). */
export const LOCALIZED_NOT_FOUND_HTML = `<!doctype html><html lang="de-de"><head><meta charset="utf-8"><title>Seite nicht gefunden</title></head>
<body><div style="text-align:center"><a href="/ref=cs_404_logo"><img src="https://images-eu.ssl-images-amazon.com/images/G/03/error/logo._TTD_.png" alt="Amazon.de"></a>
<p><a href="/ref=cs_404_link"><img src="https://images-eu.ssl-images-amazon.com/images/G/03/error/title._TTD_.png" alt="Leider konnten wir die gesuchte Seite nicht finden. Versuchen Sie es mit einer Suche oder gehen Sie zur Startseite von Amazon."></a></p>
<a href="/dogsofamazon/ref=cs_404_d"><img src="https://images-eu.ssl-images-amazon.com/images/G/03/error/61._TTD_.jpg" alt="Die Hunde von Amazon"></a></div></body></html>`;

/** Amazon's home page, where a storefront that does not exist redirects. */
export const HOME_HTML = `<!doctype html><html lang="en-us"><head><meta charset="utf-8">
<title>Amazon.com. Spend less. Smile more.</title></head><body><div id="a-page"><div id="gw-layout"></div></div></body></html>`;

// ---------------------------------------------------------------------------------------------
// Three storefronts (page 1: lists and videos; lists only; videos only) and their later pages
// ---------------------------------------------------------------------------------------------

/** Page tokens: opaque strings. The second deliberately looks like a video id and leads to lists. */
export const TOKENS = {
  junoPage2: 'amzn1.ideas.2J7QX0LRT5W9K_0_2025-10-14T18:22:05.114Z',
  junoPage3: 'amzn1.vse.video.c0ffee+/Zm9v=&x=1',
  tessPage2: 'amzn1.ideas.3HC0MQ2W8ZPLE_5_2025-09-30T07:04:51.902Z',
} as const;

export const JUNO = 'juno.nesting';

/** Both kinds of post, every section filled. */
export function junoPage1(): Obj {
  return storefrontState({
    handle: JUNO,
    displayName: 'Juno | cozy home finds',
    bio: 'small-space styling & renter-friendly upgrades ✨ everything I link I own & love — tap the icons to follow along!',
    profileImageUrl: `${IMG}/81qVn3sQ2pL._CR0%2C0%2C1080%2C1080_._US500_SCLZZZZZZZ_.jpg`,
    socialLinks: [
      { socialType: 'INSTAGRAM', url: 'https://www.instagram.com/juno.nesting' },
      { socialType: 'TIKTOK', url: 'https://www.tiktok.com/@juno.nesting' },
      { socialType: 'YOUTUBE', url: 'https://www.youtube.com/@junonesting' },
      { socialType: 'INSTAGRAM', url: 'https://www.instagram.com/juno.nesting' },
      { socialType: 'OTHER', url: 'javascript:void(0)' },
    ],
    trendingPicks: [
      trendingPick(JUNO, 'B0D4KQ7XRM', 24.99, 38),
      trendingPick(JUNO, 'B0C8ZL2V4N', 1299.0, 12),
      trendingPick(JUNO, 'B0BXT93HJQ', 8.49, null),
    ],
    curations: [
      curation(JUNO, '5f0c2a9e-7b41-4d8e-9a63-1c2e4b7d9f01', 'Living room glow-up 🛋️', 48),
      curation(JUNO, 'a3d71e55-02bc-4f6a-8e19-7c40d2b68e3a', 'Tiny kitchen, big ideas', 1204),
    ],
    posts: [
      listPost(JUNO, '1RZ8Q3LW0KX7D', 'Rental-friendly bathroom', 36, { isPinned: true }),
      videoPost('1f4b9c2d7e8a4b6c9d0e1f2a3b4c5d6e', 'Styling my open shelves under $50', ['B0D4KQ7XRM', 'B09TQ2X7LC', 'B0D4KQ7XRM']),
      photoPost('7d2e9f10'),
      listPost(JUNO, '2YH4M9ZQ6TB1C', 'Fall candles & throws', 112),
    ],
    nextPageToken: TOKENS.junoPage2,
  });
}

/** Page 2 of juno: videos only. */
export function junoPage2(): Obj {
  return feedAnswer(
    [
      videoPost('2a5c8e0b1d3f4a6c8e0a2c4e6a8c0e2a', 'Entryway makeover in 60 seconds', ['B0CQ7TR2LM']),
      videoPost('3b6d9f1c2e4a5b7d9f1b3d5f7b9d1f3b', 'My most-used kitchen gadget', []),
    ],
    TOKENS.junoPage3,
  );
}

/** Page 3 of juno, the last: lists only, although its token looked like a video id. */
export function junoPage3(): Obj {
  return feedAnswer([listPost(JUNO, '0KD2W7XQ9PL3A', 'Gifts for hosts', 18)], null);
}

export const TESS = 'trailtess';

/** Lists only, no trending picks or curations, no social links. */
export function tessPage1(): Obj {
  return storefrontState({
    handle: TESS,
    displayName: 'Tess on the Trail',
    bio: 'thru-hiker • gear nerd • ultralight on a budget',
    profileImageUrl: `${IMG}/71bTq0ZkP8L._US500_SCLZZZZZZZ_.jpg`,
    posts: [listPost(TESS, '3HC0MQ2W8ZPLE', 'Ultralight shelter picks', 9), listPost(TESS, '1AQ5Z8N0RB7WE', 'Camp kitchen', 27)],
    nextPageToken: TOKENS.tessPage2,
  });
}

export function tessPage2(): Obj {
  return feedAnswer([listPost(TESS, '2LM9R4T6YC0VX', 'Rain gear that works', 14)], null);
}

export const MARCO = 'kitchenwithmarco';

/** Videos only, a single page. */
export function marcoPage1(): Obj {
  return storefrontState({
    handle: MARCO,
    displayName: 'Marco Ruiz',
    profileImageUrl: `${IMG}/61Cw4pR9yNL._US500_SCLZZZZZZZ_.jpg`,
    socialLinks: [{ socialType: 'YOUTUBE', url: 'https://www.youtube.com/@kitchenwithmarco' }],
    trendingPicks: [trendingPick(MARCO, 'B07PGL2ZSL', 34.95, 15)],
    posts: [videoPost('4c7e0a2d3f5b6c8e0a2c4e6a8c0e2a4c', 'Knife skills 101', ['B07PGL2ZSL', 'B00004OCKR'])],
    nextPageToken: null,
  });
}
