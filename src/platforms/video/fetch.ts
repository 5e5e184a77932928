/**
 * Upstream requests for video (YouTube), per platforms.md:
 *
 * 1. `GET https://www.youtube.com/@<handle>` (or `/channel/<id>`, `/c/<name>`, `/user/<name>`):
 *    the channel page, `var ytInitialData = {…};`, plus the WEB client version and visitor id in
 *    its `ytcfg` (public values the page is served with; no key, no login).
 * 2. `POST https://www.youtube.com/youtubei/v1/browse` with the WEB client context and the about
 *    panel's continuation token from the page header: `aboutChannelViewModel` (links, country,
 *    joined date, counts). A page without that token (no header description and no links) is
 *    followed by `GET /channel/<id>/about`, which embeds the same panel.
 *
 * Two requests, 1 credit. The consent interstitial (consent.youtube.com) and Google's "unusual
 * traffic" page are UPSTREAM_BLOCKED; a 404 or "This channel does not exist." is NOT_FOUND.
 *
 * The about panel is optional: the channel page alone carries the id, name, description, counts,
 * avatar, vanity URL and the first link. When the second request fails (an error status, a
 * timeout, a rate limit or block page, an answer without the panel) the record is returned with
 * the panel's fields null (views, joined date, country, store; links from the header only) and a
 * parser warning `channel.about`: the channel page was read, and a wall in front of its panel
 * says nothing against it. A panel describing another channel (another id, or a canonical URL
 * naming another handle) is never used (UPSTREAM_FAILED): that answer cannot be trusted.
 */
import { ApiError, notFound, shapeChanged, upstreamFailed } from '../../errors.js';
import { optionalStep, partialRead } from '../partial-read.js';
import { safeDecode } from '../../parse/index.js';
import { expectOk } from '../../upstream/client.js';
import { assertSameResource } from '../identity.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import type { ChannelRef } from './channel-ref.js';
import { channelPageUrl, describeChannelRef, YOUTUBE_ORIGIN } from './channel-ref.js';
import type { AboutPanel, ChannelPage, VideoChannel } from './parse.js';
import { buildChannelRecord, handleFromVanityUrl, parseAboutResponse, parseChannelHtml } from './parse.js';

const PLATFORM = 'video';
export const BROWSE_URL = `${YOUTUBE_ORIGIN}/youtubei/v1/browse?prettyPrint=false`;
/** Used only when a page carries no client version of its own (the newest capture's, 2026-01). */
export const FALLBACK_CLIENT_VERSION = '2.20260123.01.00';
const PAGE_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en-US,en;q=0.8' };

export async function fetchChannel(ctx: OpContext, ref: ChannelRef): Promise<VideoChannel> {
  const what = `Video channel ${describeChannelRef(ref)}`;
  const page = await fetchChannelPage(ctx, channelPageUrl(ref), what);
  // Another channel than asked is no answer (identity.ts): by id, or by handle. A legacy /c/ or
  // /user/ name states neither, and is not compared.
  if (ref.kind === 'id') assertSameResource(PLATFORM, what, { id: ref.id }, { id: page.channelId });
  else if (ref.kind === 'handle') assertSameResource(PLATFORM, what, { handle: ref.handle }, { handle: page.handle });
  const about = page.about ?? (await optionalAbout(ctx, page));
  // A page that names no handle anywhere (parse.ts: header, vanity and owner URLs, tabs): its
  // about panel's canonical URL, when it names one, must be the asked handle. (With a handle on
  // the page, buildChannelRecord holds the panel to that one.) Naming none at all, it stands.
  if (ref.kind === 'handle' && page.handle === null && about)
    assertSameResource(PLATFORM, what, { handle: ref.handle }, { handle: handleFromVanityUrl(about.canonicalChannelUrl) });
  const record = buildChannelRecord(page, about);
  return about ? record : partialRead(record);
}

/** The about panel by its continuation (or the /about page), or null with a warning when that request fails. */
function optionalAbout(ctx: OpContext, page: ChannelPage): Promise<AboutPanel | null> {
  return optionalStep(ctx, { platform: PLATFORM, field: 'channel.about' }, () =>
    page.aboutToken ? fetchAboutPanel(ctx, page, page.aboutToken) : fetchAboutPage(ctx, page.channelId),
  );
}

async function fetchChannelPage(ctx: OpContext, url: string, what: string): Promise<ChannelPage> {
  const res = await ctx.upstream.request({ url, platform: PLATFORM, headers: PAGE_HEADERS, signal: ctx.signal });
  // The consent interstitial and Google's /sorry/ page come with any status: walls (walls.ts).
  const html = res.text();
  if (res.status === 404 || res.status === 410) throw notFound(`${what} was not found`);
  expectOk(res, PLATFORM, what);
  try {
    return parsed(ctx, () => parseChannelHtml(html));
  } catch (e) {
    // "This channel does not exist." and terminated channels: name the channel asked for.
    if (e instanceof ApiError && e.code === 'NOT_FOUND') throw notFound(`${what} was not found (${e.message})`);
    throw e;
  }
}

/** The WEB client's request context of a `youtubei/v1/*` request (English, US, the page's client version and visitor id). */
export function webClientContext(page: Pick<ChannelPage, 'clientVersion' | 'visitorData'>): Record<string, unknown> {
  return {
    client: {
      hl: 'en',
      gl: 'US',
      clientName: 'WEB',
      clientVersion: page.clientVersion ?? FALLBACK_CLIENT_VERSION,
      ...(page.visitorData ? { visitorData: safeDecode(page.visitorData) } : {}),
      originalUrl: YOUTUBE_ORIGIN,
      platform: 'DESKTOP',
      utcOffsetMinutes: 0,
    },
    request: { useSsl: true },
    user: { lockedSafetyMode: false },
  };
}

/** The headers the WEB client sends with a `youtubei/v1/*` request carrying `context` (webClientContext). */
export function innertubeHeaders(context: Record<string, unknown>): Record<string, string> {
  const client = (context as { client: { clientVersion: string; visitorData?: string } }).client;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    'accept-language': 'en-US,en;q=0.8',
    origin: YOUTUBE_ORIGIN,
    'x-youtube-client-name': '1',
    'x-youtube-client-version': client.clientVersion,
  };
  if (client.visitorData) headers['x-goog-visitor-id'] = client.visitorData;
  return headers;
}

/** The body of the about panel's browse request: the WEB client's context and the continuation token. */
export function aboutRequestBody(token: string, page: Pick<ChannelPage, 'clientVersion' | 'visitorData'>): Record<string, unknown> {
  return { context: webClientContext(page), continuation: token };
}

async function fetchAboutPanel(ctx: OpContext, page: ChannelPage, token: string): Promise<AboutPanel> {
  const body = aboutRequestBody(token, page);
  const headers = innertubeHeaders(body.context as Record<string, unknown>);
  const res = await ctx.upstream.request({
    url: BROWSE_URL,
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    platform: PLATFORM,
    signal: ctx.signal,
  });
  // The consent page or Google's /sorry/ page instead of the JSON: walls (walls.ts).
  // The channel page was there: a 4xx on its own continuation is YouTube refusing the request.
  if (res.status === 400 || res.status === 404)
    throw upstreamFailed(`${PLATFORM}: the about panel request was refused (HTTP ${res.status})`);
  expectOk(res, PLATFORM, `The about panel of channel ${page.channelId}`);
  return parsed(ctx, () => parseAboutResponse(res.json()));
}

async function fetchAboutPage(ctx: OpContext, channelId: string): Promise<AboutPanel> {
  const page = await fetchChannelPage(ctx, `${YOUTUBE_ORIGIN}/channel/${channelId}/about`, `Video channel ${channelId}`);
  if (!page.about)
    throw shapeChanged(PLATFORM, 'aboutChannelViewModel (no about-panel token on the channel page, no panel on its /about page)');
  return page.about;
}
