// HTML → DomDocument with parse5. Accepts anything a browser accepts: fragments are placed in
// a synthesized html/body exactly as the HTML parsing algorithm does.
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import type { DomDocument, DomElement, DomNode, DomText } from './types.js';

type P5Node = DefaultTreeAdapterMap['node'];
type P5Element = DefaultTreeAdapterMap['element'];

interface MutableElement {
  kind: 'element';
  tagName: string;
  attrs: Map<string, string>;
  children: DomNode[];
  parent: DomElement | null;
  elementIndex: number;
  order: number;
}

/** Parses an HTML string into the engine's element tree. Never throws on malformed HTML. */
export function parseHtml(html: string): DomDocument {
  const p5 = parse(html);
  const htmlEl = p5.childNodes.find((n): n is P5Element => 'tagName' in n && n.tagName === 'html');
  if (!htmlEl) throw new Error('parse5 produced no <html> element');
  const styleSheets: { text: string; media: string | null }[] = [];
  let title: string | null = null;
  let order = 0;

  const convert = (src: P5Element, parent: DomElement | null, elementIndex: number): DomElement => {
    const el: MutableElement = {
      kind: 'element',
      tagName: src.tagName,
      attrs: new Map(src.attrs.map((a) => [a.name, a.value])),
      children: [],
      parent,
      elementIndex,
      order: order++,
    };
    const self = el as DomElement;
    if (src.tagName === 'style') {
      styleSheets.push({ text: textOf(src), media: el.attrs.get('media') ?? null });
    } else if (src.tagName === 'title' && title === null) {
      title = textOf(src).trim();
    }
    let index = 0;
    const kids = src.tagName === 'template' ? [] : src.childNodes;
    for (const child of kids) {
      if ('tagName' in child) el.children.push(convert(child as P5Element, self, index++));
      else if (child.nodeName === '#text') {
        const text: DomText = { kind: 'text', text: (child as { value: string }).value, parent: self };
        el.children.push(text);
      }
    }
    return self;
  };

  const root = convert(htmlEl, null, 0);
  return { root, styleSheets, title };
}

function textOf(el: P5Node): string {
  if ('value' in el && el.nodeName === '#text') return (el as { value: string }).value;
  if ('childNodes' in el) return el.childNodes.map(textOf).join('');
  return '';
}
