/**
 * GET/HEAD /media/<sha256>.<ext>: stored media, publicly (the URLs go into API answers and are
 * meant for <img>/<video> tags, which send no API key; the files are public posts' media and their
 * ids are content hashes).
 *
 * - The id is matched against `<64 hex>.<known ext>` before anything touches the disk: no path
 *   is ever built from other input (no traversal, no dot files, no temporaries).
 * - An id's bytes never change: `cache-control: immutable` for a year, a strong ETag (the hash),
 *   304 on If-None-Match.
 * - Single byte ranges (206 / 416) so video players can seek; Safari will not play video without.
 * - `nosniff` and a sandboxing CSP: the body is only ever the stored type.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { ApiError } from '../errors.js';
import type { Logger } from '../log.js';
import { sendError } from '../pipeline/errors.js';
import type { MediaStore } from './store.js';
import { MEDIA_PATH_PREFIX, mediaStoreFor } from './store.js';

export interface MediaServer {
  serve(req: IncomingMessage, res: ServerResponse, path: string): Promise<void>;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function createMediaServer(
  deps: { config: { dataDir: string }; logger: Logger },
  store: MediaStore = mediaStoreFor(deps.config),
): MediaServer {
  return {
    async serve(req, res, path) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return sendError(res, new ApiError('INVALID_INPUT', `${req.method} is not supported here; use GET`), { allow: 'GET, HEAD' });
      }
      const id = path.slice(MEDIA_PATH_PREFIX.length);
      const file = await store.open(id);
      if (!file) return sendError(res, new ApiError('NOT_FOUND', `No media ${path}`));

      const etag = `"${id.slice(0, 64)}"`;
      const headers: Record<string, string | number> = {
        'content-type': file.contentType,
        'cache-control': IMMUTABLE,
        etag,
        'accept-ranges': 'bytes',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cross-origin-resource-policy': 'cross-origin',
      };
      if (matchesEtag(req.headers['if-none-match'], etag)) {
        res.writeHead(304, headers);
        return void res.end();
      }

      const range = parseRange(req.headers.range, file.size);
      if (range === 'unsatisfiable') {
        res.writeHead(416, { ...headers, 'content-range': `bytes */${file.size}`, 'content-length': 0 });
        return void res.end();
      }
      const status = range ? 206 : 200;
      if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${file.size}`;
      headers['content-length'] = range ? range.end - range.start + 1 : file.size;
      res.writeHead(status, headers);
      if (req.method === 'HEAD' || file.size === 0) return void res.end();
      try {
        await pipeline(file.read(range ?? undefined), res);
      } catch (err) {
        // The client went away mid-file (common with video seeking), or the file vanished.
        if (!res.writableEnded) res.destroy();
        if ((err as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') deps.logger.warn({ err, id }, 'media read failed');
      }
    },
  };
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v === etag || v === `W/${etag}`;
  });
}

/**
 * One `bytes=` range (RFC 9110 §14.1.2): `a-b`, `a-`, `-n`. Null when absent, malformed or
 * multi-range — the whole file is sent then, as the RFC allows; 'unsatisfiable' when it lies
 * outside the file.
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
