/**
 * Downloads one remote image or video into the media store, through the upstream client (SSRF
 * guard on the URL and every redirect, replay in tests, retries), size-capped while streaming
 * (MEDIA_MAX_BYTES) and type-checked (an image or video type of MEDIA_TYPES, and a body that is
 * not markup whatever its declared type).
 *
 * The download and the store run in one of this process's media slots (slots.ts,
 * MEDIA_CONCURRENCY): the body is in memory whole from the one to the other.
 *
 * Any failure is an ApiError for the whole operation: UPSTREAM_BLOCKED for a bot check or a
 * refusal (401/403/406/429: upstream/client.ts isRefusalStatus), UPSTREAM_FAILED naming the file and the reason otherwise, SERVICE_UNAVAILABLE when no slot
 * came in time. Callers promise hosted URLs for every attachment, so they do not answer with some
 * of them silently left upstream.
 */
import { ApiError, upstreamBlocked, upstreamFailed } from '../errors.js';
import type { OpContext } from '../platforms/operation.js';
import type { UpstreamResponse } from '../upstream/client.js';
import { isRefusalStatus } from '../upstream/client.js';
import { mediaConfig } from './config.js';
import type { StoredMedia } from './store.js';
import { mediaSlots } from './slots.js';
import { mediaStoreFor, storableType } from './store.js';

export interface DownloadOptions {
  platform: string;
  /** For messages: "media attachment 1167… (video)". */
  what: string;
  /** Recognises the platform's bot-check page in a response that is not media. */
  blockReason?: (body: string, headers: Record<string, string>) => string | null;
}

export function downloadMedia(ctx: OpContext, url: string, opts: DownloadOptions): Promise<StoredMedia> {
  return mediaSlots.run(() => download(ctx, url, opts), {
    signal: ctx.signal,
    maxWaitMs: mediaConfig().timeoutMs,
    platform: opts.platform,
    what: opts.what,
  });
}

async function download(ctx: OpContext, url: string, opts: DownloadOptions): Promise<StoredMedia> {
  const { maxBytes, timeoutMs } = mediaConfig();
  let res: UpstreamResponse;
  try {
    res = await ctx.upstream.request({
      url,
      platform: opts.platform,
      headers: { accept: 'image/*,video/*' },
      maxBodyBytes: maxBytes,
      timeoutMs,
      signal: ctx.signal,
    });
  } catch (e) {
    if (e instanceof ApiError && e.code === 'UPSTREAM_FAILED') {
      throw upstreamFailed(
        `${opts.platform}: ${opts.what} could not be downloaded (${e.message}; files are stored up to MEDIA_MAX_BYTES = ${maxBytes} bytes). Retry without download_media to get the upstream URLs.`,
        e,
      );
    }
    // A vendor challenge in front of the media CDN (the upstream client's block catalogue): say which file met it.
    if (e instanceof ApiError && e.code === 'UPSTREAM_BLOCKED')
      throw upstreamBlocked(`${opts.platform}: ${opts.what} could not be downloaded: ${e.message}`);
    throw e;
  }
  const contentType = res.headers['content-type'];
  const type = storableType(contentType);
  if (res.status < 200 || res.status >= 300 || !type || looksLikeMarkup(res.body)) {
    const reason = opts.blockReason?.(res.text(), res.headers);
    if (reason) throw upstreamBlocked(`${opts.platform}: ${opts.what} was answered with ${reason} instead of the file`);
    // As every upstream refusal (docs/behaviour.md): the media host refused or rate-limited us.
    if (isRefusalStatus(res.status))
      throw upstreamBlocked(`${opts.platform}: ${opts.what} could not be downloaded: the media host answered HTTP ${res.status}`);
    const why =
      res.status < 200 || res.status >= 300
        ? `HTTP ${res.status}`
        : !type
          ? `content type ${JSON.stringify(contentType ?? null)} is not an image or video type this gateway stores`
          : `the body is markup, not ${type}`;
    throw upstreamFailed(
      `${opts.platform}: ${opts.what} could not be stored: ${why}. Retry without download_media to get the upstream URLs.`,
    );
  }
  if (res.body.length === 0) throw upstreamFailed(`${opts.platform}: ${opts.what} is empty`);
  return mediaStoreFor(ctx.config).put(res.body, type);
}

/** HTML, XML or SVG served under an image/video type: an error or block page, never media. */
function looksLikeMarkup(body: Buffer): boolean {
  const head = body.subarray(0, 64).toString('latin1').trimStart();
  return head.startsWith('<');
}
