// A small, strict XML 1.0 parser for SVG files: elements, attributes, text, CDATA, comments,
// processing instructions, a DOCTYPE whose internal subset may declare simple entities (as
// Illustrator writes them), and Namespaces in XML 1.0 resolution. Not well-formed input is an
// error, as it is for browsers, which show nothing for a malformed SVG image. Every loop is
// bounded by the input length and the limits below: bad input is an error value, never a
// throw or a hang.

export const SVG_NS = 'http://www.w3.org/2000/svg';
export const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** An element: its local name, namespace, attributes and children (elements and text). */
export interface XmlElement {
  readonly name: string;
  /** The resolved namespace URI, or null for none. */
  readonly ns: string | null;
  /**
   * Attributes without a namespace by local name; `xlink:` and `xml:` attributes under those
   * prefixes whatever the document calls them. Namespace declarations and attributes of other
   * namespaces (editor metadata) are left out.
   */
  readonly attrs: ReadonlyMap<string, string>;
  readonly children: readonly (XmlElement | string)[];
}

export interface XmlLimits {
  readonly maxElements: number;
  readonly maxDepth: number;
  /** Characters entity expansion may add to the document in total (against "billion laughs"). */
  readonly maxExpansion: number;
}

export type XmlResult = { readonly ok: true; readonly root: XmlElement } | { readonly ok: false; readonly error: string };

interface OpenElement {
  readonly qname: string;
  readonly attrs: Map<string, string>;
  readonly rawAttrs: readonly [string, string][];
  readonly children: (XmlElement | string)[];
  /** Namespace bindings in scope (prefix → URI; '' is the default namespace). */
  readonly scope: ReadonlyMap<string, string>;
}

const PREDEFINED: ReadonlyMap<string, string> = new Map([['lt', '<'], ['gt', '>'], ['amp', '&'], ['quot', '"'], ['apos', "'"]]);
const NAME = /[A-Za-z_:\u00C0-\uFFFF][\w.:\u00B7\u00C0-\uFFFF-]*/y;

class XmlError extends Error {}

/** Parses a whole document (after the caller decoded it to text) into its root element. */
export function parseXml(text: string, limits: XmlLimits): XmlResult {
  try {
    return { ok: true, root: new Parser(text, limits).document() };
  } catch (error) {
    if (error instanceof XmlError) return { ok: false, error: error.message };
    throw error;
  }
}

class Parser {
  private pos = 0;
  private elements = 0;
  private expanded = 0;
  private readonly entities = new Map<string, string>();
  private readonly stack: OpenElement[] = [];
  private root: XmlElement | null = null;

  constructor(private readonly text: string, private readonly limits: XmlLimits) {}

  document(): XmlElement {
    const { text } = this;
    while (this.pos < text.length) {
      const lt = text.indexOf('<', this.pos);
      const end = lt < 0 ? text.length : lt;
      if (end > this.pos) this.characters(text.slice(this.pos, end));
      if (lt < 0) break;
      this.pos = lt;
      this.markup();
    }
    if (this.stack.length > 0) this.fail(`<${this.stack[this.stack.length - 1]!.qname}> is not closed`);
    if (!this.root) this.fail('no root element');
    return this.root;
  }

  private markup(): void {
    const { text } = this;
    if (text.startsWith('<!--', this.pos)) this.pos = this.skipPast('-->', this.pos + 4, 'comment');
    else if (text.startsWith('<![CDATA[', this.pos)) {
      const end = this.indexOrFail(']]>', this.pos + 9, 'CDATA section');
      this.cdata(text.slice(this.pos + 9, end));
      this.pos = end + 3;
    } else if (text.startsWith('<?', this.pos)) this.pos = this.skipPast('?>', this.pos + 2, 'processing instruction');
    else if (text.startsWith('<!DOCTYPE', this.pos)) this.doctype();
    else if (text.startsWith('</', this.pos)) this.endTag();
    else this.startTag();
  }

  private characters(raw: string): void {
    const open = this.stack[this.stack.length - 1];
    if (!open) {
      if (/\S/.test(raw)) this.fail('text outside the root element');
      return;
    }
    open.children.push(this.expand(raw));
  }

  private cdata(raw: string): void {
    const open = this.stack[this.stack.length - 1];
    if (!open) this.fail('CDATA outside the root element');
    open.children.push(raw);
  }

  private startTag(): void {
    const { text } = this;
    this.pos++;
    const qname = this.name();
    const rawAttrs: [string, string][] = [];
    for (;;) {
      const spaced = this.skipSpace();
      const c = text[this.pos];
      if (c === undefined) this.fail(`<${qname}> is not closed`);
      if (c === '>' || c === '/') break;
      if (!spaced) this.fail(`no space before an attribute of <${qname}>`);
      const attrName = this.name();
      this.skipSpace();
      if (text[this.pos] !== '=') this.fail(`attribute ${attrName} of <${qname}> has no value`);
      this.pos++;
      this.skipSpace();
      const quote = text[this.pos];
      if (quote !== '"' && quote !== "'") this.fail(`attribute ${attrName} of <${qname}> is not quoted`);
      const end = this.indexOrFail(quote, this.pos + 1, 'attribute value');
      const raw = text.slice(this.pos + 1, end);
      if (raw.includes('<')) this.fail(`"<" in attribute ${attrName}`);
      this.pos = end + 1;
      if (rawAttrs.some(([n]) => n === attrName)) this.fail(`attribute ${attrName} repeated on <${qname}>`);
      // XML 1.0 §3.3.3: white space characters in attribute values become spaces.
      rawAttrs.push([attrName, this.expand(raw).replace(/[\t\n\r]/g, ' ')]);
    }
    const selfClosing = text[this.pos] === '/';
    if (selfClosing && text[this.pos + 1] !== '>') this.fail(`stray "/" in <${qname}>`);
    this.pos += selfClosing ? 2 : 1;
    this.open(qname, rawAttrs);
    if (selfClosing) this.close(qname);
  }

  private open(qname: string, rawAttrs: [string, string][]): void {
    if (this.root) this.fail('more than one root element');
    if (++this.elements > this.limits.maxElements) this.fail(`more than ${this.limits.maxElements} elements`);
    if (this.stack.length >= this.limits.maxDepth) this.fail(`elements nested more than ${this.limits.maxDepth} deep`);
    const parentScope = this.stack[this.stack.length - 1]?.scope ?? new Map<string, string>([['xml', XML_NS]]);
    let scope: Map<string, string> | null = null;
    for (const [name, value] of rawAttrs) {
      if (name === 'xmlns' || name.startsWith('xmlns:')) {
        scope ??= new Map(parentScope);
        scope.set(name === 'xmlns' ? '' : name.slice(6), value);
      }
    }
    this.stack.push({ qname, attrs: new Map(), rawAttrs, children: [], scope: scope ?? parentScope });
  }

  private endTag(): void {
    this.pos += 2;
    const qname = this.name();
    this.skipSpace();
    if (this.text[this.pos] !== '>') this.fail(`</${qname}> is not closed`);
    this.pos++;
    this.close(qname);
  }

  private close(qname: string): void {
    const open = this.stack.pop();
    if (!open || open.qname !== qname) this.fail(`</${qname}> does not match ${open ? `<${open.qname}>` : 'any open element'}`);
    const element = this.resolve(open);
    const parent = this.stack[this.stack.length - 1];
    if (parent) parent.children.push(element);
    else this.root = element;
  }

  /** Namespaces in XML 1.0 §6: the element's and attributes' prefixes against the scope. */
  private resolve(open: OpenElement): XmlElement {
    const { prefix, local } = splitName(open.qname);
    const ns = open.scope.get(prefix) ?? null;
    if (prefix !== '' && ns === null) this.fail(`undeclared namespace prefix "${prefix}"`);
    for (const [name, value] of open.rawAttrs) {
      const split = splitName(name);
      if (split.prefix === '') {
        if (name !== 'xmlns') open.attrs.set(name, value);
        continue;
      }
      if (split.prefix === 'xmlns') continue; // a namespace declaration
      const attrNs = open.scope.get(split.prefix);
      if (attrNs === undefined) this.fail(`undeclared namespace prefix "${split.prefix}"`);
      if (attrNs === XLINK_NS) open.attrs.set(`xlink:${split.local}`, value);
      else if (attrNs === XML_NS) open.attrs.set(`xml:${split.local}`, value);
    }
    return { name: local, ns: ns === '' ? null : ns, attrs: open.attrs, children: open.children };
  }

  /** `<!DOCTYPE name ... [internal subset]>`: keeps `<!ENTITY name "value">` declarations. */
  private doctype(): void {
    const { text } = this;
    let i = this.pos + 9;
    let quote: string | null = null;
    let bracket = -1;
    for (; i < text.length; i++) {
      const c = text[i];
      if (quote) {
        if (c === quote) quote = null;
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '[') {
        bracket = i;
        break;
      } else if (c === '>') break;
    }
    if (i >= text.length) this.fail('DOCTYPE is not closed');
    if (bracket < 0) {
      this.pos = i + 1;
      return;
    }
    const close = this.indexOrFail(']', bracket, 'DOCTYPE internal subset');
    this.declareEntities(text.slice(bracket + 1, close));
    this.pos = this.skipPast('>', close, 'DOCTYPE');
  }

  private declareEntities(subset: string): void {
    // Only internal entities with a literal value: parameter entities (%) and external ones
    // (SYSTEM, PUBLIC) never match, so nothing outside the file is ever read.
    const declaration = /<!ENTITY\s+(%\s+)?([^\s"'%>]+)\s+(?:"([^"]*)"|'([^']*)')/g;
    for (const match of subset.matchAll(declaration)) {
      const value = match[3] ?? match[4];
      if (match[1] || value === undefined) continue;
      if (!this.entities.has(match[2]!)) this.entities.set(match[2]!, value);
    }
  }

  /** Replaces character and entity references (XML 1.0 §4.4), internal entities recursively. */
  private expand(raw: string, depth = 0): string {
    if (!raw.includes('&')) return raw;
    if (depth > 8) this.fail('entities nested too deep');
    return raw.replace(/&([^;&\s]*);?/g, (whole, name: string) => {
      if (!whole.endsWith(';')) this.fail(`"&" without a reference`);
      if (name.startsWith('#')) return this.characterReference(name);
      const predefined = PREDEFINED.get(name);
      if (predefined !== undefined) return predefined;
      const value = this.entities.get(name);
      if (value === undefined) this.fail(`undefined entity &${name};`);
      this.expanded += value.length;
      if (this.expanded > this.limits.maxExpansion) this.fail('entities expand to too much text');
      return this.expand(value, depth + 1);
    });
  }

  private characterReference(name: string): string {
    const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) this.fail(`bad character reference &${name};`);
    return String.fromCodePoint(code);
  }

  private name(): string {
    NAME.lastIndex = this.pos;
    const match = NAME.exec(this.text);
    if (!match) this.fail('a name was expected');
    this.pos += match[0].length;
    return match[0];
  }

  private skipSpace(): boolean {
    const start = this.pos;
    while (this.pos < this.text.length && isSpace(this.text.charCodeAt(this.pos))) this.pos++;
    return this.pos > start;
  }

  private skipPast(terminator: string, from: number, what: string): number {
    return this.indexOrFail(terminator, from, what) + terminator.length;
  }

  private indexOrFail(needle: string, from: number, what: string): number {
    const index = this.text.indexOf(needle, from);
    if (index < 0) this.fail(`${what} is not closed`);
    return index;
  }

  private fail(message: string): never {
    throw new XmlError(message);
  }
}

function splitName(qname: string): { prefix: string; local: string } {
  const colon = qname.indexOf(':');
  return colon < 0 ? { prefix: '', local: qname } : { prefix: qname.slice(0, colon), local: qname.slice(colon + 1) };
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/** The text content of an element (its text and its descendants'), in document order. */
export function textContent(element: XmlElement): string {
  let out = '';
  const stack: (XmlElement | string)[] = [element];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node === 'string') out += node;
    else for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return out;
}
