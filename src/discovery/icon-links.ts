/**
 * A link with no text of its own — a social icon: an `<a>` holding only an `<svg>`, an `<img>` or an
 * icon font (`<i class="fa-tiktok">`), named at most by an `aria-label`, a `title` or an `alt` inside
 * it. What the page says about it (text.ts anchorContexts) is then its icon's name — those
 * attributes, else its URL's site ("tiktok") — and the words of the block it sits in only when they
 * run up to it: a link page's header "Managed by Nord · [TikTok icon]" (a part separator between them)
 * says nothing of the icon beside it; "Photos by Lena [icon]" credits it.
 */
import type * as cheerio from 'cheerio';

type Anchor = ReturnType<cheerio.CheerioAPI>;

/** Whether the anchor has no words of its own (its text — an svg's `<title>` is the icon's name, not words — title and aria-label blank). */
export function isIconLink(a: Anchor): boolean {
  if (`${a.attr('title') ?? ''}${a.attr('aria-label') ?? ''}`.trim()) return false;
  const svg = a.find('svg').text();
  return !(svg ? a.text().split(svg).join('') : a.text()).trim();
}

/** An icon link's name: the alt, aria-label and title inside it, else its URL's site name ("tiktok", "instagram"). */
export function iconLabel(a: Anchor, url: URL): string {
  const named = a
    .find('[alt], [aria-label], [title], title')
    .toArray()
    .map((el) => {
      const e = a
        .find(el as never)
        .addBack(el as never)
        .first();
      return (el as { name?: string }).name === 'title' ? e.text() : (e.attr('alt') ?? e.attr('aria-label') ?? e.attr('title') ?? '');
    })
    .map((t) => t.trim())
    .filter(Boolean);
  if (named.length) return [...new Set(named)].join(' ').slice(0, 120);
  const labels = url.hostname.replace(/^www\./, '').split('.');
  return labels.length > 1 ? labels[labels.length - 2] : labels[0];
}

/** A node as domhandler gives it (the fields read). */
interface DomNode {
  type: string;
  data?: string;
  prev?: DomNode | null;
  parent?: DomNode | null;
  children?: DomNode[];
}

const nodeText = (n: DomNode): string => (n.type === 'text' ? (n.data ?? '') : (n.children ?? []).map(nodeText).join(''));

/** Part separators of a line ("Managed by Nord · [icon]", "bio | [icon]"). */
const PART_END_RE = /[·|｜•▪]\s*$/u;

/**
 * Whether the words of the block before an icon link end at a part separator ("Managed by Nord ·
 * [icon]"): they speak of another thing than the icon. Words running up to it ("Photos by Lena
 * [icon]", "My manager: [icon]") are about it, and nothing before it (an icon first) leaves the
 * block's words to it as before.
 */
export function setApartInBlock(a: Anchor, block: Anchor): boolean {
  const stop = block.get(0) as unknown as DomNode | undefined;
  let before = '';
  for (let n = a.get(0) as unknown as DomNode | undefined; n && n !== stop; n = n.parent ?? undefined)
    for (let p = n.prev; p; p = p.prev) before = nodeText(p) + before;
  return PART_END_RE.test(before);
}
