// One placed field on a page: a focusable element named for screen readers (name, field, page,
// whether selected), its label (in the field's alignment, size, weight and colour, as a preview
// of the filled text), and — when it is the only selected field — eight resize handles
// (pointer targets only; the keyboard resizes with Alt+Arrow keys). And the copy drawn on
// another page while a drag would drop the field there.
import type { TargetedKeyboardEvent } from 'preact';
import { labelStyle } from './fieldStyle.js';
import { boxToCss } from './geometry.js';
import { HANDLES } from './gestures.js';
import type { Box, PlacedField } from './types.js';

interface Props {
  readonly field: PlacedField;
  /** The box to draw, in points from the page's top-left (moved or resized while a gesture runs). */
  readonly box: Box;
  readonly scale: number;
  readonly selected: boolean;
  readonly showHandles: boolean;
  /** Being dragged to another page: drawn faintly where it was. */
  readonly leaving?: boolean;
  readonly describedBy: string;
  readonly onFocus: (id: string) => void;
  readonly onKeyDown: (id: string, event: TargetedKeyboardEvent<HTMLDivElement>) => void;
}

export function fieldLabel(field: PlacedField, selected: boolean): string {
  return `${field.name}, ${field.aliasId} field on page ${field.pageNum + 1}${selected ? ', selected' : ''}`;
}

export function FieldBox({ field, box, scale, selected, showHandles, leaving, describedBy, onFocus, onKeyDown }: Props) {
  const css = boxToCss(box, scale);
  return (
    <div class={`tb-field tb-field-${field.type}${selected ? ' is-selected' : ''}${leaving ? ' is-leaving' : ''}`} data-field-id={field.id} role="button" tabIndex={0}
      aria-label={fieldLabel(field, selected)} aria-describedby={describedBy}
      style={{ left: `${css.left}px`, top: `${css.top}px`, width: `${css.width}px`, height: `${css.height}px` }}
      onFocus={() => onFocus(field.id)} onKeyDown={(event) => onKeyDown(field.id, event)}>
      <span class="tb-field-label" aria-hidden="true" style={labelStyle(field, scale, css.height)}>{field.name}{field.required ? ' *' : ''}</span>
      {showHandles && HANDLES.map((handle) => <span key={handle} class={`tb-handle tb-handle-${handle}`} data-handle={handle} aria-hidden="true" />)}
    </div>
  );
}

/** Where a field dragged from another page would land on this one: drawn only, for the pointer's user (not focusable, hidden from screen readers). */
export function FieldGhost({ field, box, scale }: { readonly field: PlacedField; readonly box: Box; readonly scale: number }) {
  const css = boxToCss(box, scale);
  return (
    <div class={`tb-field tb-field-${field.type} is-selected is-ghost`} aria-hidden="true"
      style={{ left: `${css.left}px`, top: `${css.top}px`, width: `${css.width}px`, height: `${css.height}px` }}>
      <span class="tb-field-label" style={labelStyle(field, scale, css.height)}>{field.name}{field.required ? ' *' : ''}</span>
    </div>
  );
}
