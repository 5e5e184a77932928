/**
 * YouTube's walls, recognised by the upstream client on every answer (src/upstream/blocks):
 * Google's /sorry/ "unusual traffic" page and the cookie-consent interstitial, on YouTube as on
 * Google search (websearch/walls.ts). A consent page served in place, without a redirect, is
 * still recognised by the parser (`isConsentPage`), which needs the page.
 */
import type { WallRule } from '../../upstream/blocks/catalogue.js';
import { googleConsent, googleSorry } from '../websearch/walls.js';

export const walls: readonly WallRule[] = [googleSorry, googleConsent];
