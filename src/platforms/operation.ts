/**
 * An operation is one thing the API can do (fetch a repository, search the web…). Its
 * definition is the single source for: the GraphQL root field and its arguments, the argument
 * validation (one zod schema, run by the pipeline whichever face asked: src/pipeline/run.ts), the
 * /v1 REST route and its query parameters, the OpenAPI document, the cache key and the cost.
 */
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { ResultCache } from '../cache/cache.js';
import type { Config } from '../config.js';
import type { ParamProblem } from '../errors.js';
import type { WithRequestBaseUrl } from '../media/public-url.js';
import type { Deps } from '../pipeline/deps.js';
import type { Upstream } from '../upstream/client.js';
import type { ReadWarnings } from '../observability/warn.js';
import { parsing } from '../observability/warn.js';
import { CACHE_MAX_AGES, isCacheMaxAge } from '../cache/cache.js';

/** `number`: a decimal (GraphQL Float), e.g. a threshold in 0..1. */
export type ParamKind = 'string' | 'int' | 'number' | 'boolean' | 'enum';

export interface ParamSpec {
  /** Name on /v1 (api.md's spelling). */
  name: string;
  /** GraphQL argument name; defaults to camelCase(name). */
  gql?: string;
  kind: ParamKind;
  /** Enum values as the wire spells them ('last-hour'); GraphQL shows LAST_HOUR. */
  values?: readonly string[];
  /** GraphQL enum type name, for kind 'enum'. */
  enumName?: string;
  required?: boolean;
  /** Strings: maximum length (default 2048). */
  maxLength?: number;
  min?: number;
  max?: number;
  description: string;
}

/** What an operation's `run` may use. */
export interface OpContext {
  upstream: Upstream;
  config: Config;
  /**
   * Cancels when the caller is gone or a deadline passes (the operation's own deadline ends its
   * upstream requests instead: src/pipeline/live-fetch.ts `withinDeadline`).
   */
  signal?: AbortSignal;
  cache: ResultCache;
  /**
   * The gateway's services (set by the pipeline's fetch step, src/pipeline/live-fetch.ts): an
   * operation that reads other operations (discovery) reads them through runOperation's internal
   * mode with them (src/discovery/fetcher.ts), sharing their cache entries and in-flight fetches.
   */
  deps?: Deps;
  /**
   * This read's warnings (set by the pipeline's fetch step): its parses run through `parsed(ctx,
   * …)`, so a parser's warning marks the record read as degraded (src/observability/warn.ts).
   */
  read?: ReadWarnings;
}

/** Runs a parser (synchronous) for the read of `ctx`: a warning it gives degrades that read's record. */
export function parsed<T>(ctx: OpContext, parse: () => T): T {
  return ctx.read ? parsing(ctx.read, parse) : parse();
}

export interface OperationDef<A = any, R = any> {
  /** GraphQL root field name. */
  field: string;
  platform: string;
  summary: string;
  rest: {
    path: string;
    /** REST body puts the record under this key (`{repository}`); otherwise its fields are spread at top level. */
    wrap?: string;
  };
  params: ParamSpec[];
  /**
   * The wire record (what GraphQL's `json` and the REST body carry, under `rest.wrap` when set):
   * the platform's zod schema (its `schema.ts`), the single source of the parsers' types, the
   * /openapi.json response schema, and what every REST body in the test suite is checked against.
   */
  record: z.ZodType;
  /** Accepts `cache_max_age` (every operation but retail-shop, DECISIONS.md). */
  cacheable: boolean;
  /**
   * The operator setting the operation cannot run without (e.g. `TUMBLR_API_KEY`): unset, every
   * call answers 501 NOT_CONFIGURED at 0 credits (the operation's `run` says so); /openapi.json
   * lists that answer.
   */
  needs?: string;
  /** Cross-parameter checks and host checks; report problems by GraphQL argument name. */
  check?: (args: Record<string, any>, problem: (param: string, message: string) => void) => void;
  /** Canonical arguments: defaults applied, values normalised. Only called on valid input. */
  normalize: (args: Record<string, any>) => A;
  /** Cache key suffix from canonical arguments (the operation's field name is prefixed). */
  key: (args: A) => string;
  /**
   * `max`: the worst case (documentation, OpenAPI). `reserve(args)`: what a call with these
   * arguments may cost at most, reserved before any work (default `max`), e.g. 1 without
   * download_media. `of(result, args)`: what is charged (clamped to the reservation).
   */
  cost: { max: number; reserve?: (args: A) => number; of?: (result: R, args: A) => number };
  run: (ctx: OpContext, args: A) => Promise<R>;
  /**
   * How long one live fetch of a call with these arguments may take, all its upstream requests
   * together (src/pipeline/live-fetch.ts): `ctx.signal` aborts then, and the call is 504
   * UPSTREAM_TIMEOUT unless only an optional step was cut (a partial read). Default: the
   * operator's OPERATION_DEADLINE_MS (`config.operationDeadlineMs`). null: the operation bounds
   * itself and answers at its own deadline with what it has (creator discovery:
   * DISCOVERY_DEADLINE_MS).
   */
  deadlineMs?: (args: A, config: Config) => number | null;
  /**
   * The record as it is sent to this caller, when that differs from the record stored (e.g.
   * media this gateway hosts, made absolute for the caller's host): what the REST body, a bulk
   * job's result and GraphQL's `json` carry. Default: the record itself.
   */
  wire?: (record: R, caller: WithRequestBaseUrl) => R;
  /**
   * What this call's arguments let the caller see of the record, when a parameter filters after
   * the cache (the creator tools' `min_confidence`): applied to every outcome — live or cached, on
   * every face — after its cost is counted, so the cache entry and the credits are the record's.
   */
  view?: (record: R, args: A) => R;
  /**
   * The record's flat form (a bulk job's CSV results, src/jobs/export.ts): its columns, and for a
   * list record the list whose items are one row each. Default: derived from `record`.
   */
  flat?: FlatForm;
  /**
   * What a monitor of this operation tracks when its creator names nothing (dotted paths into the
   * record; a path through a list maps over its items: `emails.email`). Absent: derived from
   * `record` — its top-level numbers, strings and lists of strings or of links / e-mails
   * (src/monitors/fields.ts).
   */
  watch?: readonly string[];
  /**
   * One request the demo answers (`npm run demo`, src/demo/), by /v1 parameter name. The single
   * source of the demo banner's example, each OpenAPI parameter's `example` and GraphiQL's saved
   * example operations.
   */
  example: Record<string, string | number | boolean>;
}

/** Columns by dotted path in the record; `rows`: the list (a path; '' for the record itself) whose items are rows, with their columns' paths. */
export interface FlatForm {
  columns: string[];
  rows?: { list: string; columns: string[] };
}

/** The record as this caller is sent it (the operation's `wire`, else the record). */
export function wireRecord<R>(op: OperationDef<any, R>, record: R, caller: WithRequestBaseUrl): R {
  return op.wire ? op.wire(record, caller) : record;
}

export const CACHE_MAX_AGE_PARAM: ParamSpec = {
  name: 'cache_max_age',
  gql: 'cacheMaxAge',
  kind: 'string',
  description: 'Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live.',
};

export function gqlName(p: ParamSpec): string {
  return p.gql ?? p.name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

export function gqlEnumValue(v: string): string {
  return v.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
}

/** The parameters an operation takes on the wire, cache_max_age included when cacheable. */
export function allParams(op: OperationDef): ParamSpec[] {
  return op.cacheable ? [...op.params, CACHE_MAX_AGE_PARAM] : op.params;
}

/** A character that is not whitespace, a control character (C0, C1) or a format character (zero-width ones, BOM). */
const VISIBLE = /[^\s\p{Cc}\p{Cf}]/u;
/**
 * What no text a caller means holds: U+FFFD, the replacement for bytes that were not UTF-8 (a
 * query string's `%ff`), and a lone surrogate (JSON's `"\ud800"`), which has no UTF-8 form at all.
 */
const BROKEN_TEXT = /\uFFFD|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function paramSchema(p: ParamSpec): z.ZodType {
  let s: z.ZodType;
  switch (p.kind) {
    case 'string': {
      // Counted in UTF-16 code units (`.length`), as the operations' own checks count: zod's
      // max() counts code points, so 100 emoji (200 units) passed it, and a check leaving values
      // over `.length` 100 to this rule looked at them nowhere (a handle normalised to null ran).
      // max() stays for what it says of the parameter (maxLength in the MCP tools' JSON Schema);
      // the refinement catches what it lets through (units over, code points within), once.
      const max = p.maxLength ?? 2048;
      const message = `must be at most ${max} characters`;
      let str = z
        .string()
        .max(max, message)
        .refine((v) => v.length <= max || [...v].length > max, message)
        .refine((v) => !BROKEN_TEXT.test(v), 'must be valid UTF-8 text (percent-encode its bytes as UTF-8; no lone surrogate)');
      // Empty: nothing visible — only whitespace, control or format (zero-width) characters.
      if (p.required) str = str.refine((v) => VISIBLE.test(v), 'must not be empty');
      s = p === CACHE_MAX_AGE_PARAM ? str.refine(isCacheMaxAge, `must be one of ${Object.keys(CACHE_MAX_AGES).join(', ')}`) : str;
      break;
    }
    case 'int': {
      let n = z.number().int('must be an integer');
      if (p.min !== undefined) n = n.min(p.min, `must be at least ${p.min}`);
      if (p.max !== undefined) n = n.max(p.max, `must be at most ${p.max}`);
      s = n;
      break;
    }
    case 'number': {
      let n = z.number('must be a number');
      if (p.min !== undefined) n = n.min(p.min, `must be at least ${p.min}`);
      if (p.max !== undefined) n = n.max(p.max, `must be at most ${p.max}`);
      s = n;
      break;
    }
    case 'boolean':
      s = z.boolean();
      break;
    case 'enum':
      s = z.enum(p.values as [string, ...string[]], { error: `must be one of ${p.values!.join(', ')}` });
      break;
  }
  return p.required ? s : s.nullish();
}

const schemas = new WeakMap<OperationDef, z.ZodType>();

/**
 * The zod schema of an operation's GraphQL arguments: types, lengths, ranges, required values,
 * then the operation's own cross-parameter `check`. The pipeline validates every call with it
 * (src/pipeline/run.ts), whichever face the call came in by.
 */
export function argsSchema(op: OperationDef): z.ZodType {
  let s = schemas.get(op);
  if (!s) {
    const shape: Record<string, z.ZodType> = {};
    for (const p of allParams(op)) shape[gqlName(p)] = paramSchema(p);
    s = z.object(shape).superRefine((args, ctx) => {
      op.check?.(args, (param, message) => ctx.addIssue({ code: 'custom', message, path: [param] }));
    });
    schemas.set(op, s);
  }
  return s;
}

export function zodProblems(issues: readonly { path?: readonly PropertyKey[] | readonly unknown[]; message: string }[]): ParamProblem[] {
  return issues.map((i) => {
    const first = i.path?.[0] as PropertyKey | { key: PropertyKey } | undefined;
    const param = first === undefined ? 'arguments' : typeof first === 'object' ? String(first.key) : String(first);
    return { param, message: i.message === 'Invalid input: expected string, received undefined' ? 'is required' : i.message };
  });
}

type Validated = { ok: true; args: any; cacheKey: string } | { ok: false; problems: ParamProblem[] };

/**
 * Outcomes of validation remembered by operation and arguments (JSON of at most MEMO_MAX_INPUT
 * characters): a GraphQL operation validates each root field twice (its reservation, then its
 * resolver), and the arguments of hot resources recur across requests. It buys cached GraphQL
 * about a fifth of its throughput (docs/performance.md). Canonical args are frozen: shared
 * between requests, never mutated. Capped in entries and bytes (a key is the caller's arguments).
 */
const outcomes = new LRUCache<string, Validated>({ max: 1_000, maxSize: 16 * 1024 * 1024, sizeCalculation: (_o, k) => 512 + k.length * 4 });
const MEMO_MAX_INPUT = 4_096;

/** Validates GraphQL-named arguments; returns canonical args (and their cache key) or the problems found. */
export function validateArgs(op: OperationDef, raw: Record<string, unknown>): Validated {
  const json = JSON.stringify(raw);
  const memoKey = json !== undefined && json.length <= MEMO_MAX_INPUT ? `${op.field}\u0000${json}` : null;
  const known = memoKey ? outcomes.get(memoKey) : undefined;
  if (known) return known;
  const r = argsSchema(op).safeParse(raw);
  let outcome: Validated;
  if (r.success) {
    const args = Object.freeze(op.normalize(r.data as Record<string, unknown>));
    outcome = { ok: true, args, cacheKey: cacheKeyOf(op, args) };
  } else outcome = { ok: false, problems: zodProblems(r.error.issues) };
  if (memoKey) outcomes.set(memoKey, outcome);
  return outcome;
}

/** Credits to reserve for one call with these canonical arguments. */
export function reservationOf(op: OperationDef, args: unknown): number {
  return op.cost.reserve ? Math.min(op.cost.max, op.cost.reserve(args)) : op.cost.max;
}

export function cacheKeyOf(op: OperationDef, args: unknown): string {
  return `${op.field}:${op.key(args)}`;
}
