/**
 * The demo's creator web: two invented creators with accounts on every discovery source platform
 * (social-b, shortvideo, video, microblog-b, social-a), link-in-bio pages, websites with contact
 * pages and public addresses, and decoys — so `npm run demo` shows both creator tools at work.
 * Built with src/discovery/sample-web.ts (the real platforms' formats, through the per-platform page
 * builders in src/platforms/<label>/samples.ts — our own invented pages, not captures); every name, handle, domain and address is invented. Deterministic: no
 * clock, no randomness.
 *
 * Tala Okafor — illustrator (source for find-social-profiles: social-b @tala.draws)
 *   social-b    tala.draws: bio "Commissions: studio at talaokafor dot com", business e-mail; links the Linktree
 *   Linktree    talaokafor (linkpage-b): website, shortvideo, video, microblog-b, social-a; its e-mail icon
 *   website     talaokafor.com: / → /contact (Cloudflare-protected agent address), /about (JSON-LD)
 *   shortvideo  tala.draws links the Linktree back; video @TalaDraws links social-b and the website;
 *   microblog-b taladraws links the website; social-a talaokafor.art: intro card with website and e-mail;
 *   microblog-c tala.draws (Threads) links the website
 * Ravi Menon — home cook (source for find-creator-emails: video @RaviMenonCooks)
 *   video       RaviMenonCooks: "(at)"-spelled address in the description; links the Lnk.Bio page
 *   Lnk.Bio     ravimenoncooks (linkpage-e): social-b, shortvideo, microblog-b, social-a, e-mail, website
 *   website     ravimenoncooks.com: / → /contact (mailto), /press (HTML entities)
 *   social-b ravimenon.cooks, shortvideo ravimenoncooks, microblog-b ravicooks (website), social-a ravimenoncooks
 * Decoys (never returned): a video channel @tala.draws of another Tala Okafor (same handle and
 * display name, her own site and address), a namesake social-b photographer found by web search,
 * a social-b @ravimenoncooks of someone else (same handle as the source channel), a fan page.
 */
import type { ReplayRequest, Route } from '../replay/server.js';
import { demoMiss } from './miss.js';
import { BSKY_NOT_FOUND } from '../platforms/microblog-d/samples.js';
import { SUBSTACK_NOT_FOUND } from '../platforms/newsletter/samples.js';
import { cfEncode, DiscoveryWeb, sitePage } from '../discovery/sample-web.js';
import { lnkBioHtml } from '../platforms/linkpage-e/samples.js';
import type { TestPage as LnkBioPage } from '../platforms/linkpage-e/samples.js';
import { RAVI, TALA } from './creators.js';

export { DECOYS, RAVI, TALA } from './creators.js';

/** The Lnk.Bio page of Ravi Menon (also served for /v1/linkpage-e). */
export const RAVI_LNKBIO: LnkBioPage = {
  handle: 'ravimenoncooks',
  uid: '-2290417',
  bio: 'weeknight curries & Kerala classics 🍛 new recipe every Thursday',
  icons: [
    { network: 'SOCIAL_IG', url: `https://instagram.com/${RAVI.socialB}`, title: 'Instagram' },
    { network: 'SOCIAL_TK', url: `https://www.tiktok.com/@${RAVI.shortvideo}`, title: 'TikTok' },
    { network: 'SOCIAL_TW', url: `https://x.com/${RAVI.microblogB}`, title: 'Twitter' },
    { network: 'SOCIAL_FB', url: `https://www.facebook.com/${RAVI.socialA}`, title: 'Facebook' },
    { network: 'CONTACT_EMAIL', url: 'mailto:Collabs@RaviMenonCooks.com', title: 'Email' },
    { network: 'CONTACT_WEB', url: `${RAVI.site}/`, title: 'Website' },
  ],
  buttons: [
    { url: `${RAVI.site}/recipes/kerala-fish-curry?utm_source=lnkbio`, text: 'This week: Kerala fish curry', id: 8_204_110 },
    { url: 'https://www.amazon.com/shop/ravimenoncooks', text: 'My kitchen kit', id: 8_204_111 },
    { url: `https://www.youtube.com/@${RAVI.video}`, text: 'Watch on YouTube', id: 8_204_112 },
  ],
};

/** Tala Okafor's accounts, link page and website, and her decoys. */
function addTala(w: DiscoveryWeb): void {
  const t = TALA;
  w.ig.set(t.socialB, {
    username: t.socialB,
    fullName: t.name,
    bio: 'Illustrator · picture books & editorial ✏️ Lagos → London\nCommissions: studio at talaokafor dot com',
    externalUrl: t.linkpage,
    bioLinks: [t.linkpage],
    businessEmail: 'hello@talaokafor.com',
  });
  w.linktree.set('talaokafor', {
    username: 'talaokafor',
    description: 'picture books, editorial & prints',
    email: 'prints@talaokafor.com',
    links: [
      { title: 'Portfolio', url: `${t.site}/` },
      { title: 'Process videos (TikTok)', url: `https://www.tiktok.com/@${t.shortvideo}` },
      { title: 'Drawing streams', url: `https://www.youtube.com/@${t.video}` },
      { title: 'X', url: `https://x.com/${t.microblogB}` },
      { title: 'Facebook', url: `https://www.facebook.com/${t.socialA}` },
      { title: 'Pens I use', url: 'https://www.amazon.com/shop/talaokafor' },
    ],
  });
  w.page(
    `${t.site}/`,
    sitePage(
      `${t.name} — Illustration`,
      `<h1>${t.name}</h1><p>Picture books, editorial illustration and prints.</p>
      <a href="/contact">Contact</a> <a href="/about">About</a> <a href="/shop">Prints</a>
      <a href="https://www.instagram.com/${t.socialB}/">Instagram</a> <a href="https://x.com/${t.microblogB}">X</a>`,
    ),
  );
  w.page(
    `${t.site}/contact`,
    sitePage(
      'Contact',
      `<h1>Contact</h1><p>Commissions and licensing: my agent,
      <a href="/cdn-cgi/l/email-protection" class="__cf_email__" data-cfemail="${cfEncode('agent@talaokafor.com')}">[email&#160;protected]</a></p>
      <form><input type="email" placeholder="you@example.com"><button>Send</button></form>`,
    ),
  );
  w.page(
    `${t.site}/about`,
    sitePage('About', '<p>Tala Okafor draws for picture books and magazines.</p>', {
      jsonLd: { '@context': 'https://schema.org', '@type': 'Person', name: t.name, email: 'mailto:info@talaokafor.com', url: `${t.site}/` },
    }),
  );
  w.page(`${t.site}/shop`, sitePage('Prints', '<p>Giclée prints, signed and numbered.</p>'));
  w.tiktok.set(t.shortvideo, {
    handle: t.shortvideo,
    nickname: t.name,
    signature: 'drawing every day ✏️ process videos',
    bioLink: 'linktr.ee/talaokafor',
  });
  w.youtube.set(t.video.toLowerCase(), {
    handle: t.video,
    channelId: t.videoChannelId,
    title: t.name,
    description: 'Real-time drawing streams and sketchbook tours.',
    links: [
      { title: 'Instagram', url: `https://www.instagram.com/${t.socialB}/` },
      { title: 'Portfolio', url: `${t.site}/` },
    ],
  });
  w.x.set(t.microblogB, {
    screenName: 'TalaDraws',
    name: t.name,
    description: 'Illustrator. Picture books, editorial.',
    url: `${t.site}/`,
  });
  // Threads (microblog-c): the same @name as on social-b; its bio links the website.
  w.threads.set(t.socialB, {
    handle: t.socialB,
    name: t.name,
    bio: 'Illustrator. Sketchbook pages and works in progress.',
    website: `${t.site}/`,
  });
  w.facebook.set(t.socialA, {
    vanity: t.socialA,
    name: `${t.name} Illustration`,
    description: 'Picture books, editorial illustration and prints.',
    id: '100089417700001',
    links: [`${t.site}/`],
    intro: {
      bio: 'Illustrator · picture books & editorial',
      websites: [{ url: `${t.site}/`, text: 'talaokafor.com' }],
      email: 'hello@talaokafor.com',
      category: 'Artist',
    },
  });
  // Decoys: the same handle on the video platform, owned by another Tala Okafor (a potter in
  // Texas) with her own site and address; a namesake photographer the web search finds.
  w.youtube.set('tala.draws', {
    handle: 'tala.draws',
    channelId: 'UCd3c0yT4l4Dr4wsDem0x003',
    title: t.name,
    description: 'Pottery and glaze tests from Austin, TX. Orders: hi@talaokafor-ceramics.net',
    links: [{ title: 'Shop', url: 'https://talaokafor-ceramics.net/' }],
  });
  w.ig.set('talaokafor.photo', {
    username: 'talaokafor.photo',
    fullName: t.name,
    bio: 'Wedding photographer, Manchester 📷 frames@talaokaforphoto.net',
    externalUrl: 'https://talaokaforphoto.net/',
  });
  w.search.set(`"${t.name}" ${t.socialB}`, [
    `https://www.instagram.com/${t.socialB}/`,
    'https://www.instagram.com/talaokafor.photo/',
    `${t.site}/`,
  ]);
}

/** Ravi Menon's accounts, link page and website, and his decoys. */
function addRavi(w: DiscoveryWeb): void {
  const r = RAVI;
  w.youtube.set(r.video.toLowerCase(), {
    handle: r.video,
    channelId: r.videoChannelId,
    title: `${r.name} Cooks`,
    description: 'Weeknight curries and Kerala classics, a new recipe every Thursday.\nBusiness: ravi (at) ravimenoncooks (dot) com',
    links: [
      { title: 'All my links', url: r.linkpage },
      { title: 'Recipes', url: `${r.site}/` },
    ],
  });
  w.page(r.linkpage, lnkBioHtml(RAVI_LNKBIO));
  w.ig.set(r.socialB, {
    username: r.socialB,
    fullName: `${r.name} Cooks`,
    bio: 'Kerala classics, weeknight curries 🍛',
    externalUrl: r.linkpage,
  });
  w.tiktok.set(r.shortvideo, {
    handle: r.shortvideo,
    nickname: `${r.name} Cooks`,
    signature: '60-second curries 🍛',
    bioLink: 'lnk.bio/ravimenoncooks',
  });
  w.x.set(r.microblogB, { screenName: 'RaviCooks', name: `${r.name} Cooks`, description: 'Recipes every Thursday.', url: `${r.site}/` });
  w.facebook.set(r.socialA, {
    vanity: r.socialA,
    name: `${r.name} Cooks`,
    description: 'Weeknight curries and Kerala classics.',
    id: '100089417700002',
    links: [`${r.site}/`],
    intro: {
      websites: [{ url: `${r.site}/`, text: 'ravimenoncooks.com' }],
      email: 'bookings@ravimenoncooks.com',
      category: 'Video creator',
    },
  });
  w.page(
    `${r.site}/`,
    sitePage(
      `${r.name} Cooks — recipes`,
      `<h1>${r.name} Cooks</h1><a href="/recipes/kerala-fish-curry">Kerala fish curry</a>
      <a href="/contact">Contact</a> <a href="/press">Press</a> <a href="https://www.youtube.com/@${r.video}">YouTube</a>`,
    ),
  );
  w.page(
    `${r.site}/contact`,
    sitePage('Contact', '<p>Brand collaborations: <a href="mailto:collabs@ravimenoncooks.com">collabs@ravimenoncooks.com</a></p>'),
  );
  w.page(`${r.site}/press`, sitePage('Press', '<p>Press kit and interviews: press&#64;ravimenoncooks&#46;com</p>'));
  w.page(`${r.site}/recipes/kerala-fish-curry`, sitePage('Kerala fish curry', '<p>Tamarind, coconut, curry leaves.</p>'));
  // Decoys: the source channel's handle on social-b, someone else's; a fan page found by search.
  w.ig.set('ravimenoncooks', {
    username: 'ravimenoncooks',
    fullName: r.name,
    bio: 'Dentist in Pune. I cook on weekends. smiles@menondental.in',
    externalUrl: 'https://menondental.in/',
  });
  w.facebook.set('ravicooksfans', {
    vanity: 'ravicooksfans',
    name: 'Ravi Menon Cooks Fans',
    description: 'A fan page. Fan mail: fans@ravifans.example.org',
    id: '100089417700003',
    links: ['https://ravifans.example.org/'],
  });
  w.search.set(`"${r.name} Cooks" ${r.video.toLowerCase()}`, [
    `https://www.youtube.com/@${r.video}`,
    'https://www.facebook.com/ravicooksfans',
    `${r.site}/`,
  ]);
}

function creatorWeb(): DiscoveryWeb {
  const w = new DiscoveryWeb();
  addTala(w);
  addRavi(w);
  return w;
}

/**
 * Accounts the demo holds as not existing (each platform's own "not found" answer): the same-handle
 * probes of the demo lookups that find nobody. Any other account not in the web is a demo miss.
 */
const ABSENT = { x: new Set(['ravimenoncooks']) };

/** Whether the creator web holds this request's account (null: not an account request). */
function holdsAccount(w: DiscoveryWeb, req: ReplayRequest): boolean | null {
  const path = decodeURIComponent(req.path);
  switch (req.host) {
    case 'i.instagram.com':
      return w.ig.has((req.query.get('username') ?? '').toLowerCase());
    case 'www.tiktok.com':
      return path.startsWith('/@') ? w.tiktok.has(path.slice(2).toLowerCase()) : null;
    case 'www.youtube.com': {
      const m = /^\/(?:@([^/]+)|channel\/([^/]+))/.exec(path);
      if (req.method !== 'GET' || !m) return null;
      return [...w.youtube.values()].some((c) => (m[1] ? c.handle.toLowerCase() === m[1].toLowerCase() : c.channelId === m[2]));
    }
    case 'x.com': {
      if (!req.path.endsWith('/UserByScreenName')) return null;
      const name = ((JSON.parse(req.query.get('variables') ?? '{}') as { screen_name?: string }).screen_name ?? '').toLowerCase();
      return w.x.has(name) || ABSENT.x.has(name);
    }
    case 'www.facebook.com': {
      const id = req.path === '/profile.php' ? req.query.get('id') : null;
      if (id) return [...w.facebook.values()].some((p) => p.id === id);
      return w.facebook.has(path.slice(1).replace(/\/$/, '').toLowerCase());
    }
    case 'linktr.ee':
      return w.linktree.has(path.slice(1).toLowerCase());
    default:
      return null;
  }
}

/**
 * The same-handle probes of the demo lookups on platforms whose demo routes serve other records
 * (microblog-a's and audio-c's demo.ts: one Truth Social account, one SoundCloud artist; microblog-d's and newsletter's demo.ts:
 * a Bluesky and a Substack account): the demo holds these
 * accounts as not existing, answered in each platform's own "not found" way. Added after those
 * routes (src/demo/routes.ts), so they win for exactly these requests.
 */
export function absentProbeRoutes(): Route[] {
  const notFound = (body: unknown) => ({ status: 404, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const exact = (v: string) => new RegExp(`^${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i');
  return [
    ...[TALA.socialB, RAVI.video.toLowerCase()].map((acct): Route => ({
      host: 'truthsocial.com',
      path: '/api/v1/accounts/lookup',
      query: { acct: exact(acct) },
      response: notFound({ error: 'Record not found' }),
    })),
    {
      host: 'api-v2.soundcloud.com',
      path: '/resolve',
      query: { url: exact(`https://soundcloud.com/${RAVI.video.toLowerCase()}`) },
      response: notFound({}),
    },
    // Bluesky (as <handle>.bsky.social) and Substack are probed too (issue 35); `tala.draws` can be neither.
    {
      host: 'public.api.bsky.app',
      path: '/xrpc/app.bsky.actor.getProfile',
      query: { actor: exact(`${RAVI.video.toLowerCase()}.bsky.social`) },
      response: { status: 400, headers: { 'content-type': 'application/json' }, body: JSON.stringify(BSKY_NOT_FOUND) },
    },
    {
      host: 'substack.com',
      path: `/api/v1/user/${RAVI.video.toLowerCase()}/public_profile`,
      response: notFound(SUBSTACK_NOT_FOUND),
    },
    // …and, on that 404, its profile page, where a renamed handle would redirect (newsletter/fetch.ts renamedTo): none.
    {
      host: 'substack.com',
      path: `/@${RAVI.video.toLowerCase()}`,
      response: {
        status: 404,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: '<!DOCTYPE html><html><head><title>Not found</title></head><body></body></html>',
      },
    },
  ];
}

/**
 * Replay routes of the creator web (lowest precedence: platform routes added after it win).
 * Accounts it does not hold are demo misses, not the platform's "not found".
 */
export function creatorWebRoutes(): Route[] {
  const w = creatorWeb();
  return w.routes().map((route) => ({
    ...route,
    response: (req: ReplayRequest) => {
      if (holdsAccount(w, req) === false) return demoMiss(req);
      return typeof route.response === 'function' ? route.response(req) : route.response;
    },
  }));
}
