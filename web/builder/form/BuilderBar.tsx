// The bar across the top of the packet and workflow builders: what is being edited, its name
// input, whether the changes are saved (a status region), and the actions.
import type { ComponentChildren } from 'preact';
import './bar.css';

interface Props {
  readonly title: string;
  /** A short tag after the title ("Test", "Draft"). */
  readonly badge?: string | undefined;
  /** Saving…, Unsaved changes, All changes saved: announced politely. */
  readonly status: string;
  /** The name input. */
  readonly children: ComponentChildren;
  readonly actions: ComponentChildren;
}

export function BuilderBar({ title, badge, status, children, actions }: Props) {
  return (
    <header class="builder-bar">
      <h1 class="builder-title">{title}{badge ? <span class="badge">{badge}</span> : null}</h1>
      {children}
      <p class="save-state" role="status">{status}</p>
      <div class="bar-actions">{actions}</div>
    </header>
  );
}
