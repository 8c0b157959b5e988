// Checks of a Tagged PDF that need no validator (issue 19, part 5): every text-showing and
// painting operator of every page's content — and of the form XObjects it draws — is inside
// marked content with an MCID or inside an artifact; marked content nests with q/Q and BT/ET;
// every MCID of a page is used once, is in the parent tree, and is reachable from the
// structure tree root exactly once.
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFStream, type PDFObject } from 'pdf-lib';

/** Text-showing (ISO 32000-1 §9.4.3) and painting (§8.5.3.1, §8.7.4.2, §8.8) operators. */
const PAINTING = new Set(['Tj', 'TJ', "'", '"', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'S', 's', 'sh', 'BI']);

type Token = { readonly kind: 'operand'; readonly value: string } | { readonly kind: 'operator'; readonly value: string };

/** Splits a content stream into operands and operators (strings, hex strings, dicts and arrays as single operands). */
export function tokenize(content: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = content.length;
  const isSpace = (c: string) => c === ' ' || c === '\n' || c === '\r' || c === '\t' || c === '\f' || c === '\0';
  const isDelimiter = (c: string) => '()<>[]{}/%'.includes(c);
  while (i < n) {
    const c = content[i]!;
    if (isSpace(c)) { i++; continue; }
    if (c === '%') { while (i < n && content[i] !== '\n' && content[i] !== '\r') i++; continue; }
    if (c === '(') {
      let depth = 0;
      const start = i;
      for (; i < n; i++) {
        const ch = content[i]!;
        if (ch === '\\') { i++; continue; }
        if (ch === '(') depth++;
        else if (ch === ')' && --depth === 0) { i++; break; }
      }
      tokens.push({ kind: 'operand', value: content.slice(start, i) });
      continue;
    }
    if (c === '<' && content[i + 1] === '<') {
      // A dictionary: up to the matching >>, strings inside skipped.
      const start = i;
      let depth = 0;
      while (i < n) {
        if (content.startsWith('<<', i)) { depth++; i += 2; continue; }
        if (content.startsWith('>>', i)) { depth--; i += 2; if (depth === 0) break; continue; }
        if (content[i] === '(') { i = skipString(content, i); continue; }
        i++;
      }
      tokens.push({ kind: 'operand', value: content.slice(start, i) });
      continue;
    }
    if (c === '<') {
      const end = content.indexOf('>', i);
      tokens.push({ kind: 'operand', value: content.slice(i, end + 1) });
      i = end + 1;
      continue;
    }
    if (c === '[' || c === ']' || c === '{' || c === '}') { tokens.push({ kind: 'operand', value: c }); i++; continue; }
    const start = i;
    i++;
    while (i < n && !isSpace(content[i]!) && !isDelimiter(content[i]!)) i++;
    const word = content.slice(start, i);
    const operand = c === '/' || /^[+-]?(\d|\.\d)/.test(word) || word === 'true' || word === 'false' || word === 'null';
    tokens.push({ kind: operand ? 'operand' : 'operator', value: word });
  }
  return tokens;
}

function skipString(content: string, i: number): number {
  let depth = 0;
  for (; i < content.length; i++) {
    const ch = content[i]!;
    if (ch === '\\') { i++; continue; }
    if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i + 1;
  }
  return i;
}

interface Mark {
  readonly kind: 'artifact' | 'mcid' | 'other';
  readonly q: number;
  readonly bt: number;
}

/** What checkTagging found: problems (empty when the file passes) and the MCIDs per page. */
export interface TaggingReport {
  readonly problems: string[];
  readonly mcids: number[][];
  readonly painted: number;
}

/** Runs every check on the PDF; returns the problems found. */
export async function checkTagging(bytes: Uint8Array): Promise<TaggingReport> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const problems: string[] = [];
  const mcids: number[][] = [];
  let painted = 0;
  const pages = doc.getPages();
  pages.forEach((page, index) => {
    const used: number[] = [];
    const state = { stack: [] as Mark[], q: 0, bt: 0 };
    const where = `page ${index + 1}`;
    const run = (content: string, resources: PDFDict | undefined, depth: number, label: string) => {
      const tokens = tokenize(content);
      const operands: string[] = [];
      for (const token of tokens) {
        if (token.kind === 'operand') { operands.push(token.value); continue; }
        const op = token.value;
        if (op === 'q') state.q++;
        else if (op === 'Q') state.q--;
        else if (op === 'BT') state.bt++;
        else if (op === 'ET') state.bt--;
        else if (op === 'BMC' || op === 'BDC') {
          const tag = operands[0] ?? '';
          const props = op === 'BDC' ? operands[1] ?? '' : '';
          const mcid = /\/MCID\s+(\d+)/.exec(props);
          if (mcid) {
            const id = Number(mcid[1]);
            if (used.includes(id)) problems.push(`${where}: MCID ${id} used twice`);
            used.push(id);
          }
          state.stack.push({ kind: tag === '/Artifact' ? 'artifact' : mcid ? 'mcid' : 'other', q: state.q, bt: state.bt });
        } else if (op === 'EMC') {
          const mark = state.stack.pop();
          if (!mark) problems.push(`${where} ${label}: EMC without BMC/BDC`);
          else if (mark.q !== state.q || mark.bt !== state.bt) problems.push(`${where} ${label}: marked content crosses q/Q or BT/ET`);
        } else if (PAINTING.has(op) || op === 'Do') {
          const form = op === 'Do' ? formXObject(resources, operands[operands.length - 1] ?? '') : null;
          if (form && depth < 8) {
            run(streamText(form), (form.dict.lookup(PDFName.of('Resources')) as PDFDict | undefined) ?? resources, depth + 1, `${label} > ${operands[operands.length - 1]}`);
          } else {
            painted++;
            const marked = state.stack.some((m) => m.kind === 'artifact' || m.kind === 'mcid');
            if (!marked) problems.push(`${where} ${label}: "${op}" outside marked content`);
          }
        }
        operands.length = 0;
      }
    };
    const resources = page.node.Resources();
    for (const stream of contentStreams(page.node)) run(streamText(stream), resources, 0, 'content');
    if (state.stack.length > 0) problems.push(`${where}: ${state.stack.length} marked-content sequence(s) left open`);
    mcids.push(used.sort((a, b) => a - b));
  });
  checkStructure(doc, mcids, problems);
  return { problems, mcids, painted };
}

/** Every used MCID has a parent-tree entry and one MCR in the tree; every MCR names a used MCID. */
function checkStructure(doc: PDFDocument, mcids: number[][], problems: string[]): void {
  const root = doc.catalog.lookupMaybe(PDFName.of('StructTreeRoot'), PDFDict);
  if (!root) {
    if (mcids.some((m) => m.length > 0)) problems.push('MCIDs without a StructTreeRoot');
    return;
  }
  const pages = doc.getPages();
  const pageIndex = new Map(pages.map((p, i) => [p.ref.toString(), i]));
  const parentTree = new Map<number, PDFObject>();
  // A number tree (§7.9.7): the leaves' /Nums, through /Kids.
  const readTree = (node: PDFDict, depth: number): void => {
    const nums = node.lookup(PDFName.of('Nums'));
    if (nums instanceof PDFArray) for (let i = 0; i + 1 < nums.size(); i += 2) parentTree.set((nums.lookup(i, PDFNumber)).asNumber(), nums.get(i + 1));
    const kids = node.lookup(PDFName.of('Kids'));
    if (kids instanceof PDFArray && depth < 32) for (let i = 0; i < kids.size(); i++) readTree(kids.lookup(i, PDFDict), depth + 1);
  };
  readTree(root.lookup(PDFName.of('ParentTree'), PDFDict), 0);
  pages.forEach((page, index) => {
    if (mcids[index]!.length === 0) return;
    const key = page.node.lookupMaybe(PDFName.of('StructParents'), PDFNumber)?.asNumber();
    if (key === undefined) return void problems.push(`page ${index + 1}: no /StructParents`);
    const entry = doc.context.lookup(parentTree.get(key));
    if (!(entry instanceof PDFArray)) return void problems.push(`page ${index + 1}: no parent tree array`);
    for (const id of mcids[index]!) if (!(entry.get(id) instanceof PDFRef)) problems.push(`page ${index + 1}: MCID ${id} not in the parent tree`);
  });
  const reached = new Map<string, number>();
  const visit = (obj: PDFObject | undefined, pg: PDFObject | undefined, depth: number) => {
    if (depth > 600 || obj === undefined) return;
    const value = obj instanceof PDFRef ? doc.context.lookup(obj) : obj;
    if (value instanceof PDFNumber) {
      const page = pg === undefined ? -1 : pageIndex.get(pg.toString()) ?? -1;
      const key = `${page}:${value.asNumber()}`;
      reached.set(key, (reached.get(key) ?? 0) + 1);
      return;
    }
    if (value instanceof PDFArray) {
      for (let i = 0; i < value.size(); i++) visit(value.get(i), pg, depth + 1);
      return;
    }
    if (!(value instanceof PDFDict)) return;
    const type = value.lookupMaybe(PDFName.of('Type'), PDFName)?.decodeText();
    if (type === 'OBJR') return;
    const ownPg = value.get(PDFName.of('Pg')) ?? pg;
    if (type === 'MCR') return visit(value.get(PDFName.of('MCID')), ownPg, depth + 1);
    visit(value.get(PDFName.of('K')), ownPg, depth + 1);
  };
  visit(root.get(PDFName.of('K')), undefined, 0);
  mcids.forEach((ids, index) => {
    for (const id of ids) {
      const count = reached.get(`${index}:${id}`) ?? 0;
      if (count !== 1) problems.push(`page ${index + 1}: MCID ${id} reached ${count} times from the StructTreeRoot`);
      reached.delete(`${index}:${id}`);
    }
  });
  for (const key of reached.keys()) problems.push(`the structure tree names MCID ${key} (page:mcid), which no content has`);
}

function contentStreams(node: PDFDict): PDFStream[] {
  const contents = node.lookup(PDFName.of('Contents'));
  if (contents instanceof PDFStream) return [contents];
  if (contents instanceof PDFArray) return contents.asArray().map((ref) => node.context.lookup(ref) as PDFStream);
  return [];
}

function streamText(stream: PDFStream): string {
  const bytes = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
  return Buffer.from(bytes).toString('latin1');
}

/** The form XObject `name` (e.g. "/Fm1") of the resources; null for an image or an unknown name. */
function formXObject(resources: PDFDict | undefined, name: string): PDFStream | null {
  const xObjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  const xObject = xObjects?.lookupMaybe(PDFName.of(name.slice(1)), PDFStream);
  if (!xObject) return null;
  return xObject.dict.lookupMaybe(PDFName.of('Subtype'), PDFName)?.decodeText() === 'Form' ? xObject : null;
}
