/**
 * Kick's walls, recognised by the upstream client on every answer (src/upstream/blocks). Kick
 * sits behind Cloudflare: its challenge and block pages are the catalogue's vendor pages
 * (src/upstream/blocks/vendors.ts), whatever the status. Kick's own: a 403 from its public API
 * (`/api/…`), which answers anonymous callers when it answers at all — a refusal of this client
 * (its WAF's JSON `{"error": "Request blocked by security policy."}` or any other body), never a
 * private channel.
 */
import type { WallRule } from '../../upstream/blocks/catalogue.js';

const KICK = /(^|\.)kick\.com$/i;

export const kickForbidden: WallRule = {
  name: 'forbidden',
  what: 'its refusal of this client (HTTP 403 from the public API)',
  test(a) {
    if (a.status !== 403) return false;
    try {
      const u = new URL(a.url);
      return KICK.test(u.hostname) && u.pathname.startsWith('/api/');
    } catch {
      return false;
    }
  },
};

export const walls: readonly WallRule[] = [kickForbidden];
