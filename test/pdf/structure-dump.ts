// The structure tree of a tagged PDF as pdf.js reads it (getStructTree(), with the text of each
// marked-content sequence from getTextContent()), one line per element or content item: what the
// tagging tests compare with their dumps.
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

interface JsStructNode {
  readonly role?: string;
  readonly type?: string;
  readonly id?: string;
  readonly alt?: string;
  readonly lang?: string;
  readonly children?: readonly JsStructNode[];
}

/** Each page's structure tree as pdf.js reads it, with the text of each marked-content sequence. */
export async function pdfjsDump(bytes: Uint8Array): Promise<string> {
  const doc = await pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
  const lines: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const text = new Map<string, string>();
    const open: string[] = [];
    for (const item of (await page.getTextContent({ includeMarkedContent: true })).items) {
      if ('type' in item) {
        if (item.type === 'beginMarkedContentProps' || item.type === 'beginMarkedContent') open.push(item.id ?? '');
        else if (item.type === 'endMarkedContent') open.pop();
      } else {
        const id = [...open].reverse().find((x) => x !== '');
        if (id !== undefined) text.set(id, (text.get(id) ?? '') + item.str + (item.hasEOL ? ' ' : ''));
      }
    }
    lines.push(`page ${p}`);
    // pdf.js lists the whole subtree of an element with content on the page: only what has content here is printed.
    const hasContent = (node: JsStructNode): boolean => node.type !== undefined || (node.children ?? []).some(hasContent);
    const walk = (node: JsStructNode, depth: number) => {
      const pad = '  '.repeat(depth);
      if (!hasContent(node)) return;
      if (node.type === 'content') return void lines.push(`${pad}${JSON.stringify((text.get(node.id ?? '') ?? '').trim())}`);
      if (node.type === 'object') return void lines.push(`${pad}(annotation)`);
      if (node.role) lines.push(`${pad}${node.role}${node.alt !== undefined ? ` alt=${JSON.stringify(node.alt)}` : ''}${node.lang ? ` lang=${node.lang}` : ''}`);
      for (const child of node.children ?? []) walk(child, node.role ? depth + 1 : depth);
    };
    const tree = (await page.getStructTree()) as JsStructNode | null;
    if (tree) walk(tree, 1);
  }
  await doc.destroy();
  return lines.join('\n') + '\n';
}
