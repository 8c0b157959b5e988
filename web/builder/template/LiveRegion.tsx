// The polite live region the builder speaks through ("Full name added on page 1", "Undone"), and
// the hook that feeds it: the same words twice in a row are still announced.
import { useCallback, useState } from 'preact/hooks';

export function useAnnouncer(): { readonly message: string; readonly announce: (text: string) => void } {
  const [state, setState] = useState({ text: '', count: 0 });
  const announce = useCallback((text: string) => setState((previous) => ({ text, count: previous.count + 1 })), []);
  // A no-break space on every other message makes a repeat a change the screen reader hears.
  return { message: state.text + (state.count % 2 === 0 ? '' : '\u00a0'), announce };
}

export function LiveRegion({ message }: { readonly message: string }) {
  return <div class="visually-hidden tb-live" aria-live="polite" aria-atomic="true">{message}</div>;
}
