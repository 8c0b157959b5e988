// Where the builder's events may go (pure, so it is unit-tested in node): the embedding page's
// origin when it is known and allowed; when it is unknown (no ancestorOrigins, no referrer),
// each allowed origin — the browser delivers a message only to a parent of its target origin,
// so at most one of them arrives; '*' only when any origin may embed and the embedder's is
// unknown.

/** The target origins to post to, given the allowed origins (null = any) and the embedder's, if known. */
export function parentOrigins(allowed: readonly string[] | null, embedder: string | null): readonly string[] {
  if (allowed === null) return [embedder ?? '*'];
  if (embedder === null) return allowed;
  // Framed by an origin the organization did not allow (frame-ancestors normally stops this).
  return allowed.includes(embedder) ? [embedder] : [];
}
