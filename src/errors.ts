/**
 * Typed errors with stable codes. Every failure a client can see is an ApiError: REST turns it
 * into `{success:false, error:{code,message,details?}}` with `status`, GraphQL into
 * `errors[].extensions.code`. Anything else is a bug and is masked as INTERNAL.
 *
 * `expected` follows yt-dlp's ExtractorError(expected=True): true when the cause is the caller's
 * input or the upstream's state (not a bug of ours), so it is not logged as an error.
 */
export const ERROR_STATUS = {
  INVALID_INPUT: 400,
  UNAUTHORIZED: 401,
  INSUFFICIENT_CREDITS: 402,
  /** The account or post exists but is private: private data is never accessed. */
  PRIVATE_CONTENT: 403,
  NOT_FOUND: 404,
  /** HTTP layer (src/http/edges.ts): a method the route does not serve. */
  METHOD_NOT_ALLOWED: 405,
  /** GraphQL: a subscription asked under an Accept it cannot be streamed in (text/event-stream only). */
  NOT_ACCEPTABLE: 406,
  /** HTTP layer: a request (its head, node's timeouts) or its body (nothing for BODY_IDLE_MS) not received in time (src/http/edges.ts). */
  REQUEST_TIMEOUT: 408,
  /** HTTP layer: a request body over the limit. */
  PAYLOAD_TOO_LARGE: 413,
  /** HTTP layer: a POST /graphql body that is not JSON. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** HTTP layer: an Expect header other than 100-continue (src/http/edges.ts). */
  EXPECTATION_FAILED: 417,
  RATE_LIMITED: 429,
  /** HTTP layer: request line and headers over 16 KiB. */
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  /**
   * The operation needs a setting the operator has not supplied (an upstream API key such as
   * TUMBLR_API_KEY): nothing was sent upstream, 0 credits. Permanent until the operator sets it.
   */
  NOT_CONFIGURED: 501,
  UPSTREAM_FAILED: 502,
  UPSTREAM_BLOCKED: 502,
  SERVICE_UNAVAILABLE: 503,
  UPSTREAM_TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Retry-After of a 503 that does not say otherwise (a store unreachable, shutting down): every
 * 503 carries one, so clients and load balancers back off briefly instead of hammering.
 */
export const SERVICE_UNAVAILABLE_RETRY_AFTER_SEC = 2;

export interface ParamProblem {
  /** Parameter name as the caller spelled it (REST name on /v1, argument name on GraphQL). */
  param: string;
  message: string;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details?: ParamProblem[];
  readonly expected: boolean;
  /**
   * Seconds the client should wait before trying again (sent as Retry-After), e.g. RATE_LIMITED;
   * SERVICE_UNAVAILABLE always has one (SERVICE_UNAVAILABLE_RETRY_AFTER_SEC unless given).
   */
  readonly retryAfterSec?: number;
  /** Further response headers this answer carries (e.g. RateLimit-* on a 429). */
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { details?: ParamProblem[]; cause?: unknown; retryAfterSec?: number; headers?: Record<string, string> } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'ApiError';
    this.code = code;
    this.details = opts.details;
    this.expected = code !== 'INTERNAL';
    const retryAfterSec = opts.retryAfterSec ?? (code === 'SERVICE_UNAVAILABLE' ? SERVICE_UNAVAILABLE_RETRY_AFTER_SEC : undefined);
    if (retryAfterSec !== undefined) this.retryAfterSec = retryAfterSec;
    if (opts.headers) this.headers = opts.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toJSON(): { code: ErrorCode; message: string; details?: ParamProblem[] } {
    return this.details ? { code: this.code, message: this.message, details: this.details } : { code: this.code, message: this.message };
  }
}

/** The most of a parameter's name a 400 repeats: an unknown one is the caller's text (a 500 KB field name came back whole, twice: an outside attack sweep). */
export const MAX_PARAM_SHOWN = 100;

/**
 * The most of one problem's message a 400 repeats. A message may quote the caller's text (a job's
 * or a monitor's `operation`, a GraphQL operationName or variable value), and each problem is in the
 * answer twice (`message` and `details`): a 15 MB `operation` in a job body was a 30 MB answer, and
 * a dozen such answers left unread took an `npm start` gateway from 160 to 970 MB of RSS. Our own
 * wording is far shorter than this.
 */
export const MAX_MESSAGE_SHOWN = 1000;

/** `text` cut to `max` characters and marked `…` when longer (never between the halves of a surrogate pair). */
export function shownText(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\ud800-\udbff]/.test(text[max - 1]) ? max - 1 : max;
  return `${text.slice(0, end)}…`;
}

export function invalidInput(details: ParamProblem[]): ApiError {
  const shown = details.map((d) =>
    d.param.length > MAX_PARAM_SHOWN || d.message.length > MAX_MESSAGE_SHOWN
      ? { ...d, param: shownText(d.param, MAX_PARAM_SHOWN), message: shownText(d.message, MAX_MESSAGE_SHOWN) }
      : d,
  );
  const message = shown.map((d) => `${d.param}: ${d.message}`).join('; ');
  return new ApiError('INVALID_INPUT', `Invalid input: ${message}`, { details: shown });
}

/** Problems a 400 of a request body lists at most; the rest are counted (a body of thousands of mistakes gets a bounded answer). */
export const MAX_PROBLEMS_LISTED = 50;

/**
 * INVALID_INPUT with at most MAX_PROBLEMS_LISTED details, then one under `moreParam` saying how many
 * more (`unlisted`: problems a reader counted without keeping them, so a body of millions of
 * mistakes is answered in bounded memory).
 */
export function invalidInputAtMost(problems: ParamProblem[], moreParam: string, unlisted = 0): ApiError {
  const more = Math.max(0, problems.length - MAX_PROBLEMS_LISTED) + unlisted;
  if (more === 0) return invalidInput(problems);
  return invalidInput([...problems.slice(0, MAX_PROBLEMS_LISTED), { param: moreParam, message: `…and ${more} more problems` }]);
}

export function invalidParam(param: string, message: string): ApiError {
  return invalidInput([{ param, message }]);
}

/**
 * 429: this key's request rate is used up; Retry-After says when the next request is allowed,
 * and the RateLimit-* headers (IETF httpapi draft) state the key's policy: `limit` requests in
 * a window of `windowSec` seconds.
 */
export function rateLimited(message: string, retryAfterMs: number, policy?: { limit: number; windowSec: number }): ApiError {
  const retryAfterSec = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const headers = policy
    ? {
        'ratelimit-limit': String(policy.limit),
        'ratelimit-remaining': '0',
        'ratelimit-reset': String(retryAfterSec),
        'ratelimit-policy': `${policy.limit};w=${policy.windowSec}`,
      }
    : undefined;
  return new ApiError('RATE_LIMITED', message, { retryAfterSec, headers });
}

/**
 * 401 for a key the ledger does not know or has revoked — at admission, and when it is revoked
 * while its request runs (the reservation that follows is refused as a revoked key's, not as a
 * poor one's: never a 402 for a revoked key).
 */
export const unknownOrRevokedKey = () => new ApiError('UNAUTHORIZED', 'Unknown or revoked API key');
export const notFound = (what: string) => new ApiError('NOT_FOUND', what);
export const privateContent = (what: string) => new ApiError('PRIVATE_CONTENT', `${what} is private; private data is never accessed`);
/** The platform shows a login wall instead of public data: reported, never worked around. */
export const loginWall = (platform: string) =>
  new ApiError('UPSTREAM_BLOCKED', `${platform}: the platform answered with a login wall; login-only data is never accessed`);
/** The operation needs `setting` (an operator's API key), which this gateway was started without. */
export const notConfigured = (setting: string, what: string) =>
  new ApiError('NOT_CONFIGURED', `${what} needs ${setting}, which this gateway is not configured with (the operator sets it)`);
export const upstreamFailed = (message: string, cause?: unknown) => new ApiError('UPSTREAM_FAILED', message, { cause });
export const upstreamBlocked = (message: string) => new ApiError('UPSTREAM_BLOCKED', message);
export const upstreamTimeout = (message: string) => new ApiError('UPSTREAM_TIMEOUT', message);

/**
 * A parser found the page but not the data it expected where it expected it: the upstream
 * changed shape. Never answer such a page with an empty record (issue: "never a 200 with an
 * empty record").
 */
export function shapeChanged(platform: string, missing: string): ApiError {
  return new ApiError('UPSTREAM_FAILED', `${platform}: upstream response changed shape: missing ${missing}`);
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
