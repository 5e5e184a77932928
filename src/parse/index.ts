/**
 * The parse kit every platform parser reads upstream bodies with (yt-dlp's traverse_obj /
 * int_or_none in TypeScript): plain value readers and paths (./values.ts), the bound record
 * reader that tells a missing id (error), a missing usual field (null + warning) and an explicit
 * null (null) apart (./reader.ts), HTML readers over cheerio (./html.ts) and the one way upstream HTML
 * is loaded, within a budget (./load-html.ts); what a signed-out visitor sees of an object, the
 * requester's own members left out (./viewer.ts).
 *
 * Warnings go to `warn(platform, 'record.field')` (src/observability/warn.ts): counted per platform
 * and field in `cl_parser_warnings_total` and in /v1/status.
 */
export * from './values.js';
export * from './reader.js';
export * from './html.js';
export { HTML_BUDGET, loadHtml, loadXml } from './load-html.js';
export { markupTags, scriptElements, stripTags, type MarkupTag, type ScriptElement } from './markup.js';
export { captureWarnings } from './capture.js';
export { signedOut, type SignedOutValue, type SignedOutValues } from './viewer.js';
