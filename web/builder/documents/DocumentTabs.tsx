// A packet's (or workflow's) documents as tabs (WAI-ARIA tabs: arrow keys, Home and End move
// between them), one panel each. A panel opens its PDF when first shown and keeps it, so going
// back to a tab neither downloads nor redraws from scratch. An optional overlay is drawn over
// each page of each document (the packet builder's fields).
import type { ComponentChildren } from 'preact';
import { useId, useRef, useState } from 'preact/hooks';
import type { Api } from '../api.js';
import type { PageSize } from '../pdf/document.js';
import { DocumentView } from './DocumentView.js';
import './documents.css';

export interface DocumentItem {
  readonly id: string;
  readonly title: string;
  /** The PDF to show; none for a document generated later. */
  readonly castEid?: string;
}

interface Props {
  readonly api: Api;
  readonly documents: readonly DocumentItem[];
  /** The tab list's accessible name, e.g. "Documents". */
  readonly label: string;
  /** Drawn over page `pageIndex` of `doc` (see PdfPages' overlay). */
  readonly overlay?: ((doc: DocumentItem, pageIndex: number, size: PageSize) => ComponentChildren) | undefined;
}

export function DocumentTabs({ api, documents, label, overlay }: Props) {
  const base = useId();
  const [selected, setSelected] = useState(0);
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set([0]));
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  if (documents.length === 0) return <p class="document-status">There are no documents to show.</p>;

  const select = (index: number, focus: boolean): void => {
    setSelected(index);
    setOpened((previous) => (previous.has(index) ? previous : new Set([...previous, index])));
    if (focus) tabs.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number): void => {
    const last = documents.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next, true);
  };

  return (
    <div class="document-tabs">
      <div role="tablist" aria-label={label} class="tablist">
        {documents.map((doc, i) => (
          <button key={doc.id} ref={(element) => { tabs.current[i] = element; }} type="button" role="tab" id={`${base}-tab-${i}`}
            aria-selected={i === selected} aria-controls={`${base}-panel-${i}`} tabIndex={i === selected ? 0 : -1}
            onClick={() => select(i, false)} onKeyDown={(event) => onKeyDown(event, i)}>
            {doc.title}
          </button>
        ))}
      </div>
      {documents.map((doc, i) => (
        <div key={doc.id} role="tabpanel" id={`${base}-panel-${i}`} aria-labelledby={`${base}-tab-${i}`} class="tabpanel" hidden={i !== selected}
          tabIndex={doc.castEid ? undefined : 0}>
          {opened.has(i) && (doc.castEid
            ? <DocumentView api={api} castEid={doc.castEid} title={doc.title} overlay={overlay && ((pageIndex, size) => overlay(doc, pageIndex, size))} />
            : <p class="document-status">There is no preview of {doc.title}: its PDF is made later.</p>)}
        </div>
      ))}
    </div>
  );
}
