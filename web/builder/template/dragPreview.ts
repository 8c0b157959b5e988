// While fields are dragged from one page to another, the page under the pointer draws where they
// would land: the page they come from (which holds the gesture) publishes the preview here, and
// only the page it is for re-renders.
import { useEffect, useState } from 'preact/hooks';
import type { Guide } from './snapping.js';
import type { Box, PlacedField } from './types.js';

export interface DragPreview {
  /** The page the fields would land on. */
  readonly pageNum: number;
  /** The dragged fields and their boxes on that page, in points from its top-left. */
  readonly fields: readonly { readonly field: PlacedField; readonly box: Box }[];
  readonly guides: readonly Guide[];
}

export class DragPreviewChannel {
  private current: DragPreview | null = null;
  private readonly listeners = new Set<(preview: DragPreview | null) => void>();

  get value(): DragPreview | null {
    return this.current;
  }

  set(preview: DragPreview | null): void {
    if (preview === this.current) return;
    this.current = preview;
    for (const listener of this.listeners) listener(preview);
  }

  subscribe(listener: (preview: DragPreview | null) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}

/** The preview for page `pageNum` (null when no drag from another page is over it). */
export function useDragPreview(channel: DragPreviewChannel, pageNum: number): DragPreview | null {
  const forPage = (preview: DragPreview | null): DragPreview | null => (preview && preview.pageNum === pageNum ? preview : null);
  const [preview, setPreview] = useState(() => forPage(channel.value));
  useEffect(() => {
    setPreview(forPage(channel.value));
    return channel.subscribe((next) => setPreview(forPage(next)));
  }, [channel, pageNum]);
  return preview;
}
