/**
 * `npm run contacts -- <command>` (or `npx tsx src/discovery/contacts-cli.ts <command>`): the
 * operator's internal contact directory for find creator emails (internal.ts), stored in
 * `DATA_DIR/contacts.db` (DATA_DIR default ./data, as for the gateway).
 *
 *   contacts import <file.csv> [--replace]   adds the CSV's rows (--replace: empties the directory first)
 *   contacts count                           rows in the directory
 *   contacts clear                           empties the directory
 *
 * CSV: a header row naming the columns, comma-separated, RFC 4180 quoting. Columns:
 *   platform, handle, email   — required (platform: social-b, shortvideo, video, microblog-b,
 *                               microblog-b-alias, social-a or any label the link classifier
 *                               knows, e.g. professional; handle: leading @ optional)
 *   profile_url               — instead of platform + handle: a profile URL, classified
 *   source_url                — optional: where the operator got the address; stored, never shown
 * Rows with an invalid address or no recognisable profile are skipped and counted. A platform
 * nobody knows (a site's own name instead of its label, a typo) refuses the whole file: such a
 * row could never match a profile, so importing it would lose the address silently.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Command, CommanderError } from 'commander';
import { classifyLink, PLATFORM_NAMES } from '../links/classify.js';
import { normaliseEmail } from '../links/emails.js';
import { openContactsDb } from './internal.js';

export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}

/** RFC 4180 rows (quoted fields may hold commas, quotes doubled, line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.some((x) => x.trim() !== '')) rows.push(row);
      row = [];
    } else field += c;
  }
  row.push(field);
  if (row.some((x) => x.trim() !== '')) rows.push(row);
  return rows;
}

export interface ContactRow {
  platform: string;
  handle: string;
  email: string;
  source_url: string | null;
}

/** The platform column's accepted values: every label profiles are looked up by, and the alias. */
const KNOWN_PLATFORMS = new Set([...PLATFORM_NAMES, 'microblog-b-alias']);

/**
 * CSV text → the rows to store, and how many were skipped (with why, for the first few). Throws
 * when a row names a platform that is not a known label.
 */
export function contactRows(text: string): { rows: ContactRow[]; skipped: number; problems: string[] } {
  const [header, ...data] = parseCsv(text);
  if (!header) return { rows: [], skipped: 0, problems: ['the file is empty'] };
  const col = new Map(header.map((h, i) => [h.trim().toLowerCase(), i]));
  const has = (n: string) => col.has(n);
  if (!has('email') || !((has('platform') && has('handle')) || has('profile_url'))) {
    throw new Error('the header must name email and either platform + handle or profile_url');
  }
  const rows: ContactRow[] = [];
  const problems: string[] = [];
  const unknown: string[] = [];
  let skipped = 0;
  data.forEach((r, i) => {
    const get = (n: string) => (has(n) ? (r[col.get(n)!] ?? '').trim() : '');
    const email = normaliseEmail(get('email'));
    let platform = get('platform').toLowerCase();
    if (platform && !KNOWN_PLATFORMS.has(platform)) {
      unknown.push(`line ${i + 2}: ${JSON.stringify(get('platform'))}`);
      return;
    }
    let handle = get('handle').replace(/^@/, '').toLowerCase();
    if ((!platform || !handle) && get('profile_url')) {
      const c = classifyLink(get('profile_url'));
      platform = c?.platform ?? '';
      handle = c?.handle?.toLowerCase() ?? '';
    }
    if (platform === 'microblog-b-alias') platform = 'microblog-b';
    const why = !email
      ? 'not a usable e-mail address'
      : !platform || !handle
        ? 'no platform and handle (or recognisable profile_url)'
        : null;
    if (why) {
      skipped++;
      if (problems.length < 5) problems.push(`line ${i + 2}: ${why}`);
      return;
    }
    rows.push({ platform, handle, email: email!, source_url: get('source_url') || null });
  });
  if (unknown.length) {
    const shown = unknown.slice(0, 5).join(', ') + (unknown.length > 5 ? ` and ${unknown.length - 5} more` : '');
    throw new Error(
      `unknown platform on ${shown}; nothing imported. Use a neutral label (${[...KNOWN_PLATFORMS].sort().join(', ')}) or a profile_url column`,
    );
  }
  return { rows, skipped, problems };
}

export async function runContactsCli(argv: string[], env: NodeJS.ProcessEnv = process.env, out: CliOutput = console): Promise<number> {
  const dataDir = resolve(env.DATA_DIR || './data');
  const program = new Command('contacts')
    .description('The internal contact directory of find creator emails (DATA_DIR/contacts.db)')
    .exitOverride()
    .configureOutput({ writeOut: (s) => out.log(s.trimEnd()), writeErr: (s) => out.error(s.trimEnd()) });

  program
    .command('import')
    .argument('<file>', 'CSV file: platform,handle,email[,source_url] or profile_url,email[,source_url]')
    .option('--replace', 'empty the directory first')
    .action((file: string, o: { replace?: boolean }) => {
      const { rows, skipped, problems } = contactRows(readFileSync(file, 'utf8'));
      const db = openContactsDb(dataDir);
      try {
        const insert = db.prepare(
          'INSERT OR IGNORE INTO contacts (platform, handle, email, source_url, imported_at) VALUES (?, ?, ?, ?, ?)',
        );
        const now = Date.now();
        let added = 0;
        db.transaction(() => {
          if (o.replace) db.prepare('DELETE FROM contacts').run();
          for (const r of rows) added += insert.run(r.platform, r.handle, r.email, r.source_url, now).changes;
        })();
        out.log(`imported ${added} new row(s), ${rows.length - added} already present, ${skipped} skipped`);
        for (const p of problems) out.log(`  skipped ${p}`);
      } finally {
        db.close();
      }
    });

  program.command('count').action(() => {
    const db = openContactsDb(dataDir);
    try {
      out.log(String(db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM contacts').get()!.n));
    } finally {
      db.close();
    }
  });

  program.command('clear').action(() => {
    const db = openContactsDb(dataDir);
    try {
      out.log(`removed ${db.prepare('DELETE FROM contacts').run().changes} row(s)`);
    } finally {
      db.close();
    }
  });

  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 1;
    out.error(`contacts: ${(e as Error).message}`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runContactsCli(process.argv.slice(2)).then((code) => process.exit(code));
}
