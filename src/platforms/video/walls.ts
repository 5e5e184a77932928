/**
 * YouTube's walls, recognised by the upstream client on every answer (src/upstream/blocks):
 * Google's /sorry/ "unusual traffic" page and the cookie-consent interstitial — reached by a
 * redirect to consent.youtube.com, or served in place (forms posting there, no `ytInitialData`)
 * — on YouTube as on Google search (websearch/walls.ts). The consent page is translated into the
 * visitor's language: it is never keyed on its text.
 */
import type { WallRule } from '../../upstream/blocks/catalogue.js';
import { googleConsent, googleConsentInPlace, googleSorry } from '../websearch/walls.js';

export const walls: readonly WallRule[] = [googleSorry, googleConsent, googleConsentInPlace];
