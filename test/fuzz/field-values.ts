// Hostile values for the fields the API knows (spec pdf-generation.md §2, embedded-builders.md
// §4.6): page sizes and margins at the edges of what a length can be, font sizes and colours
// just outside their ranges, logos that are garbage or point at private addresses. Random
// mutation rarely lands on these; here they are aimed.
import { garbageDataUrl, privateUrls } from './resources.js';
import type { Random } from './random.js';
import { anyValue, hostileNumber, hostileString } from './values.js';

export const LENGTHS: readonly string[] = [
  '0', '0mm', '-0in', '1px', '0.0001px', '-5in', '-1e9px', '1e9in', '1e308mm', '99999999999999999999in', '1e-320in',
  '8.5in', '11 in', '8.5', 'in', '5vw', '10%', 'auto', 'calc(1in + 2in)', 'var(--x)', 'NaNin', 'Infinitypx', '1e3em', '50rem', '0x10px', '1in 2in',
  '', ' ', '\u0000in', '８in',
];

export const MARGINS: readonly string[] = [
  ...LENGTHS, '1in 1in 1in 1in', '1in 1in 1in 1in 1in', '5in 5in', '-1in -1in -1in -1in', '20in', '4.25in', '5.5in 4.25in',
  '0 0 0', '1in,1in', '1in/1in', '!important',
];

export const PAGE_COUNT: readonly string[] = ['topLeft', 'bottomCenter', 'bottomRight', 'topleft', 'middle', '', 'constructor', '__proto__'];

export const COLORS: readonly string[] = ['#000000', '#FFFFFF', '#ffffff00', '#fff', '#ggg000', 'red', 'rgb(0,0,0)', '', '#', '#12345', '#1234567', ' #000000', '#00000\u0000'];

export const FONT_FAMILIES: readonly string[] = ['Noto Sans', 'Courier', 'Helvetica', 'Times New Roman', 'Roboto', 'Lobster', 'roboto', 'NoSuchFont', '', ' ', 'serif', 'sans-serif, Lobster', '"Quoted"', 'a'.repeat(1000), '../../etc/passwd', '\u0000'];

/** A generate-pdf body with one known field set to a hostile value. */
export function aimAtGenerateField(body: Record<string, unknown>, rng: Random, canary: string): { body: Record<string, unknown>; what: string } {
  const out: Record<string, unknown> = { ...body };
  const page = (): Record<string, unknown> => {
    const current = out.page;
    const next: Record<string, unknown> = typeof current === 'object' && current !== null && !Array.isArray(current) ? { ...current } : {};
    out.page = next;
    return next;
  };
  const field = rng.pick(['page.size', 'page.margin', 'page.side', 'page.pageCount', 'page', 'fontSize', 'textColor', 'fontFamily', 'includeTimestamp', 'logo', 'logo', 'type', 'title', 'item']);
  switch (field) {
    case 'page.size': {
      const p = page();
      p.width = rng.pick(LENGTHS);
      p.height = rng.pick(LENGTHS);
      return { body: out, what: `page ${JSON.stringify(p.width)} × ${JSON.stringify(p.height)}` };
    }
    case 'page.margin': {
      const p = page();
      p.margin = rng.pick(MARGINS);
      if (rng.chance(0.3)) p.width = rng.pick(LENGTHS);
      return { body: out, what: `page.margin ${JSON.stringify(p.margin)}${p.width ? ` width ${JSON.stringify(p.width)}` : ''}` };
    }
    case 'page.side': {
      const p = page();
      const side = rng.pick(['marginTop', 'marginRight', 'marginBottom', 'marginLeft']);
      p[side] = rng.chance(0.85) ? rng.pick(LENGTHS) : anyValue(rng);
      return { body: out, what: `page.${side} ${JSON.stringify(p[side])?.slice(0, 40)}` };
    }
    case 'page.pageCount': {
      const p = page();
      p.pageCount = rng.chance(0.8) ? rng.pick(PAGE_COUNT) : anyValue(rng);
      return { body: out, what: `page.pageCount ${JSON.stringify(p.pageCount)?.slice(0, 40)}` };
    }
    case 'page': out.page = anyValue(rng); return { body: out, what: 'page retyped' };
    case 'fontSize': out.fontSize = rng.chance(0.8) ? hostileNumber(rng) : anyValue(rng); return { body: out, what: `fontSize ${String(out.fontSize).slice(0, 30)}` };
    case 'textColor': out.textColor = rng.chance(0.8) ? rng.pick(COLORS) : anyValue(rng); return { body: out, what: `textColor ${JSON.stringify(out.textColor)?.slice(0, 30)}` };
    case 'fontFamily': out.fontFamily = rng.chance(0.85) ? rng.pick(FONT_FAMILIES) : anyValue(rng); return { body: out, what: `fontFamily ${JSON.stringify(out.fontFamily)?.slice(0, 30)}` };
    case 'includeTimestamp': out.includeTimestamp = anyValue(rng); return { body: out, what: 'includeTimestamp retyped' };
    case 'logo': {
      out.logo = rng.pick<unknown>([
        false, true, null, 'x',
        { src: rng.pick(privateUrls(canary)) },
        { src: garbageDataUrl(rng).url, maxWidth: hostileNumber(rng), maxHeight: hostileNumber(rng) },
        { src: garbageDataUrl(rng).url },
        { src: '', maxWidth: 501 },
        { maxWidth: 100 },
        { src: hostileString(rng) },
      ]);
      return { body: out, what: `logo ${JSON.stringify(out.logo)?.slice(0, 80)}` };
    }
    case 'type': out.type = rng.pick<unknown>(['html', 'markdown', 'HTML', 'Markdown', 'pdf', '', null, 1, ['html']]); return { body: out, what: `type ${JSON.stringify(out.type)}` };
    case 'title': out.title = rng.chance(0.7) ? hostileString(rng) : anyValue(rng); return { body: out, what: 'title hostile' };
    default: {
      // An item-level field of a Markdown item, or an HTML data field.
      if (Array.isArray(out.data) && out.data.length > 0) {
        const items = out.data.map((item) => (typeof item === 'object' && item !== null ? { ...(item as object) } : item)) as Record<string, unknown>[];
        const item = items[rng.int(0, items.length - 1)]!;
        const key = rng.pick(['fontSize', 'textColor', 'fontFamily', 'heading', 'label', 'content', 'table']);
        item[key] = key === 'fontSize' ? hostileNumber(rng) : key === 'textColor' ? rng.pick(COLORS) : key === 'fontFamily' ? rng.pick(FONT_FAMILIES) : key === 'table' ? hostileTable(rng) : hostileString(rng);
        out.data = items;
        return { body: out, what: `item ${key}` };
      }
      out.data = { html: hostileString(rng), css: rng.chance(0.5) ? hostileString(rng) : undefined };
      return { body: out, what: 'data.html hostile string' };
    }
  }
}

/** A Markdown table with odd shapes and options. */
export function hostileTable(rng: Random): unknown {
  const columns = rng.size(0, 300);
  const rows = rng.size(0, 400);
  const cell = (): unknown => rng.weighted<() => unknown>([[6, () => rng.string(rng.int(0, 8), 'abc 123|*_`')], [1, () => hostileString(rng)], [1, () => hostileNumber(rng)], [1, () => null], [1, () => anyValue(rng)]])();
  const ragged = rng.chance(0.3);
  const table: Record<string, unknown> = {
    rows: Array.from({ length: Math.min(rows, Math.floor(4_000 / Math.max(1, columns))) }, () => Array.from({ length: ragged ? rng.int(0, columns) : columns }, cell)),
  };
  if (rng.chance(0.5)) table.firstRowHeaders = rng.chance(0.7) ? rng.chance(0.5) : anyValue(rng);
  if (rng.chance(0.4)) table.rowGridlines = rng.chance(0.5);
  if (rng.chance(0.4)) table.columnGridLines = rng.chance(0.5);
  if (rng.chance(0.4)) table.verticalAlign = rng.pick<unknown>(['top', 'middle', 'center', 'bottom', 'baseline', '', 3]);
  if (rng.chance(0.6)) {
    table.columnOptions = Array.from({ length: rng.int(0, Math.min(columns + 2, 50)) }, () => rng.pick<unknown>([
      {}, { align: 'right' }, { align: 'justify' }, { width: rng.pick<unknown>([120, '120px', '40%', '0%', '100%', '1000%', '-5px', '1e308px', -1, 0, 1e308, 'auto', '', null]) },
      { width: '50%', align: 'center' }, null, 'x', [],
    ]));
  }
  return table;
}
