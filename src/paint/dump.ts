// A stable, readable text form of a page's display list, for golden files and test failures.
// One item per line; clip and opacity groups indent their items. Numbers are rounded to
// 0.01 with trailing zeros trimmed, so that noise below that does not churn the goldens.

import { forEachGlyph, glyphCount, runText } from './glyph-runs.js';
import type { Color } from '../css/types.js';
import type {
  DisplayItem,
  FormFieldItem,
  GlyphRunItem,
  GradientItem,
  ImageItem,
  LineItem,
  LinkItem,
  PageDisplayList,
  PathItem,
  PathOp,
  RectItem,
} from './types.js';

const INDENT = '  ';

/** Dumps one page; `index` is 0-based and printed 1-based (`page 1 612x792`). */
export function dumpPage(page: PageDisplayList, index: number): string {
  const lines = [`page ${index + 1} ${num(page.width)}x${num(page.height)}`];
  dumpItems(page.items, 1, lines);
  return lines.join('\n') + '\n';
}

/** Dumps every page of a document, one after the other. */
export function dumpPages(pages: readonly PageDisplayList[]): string {
  return pages.map((page, index) => dumpPage(page, index)).join('');
}

function dumpItems(items: readonly DisplayItem[], depth: number, lines: string[]): void {
  for (const item of items) {
    lines.push(INDENT.repeat(depth) + describeItem(item));
    if (item.kind === 'clip' || item.kind === 'opacity' || item.kind === 'transform') dumpItems(item.items, depth + 1, lines);
    else if (item.kind === 'form-field') dumpItems(item.appearance, depth + 1, lines);
  }
}

function describeItem(item: DisplayItem): string {
  switch (item.kind) {
    case 'glyphs':
      return describeGlyphs(item);
    case 'rect':
      return describeRect(item);
    case 'line':
      return describeLine(item);
    case 'path':
      return describePath(item);
    case 'image':
      return describeImage(item);
    case 'link':
      return describeLink(item);
    case 'anchor':
      return `anchor ${JSON.stringify(item.name)} at ${point(item.x, item.y)}`;
    case 'bookmark':
      return `bookmark ${item.level} ${JSON.stringify(item.label)} at ${point(item.x, item.y)}`;
    case 'clip':
      return `clip${item.outside ? ' outside' : ''} ${box(item)}${radii(item.radii)}`;
    case 'opacity':
      return `opacity ${num(item.opacity)}`;
    case 'transform':
      return `transform ${item.matrix.map(num).join(',')}`;
    case 'gradient':
      return describeGradient(item);
    case 'form-field':
      return describeFormField(item);
  }
}

/** A form field prints its kind, name and default; its appearance items follow, indented. */
function describeFormField(item: FormFieldItem): string {
  const f = item.field;
  const value = f.kind === 'checkbox' || f.kind === 'radio' ? `${f.onValue}${f.checked ? ' checked' : ''}` : f.kind === 'list' ? f.selected.join('|') : f.value;
  const flags = [f.readOnly && 'readonly', f.required && 'required', f.password && 'password', f.multiline && 'multiline', f.maxLength !== null && `maxlength=${f.maxLength}`].filter(Boolean).join(' ');
  return `form-field ${f.kind} ${JSON.stringify(f.name)} ${box(item)} ${JSON.stringify(value)}${flags ? ` ${flags}` : ''}`;
}

/**
 * A glyph run prints its text rather than its glyph ids, plus a checksum of the ids and
 * positions so that a shaping or positioning change still shows in the diff.
 */
function describeGlyphs(item: GlyphRunItem): string {
  return (
    `glyphs ${item.face.id} ${num(item.size)}pt ${color(item.color)} at ${point(item.x, item.y)}` +
    ` n=${glyphCount(item)} sum=${glyphChecksum(item)} ${JSON.stringify(runText(item))}${synthetic(item)}`
  );
}

/** Synthesized bold or oblique, when the run has any (text/font-synthesis.ts). */
function synthetic(item: GlyphRunItem): string {
  const s = item.synthetic;
  if (!s || (!s.bold && !s.oblique)) return '';
  return ` synthetic=${[s.bold ? 'bold' : '', s.oblique ? 'oblique' : ''].filter(Boolean).join('+')}`;
}

function describeRect(item: RectItem): string {
  return `rect ${box(item)} ${color(item.color)}${radii(item.radii)}`;
}

function describeLine(item: LineItem): string {
  return `line ${point(item.x1, item.y1)} to ${point(item.x2, item.y2)} w=${num(item.width)} ${color(item.color)} ${item.style}`;
}

function describePath(item: PathItem): string {
  const fill = item.fill ? ` fill=${color(item.fill)}` : '';
  const dash = item.stroke?.dash ? ` dash=${item.stroke.dash.map(num).join(',')}` : '';
  const stroke = item.stroke ? ` stroke=${color(item.stroke.color)} w=${num(item.stroke.width)}${dash}` : '';
  const rule = item.evenOdd ? ' evenodd' : '';
  return `path${fill}${stroke}${rule} ${item.ops.map(pathOp).join(' ')}`;
}

function describeGradient(item: GradientItem): string {
  const s = item.shading;
  const geometry = s.kind === 'linear'
    ? `linear ${point(s.x0, s.y0)} to ${point(s.x1, s.y1)}`
    : `radial ${point(s.cx, s.cy)} r=${num(s.r0)}..${num(s.r1)}${s.scaleY === 1 ? '' : ` sy=${num(s.scaleY)}`}`;
  const stops = s.stops.map((stop) => `${color(stop.color)}@${num(stop.offset)}${stop.exponent === 1 ? '' : `^${num(stop.exponent)}`}`).join(' ');
  return `gradient ${box(item)} ${geometry} ${stops}`;
}

function describeImage(item: ImageItem): string {
  const { key, format, pixelWidth, pixelHeight } = item.image;
  return `image ${box(item)} ${JSON.stringify(key)} ${format} ${pixelWidth}x${pixelHeight}px`;
}

function describeLink(item: LinkItem): string {
  const target = 'uri' in item.target ? `uri=${item.target.uri}` : `dest=${item.target.dest}`;
  return `link ${box(item)} ${target}`;
}

function pathOp(op: PathOp): string {
  switch (op.op) {
    case 'M':
    case 'L':
      return `${op.op} ${point(op.x, op.y)}`;
    case 'C':
      return `C ${point(op.x1, op.y1)} ${point(op.x2, op.y2)} ${point(op.x, op.y)}`;
    case 'Z':
      return 'Z';
  }
}

function box(item: { x: number; y: number; width: number; height: number }): string {
  return `${point(item.x, item.y)} ${num(item.width)}x${num(item.height)}`;
}

function point(x: number, y: number): string {
  return `${num(x)},${num(y)}`;
}

function radii(values: readonly (readonly [number, number])[] | undefined): string {
  if (!values) return '';
  return ` radii=${values.map(([rx, ry]) => (rx === ry ? num(rx) : `${num(rx)}/${num(ry)}`)).join(' ')}`;
}

/** `#rrggbb`, with `/alpha` appended when the colour is not opaque. */
function color(c: Color): string {
  const hex = [c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
  return c.a >= 1 ? `#${hex}` : `#${hex}/${num(c.a)}`;
}

/** Rounds to 0.01 and trims trailing zeros; never prints `-0`. */
export function num(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return String(rounded === 0 ? 0 : rounded);
}

/** FNV-1a over glyph ids and positions in hundredths of a point, as 8 hex digits. */
function glyphChecksum(item: GlyphRunItem): string {
  let hash = 0x811c9dc5;
  forEachGlyph(item, (id, x, y) => {
    for (const value of [id, Math.round(x * 100), Math.round(y * 100)]) {
      hash = Math.imul(hash ^ (value & 0xffff), 0x01000193);
      hash = Math.imul(hash ^ (value >>> 16), 0x01000193);
    }
  });
  return (hash >>> 0).toString(16).padStart(8, '0');
}
