/**
 * Every paginated operation's next page (its example's `cursor` passed back), each upstream request
 * of that call failing in turn: a typed error at 0 credits or a correct page, never a 500, a hang,
 * a charge for nothing, or an endless cursor chain.
 *
 * Cases come from the registry: every operation with a `cursor` parameter whose example's first
 * page (on the demo's own answers, src/demo/routes.ts) offers a next cursor; an operation whose
 * demo data gains a second page is covered without a change here. The next-page call runs as
 * secondary.test.ts runs an example: each of its distinct requests answering, in turn, each of
 * secondary's faults (500, 503, 404, 429, a block page, half a body, malformed JSON, a hang, a
 * reset, an empty 200, a private redirect, a redirect loop, real challenges), and these of a next
 * page's own:
 * - 400 and 410: the upstream no longer accepts the cursor (an expired or revoked token) — an
 *   essential request, so a typed error, never an empty page charged as a record;
 * - the first page again: the request answered with the demo's answer to the same endpoint on
 *   the first page — a page of another cursor, whose upstream token is the one just asked with
 *   (the upstream looping). A typed error, or a page whose `cursor` is not the one passed in:
 *   a page that returns its own cursor as `next` is an endless chain for any client that pages
 *   to the end.
 */
import { describe, expect, it } from 'vitest';
import { restExamplePath } from '../../src/demo/examples.js';
import { allOperations } from '../../src/gateway.js';
import { allParams } from '../../src/platforms/operation.js';
import type { OperationDef } from '../../src/platforms/operation.js';
import type { RecordedResponse } from '../../src/replay/server.js';
import { expectNoOpenExchanges } from './lib.js';
import {
  ANSWERING_ENV,
  answeredWith,
  call,
  callAltered,
  eachFault,
  envFor,
  exampleRequests,
  FAULTS,
  isEssential,
  requestKey,
  startGateway,
  withFault,
} from './operations.js';
import * as socialA from '../../src/platforms/social-a/samples.js';
import type { FaultKind, Gateway } from './operations.js';

/** The next cursor a REST answer offers (`cursor` at the top, or under `data`), or null. */
const nextCursor = (body: any): string | null => {
  const c = body?.cursor ?? body?.data?.cursor ?? null;
  return c === null ? null : String(c);
};

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Secondary's faults and a next page's own, for request `target`; `firstPage`: the demo's answer to each request of the first page. */
function pageFaults(firstPage: Map<string, RecordedResponse>, target: string): FaultKind[] {
  const endpoint = (key: string) => key.split('?')[0];
  return [
    ...FAULTS,
    {
      name: '400 (cursor no longer accepted)',
      answer: withFault({ kind: 'status', status: 400, headers: JSON_HEADERS, body: '{"error":"InvalidRequest","message":"bad cursor"}' }),
      failsEssential: true,
    },
    {
      name: '410 (cursor expired)',
      answer: withFault({ kind: 'status', status: 410, headers: JSON_HEADERS, body: '{"error":"Gone"}' }),
      failsEssential: true,
    },
    {
      name: 'the first page again',
      answer: (recorded) => {
        // The demo's own answer to this endpoint on the first page (its key, or the first with its path).
        const same = [...firstPage.keys()].find((k) => endpoint(k) === endpoint(target));
        return same ? firstPage.get(same)! : recorded;
      },
      failsEssential: false,
    },
  ];
}

const paginated = allOperations().filter((op) => allParams(op).some((p) => p.name === 'cursor'));

describe.concurrent('every next page, each upstream request failing in turn: a typed error or a correct page', () => {
  for (const op of paginated) {
    it(`${op.field}: the next page's requests failing in turn`, async (ctx) => {
      const probe = await startGateway(ANSWERING_ENV);
      let cursor: string | null;
      try {
        cursor = nextCursor((await call(probe, restExamplePath(op))).body);
      } finally {
        await probe.close();
      }
      if (cursor === null) ctx.skip(`${op.field}'s demo data has no second page`);
      const problems = await eachFault(
        pageFaults(new Map(), ''),
        (gw) => nextPageOf(op, cursor!, gw),
        (fault, gw, page) => nextPageFailing(op, fault.name, gw, page),
      );
      expect(problems, problems.join('\n')).toEqual([]);
    }, 180_000);
  }
});

/** The next page as `gw` reads it: its path, the first page's answers, its own requests and those every later read makes. */
interface NextPage {
  path: string;
  cursor: string;
  firstPage: Map<string, RecordedResponse>;
  requests: string[];
  steady: Set<string>;
}

async function nextPageOf(op: OperationDef, cursor: string, gw: Gateway): Promise<NextPage> {
  const first = await call(gw, restExamplePath(op));
  expect(nextCursor(first.body)).toBe(cursor);
  const firstPage = new Map(gw.recorded);
  const path = `${restExamplePath(op)}&cursor=${encodeURIComponent(cursor)}`;
  const from = gw.h.replay.hits().length;
  const { clean, steady } = await exampleRequests(gw, op.field, path);
  // The next page's own requests (the first page's are not made again).
  const requests = [...new Set(gw.h.replay.hits().slice(from).map(requestKey))];
  expect(nextCursor(clean.body), `${op.field}'s second page returns its own cursor`).not.toBe(cursor);
  return { path, cursor, firstPage, requests, steady };
}

/** The next page with each of its requests answering the fault named `faultName` in turn: what was wrong. */
async function nextPageFailing(op: OperationDef, faultName: string, gw: Gateway, page: NextPage): Promise<string[]> {
  const { path, cursor, firstPage, requests, steady } = page;
  const problems: string[] = [];
  for (const target of requests) {
    const fault = pageFaults(firstPage, target).find((f) => f.name === faultName)!;
    const fresh = steady.has(target) ? null : await startGateway(envFor(fault));
    const g = fresh ?? gw;
    try {
      const { a, wrong } = await callAltered(g, path, target, fault.answer);
      const essential = isEssential(op.field, target);
      if (essential && fault.failsEssential && a.status === 200) wrong.push('an essential request failed and a page came back');
      if (!essential && a.status !== 200) wrong.push('a secondary request failed the whole read');
      if (a.status === 200 && nextCursor(a.body) === cursor) wrong.push('the page offers its own cursor as next (an endless chain)');
      if (wrong.length) problems.push(`${target}\n    → ${a.status} ${a.code ?? ''}: ${wrong.join('; ')}`);
      await expectNoOpenExchanges(g.exchanges);
    } finally {
      await fresh?.close();
    }
  }
  return problems;
}

// Where the first page is another endpoint's answer (an HTML page), "the first page again" leaves
// the next page's request as it was: the loop is written here, in the platform's own answer shape
// (its samples.ts, our own answers): the later page naming as its end cursor the one it was asked with.
describe('a later page naming the end cursor it was asked with (the upstream looping)', () => {
  it('socialAEvents: the GraphQL page after AQHRcity1 saying AQHRcity1 again is the last page, never its own cursor', async () => {
    const op = allOperations().find((o) => o.field === 'socialAEvents')!;
    const gw = await startGateway(ANSWERING_ENV);
    try {
      const cursor = nextCursor((await call(gw, restExamplePath(op))).body)!;
      const path = `${restExamplePath(op)}&cursor=${encodeURIComponent(cursor)}`;
      const looping = socialA.cityEventsGraphql(socialA.CITY_ID, {
        events: socialA.CITY_EVENTS_PAGE_2,
        endCursor: 'AQHRcity1',
        hasNext: true,
      });
      const { a, wrong } = await callAltered(gw, path, 'POST www.facebook.com/api/graphql/', (recorded) =>
        answeredWith(recorded, { body: looping }),
      );
      expect(wrong).toEqual([]);
      expect(a.status).toBe(200);
      expect(a.body.events.length).toBeGreaterThan(0);
      expect(nextCursor(a.body)).toBeNull();
    } finally {
      await gw.close();
    }
  });
});
