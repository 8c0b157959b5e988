// What the server put in the page for this iframe's one load (server/embed/pages.ts): the
// session secret that reaches the embedded object, and who embeds it.

export type EmbedType = 'edit-pdf-template' | 'edit-etch-packet' | 'edit-workflow';

export interface EmbedSession {
  /** Sent back in the X-Quire-Embed-Session header; never in a URL. */
  readonly session: string;
  readonly embedType: EmbedType;
  readonly objectEid: string;
  readonly organizationSlug: string;
  readonly requestTokenEid: string;
  /** The organization's allowed embedding origins; null when any origin may embed. */
  readonly allowedOrigins: readonly string[] | null;
}

/** Reads the session from its JSON script element; throws when the page has none. */
export function readSession(doc: Document = document): EmbedSession {
  const element = doc.getElementById('quire-embed-session');
  if (!element?.textContent) throw new Error('This page has no embed session');
  return JSON.parse(element.textContent) as EmbedSession;
}
