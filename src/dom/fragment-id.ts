// The id a URL fragment names (`#b%2Fc` → `b/c`): percent-decoded, or as written when it is
// not valid percent-encoding (`#100%`), so that a bad link points nowhere instead of throwing.
export function fragmentId(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
