/**
 * Next.js pages (linktr.ee, link.me) carry their data in `<script id="__NEXT_DATA__">`.
 */
import { isApiError, shapeChanged } from '../errors.js';
import { loadHtml } from '../parse/load-html.js';
import { parseUpstreamJson } from '../parse/json.js';

/** The JSON of `<script id="__NEXT_DATA__">`, or null when the page has none. */
export function extractNextData(html: string, platform: string): unknown {
  const $ = loadHtml(html, `${platform}: the page`);
  const script = $('script#__NEXT_DATA__').first();
  if (script.length === 0) return null;
  try {
    return parseUpstreamJson(script.text(), platform);
  } catch (e) {
    if (isApiError(e)) throw e;
    throw shapeChanged(platform, 'parseable __NEXT_DATA__ JSON');
  }
}
