// The Edit menu (shown with showReplaceDocumentAction): a menu button whose one item,
// "Replace document…", asks for a PDF. Keyboard: Enter/Space/ArrowDown open it on its item,
// Escape closes it and returns to the button, Tab leaves it.
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'preact/hooks';

interface Props {
  readonly busy: boolean;
  readonly onReplace: (file: File) => void;
}

export function EditMenu({ busy, onReplace }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const input = useRef<HTMLInputElement>(null);

  useLayoutEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);
  useEffect(() => {
    if (!open) return undefined;
    const close = (event: PointerEvent): void => {
      if (!menu.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close, true);
    return () => document.removeEventListener('pointerdown', close, true);
  }, [open]);

  const closeMenu = (focusButton: boolean): void => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  return (
    <div class="tb-menu">
      <button ref={button} type="button" id={`${id}-button`} aria-haspopup="menu" aria-expanded={open} aria-controls={`${id}-menu`}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}>
        Edit <span aria-hidden="true">▾</span>
      </button>
      <ul ref={menu} id={`${id}-menu`} role="menu" aria-labelledby={`${id}-button`} hidden={!open}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            closeMenu(true);
          } else if (event.key === 'Tab') {
            setOpen(false);
          } else if (['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) {
            event.preventDefault(); // one item: it keeps focus
          }
        }}>
        <li role="none">
          <button type="button" role="menuitem" tabIndex={-1} disabled={busy}
            onClick={() => {
              closeMenu(true);
              input.current?.click();
            }}>
            Replace document…
          </button>
        </li>
      </ul>
      <input ref={input} type="file" accept="application/pdf,.pdf" hidden aria-label="Replacement PDF"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onReplace(file);
        }} />
    </div>
  );
}
