// Describes where two multi-line texts first differ, for readable golden-file failures.

/** A few lines of context around the first differing line: `-` expected, `+` actual. */
export function describeFirstDifference(expected: string, actual: string, context = 3): string {
  const want = expected.split('\n');
  const got = actual.split('\n');
  let first = 0;
  while (first < want.length && first < got.length && want[first] === got[first]) first++;
  const from = Math.max(0, first - context);
  const lines = [`first difference at line ${first + 1} (expected ${want.length} lines, got ${got.length})`];
  for (let i = from; i < first; i++) lines.push(`  ${want[i]}`);
  for (let i = first; i < Math.min(want.length, first + context + 1); i++) lines.push(`- ${want[i]}`);
  for (let i = first; i < Math.min(got.length, first + context + 1); i++) lines.push(`+ ${got[i]}`);
  return lines.join('\n');
}
