/**
 * Internal-only contact sources (issue step 7): an operator's own directory of addresses, used
 * by find creator emails beside the public scan, behind a small interface.
 *
 * Rules (api.md "Email lookup result"): an address found only here is returned with
 * `sources: []`; an address also found publicly keeps exactly its public sources; nothing an
 * internal source knows (its rows' URLs, notes, the directory itself) appears in any provenance
 * or diagnostic list. Its state still counts: a directory that fails makes the result `partial`,
 * and one that holds more rows than a lookup reads makes the scan `email_scan_limited`.
 *
 * The built-in source is a SQLite table in `DATA_DIR/contacts.db`, filled from CSV by
 * `npm run contacts -- import file.csv` (contacts-cli.ts). It is consulted only when that file
 * exists. Rows are keyed by (platform label, lower-case handle); the lookup asks for the source
 * profile and every verified profile.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../store/sqlite.js';
import { openDatabase } from '../store/sqlite.js';

export interface ProfileKey {
  /** Neutral label (microblog-b, not its alias). */
  platform: string;
  handle: string;
}

export interface InternalLookup {
  emails: string[];
  /** More addresses matched than a lookup reads (INTERNAL_MAX_ROWS). */
  limited: boolean;
}

export interface InternalContactSource {
  lookup(profiles: readonly ProfileKey[]): Promise<InternalLookup>;
}

export const CONTACTS_DB_FILE = 'contacts.db';
/** Rows read per lookup. */
export const INTERNAL_MAX_ROWS = 20;

export function openContactsDb(dataDir: string): Db {
  const db = openDatabase(dataDir, CONTACTS_DB_FILE);
  db.exec(`CREATE TABLE IF NOT EXISTS contacts (
    platform TEXT NOT NULL,
    handle TEXT NOT NULL,
    email TEXT NOT NULL COLLATE NOCASE,
    source_url TEXT,
    imported_at INTEGER NOT NULL,
    PRIMARY KEY (platform, handle, email)
  )`);
  return db;
}

/** The SQLite directory as an internal source. */
export function sqliteContactSource(db: Db): InternalContactSource {
  return {
    async lookup(profiles) {
      if (profiles.length === 0) return { emails: [], limited: false };
      const where = profiles.map(() => '(platform = ? AND handle = ?)').join(' OR ');
      const args = profiles.flatMap((p) => [p.platform, p.handle.toLowerCase()]);
      const rows = db
        .prepare<unknown[], { email: string }>(`SELECT email FROM contacts WHERE ${where} ORDER BY rowid LIMIT ${INTERNAL_MAX_ROWS + 1}`)
        .all(...args);
      return { emails: rows.slice(0, INTERNAL_MAX_ROWS).map((r) => r.email), limited: rows.length > INTERNAL_MAX_ROWS };
    },
  };
}

const opened = new Map<string, InternalContactSource>();
let override: { source: InternalContactSource | null } | null = null;

/** Replaces the configured source (tests; an operator's own implementation). `undefined` restores the default. */
export function setInternalContactSource(source: InternalContactSource | null | undefined): void {
  override = source === undefined ? null : { source };
}

/** The internal source for this DATA_DIR, or null when the operator has loaded none. */
export function internalContactSource(dataDir: string): InternalContactSource | null {
  if (override) return override.source;
  const known = opened.get(dataDir);
  if (known) return known;
  if (!existsSync(join(dataDir, CONTACTS_DB_FILE))) return null;
  const source = sqliteContactSource(openContactsDb(dataDir));
  opened.set(dataDir, source);
  return source;
}
