// Zoom out, zoom in, and the current zoom, as buttons with accessible names.
export const ZOOM_STEPS = [0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;

interface Props {
  readonly zoom: number;
  readonly onZoom: (zoom: number) => void;
}

export function ZoomControl({ zoom, onZoom }: Props) {
  const smaller = [...ZOOM_STEPS].reverse().find((step) => step < zoom - 1e-6);
  const larger = ZOOM_STEPS.find((step) => step > zoom + 1e-6);
  return (
    <div class="zoom" role="group" aria-label="Zoom">
      <button type="button" aria-label="Zoom out" disabled={smaller === undefined} onClick={() => smaller !== undefined && onZoom(smaller)}>−</button>
      <output aria-live="polite" aria-label="Zoom level">{Math.round(zoom * 100)}%</output>
      <button type="button" aria-label="Zoom in" disabled={larger === undefined} onClick={() => larger !== undefined && onZoom(larger)}>+</button>
    </div>
  );
}
