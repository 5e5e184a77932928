/**
 * `npm run demo` answers every /v1 route: each operation's example (the banner's, OpenAPI's
 * parameter examples, GraphiQL's saved tabs) runs against the demo data through the real
 * gateway, and both creator tools find the demo creators' profiles and addresses — never the
 * decoys'. A request the demo has no data for says so (never NOT_FOUND); other replay servers'
 * misses keep meaning what the platform makes of them. An operation that `needs` an operator
 * setting (blog: TUMBLR_API_KEY) answers exactly 501 NOT_CONFIGURED in the demo, which has no
 * operator settings; given the setting (`TUMBLR_API_KEY=… npm run demo`) it answers its example
 * from the demo data, and that answer is its OpenAPI example.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COVERAGE, graphiqlTabs, REST_EXAMPLES, restExamplePath } from '../src/demo/examples.js';
import { demoRoutes } from '../src/demo/routes.js';
import SERVED from '../src/demo/responses.json' with { type: 'json' };
import { DECOYS, RAVI, TALA } from '../src/demo/web.js';
import { buildSchema } from '../src/graphql/schema.js';
import { allParams } from '../src/platforms/operation.js';
import { allOperations } from '../src/gateway.js';
import { onParserWarning } from '../src/observability/warn.js';
import { startHarness } from './harness.js';
import type { Harness } from './harness.js';

const ENVELOPE = new Set(['success', 'credits_remaining', 'credits_charged', 'cached', 'cached_at']);

/** Whether a value holds data: not null, not an empty string, array or object. */
function hasData(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return false;
  if (Array.isArray(v)) return v.some(hasData);
  if (typeof v === 'object') return Object.values(v as Record<string, unknown>).some(hasData);
  return true;
}

let h: Harness;
let key: string;
/** The demo with every operator setting an operation `needs` given (any value: the demo checks none). */
let configured: Harness;
let configuredKey: string;
const SETTINGS = Object.fromEntries(allOperations().flatMap((op) => (op.needs ? [[op.needs, 'demo-setting-value']] : [])));

/**
 * The shipped upstream timeouts, not the fault suites' short ones (test/harness.ts): these answers
 * are the demo's own data recorded, not a timing test — on a loaded machine a discovery read past
 * 1.5 s made findCreators' recorded answer `partial` and failed the snapshot without a defect.
 */
const SHIPPED_TIMEOUTS = { UPSTREAM_TOTAL_TIMEOUT_MS: '20000', UPSTREAM_HEADERS_TIMEOUT_MS: '10000', UPSTREAM_BODY_TIMEOUT_MS: '10000' };

beforeAll(async () => {
  h = await startHarness({ routes: demoRoutes(), env: { DEMO_COVERAGE, ...SHIPPED_TIMEOUTS } });
  key = (await h.key(10_000)).key;
  configured = await startHarness({ routes: demoRoutes(), env: { DEMO_COVERAGE, ...SHIPPED_TIMEOUTS, ...SETTINGS } });
  configuredKey = (await configured.key(10_000)).key;
});
afterAll(async () => {
  await h?.close();
  await configured?.close();
});

/**
 * OpenAPI's example of an answer: the demo's, each list cut to its first EXAMPLE_ITEMS items (a
 * first page of 100 repositories made /openapi.json 850 KB; the items left show the shape).
 */
const EXAMPLE_ITEMS = 5;
function shortenLists(value: unknown): any {
  if (Array.isArray(value)) return value.slice(0, EXAMPLE_ITEMS).map(shortenLists);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shortenLists(v)]));
  return value;
}
describe('every /v1 route answers its example from the demo data', () => {
  it('every operation has an example naming only its own parameters, with every required one', () => {
    for (const op of allOperations()) {
      const names = allParams(op).map((p) => p.name);
      for (const k of Object.keys(op.example)) expect(names, `${op.field}: ${k}`).toContain(k);
      for (const p of op.params.filter((x) => x.required)) expect(op.example, `${op.field}: ${p.name}`).toHaveProperty(p.name);
    }
    expect(REST_EXAMPLES.map((e) => e.op.field)).toEqual(allOperations().map((op) => op.field));
  });

  it("OpenAPI carries each example as its parameters' examples", async () => {
    const doc = (await h.rest('/openapi.json')).body;
    for (const op of allOperations()) {
      const params = doc.paths[op.rest.path].get.parameters as { name: string; example?: unknown }[];
      const fromDoc = Object.fromEntries(params.filter((p) => p.example !== undefined).map((p) => [p.name, p.example]));
      expect(fromDoc, op.rest.path).toEqual(op.example);
    }
  });

  /** Each route's answer, as /openapi.json shows it for its example (credits as a fresh 1000-credit demo key sees them). */
  const answers: Record<string, unknown> = {};

  for (const op of allOperations()) {
    it(`${op.rest.path}: 200 with a record${op.needs ? ` given ${op.needs}; without it 501 NOT_CONFIGURED at 0 credits` : ''}`, async () => {
      if (op.needs) {
        const { key: k, id } = await h.key(5);
        const plain = await h.rest(restExamplePath(op), { key: k });
        expect(plain.status, JSON.stringify(plain.body)).toBe(501);
        expect(plain.body.error.code).toBe('NOT_CONFIGURED');
        expect(plain.body.error.message).toContain(op.needs);
        expect(await h.balance(id)).toBe(5);
      }
      // h.rest checks the body against the route's schema (test/contract.ts). The demo's own data
      // lacks no field its parser looks for: no parser warning (a retail-shop storefront without
      // its image answered avatar null, an outside contract audit).
      const warned: string[] = [];
      const stop = onParserWarning((platform, field) => warned.push(`${platform}:${field}`));
      const r = await (
        op.needs ? configured.rest(restExamplePath(op), { key: configuredKey }) : h.rest(restExamplePath(op), { key })
      ).finally(stop);
      expect(warned, op.rest.path).toEqual([]);
      expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
      expect(r.body.success).toBe(true);
      const record = Object.fromEntries(Object.entries(r.body).filter(([k]) => !ENVELOPE.has(k)));
      expect(hasData(record), JSON.stringify(r.body).slice(0, 300)).toBe(true);
      answers[op.field] = shortenLists({ ...r.body, credits_remaining: 1000 - r.body.credits_charged });
    });
  }

  it("OpenAPI shows each route's answer as its 200 example (src/demo/responses.json is fresh: `npx vitest run test/demo-routes.test.ts -u` rewrites it)", async () => {
    expect(Object.keys(answers)).toEqual(allOperations().map((op) => op.field));
    // The file holds this run's answers (a `-u` run writes them there)…
    await expect(`${JSON.stringify(answers, null, 2)}\n`).toMatchFileSnapshot('../src/demo/responses.json');
    // …and /openapi.json serves the file, as the gateway read it at start-up (SERVED: the same
    // import). Compared with that rather than with `answers`, so that the `-u` run that rewrites the
    // file passes in one go; without -u the snapshot above has shown the file to be `answers`.
    const doc = (await h.rest('/openapi.json')).body;
    for (const op of allOperations()) {
      expect(doc.paths[op.rest.path].get.responses['200'].content['application/json'].example, op.rest.path).toEqual(
        (SERVED as Record<string, unknown>)[op.field],
      );
    }
  });

  it("GraphiQL's saved example operations all answer with data and no errors", async () => {
    const tabs = graphiqlTabs(buildSchema(), key);
    expect(tabs.length).toBe(allOperations().length + 2);
    expect(tabs.some((t) => t.query.includes('@defer') && t.query.includes('@stream'))).toBe(true);
    for (const tab of tabs) {
      expect(JSON.parse(tab.headers)).toEqual({ 'x-api-key': key });
      const r = await h.gql(tab.query, { key });
      expect(r.status, tab.query).toBe(200);
      const needs = allOperations().find(
        (op) => op.needs && tab.query.startsWith(`query ${op.field[0].toUpperCase()}${op.field.slice(1)}Example `),
      );
      if (needs) {
        // The demo has no operator settings: exactly NOT_CONFIGURED, then the data given the setting.
        expect(
          r.body.errors?.map((e: { extensions?: { code?: string } }) => e.extensions?.code),
          tab.query,
        ).toEqual(['NOT_CONFIGURED']);
        const given = await configured.gql(tab.query, { key: configuredKey });
        expect(given.body.errors, tab.query).toBeUndefined();
        expect(hasData(given.body.data), tab.query).toBe(true);
        continue;
      }
      expect(r.body.errors, tab.query).toBeUndefined();
      expect(hasData(r.body.data), tab.query).toBe(true);
    }
  });
});

describe('the creator tools on the demo creator web', () => {
  it('find-social-profiles: the creator on every source platform, each with evidence; no decoy', async () => {
    const op = allOperations().find((o) => o.field === 'findSocialProfiles')!;
    const r = await h.rest(restExamplePath(op), { key });
    expect(r.status).toBe(200);
    const profiles = r.body.profiles as { platform: string; handle: string; url: string; evidence: string[]; confidence: number }[];
    expect(profiles[0]).toMatchObject({ platform: 'social-b', handle: TALA.socialB, evidence: ['source_profile'] });
    const found = new Set(profiles.map((p) => p.platform));
    for (const platform of ['shortvideo', 'video', 'microblog-b', 'social-a']) expect(found, platform).toContain(platform);
    for (const p of profiles.slice(1)) {
      expect(p.evidence.length, p.url).toBeGreaterThan(0);
      expect(p.confidence).toBeGreaterThanOrEqual(0.5);
    }
    const urls = profiles.map((p) => p.url.toLowerCase());
    for (const decoy of DECOYS.profileUrls) expect(urls).not.toContain(decoy.toLowerCase());
    // The decoys were looked at (same handle, web search) and turned down.
    expect(r.body.same_handle_candidate_urls).toContain('https://www.youtube.com/@tala.draws');
    expect(r.body.websearch_candidate_urls).toContain('https://www.instagram.com/talaokafor.photo/');
    expect(r.body.partial).toBe(false);
  });

  it("find-creator-emails: the creator's addresses, each with its sources; no decoy's", async () => {
    const op = allOperations().find((o) => o.field === 'findCreatorEmails')!;
    const r = await h.rest(restExamplePath(op), { key });
    expect(r.status).toBe(200);
    expect(r.body.credits_charged).toBe(10);
    const emails = r.body.emails as { email: string; sources: { url: string; type: string }[] }[];
    expect(emails.map((e) => e.email.toLowerCase()).sort()).toEqual([...RAVI.emails].sort());
    for (const e of emails) expect(e.sources.length, e.email).toBeGreaterThan(0);
    expect(new Set(emails.flatMap((e) => e.sources.map((s) => s.type)))).toEqual(
      new Set(['social_profile', 'link_in_bio', 'website', 'linked_profile']),
    );
    const all = JSON.stringify(r.body).toLowerCase();
    for (const decoy of DECOYS.emails) expect(all).not.toContain(decoy);
    expect(r.body.partial).toBe(false);
  });

  it("find-creator-emails from social-b finds Tala Okafor's addresses too", async () => {
    const r = await h.rest(`/v1/find-creator-emails?platform=social-b&handle=${TALA.socialB}`, { key });
    expect(r.status).toBe(200);
    expect(r.body.emails.map((e: { email: string }) => e.email.toLowerCase()).sort()).toEqual([...TALA.emails].sort());
  });
});

describe('a demo miss', () => {
  it('is never NOT_FOUND: UPSTREAM_FAILED saying the demo has no data and what it covers, 0 credits', async () => {
    const { key: k, id } = await h.key(20);
    for (const path of [
      '/v1/social-b/profile?handle=nasa',
      '/v1/microblog-b/tweet?url=https://x.com/nasa/status/1',
      '/v1/find-social-profiles?platform=social-b&handle=nasa',
    ]) {
      const r = await h.rest(path, { key: k });
      expect(r.status, path).toBe(502);
      expect(r.body.error.code, path).toBe('UPSTREAM_FAILED');
      expect(r.body.error.message, path).toMatch(/^The demo has no data for (GET|POST) https:\/\//);
      expect(r.body.error.message, path).toContain(DEMO_COVERAGE);
    }
    expect(await h.balance(id)).toBe(20);
  });

  it("other replay servers' 404s keep their meaning (no DEMO_COVERAGE: the platform's NOT_FOUND)", async () => {
    const plain = await startHarness({ routes: [] });
    try {
      const { key: k } = await plain.key(5);
      const r = await plain.rest('/v1/social-b/profile?handle=nasa', { key: k });
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('NOT_FOUND');
    } finally {
      await plain.close();
    }
  });
});
