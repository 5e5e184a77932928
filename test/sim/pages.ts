/**
 * Rendering the simulated world into upstream bodies in the real platforms' formats. Platform
 * pages reuse the platform folders' own sample builders (written by their authors from the public
 * shapes and the shared captures): social-b `userJson`, shortvideo `nightOwlUser`/`universalPage`,
 * video `channelInitialData`/`channelHtml`/`aboutBrowseResponse`, microblog-b `newShapeUser`,
 * the link pages' `*Html`/`*Profile`/`talentBody`, retail-shop `storefrontHtml`. Creator websites,
 * Google result pages and articles are written here, in the shapes those parsers read (desktop
 * `div.g > a > h3.LC20lb`, `div.VwiC3b` snippets; ordinary HTML with Cloudflare's e-mail
 * protection markup). Every name, id, domain and text is invented by the generator.
 */
import { linkmeHtml, linkmeProfile, profileNextData as linkmeNextData, notFoundHtml as linkmeNotFound, CHALLENGE_HTML as LINKME_CHALLENGE } from '../../src/platforms/linkpage-a/test-pages.js';
import { linktreeHtml, modernAccount, profileNextData as linktreeNextData, notFoundHtml as linktreeNotFound, CHALLENGE_HTML as LINKTREE_CHALLENGE } from '../../src/platforms/linkpage-b/test-pages.js';
import { talentBody, NOT_FOUND_BODY as KOMI_NOT_FOUND, CHALLENGE_HTML as KOMI_CHALLENGE } from '../../src/platforms/linkpage-c/test-pages.js';
import { creatorProfile, pillarHtml, pillarState, NOT_FOUND_HTML as PILLAR_NOT_FOUND, CHALLENGE_HTML as PILLAR_CHALLENGE } from '../../src/platforms/linkpage-d/test-pages.js';
import { lnkBioHtml, NOT_FOUND_HTML as LNKBIO_NOT_FOUND, CHALLENGE_HTML as LNKBIO_CHALLENGE } from '../../src/platforms/linkpage-e/test-pages.js';
import type { TestIcon, TestButton } from '../../src/platforms/linkpage-e/test-pages.js';
import { storefrontHtml, storefrontState } from '../../src/platforms/retail-shop/samples.js';
import { newShapeUser } from '../../src/platforms/microblog-b/samples.js';
import { mediaNode, profileBody, userJson } from '../../src/platforms/social-b/samples.js';
import { nightOwlUser, notFoundUniversalPage, universalPage, VERIFY_PAGE } from '../../src/platforms/shortvideo/test-pages.js';
import { aboutBrowseResponse, channelHtml, channelInitialData, NOT_FOUND_HTML as YT_NOT_FOUND } from '../../src/platforms/video/test-pages.js';
import type { TestAbout, TestChannel } from '../../src/platforms/video/test-pages.js';
import { classifyLink } from '../../src/links/classify.js';
import type { EmailPlacement, SearchResult, SimAccount, SimLinkPage, SimSite, SimSitePage } from './model.js';

type Obj = Record<string, unknown>;

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// ---------------------------------------------------------------------------------------------
// E-mail encodings
// ---------------------------------------------------------------------------------------------

/** Cloudflare's e-mail protection: first byte the key, then every UTF-8 byte XOR the key, as hex. */
export function cfEncode(email: string, key: number): string {
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return hex(key & 0xff) + [...new TextEncoder().encode(email)].map((b) => hex(b ^ (key & 0xff))).join('');
}

/** A deterministic Cloudflare key per address (Cloudflare draws one per page view). */
export function cfKey(email: string): number {
  let h = 7;
  for (const c of email) h = (h * 31 + c.charCodeAt(0)) & 0xff;
  return h === 0 ? 0x5a : h;
}

export function bracketed(email: string): string {
  const [local, domain] = email.split('@');
  return `${local} [at] ${domain.split('.').join(' [dot] ')}`;
}

export function parenthesised(email: string): string {
  const [local, domain] = email.split('@');
  return `${local}(at)${domain.split('.').join('(dot)')}`;
}

export function entityEncoded(email: string): string {
  return [...email].map((c) => `&#${c.charCodeAt(0)};`).join('');
}

/** An address as a line of a bio (plain text: plain, bracketed or parenthesised). */
export function bioEmailLine(p: EmailPlacement): string {
  switch (p.encoding) {
    case 'bracket':
      return `📩 ${bracketed(p.email)}`;
    case 'paren':
      return `business: ${parenthesised(p.email)}`;
    default:
      return `📩 ${p.email}`;
  }
}

/** An address as HTML on a website page. */
export function htmlEmail(p: EmailPlacement, name: string): string {
  switch (p.encoding) {
    case 'plain':
      return `<p>Email: ${esc(p.email)}</p>`;
    case 'mailto':
      return `<p><a href="mailto:${esc(p.email)}?subject=Hello%20${encodeURIComponent(name)}">Send me an email</a></p>`;
    case 'bracket':
      return `<p>Write to ${esc(bracketed(p.email))}</p>`;
    case 'paren':
      return `<p>Bookings: ${esc(parenthesised(p.email))}</p>`;
    case 'entities':
      return `<p>Contact: ${entityEncoded(p.email)}</p>`;
    case 'cfemail':
      return `<p>Business enquiries: <a href="/cdn-cgi/l/email-protection" class="__cf_email__" data-cfemail="${cfEncode(p.email, cfKey(p.email))}">[email&#160;protected]</a></p>`;
    case 'cfhref':
      return `<p><a href="/cdn-cgi/l/email-protection#${cfEncode(p.email, cfKey(p.email))}"><span>Email the studio</span></a></p>`;
    case 'jsonld':
      // Rendered in <head> by sitePageHtml; nothing in the body.
      return '';
    case 'contact_field':
      return `<p>${esc(p.email)}</p>`;
  }
}

// ---------------------------------------------------------------------------------------------
// social-b (Instagram web_profile_info JSON)
// ---------------------------------------------------------------------------------------------

export function instagramBody(a: SimAccount): string {
  const bioLines = [a.bio, ...a.emails.filter((e) => e.encoding !== 'contact_field').map(bioEmailLine)].filter(Boolean);
  const biography = bioLines.join('\n');
  const contact = a.emails.find((e) => e.encoding === 'contact_field')?.email ?? null;
  const lynx = (u: string) => `https://l.instagram.com/?u=${encodeURIComponent(u)}&e=AT${a.numericId.slice(-6)}`;
  const user = userJson(a.handle, {
    extra: {
      id: a.numericId,
      fbid: `17841${a.numericId}`,
      full_name: a.displayName,
      biography,
      biography_with_entities: { raw_text: biography, entities: [] },
      bio_links: a.links.map((u, i) => ({ title: i === 0 ? '' : linkTitle(u), lynx_url: lynx(u), url: u, link_type: 'external' })),
      external_url: a.links[0] ?? null,
      external_url_linkshimmed: a.links[0] ? lynx(a.links[0]) : null,
      business_email: contact,
      is_business_account: contact !== null,
      business_address_json: null,
      category_name: 'Creator',
      profile_pic_url: `https://scontent-ams2-1.cdninstagram.com/v/t51.2885-19/${a.numericId}_s150.jpg`,
      profile_pic_url_hd: `https://scontent-ams2-1.cdninstagram.com/v/t51.2885-19/${a.numericId}_s320.jpg`,
      edge_owner_to_timeline_media: {
        count: 40 + (Number(a.numericId.slice(-2)) || 0),
        page_info: { has_next_page: true, end_cursor: `QVFD${a.numericId}` },
        edges: [{ node: mediaNode(`33${a.numericId}1`, `Sim${a.numericId.slice(-5)}A`, a.numericId, a.handle) }],
      },
    },
  });
  return JSON.stringify(profileBody(user));
}

export const INSTAGRAM_NOT_FOUND = JSON.stringify(profileBody(null));

// ---------------------------------------------------------------------------------------------
// shortvideo (TikTok profile page)
// ---------------------------------------------------------------------------------------------

/** `https://host/path` as TikTok bios spell links: without the scheme, no trailing slash. */
export function bareLink(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

function tiktokUser(a: SimAccount): { user: Obj; stats?: Obj; statsV2?: Obj } {
  const extraLinks = a.links.slice(1).map(bareLink);
  const signature = [a.bio, ...extraLinks, ...a.emails.map(bioEmailLine)].filter(Boolean).join('\n');
  const followers = 1000 + (Number(a.numericId.slice(-4)) || 0) * 7;
  return nightOwlUser({
    user: {
      id: a.numericId,
      uniqueId: a.handle,
      nickname: a.displayName,
      signature,
      secUid: `MS4wLjABAAAAsim${a.numericId}`,
      avatarLarger: `https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/sim${a.numericId}~c5_1080x1080.jpeg`,
      avatarMedium: `https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/sim${a.numericId}~c5_720x720.jpeg`,
      avatarThumb: `https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/sim${a.numericId}~c5_100x100.jpeg`,
      // The declared website, spelt without a scheme as current pages do; absent when none.
      bioLink: a.links[0] ? { link: bareLink(a.links[0]), risk: 0 } : undefined,
      commerceUserInfo: { commerceUser: false },
      region: 'US',
    },
    stats: { followerCount: followers, heart: followers * 20, heartCount: followers * 20 },
    statsV2: { followerCount: String(followers), heart: String(followers * 20), heartCount: String(followers * 20) },
  });
}

export function tiktokPage(a: SimAccount): string {
  if (a.blocked) return VERIFY_PAGE;
  const u = tiktokUser(a);
  if (a.shape === 'sigi') {
    // The 2022 shape (the shared capture's): SIGI_STATE with UserModule.users / stats keyed by uniqueId.
    const state = {
      AppContext: { appContext: { language: 'en', region: 'US' } },
      SEO: { metaParams: { title: `${a.displayName} (@${a.handle}) | TikTok` } },
      UserModule: { users: { [a.handle]: u.user }, stats: { [a.handle]: u.stats } },
      UserPage: { uniqueId: a.handle, statusCode: 0, secUid: u.user.secUid },
      I18n: { lang: 'en' },
    };
    return `<!DOCTYPE html><html><head><title>${esc(a.displayName)} (@${a.handle}) | TikTok</title></head><body><div id="app"></div>
<script id="SIGI_STATE" type="application/json">${JSON.stringify(state).replace(/</g, '\\u003c')}</script></body></html>`;
  }
  const html = universalPage(
    {
      userInfo: { ...u, itemList: [] },
      shareMeta: { title: `${a.displayName} on TikTok`, desc: `@${a.handle} Watch awesome short videos created by ${a.displayName}` },
      statusCode: 0,
      statusMsg: '',
      needFix: true,
    },
    { title: `${esc(a.displayName)} (@${a.handle}) | TikTok` },
  );
  // universalPage names its sample account in the canonical link; point it at this one.
  return html.split('@nightowl.ceramics').join(`@${a.handle}`);
}

export const TIKTOK_NOT_FOUND = notFoundUniversalPage();

// ---------------------------------------------------------------------------------------------
// video (YouTube channel page + youtubei browse about panel)
// ---------------------------------------------------------------------------------------------

export function aboutToken(channelId: string): string {
  return `4qmFsgSIM${Buffer.from(`about:${channelId}`).toString('base64url')}`;
}

function youtubeDescription(a: SimAccount): string {
  return [a.bio, ...a.emails.map((e) => (e.encoding === 'plain' || e.encoding === 'contact_field' ? `Business enquiries: ${e.email}` : bioEmailLine(e)))].filter(Boolean).join('\n\n');
}

export function youtubeTestChannel(a: SimAccount): TestChannel {
  const subs = 1000 + (Number(a.numericId.slice(-4)) || 0) * 13;
  return {
    channelId: a.channelId!,
    handle: a.handle,
    title: a.displayName,
    description: youtubeDescription(a),
    keywords: `"${a.displayName.toLowerCase()}" creator`,
    subscribers: `${subs.toLocaleString('en-US')} subscribers`,
    subscribersLabel: `${subs.toLocaleString('en-US')} subscribers`,
    videos: `${40 + (subs % 200)} videos`,
    headerLink: a.links[0] ? { text: bareLink(a.links[0]), url: a.links[0], more: a.links.length > 1 ? `and ${a.links.length - 1} more link${a.links.length > 2 ? 's' : ''}` : null } : null,
    aboutToken: aboutToken(a.channelId!),
  };
}

export function youtubeTestAbout(a: SimAccount): TestAbout {
  const c = youtubeTestChannel(a);
  return {
    channelId: c.channelId,
    handle: a.handle,
    description: c.description,
    country: 'United States',
    subscribers: c.subscribers,
    videos: c.videos,
    views: `${(Number(a.numericId.slice(-6)) || 1) * 37} views`,
    joined: 'Joined 3 Feb 2017',
    links: a.links.map((url) => ({ title: linkTitle(url), url })),
  };
}

export function youtubeChannelHtml(a: SimAccount): string {
  return channelHtml(channelInitialData(youtubeTestChannel(a)), a.displayName);
}

export function youtubeAboutBody(a: SimAccount): string {
  return JSON.stringify(aboutBrowseResponse(youtubeTestAbout(a)));
}

export const YOUTUBE_NOT_FOUND = YT_NOT_FOUND;

// ---------------------------------------------------------------------------------------------
// microblog-b (X UserByScreenName, 2026 user shape)
// ---------------------------------------------------------------------------------------------

/** The t.co URL X gives a link (deterministic per URL). */
export function tcoUrl(url: string): string {
  let h = 2166136261;
  for (const c of url) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let s = '';
  for (let i = 0; i < 10; i++) {
    s += alphabet[h % alphabet.length];
    h = Math.imul(h ^ (h >>> 13), 2654435761) >>> 0;
  }
  return `https://t.co/${s}`;
}

export function xUserBody(a: SimAccount): string {
  const website = a.links[0] ?? null;
  const bioLinks = a.links.slice(1);
  let description = [a.bio, ...a.emails.map(bioEmailLine)].filter(Boolean).join(' · ');
  const urls: Obj[] = [];
  for (const link of bioLinks) {
    const t = tcoUrl(link);
    const start = description.length + 1;
    description += ` ${t}`;
    urls.push({ display_url: bareLink(link), expanded_url: link, url: t, indices: [start, start + t.length] });
  }
  const base = newShapeUser(a.handle);
  const user = {
    ...base,
    id: Buffer.from(`User:${a.numericId}`).toString('base64'),
    rest_id: a.numericId,
    avatar: { image_url: `https://pbs.twimg.com/profile_images/${a.numericId}/sim_normal.jpg` },
    banner: { image_url: `https://pbs.twimg.com/profile_banners/${a.numericId}/1700000000` },
    core: { created_at: 'Wed Jun 12 10:11:12 +0000 2019', name: a.displayName, screen_name: a.handle },
    profile_bio: {
      description,
      entities: {
        description: { urls },
        url: { urls: website ? [{ display_url: bareLink(website), expanded_url: website, url: tcoUrl(website), indices: [0, 23] }] : [] },
      },
    },
    relationship_counts: { followers: 500 + (Number(a.numericId.slice(-3)) || 0), following: 210 },
    website: website ? { url: tcoUrl(website) } : undefined,
  };
  return JSON.stringify({ data: { user: { result: user } } });
}

export const X_NOT_FOUND = JSON.stringify({ data: { user: {} } });

// ---------------------------------------------------------------------------------------------
// Link pages
// ---------------------------------------------------------------------------------------------

/** A title for a link as link pages and channels label it. */
export function linkTitle(url: string): string {
  const c = classifyLink(url);
  const names: Record<string, string> = {
    'social-b': 'Instagram',
    shortvideo: 'TikTok',
    video: 'YouTube',
    'microblog-b': 'X',
    professional: 'LinkedIn',
    'retail-shop': 'My Amazon storefront',
    'audio-a': 'Listen on Spotify',
  };
  if (c && names[c.platform]) return names[c.platform];
  if (/bit\.ly/i.test(url)) return 'Latest drop';
  return 'Website';
}

const LINKTREE_SOCIAL: Record<string, string> = {
  'social-b': 'INSTAGRAM',
  shortvideo: 'TIKTOK',
  video: 'YOUTUBE',
  'microblog-b': 'TWITTER',
  professional: 'LINKEDIN',
};

const KOMI_SOCIAL: Record<string, string> = { ...LINKTREE_SOCIAL };

const LNKBIO_NETWORK: Record<string, string> = {
  'social-b': 'SOCIAL_IG',
  shortvideo: 'SOCIAL_TK',
  video: 'SOCIAL_YT',
  'microblog-b': 'SOCIAL_TW',
  professional: 'SOCIAL_LINKEDIN',
};

const PILLAR_FIELD: Record<string, string> = {
  'social-b': 'instagram',
  shortvideo: 'tiktok',
  video: 'youtube',
  'microblog-b': 'twitter',
  professional: 'linkedin',
};

function splitName(displayName: string): [string, string] {
  const parts = displayName.split(' ');
  return [parts[0] ?? displayName, parts.slice(1).join(' ')];
}

export interface Served {
  host: string;
  path: string;
  status: number;
  contentType: string;
  body: string;
}

/** The upstream answers of a link page (Komi: two requests). */
export function linkPageBodies(p: SimLinkPage): Served[] {
  const html = 'text/html; charset=utf-8';
  const json = 'application/json';
  const [first, last] = splitName(p.displayName);
  const classified = p.links.map((l) => ({ ...l, c: classifyLink(l.url) }));
  // Accounts on the platforms a page has a social slot for become social icons; the rest are buttons.
  const isSocial = (platform: string | undefined, table: Record<string, string>) => platform !== undefined && platform in table;
  switch (p.kind) {
    case 'linkpage-a': {
      const webLinks = classified.map((l, i) => ({
        title: l.title,
        linkId: 900 + i,
        isCustom: !isSocial(l.c?.platform, LINKTREE_SOCIAL),
        links: [{ webLinkId: Number(p.numericId) * 10 + i, linkImage: '', linkValue: l.url, faceValue: l.title, baseUrl: '', isCustom: !isSocial(l.c?.platform, LINKTREE_SOCIAL), isAdult: false }],
      }));
      const infoLinks = p.email
        ? [{ title: 'Email', linkId: 1, isCustom: false, links: [{ webLinkId: Number(p.numericId) * 10 + 9, linkImage: '', linkValue: p.email.email, faceValue: p.email.email, isCustom: false, isAdult: false }] }]
        : [];
      const profile = linkmeProfile(p.username, {
        id: p.uuid.replace(/-/g, ''),
        firstName: first,
        lastName: last,
        bio: p.bio,
        webLinks,
        infoLinks,
        businessInfo: null,
        totalLinks: webLinks.length,
        chatID: `LinkMe-${p.numericId}`,
        // Members the sample carries that a simulated creator does not have.
        email: null,
        featuredLinks: [],
      });
      return [{ host: 'link.me', path: `/${p.username}`, status: 200, contentType: html, body: linkmeHtml(linkmeNextData(profile), `${p.displayName} | Linkme`) }];
    }
    case 'linkpage-b': {
      const socials = classified.filter((l) => isSocial(l.c?.platform, LINKTREE_SOCIAL));
      const buttons = classified.filter((l) => !isSocial(l.c?.platform, LINKTREE_SOCIAL));
      const account = modernAccount(p.username, {
        id: Number(p.numericId),
        uuid: p.uuid,
        pageTitle: p.displayName,
        description: p.bio,
        profilePictureUrl: `https://ugc.production.linktr.ee/${p.uuid}-avatar.jpeg`,
        verticals: ['creative'],
        linkPlatforms: [],
        timezone: 'America/New_York',
        links: buttons.map((l, i) => ({ id: Number(p.numericId) * 10 + i, type: 'CLASSIC', title: l.title, position: i, url: l.url })),
        socialLinks: [
          ...socials.map((l, i) => ({ type: LINKTREE_SOCIAL[l.c!.platform], url: l.url, position: i })),
          ...(p.email ? [{ type: 'EMAIL_ADDRESS', url: `mailto:${p.email.email}`, position: socials.length }] : []),
        ],
      });
      return [{ host: 'linktr.ee', path: `/${p.username}`, status: 200, contentType: html, body: linktreeHtml(linktreeNextData(account), p.username) }];
    }
    case 'linkpage-c': {
      const socials = classified.filter((l) => isSocial(l.c?.platform, KOMI_SOCIAL));
      const others = classified.filter((l) => !isSocial(l.c?.platform, KOMI_SOCIAL));
      const website = others.find((l) => l.c === null && !/bit\.ly/i.test(l.url))?.url ?? null;
      const bio = [p.bio, ...(p.email ? [bioEmailLine(p.email)] : [])].filter(Boolean).join('\n');
      const talent = talentBody(
        p.username,
        {
          id: p.uuid,
          displayName: p.displayName,
          bio,
          website,
          socialProfileLinks: socials.map((l) => ({ type: KOMI_SOCIAL[l.c!.platform], link: l.url })),
          publishedVersionId: `${p.uuid.slice(0, 8)}-5b60-4f9e-8a13-2c7d9e0b4f66`,
        },
        { id: `${p.uuid.slice(0, 24)}${p.numericId.padStart(12, '0').slice(-12)}`, firstName: first, lastName: last, avatar: `https://komi-production-assets.s3.amazonaws.com/photos/sim${p.numericId}.jpg` },
      );
      // One LINK module with the page's buttons, in the modules answer's shape (see linkpage-c/test-pages.ts).
      const moduleId = `${p.uuid.slice(0, 9)}4c2a-4f83-9e65-${p.numericId.padStart(12, '0').slice(-12)}`;
      const modules = [
        { id: `m-header-${p.numericId}`, type: 'HEADER', order: 0, visible: true, title: `Hi, I am ${first}` },
        {
          id: moduleId,
          type: 'LINK',
          order: 1,
          visible: true,
          items: others.map((l, i) => ({
            id: `${p.uuid.slice(0, 8)}-${String(i).padStart(4, '0')}-4d58-a0e3-58c2b9d1f407`,
            url: l.url,
            order: i,
            title: l.title,
            visible: true,
            moduleId,
            thumbnail: '',
            versionId: `${p.uuid.slice(0, 8)}-5b60-4f9e-8a13-2c7d9e0b4f66`,
          })),
        },
        { id: `m-socials-${p.numericId}`, type: 'SOCIALS', order: 2, visible: true, items: [] },
      ];
      return [
        { host: 'api.komi.io', path: `/api/talent/usernames/${p.username}`, status: 200, contentType: json, body: JSON.stringify(talent) },
        { host: 'api.komi.io', path: `/api/talent-profiles/${p.uuid}/modules`, status: 200, contentType: json, body: JSON.stringify(modules) },
      ];
    }
    case 'linkpage-d': {
      const fields: Obj = {};
      for (const f of ['amazon', 'medium', 'tiktok', 'twitch', 'discord', 'patreon', 'spotify', 'twitter', 'youtube', 'facebook', 'linkedin', 'snapchat', 'instagram', 'soundcloud', 'apple_app_store', 'google_app_store']) fields[f] = '';
      const buttons: Obj[] = [];
      for (const [i, l] of classified.entries()) {
        const field = l.c ? PILLAR_FIELD[l.c.platform] : undefined;
        if (field && fields[field] === '') fields[field] = l.url;
        else buttons.push({ id: `${p.uuid.slice(0, 8)}-2b1f-11ef-9c3d-${String(i).padStart(12, '0')}`, type: l.title, title: l.title, url: l.url, clicks: i * 3, order: i + 1 });
      }
      const profile = creatorProfile({
        id: p.uuid,
        alias: p.username,
        first_name: first,
        last_name: last,
        email_primary: '',
        email: p.email?.email ?? '',
        location: '',
        bio: p.bio,
        profile_image: `https://res.cloudinary.com/pillario/image/upload/v1712000000/profiles/sim-${p.numericId}.jpg`,
        ...fields,
        links: buttons,
        products: [],
      });
      return [{ host: 'pillar.io', path: `/${p.username}`, status: 200, contentType: html, body: pillarHtml(pillarState(profile, p.username), `${p.displayName} | Pillar`) }];
    }
    case 'linkpage-e': {
      const icons: TestIcon[] = [];
      const buttons: TestButton[] = [];
      for (const [i, l] of classified.entries()) {
        const network = l.c ? LNKBIO_NETWORK[l.c.platform] : undefined;
        if (network) icons.push({ network, url: l.url, title: linkTitle(l.url) });
        else if (l.c === null && !/bit\.ly/i.test(l.url) && !icons.some((x) => x.network === 'CONTACT_WEB')) icons.push({ network: 'CONTACT_WEB', url: l.url, title: 'Website' });
        else buttons.push({ url: l.url, text: l.title, id: Number(p.numericId) * 10 + i });
      }
      if (p.email) icons.push({ network: 'CONTACT_EMAIL', url: `mailto:${p.email.email}`, title: 'Email' });
      return [{ host: 'lnk.bio', path: `/${p.username}`, status: 200, contentType: html, body: lnkBioHtml({ handle: p.username, uid: `-${p.numericId}`, bio: p.bio, icons, buttons }) }];
    }
  }
}

/** Where a link page is requested from (the first request of its extractor). */
export function linkPageRequest(p: SimLinkPage): { host: string; path: string } {
  switch (p.kind) {
    case 'linkpage-a':
      return { host: 'link.me', path: `/${p.username}` };
    case 'linkpage-b':
      return { host: 'linktr.ee', path: `/${p.username}` };
    case 'linkpage-c':
      return { host: 'api.komi.io', path: `/api/talent/usernames/${p.username}` };
    case 'linkpage-d':
      return { host: 'pillar.io', path: `/${p.username}` };
    case 'linkpage-e':
      return { host: 'lnk.bio', path: `/${p.username}` };
  }
}

export const LINK_PAGE_NOT_FOUND: Record<string, { status: number; contentType: string; body: string }> = {
  'link.me': { status: 404, contentType: 'text/html; charset=utf-8', body: linkmeNotFound() },
  'linktr.ee': { status: 404, contentType: 'text/html; charset=utf-8', body: linktreeNotFound() },
  'api.komi.io': { status: 404, contentType: 'application/json', body: JSON.stringify(KOMI_NOT_FOUND) },
  'pillar.io': { status: 404, contentType: 'text/html; charset=utf-8', body: PILLAR_NOT_FOUND },
  'lnk.bio': { status: 404, contentType: 'text/html; charset=utf-8', body: LNKBIO_NOT_FOUND },
};

export const LINK_PAGE_CHALLENGE: Record<string, string> = {
  'link.me': LINKME_CHALLENGE,
  'linktr.ee': LINKTREE_CHALLENGE,
  'api.komi.io': KOMI_CHALLENGE,
  'pillar.io': PILLAR_CHALLENGE,
  'lnk.bio': LNKBIO_CHALLENGE,
};

// ---------------------------------------------------------------------------------------------
// Creator websites
// ---------------------------------------------------------------------------------------------

/** Cloudflare's managed-challenge interstitial for a creator's site (served with 403). */
export function siteChallengeHtml(domain: string): string {
  return `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="refresh" content="390"></head><body><div class="main-wrapper" role="main">
<noscript><div class="h2">Enable JavaScript and cookies to continue</div></noscript></div>
<script>(function(){window._cf_chl_opt={cvId: '3',cZone: "${domain}",cType: 'managed'};}());</script></body></html>`;
}

export function siteNotFoundHtml(): string {
  return '<!DOCTYPE html><html lang="en"><head><title>Page not found</title></head><body><h1>404</h1><p>Nothing here.</p></body></html>';
}

/** A page of a creator's website: nav, content with its addresses, social icons, decoy strings. */
export function sitePageHtml(site: SimSite, page: SimSitePage, siteName: string): string {
  const rel = (u: string) => {
    try {
      const url = new URL(u);
      return url.hostname === site.host ? `${url.pathname}${url.search}` : u;
    } catch {
      return u;
    }
  };
  const jsonLd = page.emails
    .filter((e) => e.encoding === 'jsonld')
    .map((e) => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Person', name: siteName, url: `https://${site.host}/`, email: `mailto:${e.email}` })}</script>`)
    .join('\n');
  const cf = page.emails.some((e) => e.encoding === 'cfemail' || e.encoding === 'cfhref')
    ? '<script data-cfasync="false" src="/cdn-cgi/scripts/5c5dd728/cloudflare-static/email-decode.min.js"></script>'
    : '';
  const decoys = page.decoyStrings.map((d) => {
    if (/@\d(\.\d)?x\./.test(d)) return `<figure><img src="/img/${esc(d)}" srcset="/img/${esc(d)} 2x" alt="logo"><figcaption>${esc(d)}</figcaption></figure>`;
    if (/ingest\.sentry\.io/.test(d)) return `<script>window.Sentry&&Sentry.init({dsn:"${d}",tracesSampleRate:0.1});</script>`;
    return `<form class="newsletter" action="https://newsletter.${site.domain}/subscribe"><label>Newsletter</label><input type="email" name="email" placeholder="${esc(d)}"><small>e.g. ${esc(d)}</small><button>Join</button></form>`;
  });
  const nav = page.links.filter((l) => l.text.startsWith('nav:')).map((l) => `<a href="${esc(rel(l.url))}">${esc(l.text.slice(4))}</a>`);
  const socials = page.links.filter((l) => l.text.startsWith('social:')).map((l) => `<a class="social" href="${esc(l.url)}" target="_blank" rel="noopener">${esc(l.text.slice(7))}</a>`);
  const inline = page.links.filter((l) => !l.text.startsWith('nav:') && !l.text.startsWith('social:')).map((l) => `<p><a href="${esc(rel(l.url))}">${esc(l.text)}</a></p>`);
  const body = [
    `<h1>${esc(page.title)}</h1>`,
    `<p>${esc(siteName)} — ${page.role === 'home' ? 'welcome to the studio.' : page.role === 'contact' ? 'say hello, I read everything.' : 'notes from the studio.'}</p>`,
    ...page.emails.filter((e) => e.encoding !== 'jsonld').map((e) => htmlEmail(e, siteName)),
    ...inline,
    ...decoys,
  ].join('\n');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(page.title)} | ${esc(siteName)}</title>
<meta name="description" content="${esc(siteName)}: ${esc(page.title)}">
<link rel="stylesheet" href="/assets/site.css">
${jsonLd}
</head><body>
<header><a class="brand" href="/">${esc(siteName)}</a><nav>${nav.join(' ')}</nav></header>
<main>
${body}
</main>
<footer><div class="socials">${socials.join(' ')}</div><p>© 2026 ${esc(siteName)}</p></footer>
${cf}
</body></html>`;
}

// ---------------------------------------------------------------------------------------------
// Google result pages
// ---------------------------------------------------------------------------------------------

export function googleResultsHtml(q: string, results: readonly SearchResult[]): string {
  const blocks = results
    .map(
      (r) => `<div class="MjjYud"><div class="g Ww4FFb"><div class="yuRUbf"><a jsname="UWckNb" href="${esc(r.url)}" data-ved="2ahUKEwsim"><h3 class="LC20lb MBeuO DKV0Md">${esc(r.title)}</h3></a></div>
<div class="VwiC3b yXK7lf"><span>${esc(r.snippet)}</span></div></div></div>`,
    )
    .join('\n');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><title>${esc(q)} - Google Search</title></head><body>
<form action="/search" role="search"><textarea name="q">${esc(q)}</textarea></form>
<div id="search"><div id="rso">
${blocks}
</div></div></body></html>`;
}

export function googleNoResultsHtml(q: string): string {
  return `<!DOCTYPE html><html lang="en"><head><title>${esc(q)} - Google Search</title></head><body>
<form action="/search"><textarea name="q">${esc(q)}</textarea></form>
<div id="topstuff"><p>Your search - <em>${esc(q)}</em> - did not match any documents.</p></div></body></html>`;
}

export const GOOGLE_UNUSUAL_TRAFFIC_HTML = `<!DOCTYPE html><html><head><title>https://www.google.com/search?q=</title></head><body>
<div id="captcha-form-wrap"><form id="captcha-form" action="/sorry/index" method="post"><div class="g-recaptcha" data-sitekey="6LfwuyUTAAAAAOAmoS0fdqijC2PbbdH4kjq62Y1b"></div></form></div>
<div>Our systems have detected unusual traffic from your computer network.</div></body></html>`;

/** A magazine article about a creator: a page that is not theirs (the editor's address is not theirs either). */
export function articleHtml(title: string, displayName: string, editorEmail: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>
<article><h1>${esc(title)}</h1><p>We met ${esc(displayName)} in the studio to talk about the new work.</p>
<p>Tips and corrections: <a href="mailto:${esc(editorEmail)}">${esc(editorEmail)}</a></p></article></body></html>`;
}

/** A retailer storefront (amazon.com/shop/<handle>): a shared domain, never a creator's website. */
export function storefrontPage(handle: string, displayName: string): string {
  const html = storefrontHtml(storefrontState({ handle, displayName, bio: `${displayName}'s favourite things`, posts: [], nextPageToken: null }), `Amazon.com: ${displayName}'s Storefront`);
  // Amazon's own help address in the page chrome: present on every storefront, nobody's contact.
  return html.replace('</body>', '<div id="sim-footer"><p>Questions about an order? Write to cs-reply@amazon.com</p></div></body>');
}
