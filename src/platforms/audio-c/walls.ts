/**
 * SoundCloud's walls, recognised by the upstream client on every answer (src/upstream/blocks), by
 * structure only. CloudFront (in front of api.soundcloud.com, api-v2 and soundcloud.com) answers a
 * request it blocks with an HTML 403 ("ERROR: The request could not be satisfied … Request
 * blocked", seen from datacenter addresses: soundcloud/api#481, #521); api-v2 itself refuses a
 * client id in JSON. So an HTML page at 403 from a SoundCloud host is a block, whatever it says
 * (a WAF's page in another language too), and a JSON 403 is left to fetch.ts (a refused client id,
 * renewed once). DataDome's captcha (HTML or its JSON `{"url": "https://geo.captcha-delivery.com/…"}`)
 * is a vendor page of the catalogue (src/upstream/blocks/vendors.ts); a real soundcloud.com page,
 * which loads DataDome's tag script, is neither.
 */
import type { WallRule } from '../../upstream/blocks/catalogue.js';

const SOUNDCLOUD = /(^|\.)soundcloud\.com$/i;

export const soundcloudHtml403: WallRule = {
  name: 'refused',
  what: 'an HTML 403 page (CloudFront "Request blocked" or a WAF)',
  test(a) {
    if (a.status !== 403 || !a.isMarkup) return false;
    try {
      return SOUNDCLOUD.test(new URL(a.url).hostname);
    } catch {
      return false;
    }
  },
};

export const walls: readonly WallRule[] = [soundcloudHtml403];
