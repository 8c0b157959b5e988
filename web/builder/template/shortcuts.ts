// The builder's keyboard shortcuts, from a key event's keys to a command (DOM-free: it reads
// only the event's key fields). Shortcuts never apply while the user types in a form control.

export interface KeyInput {
  readonly key: string;
  readonly code?: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

export type Shortcut =
  | { readonly kind: 'move'; readonly dx: number; readonly dy: number }
  | { readonly kind: 'resize'; readonly dx: number; readonly dy: number }
  /** To the next (+1) or previous (-1) page. */
  | { readonly kind: 'page'; readonly delta: 1 | -1 }
  | { readonly kind: 'delete' | 'undo' | 'redo' | 'copy' | 'cut' | 'paste' | 'selectAll' | 'escape' };

/** Points an arrow key moves or resizes by; with Shift. */
export const NUDGE = 1;
export const NUDGE_LARGE = 10;

const ARROWS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export function shortcutFor(event: KeyInput): Shortcut | null {
  const command = event.ctrlKey || event.metaKey;
  const arrow = ARROWS[event.key];
  if (arrow) {
    if (command) return null;
    const step = event.shiftKey ? NUDGE_LARGE : NUDGE;
    // Alt+Right/Down grow the field, Alt+Left/Up shrink it; the top-left corner stays.
    return { kind: event.altKey ? 'resize' : 'move', dx: arrow[0] * step, dy: arrow[1] * step };
  }
  if (event.key === 'PageDown' || event.key === 'PageUp') {
    // Alt+PageDown/PageUp; PageDown/PageUp alone scroll the pages as usual.
    return event.altKey && !command && !event.shiftKey ? { kind: 'page', delta: event.key === 'PageDown' ? 1 : -1 } : null;
  }
  if (event.key === 'Delete' || event.key === 'Backspace') return command || event.altKey ? null : { kind: 'delete' };
  if (event.key === 'Escape') return { kind: 'escape' };
  if (!command || event.altKey) return null;
  const letter = letterOf(event);
  if (letter === 'z') return { kind: event.shiftKey ? 'redo' : 'undo' };
  if (letter === 'y' && !event.shiftKey) return { kind: 'redo' };
  if (event.shiftKey) return null;
  if (letter === 'c') return { kind: 'copy' };
  if (letter === 'x') return { kind: 'cut' };
  if (letter === 'v') return { kind: 'paste' };
  if (letter === 'a') return { kind: 'selectAll' };
  return null;
}

/** The Latin letter of the key: from `key`, else from the physical key (other keyboard layouts). */
function letterOf(event: KeyInput): string | null {
  if (/^[a-z]$/i.test(event.key)) return event.key.toLowerCase();
  const match = /^Key([A-Z])$/.exec(event.code ?? '');
  return match ? match[1]!.toLowerCase() : null;
}

/** Whether a key event's target is a control the user types or chooses in (its own keys win). */
export function isTypingTarget(target: { readonly tagName?: string; readonly isContentEditable?: boolean } | null): boolean {
  if (!target || typeof target.tagName !== 'string') return false;
  const tag = target.tagName.toUpperCase();
  return tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || target.isContentEditable === true;
}
