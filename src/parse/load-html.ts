/**
 * The one way upstream HTML (and XML) becomes a cheerio document: `loadHtml(html, what)`, within
 * a budget. parse5 — cheerio's HTML parser — is the HTML standard's tree builder, and some of its
 * steps scan the stack of open elements or the list of active formatting elements: a page of
 * 10,000 unclosed `<div>`s cost it 1.5–2.7 s, 40,000 about 40 s, and 8 MB of bare `<a>` ran a
 * 512 MB heap out (an outside attack sweep); the text walk of domutils then overflows the call
 * stack on such a nesting. Any upstream can send that page, and so can any website a creator links.
 *
 * Two passes, both linear in the page under the budget:
 *  1. htmlparser2's streaming tokenizer (cheerio's own dependency) counts elements and comments,
 *     tracks nesting and the attributes of each element, and stops at the first bound crossed —
 *     before parse5 sees the page;
 *  2. parse5 builds the tree with a meter: its stack of open elements, the nodes it creates (it
 *     re-creates formatting elements, `<b>` closed by a `</div>`, for every block that follows)
 *     and the steps its per-token scans take are bounded the same way, because parse5 may nest
 *     deeper than the tokenizer sees (`<span><div></span>`: it ignores that end tag).
 * A page over a bound is UPSTREAM_FAILED naming the page and the bound, and is not parsed further
 * (a failure: 0 credits, nothing cached).
 *
 * The bounds sit far above real pages (every capture under shared/fixtures, Nov 2025): the
 * deepest nesting seen is 36 (a Google results page of 2016), the most elements 6,290 (a 2.4 MB
 * audio-b page), the most attributes on one element 21 (a Google page), the most steps about
 * 400,000 (a TikTok profile page: 74,000 tokens). At the bounds each pass takes well under a second.
 */
import * as cheerio from 'cheerio';
import type { Cheerio, CheerioAPI } from 'cheerio';
import { select } from 'cheerio-select';
import { Parser as Tokens } from 'htmlparser2';
import { Parser as TreeBuilder } from 'parse5';
import { adapter, type Htmlparser2TreeAdapterMap } from 'parse5-htmlparser2-tree-adapter';
import { upstreamFailed } from '../errors.js';

export const HTML_BUDGET = {
  /** Elements open inside each other (real pages: at most 36). */
  depth: 512,
  /** Elements and comments (real pages: at most 6,290); parse5 and domhandler hold ~0.7 KB per element. */
  nodes: 100_000,
  /** Attributes of one element (real pages: at most 21); parse5 compares each with those before it. */
  attributes: 256,
  /**
   * Parser steps: each tag or text token costs the nesting it is read at (the scans parse5 makes of
   * its open elements), each attribute the attributes before it on its element (real pages: at most
   * about 400,000).
   */
  steps: 20_000_000,
  /**
   * Characters of one text between two tags (a script's body included), one attribute, one comment
   * (real pages: at most 623,737, an audio-b page's data script). parse5 builds each one character
   * at a time, ~33 bytes of heap a character until it ends: 8 MB of text held 264 MB.
   */
  textRun: 2 * 1024 * 1024,
} as const;

/** A bound crossed: what was over it, for the message. */
class OverBudget extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

const tooDeep = () => new OverBudget(`elements nested deeper than ${HTML_BUDGET.depth} levels`);
const tooMany = () => new OverBudget(`more than ${HTML_BUDGET.nodes.toLocaleString('en')} elements`);
const tooManyAttributes = () => new OverBudget(`an element with more than ${HTML_BUDGET.attributes} attributes`);
const tooLongText = () =>
  new OverBudget(`a text, attribute or comment of more than ${HTML_BUDGET.textRun.toLocaleString('en')} characters`);
const tooLong = () => new OverBudget(`more than ${HTML_BUDGET.steps.toLocaleString('en')} parser steps (markup too dense to read)`);

const refused = (what: string, e: OverBudget) =>
  upstreamFailed(`${what} was refused: ${e.reason} (the gateway's bound for an upstream page)`);

/**
 * Pass 1: the tokenizer's count. htmlparser2 keeps its own stack of open elements (closing `<p>`,
 * `<li>`, void elements as browsers do) and is linear while that stack is bounded.
 */
function prescan(html: string, xmlMode: boolean): void {
  let depth = 0;
  let nodes = 0;
  let attributes = 0;
  let steps = 0;
  let text = 0;
  const step = (n: number) => {
    steps += n;
    if (steps > HTML_BUDGET.steps) throw tooLong();
  };
  const handler = {
    onopentagname(name: string) {
      text = name.length;
      if (text > HTML_BUDGET.textRun) throw tooLongText();
      depth++;
      nodes++;
      attributes = 0;
      if (depth > HTML_BUDGET.depth) throw tooDeep();
      if (nodes > HTML_BUDGET.nodes) throw tooMany();
      step(depth);
    },
    onattribute(name: string, value: string) {
      if (name.length + value.length > HTML_BUDGET.textRun) throw tooLongText();
      attributes++;
      if (attributes > HTML_BUDGET.attributes) throw tooManyAttributes();
      step(attributes);
    },
    onclosetag() {
      depth--;
    },
    ontext(data: string) {
      text += data.length;
      if (text > HTML_BUDGET.textRun) throw tooLongText();
    },
    oncomment(data: string) {
      if (data.length > HTML_BUDGET.textRun) throw tooLongText();
      text = 0;
      nodes++;
      if (nodes > HTML_BUDGET.nodes) throw tooMany();
    },
  };
  /** Every end tag, matched or not, is a scan of the open elements (the handler hears only the matched ones). */
  class Scan extends Tokens {
    override onclosetag(start: number, endIndex: number): void {
      if (endIndex - start > HTML_BUDGET.textRun) throw tooLongText();
      step(depth + 1);
      text = 0;
      super.onclosetag(start, endIndex);
    }
    /** A tag left open at the end (`<a b="…` to the last byte) is no event; parse5 still builds its attribute. */
    override onend(): void {
      if (html.length - this.endIndex > HTML_BUDGET.textRun) throw tooLongText();
      super.onend();
    }
  }
  new Scan(handler, { xmlMode }).end(html);
}

type Token<K extends 'onStartTag' | 'onCharacter'> = Parameters<TreeBuilder<Htmlparser2TreeAdapterMap>[K]>[0];

/** Pass 2: parse5 with a meter on each token it reads and each node it creates. */
class MeteredTreeBuilder extends TreeBuilder<Htmlparser2TreeAdapterMap> {
  private steps = 0;
  private meter(): void {
    const open = this.openElements.stackTop + 1;
    if (open > HTML_BUDGET.depth) throw tooDeep();
    this.steps += open;
    if (this.steps > HTML_BUDGET.steps) throw tooLong();
  }
  override onStartTag(token: Token<'onStartTag'>): void {
    this.meter();
    super.onStartTag(token);
  }
  override onEndTag(token: Token<'onStartTag'>): void {
    this.meter();
    super.onEndTag(token);
  }
  override onCharacter(token: Token<'onCharacter'>): void {
    this.meter();
    super.onCharacter(token);
  }
  override onWhitespaceCharacter(token: Token<'onCharacter'>): void {
    this.meter();
    super.onWhitespaceCharacter(token);
  }
  override onNullCharacter(token: Token<'onCharacter'>): void {
    this.meter();
    super.onNullCharacter(token);
  }
}

/** cheerio's tree adapter, counting the nodes parse5 creates (per parse: the count is its own). */
function countingAdapter(): typeof adapter {
  let nodes = 0;
  const count = () => {
    if (++nodes > HTML_BUDGET.nodes) throw tooMany();
  };
  return {
    ...adapter,
    createElement(tagName, namespaceURI, attrs) {
      count();
      return adapter.createElement(tagName, namespaceURI, attrs);
    },
    createCommentNode(data) {
      count();
      return adapter.createCommentNode(data);
    },
  };
}

type AnyNode = Parameters<typeof cheerio.contains>[0];
type FindBySelector = (this: Cheerio<AnyNode>, selector: string, limit: number) => Cheerio<AnyNode>;
/** Selectors cheerio resolves against the context elements themselves (`+ a`, `~ a`, `:scope > a`). */
const CONTEXT_SELECTOR = /^\s*(?:[+~]|:scope\b)/;

/**
 * `.find(selector)` on one element without cheerio's quadratic step: cheerio hands the element's
 * children to cheerio-select as an array, which removes nested members first (domutils
 * removeSubsets: each child against every other and against each ancestor's siblings — a
 * results block of 600 children read once per result heading took 128 s). Handed the element
 * itself, cheerio-select searches its children the same way (same matches, same order) without
 * that step. Several context elements, or a selector about the context itself, go the usual way.
 * Installed on this page's own cheerio instance (`$.fn`), never on cheerio's.
 */
function linearFind($: CheerioAPI): void {
  const fn = $.fn as unknown as { _findBySelector: FindBySelector };
  const usual = fn._findBySelector;
  fn._findBySelector = function (selector, limit) {
    if (this.length !== 1 || CONTEXT_SELECTOR.test(selector)) return usual.call(this, selector, limit);
    const context = this.toArray();
    const o = this.options;
    const found = select(
      selector,
      context[0],
      {
        context,
        root: this._root?.[0],
        xmlMode: o.xmlMode,
        lowerCaseTags: o.lowerCaseTags,
        lowerCaseAttributeNames: o.lowerCaseAttributeNames,
        pseudos: o.pseudos,
        quirksMode: o.quirksMode,
      },
      limit,
    );
    return this._make(found);
  };
}

/**
 * An upstream HTML page as cheerio reads it (`cheerio.load(html)`: parse5, scripting on), or
 * UPSTREAM_FAILED when it is over HTML_BUDGET. `what` names the page in that error
 * (`code: the trending developers page`).
 */
export function loadHtml(html: string, what: string): CheerioAPI {
  try {
    prescan(html, false);
    const doc = MeteredTreeBuilder.parse(html, { treeAdapter: countingAdapter(), scriptingEnabled: true });
    const $ = cheerio.load(doc);
    linearFind($);
    return $;
  } catch (e) {
    if (e instanceof OverBudget) throw refused(what, e);
    throw e;
  }
}

/**
 * A page as a reader of it takes it: its HTML, or the document its caller already parsed — a page
 * read by several readers (a website page: its links, text, addresses, credits…) is parsed once,
 * by the code that fetched it, and that one document handed to each.
 */
export type Html = string | CheerioAPI;

/** `page` as a document: parsed (loadHtml, `what` naming it) when given as HTML, else the caller's own. */
export function parsedHtml(page: Html, what: string): CheerioAPI {
  return typeof page === 'string' ? loadHtml(page, what) : page;
}

/**
 * `page` without the elements `drop` picks in it (its footer, its menus), for a reader that leaves
 * them out. A parsed page shared by several readers is never edited — each reader's answer is the
 * same whatever was read before it — so the elements are removed from a copy of it (a copy costs
 * about half a parse), or from the reader's own parse when given as HTML; with nothing to drop,
 * `page` itself.
 */
export function withoutElements(page: Html, what: string, drop: ($: CheerioAPI) => Cheerio<AnyNode>): CheerioAPI {
  if (typeof page === 'string') {
    const own = loadHtml(page, what);
    drop(own).remove();
    return own;
  }
  if (!drop(page).length) return page;
  const doc = page.root().clone()[0];
  doc.parent = null; // cheerio's clone hangs the copy under a root of its own
  const copy = cheerio.load(doc);
  linearFind(copy);
  drop(copy).remove();
  return copy;
}

/** An upstream XML document as `cheerio.load(xml, { xml: true })` reads it (htmlparser2), within the same budget. */
export function loadXml(xml: string, what: string): CheerioAPI {
  try {
    prescan(xml, true);
  } catch (e) {
    if (e instanceof OverBudget) throw refused(what, e);
    throw e;
  }
  const $ = cheerio.load(xml, { xml: true });
  linearFind($);
  return $;
}
