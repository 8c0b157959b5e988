// The customer's parent page: embeds `?url=` with our EmbedFrame (`frame=quire`) or the hosted
// API's @anvilco/anvil-embed-frame (`frame=anvil`), given the server's `origin`. Every event the
// component delivers is kept in `window.quireEvents`; `window.quireCommand(action)` sends a
// command through the component. A second iframe (`#rogue`, this page's origin) is the "other
// window" whose commands the builder must ignore.
import AnvilEmbedFrameModule from '@anvilco/anvil-embed-frame';
import { createElement, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { EmbedFrame, postCommand } from '../../../web/embed-frame/index.js';

interface TestWindow extends Window {
  quireEvents: Record<string, unknown>[];
  quireCommand?: (action: string) => void;
}

// The package is CommonJS with `__esModule`: its component is the default of the default.
const AnvilEmbedFrame = ((AnvilEmbedFrameModule as unknown as { default?: unknown }).default ?? AnvilEmbedFrameModule) as never;

const win = window as unknown as TestWindow;
win.quireEvents = [];
const params = new URLSearchParams(location.search);
const iframeURL = params.get('url')!;
const origin = params.get('origin')!;
const frame = params.get('frame');
const record = (event: object): void => {
  win.quireEvents.push(event as Record<string, unknown>);
};

function QuireParent() {
  const iframeRef = useRef<HTMLIFrameElement>(null);
  win.quireCommand = (action) => postCommand(iframeRef, { action }, origin);
  return <EmbedFrame iframeURL={iframeURL} origin={origin} onEvent={record} iframeRef={iframeRef} className="builder" title="Template builder" />;
}

function AnvilParent() {
  const component = useRef<{ postMessage(message: object): void } | null>(null);
  win.quireCommand = (action) => component.current?.postMessage({ action });
  return createElement(AnvilEmbedFrame, { ref: component, iframeURL, anvilURL: origin, onEvent: record, className: 'builder' });
}

function Page() {
  return (
    <main>
      <h1>Customer app</h1>
      {frame === 'anvil' ? <AnvilParent /> : <QuireParent />}
      <iframe id="rogue" src="/rogue.html" title="Another frame" style={{ width: 200, height: 40 }} />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<Page />);
