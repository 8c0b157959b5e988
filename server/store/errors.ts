// Errors the store throws for a request it refused on purpose (not a broken database).

/** addCastVersion's `ifVersionNumber` no longer holds: another version was added meanwhile. */
export class StaleVersionError extends Error {
  constructor(readonly expected: number, readonly current: number) {
    super(`the Cast is at version ${current}, not ${expected}`);
    this.name = 'StaleVersionError';
  }
}
