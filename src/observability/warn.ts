/**
 * `warn(platform, field, detail?)`: what a platform parser calls (through the parse kit,
 * src/parse/) when a page is usable but not quite as expected: a field the upstream normally
 * carries is missing or of another type, and the record is returned with that field null.
 * Nothing is thrown and the answer is unchanged; the warning is counted per platform and field
 * (`cl_parser_warnings_total{platform,field}` on /metrics, `parser_warnings` on /v1/status) and
 * logged (at most once a minute per platform and field).
 *
 * `field` names what degraded as `record.field` (`artist.name`, `channel.about`): a code
 * constant, never upstream or user text, so the number of series stays bounded. `detail` is
 * free text for the log only.
 *
 * Parsers are pure functions without the gateway's services at hand, so this is a process-wide
 * function: every open gateway (openDeps) listens while it is open. Without one (a parser's own
 * unit tests) it does nothing unless a test listens (captureWarnings in src/parse/).
 *
 * Which read a warning degrades: parsers are synchronous, so a read runs each of its parses
 * through `parsing(read, parse)` (platforms: `parsed(ctx, () => parseX(...))`,
 * src/platforms/operation.ts), which names the read for as long as that call lasts. Code of a
 * read that warns outside a parse (an optional request that failed) passes the read itself:
 * `warn(platform, field, detail, ctx.read)`. (An AsyncLocalStorage did this before; why it does
 * not any more is measured in docs/performance.md, "Kept".) Tests fail on a parse of a read under
 * way that runs outside `parsing` (test/support/warnings-attributed.ts).
 */
export type WarningListener = (platform: string, field: string, detail: string | undefined) => void;

const listeners = new Set<WarningListener>();

/** One read's warnings: whether a parser warned while reading it (src/pipeline/live-fetch.ts). */
export interface ReadWarnings {
  warned: boolean;
}

/** The read whose parse runs now (`parsing`), if any. */
let current: ReadWarnings | null = null;

/**
 * Parses of reads under way that ran outside `parsing` (or warned outside it without naming their
 * read): their warnings could degrade no record. Counted while `countUnattributed` is on, which
 * the test suite turns on and checks after each test (test/support/warnings-attributed.ts).
 */
const unattributed = { counting: false, live: 0, seen: [] as string[] };

export function warn(platform: string, field: string, detail?: string, read?: ReadWarnings): void {
  const target = read ?? current;
  if (target) target.warned = true;
  else if (unattributed.counting && unattributed.live > 0) unattributed.seen.push(`warn ${platform} ${field}: ${deepStack()}`);
  for (const l of listeners) {
    try {
      l(platform, field, detail);
    } catch {
      /* a listener must never break a parser */
    }
  }
}

/** Listens to parser warnings until the returned function is called. */
export function onParserWarning(listener: WarningListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Runs `parse` (synchronous) for `read`: a warning it gives marks that read. */
export function parsing<T>(read: ReadWarnings, parse: () => T): T {
  const outer = current;
  current = read;
  try {
    return parse();
  } finally {
    current = outer;
  }
}

/** Runs `parse` for no read: a fetch shared by every read (a platform's token), whose warnings degrade no record. */
export function parsingForNoRead<T>(parse: () => T): T {
  return parsing({ warned: false }, parse);
}

/** A read under way (live-fetch.ts): `done` when it is over. For the count of unattributed parses. */
export function readStarted(): { done(): void } {
  unattributed.live++;
  let open = true;
  return {
    done: () => {
      if (open) unattributed.live--;
      open = false;
    },
  };
}

/**
 * Called where a parser begins to read (the parse kit's readers and page getters): outside
 * `parsing` while a read is under way, its warnings would degrade no record. Counted for tests.
 */
export function parserBegins(platform: string): void {
  if (current === null && unattributed.counting && unattributed.live > 0) unattributed.seen.push(`parse ${platform}: ${deepStack()}`);
}

/** The stack to the start of this synchronous run (tests only: past the default 10 frames). */
function deepStack(): string | undefined {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60;
  try {
    return new Error().stack;
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** Tests: count unattributed parses from now on; `take()` returns and clears what was seen. */
export function countUnattributed(): { take(): string[] } {
  unattributed.counting = true;
  return {
    take: () => unattributed.seen.splice(0),
  };
}
