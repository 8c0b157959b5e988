// parse5's default tree adapter, except that a text node's characters are gathered in a list
// and joined once, when the tree is read (textValue). parse5 appends each character token to
// the text node with `+=`: a paragraph becomes a rope of its words and spaces that the first
// look at it must flatten, which cost a third of the parse of a long book.
import { defaultTreeAdapter, type DefaultTreeAdapterMap, type TreeAdapter } from 'parse5';

type TextNode = DefaultTreeAdapterMap['textNode'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];
type ChildNode = DefaultTreeAdapterMap['childNode'];

/** A text node with the characters appended after its first chunk (`value`), in order. */
interface GatheringTextNode extends TextNode {
  chunks: string[] | null;
}

function createTextNode(value: string): GatheringTextNode {
  return { nodeName: '#text', value, parentNode: null, chunks: null };
}

function append(node: GatheringTextNode, text: string): void {
  if (node.chunks === null) node.chunks = [node.value, text];
  else node.chunks.push(text);
}

function textNodeAt(parent: ParentNode, index: number): GatheringTextNode | null {
  const node = parent.childNodes[index];
  return node !== undefined && defaultTreeAdapter.isTextNode(node) ? (node as GatheringTextNode) : null;
}

export const textGatheringAdapter: TreeAdapter<DefaultTreeAdapterMap> = {
  ...defaultTreeAdapter,
  createTextNode,
  insertText(parent: ParentNode, text: string): void {
    const last = textNodeAt(parent, parent.childNodes.length - 1);
    if (last) append(last, text);
    else defaultTreeAdapter.appendChild(parent, createTextNode(text));
  },
  // Foster parenting (HTML §13.2.6.1): text put before a table.
  insertTextBefore(parent: ParentNode, text: string, reference: ChildNode): void {
    const previous = textNodeAt(parent, parent.childNodes.indexOf(reference) - 1);
    if (previous) append(previous, text);
    else defaultTreeAdapter.insertBefore(parent, createTextNode(text), reference);
  },
};

/** A text node's whole text, joined (once) from its chunks. */
export function textValue(node: TextNode): string {
  const gathering = node as Partial<GatheringTextNode>;
  if (gathering.chunks) {
    node.value = gathering.chunks.join('');
    gathering.chunks = null;
  }
  return node.value;
}
