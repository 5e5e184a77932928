/**
 * The /v1 contract as data (src/rest/contract.ts, each platform's schema.ts): /openapi.json types
 * every response (no bare object), its JSON Schema accepts exactly what the zod schemas accept on
 * the demo's answers, and a body that drifts — an undocumented field on a strict record, a
 * missing field, a null where the schema says never — is refused, by zod and by the JSON Schema.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/app.js';
import { allOperations, modules } from '../src/gateway.js';
import { createHealthView, statusWire } from '../src/observability/health.js';
import type { OperationDef } from '../src/platforms/operation.js';
import { bodyProblems, responseName } from '../src/rest/contract.js';
import { responseExample } from '../src/rest/openapi.js';
import { checkRestContract } from './contract.js';

type Json = Record<string, any>;

const doc = openApiDocument() as Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(doc, 'openapi');
const jsonSchemaOf = (op: OperationDef) => ajv.getSchema(`openapi#/components/schemas/${responseName(op)}`)!;

/** The demo's answer to the operation's example, copied (tests mutate it). */
const example = (op: OperationDef): Json => structuredClone(responseExample(op)) as Json;
/** The record inside a body: under `rest.wrap`, or the body itself. */
const recordOf = (op: OperationDef, body: Json): Json => (op.rest.wrap ? body[op.rest.wrap] : body);
const ENVELOPE = new Set(['success', 'credits_remaining', 'credits_charged', 'cached', 'cached_at']);

/** Routes whose record itself carries "and more" upstream fields at top level (api.md). */
const LOOSE_AT_TOP = new Set(['microblogBTweet']);

/** Every JSON Schema node of a document, with where it is. */
function* nodes(v: unknown, at: string): Generator<[string, Json]> {
  if (Array.isArray(v)) for (const [i, x] of v.entries()) yield* nodes(x, `${at}/${i}`);
  else if (v && typeof v === 'object') {
    yield [at, v as Json];
    for (const [k, x] of Object.entries(v)) if (k !== 'example') yield* nodes(x, `${at}/${k}`);
  }
}

describe('/openapi.json types every response', () => {
  it("each route's 200 refers to its body schema; errors to the Error schema", () => {
    for (const op of allOperations()) {
      const get = doc.paths[op.rest.path].get;
      expect(get.responses['200'].content['application/json'].schema, op.rest.path).toEqual({
        $ref: `#/components/schemas/${responseName(op)}`,
      });
      expect(doc.components.schemas[responseName(op)], op.rest.path).toBeDefined();
      for (const status of ['400', '401', '402', '404', '502', '504']) {
        const ref = get.responses[status].$ref as string;
        expect(doc.components.responses[ref.split('/').pop()!].content['application/json'].schema).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
    }
  });

  it("every status docs/behaviour.md's error table gives any operation is documented on each operation's route", () => {
    // 501 NOT_CONFIGURED is left out: only an operation that `needs` a setting answers it (documented there).
    const statuses = ['400', '401', '402', '403', '404', '429', '502', '503', '504'];
    for (const op of allOperations()) {
      const responses = doc.paths[op.rest.path].get.responses;
      expect(
        statuses.filter((s) => !responses[s]),
        op.rest.path,
      ).toEqual([]);
    }
  });

  it('components in name order: the document does not depend on which module a process imported first', () => {
    const names = Object.keys(doc.components.schemas);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('no schema is a bare object: every object lists its properties or what its members are', () => {
    const bare = [...nodes(doc.components.schemas, '#/components/schemas')].filter(
      ([, n]) => n.type === 'object' && n.properties === undefined && n.additionalProperties === undefined,
    );
    expect(bare.map(([at]) => at)).toEqual([]);
  });

  it('every $ref resolves', () => {
    for (const [at, n] of nodes(doc, '#')) {
      if (typeof n.$ref !== 'string') continue;
      const target = n.$ref
        .slice(2)
        .split('/')
        .reduce((o: Json | undefined, k: string) => o?.[k], doc);
      expect(target, `${at}: ${n.$ref}`).toBeDefined();
    }
  });

  it('records are strict except where api.md says they carry more', () => {
    // additionalProperties other than false: a record that lets undocumented fields through.
    const open = Object.entries(doc.components.schemas as Record<string, Json>)
      .filter(([name, s]) => s.type === 'object' && s.additionalProperties !== false && name !== 'Envelope')
      .map(([name]) => name)
      .sort();
    // Forum user, subreddit and thread comment: Reddit's own t2 / t5 / t1 objects passed through as
    // its post is (src/platforms/forum/README.md), their documented fields typed.
    expect(open).toEqual([
      'ForumComment',
      'ForumPost',
      'ForumSubreddit',
      'ForumThreadComment',
      'ForumUser',
      'MicroblogBTweet',
      'MicroblogCPost',
    ]);
  });
});

describe("the demo's answers are examples of their schemas", () => {
  for (const op of allOperations()) {
    it(`${op.rest.path}: zod and the JSON Schema both accept the example`, () => {
      const body = example(op);
      expect(body, 'no example recorded: run npx vitest run test/demo-routes.test.ts -u').toBeDefined();
      expect(bodyProblems(op, body)).toEqual([]);
      const validate = jsonSchemaOf(op);
      expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    });
  }
});

describe('a body that drifts from its schema is refused', () => {
  for (const op of allOperations()) {
    it(`${op.rest.path}: an undocumented field, a missing field, a wrong type`, () => {
      const validate = jsonSchemaOf(op);
      const refused = (body: Json, why: string) => {
        expect(bodyProblems(op, body), why).not.toEqual([]);
        expect(validate(body), `JSON Schema: ${why}`).toBe(false);
      };

      const extra = example(op);
      recordOf(op, extra).field_nobody_documented = 1;
      if (LOOSE_AT_TOP.has(op.field)) {
        expect(bodyProblems(op, extra)).toEqual([]);
        expect(validate(extra)).toBe(true);
      } else refused(extra, 'an undocumented field');

      const key = Object.keys(recordOf(op, example(op))).find((k) => !ENVELOPE.has(k))!;
      const missing = example(op);
      delete recordOf(op, missing)[key];
      refused(missing, `${key} missing`);

      const wrong = example(op);
      recordOf(op, wrong)[key] = { not: 'this' };
      refused(wrong, `${key} of another type`);

      const envelope = example(op);
      delete envelope.credits_charged;
      refused(envelope, 'no credits_charged');
    });
  }

  it('a null where the schema says never (the record id) is refused, where it says nullable accepted', () => {
    const op = allOperations().find((o) => o.field === 'codeRepository')!;
    const body = example(op);
    body.repository.description = null;
    expect(bodyProblems(op, body)).toEqual([]);
    body.repository.full_name = null;
    expect(bodyProblems(op, body)).toEqual(['repository.full_name: Invalid input: expected string, received null']);
  });

  it('the test clients throw on drift, naming the route and the field', () => {
    const op = allOperations().find((o) => o.field === 'codeRepository')!;
    const body = example(op);
    expect(() => checkRestContract('/v1/code/repository?url=x', 200, body)).not.toThrow();
    body.repository.stargazers_count = 3;
    expect(() => checkRestContract('/v1/code/repository?url=x', 200, body)).toThrow(/\/v1\/code\/repository.*\n.*stargazers_count/);
    // Errors have their schema too.
    expect(() =>
      checkRestContract('/v1/code/repository', 404, { success: false, error: { code: 'NOT_FOUND', message: 'gone' } }),
    ).not.toThrow();
    expect(() => checkRestContract('/v1/code/repository', 404, { success: false, error: { code: 'GONE', message: 'gone' } })).toThrow(
      /error\.code/,
    );
  });
});

describe("the gateway's own /v1 routes", () => {
  it('every one a module serves is in /openapi.json (README: "/openapi.json: every /v1 route")', () => {
    const served = modules.flatMap((m) => m.routes.filter((r) => r.path.startsWith('/v1/') && !r.prefix).map((r) => r.path));
    expect(served).toContain('/v1/status');
    expect(served.filter((p) => !doc.paths[p])).toEqual([]);
  });

  it("GET /v1/status's body is what its schema says, every field in use (a request, an error, a block, a canary, a warning)", () => {
    let t = Date.parse('2026-12-01T12:00:00Z');
    const health = createHealthView({ windowMs: 300_000, now: () => t });
    health.record('code', 'ok', 12.4);
    health.record('code', 'failed', 30, { code: 'UPSTREAM_FAILED', message: 'HTTP 500' });
    health.recordBlock('code', 'cloudflare');
    health.recordWarning('code', 'repository.description');
    health.recordCanary('code', {
      label: 'code',
      target: 'https://github.com/nodejs/node',
      ok: false,
      outcome: 'timeout',
      checkedAt: new Date(t).toISOString(),
      latencyMs: 20_000,
      error: { code: 'UPSTREAM_TIMEOUT', message: 'too slow' },
    });
    t += 1_000;
    const body = statusWire(health.snapshot(['code', 'video']));
    // Its own validator: the schema has no $ref, and `format` is annotation only (not a dependency's to check).
    const validate = new Ajv2020({ strict: false, allErrors: true, validateFormats: false }).compile(
      doc.paths['/v1/status'].get.responses['200'].content['application/json'].schema,
    );
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    // A field the schema does not name is refused (the schema is strict, as the records are).
    const drift = structuredClone(body) as Json;
    drift.platforms[0].blocks.by_source[0].share = 1;
    expect(validate(drift)).toBe(false);
  });
});
