// Validates the Markdown-mode parts of a generate-pdf body (spec pdf-generation.md §2.1, §2.3,
// §2.5, §4.4, §8): the items of `data` and the document options. Every failure names its
// property path, e.g. `data[3].table.columnOptions[1].align`.
import { isMarkdownFont } from '../markdown/fonts.js';
import { isLanguageTag } from '../pdf/metadata.js';
import { unknownFontMessage } from '../resources/google-fonts.js';
import { Failures, enumMessage, expected, isRecord, optionalBoolean, optionalString, type Body } from './checks.js';
import type { NormalizedMarkdownItem, NormalizedMarkdownRequest, NormalizedMarkdownTable } from './types.js';

/** Spec §8: Markdown `fontSize` is an integer from 5 to 30. */
export const MIN_FONT_SIZE = 5;
export const MAX_FONT_SIZE = 30;
/** Spec §2.5 and §8: logo bounds default to 200 px, at most 500. */
export const DEFAULT_LOGO_SIZE = 200;
export const MAX_LOGO_SIZE = 500;

/** Bounds on what one document may hold, so that every loop over the input is bounded. */
export const MAX_ITEMS = 20_000;
export const MAX_TABLE_CELLS = 500_000;
export const MAX_TABLE_COLUMNS = 100;
export const MAX_TEXT_LENGTH = 2_000_000;

const ALIGNS = ['left', 'center', 'right'] as const;
const VERTICAL_ALIGNS = ['top', 'center', 'middle', 'bottom'] as const;

type MarkdownParts = Omit<NormalizedMarkdownRequest, 'mode' | 'title' | 'pageCss' | 'pageCount' | 'pdfVariant'>;

/** The Markdown data and options of `body`, or null when `data` is unusable (failures say why). */
export function checkMarkdownRequest(body: Body, failures: Failures): MarkdownParts | null {
  const items = checkItems(body.data, failures);
  const options = {
    fontSize: checkFontSize(body.fontSize, 'fontSize', failures),
    textColor: checkColor(body.textColor, 'textColor', failures),
    fontFamily: checkFontFamily(body.fontFamily, 'fontFamily', failures),
    includeTimestamp: optionalBoolean(body.includeTimestamp, 'includeTimestamp', failures) ?? true,
    logo: checkLogo(body.logo, failures),
    lang: checkLanguage(body.lang, failures),
  };
  return items === null ? null : { items, ...options };
}

/**
 * Quire's extension field (not in the spec): the document's language, a BCP 47 tag, which
 * HTML mode gives with `<html lang>`. It is the PDF's /Lang, which PDF/UA-1 §7.2 requires.
 */
function checkLanguage(value: unknown, failures: Failures): string | null {
  const lang = optionalString(value, 'lang', failures)?.trim();
  if (!lang) return null;
  if (isLanguageTag(lang)) return lang;
  failures.add('lang', `Expected a BCP 47 language tag (en, fr-CA), received "${lang.slice(0, 40)}"`);
  return null;
}

function checkItems(data: unknown, failures: Failures): NormalizedMarkdownItem[] | null {
  if (data === undefined) {
    failures.add('data', 'Required');
    return null;
  }
  if (typeof data === 'string') {
    // Spec §4.2: a string is RSA-encrypted data, which the server decrypts before rendering.
    failures.add('data', 'Expected array, received string (encrypted data must be decrypted before rendering)');
    return null;
  }
  if (!Array.isArray(data)) {
    failures.add('data', expected('array', data));
    return null;
  }
  if (data.length > MAX_ITEMS) {
    failures.add('data', `Array must contain at most ${MAX_ITEMS} items, received ${data.length}`);
    return null;
  }
  const cells = { left: MAX_TABLE_CELLS };
  const items: NormalizedMarkdownItem[] = [];
  data.forEach((item, i) => {
    const checked = checkItem(item, `data[${i}]`, failures, cells);
    if (checked) items.push(checked);
  });
  return items;
}

function checkItem(item: unknown, path: string, failures: Failures, cells: { left: number }): NormalizedMarkdownItem | null {
  if (!isRecord(item)) {
    failures.add(path, expected('object', item));
    return null;
  }
  return {
    label: checkText(item.label, `${path}.label`, failures),
    heading: checkText(item.heading, `${path}.heading`, failures),
    content: checkText(item.content, `${path}.content`, failures),
    table: item.table === undefined ? null : checkTable(item.table, `${path}.table`, failures, cells),
    fontFamily: checkFontFamily(item.fontFamily, `${path}.fontFamily`, failures),
    fontSize: checkFontSize(item.fontSize, `${path}.fontSize`, failures),
    textColor: checkColor(item.textColor, `${path}.textColor`, failures),
  };
}

function checkText(value: unknown, path: string, failures: Failures): string | null {
  const text = optionalString(value, path, failures);
  if (text !== null && text.length > MAX_TEXT_LENGTH) {
    failures.add(path, `String must contain at most ${MAX_TEXT_LENGTH} characters, received ${text.length}`);
    return null;
  }
  return text;
}

function checkTable(table: unknown, path: string, failures: Failures, cells: { left: number }): NormalizedMarkdownTable | null {
  if (!isRecord(table)) {
    failures.add(path, expected('object', table));
    return null;
  }
  const rows = checkRows(table.rows, `${path}.rows`, failures, cells);
  // A loop, not Math.max(...spread): a long table would overflow the call stack.
  const width = rows ? rows.reduce((w, r) => Math.max(w, r.length), 0) : 0;
  const columns = checkColumnOptions(table.columnOptions, `${path}.columnOptions`, failures);
  const vertical = checkEnum(table.verticalAlign, `${path}.verticalAlign`, VERTICAL_ALIGNS, failures);
  // Both spellings of the gridline keys are in use by clients; the documented one wins.
  const gridlines = (documented: string, other: string) =>
    optionalBoolean(table[documented], `${path}.${documented}`, failures) ?? optionalBoolean(table[other], `${path}.${other}`, failures) ?? false;
  const checked = {
    firstRowHeaders: optionalBoolean(table.firstRowHeaders, `${path}.firstRowHeaders`, failures) ?? true,
    rowGridlines: gridlines('rowGridlines', 'rowGridLines'),
    columnGridlines: gridlines('columnGridlines', 'columnGridLines'),
    verticalAlign: vertical === null || vertical === 'top' ? 'top' : vertical === 'bottom' ? 'bottom' : 'middle',
  } as const;
  if (!rows) return null;
  return {
    ...checked,
    rows: rows.map((r) => (r.length === width ? r : [...r, ...new Array<string>(width - r.length).fill('')])),
    columns: columns.slice(0, width),
  };
}

function checkRows(rows: unknown, path: string, failures: Failures, cells: { left: number }): string[][] | null {
  if (rows === undefined) {
    failures.add(path, 'Required');
    return null;
  }
  if (!Array.isArray(rows)) {
    failures.add(path, expected('array', rows));
    return null;
  }
  const out: string[][] = [];
  let ok = true;
  for (let r = 0; r < rows.length; r++) {
    const row: unknown = rows[r];
    if (!Array.isArray(row)) {
      failures.add(`${path}[${r}]`, expected('array', row));
      ok = false;
      continue;
    }
    if (row.length > MAX_TABLE_COLUMNS) {
      failures.add(`${path}[${r}]`, `Array must contain at most ${MAX_TABLE_COLUMNS} cells, received ${row.length}`);
      ok = false;
      continue;
    }
    // An empty row still costs a row of layout: it counts as one cell.
    cells.left -= Math.max(1, row.length);
    if (cells.left < 0) {
      failures.add(path, `A document's tables may hold at most ${MAX_TABLE_CELLS} cells in all`);
      return null;
    }
    const texts: string[] = [];
    for (let c = 0; c < row.length; c++) {
      const cell: unknown = row[c];
      // Numbers are common in table data (quantities, prices): shown as written in JSON.
      if (typeof cell === 'string') texts.push(cell);
      else if (typeof cell === 'number' && Number.isFinite(cell)) texts.push(String(cell));
      else if (cell === null || cell === undefined) texts.push('');
      else {
        failures.add(`${path}[${r}][${c}]`, expected('string', cell));
        ok = false;
      }
    }
    out.push(texts);
  }
  return ok ? out : null;
}

function checkColumnOptions(options: unknown, path: string, failures: Failures): NormalizedMarkdownTable['columns'] {
  if (options === undefined) return [];
  if (!Array.isArray(options)) {
    failures.add(path, expected('array', options));
    return [];
  }
  const out: NormalizedMarkdownTable['columns'][number][] = [];
  for (let i = 0; i < Math.min(options.length, MAX_TABLE_COLUMNS); i++) {
    const option: unknown = options[i];
    const at = `${path}[${i}]`;
    // A null or empty entry means "no override" for that column.
    if (option === null || option === undefined) {
      out.push(null);
      continue;
    }
    if (!isRecord(option)) {
      failures.add(at, expected('object', option));
      out.push(null);
      continue;
    }
    const align = checkEnum(option.align, `${at}.align`, ALIGNS, failures);
    const width = checkColumnWidth(option.width, `${at}.width`, failures);
    out.push(align === null && width === null ? null : { align, width });
  }
  return out;
}

/** A column width: pixels (`120`, `"120px"`) or a percentage (`"40%"`); the CSS length, or null. */
function checkColumnWidth(value: unknown, path: string, failures: Failures): string | null {
  if (value === undefined) return null;
  if (typeof value === 'number') {
    if (Number.isFinite(value) && value > 0) return `${value}px`;
    failures.add(path, `Expected a positive number of pixels, received ${value}`);
    return null;
  }
  if (typeof value !== 'string') {
    failures.add(path, expected('string or number', value));
    return null;
  }
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(px|%)\s*$/i.exec(value);
  const amount = match ? Number(match[1]) : NaN;
  if (!match || amount <= 0 || (match[2] === '%' && amount > 100)) {
    failures.add(path, `Expected a width in pixels ("120px") or a percentage from 0 to 100 ("40%"), received "${value}"`);
    return null;
  }
  return `${amount}${match[2]!.toLowerCase()}`;
}

function checkEnum<T extends string>(value: unknown, path: string, values: readonly T[], failures: Failures): T | null {
  if (value === undefined) return null;
  if (typeof value !== 'string') {
    failures.add(path, expected('string', value));
    return null;
  }
  if ((values as readonly string[]).includes(value)) return value as T;
  failures.add(path, enumMessage(values, value));
  return null;
}

function checkFontSize(value: unknown, path: string, failures: Failures): number | null {
  if (value === undefined) return null;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    failures.add(path, typeof value === 'number' ? `Expected integer, received ${value}` : expected('integer', value));
    return null;
  }
  if (value < MIN_FONT_SIZE || value > MAX_FONT_SIZE) {
    failures.add(path, `Font size must be from ${MIN_FONT_SIZE} to ${MAX_FONT_SIZE}, received ${value}`);
    return null;
  }
  return value;
}

/** A 6-digit hex colour, `#rrggbb` (the `#` may be left out); returned as `#rrggbb` in lower case. */
function checkColor(value: unknown, path: string, failures: Failures): string | null {
  const text = optionalString(value, path, failures);
  if (text === null) return null;
  const match = /^#?([0-9a-f]{6})$/i.exec(text.trim());
  if (!match) {
    failures.add(path, `Expected a 6-digit hex colour such as "#1a2b3c", received "${text}"`);
    return null;
  }
  return `#${match[1]!.toLowerCase()}`;
}

function checkFontFamily(value: unknown, path: string, failures: Failures): string | null {
  const name = optionalString(value, path, failures);
  if (name === null) return null;
  if (!isMarkdownFont(name)) {
    failures.add(path, unknownFontMessage(name));
    return null;
  }
  return name;
}

/** Spec §2.5: absent or true → Quire's logo; false → none; `{ src, maxWidth?, maxHeight? }`. */
function checkLogo(value: unknown, failures: Failures): NormalizedMarkdownRequest['logo'] {
  if (value === undefined || value === true) return 'default';
  if (value === false || value === null) return null;
  if (!isRecord(value)) {
    failures.add('logo', expected('object or false', value));
    return null;
  }
  const src = optionalString(value.src, 'logo.src', failures);
  if (value.src === undefined) failures.add('logo.src', 'Required');
  else if (src !== null && !/^(https?:\/\/|data:image\/)/i.test(src.trim())) {
    failures.add('logo.src', `Expected an http(s) URL or a data:image URI, received "${src.length > 60 ? `${src.slice(0, 60)}…` : src}"`);
  }
  const maxWidth = checkLogoSize(value.maxWidth, 'logo.maxWidth', failures);
  const maxHeight = checkLogoSize(value.maxHeight, 'logo.maxHeight', failures);
  return src === null ? null : { src: src.trim(), maxWidth, maxHeight };
}

function checkLogoSize(value: unknown, path: string, failures: Failures): number {
  if (value === undefined) return DEFAULT_LOGO_SIZE;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    failures.add(path, expected('number', value));
    return DEFAULT_LOGO_SIZE;
  }
  if (value <= 0 || value > MAX_LOGO_SIZE) {
    failures.add(path, `Must be greater than 0 and at most ${MAX_LOGO_SIZE} (pixels), received ${value}`);
    return DEFAULT_LOGO_SIZE;
  }
  return value;
}
