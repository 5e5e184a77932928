/**
 * Reddit's wall, recognised by the upstream client on every answer (src/upstream/blocks): its
 * 403 JSON (`{"message": "Forbidden", "error": 403}`, ../shared/fixtures/blocks/forum/), which
 * it sends to clients it refuses. Other 403 / 429 answers are blocks by status (fetch.ts).
 */
import type { WallRule } from '../../upstream/blocks/catalogue.js';

export const redditForbidden: WallRule = {
  name: 'forbidden',
  what: 'its 403 "Forbidden" answer',
  test: (a) => a.status === 403 && !a.isMarkup && (a.json() as { error?: unknown } | undefined)?.error === 403,
};

export const walls: readonly WallRule[] = [redditForbidden];
