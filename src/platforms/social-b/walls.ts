/**
 * Instagram's walls, recognised by the upstream client on every answer (src/upstream/blocks):
 * the `require_login` JSON (`{"require_login":true,"status":"fail"}`, with or without "Please
 * wait a few minutes": ../shared/fixtures/blocks/social-b/), a redirect to the login page, and a
 * redirect to a checkpoint (`/challenge/`). Login-only data is never accessed.
 */
import type { AnswerView, WallRule } from '../../upstream/blocks/catalogue.js';

const INSTAGRAM = /^https?:\/\/(www\.)?instagram\.com\//i;

export const instagramLoginWall: WallRule = {
  name: 'login-wall',
  what: 'a login wall (login-only data is never accessed)',
  test(a: AnswerView) {
    if (INSTAGRAM.test(a.url) && /^https?:\/\/[^/]+\/accounts\/login\b/i.test(a.url)) return true;
    return !a.isMarkup && (a.json() as { require_login?: unknown } | undefined)?.require_login === true;
  },
};

export const instagramCheckpoint: WallRule = {
  name: 'checkpoint',
  what: 'a checkpoint page (/challenge/)',
  test: (a) => INSTAGRAM.test(a.url) && /^https?:\/\/[^/]+\/challenge\b/i.test(a.url),
};

export const walls: readonly WallRule[] = [instagramLoginWall, instagramCheckpoint];
