/**
 * Linear scans of markup text, for readers that work on the text rather than a parsed document.
 * Regexes such as `<[^>]*>` or `<script\b[^>]*>([\s\S]*?)<\/script>` are quadratic on hostile
 * text: from every `<` without a `>` (or a `<script` without `</script>`) after it they read to the
 * end of the text, and try again from the next one (200 KB of `<` took a tag-stripping regex 54 s).
 * Here each search goes on from where the last one stopped.
 *
 * `scriptElements`: the `<script>` elements of a page's text, in one pass: what `/<script\b([^>]*)>([\s\S]*?)<\/script>/gi`
 * matches (the tag's attributes up to its first `>`, the text up to the first `</script>`, case
 * aside), without its cost. That regex, when a `<script` has no `</script>` after it, reads the page
 * to its end — and again from every later `<script`: 400 KB of unclosed scripts took seconds, 8 MB
 * minutes (an outside sweep). Here each search goes on from where the last one stopped, and a
 * script that never closes ends the scan (every later one lies inside it, unclosed too).
 */

export interface ScriptElement {
  /** The tag's text after `<script`, up to (not including) its `>`: its attributes. */
  attrs: string;
  /** The script's text, up to (not including) the first `</script>`. */
  body: string;
  /** Where `<script` starts. */
  start: number;
  /** Where the element ends (after `</script>`). */
  end: number;
}

const OPEN = /<script\b/gi;
const CLOSE = /<\/script>/gi;

/** The page's script elements in document order (linear in the page). */
export function* scriptElements(html: string): Generator<ScriptElement> {
  const open = new RegExp(OPEN);
  const close = new RegExp(CLOSE);
  let from = 0;
  for (;;) {
    open.lastIndex = from;
    const m = open.exec(html);
    if (!m) return;
    const gt = html.indexOf('>', open.lastIndex);
    if (gt < 0) return;
    close.lastIndex = gt + 1;
    const c = close.exec(html);
    if (!c) return;
    from = close.lastIndex;
    yield { attrs: html.slice(open.lastIndex, gt), body: html.slice(gt + 1, c.index), start: m.index, end: from };
  }
}

export interface MarkupTag {
  /** Where `<` is. */
  start: number;
  /** After its `>`. */
  end: number;
}

/**
 * What `/<[^>]*>/g` matches, in order: from each `<` to the first `>` after it. A `<` with no `>`
 * after it ends the scan (the rest is text: no later `<` has one either).
 */
export function* markupTags(text: string): Generator<MarkupTag> {
  let from = 0;
  for (;;) {
    const lt = text.indexOf('<', from);
    if (lt < 0) return;
    const gt = text.indexOf('>', lt + 1);
    if (gt < 0) return;
    yield { start: lt, end: gt + 1 };
    from = gt + 1;
  }
}

/**
 * `text.replace(/<[^>]*>/g, '')` in one pass; with `nonEmpty`, `/<[^>]+>/g` (an empty `<>` kept).
 */
export function stripTags(text: string, opts: { nonEmpty?: boolean } = {}): string {
  let out = '';
  let from = 0;
  for (const t of markupTags(text)) {
    if (opts.nonEmpty && t.end - t.start === 2) continue;
    out += text.slice(from, t.start);
    from = t.end;
  }
  return out + text.slice(from);
}
