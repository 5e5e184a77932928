/**
 * GraphiQL in `npm run demo`, in a real browser: headless Chromium (apt's `chromium`, installed by
 * .ci/run) loads /graphql with every request outside the gateway refused (offline), finds the demo
 * key in the headers and the saved example operations as tabs, runs the first example and finds
 * its data in the result pane. Driven through puppeteer-core, which never downloads a browser.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/demo/examples.js';
import { allOperations } from '../../src/gateway.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** CHROMIUM_PATH, else the usual places of a system Chromium. */
export function chromiumPath(): string | null {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  ];
  return candidates.find((p): p is string => !!p && existsSync(p)) ?? null;
}

const CHROMIUM = chromiumPath();
/** Why the suite skips (test prerequisites: a missing tool skips with its reason). */
export const skipReason = CHROMIUM ? null : 'no Chromium binary (install the apt package `chromium`, or set CHROMIUM_PATH)';

describe.skipIf(!CHROMIUM)(`GraphiQL in demo mode, in headless Chromium${skipReason ? ` — skipped: ${skipReason}` : ''}`, () => {
  let demo: ReturnType<typeof spawn>;
  let dataDir: string;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cl-graphiql-'));
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: join(dataDir, 'demo') };
    delete env.BOOTSTRAP_API_KEY;
    delete env.HOST;
    demo = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['src/demo.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    base = await new Promise<string>((resolveP, reject) => {
      const timer = setTimeout(() => reject(new Error(`demo did not start:\n${out}`)), 30_000);
      demo.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /GraphiQL:\s+http:\/\/localhost:(\d+)\/graphql/.exec(out);
        if (m && out.includes('Ctrl-C to stop.')) {
          clearTimeout(timer);
          resolveP(`http://127.0.0.1:${m[1]}`);
        }
      });
      demo.stderr!.on('data', (c: Buffer) => (out += c.toString()));
      demo.once('exit', () => reject(new Error(`demo exited early:\n${out}`)));
    });
    browser = await puppeteer.launch({
      executablePath: CHROMIUM!,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (demo && demo.exitCode === null) {
      const exited = new Promise((r) => demo.once('exit', r));
      demo.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads offline with the demo key and saved examples, runs one and shows its data', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1400, height: 900 });
    const refused: string[] = [];
    const sentKeys: string[] = [];
    await page.setRequestInterception(true);
    page.on('request', (req) => {
      const url = req.url();
      if (req.method() === 'POST' && url === `${base}/graphql`) sentKeys.push(req.headers()['x-api-key'] ?? '');
      if (url.startsWith(base) || url.startsWith('data:') || url.startsWith('blob:')) void req.continue();
      else {
        refused.push(url);
        void req.abort('internetdisconnected');
      }
    });
    // networkidle0: the page's own introspection query has been answered before we run anything.
    await page.goto(`${base}/graphql`, { waitUntil: 'networkidle0', timeout: 30_000 });
    await page.waitForSelector('.graphiql-execute-button', { timeout: 30_000 });

    // Saved example operations: the overview, @defer/@stream and one per operation.
    const tabs = await page.$$eval('.graphiql-tab', (els) => els.length);
    expect(tabs).toBeGreaterThanOrEqual(allOperations().length + 2);
    await page.click('.graphiql-execute-button');
    await page.waitForFunction(
      () => document.querySelector('.graphiql-response')?.textContent?.includes('creator-lookup-demo/creator-kit'),
      {
        timeout: 30_000,
      },
    );
    // CodeMirror renders indentation as non-breaking spaces: compare with whitespace collapsed.
    const result = (await page.$eval('.graphiql-response', (el) => el.textContent ?? '')).replace(/\s+/g, ' ');
    expect(result).toContain('"fullName": "creator-lookup-demo/creator-kit"');
    expect(result).toContain('"developers"');
    expect(result).not.toContain('"errors"');
    if (process.env.GRAPHIQL_SCREENSHOT) await page.screenshot({ path: process.env.GRAPHIQL_SCREENSHOT as `${string}.png` });
    // The run sent the demo key GraphiQL was given (nobody typed it).
    expect(sentKeys.at(-1)).toBe(DEMO_KEY);
    expect(refused).toEqual([]);
  }, 90_000);
});
