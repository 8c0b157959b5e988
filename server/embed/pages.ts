// The HTML an embed URL answers with: the builder page for a valid token (a shell that loads the
// front end from /embed/assets/ and holds the session), or an error page that tells the parent
// window why, with an `embeddedError` message (embedded-builders.md §6, §7). Both may be framed
// by the organization's embed origins only (any origin when it has set none, or when the token
// is unknown): the error page too, so that its event reaches the parent.
import { randomBytes } from 'node:crypto';
import { frameAncestors } from './origins.js';

export type EmbedErrorType = 'tokenExpired' | 'tokenUsed' | 'tokenInvalid';

export interface EmbedPage {
  readonly html: string;
  /** Content-Security-Policy: what the page may load and run, and who may frame it. */
  readonly csp: string;
}

const ERROR_TEXT: Readonly<Record<EmbedErrorType, { error: string; message: string }>> = {
  tokenExpired: { error: 'Token expired', message: 'This link has expired. Ask for a new one.' },
  tokenUsed: { error: 'Token used', message: 'This link has already been used. Each link opens once; ask for a new one.' },
  tokenInvalid: { error: 'Token invalid', message: 'This link is not valid.' },
};

export function embedErrorPage(errorType: EmbedErrorType, requestTokenEid: string | null, embedOrigins: readonly string[] | null = null): EmbedPage {
  const { error, message } = ERROR_TEXT[errorType];
  const event = { action: 'embeddedError', errorType, error, message, requestTokenEid };
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(error)}</title>
<style nonce="${nonce}">body{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#1b1f24}h1{font-size:1.25rem}</style>
</head><body>
<main role="alert"><h1>${escapeHtml(error)}</h1><p>${escapeHtml(message)}</p></main>
<script nonce="${nonce}">window.parent !== window && window.parent.postMessage(${scriptJsonText(event)}, '*');</script>
</body></html>`;
  // '*': the event carries nothing secret, and the page cannot know the parent's origin.
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; img-src 'self' data: blob:; base-uri 'none'; form-action 'none'; ${frameAncestors(embedOrigins)}`;
  return { html, csp };
}

/** What the builder reads from its page (web/builder/session.ts): exactly these keys. */
export interface EmbedSessionData {
  /** The session secret, sent back as X-Quire-Embed-Session. */
  readonly session: string;
  readonly embedType: string;
  readonly objectEid: string;
  readonly organizationSlug: string;
  readonly requestTokenEid: string;
  /** Where the builder may post its events; null for any origin. */
  readonly allowedOrigins: readonly string[] | null;
}

/**
 * The builder's page: its front end (no inline script at all) and the session as JSON. Asset
 * URLs are relative — the page is /embed/<type>, so they resolve to /embed/assets/… — so that
 * it works under a reverse proxy's path prefix.
 */
export function builderPage(title: string, data: EmbedSessionData): EmbedPage {
  const session: EmbedSessionData = {
    session: data.session,
    embedType: data.embedType,
    objectEid: data.objectEid,
    organizationSlug: data.organizationSlug,
    requestTokenEid: data.requestTokenEid,
    allowedOrigins: data.allowedOrigins,
  };
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="assets/builder.css"><script type="module" src="assets/builder.js"></script></head>
<body><div id="app"><p role="status">Loading…</p><noscript>This builder needs JavaScript.</noscript></div><script type="application/json" id="quire-embed-session">${scriptJsonText(session)}</script></body></html>`;
  // 'unsafe-inline' styles: the builder positions fields with style attributes.
  const csp = `default-src 'none'; script-src 'self'; worker-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; ${frameAncestors(data.allowedOrigins)}`;
  return { html, csp };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON safe inside a <script> element: no `</script>`, no `<!--`, no line separators. */
function scriptJsonText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

