// Box alignment (css-align-3) shared by grid and flex containers: content distribution
// (§5), self and default alignment (§6), and gaps (§8). Overflow positions (`safe`, `unsafe`)
// are accepted and dropped; `first`/`last baseline` compute to `baseline`; `legacy` to normal.
import type { AlignmentKeyword, LengthPercentage } from '../types.js';
import { keywordOf, type Component } from '../values/components.js';
import { constant, type Computer } from '../values/context.js';
import { parseLengthPercentage } from '../values/length.js';
import { longhand, type Expansion, type FieldName, type LonghandDef, type ShorthandDef } from './registry.js';

const POSITIONS = ['start', 'end', 'center', 'flex-start', 'flex-end', 'self-start', 'self-end', 'left', 'right'] as const;
const DISTRIBUTION = ['space-between', 'space-around', 'space-evenly', 'stretch'] as const;

/** Which keywords each kind of property takes besides the positions. */
type Family = 'content' | 'items' | 'self';

function parseAlignment(items: readonly Component[], family: Family): AlignmentKeyword | null {
  const words = items.map(keywordOf);
  if (words.length === 0 || words.length > 2 || words.some((w) => w === null)) return null;
  const [first, second] = words as string[];
  if (words.length === 2) {
    if ((first === 'first' || first === 'last') && second === 'baseline' && family !== 'content') return 'baseline';
    if ((first === 'safe' || first === 'unsafe') && isPosition(second!, family)) return second as AlignmentKeyword;
    if (family === 'items' && ((first === 'legacy' && isLegacySide(second!)) || (second === 'legacy' && isLegacySide(first!)))) return 'normal';
    return null;
  }
  const word = first!;
  if (word === 'normal' || word === 'stretch') return word;
  if (word === 'baseline') return family === 'content' ? null : 'baseline';
  if (word === 'auto') return family === 'self' ? 'auto' : null;
  if (word === 'legacy') return family === 'items' ? 'normal' : null;
  if (family === 'content' && (DISTRIBUTION as readonly string[]).includes(word)) return word as AlignmentKeyword;
  return isPosition(word, family) ? (word as AlignmentKeyword) : null;
}

function isPosition(word: string, family: Family): boolean {
  if (family === 'content' && (word === 'self-start' || word === 'self-end')) return false;
  return (POSITIONS as readonly string[]).includes(word);
}

function isLegacySide(word: string): boolean {
  return word === 'left' || word === 'right' || word === 'center';
}

function alignmentLonghand(name: string, field: FieldName & ('justifyContent' | 'alignContent' | 'justifyItems' | 'alignItems' | 'justifySelf' | 'alignSelf'), family: Family): LonghandDef {
  return longhand(name, field, false, (items) => {
    const value = parseAlignment(items, family);
    return value === null ? null : constant(value);
  });
}

function parseGap(items: readonly Component[]): Computer<'normal' | LengthPercentage> | null {
  if (items.length !== 1) return null;
  if (keywordOf(items[0]) === 'normal') return constant('normal');
  return parseLengthPercentage(items[0]);
}

export const ALIGNMENT_LONGHANDS: readonly LonghandDef[] = [
  alignmentLonghand('justify-content', 'justifyContent', 'content'),
  alignmentLonghand('align-content', 'alignContent', 'content'),
  alignmentLonghand('justify-items', 'justifyItems', 'items'),
  alignmentLonghand('align-items', 'alignItems', 'items'),
  alignmentLonghand('justify-self', 'justifySelf', 'self'),
  alignmentLonghand('align-self', 'alignSelf', 'self'),
  longhand('row-gap', 'rowGap', false, parseGap),
  longhand('column-gap', 'columnGap', false, parseGap),
];

/** `gap: <row-gap> <column-gap>?` (css-align-3 §8.3); also the legacy `grid-gap` names. */
function expandGap(rowName: string, columnName: string): (items: readonly Component[]) => Expansion | null {
  return (items) => {
    if (items.length < 1 || items.length > 2) return null;
    const row = parseGap([items[0]!]);
    const column = items.length === 2 ? parseGap([items[1]!]) : row;
    return row && column ? new Map([[rowName, row], [columnName, column]]) : null;
  };
}

/** `place-*: <align> <justify>?` (css-align-3 §5.3, §6.3, §6.4). */
function expandPlace(family: Family, alignName: string, justifyName: string): (items: readonly Component[]) => Expansion | null {
  return (items) => {
    // Each half may be two words (`first baseline`, `safe center`): try every split.
    for (let split = 1; split <= Math.min(2, items.length); split++) {
      const align = parseAlignment(items.slice(0, split), family);
      const rest = items.slice(split);
      const justify = rest.length === 0 ? align : parseAlignment(rest, family);
      if (align !== null && justify !== null) return new Map([[alignName, constant(align)], [justifyName, constant(justify)]]);
    }
    return null;
  };
}

export const ALIGNMENT_SHORTHANDS: readonly ShorthandDef[] = [
  { name: 'gap', longhands: ['row-gap', 'column-gap'], expand: expandGap('row-gap', 'column-gap') },
  { name: 'grid-gap', longhands: ['row-gap', 'column-gap'], expand: expandGap('row-gap', 'column-gap') },
  { name: 'place-content', longhands: ['align-content', 'justify-content'], expand: expandPlace('content', 'align-content', 'justify-content') },
  { name: 'place-items', longhands: ['align-items', 'justify-items'], expand: expandPlace('items', 'align-items', 'justify-items') },
  { name: 'place-self', longhands: ['align-self', 'justify-self'], expand: expandPlace('self', 'align-self', 'justify-self') },
];
