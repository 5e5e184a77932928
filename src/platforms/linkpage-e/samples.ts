/**
 * Test pages for linkpage-e (Lnk.Bio), used by the parser tests and the e2e tests. Written by us,
 * not captured — no capture of a Lnk.Bio page exists. The markup follows what is publicly known
 * of the server-rendered pages: the `pb-username` anchor with `data-type="TYPE_PROFILEPIC"` and a
 * negative `data-uid`, the `cdn.lnk.bio/profilepics/<uid>_x.jpg` picture, `pb-linkbox` buttons
 * (`data-type="TYPE_BUTTON"`) whose hrefs go through `lnk.bio/go?d=<target>&…&ext=<uid>`, and
 * `lb-icon-pub` social icons with `data-network` / `data-url`. Every name, id and URL is invented.
 */

export interface TestButton {
  url: string;
  text: string;
  /** Link id in the redirect; omit to link the target directly. */
  id?: number;
}

export interface TestIcon {
  network: string;
  url: string;
  title: string;
}

export interface TestPage {
  handle: string;
  uid: string;
  bio?: string;
  icons?: TestIcon[];
  buttons?: TestButton[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Lnk.Bio's click-counting redirect for a button. */
export function goUrl(target: string, linkId: number, uid: string): string {
  const q = new URLSearchParams({
    d: target,
    hash: 'f3d7fbce65a2531a29d1028b5ad52c44',
    id: String(linkId),
    ext: uid,
    timezone: 'America/New_York',
    type: '1',
  });
  return `https://lnk.bio/go?${q.toString()}`;
}

export function lnkBioHtml(p: TestPage): string {
  const icons = (p.icons ?? [])
    .map(
      (i) =>
        `<a href="${esc(i.url)}" data-network="${i.network}" data-url="${esc(i.url)}" class="lb-icon-pub" data-id="${i.network}" data-uid="${p.uid}" target="_blank" rel="external nofollow ugc"><i class="ibio-${i.title.toLowerCase()}" title="${esc(i.title)}"></i></a>`,
    )
    .join('\n');
  const buttons = (p.buttons ?? [])
    .map((b) => {
      const href = b.id === undefined ? b.url : goUrl(b.url, b.id, p.uid);
      return `<div class="pb-linkbox-container"><a rel="external nofollow ugc" href="${esc(href)}" class="pb-linkbox" data-type="TYPE_BUTTON" data-id="${b.id ?? 'btn1'}" data-uid="${p.uid}" target="_blank">
  <div class="pb-linkbox-image"><img src="https://cdn.lnk.bio/linkimages/${p.uid}_${b.id ?? 0}.jpg" alt=""></div>
  <div class="pb-linkbox-title"><span>${esc(b.text)}</span></div></a></div>`;
    })
    .join('\n');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<title>@${p.handle} | Lnk.Bio</title>
<meta property="og:title" content="@${p.handle} Lnk.Bio - link in bio" />
<meta property="og:image" content="https://cdn.lnk.bio/profilepics/${p.uid}_x.jpg" />
<meta property="og:description" content="@${p.handle} Lnk.Bio - Profile and social media links for @${p.handle}" />
<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js" async></script>
</head><body class="pb-body">
<div class="pb-header"><a href="https://lnk.bio/?ref=${p.handle}" class="pb-logo">Lnk.Bio</a>
<a href="https://lnk.bio/share/${p.handle}" class="pb-share">Share</a></div>
<div class="pb-profile">
<a class="pb-username" href="https://lnk.bio/${p.handle}" data-type="TYPE_PROFILEPIC" data-uid="${p.uid}" data-id="${p.uid}"><img src="https://cdn.lnk.bio/profilepics/${p.uid}_x.jpg" alt="@${p.handle}">@${p.handle}</a>
<div class="pb-bio">${esc(p.bio ?? '')}</div>
<div class="lb-icons">${icons}</div>
</div>
<div class="pb-links">${buttons}</div>
<div class="pb-footer"><a href="https://lnk.bio/?ref=${p.handle}">Create your own Lnk.Bio</a> · <a href="mailto:support@lnk.bio">Report</a> · <a href="https://help.lnk.bio">Help</a></div>
</body></html>`;
}

/** A creator with every field: icons for the listed platforms, e-mail, WhatsApp, website; buttons through the redirect. */
export function creatorPage(handle = 'rosaliavega'): TestPage {
  const uid = '-1187734';
  return {
    handle,
    uid,
    bio: 'ceramista 🏺 talleres en CDMX',
    icons: [
      { network: 'SOCIAL_IG', url: 'https://instagram.com/rosalia.vega.ceramica', title: 'Instagram' },
      { network: 'SOCIAL_TK', url: 'https://www.tiktok.com/@rosaliavega', title: 'TikTok' },
      { network: 'SOCIAL_YT', url: 'https://www.youtube.com/@RosaliaVegaCeramica', title: 'YouTube' },
      { network: 'SOCIAL_TW', url: 'https://x.com/rosaliavega', title: 'Twitter' },
      { network: 'SOCIAL_PINTEREST', url: 'https://www.pinterest.com/rosaliavegaceramica', title: 'Pinterest' },
      { network: 'CONTACT_EMAIL', url: 'mailto:Talleres@RosaliaVega.mx', title: 'Email' },
      { network: 'CONTACT_WA', url: 'https://wa.me/5215512345678', title: 'WhatsApp' },
      { network: 'CONTACT_WEB', url: 'https://rosaliavega.mx', title: 'Website' },
    ],
    buttons: [
      { url: 'https://www.instagram.com/rosaliavega.taller', text: '@rosaliavega.taller', id: 7_108_160 },
      { url: 'https://rosaliavega.mx/talleres?utm_source=lnkbio', text: 'Talleres de torno — inscripciones', id: 7_108_161 },
      { url: 'https://www.etsy.com/shop/RosaliaVegaCeramica', text: 'Tienda   en  Etsy', id: 7_108_162 },
      { url: 'https://bit.ly/3xYzAbC', text: 'Entrevista en Revista Barro', id: 7_108_163 },
      { url: 'https://www.youtube.com/playlist?list=PLa1b2C3d4E5f6G7h8', text: 'Tutoriales', id: 7_108_164 },
      // A button linking its target directly (no redirect).
      { url: 'https://open.spotify.com/playlist/37i9dQZF1DXa1b2c3d4e5f', text: 'Música para tornear' },
    ],
  };
}

/** A page with buttons only (the peer's sample shape): no icons at all. */
export function buttonsOnlyPage(handle = 'msdemo'): TestPage {
  return {
    handle,
    uid: '-1154990',
    buttons: [
      { url: 'https://www.instagram.com/msdemo', text: '@msdemo', id: 9_000_001 },
      { url: 'https://example.org/article', text: 'An article', id: 9_000_002 },
    ],
  };
}

/**
 * Lnk.Bio's page for a handle nobody has. It comes with HTTP 404, which the fetcher reads first;
 * for the same page served with 200 the parser knows it by its status heading `<h1>404</h1>` (our
 * assumption of its markup: no capture exists), never by its sentences, which are translated.
 */
export const NOT_FOUND_HTML = `<!DOCTYPE html><html lang="en"><head><title>Page not found - Lnk.Bio</title></head>
<body><div class="pb-body"><h1>404</h1><h2>Oops! This Lnk.Bio doesn't exist (yet)</h2><a href="https://lnk.bio/?ref=404">Claim it now</a></div></body></html>`;

/** The same page in Portuguese (Accept-Language decides the site's language): only its markup is the same. */
export const LOCALIZED_NOT_FOUND_HTML = `<!DOCTYPE html><html lang="pt"><head><title>Página não encontrada - Lnk.Bio</title></head>
<body><div class="pb-body"><h1>404</h1><h2>Ops! Este Lnk.Bio ainda não existe</h2><a href="https://lnk.bio/?ref=404">Reivindique agora</a></div></body></html>`;

/** Cloudflare's managed-challenge interstitial (status 403). */
export const CHALLENGE_HTML = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head>
<body><noscript><div class="h2">Enable JavaScript and cookies to continue</div></noscript>
<script>(function(){window._cf_chl_opt={cvId: '3',cZone: "lnk.bio",cType: 'managed'};}());</script></body></html>`;
