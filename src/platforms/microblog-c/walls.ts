/**
 * Threads' walls, recognised by the upstream client on every answer (src/upstream/blocks), by
 * structure only:
 * - a login wall: the login page a redirect ends on (`/login`, `/accounts/login`); Meta's JSON
 *   `{"require_login":true}` or its "Not Logged In" envelope `{"error":1357001}` (after the
 *   `for (;;);` guard); a GraphQL error whose message is the code `login_required`; a login form
 *   (`id="loginForm"`, or posting to `/accounts/login`) in an HTML answer to the GraphQL endpoint;
 * - a checkpoint: the `/challenge/` or `/checkpoint/` path a redirect ends on; a JSON answer with
 *   `checkpoint_url` or the codes `checkpoint_required` / `challenge_required`; an HTML answer to
 *   the GraphQL endpoint carrying those markers;
 * - a refusal: Instagram's failure envelope (`{"status":"fail"}` without data: its rate limit,
 *   whose "Please wait a few minutes…" sentence is translated and never read), a spam flag
 *   (`spam: true`, `feedback_required`). (Meta's `errors[].code` 1675004, which public scrapers
 *   call its rate limit, is not read: GraphQL execution errors are seen with it too.)
 * A profile page (`/@user`) may carry a login form beside the profile: there only the parser, which
 * knows whether the profile is missing, says what such a page is (profile.ts).
 */
import type { AnswerView, WallRule } from '../../upstream/blocks/catalogue.js';
import { parseUpstreamJson } from '../../parse/json.js';

const THREADS = /(^|\.)threads\.(?:com|net)$/i;
const WINDOW = 256 * 1024;
const NOT_LOGGED_IN = 1357001;

function threadsUrl(a: AnswerView): URL | null {
  try {
    const u = new URL(a.url);
    return THREADS.test(u.hostname) ? u : null;
  } catch {
    return null;
  }
}

const isGraphql = (u: URL) => /^\/api\/graphql\/?$/i.test(u.pathname);

/** The first JSON object of the body (`for (;;);` removed; one object per line when streamed). */
function firstObject(a: AnswerView): Record<string, unknown> | null {
  if (a.isMarkup || a.body.length > 1024 * 1024) return null;
  const line = a
    .text()
    .replace(/^\s*for\s*\(;;\);/, '')
    .trim()
    .split('\n', 1)[0];
  try {
    const v = parseUpstreamJson(line, 'wall check');
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Error codes of the answer: its `message` and its `errors[].message`, as whole strings. */
function codes(o: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (typeof o.message === 'string') out.push(o.message.trim());
  if (Array.isArray(o.errors))
    for (const e of o.errors)
      if (e && typeof (e as { message?: unknown }).message === 'string') out.push((e as { message: string }).message.trim());
  return out;
}

/** `errors[].code` numbers of the answer. */
function numericCodes(o: Record<string, unknown>): number[] {
  if (!Array.isArray(o.errors)) return [];
  return o.errors.map((e) => (e as { code?: unknown } | null)?.code).filter((c): c is number => typeof c === 'number');
}

const LOGIN_FORM = /<form\b[^>]*(?:\bid=["']?loginForm\b|\baction=["'][^"']*\/accounts\/login)/i;
const CHECKPOINT_MARKUP = /checkpoint_required|challenge_required|"checkpoint_url"|<form\b[^>]*\baction=["'][^"']*\/challenge\//i;

export const threadsLogin: WallRule = {
  name: 'login-wall',
  what: 'a login wall',
  login: true,
  test(a) {
    const u = threadsUrl(a);
    if (!u) return false;
    if (/^\/(?:accounts\/)?login\b/i.test(u.pathname)) return true;
    if (a.isMarkup) return isGraphql(u) && LOGIN_FORM.test(a.text().slice(0, WINDOW));
    const o = firstObject(a);
    return (
      o !== null &&
      (o.require_login === true ||
        o.error === NOT_LOGGED_IN ||
        numericCodes(o).includes(NOT_LOGGED_IN) ||
        codes(o).includes('login_required'))
    );
  },
};

export const threadsCheckpoint: WallRule = {
  name: 'checkpoint',
  what: 'a checkpoint page',
  test(a) {
    const u = threadsUrl(a);
    if (!u) return false;
    if (/^\/(?:challenge|checkpoint)\b/i.test(u.pathname)) return true;
    if (a.isMarkup) return isGraphql(u) && CHECKPOINT_MARKUP.test(a.text().slice(0, WINDOW));
    const o = firstObject(a);
    return (
      o !== null &&
      (typeof o.checkpoint_url === 'string' || codes(o).some((c) => c === 'checkpoint_required' || c === 'challenge_required'))
    );
  },
};

export const threadsRefused: WallRule = {
  name: 'refused',
  what: 'a refusal (rate limit or spam flag)',
  // A throttled answer at 429 gets the retries a 429 gets before it is a block.
  retry: true,
  test(a) {
    if (!threadsUrl(a) || a.isMarkup) return false;
    const o = firstObject(a);
    if (o === null) return false;
    if (o.status === 'fail' && o.data === undefined) return true;
    return o.spam === true || codes(o).includes('feedback_required');
  },
};

export const walls: readonly WallRule[] = [threadsLogin, threadsCheckpoint, threadsRefused];
