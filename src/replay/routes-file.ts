/**
 * Routes for the replay server described as data, for `npm run demo`, the CLI and outside
 * checkers:
 *
 * ```json
 * [
 *   { "host": "api.github.com", "path": "/repos/octokit/fixture-org-hello-world",
 *     "headers": { "content-type": "application/json" },
 *     "bodyFile": "../../shared/fixtures/code/repo-octokit-fixture-org-hello-world.json" },
 *   { "host": "example.com", "path": "^/u/[^/]+$", "pathRegex": true, "query": { "tab": { "regex": "^(a|b)$" } },
 *     "method": "GET", "status": 302, "headers": { "location": "/login" } },
 *   { "host": "example.com", "path": "/flaky",
 *     "fault": { "kind": "sequence", "faults": [{ "kind": "status", "status": 503 }, null] }, "body": "ok" }
 * ]
 * ```
 *
 * `bodyFile` is resolved against the JSON file's directory (or used as is when absolute) and read
 * on every request, so shared captures are read in place. The registry is validated strictly:
 * a misspelt key is an error naming the entry, never silently ignored (Maigret's lesson).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import type { Fault, Route } from './server.js';

const faultSchema: z.ZodType<Fault> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('latency'), ms: z.number().int().nonnegative() }),
    z.strictObject({ kind: z.literal('timeout') }),
    z.strictObject({ kind: z.literal('reset') }),
    z.strictObject({
      kind: z.literal('status'),
      status: z.number().int().min(100).max(599),
      headers: z.record(z.string(), z.string()).optional(),
      body: z.string().optional(),
    }),
    z.strictObject({ kind: z.literal('truncate'), bytes: z.number().int().nonnegative() }),
    z.strictObject({
      kind: z.literal('slowBody'),
      chunkBytes: z.number().int().positive(),
      intervalMs: z.number().int().nonnegative(),
    }),
    z.strictObject({ kind: z.literal('sequence'), faults: z.array(faultSchema.nullable()) }),
  ]),
);

/** A query value is an exact string, or `{ "regex": "..." }` tested against the value. */
const queryValueSchema = z.union([z.string(), z.strictObject({ regex: z.string() })]);

const entrySchema = z
  .strictObject({
    host: z.string().min(1),
    /** Exact path, or a RegExp source when `pathRegex` is true. */
    path: z.string().min(1),
    pathRegex: z.boolean().optional(),
    query: z.union([z.literal('any'), z.record(z.string(), queryValueSchema)]).optional(),
    method: z.string().min(1).optional(),
    status: z.number().int().min(100).max(599).optional(),
    headers: z.record(z.string(), z.string()).optional(),
    bodyFile: z.string().min(1).optional(),
    body: z.string().optional(),
    fault: faultSchema.optional(),
  })
  .superRefine((entry, ctx) => {
    if (entry.body !== undefined && entry.bodyFile !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['bodyFile'], message: 'give either body or bodyFile, not both' });
    }
    if (entry.pathRegex) {
      const problem = regexProblem(entry.path);
      if (problem) ctx.addIssue({ code: 'custom', path: ['path'], message: `invalid regex: ${problem}` });
    } else if (!entry.path.startsWith('/')) {
      ctx.addIssue({ code: 'custom', path: ['path'], message: 'an exact path starts with "/" (set "pathRegex": true for a pattern)' });
    }
    for (const [name, value] of Object.entries(entry.query !== 'any' ? (entry.query ?? {}) : {})) {
      const problem = typeof value === 'string' ? undefined : regexProblem(value.regex);
      if (problem) ctx.addIssue({ code: 'custom', path: ['query', name, 'regex'], message: `invalid regex: ${problem}` });
    }
  });

const fileSchema = z.array(entrySchema);

type Entry = z.infer<typeof entrySchema>;

export class RoutesFileError extends Error {
  readonly file: string;
  readonly problems: string[];

  constructor(file: string, problems: string[]) {
    super(`invalid replay routes file ${file}:\n  ${problems.join('\n  ')}`);
    this.name = 'RoutesFileError';
    this.file = file;
    this.problems = problems;
  }
}

/** Read and strictly validate a JSON routes file. Throws RoutesFileError naming each bad entry and key. */
export function loadRoutesFile(path: string): Route[] {
  const file = resolve(path);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new RoutesFileError(file, [`cannot read: ${(err as Error).message}`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new RoutesFileError(file, [`not valid JSON: ${(err as Error).message}`]);
  }

  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    throw new RoutesFileError(
      file,
      parsed.error.issues.map((issue) => describeIssue(issue, json)),
    );
  }

  const dir = dirname(file);
  const missing: string[] = [];
  const routes = parsed.data.map((entry, index) => {
    const route = toRoute(entry, dir);
    if (route.bodyFile !== undefined && !existsSync(route.bodyFile)) {
      missing.push(`entry ${index}${label(entry)}: bodyFile: no such file ${route.bodyFile}`);
    }
    return route.route;
  });
  if (missing.length > 0) throw new RoutesFileError(file, missing);
  return routes;
}

function toRoute(entry: Entry, dir: string): { route: Route; bodyFile?: string } {
  const bodyFile = entry.bodyFile === undefined ? undefined : resolve(dir, entry.bodyFile);
  const query =
    entry.query === undefined || entry.query === 'any'
      ? entry.query
      : Object.fromEntries(
          Object.entries(entry.query).map(([name, value]) => [name, typeof value === 'string' ? value : new RegExp(value.regex)]),
        );
  const route: Route = {
    host: entry.host,
    path: entry.pathRegex ? new RegExp(entry.path) : entry.path,
    query,
    method: entry.method,
    response: {
      status: entry.status,
      headers: entry.headers,
      body: entry.body,
      bodyFile,
      fault: entry.fault,
    },
  };
  return { route, bodyFile };
}

/** `entry 3 (example.com /u/x): fault.kind: ...` — index first, so the bad entry is easy to find. */
function describeIssue(issue: z.core.$ZodIssue, json: unknown): string {
  const [index, ...rest] = issue.path;
  if (typeof index !== 'number') {
    return `${issue.path.length ? issue.path.join('.') + ': ' : ''}${issue.message}`;
  }
  const entry = Array.isArray(json) ? (json[index] as unknown) : undefined;
  const where = rest.length ? `${rest.map(String).join('.')}: ` : '';
  return `entry ${index}${label(entry)}: ${where}${issue.message}`;
}

function label(entry: unknown): string {
  if (typeof entry !== 'object' || entry === null) return '';
  const { host, path } = entry as { host?: unknown; path?: unknown };
  if (typeof host !== 'string') return '';
  return ` (${host}${typeof path === 'string' ? ' ' + path : ''})`;
}

function regexProblem(source: string): string | undefined {
  try {
    new RegExp(source);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}
