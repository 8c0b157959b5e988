// The iframe's side of embedded-builders.md §6 and §4.7: events are plain objects posted to the
// parent window — to the embedding origin, not '*', wherever that origin is known — and commands
// are taken only from the parent window itself (event.source), from that origin.
import type { BuilderEvent } from './events.js';
import { parentOrigins } from './parent-origin.js';
import type { EmbedSession } from './session.js';

/** The commands a parent may send (spec §4.7). */
export type CommandAction = 'castEditSubmit' | 'castEditGetFields';
const COMMANDS: ReadonlySet<string> = new Set<CommandAction>(['castEditSubmit', 'castEditGetFields']);

export class Messenger {
  /** Where events go (parent-origin.ts); none when the page is not embedded. */
  readonly targetOrigins: readonly string[];

  constructor(
    private readonly session: EmbedSession,
    private readonly win: Window = window,
  ) {
    this.targetOrigins = win.parent === win ? [] : parentOrigins(session.allowedOrigins, embedderOrigin(win));
  }

  /** Posts an event; template events get `castEid`, every event `organizationSlug`. */
  post(event: BuilderEvent): void {
    const extra = event.action.startsWith('castEdit') ? { castEid: this.session.objectEid } : {};
    const message = { ...event, ...extra, organizationSlug: this.session.organizationSlug };
    for (const origin of this.targetOrigins) this.win.parent.postMessage(message, origin);
  }

  /** Calls `handler` for each command the parent window sends; returns the unsubscribe function. */
  onCommand(handler: (action: CommandAction) => void): () => void {
    const listener = (event: MessageEvent): void => {
      if (event.source !== this.win.parent || this.win.parent === this.win) return;
      if (!this.targetOrigins.includes('*') && !this.targetOrigins.includes(event.origin)) return;
      const action = (event.data as { action?: unknown } | null)?.action;
      if (typeof action === 'string' && COMMANDS.has(action)) handler(action as CommandAction);
    };
    this.win.addEventListener('message', listener);
    return () => this.win.removeEventListener('message', listener);
  }
}

/** The embedding page's origin as the browser tells it: ancestorOrigins (Chromium, Safari), else the referrer. */
function embedderOrigin(win: Window): string | null {
  const ancestors = win.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0 && ancestors[0] !== 'null') return ancestors[0]!;
  try {
    return win.document.referrer ? new URL(win.document.referrer).origin : null;
  } catch {
    return null;
  }
}
