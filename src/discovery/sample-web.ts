/**
 * A small creator web for the discovery tests: upstream answers in the real platforms' formats,
 * built with the sample builders each platform module exports (social-b `userJson`, shortvideo
 * `nightOwlPage`, video `channelInitialData` / `aboutBrowseResponse`, microblog-b
 * `legacyShapeUser`, linkpage-b `modernAccount`), and pages written here for what no module
 * builds (a Facebook page's logged-out HTML with its og: tags and, optionally, its intro card as
 * Relay data in the shape public page scrapers read, a creator website, a beacons.ai
 * page, a Google results page in the desktop layout). Not captures; every name, address and
 * number is invented. The benchmark's much larger simulated web lives elsewhere (test/sim).
 *
 * `DiscoveryWeb` collects creators' profiles and pages, then answers as the replay upstream:
 * unknown accounts are "not found" in each platform's own way.
 */
import type { Route, RecordedResponse, ReplayRequest } from '../replay/server.js';
import { profileBody, userJson } from '../platforms/social-b/samples.js';
import { nightOwlPage, notFoundUniversalPage } from '../platforms/shortvideo/samples.js';
import {
  aboutBrowseResponse,
  channelHtml,
  channelInitialData,
  NIGHT_OWL,
  NOT_FOUND_HTML as YT_NOT_FOUND,
} from '../platforms/video/samples.js';
import type { TestAbout, TestChannel } from '../platforms/video/samples.js';
import { legacyShapeUser } from '../platforms/microblog-b/samples.js';
import { introItem, NOT_AVAILABLE_HTML } from '../platforms/social-a/samples.js';
import { linktreeHtml, modernAccount, notFoundHtml as linktreeNotFound, profileNextData } from '../platforms/linkpage-b/samples.js';
import { USER_BY_SCREEN_NAME } from '../platforms/microblog-b/endpoints.js';
import type { BskySample } from '../platforms/microblog-d/samples.js';
import { BSKY_NOT_FOUND, bskyProfileBody } from '../platforms/microblog-d/samples.js';
import type { MastodonSample } from '../platforms/microblog-e/samples.js';
import { MASTODON_NOT_FOUND, mastodonAccountBody } from '../platforms/microblog-e/samples.js';
import type { KickSample } from '../platforms/livestream/samples.js';
import { kickChannelBody } from '../platforms/livestream/samples.js';
import type { SubstackSample } from '../platforms/newsletter/samples.js';
import { SUBSTACK_NOT_FOUND, substackProfileBody } from '../platforms/newsletter/samples.js';
import type { TumblrSample } from '../platforms/blog/samples.js';
import { tumblrPostsBody } from '../platforms/blog/samples.js';

type Obj = Record<string, unknown>;

export const HTML = { 'content-type': 'text/html; charset=utf-8' };
export const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

export interface IgAccount {
  username: string;
  fullName: string;
  bio: string;
  externalUrl?: string | null;
  bioLinks?: string[];
  businessEmail?: string | null;
}

export interface TikTokAccount {
  handle: string;
  nickname: string;
  signature: string;
  bioLink?: string | null;
}

export interface YouTubeChannel {
  handle: string;
  channelId: string;
  title: string;
  description: string;
  links: { title: string; url: string }[];
}

export interface XAccount {
  screenName: string;
  name: string;
  description: string;
  /** Website field (expanded URL). */
  url?: string | null;
  /** URLs written in the bio (as entities). */
  bioUrls?: string[];
}

export interface FacebookPage {
  vanity: string;
  name: string;
  description: string;
  /** Outbound links shown on the page (served through l.facebook.com). */
  links?: string[];
  /** Numeric page id (then also served at /profile.php?id=<id>). */
  id?: string;
  /** The intro card, shipped as Relay data (what logged-out visitors are often not shown). */
  intro?: FacebookIntro;
}

export interface FacebookIntro {
  bio?: string;
  /** Website items: the URL the item links (through l.facebook.com) and the text it shows. */
  websites?: { url: string; text: string }[];
  email?: string;
  /** Other accounts: the profile URL and the handle shown. */
  accounts?: { url: string; text: string }[];
  phone?: string;
  category?: string;
}

/** An account on one of the other reader platforms (Threads, GitHub, Pinterest, Reddit, SoundCloud, Truth Social). */
export interface OtherAccount {
  handle: string;
  name: string;
  bio: string;
  /** The website field. */
  website?: string | null;
  /** Other links the platform lists (GitHub social accounts, Threads bio links, SoundCloud web profiles, Truth Social fields). */
  links?: string[];
  /** A contact field (GitHub's public e-mail). */
  email?: string | null;
}

export interface LinktreePage {
  username: string;
  description: string;
  links: { title: string; url: string }[];
  email?: string | null;
}

/** A Cloudflare-protected address as the protection script's markup carries it (key byte, then XOR'ed bytes). */
export function cfEncode(email: string, key = 0x5a): string {
  return [key, ...Buffer.from(email, 'utf8')].map((b, i) => (i === 0 ? b : b ^ key).toString(16).padStart(2, '0')).join('');
}

/** A plain creator website page. */
export function sitePage(title: string, body: string, opts: { jsonLd?: Obj; footer?: string } = {}): string {
  const ld = opts.jsonLd ? `<script type="application/ld+json">${JSON.stringify(opts.jsonLd)}</script>` : '';
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${ld}
<script>var sentryDsn = "https://0123456789abcdef0123456789abcdef@o1.ingest.sentry.io/1";</script></head>
<body><header><nav><a href="/">Home</a></nav></header><main>${body}</main>
<footer>${opts.footer ?? ''}<img src="/img/logo@2x.png" alt="logo@2x.png"></footer></body></html>`;
}

/** A beacons.ai-style link page (vendor chrome in the footer). */
export function beaconsPage(username: string, title: string, links: string[], extra = ''): string {
  return `<!DOCTYPE html><html><head><title>${title} | Beacons</title><meta property="og:title" content="${title}"></head>
<body><main><h1>${title}</h1>${links.map((l) => `<a class="link" href="${l}">${l}</a>`).join('\n')}${extra}</main>
<footer><a href="https://beacons.ai/">Made with Beacons</a><a href="https://www.instagram.com/beacons.ai/">Beacons on Instagram</a>
<a href="mailto:support@beacons.ai">support@beacons.ai</a></footer></body></html>`;
}

/** A Google results page, desktop layout (`h3.LC20lb` inside the result link). */
export function googlePage(query: string, urls: string[]): string {
  const results = urls.length
    ? urls
        .map(
          (u, i) =>
            `<div class="MjjYud"><div class="g"><div class="yuRUbf"><a href="${u}"><h3 class="LC20lb MBeuO DKV0Md">Result ${i + 1}</h3><cite>${u}</cite></a></div><div class="VwiC3b">About ${query}</div></div></div>`,
        )
        .join('\n')
    : `<div id="topstuff"><p>Your search - <b>${query}</b> - did not match any documents.</p></div>`;
  return `<!doctype html><html><head><title>${query} - Google Search</title></head><body><form action="/search" role="search"><textarea name="q">${query}</textarea></form>
<div id="center_col"><div id="res"><div id="search"><div><div id="rso">${results}</div></div></div></div></div></body></html>`;
}

const fbShim = (url: string) => `https://l.facebook.com/l.php?u=${encodeURIComponent(url)}&h=AT0test`;

/** A Relay query result handed to ServerJS, as logged-out Comet pages ship it (see src/platforms/social-a/samples.ts). */
function relayScript(queryName: string, data: unknown): string {
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
                    `adp_${queryName}RelayPreloader_5b0e1d2c3a4f6`,
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

/**
 * The intro card as public page scrapers read it: `profile_tile_sections` → `profile_tile_views`
 * → `profile_tile_items` nodes; the bio as a `ProfileStatus`, every other item a
 * `timeline_context_item` typed INTRO_CARD_* with a `title {text, ranges[{entity}]}`.
 */
function introData(p: FacebookPage): unknown {
  const i = p.intro ?? {};
  const item = (type: string, text: string, url?: string) => introItem(type, text, url, fbShim);
  const items = [
    ...(i.category ? [item('INTRO_CARD_INFLUENCER_CATEGORY', `Page · ${i.category}`)] : []),
    ...(i.phone ? [item('INTRO_CARD_PROFILE_PHONE', i.phone)] : []),
    ...(i.email ? [item('INTRO_CARD_PROFILE_EMAIL', i.email)] : []),
    ...(i.websites ?? []).map((w) => item('INTRO_CARD_WEBSITE', w.text, w.url)),
    ...(i.accounts ?? []).map((a) => item('INTRO_CARD_OTHER_ACCOUNT', a.text, a.url)),
  ];
  const views = [
    ...(i.bio
      ? [
          {
            view_style_renderer: {
              __typename: 'ProfileTileViewIntroBioRenderer',
              view: { profile_tile_items: { nodes: [{ node: { __typename: 'ProfileStatus', profile_status_text: { text: i.bio } } }] } },
            },
          },
        ]
      : []),
    { view_style_renderer: { __typename: 'ProfileTileViewContextListRenderer', view: { profile_tile_items: { nodes: items } } } },
  ];
  return {
    user: {
      id: p.id ?? '100000000000001',
      profile_tile_sections: { edges: [{ node: { profile_tile_section_type: 'INTRO', profile_tile_views: { nodes: views } } }] },
    },
  };
}

function headerData(p: FacebookPage): unknown {
  const id = p.id ?? '100000000000001';
  return {
    user: {
      profile_header_renderer: {
        user: {
          __typename: 'User',
          id,
          name: p.name,
          url: `https://www.facebook.com/${p.vanity}`,
          username_for_profile: p.vanity,
          delegate_page: { id, is_business_page_active: true },
        },
      },
    },
  };
}

export function facebookPageHtml(p: FacebookPage): string {
  const links = (p.links ?? []).map((l) => `<a href="${fbShim(l).replace(/&/g, '&amp;')}" rel="nofollow">${l}</a>`).join('');
  const relay = p.intro
    ? `${relayScript('ProfileCometHeaderQuery', headerData(p))}\n${relayScript('ProfileCometTilesQuery', introData(p))}`
    : '';
  return `<!DOCTYPE html><html id="facebook" lang="en"><head><meta charset="utf-8"/><title>${p.name} | Facebook</title>
<meta property="og:title" content="${p.name}"/><meta property="og:description" content="${p.description}"/>
<meta property="og:url" content="https://www.facebook.com/${p.vanity}"/>${p.id ? `<meta property="al:android:url" content="fb://page/${p.id}"/>` : ''}</head>
<body><div id="mount_0_0_Ab"><div role="main"><h1>${p.name}</h1><div class="intro">${links}</div></div>
<div><a href="https://www.facebook.com/login/">Log in</a><a href="https://www.facebook.com/privacy/policy">Privacy</a></div></div>${relay}</body></html>`;
}

/** Facebook's "content isn't available" page: its error route (social-a's test page). */
const NOT_FOUND_FB = NOT_AVAILABLE_HTML;

/**
 * The web: accounts by platform, plus any page by host + path. `routes()` answers as the replay
 * upstream (add them to a harness's replay server).
 */
export class DiscoveryWeb {
  readonly ig = new Map<string, IgAccount>();
  readonly tiktok = new Map<string, TikTokAccount>();
  readonly youtube = new Map<string, YouTubeChannel>();
  readonly x = new Map<string, XAccount>();
  readonly facebook = new Map<string, FacebookPage>();
  readonly linktree = new Map<string, LinktreePage>();
  /** Accounts on the other reader platforms, by lower-cased handle. */
  readonly threads = new Map<string, OtherAccount>();
  readonly github = new Map<string, OtherAccount>();
  readonly pinterest = new Map<string, OtherAccount>();
  readonly reddit = new Map<string, OtherAccount>();
  readonly soundcloud = new Map<string, OtherAccount>();
  readonly truth = new Map<string, OtherAccount>();
  /** The five of issue 35: Bluesky by handle (and DID), Mastodon by `user@instance`, Kick by slug, Substack by handle, Tumblr by blog name. */
  readonly bluesky = new Map<string, BskySample>();
  readonly mastodon = new Map<string, MastodonSample>();
  readonly kick = new Map<string, KickSample>();
  readonly substack = new Map<string, SubstackSample>();
  readonly tumblr = new Map<string, TumblrSample>();
  /** `host/path` → page or response. */
  readonly pages = new Map<string, RecordedResponse>();
  /** Google: query → result URLs (unknown queries: no results). */
  readonly search = new Map<string, string[]>();
  /** Per-host faults or overrides, checked first: `host` or `host/path`. */
  readonly overrides = new Map<string, RecordedResponse>();

  page(url: string, body: string, extra: Omit<RecordedResponse, 'body'> = {}): this {
    const u = new URL(url);
    this.pages.set(`${u.host}${u.pathname}`, { headers: HTML, ...extra, body });
    return this;
  }

  override(hostOrUrl: string, response: RecordedResponse): this {
    const key = /^https?:\/\//.test(hostOrUrl)
      ? (() => {
          const u = new URL(hostOrUrl);
          return `${u.host}${u.pathname}`;
        })()
      : hostOrUrl;
    this.overrides.set(key, response);
    return this;
  }

  private overrideFor(req: ReplayRequest): RecordedResponse | undefined {
    return this.overrides.get(`${req.host}${req.path}`) ?? this.overrides.get(req.host);
  }

  /** The replay routes of this web as it is now (hosts of pages and overrides added later need a new call). */
  routes(): Route[] {
    const wrap: Wrap = (fn) => (req) => this.overrideFor(req) ?? fn(req);
    return [...pageRoutes(this, wrap), ...PLATFORM_ROUTES.flatMap((platform) => platform(this, wrap))];
  }
}

function aboutToken(c: YouTubeChannel): string {
  return `ABOUT-${c.channelId}`;
}

const json = (body: unknown, status = 200): RecordedResponse => ({ status, headers: JSON_TYPE, body: JSON.stringify(body) });
const notFoundJson = () => json({ message: 'Not Found' }, 404);

/** How a route answers: an override for the request first (DiscoveryWeb.override), else `fn`. */
type Wrap = (fn: (req: ReplayRequest) => RecordedResponse) => (req: ReplayRequest) => RecordedResponse;

const ANY_PATH = /.*/;

/**
 * Each platform's routes, in the order they are matched (after the web's own pages). The reader
 * platforms each answer in the shape their reader reads (src/platforms/<label>/reader.ts).
 */
const PLATFORM_ROUTES: ((w: DiscoveryWeb, wrap: Wrap) => Route[])[] = [
  instagramRoutes,
  tiktokRoutes,
  youtubeRoutes,
  xRoutes,
  facebookRoutes,
  linktreeRoutes,
  threadsRoutes,
  githubRoutes,
  pinterestRoutes,
  redditRoutes,
  soundcloudRoutes,
  blueskyRoutes,
  mastodonRoutes,
  kickRoutes,
  substackRoutes,
  tumblrRoutes,
  truthRoutes,
  googleRoutes,
];

/** The web's own pages (and the hosts of its overrides), by host: a path it does not hold is a 404 page. */
function pageRoutes(w: DiscoveryWeb, wrap: Wrap): Route[] {
  const routes: Route[] = [];
  const seenHosts = new Set<string>();
  for (const key of [...w.pages.keys(), ...w.overrides.keys()]) seenHosts.add(key.split('/')[0]);
  for (const host of seenHosts) {
    routes.push({
      host,
      path: ANY_PATH,
      response: wrap(
        (req) =>
          w.pages.get(`${req.host}${req.path}`) ??
          w.pages.get(`${req.host}${req.path.replace(/\/$/, '')}`) ?? {
            status: 404,
            headers: HTML,
            body: '<html><head><title>404 Not Found</title></head><body>Not found</body></html>',
          },
      ),
    });
  }
  return routes;
}

/** Instagram's web_profile_info. */
function instagramRoutes(w: DiscoveryWeb, wrap: Wrap): Route[] {
  return [
    {
      host: 'i.instagram.com',
      path: '/api/v1/users/web_profile_info/',
      response: wrap((req) => {
        const a = w.ig.get((req.query.get('username') ?? '').toLowerCase());
        if (!a) return { status: 404, headers: JSON_TYPE, body: JSON.stringify({ data: { user: null }, status: 'ok' }) };
        const links = a.bioLinks ?? (a.externalUrl ? [a.externalUrl] : []);
        const user = userJson(a.username, {
          extra: {
            full_name: a.fullName,
            biography: a.bio,
            biography_with_entities: { raw_text: a.bio, entities: [] },
            external_url: a.externalUrl ?? null,
            bio_links: links.map((url) => ({
              title: '',
              lynx_url: `https://l.instagram.com/?u=${encodeURIComponent(url)}`,
              url,
              link_type: 'external',
            })),
            business_email: a.businessEmail ?? null,
          },
        });
        return { headers: JSON_TYPE, body: JSON.stringify(profileBody(user)) };
      }),
    },
  ];
}

/** A TikTok profile page (universal data), or TikTok's not-found page. */
function tiktokRoutes(w: DiscoveryWeb, wrap: Wrap): Route[] {
  return [
    {
      host: 'www.tiktok.com',
      path: /^\/@/,
      response: wrap((req) => {
        const a = w.tiktok.get(decodeURIComponent(req.path.slice(2)).toLowerCase());
        if (!a) return { headers: HTML, body: notFoundUniversalPage() };
        return {
          headers: HTML,
          body: nightOwlPage({
            user: {
              uniqueId: a.handle,
              nickname: a.nickname,
              signature: a.signature,
              bioLink: a.bioLink ? { link: a.bioLink, risk: 0 } : undefined,
            },
          }),
        };
      }),
    },
  ];
}

/** A YouTube channel page by handle or id, and its about panel (youtubei browse with the channel's continuation token). */
function youtubeRoutes(w: DiscoveryWeb, wrap: Wrap): Route[] {
  return [
    {
      host: 'www.youtube.com',
      path: '/youtubei/v1/browse',
      response: wrap((req) => {
        const token = (JSON.parse(req.body.toString('utf8')) as { continuation?: string }).continuation ?? '';
        const c = [...w.youtube.values()].find((ch) => aboutToken(ch) === token);
        if (!c) return { status: 400, headers: JSON_TYPE, body: '{"error":{"code":400}}' };
        const about: TestAbout = {
          channelId: c.channelId,
          handle: c.handle,
          description: c.description,
          country: null,
          subscribers: '1K subscribers',
          videos: '10 videos',
          views: '1,000 views',
          joined: 'Joined 1 Jan 2020',
          links: c.links,
        };
        return { headers: JSON_TYPE, body: JSON.stringify(aboutBrowseResponse(about)) };
      }),
    },
    {
      host: 'www.youtube.com',
      path: ANY_PATH,
      method: 'GET',
      response: wrap((req) => {
        const m = /^\/(?:@([^/]+)|channel\/([^/]+))/.exec(decodeURIComponent(req.path));
        const c = m
          ? [...w.youtube.values()].find((ch) => (m[1] ? ch.handle.toLowerCase() === m[1].toLowerCase() : ch.channelId === m[2]))
          : undefined;
        if (!c) return { status: 404, headers: HTML, body: YT_NOT_FOUND };
        const tc: TestChannel = {
          ...NIGHT_OWL,
          channelId: c.channelId,
          handle: c.handle,
          title: c.title,
          description: c.description,
          headerLink: null,
          aboutToken: aboutToken(c),
        };
        return { headers: HTML, body: channelHtml(channelInitialData(tc), c.title) };
      }),
    },
  ];
}

/** X: a guest token, then UserByScreenName. */
function xRoutes(w: DiscoveryWeb, wrap: Wrap): Route[] {
  return [
    {
      host: 'api.x.com',
      path: '/1.1/guest/activate.json',
      response: wrap(() => ({ headers: JSON_TYPE, body: JSON.stringify({ guest_token: '1900000000000000001' }) })),
    },
    {
      host: 'x.com',
      path: `/i/api/graphql/${USER_BY_SCREEN_NAME.queryId}/UserByScreenName`,
      response: wrap((req) => {
        const vars = JSON.parse(req.query.get('variables') ?? '{}') as { screen_name?: string };
        const a = w.x.get((vars.screen_name ?? '').toLowerCase());
        if (!a) return { headers: JSON_TYPE, body: JSON.stringify({ data: { user: {} } }) };
        const urls = (a.bioUrls ?? []).map((u, i) => ({
          display_url: u.replace(/^https?:\/\//, ''),
          expanded_url: u,
          url: `https://t.co/Bio${i}`,
          indices: [0, 1],
        }));
        const user = legacyShapeUser(a.screenName);
        const legacy = user.legacy as Obj;
        Object.assign(legacy, {
          name: a.name,
          description: a.description,
          url: a.url ? 'https://t.co/Site0' : null,
          entities: {
            description: { urls },
            url: { urls: a.url ? [{ display_url: a.url, expanded_url: a.url, url: 'https://t.co/Site0', indices: [0, 23] }] : [] },
          },
        });
        return { headers: JSON_TYPE, body: JSON.stringify({ data: { user: { result: user } } }) };
      }),
    },
  ];
}

/** A Facebook page by vanity name or profile.php id (logged-out HTML), else Facebook's not-available page. */
function facebookRoutes(w: DiscoveryWeb, wrap: Wrap): Route[] {
  return [
    {
      host: 'www.facebook.com',
      path: ANY_PATH,
      response: wrap((req) => {
        const id = req.path === '/profile.php' ? (req.query.get('id') ?? '') : null;
        const vanity = id ?? decodeURIComponent(req.path.slice(1)).replace(/\/$/, '').toLowerCase();
        const p = w.facebook.get(vanity) ?? (id ? [...w.facebook.values()].find((x) => x.id === id) : undefined);
        return p ? { headers: HTML, body: facebookPageHtml(p) } : { headers: HTML, body: NOT_FOUND_FB };
      }),
    },
  ];
}

/** A Linktree page (its Next.js data). */
function linktreeRoutes(w: DiscoveryWeb, wrap: Wrap): Route[] {
  return [
    {
      host: 'linktr.ee',
      path: ANY_PATH,
      response: wrap((req) => {
        const p = w.linktree.get(decodeURIComponent(req.path.slice(1)).toLowerCase());
        if (!p) return { status: 404, headers: HTML, body: linktreeNotFound() };
        const account = modernAccount(p.username, {
          description: p.description,
          links: p.links.map((l, i) => ({ id: 800_000_000 + i, type: 'CLASSIC', title: l.title, position: i, url: l.url })),
          socialLinks: p.email ? [{ type: 'EMAIL_ADDRESS', url: `mailto:${p.email}`, position: 0 }] : [],
        });
        return { headers: HTML, body: linktreeHtml(profileNextData(account), `@${p.username} | Linktree`) };
      }),
    },
  ];
}

/** A Threads profile page with the user object in a data-sjs script. */
function threadsRoutes(w: DiscoveryWeb, wrap: Wrap): Route[] {
  return [
    ...['www.threads.com', 'www.threads.net'].map((host): Route => ({
      host,
      path: /^\/@/,
      response: wrap((req) => {
        const a = w.threads.get(decodeURIComponent(req.path.slice(2)).replace(/\/$/, '').toLowerCase());
        if (!a)
          return {
            headers: HTML,
            body: '<!DOCTYPE html><html><head><meta property="og:title" content="Threads"></head><body></body></html>',
          };
        const user = {
          username: a.handle,
          pk: String(numericId(a.handle)),
          full_name: a.name,
          biography: a.bio,
          bio_links: [...(a.website ? [a.website] : []), ...(a.links ?? [])].map((url) => ({ url })),
          follower_count: 10,
          is_private: false,
          is_verified: false,
          profile_pic_url: `https://scontent.cdninstagram.com/v/t51.2885-19/${numericId(a.handle)}_n.jpg`,
        };
        const payload = {
          require: [
            [
              'RelayPrefetchedStreamCache',
              'next',
              [],
              ['adp_BarcelonaProfilePageQueryRelayPreloader_1', { __bbox: { result: { data: { user } } } }],
            ],
          ],
        };
        return {
          headers: HTML,
          body: `<!DOCTYPE html><html><head><meta property="og:title" content="${a.name} (@${a.handle}) • Threads, Say more"></head><body><script type="application/json" data-sjs>${JSON.stringify(payload)}</script></body></html>`,
        };
      }),
    })),
  ];
}

/** GitHub's users API (and social_accounts). */
function githubRoutes(w: DiscoveryWeb, wrap: Wrap): Route[] {
  return [
    {
      host: 'api.github.com',
      path: /^\/users\//,
      response: wrap((req) => {
        const [, , login, rest] = req.path.split('/');
        const a = w.github.get(decodeURIComponent(login).toLowerCase());
        if (!a) return notFoundJson();
        if (rest === 'social_accounts') return json((a.links ?? []).map((url) => ({ provider: 'generic', url })));
        return json({
          login: a.handle,
          id: numericId(a.handle),
          type: 'User',
          html_url: `https://github.com/${a.handle}`,
          name: a.name,
          bio: a.bio,
          blog: a.website ?? '',
          email: a.email ?? null,
          twitter_username: null,
          followers: 3,
        });
      }),
    },
  ];
}

/** Pinterest's UserResource. */
function pinterestRoutes(w: DiscoveryWeb, wrap: Wrap): Route[] {
  return [
    {
      host: 'www.pinterest.com',
      path: '/resource/UserResource/get/',
      response: wrap((req) => {
        const data = JSON.parse(req.query.get('data') ?? '{}') as { options?: { username?: string } };
        const a = w.pinterest.get((data.options?.username ?? '').toLowerCase());
        if (!a)
          return json(
            { resource_response: { status: 'failure', http_status: 404, error: { message: 'User not found.', http_status: 404 } } },
            404,
          );
        return json({
          resource_response: {
            status: 'success',
            http_status: 200,
            data: {
              id: String(numericId(a.handle)),
              username: a.handle,
              full_name: a.name,
              about: a.bio,
              website_url: a.website ?? null,
              follower_count: 5,
            },
          },
        });
      }),
    },
  ];
}

/** Reddit's about.json (and its application token). */
function redditRoutes(w: DiscoveryWeb, wrap: Wrap): Route[] {
  return [
    // Reddit's user about: anonymous JSON on www.reddit.com, or oauth.reddit.com with an application
    // token (client_credentials at /api/v1/access_token) when one is configured.
    ...(['www.reddit.com', 'oauth.reddit.com'] as const).map((host) => ({
      host,
      path: host === 'www.reddit.com' ? /^\/user\/[^/]+\/about\.json$/ : /^\/user\/[^/]+\/about$/,
      response: wrap((req: { path: string }) => {
        const a = w.reddit.get(decodeURIComponent(req.path.split('/')[2]).toLowerCase());
        if (!a) return notFoundJson();
        return json({
          kind: 't2',
          data: { name: a.handle, id: 'abc', is_suspended: false, subreddit: { title: a.name, public_description: a.bio, subscribers: 2 } },
        });
      }),
    })),
    {
      host: 'www.reddit.com',
      path: '/api/v1/access_token',
      response: wrap(() => json({ access_token: 'sample-app-token', token_type: 'bearer', expires_in: 86400, scope: '*' })),
    },
  ];
}

/** SoundCloud's home page (client id), resolve and web-profiles. */
function soundcloudRoutes(w: DiscoveryWeb, wrap: Wrap): Route[] {
  const soundcloudById = (id: string) => [...w.soundcloud.values()].find((a) => String(numericId(a.handle)) === id);
  return [
    {
      host: 'soundcloud.com',
      path: '/',
      response: wrap(() => ({
        headers: HTML,
        body: '<html><script>window.__sc_hydration = [{"hydratable":"apiClient","data":{"id":"abcdefghijklmnopqrstuvwxyz012345","isExpiring":false}}];</script></html>',
      })),
    },
    {
      host: 'api-v2.soundcloud.com',
      path: /.*/,
      response: wrap((req) => {
        if (req.path === '/resolve') {
          const a = w.soundcloud.get(new URL(req.query.get('url') ?? 'https://soundcloud.com/').pathname.slice(1).toLowerCase());
          return a
            ? json({ id: numericId(a.handle), kind: 'user', permalink: a.handle, username: a.name, description: a.bio, followers_count: 7 })
            : notFoundJson();
        }
        const m = /^\/users\/soundcloud:users:(\d+)\/web-profiles$/.exec(req.path);
        const a = m ? soundcloudById(m[1]) : undefined;
        if (!a) return notFoundJson();
        return json([
          ...(a.website ? [{ url: a.website, network: 'personal', title: 'Website' }] : []),
          ...(a.links ?? []).map((url) => ({ url, network: 'other', title: url })),
        ]);
      }),
    },
  ];
}

/** Bluesky's getProfile, by handle or DID. */
function blueskyRoutes(w: DiscoveryWeb, wrap: Wrap): Route[] {
  return [
    {
      host: 'public.api.bsky.app',
      path: '/xrpc/app.bsky.actor.getProfile',
      response: wrap((req) => {
        const actor = (req.query.get('actor') ?? '').toLowerCase();
        const a = w.bluesky.get(actor) ?? [...w.bluesky.values()].find((b) => b.did === actor);
        return a ? json(bskyProfileBody(a)) : json(BSKY_NOT_FOUND, 400);
      }),
    },
  ];
}

/** Mastodon's accounts lookup. */
function mastodonRoutes(w: DiscoveryWeb, wrap: Wrap): Route[] {
  return [
    // Every Mastodon server the web holds an account on answers its own accounts lookup.
    ...[...new Set([...w.mastodon.values()].map((a) => a.instance))].map((host): Route => ({
      host,
      path: '/api/v1/accounts/lookup',
      response: wrap((req) => {
        const a = w.mastodon.get(`${(req.query.get('acct') ?? '').toLowerCase()}@${host}`);
        return a ? json(mastodonAccountBody(a)) : json(MASTODON_NOT_FOUND, 404);
      }),
    })),
  ];
}

/** Kick's channel API. */
function kickRoutes(w: DiscoveryWeb, wrap: Wrap): Route[] {
  return [
    {
      host: 'kick.com',
      path: /^\/api\/v2\/channels\/[^/]+$/,
      response: wrap((req) => {
        const a = w.kick.get(decodeURIComponent(req.path.split('/')[4]).toLowerCase());
        return a ? json(kickChannelBody(a)) : json({ message: 'Not found' }, 404);
      }),
    },
  ];
}

/** Substack's public profile API. */
function substackRoutes(w: DiscoveryWeb, wrap: Wrap): Route[] {
  return [
    {
      host: 'substack.com',
      path: /^\/api\/v1\/user\/[^/]+\/public_profile$/,
      response: wrap((req) => {
        const a = w.substack.get(decodeURIComponent(req.path.split('/')[4]).toLowerCase());
        return a ? json(substackProfileBody(a)) : json(SUBSTACK_NOT_FOUND, 404);
      }),
    },
  ];
}

/** Tumblr's blog posts API. */
function tumblrRoutes(w: DiscoveryWeb, wrap: Wrap): Route[] {
  return [
    {
      host: 'api.tumblr.com',
      path: /^\/v2\/blog\/[^/]+\/posts$/,
      response: wrap((req) => {
        const a = w.tumblr.get(
          decodeURIComponent(req.path.split('/')[3])
            .replace(/\.tumblr\.com$/, '')
            .toLowerCase(),
        );
        return a
          ? json(tumblrPostsBody(a))
          : json({ meta: { status: 404, msg: 'Not Found' }, response: [], errors: [{ title: 'Not Found', code: 0 }] }, 404);
      }),
    },
  ];
}

/** Truth Social's accounts lookup. */
function truthRoutes(w: DiscoveryWeb, wrap: Wrap): Route[] {
  return [
    {
      host: 'truthsocial.com',
      path: '/api/v1/accounts/lookup',
      response: wrap((req) => {
        const a = w.truth.get((req.query.get('acct') ?? '').toLowerCase());
        if (!a) return json({ error: 'Record not found' }, 404);
        return json({
          id: String(numericId(a.handle)),
          username: a.handle,
          acct: a.handle,
          display_name: a.name,
          note: `<p>${a.bio}</p>`,
          website: a.website ?? null,
          followers_count: 4,
          locked: false,
          fields: (a.links ?? []).map((url) => ({ name: 'Link', value: `<a href="${url}">${url}</a>` })),
        });
      }),
    },
  ];
}

/** Google's results page for the queries the web holds (others: no results). */
function googleRoutes(w: DiscoveryWeb, wrap: Wrap): Route[] {
  return [
    {
      host: 'www.google.com',
      path: '/search',
      response: wrap((req) => {
        const q = req.query.get('q') ?? '';
        return { headers: HTML, body: googlePage(q, w.search.get(q) ?? []) };
      }),
    },
  ];
}

/** A stable invented numeric id for a handle. */
function numericId(handle: string): number {
  let h = 7;
  for (const c of handle.toLowerCase()) h = (h * 31 + c.charCodeAt(0)) % 1_000_000_007;
  return h;
}
