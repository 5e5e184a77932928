/**
 * websearch = Google web search. Registry entry.
 */
import type { PlatformDefinition } from '../definition.js';
import type { OperationDef } from '../operation.js';
import { fetchSearchPage } from './fetch.js';
import type { WebSearchArgs } from './fetch.js';
import type { WebSearchPage } from './parse.js';
import * as schema from './schema.js';
import { walls } from './walls.js';

const label = 'websearch';
const hosts = ['www.google.com'];

export const search: OperationDef<WebSearchArgs, WebSearchPage> = {
  field: 'websearchSearch',
  platform: label,
  summary: 'Web search results (about 10 per page)',
  rest: { path: '/v1/websearch/search' },
  record: schema.WebSearchPage,
  params: [
    { name: 'query', kind: 'string', required: true, maxLength: 512, description: 'Search query' },
    { name: 'region', kind: 'string', maxLength: 2, description: '2-letter country code (US, GB, CA…): results as seen from that country' },
    {
      name: 'date_posted',
      kind: 'enum',
      values: ['last-hour', 'last-day', 'last-week', 'last-month', 'last-year'],
      enumName: 'WebsearchDatePosted',
      description: 'Only results posted within this period',
    },
    // api.md: page 12 or greater returns HTTP 400.
    { name: 'page', kind: 'int', min: 1, max: 11, description: 'Result page, 1 to 11 (default 1)' },
  ],
  cacheable: true,
  check(args, problem) {
    if (args.region != null && args.region !== '' && !/^[A-Za-z]{2}$/.test(args.region))
      problem('region', 'must be a 2-letter country code');
  },
  normalize: (a) => ({
    query: a.query.trim().replace(/\s+/g, ' '),
    region: a.region ? a.region.toUpperCase() : null,
    datePosted: a.datePosted ?? null,
    page: a.page ?? 1,
  }),
  key: (a) => JSON.stringify([a.query, a.region, a.datePosted, a.page]),
  cost: { max: 1 },
  example: { query: 'creator economy tools' },
  run: (ctx, a) => fetchSearchPage(ctx, a),
};

export const platform: PlatformDefinition = { label, hosts, operations: [search], walls };
