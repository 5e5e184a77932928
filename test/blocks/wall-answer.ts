/**
 * A page as one platform's upstream answer, through the block catalogue the way the upstream
 * client applies it (vendors, then that platform's walls): the error the caller would get, or
 * null when the answer is data and goes on to the platform's parser. For unit tests of walls
 * that moved out of parsers into `src/platforms/<label>/walls.ts`.
 */
import type { ApiError } from '../../src/errors.js';
import { platformWalls } from '../../src/platforms/registry.js';
import { blockedError, detectBlock } from '../../src/upstream/blocks/catalogue.js';

const walls = platformWalls();

export interface AnswerOpts {
  status?: number;
  headers?: Record<string, string>;
  /** Final URL after redirects. */
  url?: string;
}

export function wallError(label: string, body: string | Buffer, opts: AnswerOpts = {}): ApiError | null {
  const buf = typeof body === 'string' ? Buffer.from(body) : body;
  const url = opts.url ?? 'https://upstream.example/';
  const status = opts.status ?? 200;
  const m = detectBlock({ status, headers: opts.headers ?? {}, url, body: buf, text: () => buf.toString('utf8') }, walls.get(label) ?? []);
  return m ? blockedError(label, new URL(url).host, status, m) : null;
}

/** The wall's name (the block counters' `source`), or null. */
export function wallName(label: string, body: string | Buffer, opts: AnswerOpts = {}): string | null {
  const buf = typeof body === 'string' ? Buffer.from(body) : body;
  return (
    detectBlock(
      {
        status: opts.status ?? 200,
        headers: opts.headers ?? {},
        url: opts.url ?? 'https://upstream.example/',
        body: buf,
        text: () => buf.toString('utf8'),
      },
      walls.get(label) ?? [],
    )?.source ?? null
  );
}
