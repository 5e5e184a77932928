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
import {
  linkmeHtml,
  linkmeProfile,
  profileNextData as linkmeNextData,
  notFoundHtml as linkmeNotFound,
  CHALLENGE_HTML as LINKME_CHALLENGE,
} from '../../src/platforms/linkpage-a/samples.js';
import {
  linktreeHtml,
  modernAccount,
  profileNextData as linktreeNextData,
  notFoundHtml as linktreeNotFound,
  CHALLENGE_HTML as LINKTREE_CHALLENGE,
} from '../../src/platforms/linkpage-b/samples.js';
import { talentBody, NOT_FOUND_BODY as KOMI_NOT_FOUND, CHALLENGE_HTML as KOMI_CHALLENGE } from '../../src/platforms/linkpage-c/samples.js';
import { sampleCreator, shellHtml as pillarShellHtml, CHALLENGE_HTML as PILLAR_CHALLENGE } from '../../src/platforms/linkpage-d/samples.js';
import type { SampleCreator } from '../../src/platforms/linkpage-d/samples.js';
import {
  lnkBioHtml,
  NOT_FOUND_HTML as LNKBIO_NOT_FOUND,
  CHALLENGE_HTML as LNKBIO_CHALLENGE,
} from '../../src/platforms/linkpage-e/samples.js';
import type { TestIcon, TestButton } from '../../src/platforms/linkpage-e/samples.js';
import { storefrontHtml, storefrontState } from '../../src/platforms/retail-shop/samples.js';
import { newShapeUser } from '../../src/platforms/microblog-b/samples.js';
import { mediaNode, profileBody, userJson } from '../../src/platforms/social-b/samples.js';
import { nightOwlUser, notFoundUniversalPage, universalPage, VERIFY_PAGE } from '../../src/platforms/shortvideo/samples.js';
import { aboutBrowseResponse, channelHtml, channelInitialData, NOT_FOUND_HTML as YT_NOT_FOUND } from '../../src/platforms/video/samples.js';
import type { TestAbout, TestChannel } from '../../src/platforms/video/samples.js';
import { classifyLink } from '../../src/links/classify.js';
import { introItem } from '../../src/platforms/social-a/samples.js';
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
  return [
    a.bio,
    ...a.emails.map((e) => (e.encoding === 'plain' || e.encoding === 'contact_field' ? `Business enquiries: ${e.email}` : bioEmailLine(e))),
  ]
    .filter(Boolean)
    .join('\n\n');
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
    headerLink: a.links[0]
      ? {
          text: bareLink(a.links[0]),
          url: a.links[0],
          more: a.links.length > 1 ? `and ${a.links.length - 1} more link${a.links.length > 2 ? 's' : ''}` : null,
        }
      : null,
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
    'social-a': 'Facebook',
    code: 'GitHub',
    forum: 'Reddit',
    'audio-c': 'SoundCloud',
    'microblog-a': 'Truth Social',
    'microblog-c': 'Threads',
    pinboard: 'Pinterest',
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
  // A link the creator titled as another person's ("My manager — …") is a button with that title, never an icon.
  // So is a second account on one platform (a page has one icon per network).
  const seenPlatform = new Set<string>();
  const credited = new Set(
    p.links
      .filter((l) => {
        const platform = classifyLink(l.url)?.platform;
        const again = !!platform && seenPlatform.has(platform);
        if (platform && !l.credit) seenPlatform.add(platform);
        return l.credit || l.button || again;
      })
      .map((l) => l.url),
  );
  const isSocial = (platform: string | undefined, table: Record<string, string>, url?: string) =>
    platform !== undefined && platform in table && !(url && credited.has(url));
  switch (p.kind) {
    case 'linkpage-a': {
      const webLinks = classified.map((l, i) => ({
        title: l.title,
        linkId: 900 + i,
        isCustom: !isSocial(l.c?.platform, LINKTREE_SOCIAL, l.url),
        links: [
          {
            webLinkId: Number(p.numericId) * 10 + i,
            linkImage: '',
            linkValue: l.url,
            faceValue: l.title,
            baseUrl: '',
            isCustom: !isSocial(l.c?.platform, LINKTREE_SOCIAL, l.url),
            isAdult: false,
          },
        ],
      }));
      const infoLinks = p.email
        ? [
            {
              title: 'Email',
              linkId: 1,
              isCustom: false,
              links: [
                {
                  webLinkId: Number(p.numericId) * 10 + 9,
                  linkImage: '',
                  linkValue: p.email.email,
                  faceValue: p.email.email,
                  isCustom: false,
                  isAdult: false,
                },
              ],
            },
          ]
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
      return [
        {
          host: 'link.me',
          path: `/${p.username}`,
          status: 200,
          contentType: html,
          body: linkmeHtml(linkmeNextData(profile), `${p.displayName} | Linkme`),
        },
      ];
    }
    case 'linkpage-b': {
      const socials = classified.filter((l) => isSocial(l.c?.platform, LINKTREE_SOCIAL, l.url));
      const buttons = classified.filter((l) => !isSocial(l.c?.platform, LINKTREE_SOCIAL, l.url));
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
      return [
        {
          host: 'linktr.ee',
          path: `/${p.username}`,
          status: 200,
          contentType: html,
          body: linktreeHtml(linktreeNextData(account), p.username),
        },
      ];
    }
    case 'linkpage-c': {
      const socials = classified.filter((l) => isSocial(l.c?.platform, KOMI_SOCIAL, l.url));
      const others = classified.filter((l) => !isSocial(l.c?.platform, KOMI_SOCIAL, l.url));
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
        {
          id: `${p.uuid.slice(0, 24)}${p.numericId.padStart(12, '0').slice(-12)}`,
          firstName: first,
          lastName: last,
          avatar: `https://komi-production-assets.s3.amazonaws.com/photos/sim${p.numericId}.jpg`,
        },
      );
      // One LINK module with the page's buttons, in the modules answer's shape (see src/platforms/linkpage-c/samples.ts).
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
        {
          host: 'api.komi.io',
          path: `/api/talent-profiles/${p.uuid}/modules`,
          status: 200,
          contentType: json,
          body: JSON.stringify(modules),
        },
      ];
    }
    case 'linkpage-d':
      // Pillar's page is its single-page shell; the data comes from its GraphQL endpoint
      // (pillarSimCreator, answered by the server from the request body).
      return [{ host: 'pillar.io', path: `/${p.username}`, status: 200, contentType: html, body: pillarShellHtml() }];
    case 'linkpage-e': {
      const icons: TestIcon[] = [];
      const buttons: TestButton[] = [];
      for (const [i, l] of classified.entries()) {
        const network = l.c ? LNKBIO_NETWORK[l.c.platform] : undefined;
        if (network && !l.credit && !l.button && !icons.some((x) => x.network === network))
          icons.push({ network, url: l.url, title: linkTitle(l.url) });
        else if (l.c === null && !/bit\.ly/i.test(l.url) && !icons.some((x) => x.network === 'CONTACT_WEB'))
          icons.push({ network: 'CONTACT_WEB', url: l.url, title: 'Website' });
        else buttons.push({ url: l.url, text: l.title, id: Number(p.numericId) * 10 + i });
      }
      if (p.email) icons.push({ network: 'CONTACT_EMAIL', url: `mailto:${p.email.email}`, title: 'Email' });
      return [
        {
          host: 'lnk.bio',
          path: `/${p.username}`,
          status: 200,
          contentType: html,
          body: lnkBioHtml({ handle: p.username, uid: `-${p.numericId}`, bio: p.bio, icons, buttons }),
        },
      ];
    }
  }
}

/** Pillar's GraphQL endpoint names these platforms' accounts by its social icons (banner customizations). */
const PILLAR_CHANNEL: Record<string, string> = {
  'social-b': 'INSTAGRAM',
  shortvideo: 'TIKTOK',
  video: 'YOUTUBE',
  'microblog-b': 'TWITTER',
  professional: 'LINKEDIN',
};

/** A Pillar page's rows as its GraphQL endpoint holds them (src/platforms/linkpage-d/samples.ts shape). */
export function pillarSimCreator(p: SimLinkPage): SampleCreator {
  const [first, last] = splitName(p.displayName);
  const socials: Record<string, { value: string }> = {};
  const links: Obj[] = [];
  for (const [i, l] of p.links.entries()) {
    const c = classifyLink(l.url);
    const channel = c ? PILLAR_CHANNEL[c.platform] : undefined;
    // A link labelled as another person's is a button with its title, never an icon (an icon has none).
    if (channel && !socials[channel] && !l.credit && !l.button) socials[channel] = { value: l.url };
    else
      links.push({
        link_id: `${p.uuid.slice(0, 8)}-2b1f-11ef-9c3d-${String(i).padStart(12, '0')}`,
        order: i + 1,
        clicks: i * 3,
        status: 'ACTIVE',
        data: { url: l.url, tagline: l.title, visible: true },
      });
  }
  return sampleCreator(p.username, {
    id: p.uuid,
    influencer: {
      id: p.uuid,
      alias: p.username,
      contact_email: p.email?.email ?? null,
      socials: [],
      user: {
        first_name: first,
        last_name: last,
        email: null,
        bio: p.bio,
        profile_image: `cloudinary:profiles/sim-${p.numericId}`,
      },
    },
    banner: { url_key: p.username, customizations: { socials } },
    links,
    products: [],
  });
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
  // The single-page app serves its shell for any path; the GraphQL lookup finds no creator.
  'pillar.io': { status: 200, contentType: 'text/html; charset=utf-8', body: pillarShellHtml() },
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

/** Greeting, contact and notes lines per site language. */
const SITE_PHRASES: Record<SimSite['lang'], [string, string, string]> = {
  en: ['welcome to the studio.', 'say hello, I read everything.', 'notes from the studio.'],
  de: ['willkommen im Atelier.', 'schreib mir, ich lese alles.', 'Notizen aus dem Atelier.'],
  es: ['bienvenidos al estudio.', 'escríbeme, leo todo.', 'notas del estudio.'],
  fr: ['bienvenue à l’atelier.', 'écrivez-moi, je lis tout.', 'notes de l’atelier.'],
  pt: ['bem-vindos ao estúdio.', 'escreva, eu leio tudo.', 'notas do estúdio.'],
  ja: ['スタジオへようこそ。', 'お気軽にご連絡ください。', 'スタジオ日記。'],
};

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
    .map(
      (e) =>
        `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Person', name: siteName, url: `https://${site.host}/`, email: `mailto:${e.email}` })}</script>`,
    )
    .join('\n');
  const cf = page.emails.some((e) => e.encoding === 'cfemail' || e.encoding === 'cfhref')
    ? '<script data-cfasync="false" src="/cdn-cgi/scripts/5c5dd728/cloudflare-static/email-decode.min.js"></script>'
    : '';
  const decoys = page.decoyStrings.map((d) => {
    if (/@\d(\.\d)?x\./.test(d))
      return `<figure><img src="/img/${esc(d)}" srcset="/img/${esc(d)} 2x" alt="logo"><figcaption>${esc(d)}</figcaption></figure>`;
    if (/ingest\.sentry\.io/.test(d)) return `<script>window.Sentry&&Sentry.init({dsn:"${d}",tracesSampleRate:0.1});</script>`;
    return `<form class="newsletter" action="https://newsletter.${site.domain}/subscribe"><label>Newsletter</label><input type="email" name="email" placeholder="${esc(d)}"><small>e.g. ${esc(d)}</small><button>Join</button></form>`;
  });
  const nav = page.links.filter((l) => l.text.startsWith('nav:')).map((l) => `<a href="${esc(rel(l.url))}">${esc(l.text.slice(4))}</a>`);
  const socials = page.links
    .filter((l) => l.text.startsWith('social:'))
    .map((l) => `<a class="social" href="${esc(l.url)}" target="_blank" rel="noopener">${esc(l.text.slice(7))}</a>`);
  const inline = page.links
    .filter((l) => !l.text.startsWith('nav:') && !l.text.startsWith('social:'))
    .map((l) => {
      // `credit:<before>|<anchor>|<after>`: the site names someone in a sentence ("Hosted by … and <a>@dee</a>").
      if (!l.text.startsWith('credit:')) return `<p><a href="${esc(rel(l.url))}">${esc(l.text)}</a></p>`;
      const [before, anchor, after] = l.text.slice(7).split('|');
      return `<p>${esc(before)}<a href="${esc(rel(l.url))}">${esc(anchor)}</a>${esc(after ?? '')}</p>`;
    });
  const body = [
    `<h1>${esc(page.title)}</h1>`,
    `<p>${esc(siteName)} — ${SITE_PHRASES[site.lang][page.role === 'home' || page.role === 'links' ? 0 : page.role === 'contact' ? 1 : 2]}</p>`,
    ...page.emails.filter((e) => e.encoding !== 'jsonld').map((e) => htmlEmail(e, siteName)),
    ...(page.texts ?? []).map((t) => `<p>${esc(t)}</p>`),
    ...inline,
    ...decoys,
  ].join('\n');
  return `<!DOCTYPE html><html lang="${site.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
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
      (
        r,
      ) => `<div class="MjjYud"><div class="g Ww4FFb"><div class="yuRUbf"><a jsname="UWckNb" href="${esc(r.url)}" data-ved="2ahUKEwsim"><h3 class="LC20lb MBeuO DKV0Md">${esc(r.title)}</h3></a></div>
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
  const html = storefrontHtml(
    storefrontState({ handle, displayName, bio: `${displayName}'s favourite things`, posts: [], nextPageToken: null }),
    `Amazon.com: ${displayName}'s Storefront`,
  );
  // Amazon's own help address in the page chrome: present on every storefront, nobody's contact.
  return html.replace('</body>', '<div id="sim-footer"><p>Questions about an order? Write to cs-reply@amazon.com</p></div></body>');
}

// ---------------------------------------------------------------------------------------------
// The other reader platforms (issue 13): every body is written here from the public response
// shapes (platforms.md, the captures' SOURCES.md); nothing is copied from a capture.
// ---------------------------------------------------------------------------------------------

/** Bio lines of an account's addresses that are not in a contact field. */
function bioEmailLines(a: SimAccount): string[] {
  return a.emails.filter((e) => e.encoding !== 'contact_field').map(bioEmailLine);
}

const contactField = (a: SimAccount) => a.emails.find((e) => e.encoding === 'contact_field')?.email ?? null;
const followers = (a: SimAccount, k: number) => 200 + (Number(a.numericId.slice(-4)) || 0) * k;
const isoFrom = (a: SimAccount, year: number) =>
  `${year}-0${1 + (Number(a.numericId.slice(-1)) % 9)}-1${Number(a.numericId.slice(-2, -1)) % 9}T10:11:12Z`;

/** An account's links split into its declared website (the first link that is no profile) and the rest. */
function websiteAndOthers(a: SimAccount): { website: string | null; others: string[] } {
  const website = a.links.find((l) => classifyLink(l) === null) ?? null;
  return { website, others: a.links.filter((l) => l !== website) };
}

// social-a (Facebook page, logged-out HTML) -----------------------------------------------------

const fbShim = (url: string) => `https://l.facebook.com/l.php?u=${encodeURIComponent(url)}&h=AT${url.length}sim`;

/** A Relay query result handed to ServerJS, as logged-out Comet pages ship it. */
function relayScript(queryName: string, data: unknown, id: string): string {
  const payload = {
    require: [
      [
        'ScheduledServerJS',
        'handle',
        null,
        [
          {
            __bbox: {
              require: [
                [
                  'RelayPrefetchedStreamCache',
                  'next',
                  [],
                  [
                    `adp_${queryName}RelayPreloader_${id}`,
                    { __bbox: { complete: true, result: { data, extensions: { is_final: true } }, sequence_number: 0 } },
                  ],
                ],
              ],
            },
          },
        ],
      ],
    ],
  };
  const json = JSON.stringify(payload).replace(/\//g, '\\/').replace(/</g, '\\u003c');
  return `<script type="application/json" data-content-len="${json.length}" data-sjs>${json}</script>`;
}

export function facebookPageHtml(a: SimAccount): string {
  const { website, others } = websiteAndOthers(a);
  const bio = [a.bio, ...bioEmailLines(a)].filter(Boolean).join('\n');
  const email = contactField(a);
  const item = (type: string, text: string, url?: string) => introItem(type, text, url, fbShim);
  const items = [
    item('INTRO_CARD_INFLUENCER_CATEGORY', 'Page · Digital creator'),
    ...(email ? [item('INTRO_CARD_PROFILE_EMAIL', email)] : []),
    ...(website ? [item('INTRO_CARD_WEBSITE', bareLink(website), website)] : []),
    ...others.map((u) => item('INTRO_CARD_OTHER_ACCOUNT', bareLink(u), u)),
  ];
  const views = [
    ...(bio
      ? [
          {
            view_style_renderer: {
              __typename: 'ProfileTileViewIntroBioRenderer',
              view: { profile_tile_items: { nodes: [{ node: { __typename: 'ProfileStatus', profile_status_text: { text: bio } } }] } },
            },
          },
        ]
      : []),
    { view_style_renderer: { __typename: 'ProfileTileViewContextListRenderer', view: { profile_tile_items: { nodes: items } } } },
  ];
  const header = {
    user: {
      profile_header_renderer: {
        user: {
          __typename: 'User',
          id: a.numericId,
          name: a.displayName,
          url: `https://www.facebook.com/${a.handle}`,
          username_for_profile: a.handle,
          delegate_page: { id: a.numericId, is_business_page_active: true },
        },
      },
    },
  };
  const tiles = {
    user: {
      id: a.numericId,
      profile_tile_sections: { edges: [{ node: { profile_tile_section_type: 'INTRO', profile_tile_views: { nodes: views } } }] },
    },
  };
  const likes = followers(a, 3);
  const description = `${a.displayName}. ${likes.toLocaleString('en-US')} likes · ${Math.round(likes / 20)} talking about this.${a.bio ? ` ${a.bio}` : ''}`;
  return `<!DOCTYPE html><html id="facebook" lang="en"><head><meta charset="utf-8"/><title>${esc(a.displayName)} | Facebook</title>
<meta property="og:title" content="${esc(a.displayName)}"/><meta property="og:description" content="${esc(description)}"/>
<meta property="og:url" content="https://www.facebook.com/${a.handle}"/><meta property="al:android:url" content="fb://page/${a.numericId}"/></head>
<body><div id="mount_0_0_Si"><div role="main"><h1>${esc(a.displayName)}</h1></div>
<div><a href="https://www.facebook.com/login/">Log in</a><a href="https://www.facebook.com/privacy/policy">Privacy</a></div></div>
${relayScript('ProfileCometHeaderQuery', header, `${a.numericId}a`)}
${relayScript('ProfileCometTilesQuery', tiles, `${a.numericId}b`)}</body></html>`;
}

export const FACEBOOK_NOT_FOUND = `<!DOCTYPE html><html lang="en"><head><title>Facebook</title></head><body><div role="main"><h2>This content isn't available right now</h2><p>When this happens, it's usually because the owner only shared it with a small group of people.</p></div></body></html>`;

// code (GitHub REST: /users/<u>, /users/<u>/social_accounts) -----------------------------------

const GITHUB_PROVIDERS: Record<string, string> = {
  'microblog-b': 'twitter',
  'social-b': 'instagram',
  video: 'youtube',
  'social-a': 'facebook',
  forum: 'reddit',
  professional: 'linkedin',
  'microblog-a': 'mastodon',
};

export function githubUserBody(a: SimAccount): string {
  const { website, others } = websiteAndOthers(a);
  const x = others.map((u) => classifyLink(u)).find((c) => c?.platform === 'microblog-b');
  const api = `https://api.github.com/users/${a.handle}`;
  return JSON.stringify({
    login: a.handle,
    id: Number(a.numericId.slice(0, 8)),
    node_id: `U_kgDO${a.numericId.slice(0, 8)}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${Number(a.numericId.slice(0, 8))}?v=4`,
    gravatar_id: '',
    url: api,
    html_url: `https://github.com/${a.handle}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type: 'User',
    user_view_type: 'public',
    site_admin: false,
    name: a.displayName,
    company: null,
    blog: website ?? '',
    location: null,
    email: contactField(a),
    hireable: null,
    bio: [a.bio, ...bioEmailLines(a)].filter(Boolean).join('\n') || null,
    twitter_username: x?.handle ?? null,
    public_repos: 3 + (Number(a.numericId.slice(-2)) % 40),
    public_gists: Number(a.numericId.slice(-1)),
    followers: followers(a, 1),
    following: 12,
    created_at: isoFrom(a, 2015),
    updated_at: isoFrom(a, 2026),
  });
}

export function githubSocialAccountsBody(a: SimAccount): string {
  const { others } = websiteAndOthers(a);
  return JSON.stringify(
    others.slice(0, 4).map((url) => ({ provider: GITHUB_PROVIDERS[classifyLink(url)?.platform ?? ''] ?? 'generic', url })),
  );
}

export const GITHUB_NOT_FOUND = JSON.stringify({
  message: 'Not Found',
  documentation_url: 'https://docs.github.com/rest/users/users#get-a-user',
  status: '404',
});
export const GITHUB_HEADERS = {
  'x-ratelimit-limit': '60',
  'x-ratelimit-remaining': '57',
  'x-ratelimit-used': '3',
  'x-ratelimit-resource': 'core',
  'x-github-api-version-selected': '2022-11-28',
};

// forum (Reddit /user/<u>/about.json) -----------------------------------------------------------

export function redditAboutBody(a: SimAccount): string {
  const created = 1_500_000_000 + (Number(a.numericId.slice(-7)) || 0);
  const description = [a.bio, ...a.links, ...bioEmailLines(a)].filter(Boolean).join('\n');
  const id36 = Number(a.numericId.slice(0, 9)).toString(36);
  const icon = `https://styles.redditmedia.com/t5_${id36}/styles/profileIcon_sim${a.numericId.slice(-6)}.png`;
  return JSON.stringify({
    kind: 't2',
    data: {
      is_employee: false,
      is_friend: false,
      subreddit: {
        default_set: true,
        user_is_contributor: null,
        banner_img: '',
        restrict_posting: true,
        user_is_banned: null,
        free_form_reports: true,
        community_icon: null,
        show_media: true,
        icon_color: '',
        user_is_muted: null,
        display_name: `u_${a.handle}`,
        header_img: null,
        title: a.displayName,
        previous_names: [],
        over_18: false,
        icon_size: [256, 256],
        primary_color: '',
        icon_img: icon,
        description: '',
        submit_link_label: '',
        header_size: null,
        restrict_commenting: false,
        subscribers: followers(a, 1),
        submit_text_label: '',
        is_default_icon: false,
        link_flair_position: '',
        display_name_prefixed: `u/${a.handle}`,
        key_color: '',
        name: `t5_${id36}`,
        is_default_banner: true,
        url: `/user/${a.handle}/`,
        quarantine: false,
        banner_size: null,
        user_is_moderator: null,
        accept_followers: true,
        public_description: description,
        link_flair_enabled: false,
        disable_contributor_requests: false,
        subreddit_type: 'user',
        user_is_subscriber: null,
      },
      snoovatar_size: null,
      awardee_karma: 12,
      id: id36,
      verified: true,
      is_gold: false,
      is_mod: false,
      awarder_karma: 0,
      has_verified_email: true,
      icon_img: icon,
      hide_from_robots: false,
      link_karma: 40 + (created % 900),
      is_blocked: false,
      total_karma: 100 + (created % 4000),
      pref_show_snoovatar: false,
      name: a.handle,
      created,
      created_utc: created,
      snoovatar_img: '',
      comment_karma: 60 + (created % 3100),
      accept_followers: true,
      has_subscribed: true,
    },
  });
}

export const REDDIT_NOT_FOUND = JSON.stringify({ message: 'Not Found', error: 404 });
export const REDDIT_TOO_MANY = JSON.stringify({ message: 'Too Many Requests', error: 429 });

// audio-c (SoundCloud: home page client_id, api-v2 resolve, web-profiles) -----------------------

/** The public web client id the simulated soundcloud.com hands out (its `apiClient` hydratable). */
export const SC_CLIENT_ID = 'SimWebClient0000000000000000a9Zq';

export function soundcloudHomeHtml(): string {
  const hydration = [
    { hydratable: 'anonymousId', data: '812345-678901-234567-890123' },
    { hydratable: 'features', data: { features: ['v2_use_onetrust_tcf', 'mobi_use_onetrust_tcf'] } },
    {
      hydratable: 'geoip',
      data: {
        country_code: 'US',
        country_name: 'United States',
        region: 'CA',
        city: 'San Francisco',
        postal_code: '94103',
        latitude: 37.7,
        longitude: -122.4,
      },
    },
    {
      hydratable: 'privacySettings',
      data: {
        allows_messages_from_unfollowed_users: false,
        analytics_opt_in: true,
        communications_opt_in: false,
        targeted_advertising_opt_in: false,
        legislation: [],
      },
    },
    { hydratable: 'trackingBrowserTabId', data: 'sim-tab-1' },
    { hydratable: 'apiClient', data: { id: SC_CLIENT_ID, isExpiring: false } },
  ];
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Stream and listen to music online for free with SoundCloud</title></head>
<body><div id="app"></div><script>window.__sc_version = "1780000001"</script>
<script>window.__sc_hydration = ${JSON.stringify(hydration)};</script>
<script crossorigin src="https://a-v2.sndcdn.com/assets/0-sim00001.js"></script></body></html>`;
}

export function soundcloudUser(a: SimAccount): Obj {
  const id = Number(a.numericId.slice(0, 9));
  const [first, last] = splitName(a.displayName);
  return {
    avatar_url: `https://i1.sndcdn.com/avatars-sim${id}-large.jpg`,
    city: '',
    comments_count: 3,
    country_code: null,
    created_at: isoFrom(a, 2014),
    creator_subscriptions: [{ product: { id: 'free' } }],
    creator_subscription: { product: { id: 'free' } },
    description: [a.bio, ...bioEmailLines(a)].filter(Boolean).join('\n') || null,
    followers_count: followers(a, 2),
    followings_count: 41,
    first_name: first,
    full_name: a.displayName,
    groups_count: 0,
    id,
    kind: 'user',
    last_modified: isoFrom(a, 2026),
    last_name: last,
    likes_count: 120,
    playlist_likes_count: 4,
    permalink: a.handle,
    permalink_url: `https://soundcloud.com/${a.handle}`,
    playlist_count: 2,
    reposts_count: null,
    track_count: 14,
    uri: `https://api.soundcloud.com/users/${id}`,
    urn: `soundcloud:users:${id}`,
    username: a.displayName,
    verified: false,
    visuals: null,
    badges: { pro: false, creator_mid_tier: false, pro_unlimited: false, verified: false },
    station_urn: `soundcloud:system-playlists:artist-stations:${id}`,
    station_permalink: `artist-stations:${id}`,
  };
}

const SC_NETWORKS: Record<string, string> = {
  'social-b': 'instagram',
  video: 'youtube',
  'microblog-b': 'twitter',
  'social-a': 'facebook',
  shortvideo: 'tiktok',
  'audio-a': 'spotify',
};

/** `GET /users/<urn or id>/web-profiles`: the links the profile shows. */
export function soundcloudWebProfilesBody(a: SimAccount): string {
  return JSON.stringify(
    a.links.map((url, i) => {
      const c = classifyLink(url);
      const network = c ? (SC_NETWORKS[c.platform] ?? 'personal') : 'personal';
      return {
        url,
        network,
        title: c ? linkTitle(url) : 'Website',
        username: c?.handle ?? null,
        created_at: isoFrom(a, 2020 + (i % 5)),
        kind: 'web-profile',
        id: Number(a.numericId.slice(-6)) * 10 + i,
      };
    }),
  );
}

export function soundcloudProfileHtml(a: SimAccount): string {
  const hydration = [
    { hydratable: 'anonymousId', data: '812345-678901-234567-890123' },
    { hydratable: 'apiClient', data: { id: SC_CLIENT_ID, isExpiring: false } },
    { hydratable: 'user', data: soundcloudUser(a) },
  ];
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${esc(a.displayName)} | Listen on SoundCloud</title>
<link rel="canonical" href="https://soundcloud.com/${a.handle}"></head><body><div id="app"></div>
<script>window.__sc_hydration = ${JSON.stringify(hydration).replace(/</g, '\\u003c')};</script></body></html>`;
}

export const SOUNDCLOUD_NOT_FOUND = JSON.stringify({
  code: 404,
  message: 'HTTP 404 Not Found',
  link: 'https://developers.soundcloud.com/docs/api/explorer/open-api',
  status: '404 - Not Found',
  errors: [{ error_message: '404 - Not Found' }],
  error: null,
});

// microblog-a (Truth Social / Mastodon accounts lookup) -----------------------------------------

function mastodonLink(url: string): string {
  const m = /^(https?:\/\/)(.*)$/.exec(url);
  const rest = m ? m[2] : url;
  return `<a href="${esc(url)}" rel="nofollow noopener noreferrer" target="_blank"><span class="invisible">${m ? m[1] : ''}</span><span class="">${esc(rest)}</span><span class="invisible"></span></a>`;
}

export function truthAccountBody(a: SimAccount): string {
  const { website, others } = websiteAndOthers(a);
  const note = [a.bio, ...bioEmailLines(a)]
    .filter(Boolean)
    .map((l) => esc(l))
    .join('<br />');
  const email = contactField(a);
  const fields = [
    ...(email ? [{ name: 'Email', value: esc(email), verified_at: null }] : []),
    ...others.slice(0, 3).map((u) => ({ name: linkTitle(u), value: mastodonLink(u), verified_at: null })),
  ];
  return JSON.stringify({
    id: `1078${a.numericId}00`,
    username: a.handle,
    acct: a.handle,
    display_name: a.displayName,
    locked: false,
    bot: false,
    discoverable: true,
    group: false,
    created_at: `${isoFrom(a, 2022).replace('Z', '.000Z')}`,
    note: `<p>${note}</p>`,
    url: `https://truthsocial.com/@${a.handle}`,
    avatar: `https://static-assets-1.truthsocial.com/tmtg:prime-ts-assets/accounts/avatars/sim/${a.numericId}/original/a.jpg`,
    avatar_static: `https://static-assets-1.truthsocial.com/tmtg:prime-ts-assets/accounts/avatars/sim/${a.numericId}/original/a.jpg`,
    header: 'https://truthsocial.com/headers/original/missing.png',
    header_static: 'https://truthsocial.com/headers/original/missing.png',
    followers_count: followers(a, 2),
    following_count: 88,
    statuses_count: 310,
    last_status_at: '2026-07-30',
    verified: false,
    location: '',
    website: website ? bareLink(website) : '',
    emojis: [],
    fields,
    pleroma: { accepts_chat_messages: true },
    tv_onboarded: false,
    chats_onboarded: true,
    premium: false,
  });
}

export const TRUTH_NOT_FOUND = JSON.stringify({ error: 'Record not found' });

// microblog-c (Threads: public profile page, and the profile GraphQL query) ---------------------

export const THREADS_LSD = 'AVpSimLsdToken01';

export function threadsUser(a: SimAccount): Obj {
  return {
    pk: a.numericId,
    id: null,
    username: a.handle,
    full_name: a.displayName,
    biography: [a.bio, ...bioEmailLines(a)].filter(Boolean).join('\n'),
    biography_with_entities: null,
    bio_links: a.links.map((url) => ({ url })),
    follower_count: followers(a, 2),
    is_verified: false,
    is_private: false,
    text_post_app_is_private: false,
    has_onboarded_to_text_post_app: true,
    profile_pic_url: `https://scontent.cdninstagram.com/v/t51.2885-19/sim_${a.numericId}_n.jpg`,
    hd_profile_pic_versions: [
      { height: 320, url: `https://scontent.cdninstagram.com/v/t51.2885-19/sim_${a.numericId}_320.jpg`, width: 320 },
    ],
  };
}

export function threadsProfileHtml(a: SimAccount): string {
  const u = threadsUser(a);
  const payload = {
    require: [
      [
        'ScheduledServerJS',
        'handle',
        null,
        [
          {
            __bbox: {
              require: [
                [
                  'RelayPrefetchedStreamCache',
                  'next',
                  [],
                  [
                    `adp_BarcelonaProfilePageDirectQueryRelayPreloader_${a.numericId}`,
                    { __bbox: { complete: true, result: { data: { user: u }, extensions: { is_final: true } }, sequence_number: 0 } },
                  ],
                ],
              ],
            },
          },
        ],
      ],
    ],
  };
  const description = `${u.follower_count} Followers • 57 Threads • ${a.bio ? `${a.bio}. ` : ''}See the latest conversations with @${a.handle}.`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${esc(a.displayName)} (@${a.handle}) • Threads, Say more</title>
<meta property="og:title" content="${esc(a.displayName)} (&#064;${a.handle}) on Threads"><meta property="og:description" content="${esc(description)}">
<meta property="og:url" content="https://www.threads.com/@${a.handle}"><link rel="canonical" href="https://www.threads.com/@${a.handle}"></head>
<body><script>requireLazy(["ServerJS"],function(){});</script>
<script type="application/json" data-sjs>{"define":[["LSD",[],{"token":"${THREADS_LSD}"},323]]}</script>
<script type="application/json" data-sjs>${JSON.stringify(payload).replace(/\//g, '\\/').replace(/</g, '\\u003c')}</script>
<div id="barcelona-page-layout"></div></body></html>`;
}

/** The 2023 profile query answer (`BarcelonaProfileRootQuery`): `data.userData.user`. */
export function threadsGraphqlBody(a: SimAccount): string {
  return JSON.stringify({ data: { userData: { user: threadsUser(a) } }, extensions: { is_final: true } });
}

export const THREADS_NOT_FOUND = `<!DOCTYPE html><html lang="en"><head><title>Threads</title></head><body><div><span>Sorry, this page isn't available</span><span>The link you followed may be broken, or the page may have been removed.</span></div>
<script type="application/json" data-sjs>{"define":[["LSD",[],{"token":"${THREADS_LSD}"},323]]}</script></body></html>`;

// pinboard (Pinterest user page and UserResource) -----------------------------------------------

export function pinterestUser(a: SimAccount): Obj {
  const { website, others } = websiteAndOthers(a);
  const about = [a.bio, ...others, ...bioEmailLines(a)].filter(Boolean).join('\n');
  const img = (n: number) => `https://i.pinimg.com/${n}x${n}_RS/sim/${a.numericId.slice(-2)}/${a.numericId}.jpg`;
  return {
    id: `5${a.numericId}`,
    node_id: Buffer.from(`User:5${a.numericId}`).toString('base64'),
    type: 'user',
    username: a.handle,
    full_name: a.displayName,
    first_name: splitName(a.displayName)[0],
    about,
    website_url: website,
    domain_url: website ? new URL(website).hostname.replace(/^www\./, '') : null,
    domain_verified: false,
    follower_count: followers(a, 1),
    following_count: 73,
    pin_count: 412,
    board_count: 9,
    image_small_url: img(30),
    image_medium_url: img(75),
    image_large_url: img(140),
    is_verified_merchant: false,
    is_primary_website_verified: false,
    is_ads_only_profile: false,
    ads_only_profile_site: null,
    verified_identity: {},
    profile_reach: 1200 + followers(a, 3),
  };
}

export function pinterestProfileHtml(a: SimAccount): string {
  const u = pinterestUser(a);
  const props = {
    initialReduxState: {
      users: { [String(u.id)]: u },
      resources: { UserResource: { [`field_set_key="profile",username="${a.handle}"`]: { data: u, nextBookmark: null } } },
    },
    isAuthenticated: false,
  };
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${esc(a.displayName)} (${a.handle}) - Profile | Pinterest</title>
<meta property="og:title" content="${esc(a.displayName)} (${a.handle}) - Profile | Pinterest"><meta name="description" content="${esc(String(u.about).slice(0, 150))}">
<link rel="canonical" href="https://www.pinterest.com/${a.handle}/"></head><body><div id="__PWS_ROOT__"></div>
<script id="__PWS_INITIAL_PROPS__" type="application/json">${JSON.stringify(props).replace(/</g, '\\u003c')}</script></body></html>`;
}

export function pinterestUserResourceBody(a: SimAccount): string {
  return JSON.stringify({
    resource_response: {
      status: 'success',
      code: 0,
      message: 'ok',
      endpoint_name: 'v3_get_user_handler',
      data: pinterestUser(a),
      x_pinterest_sli_endpoint_name: 'get_user',
      http_status: 200,
    },
    client_context: {
      is_authenticated: false,
      current_url: `https://www.pinterest.com/${a.handle}/`,
      unauth_id: 'sim0000000000000000000000000001',
    },
    resource: { name: 'UserResource', options: { username: a.handle, field_set_key: 'profile' } },
    request_identifier: `31${a.numericId.slice(-10)}`,
  });
}

export const PINTEREST_USER_NOT_FOUND = JSON.stringify({
  resource_response: {
    status: 'failure',
    code: 30,
    message: 'User not found.',
    endpoint_name: 'v3_get_user_handler',
    data: null,
    error: { http_status: 404, code: 30, message: 'User not found.', status: 'failure' },
    http_status: 404,
  },
  client_context: { is_authenticated: false },
  resource: { name: 'UserResource', options: {} },
});

export const PINTEREST_NOT_FOUND_HTML = `<!DOCTYPE html><html lang="en"><head><title>Pinterest</title></head><body><div id="__PWS_ROOT__"></div><h1>Sorry! We couldn't find that page.</h1></body></html>`;
