/**
 * microblog-c = Threads. Registry entry: hosts, the search and profile (profile.ts) operations,
 * parameters, cost, cache policy. Upstream requests: platforms.md (public GraphQL with a scraped `lsd`).
 */
import type { PlatformDefinition } from '../definition.js';
import type { OperationDef } from '../operation.js';
import type { MicroblogCSearchArgs } from './fetch.js';
import { fetchSearch } from './fetch.js';
import type { MicroblogCSearchResult } from './parse.js';
import { dayStart } from './parse.js';
import * as schema from './schema.js';
import { reader } from './reader.js';
import { profile } from './profile.js';
import { walls } from './walls.js';
import { links } from './links.js';

const label = 'microblog-c';
const hosts = ['www.threads.com', 'threads.com', 'www.threads.net', 'threads.net'];

export const search: OperationDef<MicroblogCSearchArgs, MicroblogCSearchResult> = {
  field: 'microblogCSearch',
  platform: label,
  summary: 'Search public posts on the microblog-c platform (about 10 per call)',
  rest: { path: '/v1/microblog-c/search' },
  record: schema.MicroblogCSearchRecord,
  params: [
    { name: 'query', kind: 'string', required: true, maxLength: 512, description: 'Keyword' },
    { name: 'start_date', kind: 'string', maxLength: 32, description: 'Only posts from this day on (YYYY-MM-DD, UTC)' },
    { name: 'end_date', kind: 'string', maxLength: 32, description: 'Only posts up to the end of this day (YYYY-MM-DD, UTC)' },
    { name: 'trim', kind: 'boolean', description: 'Return reduced posts (see MicroblogCPost)' },
  ],
  cacheable: true,
  check(args, problem) {
    const given = (v: unknown): v is string => typeof v === 'string' && v !== '';
    let ok = true;
    for (const name of ['startDate', 'endDate'] as const) {
      if (given(args[name]) && dayStart(args[name]) === null) {
        problem(name, 'must be a real date written YYYY-MM-DD');
        ok = false;
      }
    }
    if (ok && given(args.startDate) && given(args.endDate) && args.startDate > args.endDate) {
      problem('startDate', 'must be on or before end_date');
    }
  },
  normalize: (a) => ({
    query: a.query.trim().replace(/\s+/g, ' '),
    startDate: a.startDate ? a.startDate : null,
    endDate: a.endDate ? a.endDate : null,
    trim: a.trim ?? false,
  }),
  key: (a) => JSON.stringify([a.query, a.startDate, a.endDate, a.trim]),
  cost: { max: 1 },
  example: { query: 'kerala fish curry' },
  run: (ctx, a) => fetchSearch(ctx, a),
};

export const platform: PlatformDefinition = {
  label,
  hosts,
  operations: [search, profile],
  walls,
  reader,
  links,
  names: { link: ['threads'], secondLine: ['threads', '스레드'] },
};
