// While a drag on a page holds the pointer near the top or bottom edge of the pages' view, the
// view scrolls, one step per animation frame (faster nearer the edge), and the gesture hears of
// each step, so that it keeps following the pointer in page coordinates though the pointer
// stands still. It stops when the pointer leaves the zone, the view can scroll no further, or
// the gesture ends.
import { useEffect, useState } from 'preact/hooks';
import { autoScrollSpeed, scrollStep } from './autoScroll.js';
import { scrollerView } from './dom.js';
import { useLatest } from './useLatest.js';

/** The longest frame counted (ms): a stalled tab does not jump the view when it wakes. */
const MAX_FRAME_MS = 50;

export class AutoScroller {
  private element: Element | null = null;
  private y = 0;
  private frame = 0;
  private time: number | null = null;

  constructor(private readonly onScroll: () => void) {}

  /** The pointer of a drag on `element` (in the pages' view) is at `clientY`: scrolls when that is near an edge, else stops. */
  track(element: Element, clientY: number): void {
    this.element = element;
    this.y = clientY;
    const view = scrollerView(element);
    if (!view || autoScrollSpeed(clientY, view) === 0) {
      this.stop();
    } else if (!this.frame) {
      this.time = null;
      this.frame = requestAnimationFrame(this.step);
    }
  }

  stop(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.element = null;
  }

  private readonly step = (time: number): void => {
    this.frame = 0;
    const view = this.element && scrollerView(this.element);
    if (!view) return;
    const elapsed = this.time === null ? 1000 / 60 : Math.min(time - this.time, MAX_FRAME_MS);
    this.time = time;
    const before = view.scroller.scrollTop;
    view.scroller.scrollTop = before + scrollStep(autoScrollSpeed(this.y, view), elapsed);
    if (view.scroller.scrollTop === before) return; // at the end (or out of the zone): the next pointer move starts it again
    this.frame = requestAnimationFrame(this.step);
    this.onScroll();
  };
}

/** An AutoScroller for a component's gestures; `onScroll` is the latest given, and unmounting stops it. */
export function useAutoScroll(onScroll: () => void): AutoScroller {
  const latest = useLatest(onScroll);
  const [scroller] = useState(() => new AutoScroller(() => latest.current()));
  useEffect(() => () => scroller.stop(), [scroller]);
  return scroller;
}
