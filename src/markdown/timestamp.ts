// The generation timestamp of a Markdown document (spec §2.1 `includeTimestamp`), in UTC so
// that it reads the same wherever the server runs: "Generated 23 Nov 2026, 08:40 UTC".
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function timestampText(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `Generated ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;
}
