// The layer over one page that holds its fields and takes the pointer: press a field to select
// it (Shift toggles) and drag to move the selection — onto another page too, when the pointer
// goes over it —, drag a handle to resize, drag on empty space for a selection marquee (or, with
// a preset armed, to draw a field), drop a preset from the sidebar. Gestures preview here (a
// drag to another page, on that page through the DragPreviewChannel) and reach the editor's
// state once, when they end. A drag near the top or bottom of the pages' view scrolls it.
import type { TargetedDragEvent, TargetedKeyboardEvent, TargetedPointerEvent } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { blurFormControl, pageLayers, pointIn } from './dom.js';
import { useDragPreview, type DragPreviewChannel } from './dragPreview.js';
import { FieldBox, FieldGhost } from './FieldBox.js';
import { boxFromCorners, boxToRect, rectToBox, translateBox } from './geometry.js';
import { marqueeHits, moveOffset, pageUnder, resizeBox, type Handle } from './gestures.js';
import { Guides } from './Guides.js';
import { Marquee } from './Marquee.js';
import { drawnBox } from './placement.js';
import { PRESET_MIME } from './PresetList.js';
import type { Guide } from './snapping.js';
import type { Box, PageSize, PlacedField, Preset, Rect } from './types.js';
import { useAutoScroll } from './useAutoScroll.js';

/** CSS pixels: snapping distance, and how far a press must travel to become a drag. */
const SNAP_PX = 4;
const DRAG_PX = 3;

type Point = { readonly x: number; readonly y: number };
type Pointer = { readonly clientX: number; readonly clientY: number };
type Gesture =
  | { readonly kind: 'press'; readonly origin: Point; readonly id: string; readonly ids: readonly string[]; readonly collapse: boolean }
  /**
   * The selection dragged by the field `id`: `boxes` where they started on this page, (dx, dy)
   * their offset on page `pageNum` (this one, or the one under the pointer), in points.
   */
  | { readonly kind: 'move'; readonly origin: Point; readonly id: string; readonly moving: readonly PlacedField[]; readonly boxes: ReadonlyMap<string, Box>; readonly pageNum: number; readonly dx: number; readonly dy: number; readonly guides: readonly Guide[] }
  | { readonly kind: 'resize'; readonly origin: Point; readonly id: string; readonly handle: Handle; readonly start: Box; readonly others: readonly Box[]; readonly box: Box; readonly guides: readonly Guide[] }
  | { readonly kind: 'marquee'; readonly origin: Point; readonly point: Point; readonly additive: boolean }
  | { readonly kind: 'draw'; readonly origin: Point; readonly point: Point; readonly preset: Preset };

interface Props {
  readonly pageIndex: number;
  readonly size: PageSize;
  readonly scale: number;
  /** The fields on this page. */
  readonly fields: readonly PlacedField[];
  /** Every page's size and fields, for a drag onto another page. */
  readonly pageSizes: readonly PageSize[];
  readonly fieldsByPage: ReadonlyMap<number, readonly PlacedField[]>;
  readonly dragPreview: DragPreviewChannel;
  readonly selection: ReadonlySet<string>;
  /** The preset armed for drawing, if any. */
  readonly drawing: Preset | null;
  readonly describedBy: string;
  readonly onSelect: (ids: readonly string[], mode: 'replace' | 'add' | 'toggle') => void;
  readonly onCommitRects: (rects: Readonly<Record<string, Rect>>) => void;
  /** Fields dragged onto page `pageNum`, at `rects` there; `focus` is the one the pointer held. */
  readonly onMoveToPage: (pageNum: number, rects: Readonly<Record<string, Rect>>, focus: string) => void;
  readonly onDraw: (preset: Preset, pageIndex: number, box: Box) => void;
  readonly onDropPreset: (aliasId: string, pageIndex: number, point: Point) => void;
  /** A press on empty page space (focus goes to the pages). */
  readonly onEmptyPress: () => void;
  readonly onFieldFocus: (id: string) => void;
  readonly onFieldKeyDown: (id: string, event: TargetedKeyboardEvent<HTMLDivElement>) => void;
}

export function FieldLayer(props: Props) {
  const { pageIndex, size, scale, fields, selection, drawing, dragPreview } = props;
  const gestureRef = useRef<Gesture | null>(null);
  const [gesture, setGestureState] = useState<Gesture | null>(null);
  /** Set while a press focuses its field, so that the focus does not select it again. */
  const pointerFocus = useRef(false);
  /** A drag from another page that would drop its fields here. */
  const incoming = useDragPreview(dragPreview, pageIndex);
  /** The layer and the pointer's last place on screen, for following it while the view scrolls under it. */
  const pointer = useRef<{ readonly layer: HTMLElement; readonly at: Pointer } | null>(null);
  const autoScroll = useAutoScroll(() => {
    if (gestureRef.current && pointer.current) follow(pointer.current.layer, pointer.current.at);
  });
  const setGesture = (next: Gesture | null): void => {
    const before = gestureRef.current;
    gestureRef.current = next;
    setGestureState(next);
    if (next?.kind === 'move' && next.pageNum !== pageIndex) {
      dragPreview.set({ pageNum: next.pageNum, fields: next.moving.map((field) => ({ field, box: translateBox(next.boxes.get(field.id)!, next.dx, next.dy) })), guides: next.guides });
    } else if (before?.kind === 'move' && before.pageNum !== pageIndex) {
      dragPreview.set(null);
    }
  };
  // A layer that goes away mid-drag takes its preview with it.
  useEffect(() => () => {
    const current = gestureRef.current;
    if (current?.kind === 'move' && current.pageNum !== pageIndex) dragPreview.set(null);
  }, [dragPreview, pageIndex]);
  const boxOf = (field: PlacedField): Box => rectToBox(field.rect, size.height);
  const threshold = SNAP_PX / scale;

  const focusFromPointer = (element: HTMLElement): void => {
    pointerFocus.current = true;
    try {
      element.focus({ preventScroll: true });
    } finally {
      pointerFocus.current = false;
    }
  };

  const onPointerDown = (event: TargetedPointerEvent<HTMLDivElement>): void => {
    if (event.button !== 0) return;
    if (gestureRef.current) finish(); // its release was lost (outside the frame): it ends here
    const layer = event.currentTarget;
    const target = event.target as Element;
    const origin = pointIn(layer, event, scale);
    const fieldElement = target.closest<HTMLElement>('[data-field-id]');
    event.preventDefault(); // no text selection, no native drag; focus is moved by hand below
    try {
      layer.setPointerCapture(event.pointerId);
    } catch {
      // not an active pointer (a synthetic event): moves still reach the layer while over it
    }
    if (fieldElement) {
      const id = fieldElement.dataset.fieldId!;
      const field = fields.find((f) => f.id === id);
      if (!field) return;
      const handle = target.closest<HTMLElement>('[data-handle]')?.dataset.handle as Handle | undefined;
      blurFormControl();
      if (handle) {
        const others = fields.filter((f) => f.id !== id).map(boxOf);
        const start = boxOf(field);
        setGesture({ kind: 'resize', origin, id, handle, start, others, box: start, guides: [] });
      } else if (event.shiftKey) {
        props.onSelect([id], 'toggle');
      } else {
        const wasSelected = selection.has(id);
        if (!wasSelected) props.onSelect([id], 'replace');
        const ids = wasSelected ? fields.filter((f) => selection.has(f.id)).map((f) => f.id) : [id];
        setGesture({ kind: 'press', origin, id, ids, collapse: wasSelected && selection.size > 1 });
      }
      focusFromPointer(fieldElement);
      return;
    }
    blurFormControl();
    props.onEmptyPress();
    setGesture(drawing ? { kind: 'draw', origin, point: origin, preset: drawing } : { kind: 'marquee', origin, point: origin, additive: event.shiftKey });
  };

  const onPointerMove = (event: TargetedPointerEvent<HTMLDivElement>): void => {
    const current = gestureRef.current;
    if (!current) return;
    if (event.pointerType === 'mouse' && event.buttons === 0) {
      finish(); // the button went up where the layer did not hear it
      return;
    }
    const layer = event.currentTarget;
    const at = { clientX: event.clientX, clientY: event.clientY };
    pointer.current = { layer, at };
    follow(layer, at);
    if (gestureRef.current && gestureRef.current.kind !== 'press') autoScroll.track(layer, at.clientY);
  };

  /** The gesture with the pointer at `at` on screen: moved there, or still there while the view scrolls. */
  const follow = (layer: HTMLElement, at: Pointer): void => {
    const current = gestureRef.current;
    if (!current) return;
    const point = pointIn(layer, at, scale);
    const dx = point.x - current.origin.x;
    const dy = point.y - current.origin.y;
    switch (current.kind) {
      case 'press': {
        if (Math.hypot(dx, dy) * scale < DRAG_PX) return;
        const ids = new Set(current.ids);
        const moving = fields.filter((f) => ids.has(f.id));
        const boxes = new Map(moving.map((f) => [f.id, boxOf(f)] as const));
        setGesture(dragTo({ kind: 'move', origin: current.origin, id: current.id, moving, boxes, pageNum: pageIndex, dx: 0, dy: 0, guides: [] }, layer, at));
        return;
      }
      case 'move':
        setGesture(dragTo(current, layer, at));
        return;
      case 'resize': {
        const resized = resizeBox(current.start, current.handle, dx, dy, current.others, size, threshold);
        setGesture({ ...current, ...resized });
        return;
      }
      case 'marquee':
      case 'draw':
        setGesture({ ...current, point });
        return;
    }
  };

  /**
   * The move with the pointer at `event`: on the page under it (the one it was on while over
   * none), the fields at the same offset from the pointer as when it went down, snapped to that
   * page's other fields and inside it.
   */
  const dragTo = (move: Extract<Gesture, { kind: 'move' }>, layer: HTMLElement, event: Pointer): Extract<Gesture, { kind: 'move' }> => {
    const layers = pageLayers(layer).filter(({ pageNum }) => props.pageSizes[pageNum]);
    const pageNum = pageUnder({ x: event.clientX, y: event.clientY }, layers, move.pageNum);
    const target = layers.find((l) => l.pageNum === pageNum)?.element ?? layer;
    const page = props.pageSizes[pageNum] ?? size;
    const point = pointIn(target, event, scale);
    const others = (pageNum === pageIndex ? fields : props.fieldsByPage.get(pageNum) ?? [])
      .filter((f) => !move.boxes.has(f.id)).map((f) => rectToBox(f.rect, page.height));
    const offset = moveOffset([...move.boxes.values()], others, point.x - move.origin.x, point.y - move.origin.y, page, threshold);
    return { ...move, pageNum, ...offset };
  };

  /** Ends the gesture: its result reaches the editor. */
  const finish = (): void => {
    const done = gestureRef.current;
    if (!done) return;
    cancel();
    switch (done.kind) {
      case 'press':
        if (done.collapse) props.onSelect([done.id], 'replace');
        return;
      case 'move': {
        const home = done.pageNum === pageIndex;
        if (home && done.dx === 0 && done.dy === 0) return;
        const height = (props.pageSizes[done.pageNum] ?? size).height;
        const rects: Record<string, Rect> = {};
        for (const [id, box] of done.boxes) rects[id] = boxToRect(translateBox(box, done.dx, done.dy), height);
        if (home) props.onCommitRects(rects);
        else props.onMoveToPage(done.pageNum, rects, done.id);
        return;
      }
      case 'resize':
        props.onCommitRects({ [done.id]: boxToRect(done.box, size.height) });
        return;
      case 'marquee': {
        const box = boxFromCorners(done.origin, done.point);
        if (Math.hypot(box.width, box.height) * scale < DRAG_PX) {
          if (!done.additive) props.onSelect([], 'replace');
          return;
        }
        const hits = marqueeHits(box, fields.map((f) => ({ id: f.id, box: boxOf(f) })));
        props.onSelect(hits, done.additive ? 'add' : 'replace');
        return;
      }
      case 'draw':
        props.onDraw(done.preset, pageIndex, drawnBox(done.origin, done.point, done.preset.type, size, DRAG_PX / scale));
        return;
    }
  };

  /** Ends the gesture with no result. */
  const cancel = (): void => {
    autoScroll.stop();
    pointer.current = null;
    setGesture(null);
  };

  const onDragOver = (event: TargetedDragEvent<HTMLDivElement>): void => {
    if (!event.dataTransfer?.types.includes(PRESET_MIME)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (event: TargetedDragEvent<HTMLDivElement>): void => {
    const aliasId = event.dataTransfer?.getData(PRESET_MIME);
    if (!aliasId) return;
    event.preventDefault();
    props.onDropPreset(aliasId, pageIndex, pointIn(event.currentTarget, event, scale));
  };

  /** Where a field is drawn: moved or resized while a gesture previews it (a move to another page previews there). */
  const previewBox = (field: PlacedField): Box => {
    if (gesture?.kind === 'move' && gesture.pageNum === pageIndex) {
      const box = gesture.boxes.get(field.id);
      if (box) return translateBox(box, gesture.dx, gesture.dy);
    }
    if (gesture?.kind === 'resize' && gesture.id === field.id) return gesture.box;
    return boxOf(field);
  };
  const single = selection.size === 1;
  const leaving = gesture?.kind === 'move' && gesture.pageNum !== pageIndex ? gesture.boxes : null;
  const guides = gesture?.kind === 'resize' || (gesture?.kind === 'move' && !leaving) ? gesture.guides : incoming?.guides;

  return (
    <div class={`tb-layer${drawing ? ' is-drawing' : ''}${gesture?.kind === 'move' ? ' is-moving' : ''}${incoming ? ' is-drop-target' : ''}`} role="group" aria-label={`Fields on page ${pageIndex + 1}`}
      onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={finish} onLostPointerCapture={finish} onPointerCancel={cancel}
      onDragOver={onDragOver} onDrop={onDrop}>
      {fields.map((field) => (
        <FieldBox key={field.id} field={field} box={previewBox(field)} scale={scale} selected={selection.has(field.id)}
          showHandles={single && selection.has(field.id) && !leaving} leaving={leaving?.has(field.id) ?? false} describedBy={props.describedBy}
          onFocus={(id) => !pointerFocus.current && props.onFieldFocus(id)} onKeyDown={props.onFieldKeyDown} />
      ))}
      {incoming?.fields.map(({ field, box }) => <FieldGhost key={`ghost-${field.id}`} field={field} box={box} scale={scale} />)}
      {guides && <Guides guides={guides} scale={scale} />}
      {gesture?.kind === 'marquee' && <Marquee box={boxFromCorners(gesture.origin, gesture.point)} scale={scale} variant="select" />}
      {gesture?.kind === 'draw' && <Marquee box={boxFromCorners(gesture.origin, gesture.point)} scale={scale} variant="draw" />}
    </div>
  );
}
