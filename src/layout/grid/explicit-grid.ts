// The explicit grid of one axis (css-grid-1 §7.1): the template's tracks with its auto-repeat
// expanded (§7.2.3.2), the tracks `grid-template-areas` adds past them, and the line names of
// both (§7.2.2, §7.3: an area `a` names its lines `a-start` and `a-end`).
import type { GridTemplateAreas, GridTrackList, GridTrackSize, LengthPercentage } from '../../css/types.js';
import { MAX_GRID_LINE } from '../../css/properties/grid.js';

export interface ExplicitAxis {
  readonly sizes: readonly GridTrackSize[];
  /** Line name → explicit line indices (0-based), ascending. */
  readonly names: ReadonlyMap<string, readonly number[]>;
  /** The tracks an `auto-fit` repeat made: those left empty collapse (§7.2.3.2). */
  readonly autoFit: { readonly start: number; readonly end: number } | null;
}

/** A breadth as a length when it is one, percentages against `basis` (null: indefinite). */
export function fixedBreadth(b: GridTrackSize['min'], basis: number | null): number | null {
  if (typeof b !== 'object' || !('abs' in b)) return null;
  const lp = b as LengthPercentage;
  if (lp.pct === 0) return lp.abs;
  return basis === null ? null : lp.abs + (lp.pct * basis) / 100;
}

/**
 * How many times an auto-repeat repeats (§7.2.3.2): as many as fit in `available` (each track
 * at its max breadth when fixed, else its min breadth), at least once; once when indefinite.
 */
function repeatCount(list: GridTrackList, available: number | null, gap: number): number {
  const repeat = list.autoRepeat!;
  if (available === null) return 1;
  const size = (t: GridTrackSize) => {
    const max = fixedBreadth(t.max, available);
    const min = fixedBreadth(t.min, available) ?? 0;
    return Math.max(0, max === null ? min : Math.max(max, min));
  };
  let fixed = 0;
  for (const t of list.tracks) fixed += size(t);
  let step = 0;
  for (const t of repeat.tracks) step += size(t);
  const others = list.tracks.length;
  const stepWithGaps = step + repeat.tracks.length * gap;
  if (stepWithGaps <= 0) return 1;
  // n repetitions add n·k tracks and as many gaps (one fewer in all when there are no other tracks).
  const room = available - fixed - Math.max(0, others - 1) * gap + (others === 0 ? gap : 0);
  const n = Math.floor(room / stepWithGaps);
  return Math.max(1, Math.min(n, Math.floor(MAX_GRID_LINE / repeat.tracks.length)));
}

function addName(names: Map<string, number[]>, name: string, line: number): void {
  const list = names.get(name);
  if (!list) names.set(name, [line]);
  else if (list[list.length - 1] !== line) list.push(line);
}

export function explicitAxis(
  list: GridTrackList | 'none',
  areas: GridTemplateAreas | 'none',
  axis: 'rows' | 'columns',
  autoSizes: readonly GridTrackSize[],
  available: number | null,
  gap: number,
): ExplicitAxis {
  const sizes: GridTrackSize[] = [];
  // Names per line, collected in order; sorted and de-duplicated at the end.
  const lineNames: string[][] = [[]];
  let autoFit: ExplicitAxis['autoFit'] = null;
  if (list !== 'none') {
    const repeat = list.autoRepeat;
    const count = repeat ? repeatCount(list, available, gap) : 0;
    // lines has one entry more than tracks, plus one for the line after an auto-repeat.
    let lineIndex = 0;
    const pushLine = (names: readonly string[]) => lineNames[lineNames.length - 1]!.push(...names);
    for (let i = 0; i <= list.tracks.length; i++) {
      if (repeat && i === repeat.index) {
        pushLine(list.lines[lineIndex++]!);
        const start = sizes.length;
        for (let r = 0; r < count; r++) {
          pushLine(repeat.lines[0]!);
          repeat.tracks.forEach((t, j) => {
            sizes.push(t);
            lineNames.push([...repeat.lines[j + 1]!]);
          });
        }
        if (repeat.type === 'auto-fit') autoFit = { start, end: sizes.length };
      }
      pushLine(list.lines[lineIndex++]!);
      if (i < list.tracks.length) {
        sizes.push(list.tracks[i]!);
        lineNames.push([]);
      }
    }
  }
  // Areas may make the explicit grid larger than the template: those tracks take grid-auto-* sizes (§7.3).
  const areaCount = areas === 'none' ? 0 : axis === 'rows' ? areas.rows : areas.columns;
  const templateCount = sizes.length;
  for (let i = templateCount; i < areaCount; i++) {
    sizes.push(autoSizes[(i - templateCount) % autoSizes.length]!);
    lineNames.push([]);
  }
  const names = new Map<string, number[]>();
  lineNames.forEach((list, line) => list.forEach((n) => addName(names, n, line)));
  if (areas !== 'none') {
    for (const [name, a] of areas.areas) {
      addName(names, `${name}-start`, axis === 'rows' ? a.rowStart : a.columnStart);
      addName(names, `${name}-end`, axis === 'rows' ? a.rowEnd : a.columnEnd);
    }
  }
  for (const [name, list] of names) names.set(name, [...new Set(list)].sort((a, b) => a - b));
  return { sizes, names, autoFit };
}
