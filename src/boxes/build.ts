// Box generation (CSS 2.1 §9.2, CSS Display 3): the styled element tree becomes a tree of
// block and inline boxes, with anonymous boxes, generated content, list markers and counters.
import type { ComputedStyle, ContentItem, ListStyleType, StyledDocument, StyledElement, StyledText } from '../css/types.js';
import type { DomElement } from '../dom/types.js';
import type { ImageResource, SvgImage } from '../paint/types.js';
import { withCurrentColor } from '../resources/svg/inline.js';
import { DEFAULT_HEIGHT, DEFAULT_WIDTH, inlineNaturalSize } from '../resources/svg/viewport.js';
import { anonymousStyle, anonymousStyleWith } from './anonymous-style.js';
import { formatCounter, markerText } from './counter-style.js';
import { CounterScope } from './counters.js';
import type {
  AtomicInlineBox,
  BlockBox,
  BlockLevelBox,
  BoxTree,
  FirstLineStyles,
  InlineBox,
  InlineLevelBox,
  LinkTarget,
  MarkerBox,
  PageTextSource,
  ReplacedBox,
  TextBox,
  TextDecoration,
} from './types.js';
import { buildTable, columnSpan, isCollapsibleSpace, spanAttribute, tablePartRole, wrapStrayParts, type BuildItem, type TablePart } from './table.js';
import { makeFlexContainer } from './flex-items.js';
import { parseLeader } from './leader.js';
import { gridItems, type WrapRun } from './grid-items.js';
import { withFirstLetter, type FirstLetterBuilder } from './first-letter.js';
import { parseTargetCounter } from './target-counter.js';
import { processWhiteSpace } from './white-space.js';
import { fragmentId } from '../dom/fragment-id.js';
import { isMulticolContainer, withColumnFlow } from './multicol.js';
import { FormControls, isFormControl } from './form-controls.js';
import { autoQuotes } from './quotes.js';
import { contentTag, isLabelText, textTag } from '../paint/structure.js';
import { markParagraph } from './paragraph.js';

/**
 * Resources box generation needs; all fetched before (DESIGN.md: no I/O after resources/).
 *
 * Box generation is where image URLs become images: `<img src>`, `list-style-image` and
 * `background-image` are looked up here, and boxes carry the decoded ImageResource
 * (ReplacedBox.image, an image marker, `backgroundImage` on any box). Layout and paint stay
 * pure functions of the box tree: they never see the URL map or a URL.
 */
export interface BoxBuildInput {
  readonly images: ReadonlyMap<string, ImageResource>;
  /** The image of each inline `<svg>` element (resources/gather.ts); absent: the document has none. */
  readonly inlineSvgs?: ReadonlyMap<DomElement, SvgImage>;
}

/** The decoded background image of a style, if any; passed to the box constructors below. */
type BackgroundOf = (style: ComputedStyle) => ImageResource | undefined;

type LevelBox = BlockLevelBox | InlineLevelBox;

const PX = 0.75;

/** Builds the box tree of a styled document. */
export function buildBoxTree(doc: StyledDocument, input: BoxBuildInput): BoxTree {
  const builder = new BoxBuilder(input, doc.root.element);
  const boxes = builder.element(doc.root, []);
  const root = rootBlock(doc.root, boxes, builder.backgroundOf);
  return { root, fixed: builder.fixed, needsPageTotals: builder.needsPageTotals, hasAbsolute: builder.hasAbsolute, hasFlex: builder.hasFlex, warnings: builder.warnings };
}

/** The root element's principal box is always a block container that establishes a BFC. */
function rootBlock(root: StyledElement, boxes: readonly BuildItem[], backgroundOf: BackgroundOf): BlockBox {
  const only = boxes.length === 1 ? boxes[0] : undefined;
  if (only && only.kind === 'block' && only.element === root.element) return { ...only, establishesBfc: true };
  // A root table keeps its own box, which draws its background and border and applies its
  // sizes and margins; the block around it is anonymous and takes only what CSS 2.1 §17.4
  // gives the table wrapper box and the page loop reads off the root: its positioning scheme.
  if (only && only.kind === 'table' && only.element === root.element) {
    const { position, top, right, bottom, left, zIndex } = root.style;
    return makeBlock({ ...anonymousStyle(root.style), position, top, right, bottom, left, zIndex }, null, boxes, null, true);
  }
  return makeBlock(root.style, root.element, boxes, null, true, backgroundOf(root.style));
}

/** An out-of-flow element's boxes as one block container that establishes a BFC. */
function outOfFlowBlock(node: StyledElement, items: readonly BuildItem[]): BlockBox {
  const only = items.length === 1 ? items[0] : undefined;
  if (only && only.kind === 'block' && only.element === node.element) return { ...only, establishesBfc: true };
  return makeBlock(anonymousStyle(node.style), null, items, null, true);
}

function isInlineLevelDisplay(display: ComputedStyle['display']): boolean {
  return display === 'inline' || display === 'inline-block' || display === 'inline-table' || display === 'inline-flex' || display === 'inline-grid';
}

function isBlockLevel(box: LevelBox): box is BlockLevelBox {
  return box.kind === 'block' || box.kind === 'replaced' || box.kind === 'table';
}

class BoxBuilder {
  readonly warnings: string[] = [];
  readonly fixed: BlockLevelBox[] = [];
  /** Content laid out with the pages (not a running element's, which margin boxes lay out last) shows the page total or a target's page. */
  needsPageTotals = false;
  hasAbsolute = false;
  hasFlex = false;
  private readonly counters = new CounterScope();
  private readonly forms = new FormControls((message) => this.warnings.push(message));
  private quoteDepth = 0;
  private runningDepth = 0;
  /** The `order` of the element begun last (in document order): where the text met next sits in the structure (ContentTag). */
  private lastOrder = 0;
  /** Inline SVG images by key and `color` (withCurrentColor), decoded again once per colour. */
  private readonly recoloured = new Map<string, SvgImage>();

  /** The root element's overflow: when visible, the body's goes to the viewport instead. */
  private rootOverflow: ComputedStyle['overflow'] = 'visible';

  constructor(private readonly input: BoxBuildInput, private readonly rootElement: DomElement) {}

  /** A url `background-image` resolved against the fetched images (gather.ts warned about any it could not have); gradients are painted from the style. */
  readonly backgroundOf: BackgroundOf = (style) => (typeof style.backgroundImage === 'string' ? this.input.images.get(style.backgroundImage) : undefined);

  /** The boxes one element generates (none, one, or several when an inline is split by blocks). */
  element(node: StyledElement, decorations: readonly TextDecoration[]): BuildItem[] {
    this.lastOrder = node.element.order;
    if (node.element === this.rootElement) this.rootOverflow = node.style.overflow;
    else node = withViewportOverflow(node, this.rootElement, this.rootOverflow);
    const { style } = node;
    if (style.display === 'none') return [];
    if (typeof style.position === 'object') return [this.runningAnchor(node, style.position.running)];
    // A positioned root is placed by the page loop: it has no flow to leave.
    if ((style.position === 'absolute' || style.position === 'fixed') && node.element !== this.rootElement) {
      const box = this.outOfFlow(node);
      // A fixed box is shown on every page (css-position-3 §3.4 in paged media); its placeholder still gives its static position.
      if (style.position === 'fixed') this.fixed.push(box);
      return [this.absolutePlaceholder(node, box)];
    }
    if (style.float === 'none') return this.principal(node, decorations);
    // A float is out of flow (CSS 2.1 §9.5) and takes no decorations from its ancestors (CSS Text
    // Decoration 3 §2): its one block-level box travels as a float item, inline-level inside
    // inline content (it does not split the line's inline boxes) and a block-level child among blocks.
    const items = this.principal(node, []);
    const only = items.length === 1 ? items[0]! : undefined;
    if (!only || only.kind === 'table-part' || !isBlockLevel(only)) return items;
    return [{ kind: 'float', style, element: node.element, box: only }];
  }

  /**
   * A running element (css-gcpm-3 §2.2) leaves an empty box where it was, so that the page
   * it lands on knows to start showing it; its own boxes become one block.
   */
  private runningAnchor(node: StyledElement, name: string): BuildItem {
    this.runningDepth++;
    const running = { name, box: outOfFlowBlock(node, this.principal(node, [])) };
    this.runningDepth--;
    const style = anonymousStyle(node.style, node.style.display === 'inline' ? 'inline' : 'block');
    if (style.display === 'inline') return { kind: 'inline', style, element: null, children: [], link: null, running };
    return { kind: 'block', style, element: null, content: { kind: 'blocks', children: [] }, marker: null, establishesBfc: false, running };
  }

  /**
   * An absolutely positioned element (fixed ones too, CSS 2.1 §9.6.1) leaves the flow (§9.6)
   * and leaves an empty placeholder where it was, inline-level when the element was
   * inline-level before blockification, from which layout takes its static position.
   * Decorations do not propagate into the out-of-flow box.
   */
  private absolutePlaceholder(node: StyledElement, absolute: BlockLevelBox): BuildItem {
    if (absolute.style.position === 'absolute') this.hasAbsolute = true;
    if (isInlineLevelDisplay(node.style.originalDisplay)) {
      return { kind: 'inline', style: anonymousStyle(node.style, 'inline'), element: null, children: [], link: null, absolute };
    }
    return { kind: 'block', style: anonymousStyle(node.style), element: null, content: { kind: 'blocks', children: [] }, marker: null, establishesBfc: false, absolute };
  }

  /** An out-of-flow element's boxes as one block-level box: an image or a table stays itself. */
  private outOfFlow(node: StyledElement): BlockLevelBox {
    const items = this.principal(node, []);
    const only = items.length === 1 ? items[0] : undefined;
    if (only && (only.kind === 'replaced' || only.kind === 'table') && only.element === node.element) return only;
    return outOfFlowBlock(node, items);
  }

  private principal(node: StyledElement, decorations: readonly TextDecoration[]): BuildItem[] {
    const { style, element } = node;
    this.applyCounters(node);
    const tag = element.tagName;
    if (tag === 'br') return [{ kind: 'br', style, element }];
    if (tag === 'img') return this.image(node);
    if (isFormControl(tag) && style.display !== 'contents') return this.formControl(node);
    const svg = tag === 'svg' ? this.input.inlineSvgs?.get(element) : undefined;
    if (svg) return this.inlineSvg(node, svg);
    // `content: url()` on an element replaces its contents by the image (css-content-3 §2).
    const replacement = contentImageUrl(style);
    const image = replacement === null ? undefined : this.input.images.get(replacement);
    if (image) return this.replaced(node, image);

    const own = withOwnDecorations(style, decorations);
    const atomic = isAtomicInline(style);
    const inner = atomic ? withOwnDecorations(style, []) : own;
    const contents = this.contents(node, inner);
    const display = style.display;
    if (display === 'contents') return contents;
    const items = node.firstLetter !== null && isBlockContainer(display) ? withFirstLetter(contents, this.firstLetterBuilder(node.firstLetter)) : contents;
    const background = this.backgroundOf(style);
    if (display === 'inline') return makeInline(style, element, items, linkOf(element), background);
    if (display === 'grid' || display === 'inline-grid') {
      const grid = gridContainer(style, element, items, background);
      return display === 'inline-grid' ? [{ kind: 'atomic', style, element, box: grid }] : [grid];
    }
    const table = tableBoxes(style, element, items, background);
    if (table) return table;
    if (display === 'flex' || display === 'inline-flex') {
      const flex = makeFlexContainer(style, element, items, background, tableCell);
      this.hasFlex = true;
      return atomic ? [{ kind: 'atomic', style, element, box: flex }] : [flex];
    }
    const inside = style.listStylePosition === 'inside';
    const marker = display === 'list-item' ? this.marker(node, inside) : null;
    const blockItems = marker && inside ? [marker, ...items] : items;
    const outside = marker && !inside ? (marker as MarkerBox | ReplacedBox) : null;
    const made = makeBlock(style, element, blockItems, outside, atomic || establishesBfc(style), background);
    const block = node.firstLine === null ? made : withFirstLine(made, { style: node.firstLine, base: style });
    return atomic ? [{ kind: 'atomic', style, element, box: block }] : [block];
  }

  /**
   * How ::first-letter boxes are made (CSS 2.1 §5.12.2): an inline box with the pseudo-element's
   * style around the letter, or, floated, a block (as a floated span would be); `display`
   * other than that does not apply to it.
   */
  private firstLetterBuilder(letterStyle: ComputedStyle): FirstLetterBuilder {
    const style: ComputedStyle = letterStyle.float === 'none' && letterStyle.display !== 'inline' ? { ...letterStyle, display: 'inline' } : letterStyle;
    const background = this.backgroundOf(style);
    return {
      letter: (text, letter) => {
        const box: TextBox = { kind: 'text', style, element: null, text: transformText(letter, style), decorations: withOwnDecorations(style, text.decorations), tag: text.tag ?? null };
        return style.float === 'none' ? makeInline(style, null, [box], null, background) : [makeBlock(style, null, [box], null, true, background)];
      },
      block: (box, items) => makeBlock(box.style, box.element, items, box.marker, box.establishesBfc, box.backgroundImage),
      inline: (box, items) => makeInline(box.style, box.element, items, box.link, box.backgroundImage),
    };
  }

  /** ::before, the children, ::after — with counter scoping around them. */
  private contents(node: StyledElement, decorations: readonly TextDecoration[]): BuildItem[] {
    const out: BuildItem[] = [];
    this.counters.enterChildren();
    if (node.before) out.push(...this.pseudo(node, node.before, decorations));
    for (const child of node.children) {
      if (child.kind === 'element') {
        for (const item of this.element(child, decorations)) out.push(item);
      } else if (child.text.length > 0) out.push(this.text(child, node.element, decorations));
    }
    if (node.after) out.push(...this.pseudo(node, node.after, decorations));
    this.counters.leaveChildren();
    return out;
  }

  private text(child: StyledText, parent: DomElement, decorations: readonly TextDecoration[]): TextBox {
    return { kind: 'text', style: child.style, element: null, text: transformText(child.text, child.style), decorations, tag: textTag(parent, child.text, this.lastOrder) };
  }

  /** A ::before/::after box: its content evaluated to text (CSS 2.1 §12.2). */
  private pseudo(owner: StyledElement, style: ComputedStyle, decorations: readonly TextDecoration[]): BuildItem[] {
    if (style.display === 'none' || !Array.isArray(style.content)) return [];
    this.counters.reset(style.counterReset);
    this.counters.increment(style.counterIncrement);
    this.counters.set(style.counterSet);
    const own = withOwnDecorations(style, decorations);
    const items = this.evaluateContent(style.content as readonly ContentItem[], owner.element, style, own);
    const background = this.backgroundOf(style);
    if (style.display === 'inline') return makeInline(style, null, items, null, background);
    const table = tableBoxes(style, null, items, background);
    if (table) return table;
    const block = makeBlock(style, null, items, null, isAtomicInline(style) || establishesBfc(style), background);
    if (isAtomicInline(style)) return [{ kind: 'atomic', style, element: null, box: block }];
    // A floated pseudo-element travels as a float item, as a floated element does (see element()):
    // among inline content it stays in the line it occurs in (CSS 2.1 §9.5.1).
    return style.float === 'none' ? [block] : [{ kind: 'float', style, element: null, box: block }];
  }

  /**
   * `content` as inline boxes: text, and page text for what only the page knows —
   * `counter(page)`, `counter(pages)` (css-page-3 §4.4) and `target-counter(attr(href), page)` —
   * and leaders (`leader()`), which line layout stretches over the line's free space.
   */
  private evaluateContent(items: readonly ContentItem[], element: DomElement, style: ComputedStyle, decorations: readonly TextDecoration[]): InlineLevelBox[] {
    const out: InlineLevelBox[] = [];
    let text = '';
    const tag = contentTag(element, this.lastOrder);
    const flush = () => {
      if (text.length > 0) out.push({ kind: 'text', style, element: null, text: transformText(text, style), decorations, tag });
      text = '';
    };
    const pageText = (source: PageTextSource, counterStyle: ListStyleType) => {
      flush();
      if (source.kind !== 'page' && this.runningDepth === 0) this.needsPageTotals = true;
      out.push({ kind: 'page-text', style, element: null, source, counterStyle, decorations, tag });
    };
    for (const item of items) {
      switch (item.kind) {
        case 'string': text += item.value; break;
        case 'attr': text += element.attrs.get(item.name) ?? ''; break;
        case 'counter':
          if (item.name === 'page' || item.name === 'pages') pageText({ kind: item.name }, item.style);
          else text += formatCounter(this.counters.value(item.name), item.style);
          break;
        case 'counters': text += this.counters.values(item.name).map((v) => formatCounter(v, item.style)).join(item.separator); break;
        case 'open-quote': text += quoteFor(style, this.quoteDepth++, true); break;
        case 'close-quote': text += quoteFor(style, (this.quoteDepth = Math.max(0, this.quoteDepth - 1)), false); break;
        case 'function': {
          if (item.name === 'leader') {
            const pattern = parseLeader(item.args);
            if (pattern !== null) {
              flush();
              out.push({ kind: 'leader', style, element: null, pattern, decorations, tag });
            }
            break;
          }
          const target = item.name === 'target-counter' ? parseTargetCounter(item.args, element) : null;
          if (target) pageText({ kind: 'target-page', id: target.id }, target.style);
          break;
        }
        case 'url': {
          // An image is an inline replaced box at its intrinsic size (CSS 2.1 §12.2); one
          // that could not be had is left out (gather.ts warned).
          const image = this.input.images.get(item.url);
          if (image) {
            flush();
            out.push(contentImage(style, image));
          }
          break;
        }
      }
    }
    flush();
    return out;
  }

  /** counter-reset, -increment, -set, plus the implicit list-item counter of HTML lists. */
  private applyCounters(node: StyledElement): void {
    const { style, element } = node;
    const tag = element.tagName;
    if ((tag === 'ol' || tag === 'ul' || tag === 'menu') && !namesListItem(style.counterReset)) {
      this.counters.reset([{ name: 'list-item', value: listCounterStart(element) }]);
    }
    this.counters.reset(style.counterReset);
    if (style.display === 'list-item' && !namesListItem(style.counterIncrement)) {
      const value = Number.parseInt(element.attrs.get('value') ?? '', 10);
      if (tag === 'li' && Number.isFinite(value)) this.counters.set([{ name: 'list-item', value }]);
      else this.counters.increment([{ name: 'list-item', value: isReversedList(element.parent) ? -1 : 1 }]);
    }
    this.counters.increment(style.counterIncrement);
    this.counters.set(style.counterSet);
  }

  /**
   * The list marker of a list item (CSS Lists 3 §3): the `list-style-image` when it was fetched
   * and decoded, else the list-style-type's bullet or text; null for none. An image marker is
   * a replaced box at the image's intrinsic size: outside, it hangs before the first line
   * (layout/marker.ts); inside, it is an inline image with Chromium's 7px gap after it.
   */
  private marker(node: StyledElement, inside: boolean): MarkerBox | ReplacedBox | AtomicInlineBox | null {
    const style = node.marker ?? node.style;
    const url = node.style.listStyleImage;
    const image = url === null ? undefined : this.input.images.get(url);
    if (image) {
      const replaced = markerImage(style, image, inside);
      return inside ? { kind: 'atomic', style: replaced.style, element: null, box: replaced } : replaced;
    }
    const type = node.style.listStyleType;
    if (type === 'none') return null;
    if (type === 'disc' || type === 'circle' || type === 'square') {
      return { kind: 'marker', style, element: null, marker: { kind: 'bullet', shape: type } };
    }
    const text = markerText(this.counters.value('list-item'), type);
    const tag = isLabelText(text) ? contentTag(node.element, node.element.order, true) : null;
    return { kind: 'marker', style, element: null, marker: { kind: 'text', text }, tag };
  }

  /** A form control's box (form-controls.ts): atomic inline unless its display is block-level. */
  private formControl(node: StyledElement): LevelBox[] {
    const box = this.forms.box(node);
    return isInlineLevelDisplay(node.style.display) ? [{ kind: 'atomic', style: box.style, element: node.element, box }] : [box];
  }

  /** `<img>`: a replaced box when its image decoded, else its alt text. */
  private image(node: StyledElement): LevelBox[] {
    const { style, element } = node;
    const src = element.attrs.get('src') ?? '';
    const image = this.input.images.get(src);
    if (!image) {
      const alt = element.attrs.get('alt') ?? '';
      return alt ? [{ kind: 'text', style, element, text: alt, decorations: [], tag: contentTag(element, element.order) }] : [];
    }
    return this.replaced(node, image);
  }

  /**
   * An inline `<svg>`: a replaced element (SVG 2 §8.2) sized by its natural dimensions and
   * ratio (viewport.ts), drawn with `currentColor` as the element's `color`. Identical markup
   * in the same colour is one image, so one XObject.
   */
  private inlineSvg(node: StyledElement, svg: SvgImage): LevelBox[] {
    const { width, height, ratio } = inlineNaturalSize(node.element.attrs);
    const key = `${svg.key} ${JSON.stringify(node.style.color)}`;
    let image = this.recoloured.get(key);
    if (!image) this.recoloured.set(key, (image = withCurrentColor(svg, node.style.color)));
    // CSS Images 3 §4.3 (default sizing): a missing dimension from the other and the ratio,
    // else from the default object size (300×150). With a ratio alone the box fills its
    // containing block's width (CSS 2.1 §10.3.2), so the ratio is all the box records.
    const w = width ?? (height !== null && ratio ? height * ratio : null);
    const h = height ?? (width !== null && ratio ? width / ratio : null);
    if (w === null && h === null && ratio) return this.replaced(node, image, { width: ratio, height: 1, natural: 'ratio-only' });
    return this.replaced(node, image, { width: (w ?? DEFAULT_WIDTH) * PX, height: (h ?? DEFAULT_HEIGHT) * PX, ...(ratio ? {} : { natural: 'no-ratio' as const }) });
  }

  /** An element as a replaced box showing `image`: atomic inline when the element is inline-level. */
  private replaced(node: StyledElement, image: ImageResource, natural?: { width: number; height: number; natural?: ReplacedBox['natural'] }): LevelBox[] {
    const { style, element } = node;
    const background = this.backgroundOf(style);
    const replaced: ReplacedBox = {
      kind: 'replaced',
      style,
      element,
      image,
      intrinsicWidth: natural?.width ?? image.pixelWidth * PX,
      intrinsicHeight: natural?.height ?? image.pixelHeight * PX,
      ...(natural?.natural ? { natural: natural.natural } : {}),
      ...(background ? { backgroundImage: background } : {}),
    };
    if (isAtomicInline(style) || style.display === 'inline') return [{ kind: 'atomic', style, element, box: replaced }];
    return [replaced];
  }
}

/** The image of `content: url()` alone, which replaces an element's contents; null otherwise. */
function contentImageUrl(style: ComputedStyle): string | null {
  const content = style.content;
  return Array.isArray(content) && content.length === 1 && content[0].kind === 'url' ? content[0].url : null;
}

/** An image of `content`: a replaced box in an anonymous inline box of the generating style. */
function contentImage(style: ComputedStyle, image: ImageResource): AtomicInlineBox {
  const replaced: ReplacedBox = {
    kind: 'replaced',
    style: anonymousStyle(style, 'inline'),
    element: null,
    image,
    intrinsicWidth: image.pixelWidth * PX,
    intrinsicHeight: image.pixelHeight * PX,
  };
  return { kind: 'atomic', style: replaced.style, element: null, box: replaced };
}

/** Chromium's gap between an image marker and the content (kCMarkerPaddingPx, 7px), pt: after an inside marker here, before the content edge for an outside one (layout/marker.ts). */
export const IMAGE_MARKER_GAP = 7 * PX;

// The style of an image marker: the marker's inherited properties, nothing of its own but the
// inside gap. Shared per marker style.
const markerImageStyles = new WeakMap<ComputedStyle, ComputedStyle>();

function markerImage(markerStyle: ComputedStyle, image: ImageResource, inside: boolean): ReplacedBox {
  const base = anonymousStyle(markerStyle, 'inline');
  let style = base;
  if (inside) {
    // The gap is on the end side: the left in rtl.
    const gap = { abs: IMAGE_MARKER_GAP, pct: 0 };
    style = markerImageStyles.get(markerStyle) ?? (markerStyle.direction === 'rtl' ? { ...base, marginLeft: gap } : { ...base, marginRight: gap });
    markerImageStyles.set(markerStyle, style);
  }
  return { kind: 'replaced', style, element: null, image, intrinsicWidth: image.pixelWidth * PX, intrinsicHeight: image.pixelHeight * PX };
}

function namesListItem(list: readonly { name: string }[]): boolean {
  return list.some((c) => c.name === 'list-item');
}

function isReversedList(element: DomElement | null): boolean {
  return element !== null && element.tagName === 'ol' && element.attrs.has('reversed');
}

/**
 * The list-item counter's value before the first item (HTML §4.4.5): `start - 1`, or for a
 * reversed list `start + 1`, where a reversed list without `start` counts its items.
 */
function listCounterStart(list: DomElement): number {
  const start = Number.parseInt(list.attrs.get('start') ?? '', 10);
  if (list.tagName !== 'ol') return 0;
  if (!isReversedList(list)) return Number.isFinite(start) ? start - 1 : 0;
  const items = list.children.filter((c) => c.kind === 'element' && c.tagName === 'li').length;
  return (Number.isFinite(start) ? start : items) + 1;
}

/** A cell or caption: a block container that establishes a BFC (CSS 2.1 §17.4, §17.5). */
function tableCell(style: ComputedStyle, element: DomElement | null, items: readonly BuildItem[]): BlockBox {
  return makeBlock(style, element, items, null, true);
}

/**
 * The boxes of a table or table-internal element: a table (atomic when inline-table), or a
 * part that the table fix-up places later; null for other displays.
 */
function tableBoxes(style: ComputedStyle, element: DomElement | null, items: readonly BuildItem[], background: ImageResource | undefined): BuildItem[] | null {
  if (style.display === 'table') return [withBackground(buildTable(style, element, items, tableCell), background)];
  if (style.display === 'inline-table') return [{ kind: 'atomic', style, element, box: withBackground(buildTable(style, element, items, tableCell), background) }];
  const role = tablePartRole(style.display);
  if (role === null) return null;
  let part: TablePart;
  if (role === 'cell') part = { kind: 'table-part', role, box: withBackground(tableCell(style, element, items), background), colSpan: spanAttribute(element, 'colspan'), rowSpan: spanAttribute(element, 'rowspan') };
  else if (role === 'caption') part = { kind: 'table-part', role, box: withBackground(tableCell(style, element, items), background) };
  else part = withBackground({ kind: 'table-part', role, style, element, items, span: columnSpan(element) }, background);
  return [part];
}

/** `box` with a decoded background image, when there is one. */
function withBackground<T extends object>(box: T, background: ImageResource | undefined): T {
  return background ? { ...box, backgroundImage: background } : box;
}

/**
 * `block` with its first formatted line marked for ::first-line (CSS 2.1 §5.12.1): its own
 * inline content, or that of its first in-flow block child, recursively. A block that already
 * has a ::first-line of its own (from a rule on a descendant element) keeps it.
 */
function withFirstLine(block: BlockBox, firstLine: FirstLineStyles): BlockBox {
  if (block.firstLine !== undefined) return block;
  if (block.content.kind === 'inline') return { ...block, firstLine };
  // A flex or grid container is not a block container: it has no first formatted line (css-flexbox-1 §3).
  if (block.content.kind !== 'blocks') return block;
  const children = block.content.children;
  const i = children.findIndex((c) => c.kind !== 'block' || (c.style.float === 'none' && c.style.position !== 'absolute' && c.running === undefined && !isEmptyBlock(c)));
  const first = children[i];
  if (first === undefined || first.kind !== 'block') return block;
  return { ...block, content: { kind: 'blocks', children: children.map((c, j) => (j === i ? withFirstLine(first, firstLine) : c)) } };
}

function isEmptyBlock(box: BlockBox): boolean {
  return box.content.kind === 'blocks' && box.content.children.length === 0;
}

/** Displays whose box is a block container, which has a first formatted line (CSS 2.1 §9.2.1). */
function isBlockContainer(display: ComputedStyle['display']): boolean {
  return display === 'block' || display === 'list-item' || display === 'inline-block' || display === 'flow-root' || display === 'table-cell' || display === 'table-caption';
}

function isAtomicInline(style: ComputedStyle): boolean {
  return style.display === 'inline-block' || style.display === 'inline-table' || style.display === 'inline-flex' || style.display === 'inline-grid';
}

/**
 * The body's overflow goes to the viewport when the root's is visible (css-overflow-3 §3.3):
 * the body box itself is then not clipped and starts no formatting context of its own.
 */
function withViewportOverflow(node: StyledElement, root: DomElement, rootOverflow: ComputedStyle['overflow']): StyledElement {
  const element = node.element;
  if (node.style.overflow === 'visible' || rootOverflow !== 'visible' || element.tagName !== 'body' || element.parent !== root) return node;
  return { ...node, style: { ...node.style, overflowX: 'visible', overflowY: 'visible', overflow: 'visible' } };
}

/** Boxes that start a new block formatting context (CSS 2.1 §9.4.1). */
function establishesBfc(style: ComputedStyle): boolean {
  return style.overflow === 'hidden' || style.display === 'flow-root' || style.float !== 'none'
    || style.position === 'absolute' || style.position === 'fixed' || style.display === 'table-cell';
}

function withOwnDecorations(style: ComputedStyle, inherited: readonly TextDecoration[]): readonly TextDecoration[] {
  const line = style.textDecorationLine;
  if (!line.underline && !line.overline && !line.lineThrough) return inherited;
  const add = (kind: TextDecoration['line']): TextDecoration => ({ line: kind, color: style.textDecorationColor, style: style.textDecorationStyle });
  const out = [...inherited];
  if (line.underline) out.push(add('underline'));
  if (line.overline) out.push(add('overline'));
  if (line.lineThrough) out.push(add('line-through'));
  return out;
}

function linkOf(element: DomElement): LinkTarget | null {
  if (element.tagName !== 'a') return null;
  const href = element.attrs.get('href')?.trim();
  if (!href) return null;
  if (href.startsWith('#')) return href.length > 1 ? { dest: fragmentId(href.slice(1)) } : null;
  return { uri: href };
}

/**
 * An inline box around inline-level items. Block-level items split it (CSS 2.1 §9.2.1.1):
 * the parts before and after become separate inline boxes beside the block.
 */
function makeInline(style: ComputedStyle, element: DomElement | null, built: readonly BuildItem[], link: LinkTarget | null, background?: ImageResource): LevelBox[] {
  const items = wrapStrayParts(built, style, true, tableCell);
  const out: LevelBox[] = [];
  let run: InlineLevelBox[] = [];
  const flush = (force: boolean) => {
    if (run.length > 0 || force) out.push({ kind: 'inline', style, element, children: run, link, ...(background ? { backgroundImage: background } : {}) } satisfies InlineBox);
    run = [];
  };
  for (const item of items) {
    if (isBlockLevel(item)) {
      flush(false);
      out.push(offsetWithInline(item, style));
    } else run.push(item);
  }
  flush(out.length === 0);
  return out;
}

/**
 * A block inside a relatively positioned inline moves with it (CSS 2.1 §9.2.1.1): it is
 * wrapped in an anonymous block that carries the inline's offsets, resolved against the
 * same containing block.
 */
function offsetWithInline(item: BlockLevelBox, inline: ComputedStyle): BlockLevelBox {
  if (inline.position !== 'relative') return item; // sticky computes to relative in print
  if (item.style.position === 'absolute' || item.style.position === 'fixed' || item.style.float !== 'none') return item;
  const { position, top, right, bottom, left } = inline;
  const style = anonymousStyleWith(inline, { position, top, right, bottom, left });
  return { kind: 'block', style, element: null, content: { kind: 'blocks', children: [item] }, marker: null, establishesBfc: false };
}

/**
 * A block container. Mixed content is fixed up with anonymous block boxes around runs of
 * inline-level boxes; runs of collapsible white space between blocks generate nothing.
 */
function makeBlock(...args: Parameters<typeof blockContainer>): BlockBox {
  const box = blockContainer(...args);
  return isMulticolContainer(box.style) ? withColumnFlow(box) : box;
}

function blockContainer(
  style: ComputedStyle,
  element: DomElement | null,
  built: readonly BuildItem[],
  marker: MarkerBox | ReplacedBox | null,
  bfc: boolean,
  background?: ImageResource,
): BlockBox {
  const own = background ? { backgroundImage: background } : {};
  const items = wrapStrayParts(built, style, false, tableCell);
  const hasBlocks = items.some(isBlockLevel);
  if (!hasBlocks && onlyOutOfFlowAndSpace(items as InlineLevelBox[])) {
    // No line box for floats and absolutely positioned boxes alone (CSS 2.1 §9.4.2): margins collapse through.
    return { kind: 'block', style, element, content: { kind: 'blocks', children: outOfFlowBlocks(items as InlineLevelBox[], style) }, marker, establishesBfc: bfc, ...own };
  }
  if (!hasBlocks) {
    markParagraph(items as InlineLevelBox[]);
    const inline = processWhiteSpace(items as InlineLevelBox[]);
    const content = inline.length > 0 ? { kind: 'inline' as const, ifc: { children: inline } } : { kind: 'blocks' as const, children: [] };
    return { kind: 'block', style, element, content, marker, establishesBfc: bfc, ...own };
  }
  const children: BlockLevelBox[] = [];
  let run: InlineLevelBox[] = [];
  const flush = () => {
    // Floats and placeholders with nothing but collapsible spaces around them sit among the blocks: no line box for them.
    if (onlyOutOfFlowAndSpace(run)) children.push(...outOfFlowBlocks(run, style));
    else if (run.length > 0) {
      markParagraph(run);
      const anon = anonymousStyle(style);
      children.push({ kind: 'block', style: anon, element: null, content: { kind: 'inline', ifc: { children: processWhiteSpace(run) } }, marker: null, establishesBfc: false });
    }
    run = [];
  };
  for (const item of items) {
    if (isBlockLevel(item)) {
      flush();
      children.push(item);
    } else run.push(item);
  }
  flush();
  return { kind: 'block', style, element, content: { kind: 'blocks', children }, marker, establishesBfc: bfc, ...own };
}

/** A grid container (css-grid-1 §5.1): establishes a new formatting context for its items. */
function gridContainer(style: ComputedStyle, element: DomElement | null, built: readonly BuildItem[], background?: ImageResource): BlockBox {
  const wrapRun: WrapRun = (run) => (onlyOutOfFlowAndSpace(run) ? outOfFlowBlocks(run, style) : [makeBlock(anonymousStyle(style), null, run, null, true)]);
  const items = gridItems(wrapStrayParts(built, style, false, tableCell), wrapRun);
  return { kind: 'block', style, element, content: { kind: 'grid', items }, marker: null, establishesBfc: true, ...(background ? { backgroundImage: background } : {}) };
}

/**
 * Only floats, absolutely positioned placeholders and collapsible spaces, maybe inside inline
 * boxes without margins, padding or borders: these make no line box (CSS 2.1 §9.4.2).
 */
function onlyOutOfFlowAndSpace(items: readonly InlineLevelBox[]): boolean {
  return items.every((item) => {
    if (item.kind === 'float') return true;
    if (item.kind === 'text') return isCollapsibleSpace(item);
    if (item.kind === 'inline') return item.absolute !== undefined || (item.children.length > 0 && !hasInlineFrame(item.style) && onlyOutOfFlowAndSpace(item.children));
    return false;
  });
}

/** Inline-axis margins, padding or borders, which give an inline box a place on a line. */
function hasInlineFrame(style: ComputedStyle): boolean {
  const nonZero = (l: { abs: number; pct: number } | 'auto') => l !== 'auto' && (l.abs !== 0 || l.pct !== 0);
  return nonZero(style.marginLeft) || nonZero(style.marginRight) || nonZero(style.paddingLeft) || nonZero(style.paddingRight)
    || style.borderLeftWidth !== 0 || style.borderRightWidth !== 0;
}

/** The floats, and a block-level placeholder for each inline-level one (it takes a block-level static position), in tree order. */
function outOfFlowBlocks(items: readonly InlineLevelBox[], style: ComputedStyle, out: BlockLevelBox[] = []): BlockLevelBox[] {
  for (const item of items) {
    if (item.kind === 'float') out.push(item.box);
    else if (item.kind === 'inline' && item.absolute) {
      out.push({ kind: 'block', style: anonymousStyle(style), element: null, content: { kind: 'blocks', children: [] }, marker: null, establishesBfc: false, absolute: item.absolute, onLine: true });
    } else if (item.kind === 'inline') outOfFlowBlocks(item.children, style, out);
  }
  return out;
}

/** text-transform (CSS Text 3 §2.1). */
function transformText(text: string, style: ComputedStyle): string {
  switch (style.textTransform) {
    case 'uppercase': return text.toUpperCase();
    case 'lowercase': return text.toLowerCase();
    case 'capitalize': return text.replace(/(^|[\s\-–—(["'“‘])(\p{L})/gu, (_m, pre: string, ch: string) => pre + ch.toUpperCase());
    default: return text;
  }
}

/**
 * The quote for a nesting depth: the last pair repeats for deeper levels; `none` gives
 * nothing; `auto` takes the element's language's quotes (quotes.ts).
 */
function quoteFor(style: ComputedStyle, depth: number, open: boolean): string {
  const quotes = style.quotes;
  if (quotes === 'none') return '';
  const pairs = quotes === 'auto' ? autoQuotes(style.lang) : quotes;
  const count = Math.floor(pairs.length / 2);
  if (count === 0) return '';
  const level = Math.min(depth, count - 1);
  return pairs[level * 2 + (open ? 0 : 1)] ?? '';
}
