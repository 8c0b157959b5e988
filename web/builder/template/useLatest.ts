// Small hooks for listeners that outlive a render: a ref that always holds the latest value,
// a window keydown listener, and the parent's commands.
import { useEffect, useRef } from 'preact/hooks';
import type { CommandAction, Messenger } from '../messenger.js';

export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

export function useWindowKeydown(handler: (event: KeyboardEvent) => void): void {
  const latest = useLatest(handler);
  useEffect(() => {
    const listener = (event: KeyboardEvent): void => latest.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [latest]);
}

export function useCommands(messenger: Messenger, handler: (action: CommandAction) => void): void {
  const latest = useLatest(handler);
  useEffect(() => messenger.onCommand((action) => latest.current(action)), [messenger, latest]);
}
