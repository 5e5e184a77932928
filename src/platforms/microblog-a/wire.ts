/**
 * Hosted media as each caller sees it: records keep gateway paths (`/media/<id>`) and every
 * answer makes them absolute for its own caller (src/media/public-url.ts) — in the REST body, a
 * bulk job's result, GraphQL's `json` (the post operation's `wire`) and the typed media fields.
 */
import type { WithRequestBaseUrl } from '../../media/public-url.js';
import { absoluteMediaUrl, mediaBaseUrl } from '../../media/public-url.js';
import type { MicroblogAMedia, MicroblogAPost } from './parse.js';
import { shownMedia } from './parse.js';

const isGatewayPath = (u: string | null) => u !== null && u.startsWith('/') && !u.startsWith('//');

/** A media URL as this caller sees it (the base is looked up only for hosted media). */
export const forCaller = (url: string | null, caller: WithRequestBaseUrl) =>
  isGatewayPath(url) ? absoluteMediaUrl(url, mediaBaseUrl(caller)) : url;

/**
 * The post with gateway media paths made absolute for this caller. Posts without hosted
 * media are returned as they are; others are rebuilt once per (record, base) — for a few bases
 * per record, as Host headers are the caller's to choose — so the REST layer's per-record
 * serialisation memo keeps working for cache hits.
 */
const BASES_REMEMBERED = 4;
const absolutized = new WeakMap<MicroblogAPost, Map<string, MicroblogAPost>>();
export function withAbsoluteMedia(p: MicroblogAPost, caller: WithRequestBaseUrl): MicroblogAPost {
  if (!hasGatewayMedia(p)) return p;
  const base = mediaBaseUrl(caller);
  if (base === null) return p;
  let byBase = absolutized.get(p);
  if (!byBase) absolutized.set(p, (byBase = new Map()));
  let out = byBase.get(base);
  if (!out) {
    const fix = (m: MicroblogAMedia): MicroblogAMedia => ({
      ...m,
      url: absoluteMediaUrl(m.url, base),
      preview_url: absoluteMediaUrl(m.preview_url, base),
    });
    out = {
      ...p,
      media_attachments: p.media_attachments.map(fix),
      reblog: p.reblog ? { ...p.reblog, media_attachments: p.reblog.media_attachments.map(fix) } : null,
    };
    if (byBase.size < BASES_REMEMBERED) byBase.set(base, out);
  }
  return out;
}

function hasGatewayMedia(p: MicroblogAPost): boolean {
  return shownMedia(p).some((m) => isGatewayPath(m.url) || isGatewayPath(m.preview_url));
}
