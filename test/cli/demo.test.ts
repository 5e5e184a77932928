/**
 * The demo data parses with the real parsers: every example `npm run demo` prints, run through a
 * real gateway against a replay server loaded with demoRoutes(). Then the entry point itself,
 * started as a process, serves an example and stops on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COVERAGE, DEMO_KEY, DEMO_REPOSITORY_URL, GRAPHQL_EXAMPLE, REST_EXAMPLES } from '../../src/demo/examples.js';
import { DEMO_OWNER, DEMO_REPOSITORIES, DEMO_SEARCH_QUERIES, demoRoutes } from '../../src/demo/routes.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { checkRestContract } from '../contract.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The banner's example of one operation. */
const example = (field: string) => REST_EXAMPLES.find((e) => e.op.field === field)!;

describe('demo data through the real gateway', () => {
  let h: Harness;
  let key: string;

  beforeAll(async () => {
    h = await startHarness({ routes: demoRoutes(), env: { DEMO_COVERAGE } });
    key = (await h.key(1000)).key;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('every recorded body file exists', () => {
    const files = demoRoutes().flatMap((route) => (typeof route.response === 'function' ? [] : [route.response.bodyFile]));
    expect(files.filter(Boolean).length).toBeGreaterThan(5);
    for (const file of files) if (file !== undefined) expect(existsSync(file), file).toBe(true);
  });

  it('REST example: repository', async () => {
    const r = await h.rest(example('codeRepository').path, { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      credits_charged: 1,
      repository: {
        full_name: 'creator-lookup-demo/creator-kit',
        name: 'creator-kit',
        url: DEMO_REPOSITORY_URL,
        owner: { login: DEMO_OWNER, type: 'Organization', url: `https://github.com/${DEMO_OWNER}` },
        private: false,
        language: 'TypeScript',
        license: { spdx_id: 'MIT' },
        default_branch: 'main',
        archived: false,
      },
    });
    expect(r.body.repository.stars_count).toBeGreaterThan(0);
    expect(r.body.repository.topics).toContain('typescript');
    expect(r.body.repository.pushed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('REST example: trending TypeScript developers', async () => {
    const r = await h.rest(example('codeTrendingDevelopers').path, { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, since: 'weekly', language: 'typescript' });
    const devs = r.body.developers as Array<Record<string, any>>;
    expect(devs.map((d) => d.rank)).toEqual([1, 2, 3, 4]);
    expect(devs[0]).toMatchObject({
      username: 'kofi-mensah-dev',
      name: 'Kofi Mensah',
      url: 'https://github.com/kofi-mensah-dev',
      popular_repository: { full_name: 'creator-lookup-demo/creator-kit', url: DEMO_REPOSITORY_URL },
    });
    expect(devs[1].name).toBe('Hana Satō');
    for (const d of devs) {
      expect(d.avatar_url).toMatch(/^https:\/\//);
      expect(d.popular_repository.description).toBeTruthy();
    }
  });

  it('REST example: web search (desktop layout)', async () => {
    const r = await h.rest(example('websearchSearch').path, { key });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    const results = r.body.results as Array<{ url: string; title: string; description: string }>;
    expect(results).toHaveLength(6); // the People-also-ask block is not organic
    expect(results[0]).toMatchObject({ url: DEMO_REPOSITORY_URL });
    for (const res of results) {
      expect(res.url).toMatch(/^https:\/\//);
      expect(res.title).toBeTruthy();
      expect(res.description.length).toBeGreaterThan(20);
    }
    expect(results.some((res) => res.url.includes('/faq/'))).toBe(false);
  });

  it('GraphQL example', async () => {
    const r = await h.gql(GRAPHQL_EXAMPLE, { key });
    expect(r.status).toBe(200);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.codeRepository).toEqual({
      fullName: 'creator-lookup-demo/creator-kit',
      starsCount: expect.any(Number),
      topics: expect.arrayContaining(['graphql', 'typescript']),
    });
    const devs = r.body.data.codeTrendingDevelopers.developers;
    expect(devs).toHaveLength(5);
    expect(devs.find((d: { username: string }) => d.username === 'lunaweaver')).toMatchObject({ rank: 3 });
    expect(devs.find((d: { username: string }) => d.username === 'tomas-rehak').popularRepository).toBeNull();
    // The no-JS layout page: /url?q= redirects resolved to their targets.
    const results = r.body.data.websearchSearch.results;
    expect(results).toHaveLength(4);
    expect(results[0]).toEqual({ title: 'creator-lookup-demo/creator-kit - GitHub', url: DEMO_REPOSITORY_URL });
    expect(r.body.extensions.credits.charged).toBeGreaterThan(0);
  });

  it('serves every demo repository and query; other languages and queries are empty, other repositories a demo miss', async () => {
    for (const repo of DEMO_REPOSITORIES) {
      const r = await h.rest(`/v1/code/repository?url=https://github.com/${DEMO_OWNER}/${repo}`, { key });
      expect(r.status, repo).toBe(200);
      expect(r.body.repository.full_name).toBe(`${DEMO_OWNER}/${repo}`);
    }
    for (const query of DEMO_SEARCH_QUERIES) {
      const r = await h.rest(`/v1/websearch/search?query=${encodeURIComponent(query.toUpperCase())}`, { key });
      expect(r.status, query).toBe(200);
      expect(r.body.results.length, query).toBeGreaterThan(0);
    }
    const all = await h.rest('/v1/code/trending/developers', { key });
    expect(all.status).toBe(200);
    expect(all.body.developers).toHaveLength(5);

    const missingRepo = await h.rest('/v1/code/repository?url=https://github.com/someone/else', { key });
    // Not "not found": the demo cannot know whether it exists.
    expect(missingRepo.status).toBe(502);
    expect(missingRepo.body.error.code).toBe('UPSTREAM_FAILED');
    expect(missingRepo.body.error.message).toContain('The demo has no data for GET https://api.github.com/repos/someone/else');
    const otherLanguage = await h.rest('/v1/code/trending/developers?language=rust', { key });
    expect(otherLanguage.status).toBe(200);
    expect(otherLanguage.body.developers).toEqual([]);
    const otherQuery = await h.rest('/v1/websearch/search?query=something+else', { key });
    expect(otherQuery.status).toBe(200);
    expect(otherQuery.body.results).toEqual([]);
  });
});

describe('npm run demo (src/demo.ts as a process)', () => {
  it('starts both servers, prints working examples and stops on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cl-demo-'));
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: join(dataDir, 'demo') };
    delete env.BOOTSTRAP_API_KEY;
    delete env.HOST;
    // As `npm run demo` runs it: node with tsx as a loader. Not the tsx binary, whose signal relay
    // kills its child and exits 143 when the child takes over 30 ms to report a SIGTERM (a busy machine).
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/demo.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    try {
      await new Promise<void>((resolveP, reject) => {
        const timer = setTimeout(() => reject(new Error(`demo did not start:\n${stdout}\n${stderr}`)), 20_000);
        const check = () => {
          if (stdout.includes('Ctrl-C to stop.')) {
            clearTimeout(timer);
            resolveP();
          }
        };
        child.stdout.on('data', check);
        void exited.then(() => reject(new Error(`demo exited early:\n${stdout}\n${stderr}`)));
      });
      expect(stdout).toContain(`API key:         ${DEMO_KEY}`);
      const base = /GraphiQL:\s+(http:\/\/localhost:\d+)\/graphql/.exec(stdout)?.[1];
      expect(base).toBeDefined();
      const replayUrl = /Upstream replay:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1];
      expect(replayUrl).toBeDefined();
      for (const example of REST_EXAMPLES) expect(stdout).toContain(`${base}${example.path}`);

      const gateway = base!.replace('localhost', '127.0.0.1');
      const res = await fetch(gateway + example('codeRepository').path, { headers: { 'x-api-key': DEMO_KEY } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { repository: { full_name: string }; credits_remaining: number };
      checkRestContract(example('codeRepository').path, res.status, body);
      expect(body.repository.full_name).toBe('creator-lookup-demo/creator-kit');
      expect(body.credits_remaining).toBe(999);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await expect(fetch(`${gateway}/healthz`)).rejects.toThrow();
      await expect(fetch(`${replayUrl}/x/`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
