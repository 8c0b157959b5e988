// The tools above the pages: the Edit menu (when replacing the document is allowed), undo and
// redo, and zoom.
import type { ComponentChildren } from 'preact';
import { ZoomControl } from '../pdf/ZoomControl.js';

interface Props {
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly zoom: number;
  readonly onUndo: () => void;
  readonly onRedo: () => void;
  readonly onZoom: (zoom: number) => void;
  /** The Edit menu, when there is one. */
  readonly menu?: ComponentChildren;
  /** The name of the preset armed for drawing, if any. */
  readonly drawing?: string | null;
}

export function Toolbar({ canUndo, canRedo, zoom, onUndo, onRedo, onZoom, menu, drawing }: Props) {
  return (
    <div class="tb-toolbar" role="group" aria-label="Editing tools">
      {menu}
      <button type="button" class="tb-undo" disabled={!canUndo} onClick={onUndo} aria-keyshortcuts="Control+Z Meta+Z" title="Undo (Ctrl+Z)">Undo</button>
      <button type="button" class="tb-redo" disabled={!canRedo} onClick={onRedo} aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y" title="Redo (Ctrl+Shift+Z)">Redo</button>
      <span class="tb-toolbar-spacer">{drawing && <span class="tb-hint">Drag on a page to draw {drawing}. Esc cancels.</span>}</span>
      <ZoomControl zoom={zoom} onZoom={onZoom} />
    </div>
  );
}
