/**
 * The operations that make more than one upstream request (ESSENTIAL in ./operations.ts; the
 * creator tools aside), each of their example's requests failing in turn, seen through GraphQL
 * and a one-item bulk job beside REST: each face must give what REST gives.
 *
 * secondary.test.ts holds REST to the rule (an essential request's failure is a typed error at 0
 * credits, any other's a degraded record at the live price); this file holds the other faces to
 * REST's answer for the same fault on the same request:
 * - GraphQL: HTTP 200; the same error code at 0 credits (the field null), or the record (no
 *   error) at the same charge;
 * - a bulk job (POST /v1/jobs with the example's parameters as its one item): its result line has
 *   REST's status, code and charge, and a record's body is REST's (credits_remaining aside), so a
 *   degraded record is degraded the same way; the job's credits_charged is the line's;
 * and on every face the ledger moves by what the answer says was charged.
 *
 * Faults: a 500 and no answer at all (past the headers timeout). The example runs against the
 * demo's own answers (src/demo/routes.ts), as in secondary.test.ts, whose plumbing this shares; a
 * request only a gateway's first run makes (a public token) is left to that file.
 */
import { describe, expect, it } from 'vitest';
import { graphqlExample, restExamplePath } from '../../src/demo/examples.js';
import { allOperations } from '../../src/gateway.js';
import { buildSchema } from '../../src/graphql/schema.js';
import type { Fault, RecordedResponse } from '../../src/replay/server.js';
import { call as jobCall, ndjson, waitFinal } from '../jobs/helpers.js';
import { ANSWERING_ENV, ENV, ESSENTIAL, callAltered, exampleRequests, isEssential, startGateway } from './operations.js';
import type { Gateway } from './operations.js';
import { HTML } from './pages.js';

/**
 * `env`: the gateway's settings — ENV's short deadlines where the request hangs (they end it), and
 * ANSWERING_ENV's where every request is answered: on a loaded machine the clean example call of
 * a gateway with ENV's 1 s ran past it and was answered 504 (audioCArtistTracks, 2026-12-01).
 */
const FAULTS: { name: string; fault: Fault; env: Record<string, string> }[] = [
  {
    name: '500',
    fault: { kind: 'status', status: 500, headers: HTML, body: '<html><body>Internal Server Error</body></html>' },
    env: ANSWERING_ENV,
  },
  { name: 'hang', fault: { kind: 'timeout' }, env: ENV },
];

const schema = buildSchema();
const several = allOperations().filter((op) => op.platform !== 'discovery' && ESSENTIAL[op.field]);

/** `target` answered by `answer` while `run` runs: what it returned and what the ledger spent meanwhile. */
async function whileAltered<T>(
  g: Gateway,
  target: string,
  answer: (recorded: RecordedResponse) => RecordedResponse,
  run: () => Promise<T>,
): Promise<{ out: T; spent: number }> {
  const balance = await g.h.balance(g.id);
  Object.assign(g.altered, { target, answer, hits: 0 });
  try {
    const out = await run();
    return { out, spent: balance - (await g.h.balance(g.id)) };
  } finally {
    g.altered.answer = null;
  }
}

const withoutBalance = (body: unknown) => {
  if (body === null || typeof body !== 'object') return body;
  const { credits_remaining: _remaining, ...rest } = body as Record<string, unknown>;
  return rest;
};

describe.concurrent('operations of several requests, each request failing in turn: GraphQL and a bulk job answer as REST does', () => {
  it('covers the operations that declare their essential requests', () => {
    expect(several.length).toBeGreaterThan(10);
  });

  for (const op of several) {
    it(`${op.field}: each request answering ${FAULTS.map((f) => f.name).join(', ')}`, async () => {
      const path = restExamplePath(op);
      const query = graphqlExample(op, schema);
      const url = new URL(path, 'http://gateway');
      const item = Object.fromEntries(url.searchParams);
      const problems: string[] = [];
      for (const { name, fault, env } of FAULTS) {
        const answer = (recorded: RecordedResponse) => ({ ...recorded, fault });
        const g = await startGateway(env);
        try {
          const { requests, steady } = await exampleRequests(g, op.field, path);
          for (const target of requests.filter((r) => steady.has(r))) {
            const { a, wrong } = await callAltered(g, path, target, answer);
            const label = `${name} on ${isEssential(op.field, target) ? 'essential' : 'secondary'} ${target.slice(0, 120)} (REST ${a.status} ${a.code ?? ''})`;

            const gql = await whileAltered(g, target, answer, () => g.h.gql(query, { key: g.key, raw: true }));
            const { status, body } = gql.out;
            const code = body?.errors?.[0]?.extensions?.code ?? null;
            const charged = body?.extensions?.credits?.charged ?? 0;
            if (status !== 200) wrong.push(`GraphQL at HTTP ${status}`);
            if (code !== a.code) wrong.push(`GraphQL error ${code}`);
            if ((body?.data?.[op.field] == null) !== (a.status !== 200))
              wrong.push(`GraphQL data ${JSON.stringify(body?.data)?.slice(0, 80)}`);
            if (charged !== a.charged) wrong.push(`GraphQL charged ${charged}`);
            if (gql.spent !== charged) wrong.push(`GraphQL: the ledger spent ${gql.spent}, the answer says ${charged}`);

            const job = await whileAltered(g, target, answer, async () => {
              const created = await jobCall(g.h, 'POST', '/v1/jobs', { key: g.key, body: { operation: url.pathname, items: [item] } });
              expect(created.status, created.text).toBe(202);
              const done = await waitFinal(g.h, g.key, created.body.job.id);
              const results = await jobCall(g.h, 'GET', `/v1/jobs/${done.id}/results`, { key: g.key });
              return { done, lines: ndjson(results.text) };
            });
            const [line] = job.out.lines;
            if (job.out.lines.length !== 1) wrong.push(`the job has ${job.out.lines.length} result lines`);
            else {
              if (line.status !== a.status || line.code !== a.code) wrong.push(`the job item is ${line.status} ${line.code}`);
              if (line.credits_charged !== a.charged) wrong.push(`the job item charged ${line.credits_charged}`);
              if (a.status === 200 && JSON.stringify(withoutBalance(line.body)) !== JSON.stringify(withoutBalance(a.body)))
                wrong.push(`the job item's body differs from REST's: ${JSON.stringify(line.body).slice(0, 160)}`);
            }
            if (job.out.done.credits_charged !== (line?.credits_charged ?? 0))
              wrong.push(`the job charged ${job.out.done.credits_charged}`);
            if (job.spent !== job.out.done.credits_charged)
              wrong.push(`job: the ledger spent ${job.spent}, the job says ${job.out.done.credits_charged}`);

            if (wrong.length) problems.push(`${label}: ${wrong.join('; ')}`);
          }
        } finally {
          await g.close();
        }
      }
      expect(problems, problems.join('\n')).toEqual([]);
    }, 180_000);
  }
});
