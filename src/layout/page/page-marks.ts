// What a page's content tells the page machinery (css-gcpm-3): the running elements whose
// place in the flow landed here, the named strings set here, the ids that start here (for
// target-counter) and a page counter reset. One walk over the page's fragments.
import type { PageTextBox, RunningElement } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import type { DomElement } from '../../dom/types.js';
import type { BoxFragment, ChildFragment, LineItemFragment } from '../types.js';
import { pageTextsOf } from '../inline/collect.js';
import { evaluateStringSet } from './string-set.js';

export interface StringMark {
  readonly name: string;
  readonly value: string;
  /** Nothing of the page's content comes before the element (string(name, start)). */
  readonly atStart: boolean;
}

/** A running element whose place in the flow is on this page. */
export interface RunningMark {
  readonly element: RunningElement;
  /** Nothing of the page's content comes before it (element(name, start)). */
  readonly atStart: boolean;
}

export interface PageMarks {
  readonly running: readonly RunningMark[];
  readonly strings: readonly StringMark[];
  /** Ids of elements whose first fragment is on this page, in document order. */
  readonly ids: readonly string[];
  /** `counter-reset: page N` on an element that starts here (as Prince does): the page's number. */
  readonly pageReset: number | null;
  /** Content here shows the page total or a target's page: it reads right only once every page is known. */
  readonly usesTotals: boolean;
}

/** Walks one page's fragment tree; its fixed boxes count only for `usesTotals`. */
export function collectPageMarks(root: BoxFragment | null, fixed: readonly BoxFragment[] = []): PageMarks {
  const walker = new MarkWalker();
  if (root) walker.box(root);
  const usesTotals = walker.usesTotals || fixed.some((f) => {
    const inFixed = new MarkWalker();
    inFixed.box(f);
    return inFixed.usesTotals;
  });
  return { running: walker.running, strings: walker.strings, ids: walker.ids, pageReset: walker.pageReset, usesTotals };
}

/** Page texts that need every page known: the page total, a target's page. A loop, not a closure per block. */
function showsTotals(texts: readonly PageTextBox[]): boolean {
  for (const t of texts) if (t.source.kind !== 'page') return true;
  return false;
}

class MarkWalker {
  readonly running: RunningMark[] = [];
  readonly strings: StringMark[] = [];
  readonly ids: string[] = [];
  pageReset: number | null = null;
  usesTotals = false;
  private contentSeen = false;

  box(f: BoxFragment): void {
    const box = f.box;
    if (box.kind === 'block' && box.running) this.running.push({ element: box.running, atStart: !this.contentSeen });
    if (box.kind === 'block' && box.content.kind === 'inline' && !this.usesTotals) {
      this.usesTotals = showsTotals(pageTextsOf(box.content.ifc));
    }
    if (f.isFirst) this.element(f.box.element, f.box.style);
    if (f.box.kind === 'replaced') this.contentSeen = true;
    for (const child of f.children) this.child(child);
    for (const p of f.positioned ?? []) this.box(p);
  }

  private child(c: ChildFragment): void {
    switch (c.kind) {
      case 'box': this.box(c); break;
      case 'table-grid':
        for (const cell of c.cells) this.box(cell.fragment);
        this.contentSeen = true;
        break;
      case 'line':
        for (const item of c.items) this.lineItem(item);
        if (c.height > 0) this.contentSeen = true;
        break;
    }
  }

  private lineItem(item: LineItemFragment): void {
    if (item.kind === 'inline-box') {
      if (item.box.running) this.running.push({ element: item.box.running, atStart: !this.contentSeen });
      if (item.isFirst) this.element(item.box.element, item.box.style);
    } else if (item.kind === 'atomic') this.box(item.fragment);
  }

  private element(element: DomElement | null, style: ComputedStyle): void {
    if (element === null) return;
    const id = element.attrs.get('id');
    if (id) this.ids.push(id);
    const stringSet = style.extra.get('string-set');
    if (stringSet !== undefined) {
      for (const s of evaluateStringSet(stringSet, element)) this.strings.push({ ...s, atStart: !this.contentSeen });
    }
    if (this.pageReset === null) {
      const reset = style.counterReset.find((c) => c.name === 'page');
      if (reset) this.pageReset = reset.value;
    }
  }
}
