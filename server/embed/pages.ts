// The HTML an embed URL answers with: the builder page for a valid token (the builder issue
// fills it in; for now it names the object and holds the session), or an error page that tells
// the parent window why, with an `embeddedError` message (embedded-builders.md §6, §7).
import { randomBytes } from 'node:crypto';

export type EmbedErrorType = 'tokenExpired' | 'tokenUsed' | 'tokenInvalid';

export interface EmbedPage {
  readonly html: string;
  /** Content-Security-Policy allowing exactly this page's inline script and style. */
  readonly csp: string;
}

const ERROR_TEXT: Readonly<Record<EmbedErrorType, { error: string; message: string }>> = {
  tokenExpired: { error: 'Token expired', message: 'This link has expired. Ask for a new one.' },
  tokenUsed: { error: 'Token used', message: 'This link has already been used. Each link opens once; ask for a new one.' },
  tokenInvalid: { error: 'Token invalid', message: 'This link is not valid.' },
};

export function embedErrorPage(errorType: EmbedErrorType, requestTokenEid: string | null): EmbedPage {
  const { error, message } = ERROR_TEXT[errorType];
  const event = { action: 'embeddedError', errorType, error, message, requestTokenEid };
  return page(error, `<main role="alert"><h1>${escapeHtml(error)}</h1><p>${escapeHtml(message)}</p></main>`,
    // The parent's origin is unknown to this page; the event carries nothing secret.
    `window.parent !== window && window.parent.postMessage(${scriptJsonText(event)}, '*');`);
}

export interface BuilderPageInput {
  readonly embedType: string;
  readonly objectKind: string;
  readonly objectEid: string;
  readonly objectTitle: string;
  readonly organizationSlug: string;
  readonly sessionSecret: string;
  readonly requestTokenEid: string;
}

export function builderPage(input: BuilderPageInput): EmbedPage {
  const session = { session: input.sessionSecret, embedType: input.embedType, objectEid: input.objectEid, organizationSlug: input.organizationSlug, requestTokenEid: input.requestTokenEid };
  const body = `<main><h1>${escapeHtml(input.objectTitle)}</h1><p>${escapeHtml(input.objectKind)} <code>${escapeHtml(input.objectEid)}</code></p></main>
<script type="application/json" id="quire-embed-session">${scriptJsonText(session)}</script>`;
  return page(input.objectTitle, body, '');
}

function page(title: string, body: string, script: string): EmbedPage {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title>
<style nonce="${nonce}">body{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#1b1f24}h1{font-size:1.25rem}code{font-size:.9em}</style>
</head><body>
${body}
${script ? `<script nonce="${nonce}">${script}</script>` : ''}
</body></html>`;
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; img-src 'self' data: blob:; base-uri 'none'; form-action 'none'`;
  return { html, csp };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON safe inside a <script> element: no `</script>`, no `<!--`, no line separators. */
function scriptJsonText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

