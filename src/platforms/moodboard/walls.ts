/**
 * Cosmos's walls, recognised by the upstream client on every answer (src/upstream/blocks), by
 * structure only. Every moodboard request is a POST to the GraphQL endpoint (api.cosmos.so), which
 * answers JSON — errors too (GraphQL-over-HTTP); so an HTML page where the JSON belongs at 401, 403
 * or 429 is a refusal or a challenge page, whatever its title says ("Access denied", or the same in
 * another language). Anti-bot vendors' pages (Cloudflare…) are the catalogue's own
 * (src/upstream/blocks/vendors.ts). An HTML page at another status is no wall: fetch.ts calls it
 * a changed shape (or what its status says).
 */
import type { WallRule } from '../../upstream/blocks/catalogue.js';

const COSMOS = /(^|\.)cosmos\.so$/i;

export const cosmosRefused: WallRule = {
  name: 'refused',
  what: 'an HTML refusal page where GraphQL JSON belongs',
  // A 429 gets the retries a 429 gets before it is a block.
  retry: true,
  test(a) {
    if (!a.isMarkup || (a.status !== 401 && a.status !== 403 && a.status !== 429)) return false;
    try {
      return COSMOS.test(new URL(a.url).hostname);
    } catch {
      return false;
    }
  },
};

export const walls: readonly WallRule[] = [cosmosRefused];
