/**
 * retail-shop's storefront URLs (Amazon), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { afterPrefix } from '../../links/rules.js';

/** amazon.<any suffix>/shop/<creator> is a storefront; any other Amazon page is `amazon`. */
export const links: LinkRule = {
  platform: 'retail-shop',
  hosts: ['amazon.*', 'amzn.to', 'amzn.eu', 'a.co'],
  shorteners: ['amzn.to', 'amzn.eu', 'a.co'],
  handle: afterPrefix(['shop'], /^[A-Za-z0-9._-]{1,100}$/),
  otherwise: 'amazon',
  storefront: true,
};
