/**
 * moodboard = Cosmos (cosmos.so). Registry entry: hosts, operations, parameters, costs, cache policy.
 * Upstream requests: platforms.md (public GraphQL at api.cosmos.so/graphql, operation name in `?q=`).
 */
import type { PlatformDefinition } from '../definition.js';
import type { OperationDef } from '../operation.js';
import { fetchPost, fetchSearchPage } from './fetch.js';
import type { MoodboardPost, MoodboardSearchPage } from './parse.js';
import { parsePostUrl, TERMINAL_PAGE } from './parse.js';
import * as schema from './schema.js';
import { walls } from './walls.js';
import { links } from './links.js';

const label = 'moodboard';
const hosts = ['www.cosmos.so', 'cosmos.so', 'api.cosmos.so'];

export const post: OperationDef<{ elementId: string }, MoodboardPost> = {
  field: 'moodboardPost',
  platform: label,
  summary: 'A public post (element) on the moodboard platform',
  rest: { path: '/v1/moodboard/post' },
  record: schema.MoodboardPost,
  params: [
    {
      name: 'url',
      kind: 'string',
      required: true,
      maxLength: 2048,
      description: 'Public post URL, e.g. https://www.cosmos.so/e/1234567890',
    },
  ],
  cacheable: true,
  check(args, problem) {
    if (typeof args.url === 'string' && args.url.trim() && !parsePostUrl(args.url)) {
      problem('url', 'must be a public cosmos.so post URL (https://www.cosmos.so/e/ID)');
    }
  },
  normalize: (a) => ({ elementId: parsePostUrl(a.url)! }),
  key: (a) => a.elementId,
  cost: { max: 1 },
  example: { url: 'https://www.cosmos.so/e/1909064612' },
  run: (ctx, a) => fetchPost(ctx, a.elementId),
};

/** api.md Errors #2: the literal text `null` is the end of the list, not a cursor. */
const isTerminal = (cursor: string | null) => cursor === 'null';

export const search: OperationDef<{ query: string; cursor: string | null }, MoodboardSearchPage> = {
  field: 'moodboardSearch',
  platform: label,
  summary: 'Search posts on the moodboard platform (related posts may be returned without an exact match)',
  rest: { path: '/v1/moodboard/search' },
  record: schema.MoodboardSearchPage,
  params: [
    { name: 'query', kind: 'string', required: true, maxLength: 512, description: 'Search text' },
    {
      name: 'cursor',
      kind: 'string',
      maxLength: 2048,
      description: "The previous response's cursor, unchanged; omit for the first page. Stop when it is null.",
    },
  ],
  cacheable: true,
  normalize: (a) => ({
    query: a.query.trim().replace(/\s+/g, ' '),
    // Opaque: passed back exactly as Cosmos sent it.
    cursor: typeof a.cursor === 'string' && a.cursor !== '' ? a.cursor : null,
  }),
  key: (a) => JSON.stringify([a.query, a.cursor]),
  // The terminal page is answered without fetching and costs nothing (api.md Errors #2): nothing
  // is reserved for it either, so it is served even at a balance of 0.
  cost: { max: 1, reserve: (a) => (isTerminal(a.cursor) ? 0 : 1), of: (_page, a) => (isTerminal(a.cursor) ? 0 : 1) },
  example: { query: 'brutalist stairwell' },
  run: async (ctx, a) => (isTerminal(a.cursor) ? { ...TERMINAL_PAGE, items: [] } : fetchSearchPage(ctx, a)),
};

export const platform: PlatformDefinition = { label, hosts, operations: [post, search], walls, links };
