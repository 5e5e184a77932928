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
 * GraphQL asks the operation beside a sibling root field of another platform, and each with its
 * `json`: where REST answers a record, the field carries no error and its `json` is REST's record
 * (a typed field the failed request feeds, non-null in the schema, would null the whole record, a
 * sibling's value included, with an error), and the sibling is its clean self whatever the fault.
 *
 * Faults: on a secondary request (one ESSENTIAL does not name), every fault of secondary.test.ts
 * (FAULTS: 500, 503, 404, 429, block pages, half a body, malformed JSON, a hang, a reset, an empty
 * 200, redirects); on an essential one a 500 and no answer at all (past the headers timeout). The
 * example runs against the demo's own answers (src/demo/routes.ts), as in secondary.test.ts, whose
 * plumbing this shares; a request only a gateway's first run makes (a public token) is left to
 * that file.
 */
import { describe, expect, it } from 'vitest';
import { graphqlExample, restExamplePath } from '../../src/demo/examples.js';
import { allOperations } from '../../src/gateway.js';
import { buildSchema } from '../../src/graphql/schema.js';
import type { RecordedResponse, ReplayRequest } from '../../src/replay/server.js';
import type { OperationDef } from '../../src/platforms/operation.js';
import { call as jobCall, ndjson, waitFinal } from '../jobs/helpers.js';
import { ESSENTIAL, FAULTS, callAltered, eachFault, exampleRequests, isEssential } from './operations.js';
import type { Gateway } from './operations.js';

/**
 * The faults an essential request answers with. `env`: the gateway's settings — ENV's short
 * deadlines where the request hangs (they end it), and ANSWERING_ENV's where every request is
 * answered: on a loaded machine the clean example call of a gateway with ENV's 1 s ran past it and
 * was answered 504 (audioCArtistTracks, 2026-12-01).
 */
const ESSENTIAL_FAULTS = new Set(['500', 'hang']);

const schema = buildSchema();
const several = allOperations().filter((op) => op.platform !== 'discovery' && ESSENTIAL[op.field]);

/** `target` answered by `answer` while `run` runs: what it returned and what the ledger spent meanwhile. */
async function whileAltered<T>(
  g: Gateway,
  target: string,
  answer: (recorded: RecordedResponse, req: ReplayRequest) => RecordedResponse,
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

/** A root field asked beside the operation: one request of another platform, its example's arguments. */
function siblingOf(op: OperationDef): OperationDef {
  const other = allOperations().find((o) => o.platform !== op.platform && o.platform !== 'discovery' && !ESSENTIAL[o.field] && !o.needs);
  if (!other) throw new Error('no operation of another platform to ask beside');
  return other;
}

/** The root field's line of `graphqlExample` (`field(args)`), its selection left out. */
const rootLine = (o: OperationDef) =>
  graphqlExample(o, schema)
    .split('\n')[1]
    .trim()
    .replace(/\s*\{$/, '');

/** The operation's GraphQL example with its `json`, and the sibling (`sibling: …{ json }`) beside it. */
function queryWithSibling(op: OperationDef, sibling: OperationDef): string {
  const example = graphqlExample(op, schema).split('\n');
  if (!example[1].trimEnd().endsWith('{')) throw new Error(`${op.field}'s example selects nothing`);
  example.splice(2, 0, '    json');
  example.splice(example.length - 1, 0, `  sibling: ${rootLine(sibling)} { json }`);
  return example.join('\n');
}

/** The record a REST body carries (its envelope left out; under `rest.wrap` when set). */
function restRecord(op: OperationDef, body: Record<string, unknown>): unknown {
  const { success: _s, credits_remaining: _r, credits_charged: _c, cached: _k, cached_at: _a, ...record } = body;
  return op.rest.wrap ? record[op.rest.wrap] : record;
}

/** The credits GraphQL's `extensions.credits` says the root field at `path` was charged. */
const fieldCharged = (body: any, path: string): number =>
  (body?.extensions?.credits?.fields ?? []).find((f: { path: string }) => f.path === path)?.charged ?? 0;

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
    it(`${op.field}: each secondary request answering ${FAULTS.map((f) => f.name).join(', ')}; each essential one ${[...ESSENTIAL_FAULTS].join(', ')}`, async () => {
      const problems = await eachFault(
        FAULTS,
        (g) => cleanExample(op, g),
        (fault, g, example) => facesOf(op, g, fault, example),
      );
      expect(problems, problems.join('\n')).toEqual([]);
    }, 600_000);
  }
});

/** The example's steady requests on `g` and the sibling root field's clean answer beside it. */
interface CleanExample {
  steady: string[];
  cleanSibling: string;
}

async function cleanExample(op: OperationDef, g: Gateway): Promise<CleanExample> {
  const sibling = siblingOf(op);
  const { requests, steady } = await exampleRequests(g, op.field, restExamplePath(op));
  const clean = await g.h.gql(queryWithSibling(op, sibling), { key: g.key, raw: true });
  expect(clean.body?.errors, `${op.field} beside ${sibling.field}: ${JSON.stringify(clean.body?.errors)}`).toBeUndefined();
  return { steady: requests.filter((r) => steady.has(r)), cleanSibling: JSON.stringify(clean.body.data.sibling.json) };
}

/** The example's steady requests on `g`, each answering `fault` in turn (essential ones only ESSENTIAL_FAULTS): what GraphQL and a job got wrong. */
async function facesOf(op: OperationDef, g: Gateway, fault: (typeof FAULTS)[number], example: CleanExample): Promise<string[]> {
  const path = restExamplePath(op);
  const sibling = siblingOf(op);
  const query = queryWithSibling(op, sibling);
  const url = new URL(path, 'http://gateway');
  const item = Object.fromEntries(url.searchParams);
  const answer = fault.answer;
  const problems: string[] = [];
  const { cleanSibling } = example;
  for (const target of example.steady) {
    const essential = isEssential(op.field, target);
    if (essential && !ESSENTIAL_FAULTS.has(fault.name)) continue;
    const { a, wrong } = await callAltered(g, path, target, answer);
    const label = `${fault.name} on ${essential ? 'essential' : 'secondary'} ${target.slice(0, 120)} (REST ${a.status} ${a.code ?? ''})`;

    const gql = await whileAltered(g, target, answer, () => g.h.gql(query, { key: g.key, raw: true }));
    const { status, body } = gql.out;
    const errors: any[] = body?.errors ?? [];
    const mine = errors.filter((e) => e?.path?.[0] === op.field);
    const code = mine[0]?.extensions?.code ?? null;
    const charged = fieldCharged(body, op.field);
    if (status !== 200) wrong.push(`GraphQL at HTTP ${status}`);
    if (code !== a.code)
      wrong.push(`GraphQL error ${code}${mine[0] ? ` at ${mine[0].path?.join('.')}: ${String(mine[0].message).slice(0, 120)}` : ''}`);
    if (mine.length > 1) wrong.push(`GraphQL: ${mine.length} errors on ${op.field}`);
    if ((body?.data?.[op.field] == null) !== (a.status !== 200)) wrong.push(`GraphQL data ${JSON.stringify(body?.data)?.slice(0, 80)}`);
    if (a.status === 200 && JSON.stringify(body?.data?.[op.field]?.json) !== JSON.stringify(restRecord(op, a.body)))
      wrong.push(`GraphQL's json differs from REST's record: ${JSON.stringify(body?.data?.[op.field]?.json)?.slice(0, 160)}`);
    if (errors.some((e) => e?.path?.[0] === 'sibling') || JSON.stringify(body?.data?.sibling?.json) !== cleanSibling)
      wrong.push(`the sibling root field ${sibling.field} changed: ${JSON.stringify(body?.data?.sibling)?.slice(0, 120)}`);
    if (charged !== a.charged) wrong.push(`GraphQL charged ${charged}`);
    const total = body?.extensions?.credits?.charged ?? 0;
    if (gql.spent !== total) wrong.push(`GraphQL: the ledger spent ${gql.spent}, the answer says ${total}`);

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
    if (job.out.done.credits_charged !== (line?.credits_charged ?? 0)) wrong.push(`the job charged ${job.out.done.credits_charged}`);
    if (job.spent !== job.out.done.credits_charged)
      wrong.push(`job: the ledger spent ${job.spent}, the job says ${job.out.done.credits_charged}`);

    if (wrong.length) problems.push(`${label}: ${wrong.join('; ')}`);
  }
  return problems;
}
