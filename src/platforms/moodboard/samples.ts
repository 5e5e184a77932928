/**
 * Hand-written moodboard (Cosmos) upstream bodies for the parser and end-to-end tests.
 *
 * NOT captures — no capture of api.cosmos.so exists (platforms.md). They are written by us in the
 * shape of the public GraphQL endpoint's answers as public clients select them (gallery-dl's
 * cosmos extractor, published query documents for `GetElementDetails` / `SearchGlobalElements`):
 * `ElementTile` subtypes with `__typename`, numeric `id`/`ownerId`, ISO `createdAt`,
 * `shareUrl` https://www.cosmos.so/e/<id>, media on cdn.cosmos.so with a string `mediaId`,
 * `meta { nextPageCursor count }` with an opaque base64 cursor, `<n>…</n>` highlight marks in
 * search captions, and errors as `{message, path, extensions: {code}}` beside a null root.
 * Names, ids, URLs and texts are invented.
 */

type Obj = Record<string, unknown>;

export const CDN = 'https://cdn.cosmos.so';

export function staticImage(mediaId: string, extra: Obj = {}): Obj {
  return {
    __typename: 'StaticImage',
    mediaId,
    url: `${CDN}/${mediaId}`,
    width: 1200,
    height: 1600,
    notSafeForWorkStatus: 'SAFE',
    aiGenerated: false,
    blurHash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
    ...extra,
  };
}

export function videoMedia(mediaId: string): Obj {
  return {
    __typename: 'Video',
    mediaId,
    url: `${CDN}/${mediaId}.mp4`,
    width: 1080,
    height: 1920,
    notSafeForWorkStatus: 'SAFE',
    aiGenerated: false,
    duration: 12.48,
    isStored: true,
    thumbnail: { __typename: 'VideoThumbnail', hash: 'L9Q0%7', url: `${CDN}/${mediaId}-thumbnail.jpg` },
    mux: {
      __typename: 'MuxVideo',
      playbackUrl: `https://stream.mux.com/${mediaId}.m3u8`,
      mp4Url: `https://stream.mux.com/${mediaId}/high.mp4`,
    },
  };
}

export function animatedImage(mediaId: string): Obj {
  return {
    __typename: 'AnimatedImage',
    mediaId,
    url: `${CDN}/${mediaId}.gif`,
    width: 480,
    height: 270,
    notSafeForWorkStatus: 'SAFE',
    aiGenerated: true,
    blurHash: 'L02rs+WB00ay~qj[D%ay',
    video: { __typename: 'AnimatedImageVideo', url: `${CDN}/${mediaId}.mp4`, thumbnailUrl: `${CDN}/${mediaId}-still.jpg` },
  };
}

const base = (id: number, typename: string, extra: Obj = {}): Obj => ({
  __typename: typename,
  id,
  processingState: 'DONE',
  contentAccessibility: 'PUBLIC',
  createdAt: '2025-03-14T09:26:53.589Z',
  isFeatured: false,
  isReadyToShow: true,
  hasIllegalReports: false,
  ownerId: 4412071,
  owner: { __typename: 'User', username: 'studio.vell', isVerifiedProfile: false, verifiedProfile: null },
  shareUrl: `https://www.cosmos.so/e/${id}`,
  originalClusterId: 98765432,
  generatedCaption: {
    __typename: 'GeneratedCaption',
    text: 'A brutalist concrete stairwell lit by a single skylight, shot in black and white.',
  },
  source: {
    __typename: 'ElementSource',
    url: 'https://www.are.na/block/31234567',
    isEditable: false,
    isPublicDomain: false,
    author: {
      __typename: 'ElementSourceAuthor',
      username: 'mara.k',
      fullName: 'Mara Keller',
      profileUrl: 'https://www.are.na/mara-k',
      avatarUrl: 'https://d2w9rnfcy7mm78.cloudfront.net/123/medium.jpg',
    },
  },
  ...extra,
});

/** A single-image post (MediaElementTile, StaticImage). */
export function imageElement(id = 1909064612, extra: Obj = {}): Obj {
  return base(id, 'MediaElementTile', {
    hasMoreMedia: false,
    multipleMedia: [],
    media: staticImage('5c1f0e2a-7d7b-4a57-9a53-3f3e4b1c2d10'),
    ...extra,
  });
}

/** A gallery: `media` is the first image, `multipleMedia` lists all three. */
export function galleryElement(id = 1136567949): Obj {
  const imgs = ['0b6f7c3e-1111-4aaa-8bbb-000000000001', '0b6f7c3e-1111-4aaa-8bbb-000000000002', '0b6f7c3e-1111-4aaa-8bbb-000000000003'].map(
    (m) => staticImage(m),
  );
  return base(id, 'MediaElementTile', { hasMoreMedia: true, media: imgs[0], multipleMedia: imgs, source: null });
}

export function videoElement(id = 1861677771): Obj {
  return base(id, 'MediaElementTile', {
    hasMoreMedia: false,
    multipleMedia: [],
    media: videoMedia('f00dcafe-2222-4ccc-9ddd-000000000010'),
  });
}

export function animatedElement(id = 1227529052): Obj {
  return base(id, 'MediaElementTile', {
    hasMoreMedia: false,
    multipleMedia: [],
    media: animatedImage('beadfeed-3333-4eee-8fff-000000000020'),
    generatedCaption: null,
  });
}

export function productElement(id = 486842213): Obj {
  return base(id, 'ProductElementTile', {
    media: staticImage('a11ce000-4444-4a4a-8b8b-000000000030', { width: 1000, height: 1000 }),
    productPrice: { __typename: 'Price', value: 129.5, currency: 'EUR' },
    productBrand: 'HAY',
    productTitle: 'Palissade Lounge Chair',
    productDescription: 'Powder-coated steel lounge chair for outdoor use.',
    source: {
      __typename: 'ElementSource',
      url: 'https://www.hay.com/palissade-lounge-chair',
      isEditable: false,
      isPublicDomain: false,
      author: null,
    },
  });
}

export function websiteElement(id = 174672888): Obj {
  return base(id, 'WebsiteElementTile', {
    media: staticImage('c0ffee00-5555-4d4d-9e9e-000000000040', { width: 1440, height: 900 }),
    websiteTitle: 'Index — Studio Vell',
    websiteDescription: 'Portfolio of a small design studio.',
    source: { __typename: 'ElementSource', url: 'https://studiovell.example/', isEditable: true, isPublicDomain: false, author: null },
  });
}

export function textElement(id = 21166243): Obj {
  return base(id, 'TextElementTile', { text: 'Less, but better.', generatedCaption: null, source: null });
}

/** GetElementDetails answer: the element plus elementTopConnections' count (the save count). */
export function elementDetails(element: Obj, saveCount = 57): Obj {
  return {
    data: {
      elementView: {
        __typename:
          element.__typename === 'MediaElementTile' && Array.isArray(element.multipleMedia) && element.multipleMedia.length > 1
            ? 'MultiMediaElementView'
            : 'DefaultElementView',
        element,
      },
      elementTopConnections: { __typename: 'ClusterConnectionsResult', meta: { __typename: 'PageMeta', count: saveCount } },
    },
  };
}

export function elementNotFound(id: number | string): Obj {
  return {
    errors: [
      { message: `Element ${id} not found`, locations: [{ line: 2, column: 3 }], path: ['elementView'], extensions: { code: 'NOT_FOUND' } },
    ],
    data: { elementView: null, elementTopConnections: null },
  };
}

/** A cursor in the opaque base64 form Cosmos hands out. */
export function cursorFor(offset: number, term: string): string {
  return Buffer.from(JSON.stringify({ searchTerm: term, offset, sessionId: 'b7d2c9e4-6a1f-4f0e-9c3b-2f6e8d1a5b70' })).toString('base64');
}

/** SearchGlobalElements answer. */
export function searchAnswer(items: Obj[], nextPageCursor: string | null, count = 448): Obj {
  return {
    data: {
      searchElements: {
        __typename: 'SearchElementsResult',
        items: items.map((it) => ({ ...it, slateId: 'slate_01J8Z3' })),
        meta: { __typename: 'PageMeta', nextPageCursor, count },
      },
    },
  };
}

/** A search item whose caption carries Cosmos's `<n>…</n>` highlight marks. */
export function highlighted(el: Obj, caption: string): Obj {
  return { ...el, generatedCaption: { __typename: 'GeneratedCaption', text: caption } };
}

/** Cloudflare's JS challenge page, as served with HTTP 403 to clients it distrusts. */
export const CLOUDFLARE_CHALLENGE = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="refresh" content="390"></head><body><div class="main-wrapper" role="main">
<div class="main-content"><h1 class="zone-name-title h1">api.cosmos.so</h1>
<h2 class="h2" id="challenge-running">Checking if the site connection is secure</h2>
<noscript><div id="challenge-error-title">Enable JavaScript and cookies to continue</div></noscript></div></div>
<script>(function(){window._cf_chl_opt={cvId: '3',cZone: "api.cosmos.so",cType: 'managed'};
var cpo=document.createElement('script');cpo.src='/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=8f1e2d3c4b5a6978';
document.getElementsByTagName('head')[0].appendChild(cpo);}());</script></body></html>`;
