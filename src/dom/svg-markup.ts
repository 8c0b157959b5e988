// An inline `<svg>` element of an HTML document (HTML §13.2.6.5: its subtree is parsed into the
// SVG namespace) written out as a stand-alone SVG document, so that the SVG image decoder
// (resources/svg/) draws it exactly as it draws an SVG file. Attributes and text go through as
// they are; what only HTML parsing allows is left out so that the result is well-formed XML:
// elements of other namespaces (HTML inside `<foreignObject>`), comments, and attributes with
// a prefix XML would need declared.
import type { DefaultTreeAdapterMap } from 'parse5';
import { textValue } from './text-gathering-adapter.js';

type P5Node = DefaultTreeAdapterMap['node'];
type P5Element = DefaultTreeAdapterMap['element'];

export const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';
const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

/**
 * The markup of `root` with the SVG and XLink namespaces declared on it. Stops after `maxChars`
 * characters (the decoder then refuses the result by its size), so a huge subtree costs no
 * more than that; iterative, so depth costs no stack.
 */
export function svgMarkup(root: P5Element, maxChars: number): string {
  const parts: string[] = [];
  let length = 0;
  const push = (s: string) => {
    parts.push(s);
    length += s.length;
  };
  // Each entry is a node to open, or the end tag to write once its children are done.
  const stack: (P5Node | string)[] = [root];
  while (stack.length > 0 && length <= maxChars) {
    const node = stack.pop()!;
    if (typeof node === 'string') {
      push(node);
      continue;
    }
    if (node.nodeName === '#text') {
      push(escapeText(textValue(node as DefaultTreeAdapterMap['textNode'])));
      continue;
    }
    if (!('tagName' in node) || node.namespaceURI !== SVG_NAMESPACE) continue;
    const el = node as P5Element;
    push(`<${el.tagName}${node === root ? ` xmlns="${SVG_NAMESPACE}" xmlns:xlink="${XLINK_NAMESPACE}"` : ''}${attributes(el)}>`);
    stack.push(`</${el.tagName}>`);
    for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push(el.childNodes[i]!);
  }
  const text = parts.join('');
  return text.length > maxChars ? text.slice(0, maxChars + 1) : text;
}

/** The attributes as XML: xlink: and xml: ones under their prefixes, namespace declarations and other prefixed names left out. */
function attributes(el: P5Element): string {
  let out = '';
  for (const a of el.attrs) {
    let name: string;
    if (a.namespace === XLINK_NAMESPACE) name = `xlink:${a.name}`;
    else if (a.namespace === XML_NAMESPACE) name = `xml:${a.name}`;
    else if (a.namespace || a.name.includes(':') || a.name === 'xmlns') continue;
    else name = a.name;
    if (!/^[A-Za-z_][\w.:-]*$/.test(name)) continue;
    out += ` ${name}="${escapeAttribute(a.value)}"`;
  }
  return out;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}
