/**
 * Test pages for linkpage-d (Pillar), used by the parser tests and the e2e tests. Written by us,
 * not captured — no capture of a Pillar page exists. The shape follows what is publicly known:
 * a server-rendered Vue page (`<div id="app" data-server-rendered="true">`, Vue CLI
 * `chunk-vendors` bundles) whose store is handed over as `window.__INITIAL_STATE__`, holding the
 * creator's profile with the field names the peer's output passes through (`first_name`,
 * `email_primary`, one snake_case field per social platform with `""` when unset, `links[]` of
 * `{id, type, title, url, clicks, order}`, `products[]`). Every name, id and URL is invented.
 */

/** A pillar.io page around a store object (`<` escaped as serialize-javascript does). */
export function pillarHtml(state: unknown, title = 'Pillar'): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003C');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<meta property="og:title" content="${title}"><link href="/js/chunk-vendors.3f2a1c9e.js" rel="preload" as="script">
<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js" async></script></head>
<body><div id="app" data-server-rendered="true"><main class="shop"><h1>${title}</h1>
<footer>Questions? <a href="mailto:support@pillar.io">support@pillar.io</a></footer></main></div>
<script>window.__INITIAL_STATE__=${json};(function(){var s;(s=document.currentScript||document.scripts[document.scripts.length-1]).parentNode.removeChild(s);}());</script>
<script src="/js/chunk-vendors.3f2a1c9e.js"></script><script src="/js/app.1b2c3d4e.js"></script></body></html>`;
}

/** A creator profile: every api.md field, links of several kinds, two products. */
export function creatorProfile(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: '5b0e3c1a-8f27-4d6b-9a41-2c7e9d310f58',
    alias: 'maraquintero',
    first_name: 'Mara',
    last_name: 'Quintero',
    email_primary: 'mara.quintero.music@gmail.com',
    email: 'Booking@MaraQuintero.mx',
    location: 'Guadalajara, México',
    bio: 'cantautora · nuevo sencillo "Marea" ya disponible',
    profile_image: 'https://res.cloudinary.com/pillario/image/upload/v1712000000/profiles/mara-q.jpg',
    amazon: '',
    medium: '',
    tiktok: 'https://www.tiktok.com/@maraquintero',
    twitch: '',
    discord: 'https://discord.gg/marea',
    patreon: '',
    spotify: 'https://open.spotify.com/artist/2xQm7RfTgHjK1LpZcVbN0e',
    twitter: 'https://twitter.com/maraquintero',
    youtube: 'https://www.youtube.com/@maraquintero',
    facebook: '',
    linkedin: '',
    snapchat: '',
    instagram: 'https://www.instagram.com/maraquintero',
    soundcloud: '',
    apple_app_store: 'https://apps.apple.com/mx/app/marea-fan-club/id6470000001',
    google_app_store: '',
    links: [
      {
        id: '0c7a8e10-2b1f-11ef-9c3d-7d5e1f0a4b21',
        type: 'instagram',
        title: 'instagram',
        url: 'https://www.instagram.com/maraquintero',
        clicks: 14,
        order: null,
        status: 'ACTIVE',
      },
      {
        id: '1d8b9f20-2b1f-11ef-9c3d-7d5e1f0a4b21',
        type: 'Nuevo sencillo "Marea"',
        title: 'Nuevo sencillo "Marea"',
        url: 'https://open.spotify.com/track/5pLmNoQrStUvWxYz012345?si=a1b2',
        clicks: 3,
        order: 1,
      },
      {
        id: '2e9ca030-2b1f-11ef-9c3d-7d5e1f0a4b21',
        type: 'Gira 2025',
        title: 'Gira 2025',
        url: 'https://maraquintero.mx/gira',
        clicks: 0,
        order: 2,
      },
      { id: '3fadb140-2b1f-11ef-9c3d-7d5e1f0a4b21', type: 'código', title: 'código', url: 'https://github.com/maraq', clicks: 1, order: 3 },
      {
        id: '40bec250-2b1f-11ef-9c3d-7d5e1f0a4b21',
        type: 'Escríbeme',
        title: 'Escríbeme',
        url: 'mailto:hola@maraquintero.mx',
        clicks: 0,
        order: 4,
      },
    ],
    products: [
      {
        id: '51cfd360-2b1f-11ef-b065-850167411bb1',
        title: 'Vinilo "Marea" – edición firmada',
        name: 'Vinilo "Marea" – edición firmada',
        price: 35,
        url: 'https://maraquintero.mx/tienda/vinilo-marea',
        description: 'Edición limitada de 300 copias',
        image: 'https://res.cloudinary.com/pillario/image/upload/v1712000000/products/vinilo.jpg',
      },
      // Only `name`, a price as a string, no description: the fallbacks.
      {
        id: '62d0e470-2b1f-11ef-b065-850167411bb1',
        name: 'Playera Gira 2025',
        price: '24.50',
        url: 'https://maraquintero.mx/tienda/playera',
        image: '',
      },
    ],
    ...extra,
  };
}

/** The page store around a profile (`shop.profile`, beside route and auth state). */
export function pillarState(profile: Record<string, unknown> | null, username = 'maraquintero'): Record<string, unknown> {
  return {
    route: { name: 'shop', path: `/${username}`, params: { username }, query: {} },
    auth: { user: null, loggedIn: false },
    shop: { loading: false, profile },
    ui: { theme: { background: '#fdf6ec', button: 'rounded' } },
  };
}

/** A creator's whole page, its profile's alias the username it is served for. */
export function creatorPage(username = 'maraquintero', extra: Record<string, unknown> = {}): string {
  return pillarHtml(pillarState(creatorProfile({ alias: username, ...extra }), username), 'Mara Quintero | Pillar');
}

/** The page for a username nobody has (served with HTTP 404 or 200): no store. */
export const NOT_FOUND_HTML = `<!DOCTYPE html><html lang="en"><head><title>Page Not Found | Pillar</title></head>
<body><div id="app" data-server-rendered="true"><h1>404</h1><p>This page doesn’t exist.</p></div></body></html>`;

/** The same not-found page in Spanish (Accept-Language decides the site's language): only its markup is the same. */
export const LOCALIZED_NOT_FOUND_HTML = `<!DOCTYPE html><html lang="es"><head><title>Página no encontrada | Pillar</title></head>
<body><div id="app" data-server-rendered="true"><h1>404</h1><p>Esta página no existe.</p></div></body></html>`;

/** Cloudflare's managed-challenge interstitial (status 403). */
export const CHALLENGE_HTML = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head>
<body><noscript><div class="h2">Enable JavaScript and cookies to continue</div></noscript>
<script>(function(){window._cf_chl_opt={cvId: '3',cZone: "pillar.io",cType: 'managed'};}());</script></body></html>`;
