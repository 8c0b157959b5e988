// The snapping guide lines shown while a field is moved or resized next to others.
import type { Guide } from './snapping.js';

interface Props {
  readonly guides: readonly Guide[];
  readonly scale: number;
}

export function Guides({ guides, scale }: Props) {
  return (
    <>
      {guides.map((guide) => (
        <div key={`${guide.axis}${guide.at}`} class={`tb-guide tb-guide-${guide.axis}`} aria-hidden="true"
          style={guide.axis === 'x'
            ? { left: `${guide.at * scale}px`, top: `${guide.from * scale}px`, height: `${(guide.to - guide.from) * scale}px` }
            : { top: `${guide.at * scale}px`, left: `${guide.from * scale}px`, width: `${(guide.to - guide.from) * scale}px` }} />
      ))}
    </>
  );
}
