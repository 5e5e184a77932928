/**
 * Hostile upstream sweep (session 37; its findings and the fixes: the commits of s37-h3): the CPU each reader of upstream text takes on hostile bodies — repeated
 * fragments that match the readers' own patterns (labels, `@`, `mailto:`, `<a href>`, nested and
 * unclosed tags, huge attribute values, long runs without spaces, deep JSON, escaped JSON in
 * scripts, entities). Every exported synchronous function of the modules listed below is called
 * with the body as its first argument (and a page URL / a handle as the next ones), at growing
 * sizes (16 KB → 4 MB); a size is not grown past once a call takes more than `--stop` ms. It
 * reports each (function, fragment) whose cost is over ~300 ms per MB, or grows faster than the
 * body (ratio of ms/MB from 256 KB to the largest size read).
 *
 *   npx tsx bench/hostile-sweep.ts [--only <substring of module:function>] [--frag <substring>] [--max <bytes>] [--stop <ms>] [--wrap p|nest] [--all]
 *
 * `--wrap p` puts the whole body in one paragraph, `--wrap nest` in 150 nested `<div>`s: the
 * readers that look up a node's block or box (sponsors.ts, anchorContexts, cardNames) were
 * quadratic only there (a block searched again for each link it holds).
 *
 * `--all` prints every row, not only the suspects. Measured on this thread's CPU time
 * (test/support/cpu-time.ts); one call per size (a sweep, not a benchmark: re-measure a suspect).
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cpuMs } from '../test/support/cpu-time.js';

const root = join(fileURLToPath(import.meta.url), '../..');

/** Fragments repeated to the body's size: each matches some reader's own patterns. */
export const FRAGMENTS: Record<string, string> = {
  labelsIG: 'IG: ',
  labelsIGat: 'IG: @',
  labelsMixed: 'YT / IG • TikTok: ',
  labelAfter: '@owl (YT) ',
  at: '@',
  atWord: '@ab ',
  emailish: 'a@b.co ',
  emailRun: 'a.b@c.d',
  spelled: 'x at y dot ',
  mailto: '<a href="mailto:',
  mailtoFull: '<a href="mailto:x@y.example">x</a>',
  aHref: '<a href="https://x.example/a">',
  aHrefOpen: '<a href="',
  aFull: '<a href="https://x.example/p">IG: @owl</a>',
  nestedDiv: '<div>',
  nestedP: '<p>',
  br: '<br>',
  lt: '<',
  ltWord: '<a ',
  metaOpen: '<meta name=description ',
  metaRefresh: '<meta http-equiv=refresh content="0;url=',
  scriptOpen: '<script>',
  scriptJsonEsc: '<script>{"a":"\\u003ca href=\\"x\\"\\u003e',
  ldJson: '<script type="application/ld+json">{"sameAs":["',
  nextData: '<script id="__NEXT_DATA__" type="application/json">{"props":',
  comment: '<!--',
  entityAmp: '&amp;',
  entityNum: '&#64;',
  entityOpen: '&',
  noSpace: 'x',
  dots: 'a.',
  urlRun: 'https://',
  www: 'www.',
  jsonOpen: '{"a":',
  jsonArr: '[',
  jsonStrEsc: '"\\"',
  credit: '<p>Photography by Mara Quist — mara@quist.example</p>',
  creditBare: 'Design: ',
  contactCue: 'contact: ',
  newline: '\n',
  spaces: ' ',
  slashLabels: 'ig / ',
  footer: '<footer>',
  hugeAttr: `<a title="${'x'.repeat(60_000)}">`,
  tdTable: '<table><tr><td>',
  li: '<li>',
  h2: '<h2>Booking</h2>',
};

/** Modules read: every reader of upstream text (parsers, readers, discovery's page and text readers, the block catalogue, page helpers). */
function modules(): string[] {
  const out: string[] = [];
  const skip =
    /(\.test|graphql|demo|samples|schema|platform|fetch|registry|definition|operation|module|records|schema-walk|pipeline|graph|assemble|fetcher|progress|contacts-cli|sample-web|internal|types|cursor|input)\.ts$/;
  const add = (dir: string, deep = false) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (e.isDirectory() && deep) add(join(dir, e.name));
      else if (e.isFile() && e.name.endsWith('.ts') && !skip.test(e.name)) out.push(join(dir, e.name));
    }
  };
  add('src/platforms', true);
  add('src/discovery');
  add('src/upstream/blocks');
  add('src/parse');
  add('src/links');
  return out;
}

export interface Row {
  fn: string;
  frag: string;
  /** CPU ms by body size (bytes). */
  ms: Map<number, number>;
  error?: string;
}

export const SIZES = [16 << 10, 64 << 10, 256 << 10, 1 << 20, 4 << 20, 8 << 20];

export function body(frag: string, bytes: number): string {
  return frag.repeat(Math.ceil(bytes / frag.length)).slice(0, bytes);
}

/** One call's CPU time; throws are answers too (a typed error is how a reader refuses). */
export function cost(fn: (...a: unknown[]) => unknown, input: string): { ms: number; error?: string } {
  const t0 = cpuMs();
  let error: string | undefined;
  try {
    const r = fn(input, 'https://site.example/', 'owl');
    if (r && typeof (r as Promise<unknown>).then === 'function') (r as Promise<unknown>).catch(() => undefined);
    // Generators are lazy: read them.
    if (r && typeof (r as Iterable<unknown>)[Symbol.iterator] === 'function' && typeof r !== 'string' && !Array.isArray(r))
      for (const _ of r as Iterable<unknown>) void _;
  } catch (e) {
    error = (e as Error).message?.slice(0, 80);
  }
  return { ms: cpuMs() - t0, error };
}

function perMb(ms: number, bytes: number): number {
  return ms / (bytes / (1 << 20));
}

async function main() {
  const args = process.argv.slice(2);
  const flag = (n: string) => (args.includes(n) ? args[args.indexOf(n) + 1] : null);
  const only = flag('--only');
  const fragOnly = flag('--frag');
  const max = Number(flag('--max') ?? 4 << 20);
  const stop = Number(flag('--stop') ?? 800);
  const all = args.includes('--all');
  const wrap = flag('--wrap');
  const [pre, post] = wrap === 'p' ? ['<p>', '</p>'] : wrap === 'nest' ? ['<div>'.repeat(150), '</div>'.repeat(150)] : ['', ''];
  const rows: Row[] = [];
  for (const file of modules()) {
    let mod: Record<string, unknown>;
    try {
      mod = await import(pathToFileURL(join(root, file)).href);
    } catch (e) {
      console.error(`skip ${file}: ${(e as Error).message}`);
      continue;
    }
    for (const [name, fn] of Object.entries(mod)) {
      if (typeof fn !== 'function' || /^[A-Z]/.test(name) || fn.constructor.name === 'AsyncFunction') continue;
      const id = `${relative('src', file).replace(/\.ts$/, '')}:${name}`;
      if (only && !id.includes(only)) continue;
      for (const [fragName, frag] of Object.entries(FRAGMENTS)) {
        if (fragOnly && !fragName.includes(fragOnly)) continue;
        const row: Row = { fn: id, frag: fragName, ms: new Map() };
        for (const size of SIZES.filter((s) => s <= max)) {
          const { ms, error } = cost(fn as (...a: unknown[]) => unknown, pre + body(frag, size) + post);
          row.ms.set(size, ms);
          row.error = error;
          if (ms > stop) break;
        }
        rows.push(row);
        const sizes = [...row.ms.keys()];
        const big = sizes.at(-1)!;
        const worst = perMb(row.ms.get(big)!, big);
        const at256 = row.ms.get(256 << 10);
        const growth = at256 !== undefined && big > 256 << 10 ? worst / Math.max(perMb(at256, 256 << 10), 1) : 1;
        // Growth is read only where the 256 KB call took long enough to time (≥ 20 ms).
        const suspect = worst > 300 || (growth > 2.5 && row.ms.get(big)! > 300 && (at256 ?? 0) >= 20);
        if (suspect || all)
          console.log(
            `${suspect ? 'SUSPECT' : 'ok     '} ${id.padEnd(48)} ${fragName.padEnd(14)} ` +
              sizes.map((s) => `${s >> 10}K:${row.ms.get(s)!.toFixed(0)}ms`).join(' ') +
              ` | ${worst.toFixed(0)} ms/MB at ${big >> 10}K, growth ×${growth.toFixed(1)}${row.error ? ` (throws: ${row.error})` : ''}`,
          );
      }
    }
  }
  console.error(`${rows.length} (function, fragment) pairs swept`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
