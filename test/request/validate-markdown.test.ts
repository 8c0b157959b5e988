// normalizeRequest in Markdown mode (spec pdf-generation.md §2.1, §2.3, §2.5, §4.4, §7, §8):
// what valid bodies become, and that every invalid field is named by its exact property path.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { NormalizedMarkdownItem, NormalizedMarkdownRequest, NormalizedMarkdownTable } from '../../src/request/types.js';
import { normalizeRequest } from '../../src/request/validate.js';
import {
  DEFAULT_LOGO_SIZE,
  MAX_FONT_SIZE,
  MAX_ITEMS,
  MAX_LOGO_SIZE,
  MAX_TABLE_CELLS,
  MAX_TABLE_COLUMNS,
  MAX_TEXT_LENGTH,
  MIN_FONT_SIZE,
} from '../../src/request/validate-markdown.js';
import { failuresOf } from './helpers.js';

type Field = { property: string; message: string };

/** The one failure of a body that must have exactly one. */
function onlyFailureOf(input: unknown): Field {
  const fields = failuresOf(input);
  expect(fields).toHaveLength(1);
  return fields[0]!;
}

/** normalizeRequest for a body that must be in markdown mode. */
function markdownRequest(input: unknown): NormalizedMarkdownRequest {
  const result = normalizeRequest(input);
  if (result.mode !== 'markdown') throw new Error(`expected markdown mode, got ${result.mode}`);
  return result;
}

/** The normalised form of a single item. */
function itemOf(item: unknown): NormalizedMarkdownItem {
  const { items } = markdownRequest({ data: [item] });
  expect(items).toHaveLength(1);
  return items[0]!;
}

/** The normalised table of a single-item document. */
function tableOf(table: unknown): NormalizedMarkdownTable {
  const normalized = itemOf({ table }).table;
  if (!normalized) throw new Error('expected a table');
  return normalized;
}

/** An item with every key null, as a bare `{ content }` would give but for the overrides. */
const emptyItem: NormalizedMarkdownItem = {
  label: null,
  heading: null,
  content: null,
  table: null,
  fontFamily: null,
  fontSize: null,
  textColor: null,
};

const rows = [
  ['a', 'b'],
  ['c', 'd'],
];

describe('markdown mode: valid bodies', () => {
  it('fills the document defaults', () => {
    expect(normalizeRequest({ type: 'markdown', data: [{ content: 'Hello' }] })).toEqual({
      mode: 'markdown',
      title: null,
      pageCss: '',
      pageCount: null,
      pdfVariant: null,
      items: [{ ...emptyItem, content: 'Hello' }],
      fontSize: null,
      textColor: null,
      fontFamily: null,
      includeTimestamp: true,
      logo: 'default',
      lang: null,
    });
  });

  it('takes markdown mode when type is absent, with the same result as type markdown', () => {
    const implicit = normalizeRequest({ title: 'T', data: [{ label: 'L', content: 'c' }] });
    expect(implicit.mode).toBe('markdown');
    expect(implicit).toEqual(normalizeRequest({ type: 'markdown', title: 'T', data: [{ label: 'L', content: 'c' }] }));
  });

  it('accepts an empty data array and an empty item', () => {
    expect(markdownRequest({ data: [] }).items).toEqual([]);
    expect(itemOf({})).toEqual(emptyItem);
  });

  it('keeps includeTimestamp false and the document options given', () => {
    const result = markdownRequest({
      data: [{ content: 'x' }],
      includeTimestamp: false,
      fontSize: 10,
      textColor: '#CC0000',
      fontFamily: 'Times New Roman',
      logo: false,
    });
    expect(result.includeTimestamp).toBe(false);
    expect(result.fontSize).toBe(10);
    expect(result.textColor).toBe('#cc0000');
    expect(result.fontFamily).toBe('Times New Roman');
    expect(result.logo).toBeNull();
  });

  it('keeps several keys of one item, with per-item fontFamily, fontSize and textColor', () => {
    expect(
      itemOf({
        label: 'Name',
        heading: 'Section',
        content: 'Sally **Jones**',
        table: { rows: [['x']] },
        fontFamily: 'Courier',
        fontSize: 12,
        textColor: 'ABCDEF',
      }),
    ).toEqual({
      label: 'Name',
      heading: 'Section',
      content: 'Sally **Jones**',
      table: { rows: [['x']], firstRowHeaders: true, rowGridlines: false, columnGridlines: false, verticalAlign: 'top', columns: [] },
      fontFamily: 'Courier',
      fontSize: 12,
      textColor: '#abcdef',
    });
  });

  it('keeps items in order and ignores unknown keys', () => {
    const { items } = markdownRequest({ data: [{ heading: 'H', extra: 1 }, { label: 'L' }, { content: 'C' }], unknown: true });
    expect(items).toEqual([
      { ...emptyItem, heading: 'H' },
      { ...emptyItem, label: 'L' },
      { ...emptyItem, content: 'C' },
    ]);
  });

  it('accepts font sizes at both ends of the range', () => {
    expect(itemOf({ fontSize: MIN_FONT_SIZE }).fontSize).toBe(5);
    expect(itemOf({ fontSize: MAX_FONT_SIZE }).fontSize).toBe(30);
    expect(markdownRequest({ data: [], fontSize: 30 }).fontSize).toBe(30);
  });

  it('accepts a text as long as the limit', () => {
    expect(itemOf({ content: 'x'.repeat(MAX_TEXT_LENGTH) }).content).toHaveLength(MAX_TEXT_LENGTH);
  });

  it('keeps the page options and title in markdown mode', () => {
    const result = markdownRequest({ title: 'Doc', data: [], page: { width: '210mm', pageCount: 'topRight' } });
    expect(result.title).toBe('Doc');
    expect(result.pageCount).toBe('topRight');
    expect(result.pageCss).toContain('size: 210mm 11in;');
  });
});

describe('markdown mode: the example payloads', () => {
  const directory = new URL('../../../shared/examples/anvil/generate-pdf/', import.meta.url);
  const names = readdirSync(directory).filter((n) => n.endsWith('.json') && (n.includes('markdown') || n.includes('DERIVED')));
  const load = (name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(name, directory), 'utf8')) as Record<string, unknown>;

  it('finds the markdown examples on disk', () => {
    expect(names.length).toBeGreaterThanOrEqual(6);
  });

  it.each(names)('%s validates, one normalised item per data item', (name) => {
    const body = load(name);
    const result = markdownRequest(body);
    expect(result.title).toBe(body.title);
    expect(result.items).toHaveLength((body.data as unknown[]).length);
    expect(result.includeTimestamp).toBe(true);
    expect(result.logo).toBe('default');
  });

  const invoices = names.filter((n) => n.includes('generate-markdown'));

  it.each(invoices)('%s normalises to the invoice items', (name) => {
    const result = markdownRequest(load(name));
    expect(result.items[0]).toEqual({ ...emptyItem, label: 'Name', content: 'Sally Jones' });
    expect(result.items[1]!.content).toMatch(/^Lorem \*\*ipsum\*\* dolor sit _amet_/);
    expect(result.items[2]!.table).toEqual({
      rows: [
        ['Description', 'Quantity', 'Price'],
        ['4x Large Widgets', '4', '$40.00'],
        ['10x Medium Sized Widgets in dark blue', '10', '$100.00'],
        ['10x Small Widgets in white', '6', '$60.00'],
      ],
      firstRowHeaders: true,
      rowGridlines: false,
      columnGridlines: false,
      verticalAlign: 'top',
      columns: [],
    });
    expect(result.fontFamily).toBeNull();
  });

  it('covers the three invoice copies', () => {
    expect(invoices).toHaveLength(3);
  });

  it('python markdown-with-optional-args keeps its document options', () => {
    const result = markdownRequest(load('python-anvil__examples__generate_pdf.markdown-with-optional-args.json'));
    expect(result.items).toEqual([{ ...emptyItem, label: 'Test', content: 'Lorem __Ipsum__' }]);
    expect(result.fontSize).toBe(10);
    expect(result.fontFamily).toBe('Lobster');
    expect(result.textColor).toBe('#cc0000');
  });

  it('python markdown has its single item and no options', () => {
    const result = markdownRequest(load('python-anvil__examples__generate_pdf.markdown.json'));
    expect(result.title).toBe('Some Title');
    expect(result.items).toEqual([{ ...emptyItem, label: 'Test', content: 'Lorem __Ipsum__' }]);
    expect(result.fontSize).toBeNull();
    expect(result.fontFamily).toBeNull();
  });

  it('the derived report normalises its items, table and page', () => {
    const result = markdownRequest(load('anvil-plugins__html-to-pdf-md__markdown-report.DERIVED.json'));
    expect(result.fontFamily).toBe('Roboto');
    expect(result.pageCss).toBe('@page { size: 8.5in 11in; margin: 0.5in; margin-top: 1in; margin-bottom: 0.75in; }');
    expect(result.items).toEqual([
      { ...emptyItem, heading: 'Quarterly Report' },
      { ...emptyItem, content: 'Summary text here.', fontSize: 12 },
      { ...emptyItem, label: 'Generated', content: '1/2/2025' },
      {
        ...emptyItem,
        table: {
          rows: [
            ['Metric', 'Value', 'Change'],
            ['Revenue', '$10', '+5%'],
            ['Users', '100', '+2%'],
          ],
          firstRowHeaders: true,
          rowGridlines: true,
          columnGridlines: false,
          verticalAlign: 'top',
          columns: [
            { align: 'left', width: '40%' },
            { align: 'right', width: '30%' },
            { align: 'right', width: '30%' },
          ],
        },
      },
    ]);
  });
});

describe('markdown mode: tables', () => {
  it('defaults firstRowHeaders to true, gridlines to false and verticalAlign to top', () => {
    expect(tableOf({ rows })).toEqual({
      rows,
      firstRowHeaders: true,
      rowGridlines: false,
      columnGridlines: false,
      verticalAlign: 'top',
      columns: [],
    });
  });

  it('keeps firstRowHeaders false and the documented gridline keys', () => {
    const table = tableOf({ rows, firstRowHeaders: false, rowGridlines: true, columnGridlines: true });
    expect(table.firstRowHeaders).toBe(false);
    expect(table.rowGridlines).toBe(true);
    expect(table.columnGridlines).toBe(true);
  });

  it('accepts the rowGridLines / columnGridLines spellings', () => {
    const table = tableOf({ rows, rowGridLines: true, columnGridLines: true });
    expect(table.rowGridlines).toBe(true);
    expect(table.columnGridlines).toBe(true);
    expect(tableOf({ rows, columnGridLines: true }).rowGridlines).toBe(false);
  });

  it('lets the documented spelling win over the other one', () => {
    const table = tableOf({ rows, rowGridlines: false, rowGridLines: true, columnGridlines: true, columnGridLines: false });
    expect(table.rowGridlines).toBe(false);
    expect(table.columnGridlines).toBe(true);
  });

  it.each([
    ['top', 'top'],
    ['center', 'middle'],
    ['middle', 'middle'],
    ['bottom', 'bottom'],
  ] as const)('verticalAlign %s becomes %s', (given, normalized) => {
    expect(tableOf({ rows, verticalAlign: given }).verticalAlign).toBe(normalized);
  });

  it('takes partial columnOptions, with {} and null entries as no override', () => {
    const table = tableOf({
      rows: [['a', 'b', 'c', 'd']],
      columnOptions: [{ align: 'right' }, {}, null, { width: 80 }],
    });
    expect(table.columns).toEqual([{ align: 'right', width: null }, null, null, { align: null, width: '80px' }]);
  });

  it('does not pad columnOptions that cover only the first columns, and drops extra ones', () => {
    expect(tableOf({ rows: [['a', 'b', 'c']], columnOptions: [{ align: 'center' }] }).columns).toEqual([
      { align: 'center', width: null },
    ]);
    expect(tableOf({ rows: [['a']], columnOptions: [{ align: 'left' }, { align: 'right' }] }).columns).toEqual([
      { align: 'left', width: null },
    ]);
  });

  it.each([
    [120, '120px'],
    [12.5, '12.5px'],
    ['120px', '120px'],
    [' 120PX ', '120px'],
    ['.5px', '0.5px'],
    ['40%', '40%'],
    ['100%', '100%'],
    ['33.3%', '33.3%'],
  ] as const)('column width %j becomes %s', (width, css) => {
    expect(tableOf({ rows: [['a']], columnOptions: [{ width }] }).columns).toEqual([{ align: null, width: css }]);
  });

  it('pads every row to the widest row', () => {
    expect(tableOf({ rows: [['a'], ['b', 'c', 'd'], []] }).rows).toEqual([
      ['a', '', ''],
      ['b', 'c', 'd'],
      ['', '', ''],
    ]);
  });

  it('shows numbers as written and null cells as empty text', () => {
    expect(tableOf({ rows: [['Qty', 'Price', 'Note'], [4, 12.5, null], [0, -3, 'x']] }).rows).toEqual([
      ['Qty', 'Price', 'Note'],
      ['4', '12.5', ''],
      ['0', '-3', 'x'],
    ]);
  });

  it('accepts an empty rows array', () => {
    expect(tableOf({ rows: [] }).rows).toEqual([]);
  });

  it('accepts a row of exactly MAX_TABLE_COLUMNS cells', () => {
    const row = Array.from({ length: MAX_TABLE_COLUMNS }, (_, i) => `c${i}`);
    expect(tableOf({ rows: [row] }).rows[0]).toHaveLength(MAX_TABLE_COLUMNS);
  });

  it('handles a long table (many rows, few cells) without overflowing the stack', () => {
    // 200,000 one-cell rows is well under MAX_TABLE_CELLS and under 1 MB of JSON.
    const many = Array.from({ length: 200_000 }, () => ['x']);
    const table = tableOf({ rows: many });
    expect(table.rows).toHaveLength(200_000);
    expect(table.rows[199_999]).toEqual(['x']);
  });

  it('handles many empty rows without overflowing the stack', () => {
    const body = { data: [{ table: { rows: Array.from({ length: 300_000 }, () => []) } }] };
    expect(JSON.stringify(body).length).toBeLessThan(1_048_576);
    expect(tableOf(body.data[0]!.table).rows).toHaveLength(300_000);
  });
});

describe('markdown mode: textColor', () => {
  it.each([
    ['#1a2b3c', '#1a2b3c'],
    ['1a2b3c', '#1a2b3c'],
    ['#ABCDEF', '#abcdef'],
    ['AbCdEf', '#abcdef'],
    [' #00FF00 ', '#00ff00'],
  ])('%j becomes %s', (given, normalized) => {
    expect(itemOf({ textColor: given }).textColor).toBe(normalized);
    expect(markdownRequest({ data: [], textColor: given }).textColor).toBe(normalized);
  });

  it.each(['#fff', 'red', '#12345g', '#1234567', '', '##123456'])('rejects %j naming the value', (given) => {
    expect(onlyFailureOf({ data: [{ textColor: given }] })).toEqual({
      property: 'data[0].textColor',
      message: `Expected a 6-digit hex colour such as "#1a2b3c", received "${given}"`,
    });
  });

  it('rejects a textColor that is not a string', () => {
    expect(onlyFailureOf({ data: [{ textColor: 0xff0000 }] })).toEqual({
      property: 'data[0].textColor',
      message: 'Expected string, received number',
    });
  });
});

describe('markdown mode: fonts', () => {
  it.each(['Noto Sans', 'Courier', 'Helvetica', 'Times New Roman', 'Roboto', 'Lobster', 'Open Sans'])('accepts %s', (font) => {
    expect(markdownRequest({ data: [], fontFamily: font }).fontFamily).toBe(font);
    expect(itemOf({ fontFamily: font }).fontFamily).toBe(font);
  });

  it('rejects a Google font in the wrong case, naming it and the right spelling', () => {
    const failure = onlyFailureOf({ data: [], fontFamily: 'roboto' });
    expect(failure.property).toBe('fontFamily');
    expect(failure.message).toContain('Unknown font "roboto"');
    expect(failure.message).toContain('did you mean "Roboto"?');
  });

  it('rejects an unknown font at the item level with its path', () => {
    const failure = onlyFailureOf({ data: [{ content: 'a' }, { content: 'b' }, { content: 'c', fontFamily: 'Comic Sansy' }] });
    expect(failure).toEqual({
      property: 'data[2].fontFamily',
      message: 'Unknown font "Comic Sansy": not a built-in font (Noto Sans, Courier, Helvetica, Times New Roman) nor a Google font',
    });
  });

  it('rejects built-in names in another case or with spaces around them', () => {
    expect(onlyFailureOf({ data: [], fontFamily: 'helvetica' }).message).toContain('Unknown font "helvetica"');
    expect(onlyFailureOf({ data: [], fontFamily: ' Courier' }).property).toBe('fontFamily');
  });

  it('rejects a fontFamily that is not a string', () => {
    expect(onlyFailureOf({ data: [{ fontFamily: ['Roboto'] }] })).toEqual({
      property: 'data[0].fontFamily',
      message: 'Expected string, received array',
    });
  });
});

describe('markdown mode: logo', () => {
  it('false or null means no logo, true or absent the default logo', () => {
    expect(markdownRequest({ data: [], logo: false }).logo).toBeNull();
    expect(markdownRequest({ data: [], logo: null }).logo).toBeNull();
    expect(markdownRequest({ data: [], logo: true }).logo).toBe('default');
    expect(markdownRequest({ data: [] }).logo).toBe('default');
  });

  it('defaults maxWidth and maxHeight to 200', () => {
    expect(markdownRequest({ data: [], logo: { src: 'https://example.com/logo.png' } }).logo).toEqual({
      src: 'https://example.com/logo.png',
      maxWidth: DEFAULT_LOGO_SIZE,
      maxHeight: 200,
    });
  });

  it('keeps sizes up to 500 and trims the src', () => {
    expect(markdownRequest({ data: [], logo: { src: ' http://example.com/a.png ', maxWidth: MAX_LOGO_SIZE, maxHeight: 0.5 } }).logo).toEqual({
      src: 'http://example.com/a.png',
      maxWidth: 500,
      maxHeight: 0.5,
    });
  });

  it('accepts a data:image URI', () => {
    const src = 'data:image/png;base64,iVBORw0KGgo=';
    expect(markdownRequest({ data: [], logo: { src } }).logo).toEqual({ src, maxWidth: 200, maxHeight: 200 });
  });

  it('rejects a size above 500', () => {
    expect(onlyFailureOf({ data: [], logo: { src: 'https://x.test/l.png', maxWidth: 501 } })).toEqual({
      property: 'logo.maxWidth',
      message: 'Must be greater than 0 and at most 500 (pixels), received 501',
    });
  });

  it.each([0, -10])('rejects a size of %d', (size) => {
    expect(onlyFailureOf({ data: [], logo: { src: 'https://x.test/l.png', maxHeight: size } })).toEqual({
      property: 'logo.maxHeight',
      message: `Must be greater than 0 and at most 500 (pixels), received ${size}`,
    });
  });

  it('rejects a size that is not a number', () => {
    expect(onlyFailureOf({ data: [], logo: { src: 'https://x.test/l.png', maxWidth: '200px' } })).toEqual({
      property: 'logo.maxWidth',
      message: 'Expected number, received string',
    });
  });

  it('requires src', () => {
    expect(onlyFailureOf({ data: [], logo: { maxWidth: 100 } })).toEqual({ property: 'logo.src', message: 'Required' });
  });

  it('rejects a src that is not a string', () => {
    expect(onlyFailureOf({ data: [], logo: { src: 42 } })).toEqual({ property: 'logo.src', message: 'Expected string, received number' });
  });

  it.each(['ftp://example.com/logo.png', 'javascript:alert(1)', 'logo.png', 'data:text/html,<p>x</p>'])('rejects the src %j', (src) => {
    expect(onlyFailureOf({ data: [], logo: { src } })).toEqual({
      property: 'logo.src',
      message: `Expected an http(s) URL or a data:image URI, received "${src}"`,
    });
  });

  it('shortens a long bad src in the message', () => {
    const src = `ftp://${'a'.repeat(200)}`;
    const failure = onlyFailureOf({ data: [], logo: { src } });
    expect(failure.property).toBe('logo.src');
    expect(failure.message).toBe(`Expected an http(s) URL or a data:image URI, received "${src.slice(0, 60)}…"`);
  });

  it('rejects a logo that is neither an object nor a boolean', () => {
    expect(onlyFailureOf({ data: [], logo: 'https://x.test/l.png' })).toEqual({
      property: 'logo',
      message: 'Expected object or false, received string',
    });
    expect(onlyFailureOf({ data: [], logo: [] }).message).toBe('Expected object or false, received array');
  });
});

describe('markdown mode: data errors', () => {
  it('names a missing data with Required, also for an empty body', () => {
    expect(failuresOf({})).toEqual([{ property: 'data', message: 'Required' }]);
    expect(failuresOf({ type: 'markdown' })).toEqual([{ property: 'data', message: 'Required' }]);
    expect(failuresOf(undefined)).toEqual([{ property: 'data', message: 'Required' }]);
  });

  it('rejects data that is not an array', () => {
    expect(failuresOf({ data: { html: '<p>' } })).toEqual([{ property: 'data', message: 'Expected array, received object' }]);
    expect(failuresOf({ data: null })).toEqual([{ property: 'data', message: 'Expected array, received null' }]);
    expect(failuresOf({ data: 3 })).toEqual([{ property: 'data', message: 'Expected array, received number' }]);
  });

  it('rejects (encrypted) string data, saying why', () => {
    expect(failuresOf({ data: 'b64-ciphertext' })).toEqual([
      { property: 'data', message: 'Expected array, received string (encrypted data must be decrypted before rendering)' },
    ]);
  });

  it('names an item that is not an object by its index', () => {
    expect(failuresOf({ data: [{ content: 'ok' }, 'text', null, []] })).toEqual([
      { property: 'data[1]', message: 'Expected object, received string' },
      { property: 'data[2]', message: 'Expected object, received null' },
      { property: 'data[3]', message: 'Expected object, received array' },
    ]);
  });

  it.each(['label', 'heading', 'content'])('rejects a %s that is not a string', (key) => {
    expect(failuresOf({ data: [{ content: 'ok' }, { [key]: 5 }] })).toEqual([
      { property: `data[1].${key}`, message: 'Expected string, received number' },
    ]);
    expect(onlyFailureOf({ data: [{ [key]: null }] })).toEqual({ property: `data[0].${key}`, message: 'Expected string, received null' });
  });

  it('rejects a text longer than the limit', () => {
    expect(onlyFailureOf({ data: [{ content: 'x'.repeat(MAX_TEXT_LENGTH + 1) }] })).toEqual({
      property: 'data[0].content',
      message: `String must contain at most ${MAX_TEXT_LENGTH} characters, received ${MAX_TEXT_LENGTH + 1}`,
    });
  });

  it.each([4, 31, 0, -12])('rejects the item fontSize %d as out of range', (size) => {
    expect(onlyFailureOf({ data: [{ fontSize: size }] })).toEqual({
      property: 'data[0].fontSize',
      message: `Font size must be from 5 to 30, received ${size}`,
    });
  });

  it('rejects a fontSize that is not an integer', () => {
    expect(onlyFailureOf({ data: [{ fontSize: 12.5 }] })).toEqual({ property: 'data[0].fontSize', message: 'Expected integer, received 12.5' });
    expect(onlyFailureOf({ data: [{ fontSize: '12' }] })).toEqual({ property: 'data[0].fontSize', message: 'Expected integer, received string' });
    expect(onlyFailureOf({ data: [{ fontSize: null }] })).toEqual({ property: 'data[0].fontSize', message: 'Expected integer, received null' });
  });

  it('rejects top-level fontSize, textColor, fontFamily and includeTimestamp', () => {
    expect(failuresOf({ data: [], fontSize: 31, textColor: 'blue', fontFamily: 'Nope Sans', includeTimestamp: 'yes' })).toEqual([
      { property: 'fontSize', message: 'Font size must be from 5 to 30, received 31' },
      { property: 'textColor', message: 'Expected a 6-digit hex colour such as "#1a2b3c", received "blue"' },
      {
        property: 'fontFamily',
        message: 'Unknown font "Nope Sans": not a built-in font (Noto Sans, Courier, Helvetica, Times New Roman) nor a Google font',
      },
      { property: 'includeTimestamp', message: 'Expected boolean, received string' },
    ]);
    expect(onlyFailureOf({ data: [], fontSize: 12.5 })).toEqual({ property: 'fontSize', message: 'Expected integer, received 12.5' });
    expect(onlyFailureOf({ data: [], includeTimestamp: 0 })).toEqual({ property: 'includeTimestamp', message: 'Expected boolean, received number' });
  });

  it('checks the document options even when data is unusable', () => {
    expect(failuresOf({ data: 'cipher', fontSize: 2, logo: { src: 'ftp://x' } }).map((f) => f.property)).toEqual([
      'data',
      'fontSize',
      'logo.src',
    ]);
  });
});

describe('markdown mode: table errors', () => {
  const at = (table: unknown, index = 0) => ({ data: Array.from({ length: index + 1 }, (_, i) => (i === index ? { table } : { content: 'x' })) });

  it('rejects a table that is not an object', () => {
    expect(onlyFailureOf({ data: [{ table: [['a']] }] })).toEqual({ property: 'data[0].table', message: 'Expected object, received array' });
    expect(onlyFailureOf({ data: [{ table: null }] })).toEqual({ property: 'data[0].table', message: 'Expected object, received null' });
  });

  it('requires rows', () => {
    expect(onlyFailureOf(at({ firstRowHeaders: true }))).toEqual({ property: 'data[0].table.rows', message: 'Required' });
  });

  it('rejects rows that are not an array', () => {
    expect(onlyFailureOf(at({ rows: 'a,b' }))).toEqual({ property: 'data[0].table.rows', message: 'Expected array, received string' });
    expect(onlyFailureOf(at({ rows: { 0: ['a'] } }))).toEqual({ property: 'data[0].table.rows', message: 'Expected array, received object' });
  });

  it('names a row that is not an array', () => {
    expect(onlyFailureOf(at({ rows: [['a'], 'b', ['c']] }))).toEqual({
      property: 'data[0].table.rows[1]',
      message: 'Expected array, received string',
    });
  });

  it('names a cell that is an object, an array or a boolean', () => {
    expect(failuresOf(at({ rows: [['a', 'b', 'c'], ['d', 'e', { text: 'f' }], [true, ['g']]] }))).toEqual([
      { property: 'data[0].table.rows[1][2]', message: 'Expected string, received object' },
      { property: 'data[0].table.rows[2][0]', message: 'Expected string, received boolean' },
      { property: 'data[0].table.rows[2][1]', message: 'Expected string, received array' },
    ]);
  });

  it('rejects a bad verticalAlign', () => {
    expect(onlyFailureOf(at({ rows, verticalAlign: 'baseline' }))).toEqual({
      property: 'data[0].table.verticalAlign',
      message: "Invalid enum value. Expected 'top' | 'center' | 'middle' | 'bottom', received 'baseline'",
    });
    expect(onlyFailureOf(at({ rows, verticalAlign: 1 }))).toEqual({
      property: 'data[0].table.verticalAlign',
      message: 'Expected string, received number',
    });
  });

  it('rejects firstRowHeaders and gridlines that are not booleans', () => {
    expect(failuresOf(at({ rows, firstRowHeaders: 'true', rowGridlines: 1, columnGridLines: 'no' }))).toEqual([
      { property: 'data[0].table.firstRowHeaders', message: 'Expected boolean, received string' },
      { property: 'data[0].table.rowGridlines', message: 'Expected boolean, received number' },
      { property: 'data[0].table.columnGridLines', message: 'Expected boolean, received string' },
    ]);
  });

  it('names a bad align by its full path, with the allowed values and what was received', () => {
    const table = { rows: [['a', 'b']], columnOptions: [{ align: 'left' }, { align: 'justify' }] };
    expect(onlyFailureOf(at(table, 3))).toEqual({
      property: 'data[3].table.columnOptions[1].align',
      message: "Invalid enum value. Expected 'left' | 'center' | 'right', received 'justify'",
    });
  });

  it.each([
    ['10em', '"10em"'],
    ['150%', '"150%"'],
    ['0%', '"0%"'],
    ['0px', '"0px"'],
    ['wide', '"wide"'],
  ])('rejects the column width %j', (width, quoted) => {
    expect(onlyFailureOf(at({ rows: [['a']], columnOptions: [{ width }] }))).toEqual({
      property: 'data[0].table.columnOptions[0].width',
      message: `Expected a width in pixels ("120px") or a percentage from 0 to 100 ("40%"), received ${quoted}`,
    });
  });

  it.each([-5, 0])('rejects the column width %d', (width) => {
    expect(onlyFailureOf(at({ rows: [['a']], columnOptions: [{ width }] }))).toEqual({
      property: 'data[0].table.columnOptions[0].width',
      message: `Expected a positive number of pixels, received ${width}`,
    });
  });

  it('rejects a column width that is neither a string nor a number', () => {
    expect(onlyFailureOf(at({ rows: [['a']], columnOptions: [{ width: true }] }))).toEqual({
      property: 'data[0].table.columnOptions[0].width',
      message: 'Expected string or number, received boolean',
    });
  });

  it('rejects columnOptions that are not an array, and entries that are not objects', () => {
    expect(onlyFailureOf(at({ rows, columnOptions: { align: 'left' } }))).toEqual({
      property: 'data[0].table.columnOptions',
      message: 'Expected array, received object',
    });
    expect(onlyFailureOf(at({ rows, columnOptions: [{}, 'right'] }))).toEqual({
      property: 'data[0].table.columnOptions[1]',
      message: 'Expected object, received string',
    });
  });

  it('still checks the table options when rows are bad', () => {
    expect(failuresOf(at({ rows: 'x', verticalAlign: 'up', columnOptions: [{ align: 'up' }] })).map((f) => f.property)).toEqual([
      'data[0].table.rows',
      'data[0].table.columnOptions[0].align',
      'data[0].table.verticalAlign',
    ]);
  });
});

describe('markdown mode: many errors at once', () => {
  it('collects every problem in document order', () => {
    const fields = failuresOf({
      title: 1,
      data: [
        { label: 2, fontSize: 4 },
        'x',
        { heading: 'ok', table: { rows: [['a', {}]], columnOptions: [null, { align: 'top' }] }, textColor: '#fff' },
        { content: 'ok', fontFamily: 'roboto' },
      ],
      fontSize: 99,
      textColor: 'red',
      includeTimestamp: null,
      logo: { src: 'javascript:alert(1)', maxWidth: 501 },
      page: { width: '10vw' },
    });
    expect(fields.map((f) => f.property)).toEqual([
      'title',
      'data[0].label',
      'data[0].fontSize',
      'data[1]',
      'data[2].table.rows[0][1]',
      'data[2].table.columnOptions[1].align',
      'data[2].textColor',
      'data[3].fontFamily',
      'fontSize',
      'textColor',
      'includeTimestamp',
      'logo.src',
      'logo.maxWidth',
      'page.width',
    ]);
    expect(fields.find((f) => f.property === 'data[3].fontFamily')!.message).toContain('did you mean "Roboto"?');
  });

  it('summarises the failures in the error message', () => {
    try {
      normalizeRequest({ data: [{ fontSize: 31 }] });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toBe('Invalid request: data[0].fontSize: Font size must be from 5 to 30, received 31');
    }
  });
});

describe('markdown mode: limits', () => {
  it('accepts MAX_ITEMS items and rejects one more, on data', () => {
    expect(markdownRequest({ data: Array.from({ length: MAX_ITEMS }, () => ({})) }).items).toHaveLength(MAX_ITEMS);
    expect(failuresOf({ data: Array.from({ length: MAX_ITEMS + 1 }, () => ({})) })).toEqual([
      { property: 'data', message: `Array must contain at most ${MAX_ITEMS} items, received ${MAX_ITEMS + 1}` },
    ]);
  });

  it('rejects a row with more than MAX_TABLE_COLUMNS cells, naming the row', () => {
    const wide = Array.from({ length: MAX_TABLE_COLUMNS + 1 }, () => 'c');
    expect(failuresOf({ data: [{ table: { rows: [['a'], wide] } }] })).toEqual([
      {
        property: 'data[0].table.rows[1]',
        message: `Array must contain at most ${MAX_TABLE_COLUMNS} cells, received ${MAX_TABLE_COLUMNS + 1}`,
      },
    ]);
  });

  it('bounds the cells of all the tables of a document together', () => {
    const row = Array.from({ length: MAX_TABLE_COLUMNS }, () => 'c');
    const full = { table: { rows: Array.from({ length: MAX_TABLE_CELLS / MAX_TABLE_COLUMNS }, () => row) } };
    expect(markdownRequest({ data: [full] }).items[0]!.table!.rows).toHaveLength(MAX_TABLE_CELLS / MAX_TABLE_COLUMNS);
    expect(failuresOf({ data: [full, { table: { rows: [['one more']] } }] })).toEqual([
      { property: 'data[1].table.rows', message: `A document's tables may hold at most ${MAX_TABLE_CELLS} cells in all` },
    ]);
  });

  it('counts an empty row as one cell, so that rows are bounded too', () => {
    const rows = Array.from({ length: MAX_TABLE_CELLS + 1 }, () => []);
    expect(failuresOf({ data: [{ table: { rows } }] })).toEqual([
      { property: 'data[0].table.rows', message: `A document's tables may hold at most ${MAX_TABLE_CELLS} cells in all` },
    ]);
  });
});

describe('html mode ignores the markdown-only options', () => {
  it('accepts out-of-range and ill-typed markdown options with type html', () => {
    const result = normalizeRequest({
      type: 'html',
      data: { html: '<p>x</p>' },
      fontSize: 99,
      textColor: 'red',
      fontFamily: 'Comic Sansy',
      includeTimestamp: 'no',
      logo: { src: 'ftp://x', maxWidth: 9999 },
    });
    expect(result).toEqual({ mode: 'html', title: null, html: '<p>x</p>', css: '', pageCss: '', pageCount: null, pdfVariant: null });
  });

  it('but rejects markdown-style array data in html mode', () => {
    expect(failuresOf({ type: 'html', data: [{ content: 'x' }], fontSize: 99 })).toEqual([
      { property: 'data', message: 'Expected object, received array' },
    ]);
  });
});
