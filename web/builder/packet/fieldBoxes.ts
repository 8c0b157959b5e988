// The template's placed fields as the packet builder draws them over the pages: where each one
// is, which signers sign it, its colour (signer N's colour from a fixed palette; grey and dashed
// when nobody signs it), its visible label (its name and the signers' numbers, so colour is not
// the only cue) and its accessible name. Pure: no DOM, unit-tested in node.
import { toDisplayed, type Rect, type Rotation } from '../pdf/page-space.js';
import { fieldChoiceLabel } from './fields.js';
import { hasField, type SignerDraft } from './signers.js';
import type { SignerField, TemplateField } from './types.js';

/**
 * Signer N's colour is SIGNER_COLOURS[(N - 1) % length]. Each has at least 4.5:1 contrast with
 * white (the chip's white number on it; the box's outline on the page), and they differ in hue;
 * signers past the seventh reuse them (their numbers tell them apart).
 */
export const SIGNER_COLOURS = ['#0b5cd5', '#b42318', '#1a7f37', '#8250df', '#955f00', '#bf3989', '#0e7490'] as const;

/** The colour of a field nobody signs (its outline is dashed too). */
export const UNASSIGNED_COLOUR = '#57606a';

export function signerColour(index: number): string {
  return SIGNER_COLOURS[((index % SIGNER_COLOURS.length) + SIGNER_COLOURS.length) % SIGNER_COLOURS.length]!;
}

/** A template field drawn on a page: its page (0-based) and rect in the page's unrotated space, from its bottom-left. */
export interface PlacedTemplateField {
  /** The SignerField's fieldId: the field's aliasId (its id when it has none). */
  readonly fieldId: string;
  /** The template field's own id (several fields may share an aliasId). */
  readonly id: string;
  readonly name: string;
  readonly pageNum: number;
  readonly rect: Rect;
}

/** The fields of the template that have a page and a box, in reading order (page, then top to bottom, then left to right). */
export function placedTemplateFields(fields: readonly TemplateField[] | null | undefined): PlacedTemplateField[] {
  const placed: PlacedTemplateField[] = [];
  for (const field of fields ?? []) {
    const fieldId = field.aliasId || field.id;
    if (!fieldId || !Number.isInteger(field.pageNum) || field.pageNum! < 0) continue;
    const rect = isRect(field.rect) ? field.rect : unionOf(field.lines);
    if (!rect || rect.width <= 0 || rect.height <= 0) continue;
    placed.push({ fieldId, id: field.id || fieldId, name: field.name?.trim() || fieldId, pageNum: field.pageNum!, rect });
  }
  // Reading order: higher on the page (a larger top edge, from the bottom) first; rows within 2 points.
  return placed
    .map((field, i) => ({ field, i }))
    .sort((a, b) => a.field.pageNum - b.field.pageNum || rowOrder(a.field.rect, b.field.rect) || a.i - b.i)
    .map(({ field }) => field);
}

/** placedTemplateFields, grouped by page (0-based), each page's in reading order. */
export function fieldsByPage(fields: readonly TemplateField[] | null | undefined): ReadonlyMap<number, readonly PlacedTemplateField[]> {
  const pages = new Map<number, PlacedTemplateField[]>();
  for (const field of placedTemplateFields(fields)) {
    const page = pages.get(field.pageNum);
    if (page) page.push(field);
    else pages.set(field.pageNum, [field]);
  }
  return pages;
}

function rowOrder(a: Rect, b: Rect): number {
  const top = b.y + b.height - (a.y + a.height);
  return Math.abs(top) > 2 ? top : a.x - b.x;
}

function isRect(value: unknown): value is Rect {
  const rect = value as Partial<Rect> | null | undefined;
  return typeof rect === 'object' && rect !== null && [rect.x, rect.y, rect.width, rect.height].every((n) => typeof n === 'number' && Number.isFinite(n));
}

/** The box around a textPerLine field's lines (it may have no rect of its own). */
function unionOf(lines: readonly unknown[] | undefined): Rect | null {
  const rects = (lines ?? []).filter(isRect);
  if (rects.length === 0) return null;
  const left = Math.min(...rects.map((r) => r.x));
  const bottom = Math.min(...rects.map((r) => r.y));
  const right = Math.max(...rects.map((r) => r.x + r.width));
  const top = Math.max(...rects.map((r) => r.y + r.height));
  return { x: left, y: bottom, width: right - left, height: top - bottom };
}

/** A signer who signs a field: its 0-based place in the signing order and its name as shown. */
export interface FieldSigner {
  readonly index: number;
  readonly key: string;
  /** The signer's name, or "Signer N" while it has none. */
  readonly name: string;
}

/** The signers (in signing order) that have `field` among their fields. */
export function signersOfField(signers: readonly SignerDraft[], field: SignerField): FieldSigner[] {
  return signers.flatMap((signer, index) => (hasField(signer, field) ? [{ index, key: signer.key, name: signerName(signer, index) }] : []));
}

/** A signer's name as the page shows it: its name, or "Signer N" while it has none. */
export function signerName(signer: Pick<SignerDraft, 'name'>, index: number): string {
  return signer.name.trim() || `Signer ${index + 1}`;
}

/** How one field box looks and reads. */
export interface FieldBoxView {
  /** The outline's colour: the first signer's, else UNASSIGNED_COLOUR. */
  readonly colour: string;
  readonly dashed: boolean;
  /** One chip per signer, in signing order: its number and colour. */
  readonly chips: readonly { readonly number: number; readonly colour: string }[];
  /** The visible label's text (the chips are drawn before it). */
  readonly label: string;
  /** E.g. "Full name (name), signed by Sally Employee", "Email (email), not assigned". */
  readonly accessibleName: string;
  /** Whether the active signer signs it (the button's aria-pressed). */
  readonly pressed: boolean;
}

export function fieldBoxView(field: Pick<PlacedTemplateField, 'fieldId' | 'name'>, signers: readonly FieldSigner[], activeKey: string | null): FieldBoxView {
  const first = signers[0];
  return {
    colour: first ? signerColour(first.index) : UNASSIGNED_COLOUR,
    dashed: !first,
    chips: signers.map((signer) => ({ number: signer.index + 1, colour: signerColour(signer.index) })),
    label: field.name,
    accessibleName: `${fieldChoiceLabel(field.name, field.fieldId)}, ${signers.length > 0 ? `signed by ${listOf(signers.map((s) => s.name))}` : 'not assigned'}`,
    pressed: activeKey !== null && signers.some((signer) => signer.key === activeKey),
  };
}

/** "A", "A and B", "A, B and C". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Where a box goes on its page as displayed, in percent of the page's size from its top-left (so it follows the zoom). */
export interface BoxPosition {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export function boxPosition(rect: Rect, page: { readonly width: number; readonly height: number; readonly rotation: Rotation }): BoxPosition {
  const shown = toDisplayed(rect, page.rotation, page);
  const percent = (value: number, of: number): number => (of > 0 ? (value / of) * 100 : 0);
  return {
    left: percent(shown.x, page.width),
    top: percent(page.height - shown.y - shown.height, page.height),
    width: percent(shown.width, page.width),
    height: percent(shown.height, page.height),
  };
}
