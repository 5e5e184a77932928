/**
 * Instagram's walls, recognised by the upstream client on every answer (src/upstream/blocks), by
 * structure only — the keys and codes of its JSON failure envelope (`{"status": "fail", …}`) and
 * the paths a redirect ends on, never its `message`, which is a sentence in the visitor's language
 * ("Please wait a few minutes before you try again.", "Attendi qualche minuto…"):
 * - a login wall: `require_login: true` (with or without the "Please wait" sentence:
 *   ../shared/fixtures/blocks/social-b/), the code `login_required`, or a redirect to the login
 *   page (`/accounts/login/`). Login-only data is never accessed;
 * - a checkpoint: `checkpoint_url`, a `challenge` object, or the codes `checkpoint_required` /
 *   `challenge_required`; or a redirect to `/challenge/`;
 * - a refusal: the failure envelope at 401, 403 or 429 (its status says it: a rate limit or a
 *   refusal, whatever the message), or flagged as spam (`spam: true`, `feedback_required`).
 * A fail envelope at any other status is no wall: parse.ts `failureOf` says what it is.
 */
import type { AnswerView, WallRule } from '../../upstream/blocks/catalogue.js';

const INSTAGRAM = /^https?:\/\/((www|i)\.)?instagram\.com\//i;

/** Instagram's failure envelope (`status: "fail"`, or `require_login`) of a JSON answer, or null. */
function failure(a: AnswerView): Record<string, unknown> | null {
  if (a.isMarkup) return null;
  const v = a.json();
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  return o.status === 'fail' || o.require_login === true ? o : null;
}

/** The `message` when it is one of Instagram's codes (a lower-case identifier), else null. */
function code(o: Record<string, unknown>): string | null {
  return typeof o.message === 'string' && /^[a-z]+(?:_[a-z]+)+$/.test(o.message.trim()) ? o.message.trim() : null;
}

export const instagramLoginWall: WallRule = {
  name: 'login-wall',
  what: 'a login wall (login-only data is never accessed)',
  test(a: AnswerView) {
    if (INSTAGRAM.test(a.url) && /^https?:\/\/[^/]+\/accounts\/login\b/i.test(a.url)) return true;
    const o = failure(a);
    return o !== null && (o.require_login === true || code(o) === 'login_required');
  },
};

export const instagramCheckpoint: WallRule = {
  name: 'checkpoint',
  what: 'a checkpoint page (/challenge/)',
  test(a) {
    if (INSTAGRAM.test(a.url) && /^https?:\/\/[^/]+\/challenge\b/i.test(a.url)) return true;
    const o = failure(a);
    if (o === null) return false;
    const c = code(o);
    return (
      typeof o.checkpoint_url === 'string' ||
      (typeof o.challenge === 'object' && o.challenge !== null) ||
      c === 'checkpoint_required' ||
      c === 'challenge_required'
    );
  },
};

export const instagramRefused: WallRule = {
  name: 'refused',
  what: 'its failure answer (rate limit or refusal)',
  // A 429 gets the retries a 429 gets before it is a block.
  retry: true,
  test(a) {
    const o = failure(a);
    if (o === null) return false;
    return a.status === 401 || a.status === 403 || a.status === 429 || o.spam === true || code(o) === 'feedback_required';
  },
};

export const walls: readonly WallRule[] = [instagramLoginWall, instagramCheckpoint, instagramRefused];
