// Sends a command to a builder iframe (embedded-builders.md §4.7): `{ action }` posted to the
// iframe's window with the builder's origin as the target origin — never '*', so a frame that
// navigated elsewhere does not receive it.
import { commandMessage, commandTargetOrigin, type EmbedCommand, type EmbedCommandAction } from './messages.js';

/** The iframe, or a React ref holding it. */
export type FrameTarget = HTMLIFrameElement | { readonly current: HTMLIFrameElement | null } | null | undefined;

/**
 * Posts `command` to the iframe's window for `origin` (the Quire server's origin). Returns false
 * when there is no iframe window to post to yet; throws a TypeError for an origin that is not
 * an http(s) origin (including '*').
 */
export function postMessage(target: FrameTarget, command: EmbedCommand | EmbedCommandAction, origin: string): boolean {
  const targetOrigin = commandTargetOrigin(origin);
  const frame = frameOf(target);
  const win = frame?.contentWindow;
  if (!win) return false;
  win.postMessage(commandMessage(command), targetOrigin);
  return true;
}

function frameOf(target: FrameTarget): HTMLIFrameElement | null {
  if (!target) return null;
  if ('current' in target && !('contentWindow' in target)) return target.current;
  return target as HTMLIFrameElement;
}

/** The same as postMessage, under a name that does not shadow window.postMessage. */
export const postCommand = postMessage;
