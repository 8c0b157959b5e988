// The template builder's editing page, once the Cast's PDF is open: the editor state (fields,
// selection, history), the title bar, toolbar, thumbnails (the fields marked on them), pages
// with their field layers and the sidebar, wired to the keyboard, the parent's commands, the
// events, and saving.
import type { TargetedKeyboardEvent } from 'preact';
import { useEffect, useId, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';
import type { Api } from '../api.js';
import type { Messenger } from '../messenger.js';
import type { OpenPdf } from '../pdf/document.js';
import { PdfPages, scrollToPage } from '../pdf/PdfPages.js';
import { Thumbnails } from '../pdf/Thumbnails.js';
import { ZOOM_STEPS } from '../pdf/ZoomControl.js';
import { fieldElement, focusedFieldId, newFieldId, pagesScroller, visibleRegion } from './dom.js';
import { DragPreviewChannel } from './dragPreview.js';
import { EditMenu } from './EditMenu.js';
import { FieldLayer } from './FieldLayer.js';
import { defaultSize } from './fieldTypes.js';
import { rectToBox } from './geometry.js';
import { LiveRegion, useAnnouncer } from './LiveRegion.js';
import { Notices } from './Notices.js';
import { boxAtPoint, fieldFromPreset, findFreeSpot, presetStyle } from './placement.js';
import { placedFields, toRecords } from './records.js';
import { isTypingTarget, shortcutFor, type Shortcut } from './shortcuts.js';
import { Sidebar } from './Sidebar.js';
import { canRedo, canUndo, editorReducer, initialState, selectedFields, type EditorAction, type FieldPatch } from './state.js';
import { TitleBar } from './TitleBar.js';
import { Toolbar } from './Toolbar.js';
import type { Box, CastObject, PlacedField, Preset, TemplateOptions } from './types.js';
import { useCommands, useLatest, useWindowKeydown } from './useLatest.js';
import { useFieldEvents } from './useFieldEvents.js';
import { useReplaceDocument } from './useReplaceDocument.js';
import { useSubmit } from './useSubmit.js';
import './template.css';

interface Props {
  readonly api: Api;
  readonly messenger: Messenger;
  readonly cast: CastObject;
  readonly options: TemplateOptions;
  readonly initialPdf: OpenPdf;
  /** Called once the template is saved (castEditComplete is posted). */
  readonly onDone: () => void;
}

/** What keyboard focus goes to after the next render (a field: with `reveal`, scrolled into view). */
type PendingFocus = { readonly field: string; readonly reveal?: boolean } | 'pages' | 'inspector' | null;

export function Editor({ api, messenger, cast, options, initialPdf, onDone }: Props) {
  const [pdf, setPdf] = useState(initialPdf);
  const [state, dispatch] = useReducer(editorReducer, cast, (c) => initialState(placedFields(c.fields, initialPdf.pageSizes)));
  const [zoom, setZoom] = useState(1);
  const [currentPage, setCurrentPage] = useState(0);
  const [drawing, setDrawing] = useState<Preset | null>(null);
  const version = useRef(cast.versionNumber);
  const root = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<PendingFocus>(null);
  const helpId = useId();
  const { message, announce } = useAnnouncer();
  const latest = useLatest({ ...state, pageCount: pdf.pageSizes.length, pageSizes: pdf.pageSizes });
  const pageSizes = pdf.pageSizes;
  const [dragPreview] = useState(() => new DragPreviewChannel());

  useFieldEvents(messenger, state, announce);
  const { submit, submitting, problem, busy } = useSubmit({ api, messenger, presets: options.presets, latest, version, onDone });
  const { replace, replacing, replaceError } = useReplaceDocument({
    api, version, announce, onReplaced: (next) => {
      setPdf(next);
      dispatch({ type: 'clampToPages', pageSizes: next.pageSizes });
      setCurrentPage((page) => Math.min(page, next.pageSizes.length - 1));
    },
  });

  // Keyboard focus after a change: to a new field, to the inspector, or — when the focused
  // element went away (a deleted field) — to the pages.
  useEffect(() => {
    const target = pendingFocus.current;
    pendingFocus.current = null;
    if (target === 'pages') {
      if (!document.activeElement || document.activeElement === document.body) pagesScroller(root.current)?.focus({ preventScroll: true });
    } else if (target === 'inspector') {
      root.current?.querySelector<HTMLElement>('.tb-inspector-name')?.focus();
    } else if (target) {
      const element = fieldElement(root.current, target.field);
      element?.focus(target.reveal ? { preventScroll: true } : undefined);
      if (target.reveal) element?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  });

  // Start at 100%, or smaller when the widest page does not fit the view.
  useLayoutEffect(() => {
    const available = (root.current?.querySelector('.tb-pages')?.clientWidth ?? 0) - 48;
    const widest = Math.max(...initialPdf.pageSizes.map((size) => size.width), 1);
    if (available > 0 && widest > available) setZoom([...ZOOM_STEPS].reverse().find((step) => step * widest <= available) ?? ZOOM_STEPS[0]);
  }, [initialPdf]);

  // A replaced document's old pdf.js document is released once nothing draws from it.
  useEffect(() => () => void setTimeout(() => void pdf.proxy.destroy(), 2000), [pdf]);

  const run = (action: EditorAction, focus: PendingFocus = null): void => {
    if (focus) pendingFocus.current = focus;
    dispatch(action);
  };

  /** The page an action without a position applies to: the focused field's, else the one most in view. */
  const actionPage = (): number => {
    const id = focusedFieldId();
    const field = id ? state.fields.find((f) => f.id === id) : undefined;
    return field && field.pageNum < pageSizes.length ? field.pageNum : Math.min(currentPage, pageSizes.length - 1);
  };

  const addField = (preset: Preset, pageNum: number, box: Box): void => {
    const field = fieldFromPreset(preset, newFieldId(), pageNum, box, pageSizes[pageNum]!);
    run({ type: 'add', fields: [field] }, { field: field.id });
  };

  /** A preset's button: its field at a free spot near the top-left of the part of the current page in view. */
  const placePreset = (preset: Preset): void => {
    const pageNum = Math.min(currentPage, pageSizes.length - 1);
    const page = pageSizes[pageNum]!;
    const region = visibleRegion(root.current, pageNum, zoom) ?? { left: 0, top: 0, width: page.width, height: page.height };
    const occupied = state.fields.filter((f) => f.pageNum === pageNum).map((f) => rectToBox(f.rect, page.height));
    addField(preset, pageNum, findFreeSpot(defaultSize(preset.type), page, region, occupied));
  };

  const toggleDraw = (preset: Preset): void => {
    const arming = drawing?.aliasId !== preset.aliasId;
    setDrawing(arming ? preset : null);
    announce(arming ? `Drawing ${preset.name}: drag on a page to draw the field. Escape cancels.` : 'Drawing cancelled');
  };

  const removeSelection = (): void => {
    if (state.selection.length > 0) run({ type: 'remove', ids: state.selection }, 'pages');
  };

  const paste = (): void => {
    if (state.clipboard.length === 0) return;
    const ids = state.clipboard.map(() => newFieldId());
    run({ type: 'paste', ids, pageNum: actionPage(), pageSizes }, { field: ids[0]! });
  };

  const applyShortcut = (shortcut: Shortcut, event: KeyboardEvent): void => {
    const hasSelection = state.selection.length > 0;
    const handled = (): void => event.preventDefault();
    switch (shortcut.kind) {
      case 'move':
      case 'resize':
        if (!hasSelection) return;
        handled();
        run({ type: 'nudge', mode: shortcut.kind, dx: shortcut.dx, dy: shortcut.dy, pageSizes, at: Date.now() });
        return;
      case 'page': {
        // The selection to the next or previous page; focus stays on the field it was on.
        const focused = focusedFieldId();
        if (!focused || !state.selection.includes(focused)) return;
        handled();
        const action: EditorAction = { type: 'shiftPage', delta: shortcut.delta, pageSizes };
        if (editorReducer(state, action) !== state) run(action, { field: focused, reveal: true });
        return;
      }
      case 'delete':
        if (!hasSelection) return;
        handled();
        removeSelection();
        return;
      case 'escape':
        if (drawing) toggleDraw(drawing);
        else if (hasSelection) run({ type: 'deselect' });
        return;
      case 'undo':
      case 'redo':
        handled();
        run({ type: shortcut.kind }, 'pages');
        return;
      case 'copy':
        if (!hasSelection) return;
        handled();
        run({ type: 'copy' });
        announce(state.selection.length === 1 ? `${selectedFields(state)[0]!.name} copied` : `${state.selection.length} fields copied`);
        return;
      case 'cut':
        if (!hasSelection) return;
        handled();
        run({ type: 'cut' }, 'pages');
        return;
      case 'paste':
        handled();
        paste();
        return;
      case 'selectAll':
        handled();
        run({ type: 'selectAll', pageNum: actionPage() });
        return;
    }
  };

  useWindowKeydown((event) => {
    if (event.defaultPrevented || busy.current || isTypingTarget(event.target as HTMLElement | null)) return;
    const shortcut = shortcutFor(event);
    if (shortcut) applyShortcut(shortcut, event);
  });

  const onFieldKeyDown = (id: string, event: TargetedKeyboardEvent<HTMLDivElement>): void => {
    if (event.key === ' ' || event.key === 'Spacebar') {
      event.preventDefault();
      run({ type: 'select', ids: [id], mode: event.shiftKey ? 'toggle' : 'replace' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // Edit it in the sidebar: the inspector is there now, or after the render that selects it.
      if (state.selection.includes(id)) root.current?.querySelector<HTMLElement>('.tb-inspector-name')?.focus();
      else run({ type: 'select', ids: [id], mode: 'replace' }, 'inspector');
    }
  };

  useCommands(messenger, (action) => {
    if (action === 'castEditSubmit') void submit();
    else messenger.post({ action: 'castEditGetFields', fields: toRecords(latest.current.fields) });
  });

  // ---- rendering ----
  const selection = useMemo(() => new Set(state.selection), [state.selection]);
  const fieldsByPage = useMemo(() => {
    const pages = new Map<number, PlacedField[]>();
    for (const field of state.fields) pages.set(field.pageNum, [...(pages.get(field.pageNum) ?? []), field]);
    return pages;
  }, [state.fields]);
  const placedCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const field of state.fields) counts.set(field.aliasId, (counts.get(field.aliasId) ?? 0) + 1);
    return counts;
  }, [state.fields]);
  const orphans = state.fields.filter((field) => field.pageNum >= pageSizes.length);
  const title = options.pageTitle ?? (cast.title || cast.name || 'Template');

  const patchSelection = (patch: FieldPatch): void => run({ type: 'update', ids: state.selection, patch });
  const choosePreset = (preset: Preset): void => {
    const style: FieldPatch = { alignment: undefined, fontSize: undefined, fontWeight: undefined, fontFamily: undefined, textColor: undefined, format: undefined };
    patchSelection({ ...style, ...presetStyle(preset), aliasId: preset.aliasId, name: preset.name, type: preset.type, required: preset.required === true });
  };

  return (
    <div class="tb" ref={root}>
      {options.showPageTitleBar
        ? <TitleBar title={title} finishButtonText={options.finishButtonText} busy={submitting} onFinish={() => void submit()} />
        : <header class="visually-hidden"><h1>{title}</h1></header>}
      <Notices problem={problem} replaceError={replaceError} replacing={replacing} orphans={orphans}
        onRemoveOrphans={() => run({ type: 'remove', ids: orphans.map((f) => f.id) })} />
      <div class="tb-workspace">
        <Thumbnails pdf={pdf} currentPage={currentPage} onSelect={(pageIndex) => {
          if (root.current) scrollToPage(root.current, pageIndex);
          setCurrentPage(pageIndex);
        }} marks={(pageIndex) => (fieldsByPage.get(pageIndex) ?? []).map((field) => ({ ...field.rect, selected: selection.has(field.id) }))} />
        <main class="tb-main" aria-label="Document">
          <Toolbar drawing={drawing?.name ?? null} canUndo={canUndo(state)} canRedo={canRedo(state)} zoom={zoom} onZoom={setZoom}
            onUndo={() => run({ type: 'undo' }, 'pages')} onRedo={() => run({ type: 'redo' }, 'pages')}
            menu={options.showReplaceDocumentAction ? <EditMenu busy={replacing} onReplace={(file) => void replace(file)} /> : undefined} />
          <div class={`tb-pages${drawing ? ' is-drawing' : ''}`}>
            <PdfPages pdf={pdf} scale={zoom} label="Document pages" onCurrentPage={setCurrentPage} overlay={(pageIndex, size) => (
              <FieldLayer pageIndex={pageIndex} size={size} scale={zoom} fields={fieldsByPage.get(pageIndex) ?? []} selection={selection}
                pageSizes={pageSizes} fieldsByPage={fieldsByPage} dragPreview={dragPreview}
                drawing={drawing} describedBy={helpId}
                onSelect={(ids, mode) => run({ type: 'select', ids, mode })}
                onCommitRects={(rects) => run({ type: 'setRects', rects })}
                onMoveToPage={(pageNum, rects, focus) => run({ type: 'setRects', rects, pageNum }, { field: focus })}
                onDraw={(preset, pageNum, box) => {
                  setDrawing(null);
                  addField(preset, pageNum, box);
                }}
                onDropPreset={(aliasId, pageNum, point) => {
                  const preset = options.presets.find((p) => p.aliasId === aliasId);
                  if (preset) addField(preset, pageNum, boxAtPoint(point, preset.type, pageSizes[pageNum]!));
                }}
                onEmptyPress={() => pagesScroller(root.current)?.focus({ preventScroll: true })}
                onFieldFocus={(id) => {
                  if (!latest.current.selection.includes(id)) run({ type: 'select', ids: [id], mode: 'replace' });
                }}
                onFieldKeyDown={onFieldKeyDown} />
            )} />
          </div>
        </main>
        <Sidebar options={options} selected={selectedFields(state)} placedCounts={placedCounts} drawing={drawing?.aliasId ?? null}
          onPlace={placePreset} onToggleDraw={toggleDraw} onPatch={patchSelection} onChoosePreset={choosePreset} onDelete={removeSelection} />
      </div>
      <p id={helpId} hidden>
        Arrow keys move the selected fields, Alt with arrow keys resizes them; with Shift, by 10 points. Alt+Page Down and Alt+Page Up move them to the next or previous page. Delete removes them. Enter edits the field in the sidebar. Shift+Space adds or removes a field from the selection.
      </p>
      <LiveRegion message={message} />
    </div>
  );
}
