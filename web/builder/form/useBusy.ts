// One request at a time: `run(kind, action)` marks the builder busy with `kind` (the status line
// says "Saving…", "Sending…") until `action` settles, and ignores a run while one is going —
// a double click on Send sends once.
import { useRef, useState } from 'preact/hooks';

export function useBusy<K extends string>(onStart?: () => void): { readonly busy: K | null; run(kind: K, action: () => Promise<void>): Promise<void> } {
  const [busy, setBusy] = useState<K | null>(null);
  const inFlight = useRef(false);
  const run = async (kind: K, action: () => Promise<void>): Promise<void> => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(kind);
    onStart?.();
    try {
      await action();
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  };
  return { busy, run };
}
