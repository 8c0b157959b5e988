// The few places the template builder reads the page's layout: where a page is on screen (and
// where every page's field layer is, for a drag between pages), which part of it is in view,
// where the pages' view is (for scrolling it during a drag), and moving keyboard focus to a
// field or the pages.
import type { Box } from './types.js';

/** The scrolling element that holds the pages, inside `root`. */
export function pagesScroller(root: ParentNode | null): HTMLElement | null {
  return root?.querySelector<HTMLElement>('.pdf-pages') ?? null;
}

/** The pages' scroller that holds `element`, and the top and bottom of its view on screen (inside its borders, above a horizontal scrollbar). */
export function scrollerView(element: Element): { readonly scroller: HTMLElement; readonly top: number; readonly bottom: number } | null {
  const scroller = element.closest<HTMLElement>('.pdf-pages');
  if (!scroller) return null;
  const top = scroller.getBoundingClientRect().top + scroller.clientTop;
  return { scroller, top, bottom: top + scroller.clientHeight };
}

/** The part of page `pageIndex` in view, in points from the page's top-left; null when the page is not on screen. */
export function visibleRegion(root: ParentNode | null, pageIndex: number, scale: number): Box | null {
  const scroller = pagesScroller(root);
  const page = root?.querySelector<HTMLElement>(`.pdf-page[data-page="${pageIndex}"]`);
  if (!scroller || !page) return null;
  const view = scroller.getBoundingClientRect();
  const rect = page.getBoundingClientRect();
  const left = Math.max(view.left, rect.left);
  const top = Math.max(view.top, rect.top);
  const right = Math.min(view.right, rect.right);
  const bottom = Math.min(view.bottom, rect.bottom);
  if (right - left < 1 || bottom - top < 1) return null;
  return { left: (left - rect.left) / scale, top: (top - rect.top) / scale, width: (right - left) / scale, height: (bottom - top) / scale };
}

/** Every page's field layer in the scroller that holds `layer` (just `layer` outside one), with its page number and its box on screen in CSS pixels. */
export function pageLayers(layer: HTMLElement): { readonly pageNum: number; readonly element: HTMLElement; readonly box: Box }[] {
  const pages = layer.closest('.pdf-pages')?.querySelectorAll<HTMLElement>('.pdf-page[data-page]') ?? [];
  const layers: { pageNum: number; element: HTMLElement; box: Box }[] = [];
  for (const page of pages) {
    const element = page.querySelector<HTMLElement>(':scope > .tb-layer');
    if (!element) continue;
    const rect = element.getBoundingClientRect();
    layers.push({ pageNum: Number(page.dataset.page), element, box: { left: rect.left, top: rect.top, width: rect.width, height: rect.height } });
  }
  return layers;
}

/** The point of a pointer event in points from the top-left of `element` (a page's layer). */
export function pointIn(element: Element, event: { clientX: number; clientY: number }, scale: number): { x: number; y: number } {
  const rect = element.getBoundingClientRect();
  return { x: (event.clientX - rect.left) / scale, y: (event.clientY - rect.top) / scale };
}

export function fieldElement(root: ParentNode | null, id: string): HTMLElement | null {
  return root?.querySelector<HTMLElement>(`[data-field-id="${CSS.escape(id)}"]`) ?? null;
}

/** The id of the field that has keyboard focus, if one has. */
export function focusedFieldId(): string | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active.dataset.fieldId ? active.dataset.fieldId : null;
}

/** Ends typing in a form control (so its change commits) before a pointer action elsewhere; whether one had focus. */
export function blurFormControl(): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLInputElement || active instanceof HTMLSelectElement || active instanceof HTMLTextAreaElement)) return false;
  active.blur();
  return true;
}

/** A new field id, unique enough within a template. */
export function newFieldId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return `field_${Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('').slice(0, 14)}`;
}
