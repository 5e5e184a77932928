/**
 * pinboard = Pinterest. Registry entry: hosts, operations, parameters, costs, cache policy.
 * Upstream request: platforms.md (anonymous BaseSearchResource GET; cursor = Pinterest's bookmark).
 * The other operations live in their own modules: profile.ts, pin.ts, board.ts.
 */
import type { PlatformDefinition } from '../definition.js';
import type { OperationDef } from '../operation.js';
import { fetchSearchPage } from './fetch.js';
import type { PinboardSearchArgs } from './fetch.js';
import type { PinboardSearchPage } from './parse.js';
import * as schema from './schema.js';
import { reader } from './reader.js';
import { profile } from './profile.js';
import { pin } from './pin.js';
import { board } from './board.js';
import { walls } from './walls.js';
import { links } from './links.js';

const label = 'pinboard';
const hosts = ['www.pinterest.com', 'pinterest.com'];

/**
 * Pinterest bookmarks are base64 text (the capture's is 2028 characters); a few spare
 * punctuation characters are allowed in case the encoding changes, spaces and quotes are not.
 */
const CURSOR_RE = /^[A-Za-z0-9+/=_\-|.:~]+$/;

export const search: OperationDef<PinboardSearchArgs, PinboardSearchPage> = {
  field: 'pinboardSearch',
  platform: label,
  summary: 'Search pins on the pinboard platform (about 25 per page)',
  rest: { path: '/v1/pinboard/search' },
  record: schema.PinboardSearchPage,
  params: [
    { name: 'query', kind: 'string', required: true, maxLength: 512, description: 'Search query' },
    {
      name: 'cursor',
      kind: 'string',
      maxLength: 8192,
      description: "The previous response's cursor, unchanged; omit for the first page. The last page answers with cursor null.",
    },
    {
      name: 'trim',
      kind: 'boolean',
      description:
        'true: reduced pins (id, url, title, grid_title, description, link, domain, is_promoted, created_at, images.orig, board {id, name, url}, pinner {id, username, full_name}). Default false.',
    },
  ],
  cacheable: true,
  check(args, problem) {
    if (typeof args.cursor === 'string' && args.cursor !== '' && args.cursor.length <= 8192 && !CURSOR_RE.test(args.cursor)) {
      problem('cursor', 'must be a cursor from a previous response, passed unchanged');
    }
  },
  normalize: (a) => ({
    query: a.query.trim().replace(/\s+/g, ' '),
    // Opaque: sent back exactly as Pinterest gave it.
    cursor: typeof a.cursor === 'string' && a.cursor !== '' ? a.cursor : null,
    trim: a.trim === true,
  }),
  key: (a) => JSON.stringify([a.query, a.cursor, a.trim]),
  cost: { max: 1 },
  example: { query: 'chili oil noodles' },
  run: (ctx, a) => fetchSearchPage(ctx, a),
};

export const platform: PlatformDefinition = {
  label,
  hosts,
  operations: [search, profile, pin, board],
  walls,
  reader,
  links,
  names: { link: ['pinterest', 'پینترست'] },
};
