/**
 * Next.js pages (linktr.ee, link.me) carry their data in `<script id="__NEXT_DATA__">`.
 */
import * as cheerio from 'cheerio';
import { isApiError, shapeChanged } from '../errors.js';
import { parseUpstreamJson } from '../parse/json.js';

/** The JSON of `<script id="__NEXT_DATA__">`, or null when the page has none. */
export function extractNextData(html: string, platform: string): unknown {
  const $ = cheerio.load(html);
  const script = $('script#__NEXT_DATA__').first();
  if (script.length === 0) return null;
  try {
    return parseUpstreamJson(script.text(), platform);
  } catch (e) {
    if (isApiError(e)) throw e;
    throw shapeChanged(platform, 'parseable __NEXT_DATA__ JSON');
  }
}
