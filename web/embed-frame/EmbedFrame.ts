// EmbedFrame: a React component that shows a Quire embedded builder in an iframe and hands its
// events to `onEvent` (embedded-builders.md §6), modelled on the hosted API's
// @anvilco/anvil-embed-frame. Unlike that component it accepts a message only when it comes from
// the builder's origin AND from this iframe's own window, and it sends commands to that origin,
// never to '*'. Written with React.createElement so it needs no JSX setup; works with React 17+.
import React from 'react';
import { acceptMessage, frameOrigin, type EmbedCommand, type EmbedCommandAction, type EmbedEvent } from './messages.js';
import { postMessage } from './postMessage.js';

type IframeAttributes = Omit<React.IframeHTMLAttributes<HTMLIFrameElement>, 'src' | 'children' | 'ref'>;

export interface EmbedFrameProps extends IframeAttributes {
  /** The embed URL from generateEmbedURL (spec §2.2). */
  readonly iframeURL: string;
  /** Called with each event the builder posts (spec §6). */
  readonly onEvent?: ((event: EmbedEvent) => void) | undefined;
  /**
   * The Quire server's origin, e.g. `https://quire.example.com` (a URL is reduced to its origin).
   * Default: the origin of `iframeURL`. Messages from any other origin are ignored.
   */
  readonly origin?: string | undefined;
  /** Receives the iframe element (an object ref or a callback ref). */
  readonly iframeRef?: React.Ref<HTMLIFrameElement> | undefined;
  /** Scrolls the page to the iframe when it mounts, as @anvilco/anvil-embed-frame's `scroll`. */
  readonly scroll?: 'auto' | 'smooth' | null | undefined;
}

/** What a `ref` on EmbedFrame receives: the same shape as @anvilco/anvil-embed-frame's instance. */
export interface EmbedFrameHandle {
  /** The iframe element, once mounted. */
  readonly iframe: HTMLIFrameElement | null;
  readonly iframeRef: React.RefObject<HTMLIFrameElement | null>;
  /** Sends a command (`castEditSubmit`, `castEditGetFields`) to the builder; false before the iframe exists. */
  postMessage(command: EmbedCommand | EmbedCommandAction): boolean;
}

export const DEFAULT_TITLE = 'Quire builder';

function EmbedFrameImpl(props: EmbedFrameProps, ref: React.ForwardedRef<EmbedFrameHandle>): React.ReactElement {
  const { iframeURL, onEvent, origin, iframeRef, scroll, title, ...attributes } = props;
  const frame = React.useRef<HTMLIFrameElement | null>(null);
  const latestOnEvent = React.useRef(onEvent);
  latestOnEvent.current = onEvent;
  const base = typeof window === 'undefined' ? undefined : window.location.href;
  const expected = frameOrigin(iframeURL, origin, base);

  React.useEffect(() => {
    if (expected === null) return undefined;
    const listener = (message: MessageEvent): void => {
      const event = acceptMessage(message, expected, frame.current?.contentWindow ?? null);
      if (event) latestOnEvent.current?.(event);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [expected, iframeURL]);

  React.useEffect(() => {
    if (scroll) frame.current?.scrollIntoView({ behavior: scroll });
    // Only when mounted, as the hosted component does.
  }, []);

  React.useImperativeHandle(ref, () => ({
    get iframe() {
      return frame.current;
    },
    iframeRef: frame,
    postMessage: (command: EmbedCommand | EmbedCommandAction) => (expected === null ? false : postMessage(frame, command, expected)),
  }), [expected]);

  const setFrame = React.useCallback((element: HTMLIFrameElement | null) => {
    frame.current = element;
    assignRef(iframeRef, element);
  }, [iframeRef]);

  return React.createElement('iframe', { title: title ?? DEFAULT_TITLE, ...attributes, src: iframeURL, ref: setFrame });
}

function assignRef<T>(ref: React.Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as React.RefObject<T | null>).current = value;
}

/** The builder in an iframe; see EmbedFrameProps. */
export const EmbedFrame = React.forwardRef<EmbedFrameHandle, EmbedFrameProps>(EmbedFrameImpl);
EmbedFrame.displayName = 'EmbedFrame';
