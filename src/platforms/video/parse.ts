/**
 * video = YouTube. Pure parsing, no I/O: a channel page (HTML with `var ytInitialData = {…};`, or
 * that object itself, or a `youtubei/v1/browse` response for a channel tab — the same shape) and
 * the channel's about panel (`aboutChannelViewModel`, from a browse continuation or embedded in
 * the `/about` page) in; api.md's "Video channel" record out.
 *
 * Where each field comes from (2025–2026 pages; every capture in ../shared/fixtures/video):
 * - identity: `metadata.channelMetadataRenderer` (externalId, title, vanityChannelUrl,
 *   description, keywords, avatar thumbnails);
 * - header: `header.pageHeaderRenderer.content.pageHeaderViewModel` — avatar
 *   (`image.decoratedAvatarViewModel.avatar.avatarViewModel`), metadata rows ("@handle",
 *   "551K subscribers", "3.4K videos"), attribution (first external link, "and 5 more links"),
 *   and the continuation token that opens the about panel (inside the description's and the
 *   attribution's `showEngagementPanelEndpoint`). Pre-2024 pages had `c4TabbedHeaderRenderer`
 *   instead; its counts and avatar are read as a fallback; YouTube's own system channels have a
 *   `carouselHeaderRenderer` (avatar and subscriber count; their id and title when the page has no
 *   metadata);
 * - about panel: `aboutChannelViewModel` — links, country, joined date, view / video /
 *   subscriber count texts, full description (pre-November-2023 /about pages: the About tab's
 *   `channelAboutFullMetadataRenderer`, the same facts but the counts, which sat in the header). Business e-mails sit behind YouTube's
 *   "sign in / captcha" gate (`signInForBusinessEmail`) and are never fetched: `email` is only an
 *   address written in the public description.
 *
 * Exported for creator discovery too: `extractYtInitialData`, `parseChannelPage`,
 * `parseAboutViewModel`, `aboutLinkUrls`, `channelDescription`, `descriptionUrls`.
 */
import { isApiError, loginWall, notFound, shapeChanged, upstreamBlocked } from '../../errors.js';
import { at, isObj, list, nonEmpty, reader, safeDecode, str } from '../../parse/index.js';
import type { Getters, Key, Obj, Reader } from '../../parse/index.js';
import { warn } from '../../observability/warn.js';
import { platformUrlFields, unwrapRedirect } from '../../links/classify.js';
import { extractEmails } from '../../links/emails.js';
import { declaresNotFound } from '../error-page.js';
import { assertSameResource } from '../identity.js';
import { CHANNEL_ID_RE, YOUTUBE_ORIGIN } from './channel-ref.js';
import { parseCount } from '../../parse/counts.js';
import type { VideoImageSource, VideoChannelAvatar, VideoChannel } from './schema.js';
import { balancedObject, parseUpstreamJson } from '../../parse/json.js';
export type { VideoImageSource, VideoChannelAvatar, VideoChannel } from './schema.js';

const PLATFORM = 'video';

/** A member path (`at` of the parse kit), `null` as soon as a step is missing. */
const dig = (v: unknown, ...path: Key[]): unknown => at(v, path) ?? null;

/** Text in any of YouTube's text shapes: a string, `{content}`, `{simpleText}`, `{runs:[{text}]}`. */
export function ytText(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (!isObj(v)) return null;
  if (typeof v.content === 'string') return v.content;
  if (typeof v.simpleText === 'string') return v.simpleText;
  if (Array.isArray(v.runs)) return v.runs.map((r) => (isObj(r) && typeof r.text === 'string' ? r.text : '')).join('');
  return null;
}

/** YouTube's empty text: an object with no member (`{}`, where a field has nothing to show). */
export const isEmptyText = (v: unknown): boolean => isObj(v) && Object.keys(v).length === 0;

// ---------------------------------------------------------------------------------------------
// The record (api.md "Video channel")
// ---------------------------------------------------------------------------------------------

/** Keys of the record that are not platform URL fields. */
export const FIXED_KEYS: ReadonlySet<string> = new Set([
  'channelId',
  'channel',
  'name',
  'avatar',
  'description',
  'subscriberCount',
  'subscriberCountText',
  'videoCountText',
  'viewCountText',
  'joinedDateText',
  'tags',
  'email',
  'store',
  'links',
  'country',
]);

// ---------------------------------------------------------------------------------------------
// ytInitialData
// ---------------------------------------------------------------------------------------------

/**
 * The object a youtube.com page assigns to `name` (`var ytInitialData = {…};`,
 * `window["ytInitialData"] = {…};`, `window.ytInitialData = {…};` or a bare
 * `ytInitialData = {…};` — the spellings scrapers record; yt-dlp takes any `ytInitialData =`),
 * or null when the page has none. Another object's property (`a.ytInitialData`), a longer name
 * and a quoted mention are not it. An object that is there but does not parse is a changed shape.
 */
export function extractYtVar(html: string, name: 'ytInitialData' | 'ytInitialPlayerResponse'): Obj | null {
  const re = new RegExp(
    `(?:var\\s+${name}|window\\s*(?:\\[\\s*["']${name}["']\\s*\\]|\\.\\s*${name})|(?<![\\w$.'"])${name})\\s*=\\s*`,
    'g',
  );
  // An assignment that does not parse (a mention in page text, `ytInitialData = {…}` of no JSON)
  // is passed over for a later one; matches inside it are skipped (each character is read once).
  let unparsed = false;
  let past = 0;
  for (const m of html.matchAll(re)) {
    if (m.index < past) continue;
    const at = m.index + m[0].length;
    if (html[at] !== '{') continue;
    const json = balancedObject(html, at);
    // Open to the end of the page: every later assignment lies inside it, and reading each one to
    // the end again made a page of repeated `var ytInitialData = {` quadratic (400 KB: 107 s).
    if (json === null) break;
    try {
      const data = parseUpstreamJson(json, PLATFORM);
      if (isObj(data)) return data;
    } catch (e) {
      if (isApiError(e)) throw e;
    }
    unparsed = true;
    past = at + json.length;
  }
  if (unparsed) throw shapeChanged(PLATFORM, `parseable ${name} JSON`);
  return null;
}

/** The `ytInitialData` object of a youtube.com page, or null when the page has none. */
export const extractYtInitialData = (html: string): Obj | null => extractYtVar(html, 'ytInitialData');

/** Public request context values of the page's `ytcfg` (the WEB client's version, the visitor id). */
export function extractYtcfg(html: string): { clientVersion: string | null; visitorData: string | null } {
  return {
    clientVersion: /"INNERTUBE_CLIENT_VERSION"\s*:\s*"([\d.]+)"/.exec(html)?.[1] ?? null,
    visitorData: /"VISITOR_DATA"\s*:\s*"([A-Za-z0-9%_=-]+)"/.exec(html)?.[1] ?? null,
  };
}

/** The client version YouTube reports in `responseContext.serviceTrackingParams` (CSI `cver`). */
function clientVersionOf(data: Obj): string | null {
  for (const s of list(dig(data, 'responseContext', 'serviceTrackingParams'))) {
    for (const p of list(dig(s, 'params'))) {
      if (isObj(p) && p.key === 'cver' && typeof p.value === 'string' && /^[\d.]+$/.test(p.value)) return p.value;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Block pages and missing channels
// ---------------------------------------------------------------------------------------------

/** Error alerts YouTube shows instead of a channel ("This channel does not exist.", terminations). */
function errorAlerts(data: Obj): string[] {
  const out: string[] = [];
  for (const a of list(data.alerts)) {
    const r = dig(a, 'alertRenderer') ?? dig(a, 'alertWithButtonRenderer');
    if (isObj(r) && r.type === 'ERROR') {
      const t = ytText(r.text);
      if (t) out.push(t.trim());
    }
  }
  return out;
}

/**
 * Whether YouTube's refusal (an alert, a player's reason or subreason) says it withholds the
 * channel or video from the requester's country: "This channel is not available in your
 * country.", "The uploader has not made this video available in your country", "… not available
 * on this country domain due to a legal complaint …". Every request asks for English (`hl=en`,
 * `accept-language`); these refusals carry no code (NewPipeExtractor and yt-dlp read the word too).
 */
export const withheldInCountry = (texts: readonly (string | null)[]): boolean => texts.some((t) => t != null && /\bcountry\b/i.test(t));

/** The typed error for what YouTube withholds from the gateway's region: it exists, so never NOT_FOUND. */
export const regionWithheld = (what: string) => upstreamBlocked(`${PLATFORM}: YouTube withholds ${what} from the gateway's region`);

// ---------------------------------------------------------------------------------------------
// The channel page
// ---------------------------------------------------------------------------------------------

export interface HeaderLink {
  /** As shown: `hospitalrecords.ffm.to/fresh`. */
  text: string;
  /** The target, unwrapped from youtube.com/redirect. */
  url: string | null;
  /** "and 5 more links", or null when the channel lists one link. */
  more: string | null;
}

export interface AboutLink {
  title: string | null;
  /** As shown: `twitter.com/PatMcAfeeShow`. */
  text: string | null;
  /** The target, unwrapped from youtube.com/redirect. */
  url: string | null;
}

/** api.md's about-panel facts (`aboutChannelViewModel`). */
export interface AboutPanel {
  channelId: string | null;
  canonicalChannelUrl: string | null;
  description: string | null;
  country: string | null;
  subscriberCountText: string | null;
  videoCountText: string | null;
  viewCountText: string | null;
  joinedDateText: string | null;
  links: AboutLink[];
}

/** What a channel page (any tab) tells, before the about panel. */
export interface ChannelPage {
  channelId: string;
  title: string | null;
  /** Without @, as written on the page (`@hospitalrecords` → `hospitalrecords`). */
  handle: string | null;
  description: string | null;
  /** `http://www.youtube.com/@hospitalrecords` as YouTube gives it. */
  vanityChannelUrl: string | null;
  /** `https://www.youtube.com/channel/UC…` */
  channelUrl: string | null;
  /** The raw keywords string: space-separated, multi-word ones in double quotes. */
  keywords: string | null;
  avatar: VideoChannelAvatar | null;
  subscriberCountText: string | null;
  /** "551 thousand subscribers": the header's accessibility label for the count. */
  subscriberCountLabel: string | null;
  videoCountText: string | null;
  headerLink: HeaderLink | null;
  /** Continuation token of the about panel (a `youtubei/v1/browse` continuation), when the page offers one. */
  aboutToken: string | null;
  /** The about panel itself when the page embeds it (the `/about` page does). */
  about: AboutPanel | null;
  /** WEB client version and visitor id the page was served with (for the follow-up browse request). */
  clientVersion: string | null;
  visitorData: string | null;
}

/** Google's error page for a 404: the status in bold ahead of its sentence, in every language. */
export const GOOGLE_ERROR_404 = /<b>\s*404\.?\s*<\/b>\s*<ins>/i;

/**
 * A channel page's HTML → what it tells. Missing channels and changed shapes are typed errors;
 * consent pages are walls (walls.ts), answered before this parser sees them.
 */
export function parseChannelHtml(html: string): ChannelPage {
  const data = extractYtInitialData(html);
  if (!data) {
    // A 404 page by its markup, never by its sentences (translated with the visitor's language):
    // Google's error page (`<b>404.</b> <ins>…</ins>`, what www.youtube.com serves for a handle or
    // channel id nobody has: ../shared/fixtures/blocks/video) or a page titled with the status.
    if (GOOGLE_ERROR_404.test(html) || declaresNotFound(html)) throw notFound('Video channel was not found');
    throw shapeChanged(PLATFORM, 'var ytInitialData in the channel page');
  }
  const cfg = extractYtcfg(html);
  const page = parseChannelPage(data);
  return { ...page, clientVersion: cfg.clientVersion ?? page.clientVersion, visitorData: cfg.visitorData ?? page.visitorData };
}

/** `ytInitialData` of a channel page (or a browse response for a channel tab) → what it tells. */
export function parseChannelPage(data: unknown): ChannelPage {
  if (!isObj(data)) throw shapeChanged(PLATFORM, 'ytInitialData object');
  const meta = dig(data, 'metadata', 'channelMetadataRenderer');
  if (!isObj(meta)) {
    const alerts = errorAlerts(data);
    if (withheldInCountry(alerts)) throw regionWithheld('the channel');
    if (alerts.length) throw notFound(`Video channel is not available: ${alerts.join(' ')}`);
    // An age-restricted channel shows signed-out visitors a gate and nothing else: a login wall.
    if (JSON.stringify(data.contents ?? null).includes('"channelAgeGateRenderer"')) throw loginWall(PLATFORM);
    const topic = microformatChannel(data) ?? systemChannel(data);
    if (topic) return topic;
    throw shapeChanged(PLATFORM, 'metadata.channelMetadataRenderer');
  }
  const channelId = nonEmpty(meta.externalId);
  if (!channelId) throw shapeChanged(PLATFORM, 'metadata.channelMetadataRenderer.externalId');

  const vm = dig(data, 'header', 'pageHeaderRenderer', 'content', 'pageHeaderViewModel');
  const c4 = dig(data, 'header', 'c4TabbedHeaderRenderer');
  const header = isObj(vm) ? parsePageHeader(vm) : isObj(c4) ? parseC4Header(c4) : (carouselDetails(data)?.facts ?? null);

  if (!header) warn(PLATFORM, 'channel.header', 'neither pageHeaderViewModel, c4TabbedHeaderRenderer nor carouselHeaderRenderer');
  const m = reader(meta, { platform: PLATFORM, record: 'channel' });
  const vanityChannelUrl = m.nonEmpty('vanityChannelUrl') ?? nonEmpty(list(meta.ownerUrls)[0]);
  const avatar = header?.avatar ?? avatarFromThumbnails(dig(meta, 'avatar', 'thumbnails'));
  if (!avatar) m.warn('avatar');
  return {
    channelId,
    title: m.str('title'),
    // The header's "@handle" row, else the channel's own URLs: its vanity URL, any of its owner
    // URLs, its tabs' links (so a page asked by handle is compared whenever it names one: fetch.ts).
    handle:
      header?.handle ??
      handleFromVanityUrl(vanityChannelUrl) ??
      list(meta.ownerUrls)
        .map((u) => handleFromVanityUrl(nonEmpty(u)))
        .find((h) => h !== null) ??
      ownTabsHandle(data, channelId),
    description: m.str('description'),
    vanityChannelUrl,
    channelUrl: m.nonEmpty('channelUrl'),
    // Channels without keywords leave the member out.
    keywords: m.opt.str('keywords'),
    avatar,
    subscriberCountText: header?.subscriberCountText ?? null,
    subscriberCountLabel: header?.subscriberCountLabel ?? null,
    videoCountText: header?.videoCountText ?? null,
    headerLink: header?.headerLink ?? null,
    aboutToken: header?.aboutToken ?? null,
    about: embeddedAbout(data),
    clientVersion: clientVersionOf(data),
    visitorData: nonEmpty(dig(data, 'responseContext', 'visitorData')),
  };
}

/**
 * A channel page without `channelMetadataRenderer` — YouTube's auto-generated topic channels
 * ("Minecraft - Topic", under an `interactiveTabbedHeaderRenderer`) — read from its
 * `microformat.microformatDataRenderer`: the id from `urlCanonical`, title, description (the
 * header's, when it has one) and avatar; no handle, counts or links (null, counted as the warning `channel.metadata`). Null when
 * the page has not that header, or its microformat does not name a channel.
 */
function microformatChannel(data: Obj): ChannelPage | null {
  // Only under the auto-generated channels' header: any other page without the metadata is a
  // changed shape, not a channel read with its handle unproven.
  const header = dig(data, 'header', 'interactiveTabbedHeaderRenderer');
  if (!isObj(header)) return null;
  const mf = dig(data, 'microformat', 'microformatDataRenderer');
  const canonical = isObj(mf) ? nonEmpty(mf.urlCanonical) : null;
  const id = canonical ? /^https:\/\/www\.youtube\.com\/channel\/(UC[\w-]{22})$/.exec(canonical)?.[1] : undefined;
  if (!isObj(mf) || !id) return null;
  warn(PLATFORM, 'channel.metadata', 'no channelMetadataRenderer: read from the microformat (a topic channel)');
  return {
    channelId: id,
    title: nonEmpty(mf.title),
    handle: null,
    // The header's description is the channel's own; the microformat's may be an older one, cut
    // off with "..." (NewPipeExtractor reads the header's for this header type).
    description: nonEmpty(ytText(header.description)?.trim()) ?? str(mf.description),
    vanityChannelUrl: null,
    channelUrl: canonical,
    keywords: null,
    avatar: avatarFromThumbnails(dig(mf, 'thumbnail', 'thumbnails')),
    subscriberCountText: null,
    subscriberCountLabel: null,
    videoCountText: null,
    headerLink: null,
    aboutToken: null,
    about: embeddedAbout(data),
    clientVersion: clientVersionOf(data),
    visitorData: nonEmpty(dig(data, 'responseContext', 'visitorData')),
  };
}

/**
 * A channel page without `channelMetadataRenderer` under the system channels' carousel header
 * (YouTube's own "Sports", "Gaming"…: `carouselHeaderRenderer`, see carouselDetails): its id,
 * title, avatar and subscriber count from the header; no handle, description, links or video
 * count (null, counted as the warning `channel.metadata`). Null when the page has not that header
 * or the header proves no channel id.
 */
function systemChannel(data: Obj): ChannelPage | null {
  const carousel = carouselDetails(data);
  if (!carousel?.channelId) return null;
  warn(PLATFORM, 'channel.metadata', 'no channelMetadataRenderer: read from the carousel header (a system channel)');
  return {
    channelId: carousel.channelId,
    title: carousel.title,
    description: null,
    vanityChannelUrl: null,
    channelUrl: `${YOUTUBE_ORIGIN}/channel/${carousel.channelId}`,
    keywords: null,
    ...carousel.facts,
    about: embeddedAbout(data),
    clientVersion: clientVersionOf(data),
    visitorData: nonEmpty(dig(data, 'responseContext', 'visitorData')),
  };
}

/**
 * The system channels' header (`header.carouselHeaderRenderer`: promoted videos, then a
 * `topicChannelDetailsRenderer` naming the channel). The id is the details' browse id and its
 * subscribe button's channel id — null when neither is a channel id or the two differ; the
 * subscriber count is its subtitle ("74.4m subscribers"). Null without such a header.
 */
function carouselDetails(data: Obj): { channelId: string | null; title: string | null; facts: HeaderFacts } | null {
  const items = list(dig(data, 'header', 'carouselHeaderRenderer', 'contents'));
  const details = items.map((item) => dig(item, 'topicChannelDetailsRenderer')).find(isObj);
  if (!details) return null;
  const ids = [
    str(dig(details, 'navigationEndpoint', 'browseEndpoint', 'browseId')),
    str(dig(details, 'subscribeButton', 'subscribeButtonRenderer', 'channelId')),
  ].filter((id): id is string => id !== null);
  const channelId = ids.length && ids.every((id) => id === ids[0] && CHANNEL_ID_RE.test(id)) ? ids[0] : null;
  const subtitle = nonEmpty(ytText(details.subtitle));
  const subscribers = subtitle && SUBSCRIBERS_RE.test(subtitle) ? subtitle : null;
  return {
    channelId,
    title: nonEmpty(ytText(details.title)),
    facts: {
      handle: null,
      avatar: avatarFromThumbnails(dig(details, 'avatar', 'thumbnails')),
      subscriberCountText: subscribers,
      subscriberCountLabel: subscribers ? str(dig(details, 'subtitle', 'accessibility', 'accessibilityData', 'label')) : null,
      videoCountText: null,
      headerLink: null,
      aboutToken: null,
    },
  };
}

/**
 * The handle the channel's own tabs link to: a tab whose `browseEndpoint` is this channel
 * (`browseId`) names its page as `canonicalBaseUrl: "/@<handle>"` (every tab of a channel page
 * does, ../shared/fixtures/video). Tabs of another channel are never read. Null without one.
 */
function ownTabsHandle(data: Obj, channelId: string): string | null {
  for (const tab of list(dig(data, 'contents', 'twoColumnBrowseResultsRenderer', 'tabs'))) {
    const ep = dig(tab, 'tabRenderer', 'endpoint', 'browseEndpoint') ?? dig(tab, 'expandableTabRenderer', 'endpoint', 'browseEndpoint');
    if (!isObj(ep) || ep.browseId !== channelId) continue;
    const base = nonEmpty(ep.canonicalBaseUrl);
    const m = base ? /^\/@([^/?#]+)$/.exec(base) : null;
    const handle = m ? safeDecode(m[1], () => null) : null;
    if (handle) return handle;
  }
  return null;
}

/** `http://www.youtube.com/@Name` → `Name`, as written (the header row, when present, says the same). */
export function handleFromVanityUrl(url: string | null): string | null {
  const m = url ? /^https?:\/\/(?:www\.|m\.)?youtube\.com\/@([^/?#]+)/i.exec(url) : null;
  return m ? safeDecode(m[1], () => null) : null;
}

interface HeaderFacts {
  handle: string | null;
  avatar: VideoChannelAvatar | null;
  subscriberCountText: string | null;
  subscriberCountLabel: string | null;
  videoCountText: string | null;
  headerLink: HeaderLink | null;
  aboutToken: string | null;
}

const HANDLE_TEXT_RE = /^@\S+$/;
const SUBSCRIBERS_RE = /subscriber/i;
const VIDEOS_RE = /\bvideos?\b/i;

/**
 * The 2024+ header (`pageHeaderViewModel`). Every channel's header shows its avatar, its handle and
 * its video count (missing → warned `header.<field>`); the subscriber count (channels may hide
 * it) and the first external link (channels may have none) are read without a warning when
 * absent, with one when present but unreadable.
 */
function parsePageHeader(vm: Obj): HeaderFacts {
  const r = reader(vm, { platform: PLATFORM, record: 'header' });
  let handle: string | null = null;
  let subscriberCountText: string | null = null;
  let subscriberCountLabel: string | null = null;
  let videoCountText: string | null = null;
  const rows = r.arr('metadataRows', ['metadata', 'contentMetadataViewModel', 'metadataRows']) ?? [];
  r.over({ rows }, 'metadata').items('rows', (row) => {
    row.items('metadataParts', (part) => {
      const text = part.opt.get('text', ytText)?.trim();
      if (!text) return null;
      if (handle === null && HANDLE_TEXT_RE.test(text)) handle = text.slice(1);
      else if (subscriberCountText === null && SUBSCRIBERS_RE.test(text)) {
        subscriberCountText = text;
        subscriberCountLabel = part.opt.str('accessibilityLabel');
      } else if (videoCountText === null && VIDEOS_RE.test(text)) videoCountText = text;
      return text;
    });
    return row;
  });
  // A page in another language (YouTube did not honour hl=en) has no English words to match: its
  // last row is [subscribers, videos] in every language (NewPipeExtractor PR #1318, 2025-07); a
  // row of one part is a channel hiding its count (or an artist's), and is not read so.
  if (subscriberCountText === null || videoCountText === null) {
    const last = list(at(rows[rows.length - 1], ['metadataParts']));
    const partText = (i: number) => nonEmpty(ytText(at(last[i], ['text']))?.trim() ?? null);
    const [first, second] = [partText(0), partText(1)];
    if (last.length >= 2 && first && second && /\d/.test(first) && /\d/.test(second) && !first.startsWith('@')) {
      if (subscriberCountText === null && videoCountText !== first) {
        subscriberCountText = first;
        subscriberCountLabel = str(at(last[0], ['accessibilityLabel']));
      }
      if (videoCountText === null && subscriberCountText !== second) videoCountText = second;
    }
  }
  if (rows.length && handle === null) r.warn('handle', 'no @handle part in the metadata rows');
  if (rows.length && videoCountText === null) r.warn('videoCountText', 'no "videos" part in the metadata rows');

  // A channel without an external link has no attribution; one that is there always wraps its view model.
  const attribution = (isObj(at(r.root, ['attribution'])) ? r : r.opt).obj('attribution', ['attribution', 'attributionViewModel']);
  const a = r.over(attribution ?? {}, 'attribution');
  let headerLink: HeaderLink | null = null;
  const linkText = attribution ? a.get('text', ytText) : null;
  if (linkText) {
    const url = commandUrl(dig(attribution, 'text', 'commandRuns', 0, 'onTap', 'innertubeCommand'));
    if (!url) a.warn('url', 'no link target in the attribution');
    // One link and no more: the suffix is an empty object (`suffix: {}`), no text to read.
    headerLink = { text: linkText, url, more: isEmptyText(dig(attribution, 'suffix')) ? null : nonEmpty(a.opt.get('suffix', ytText)) };
  }
  const avatarVm = r.obj('avatar', ['image', 'decoratedAvatarViewModel', 'avatar', 'avatarViewModel']);
  return {
    handle,
    avatar: avatarVm ? avatarFromViewModel(avatarVm, r.over(avatarVm, 'avatar')) : null,
    subscriberCountText,
    subscriberCountLabel,
    videoCountText,
    headerLink,
    aboutToken: panelToken(dig(vm, 'description')) ?? panelToken(attribution),
  };
}

/**
 * The pre-2024 header (`c4TabbedHeaderRenderer`). Its late-2023 form opens the about panel from
 * its tagline (`tagline.channelTaglineRenderer.moreEndpoint`, a `showEngagementPanelEndpoint`)
 * and shows the first link as `headerLinks.channelHeaderLinksViewModel.{firstLink, more}`; before
 * that (2020–22) the links were `headerLinks.channelHeaderLinksRenderer.primaryLinks[]`
 * (`title`, `navigationEndpoint` through youtube.com/redirect).
 */
function parseC4Header(c4: Obj): HeaderFacts {
  const handleText = ytText(c4.channelHandleText)?.trim() ?? null;
  return {
    handle: handleText && HANDLE_TEXT_RE.test(handleText) ? handleText.slice(1) : null,
    avatar: avatarFromThumbnails(dig(c4, 'avatar', 'thumbnails')),
    subscriberCountText: nonEmpty(ytText(c4.subscriberCountText)),
    subscriberCountLabel: str(dig(c4, 'subscriberCountText', 'accessibility', 'accessibilityData', 'label')),
    videoCountText: nonEmpty(ytText(c4.videosCountText)),
    headerLink: c4HeaderLink(c4.headerLinks),
    aboutToken: panelToken(c4.tagline) ?? panelToken(c4.headerLinks),
  };
}

function c4HeaderLink(headerLinks: unknown): HeaderLink | null {
  const vm = dig(headerLinks, 'channelHeaderLinksViewModel');
  if (isObj(vm)) {
    const text = nonEmpty(ytText(vm.firstLink));
    if (!text) return null;
    const url = commandUrl(dig(vm, 'firstLink', 'commandRuns', 0, 'onTap', 'innertubeCommand'));
    if (!url) warn(PLATFORM, 'header.attribution.url', 'no link target in channelHeaderLinksViewModel.firstLink');
    return { text, url, more: nonEmpty(ytText(vm.more)) };
  }
  const first = list(dig(headerLinks, 'channelHeaderLinksRenderer', 'primaryLinks')).find(isObj);
  if (!first) return null;
  const url = commandUrl(first.navigationEndpoint);
  const text = nonEmpty(ytText(first.title)) ?? url;
  if (!text) return null;
  if (!url) warn(PLATFORM, 'header.attribution.url', 'no link target in channelHeaderLinksRenderer.primaryLinks');
  return { text, url, more: null };
}

/** The continuation token under a `showEngagementPanelEndpoint` somewhere in `node` (the about panel's). */
function panelToken(node: unknown): string | null {
  let found: string | null = null;
  const walk = (v: unknown, inPanel: boolean, depth: number): void => {
    if (found || depth > 40) return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x, inPanel, depth + 1);
    } else if (isObj(v)) {
      const token = inPanel ? dig(v, 'continuationCommand', 'token') : null;
      if (typeof token === 'string' && token) {
        found = token;
        return;
      }
      for (const [k, x] of Object.entries(v)) walk(x, inPanel || k === 'showEngagementPanelEndpoint', depth + 1);
    }
  };
  walk(node, false, 0);
  return found;
}

/**
 * A URL in an innertube command: `urlEndpoint.url`, or a browse command's path. External links
 * go through `youtube.com/redirect?…&q=<target>`: the target is returned as YouTube wrote it.
 */
function commandUrl(cmd: unknown): string | null {
  const raw = str(dig(cmd, 'urlEndpoint', 'url')) ?? str(dig(cmd, 'commandMetadata', 'webCommandMetadata', 'url'));
  if (!raw) return null;
  let u: URL;
  try {
    u = new URL(raw, YOUTUBE_ORIGIN);
  } catch {
    return null;
  }
  const target = unwrapRedirect(u);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
  if (target === u) return /^https?:\/\//i.test(raw) ? raw : u.href;
  const q = (u.searchParams.get('q') ?? '').trim();
  return /^https?:\/\//i.test(q) ? q : target.href;
}

/** Image sources: one without a url is left out (warned through `r`, when given). */
function imageSources(v: unknown, r?: Reader): VideoImageSource[] {
  const each = (s: Getters): VideoImageSource | null => {
    const url = s.nonEmpty('url');
    if (!url) return null;
    // Older pages give protocol-relative thumbnail URLs (`//yt3.ggpht.com/…`).
    return { url: url.startsWith('//') ? `https:${url}` : url, width: s.round('width'), height: s.round('height') };
  };
  if (r) return r.items('sources', each);
  return (
    list(v)
      .filter(isObj)
      // The metadata's thumbnails are a fallback: read quietly.
      .map((x) => each(reader(x, { platform: PLATFORM, record: 'thumbnail' }).opt))
      .filter((x): x is VideoImageSource => x !== null)
  );
}

function avatarFromViewModel(vm: Obj, r: Reader): VideoChannelAvatar | null {
  const image = r.obj('image') ?? {};
  const sources = imageSources(image.sources, r.over(image, 'image'));
  if (!sources.length) return null;
  return { ...vm, image: { ...image, sources }, avatarImageSize: r.str('avatarImageSize') };
}

function avatarFromThumbnails(thumbnails: unknown): VideoChannelAvatar | null {
  const sources = imageSources(thumbnails);
  return sources.length ? { image: { sources }, avatarImageSize: null } : null;
}

// ---------------------------------------------------------------------------------------------
// The about panel
// ---------------------------------------------------------------------------------------------

/** The first `aboutChannelViewModel` in a response's `onResponseReceivedEndpoints` (continuation or /about page). */
function findAboutViewModel(data: Obj): Obj | null {
  let found: Obj | null = null;
  const walk = (v: unknown, depth: number): void => {
    if (found || depth > 40) return;
    if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (isObj(v)) {
      if (isObj(v.aboutChannelViewModel)) {
        found = v.aboutChannelViewModel;
        return;
      }
      for (const x of Object.values(v)) walk(x, depth + 1);
    }
  };
  walk(data.onResponseReceivedEndpoints, 0);
  return found;
}

/**
 * The pre-November-2023 About tab's `channelAboutFullMetadataRenderer`, in the page's `contents`
 * (the selected tab's section list), or null.
 */
function findAboutFullMetadata(data: Obj): Obj | null {
  let found: Obj | null = null;
  const walk = (v: unknown, depth: number): void => {
    if (found || depth > 12) return;
    if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (isObj(v)) {
      if (isObj(v.channelAboutFullMetadataRenderer)) {
        found = v.channelAboutFullMetadataRenderer;
        return;
      }
      for (const x of Object.values(v)) walk(x, depth + 1);
    }
  };
  walk(data.contents, 0);
  return found;
}

/** The panel of the /about page: today's `aboutChannelViewModel`, else the pre-2023 About tab's renderer. */
function embeddedAbout(data: Obj): AboutPanel | null {
  const vm = findAboutViewModel(data);
  if (vm) return parseAboutViewModel(vm);
  const legacy = findAboutFullMetadata(data);
  return legacy ? parseAboutFullMetadata(legacy) : null;
}

/**
 * The pre-November-2023 /about page's `channelAboutFullMetadataRenderer`: description, country,
 * view count and joined date in YouTube's text shapes (`simpleText`, `runs`), and `primaryLinks[]`
 * (`title`, `navigationEndpoint` through youtube.com/redirect; no text as shown). That generation
 * showed the subscriber and video counts in the header only: null here unless the renderer has them.
 */
export function parseAboutFullMetadata(about: Obj): AboutPanel {
  const r = reader(about, { platform: PLATFORM, record: 'about' });
  const text = (v: unknown) => nonEmpty(ytText(v));
  return {
    channelId: r.nonEmpty('channelId'),
    canonicalChannelUrl: r.nonEmpty('canonicalChannelUrl'),
    description: r.opt.get('description', ytText),
    country: r.opt.get('country', text),
    subscriberCountText: r.opt.get('subscriberCountText', text),
    videoCountText: r.opt.get('videoCountText', text),
    viewCountText: r.get('viewCountText', text),
    joinedDateText: r.get('joinedDateText', text),
    // A link without a target is left out, warned.
    links: r.opt.items('primaryLinks', (item) => {
      const link = item.root as Obj;
      const url = commandUrl(link.navigationEndpoint);
      if (!url) {
        item.warn('url', 'no link target');
        return null;
      }
      return { title: nonEmpty(ytText(link.title)), text: null, url };
    }),
  };
}

/**
 * The browse continuation's answer for the about panel
 * (`onResponseReceivedEndpoints[].appendContinuationItemsAction.continuationItems[].aboutChannelRenderer.metadata.aboutChannelViewModel`).
 */
export function parseAboutResponse(data: unknown): AboutPanel {
  if (!isObj(data)) throw shapeChanged(PLATFORM, 'about panel response object');
  const vm = findAboutViewModel(data);
  if (!vm) throw shapeChanged(PLATFORM, 'aboutChannelViewModel in the about panel response');
  return parseAboutViewModel(vm);
}

/** The panel's count and date texts are on every channel; description, country and links only when the channel set them. */
export function parseAboutViewModel(vm: Obj): AboutPanel {
  const r = reader(vm, { platform: PLATFORM, record: 'about' });
  const text = (v: unknown) => nonEmpty(ytText(v));
  return {
    channelId: r.nonEmpty('channelId'),
    canonicalChannelUrl: r.nonEmpty('canonicalChannelUrl'),
    description: r.opt.str('description'),
    country: r.opt.nonEmpty('country'),
    subscriberCountText: r.opt.get('subscriberCountText', text),
    videoCountText: r.get('videoCountText', text),
    viewCountText: r.get('viewCountText', text),
    joinedDateText: r.get('joinedDateText', text),
    // A link that is not a `channelExternalLinkViewModel` with a link text is left out, warned.
    links: r.opt.items('links', (item) => {
      const l = item.obj('channelExternalLinkViewModel');
      const text = l ? item.over(l, 'channelExternalLinkViewModel').get('link', (v) => nonEmpty(ytText(v))) : null;
      if (!l || !text) return null;
      const url = commandUrl(dig(l, 'link', 'commandRuns', 0, 'onTap', 'innertubeCommand')) ?? shownUrl(text);
      if (!url) item.warn('url', 'neither a link target nor a URL as shown');
      return { title: nonEmpty(ytText(l.title)), text, url };
    }),
  };
}

/** A link as shown (`twitter.com/x`, `https://…`) → an absolute URL, or null. */
function shownUrl(text: string | null): string | null {
  if (!text) return null;
  try {
    const u = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
    return u.hostname.includes('.') ? u.href : null;
  } catch {
    return null;
  }
}

/** The about panel's links as absolute URLs, in the panel's order, without duplicates. */
export function aboutLinkUrls(about: AboutPanel): string[] {
  return [...new Set(about.links.map((l) => l.url).filter((u): u is string => u !== null))];
}

// ---------------------------------------------------------------------------------------------
// Helpers shared with creator discovery
// ---------------------------------------------------------------------------------------------

/** The channel's full description: the about panel's, else the page metadata's; null when neither has one. */
export function channelDescription(page: ChannelPage, about: AboutPanel | null): string | null {
  return about?.description ?? page.description;
}

/** http(s) URLs written in a description, in order, without duplicates (trailing punctuation dropped). */
export function descriptionUrls(description: string | null): string[] {
  if (!description) return [];
  const out = new Set<string>();
  for (const m of description.matchAll(/https?:\/\/[^\s<>"'）)\]]+/giu)) {
    const raw = m[0].replace(/[.,;:!?…]+$/u, '');
    try {
      out.add(new URL(raw).href);
    } catch {
      /* not a URL after all */
    }
  }
  return [...out];
}

/** `"hospital records" "drum and bass" dnb music` → `hospital records, drum and bass, dnb, music`; null when empty. */
export function keywordsToTags(keywords: string | null): string | null {
  if (!keywords) return null;
  const tags = [...keywords.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => (m[1] ?? m[2]).trim()).filter(Boolean);
  return tags.length ? tags.join(', ') : null;
}

/** Hosts (first label) and link titles that name a merchandise store. */
const STORE_TITLE_RE = /\b(?:store|shop|merch|merchandise|boutique|tienda|loja)\b/i;
const STORE_HOST_RE =
  /^(?:www\.)?(?:store|shop|merch)\.|(?:^|\.)(?:myshopify\.com|creator-spring\.com|teespring\.com|fourthwall\.com|bonfire\.com|represent\.com|crowdmade\.com)$/i;

/** The first link that is a merchandise store: by its title in the panel ("Store", "Merch") or its host (`store.…`, Shopify, Spring…). */
export function storeUrl(links: readonly AboutLink[]): string | null {
  for (const l of links) {
    if (!l.url) continue;
    const host = new URL(l.url).hostname;
    if ((l.title && STORE_TITLE_RE.test(l.title)) || STORE_HOST_RE.test(host)) return l.url;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Page + about panel → record
// ---------------------------------------------------------------------------------------------

/**
 * The record from the page and its about panel. Without the panel (its request failed:
 * fetch.ts), the page's own facts stand and the panel-only ones are null; the links are then the
 * header's first link only.
 */
export function buildChannelRecord(page: ChannelPage, about: AboutPanel | null): VideoChannel {
  if (about?.channelId && about.channelId !== page.channelId) {
    throw shapeChanged(PLATFORM, `about panel of channel ${page.channelId} (it describes ${about.channelId})`);
  }
  // …nor one whose own URL names another handle (identity.ts): never taken as this channel's.
  if (about && page.handle)
    assertSameResource(
      PLATFORM,
      `the about panel of channel ${page.channelId}`,
      { handle: page.handle },
      { handle: handleFromVanityUrl(about.canonicalChannelUrl) },
    );
  const links = about ? aboutLinkUrls(about) : page.headerLink?.url ? [page.headerLink.url] : [];
  const description = channelDescription(page, about);
  const subscriberCountText = about?.subscriberCountText ?? page.subscriberCountText;
  const platforms = Object.fromEntries(Object.entries(platformUrlFields(links)).filter(([k]) => !FIXED_KEYS.has(k)));
  // Platform fields sit between store and links (api.md's order, the peer's clients see the same).
  const record: VideoChannel = {
    channelId: page.channelId,
    channel: page.vanityChannelUrl ?? about?.canonicalChannelUrl ?? page.channelUrl,
    name: page.title,
    avatar: page.avatar,
    description,
    subscriberCount: parseCount(subscriberCountText),
    subscriberCountText,
    videoCountText: about?.videoCountText ?? page.videoCountText,
    viewCountText: about?.viewCountText ?? null,
    joinedDateText: about?.joinedDateText ?? null,
    tags: keywordsToTags(page.keywords),
    // Only an address written in the public description: the business e-mail behind YouTube's
    // captcha gate is never requested.
    email: extractEmails({ text: description ?? '' })[0] ?? null,
    store: about ? storeUrl(about.links) : null,
    ...platforms,
    links,
    country: about?.country ?? null,
  };
  return record;
}
