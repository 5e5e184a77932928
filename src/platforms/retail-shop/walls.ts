/**
 * Amazon's walls, recognised by the upstream client on every answer (src/upstream/blocks), by
 * structure only — the pages are translated on every Amazon marketplace, so their sentences
 * ("Enter the characters you see below", "Sorry! Something went wrong") are never keys:
 * - the robot check: a form posting to `/errors/validateCaptcha` (with its `amzn` / `amzn-r`
 *   fields), or a redirect that ends on that path;
 * - the "dogs of Amazon" page Amazon serves (often as 503) when it throttles: the `cs_503`
 *   referral tags of its links (`/ref=cs_503_logo`, `/dogsofamazon/ref=cs_503_d`). Its 404
 *   sibling (`cs_404`) is the storefront's absence, not a wall (parse.ts);
 * - the sign-in page a redirect ends on (`/ap/signin`): a login wall.
 * No capture exists (platforms.md); the pages in the tests are our own.
 */
import type { AnswerView, WallRule } from '../../upstream/blocks/catalogue.js';

const AMAZON = /(^|\.)amazon\.[a-z.]{2,6}$/i;

function amazonPath(a: AnswerView): string | null {
  try {
    const u = new URL(a.url);
    return AMAZON.test(u.hostname) ? u.pathname : null;
  } catch {
    return null;
  }
}

/** Amazon's pages are small; a marker beyond this is a storefront's own content. */
const WINDOW = 300_000;

export const amazonRobotCheck: WallRule = {
  name: 'robot-check',
  what: 'its robot check (captcha form posting to /errors/validateCaptcha)',
  test(a) {
    if (amazonPath(a)?.startsWith('/errors/validateCaptcha')) return true;
    return a.isMarkup && /<form\b[^>]*\baction=["'][^"']*\/errors\/validateCaptcha/i.test(a.text().slice(0, WINDOW));
  },
};

export const amazonDogPage: WallRule = {
  name: 'dog-page',
  what: 'its "Sorry! Something went wrong" error page (the cs_503 dog page: throttled)',
  // Throttling passes: at 503 it gets the one retry a 503 gets (test/faults/challenges.test.ts).
  retry: true,
  test: (a) => a.isMarkup && /\bhref=["'][^"']*\/ref=cs_503_(?:logo|link|d)\b/i.test(a.text().slice(0, WINDOW)),
};

export const amazonSignIn: WallRule = {
  name: 'login-wall',
  what: 'a login wall (its /ap/signin page; login-only data is never accessed)',
  login: true,
  test: (a) => amazonPath(a)?.startsWith('/ap/signin') === true,
};

export const walls: readonly WallRule[] = [amazonRobotCheck, amazonDogPage, amazonSignIn];
