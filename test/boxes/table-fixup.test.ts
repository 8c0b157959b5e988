// Table box generation: the anonymous box fix-up of CSS 2.1 §17.2.1 and HTML's slot
// assignment ("forming a table", HTML §4.9.12), checked on box trees built from HTML.
import { describe, expect, it } from 'vitest';
import { buildBoxTree } from '../../src/boxes/build.js';
import type { BlockBox, BlockLevelBox, Box, InlineLevelBox, TableBox, TableRowGroup } from '../../src/boxes/types.js';
import { styleDocument } from '../../src/css/index.js';
import { parseHtml } from '../../src/dom/parse.js';
import { tablePlan } from '../../src/layout/table/plan.js';

/** The root block of the box tree of `html` styled with `css`. */
function boxTree(html: string, css = ''): BlockBox {
  return buildBoxTree(styleDocument(parseHtml(html), { authorCss: [css] }), { images: new Map() }).root;
}

function childrenOf(box: Box): readonly Box[] {
  switch (box.kind) {
    case 'block': return box.content.kind === 'blocks' ? box.content.children : box.content.kind === 'inline' ? box.content.ifc.children : box.content.items;
    case 'inline': return box.children;
    case 'atomic': return [box.box];
    default: return [];
  }
}

/** Every table box in the tree, in tree order (tables inside cells included). */
function tables(root: Box): TableBox[] {
  const out: TableBox[] = [];
  const walk = (box: Box): void => {
    if (box.kind === 'table') {
      out.push(box);
      for (const group of groupsOf(box)) for (const row of group.rows) for (const cell of row.cells) walk(cell.box);
      for (const caption of box.captions) walk(caption);
      return;
    }
    for (const child of childrenOf(box)) walk(child);
  };
  walk(root);
  return out;
}

function onlyTable(html: string, css = ''): TableBox {
  const found = tables(boxTree(html, css));
  expect(found).toHaveLength(1);
  return found[0]!;
}

function groupsOf(table: TableBox): TableRowGroup[] {
  return [...(table.header ? [table.header] : []), ...table.bodies, ...(table.footer ? [table.footer] : [])];
}

/** All text under a box, concatenated. */
function textOf(box: Box): string {
  if (box.kind === 'text') return box.text;
  if (box.kind === 'table') return groupsOf(box).map(groupText).join('');
  return childrenOf(box).map(textOf).join('');
}

function groupText(group: TableRowGroup): string {
  return group.rows.flatMap((r) => r.cells.map((c) => textOf(c.box))).join('');
}

/** The rows of a row group as arrays of "text@column" (with spans when not 1). */
function slots(group: TableRowGroup): string[][] {
  return group.rows.map((row) => row.cells.map((c) => {
    const spans = (c.colSpan !== 1 ? ` cs${c.colSpan}` : '') + (c.rowSpan !== 1 ? ` rs${c.rowSpan}` : '');
    return `${textOf(c.box).trim()}@${c.column}${spans}`;
  }));
}

/** Walks down from the root to the first box whose element has this id. */
function byId(root: Box, id: string): Box {
  let found: Box | null = null;
  const walk = (box: Box): void => {
    if (found) return;
    if ('element' in box && box.element?.attrs.get('id') === id) {
      found = box;
      return;
    }
    if (box.kind === 'table') {
      for (const g of groupsOf(box)) for (const r of g.rows) for (const c of r.cells) walk(c.box);
      return;
    }
    for (const c of childrenOf(box)) walk(c);
  };
  walk(root);
  if (!found) throw new Error(`no box for #${id}`);
  return found;
}

const cell = 'display: table-cell';
const row = 'display: table-row';

describe('anonymous table objects (CSS 2.1 §17.2.1)', () => {
  it('wraps stray table-cell boxes in a block in one anonymous table, row group and row', () => {
    const root = boxTree(`<div id="d"><div style="${cell}">A</div> <div style="${cell}">B</div> <div style="${cell}">C</div></div>`);
    const div = byId(root, 'd') as BlockBox;
    expect(div.content.kind).toBe('blocks');
    const kids = childrenOf(div) as BlockLevelBox[];
    // One anonymous table: the white space between the cells is part of the run, not a separator.
    expect(kids).toHaveLength(1);
    const table = kids[0]! as TableBox;
    expect(table.kind).toBe('table');
    expect(table.element).toBeNull();
    expect(table.style.display).toBe('table');
    expect(table.header).toBeNull();
    expect(table.footer).toBeNull();
    expect(table.bodies).toHaveLength(1);
    expect(table.bodies[0]!.element).toBeNull();
    expect(table.bodies[0]!.rows).toHaveLength(1);
    expect(table.bodies[0]!.rows[0]!.element).toBeNull();
    expect(slots(table.bodies[0]!)).toEqual([['A@0', 'B@1', 'C@2']]);
    expect(table.columnCount).toBe(3);
    // The cells are the divs themselves, not anonymous wrappers.
    expect(table.bodies[0]!.rows[0]!.cells.every((c) => c.box.element?.tagName === 'div')).toBe(true);
  });

  it('starts a new anonymous table after non-white-space content between cells', () => {
    const root = boxTree(`<div id="d"><div style="${cell}">A</div>text<div style="${cell}">B</div></div>`);
    const kids = childrenOf(byId(root, 'd'));
    expect(kids.map((k) => k.kind)).toEqual(['table', 'block', 'table']);
    expect(textOf(kids[1]!)).toBe('text');
    expect(kids.filter((k) => k.kind === 'table').map(textOf)).toEqual(['A', 'B']);
  });

  it('gives a table-row without a table parent an anonymous table and row group, but keeps the row', () => {
    const root = boxTree(`<section id="s"><div id="r" style="${row}"><span style="${cell}">X</span><span style="${cell}">Y</span></div></section>`);
    const table = childrenOf(byId(root, 's'))[0]! as TableBox;
    expect(table.kind).toBe('table');
    expect(table.element).toBeNull();
    expect(table.bodies).toHaveLength(1);
    expect(table.bodies[0]!.element).toBeNull();
    const r = table.bodies[0]!.rows[0]!;
    expect(r.element?.attrs.get('id')).toBe('r');
    expect(slots(table.bodies[0]!)).toEqual([['X@0', 'Y@1']]);
  });

  it('collects consecutive stray rows into one anonymous table', () => {
    const t = onlyTable(`<div><div style="${row}"><div style="${cell}">1</div></div>\n  <div style="${row}"><div style="${cell}">2</div></div></div>`);
    expect(slots(t.bodies[0]!)).toEqual([['1@0'], ['2@0']]);
  });

  it('drops white space between rows, row groups and cells', () => {
    const t = onlyTable('<table>\n  <tbody>\n    <tr>\n      <td>1</td>\n      <td>2</td>\n    </tr>\n    <tr> <td>3</td> </tr>\n  </tbody>\n</table>');
    expect(t.bodies).toHaveLength(1);
    expect(t.bodies[0]!.rows).toHaveLength(2);
    // No anonymous cell was made for the white space: two cells, then one.
    expect(t.bodies[0]!.rows.map((r) => r.cells.length)).toEqual([2, 1]);
    expect(t.bodies[0]!.rows.flatMap((r) => r.cells).every((c) => c.box.element?.tagName === 'td')).toBe(true);
  });

  it('drops white space between CSS table parts too (no anonymous cells or rows for it)', () => {
    const t = onlyTable(`<div style="display: table"> <div style="${row}"> <div style="${cell}">a</div> <div style="${cell}">b</div> </div> </div>`);
    expect(t.bodies).toHaveLength(1);
    expect(t.bodies[0]!.rows).toHaveLength(1);
    expect(t.bodies[0]!.rows[0]!.cells).toHaveLength(2);
  });

  it('wraps non-cell content of a row in anonymous cells, one per run', () => {
    const t = onlyTable(`<div style="display: table"><div style="${row}">loose <em>text</em><div style="${cell}">c</div><span>after</span></div></div>`);
    const cells = t.bodies[0]!.rows[0]!.cells;
    expect(cells).toHaveLength(3);
    expect(cells.map((c) => c.box.element?.tagName ?? null)).toEqual([null, 'div', null]);
    expect(cells.map((c) => textOf(c.box))).toEqual(['loose text', 'c', 'after']);
    expect(cells.map((c) => c.column)).toEqual([0, 1, 2]);
    // Anonymous cells are table cells (they inherit from the row).
    expect(cells[0]!.box.style.display).toBe('table-cell');
  });

  it('wraps text directly in a table in an anonymous row group, row and cell', () => {
    const t = onlyTable(`<div style="display: table">just text</div>`);
    expect(t.bodies).toHaveLength(1);
    expect(t.bodies[0]!.element).toBeNull();
    expect(t.bodies[0]!.rows).toHaveLength(1);
    expect(t.bodies[0]!.rows[0]!.element).toBeNull();
    expect(t.bodies[0]!.rows[0]!.cells).toHaveLength(1);
    expect(textOf(t.bodies[0]!.rows[0]!.cells[0]!.box)).toBe('just text');
  });

  it('wraps cells directly in a row group in an anonymous row', () => {
    const t = onlyTable(`<div style="display: table"><div id="g" style="display: table-row-group"><div style="${cell}">a</div><div style="${cell}">b</div></div></div>`);
    expect(t.bodies[0]!.element?.attrs.get('id')).toBe('g');
    expect(t.bodies[0]!.rows).toHaveLength(1);
    expect(t.bodies[0]!.rows[0]!.element).toBeNull();
    expect(slots(t.bodies[0]!)).toEqual([['a@0', 'b@1']]);
  });

  it('makes an anonymous inline-table (an atomic inline) for cells inside an inline', () => {
    const root = boxTree(`<p id="p"><span id="s">before <span style="${cell}">c1</span><span style="${cell}">c2</span> after</span></p>`);
    const span = byId(root, 's');
    expect(span.kind).toBe('inline');
    const kids = childrenOf(span) as InlineLevelBox[];
    expect(kids.map((k) => k.kind)).toEqual(['text', 'atomic', 'text']);
    const atomic = kids[1]!;
    if (atomic.kind !== 'atomic') throw new Error('expected an atomic inline');
    expect(atomic.style.display).toBe('inline-table');
    expect(atomic.box.kind).toBe('table');
    expect(slots((atomic.box as TableBox).bodies[0]!)).toEqual([['c1@0', 'c2@1']]);
    // The paragraph still holds one inline formatting context: nothing was split into blocks.
    expect((byId(root, 'p') as BlockBox).content.kind).toBe('inline');
  });

  it('makes an inline-table inside a span an atomic inline-level box', () => {
    const root = boxTree(`<p id="p">x <span>y <span id="it" style="display: inline-table"><span style="${cell}">z</span></span> w</span></p>`);
    const p = byId(root, 'p') as BlockBox;
    expect(p.content.kind).toBe('inline');
    const span = childrenOf(p)[1]!;
    expect(span.kind).toBe('inline');
    const atomic = childrenOf(span).find((k) => k.kind === 'atomic');
    if (!atomic || atomic.kind !== 'atomic') throw new Error('no atomic inline in the span');
    expect(atomic.element?.attrs.get('id')).toBe('it');
    const table = atomic.box as TableBox;
    expect(table.kind).toBe('table');
    // The inline-table's own element is the table; its cell got an anonymous row and group.
    expect(table.element?.attrs.get('id')).toBe('it');
    expect(slots(table.bodies[0]!)).toEqual([['z@0']]);
  });

  it('ignores the children of a table-column and non-column children of a column group', () => {
    const t = onlyTable(`<div style="display: table"><div style="display: table-column-group"><div style="display: table-column">hidden text</div><span>junk</span><div style="display: table-column"></div></div><div style="${row}"><div style="${cell}">a</div></div></div>`);
    expect(t.columns).toHaveLength(2);
    expect(textOf(t)).toBe('a');
    expect(t.columnCount).toBe(2);
  });

  it('lets a caption be placed apart from the rows', () => {
    const t = onlyTable('<table><caption>Cap</caption><tr><td>a</td></tr></table>');
    expect(t.captions).toHaveLength(1);
    expect(textOf(t.captions[0]!)).toBe('Cap');
    expect(textOf(t)).toBe('a');
  });
});

describe('header and footer groups', () => {
  it('takes the first thead as the header; a second thead is an ordinary body in document order', () => {
    const t = onlyTable('<table><thead><tr><td>h1</td></tr></thead><tbody><tr><td>b1</td></tr></tbody><thead><tr><td>h2</td></tr></thead><tbody><tr><td>b2</td></tr></tbody></table>');
    expect(t.header).not.toBeNull();
    expect(textOf(t.header!.rows[0]!.cells[0]!.box)).toBe('h1');
    expect(t.bodies.map((b) => b.element?.tagName)).toEqual(['tbody', 'thead', 'tbody']);
    expect(t.bodies.map((b) => textOf(b.rows[0]!.cells[0]!.box))).toEqual(['b1', 'h2', 'b2']);
  });

  it('keeps a tfoot written before the tbody as the footer, drawn last', () => {
    const t = onlyTable('<table><tfoot><tr><td>f</td></tr></tfoot><tbody><tr><td>b</td></tr></tbody></table>');
    expect(t.footer?.element?.tagName).toBe('tfoot');
    expect(t.bodies.map((b) => b.element?.tagName)).toEqual(['tbody']);
    const plan = tablePlan(t);
    expect(plan.rows.map((r) => `${r.section}:${textOf(r.box.cells[0]!.box)}`)).toEqual(['body:b', 'footer:f']);
    expect(plan.footer).toEqual({ start: 1, end: 2 });
  });

  it('displays the header first even when it comes after a body in the source', () => {
    const t = onlyTable(`<div style="display: table"><div style="display: table-row-group"><div style="${row}"><div style="${cell}">body</div></div></div><div style="display: table-header-group"><div style="${row}"><div style="${cell}">head</div></div></div></div>`);
    const plan = tablePlan(t);
    expect(plan.rows.map((r) => r.section)).toEqual(['header', 'body']);
    expect(plan.rows.map((r) => textOf(r.box.cells[0]!.box))).toEqual(['head', 'body']);
  });

  it('takes only the first of two tfoots as the footer', () => {
    const t = onlyTable('<table><tfoot><tr><td>f1</td></tr></tfoot><tfoot><tr><td>f2</td></tr></tfoot><tbody><tr><td>b</td></tr></tbody></table>');
    expect(groupText(t.footer!)).toBe('f1');
    expect(t.bodies.map(groupText)).toEqual(['f2', 'b']);
  });

  it('puts rows outside any group into an anonymous body (HTML parsing adds a tbody)', () => {
    const t = onlyTable(`<div style="display: table"><div style="display: table-header-group"><div style="${row}"><div style="${cell}">h</div></div></div><div style="${row}"><div style="${cell}">r1</div></div><div style="${row}"><div style="${cell}">r2</div></div></div>`);
    expect(t.header).not.toBeNull();
    expect(t.bodies).toHaveLength(1);
    expect(t.bodies[0]!.element).toBeNull();
    expect(slots(t.bodies[0]!)).toEqual([['r1@0'], ['r2@0']]);
  });
});

describe('grid slots (HTML §4.9.12)', () => {
  const body = (html: string) => onlyTable(html).bodies[0]!;

  it('places cells left to right, colspan advancing the next cell', () => {
    expect(slots(body('<table><tr><td>a</td><td colspan=3>b</td><td>c</td></tr></table>'))).toEqual([['a@0', 'b@1 cs3', 'c@4']]);
    expect(onlyTable('<table><tr><td>a</td><td colspan=3>b</td><td>c</td></tr></table>').columnCount).toBe(5);
  });

  it('pushes later cells right past a rowspan from the row above', () => {
    expect(slots(body('<table><tr><td rowspan=2>a</td><td>b</td><td>c</td></tr><tr><td>d</td><td>e</td></tr></table>')))
      .toEqual([['a@0 rs2', 'b@1', 'c@2'], ['d@1', 'e@2']]);
  });

  it('skips a rowspan slot in the middle of a row', () => {
    expect(slots(body('<table><tr><td>a</td><td rowspan=3>b</td><td>c</td></tr><tr><td>d</td><td>e</td></tr><tr><td>f</td><td>g</td></tr></table>')))
      .toEqual([['a@0', 'b@1 rs3', 'c@2'], ['d@0', 'e@2'], ['f@0', 'g@2']]);
  });

  it('frees the slot once the rowspan ends', () => {
    expect(slots(body('<table><tr><td rowspan=2>a</td><td>b</td></tr><tr><td>c</td></tr><tr><td>d</td><td>e</td></tr></table>')))
      .toEqual([['a@0 rs2', 'b@1'], ['c@1'], ['d@0', 'e@1']]);
  });

  it('handles a cell spanning both ways', () => {
    expect(slots(body('<table><tr><td colspan=2 rowspan=2>a</td><td>b</td></tr><tr><td>c</td></tr><tr><td>d</td><td>e</td><td>f</td></tr></table>')))
      .toEqual([['a@0 cs2 rs2', 'b@2'], ['c@2'], ['d@0', 'e@1', 'f@2']]);
  });

  it('clips a rowspan at the end of its row group; the next group starts with free slots', () => {
    const t = onlyTable('<table><tbody><tr><td rowspan=5>a</td><td>b</td></tr><tr><td>c</td></tr></tbody><tbody><tr><td>d</td><td>e</td></tr></tbody></table>');
    expect(t.bodies).toHaveLength(2);
    expect(slots(t.bodies[0]!)).toEqual([['a@0 rs2', 'b@1'], ['c@1']]);
    expect(slots(t.bodies[1]!)).toEqual([['d@0', 'e@1']]);
  });

  it('clips a rowspan past the last row of the table', () => {
    expect(slots(body('<table><tr><td rowspan=9>a</td><td>b</td></tr><tr><td>c</td></tr><tr><td>d</td></tr></table>')))
      .toEqual([['a@0 rs3', 'b@1'], ['c@1'], ['d@1']]);
  });

  it('makes rowspan=0 span to the end of the row group', () => {
    const t = onlyTable('<table><tbody><tr><td rowspan=0>a</td><td>b</td></tr><tr><td>c</td></tr><tr><td>d</td></tr></tbody><tbody><tr><td>e</td><td>f</td></tr></tbody></table>');
    expect(slots(t.bodies[0]!)).toEqual([['a@0 rs3', 'b@1'], ['c@1'], ['d@1']]);
    expect(slots(t.bodies[1]!)).toEqual([['e@0', 'f@1']]);
  });

  it('makes rowspan=0 in a later row span only the rows from there', () => {
    expect(slots(body('<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td rowspan=0>d</td></tr><tr><td>e</td></tr><tr><td>f</td></tr></table>')))
      .toEqual([['a@0', 'b@1'], ['c@0', 'd@1 rs3'], ['e@0'], ['f@0']]);
  });

  it('clamps colspan to 1..1000 and treats garbage spans as 1', () => {
    expect(slots(body('<table><tr><td colspan=0>a</td><td colspan=-3>b</td><td colspan="x">c</td><td rowspan="y">d</td></tr></table>')))
      .toEqual([['a@0', 'b@1', 'c@2', 'd@3']]);
    expect(onlyTable('<table><tr><td colspan=5000>a</td></tr></table>').columnCount).toBe(1000);
  });

  it('ignores colspan and rowspan attributes on elements that are not td/th', () => {
    const t = onlyTable(`<div style="display: table"><div style="${row}"><div colspan=3 rowspan=2 style="${cell}">a</div><div style="${cell}">b</div></div><div style="${row}"><div style="${cell}">c</div></div></div>`);
    expect(slots(t.bodies[0]!)).toEqual([['a@0', 'b@1'], ['c@0']]);
  });

  it('counts columns from the widest row', () => {
    expect(onlyTable('<table><tr><td>a</td></tr><tr><td>b</td><td>c</td><td>d</td></tr><tr><td colspan=2>e</td></tr></table>').columnCount).toBe(3);
  });

  it('counts a cell pushed right by a rowspan in the column count', () => {
    // a covers column 0 of both rows, so the second row's two cells take columns 1 and 2.
    expect(onlyTable('<table><tr><td rowspan=2>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>').columnCount).toBe(3);
  });
});

describe('columns', () => {
  it('makes <colgroup span=3> three columns and <col span=2> two', () => {
    const t = onlyTable('<table><colgroup span=3></colgroup><colgroup><col span=2></colgroup><tr><td>a</td></tr></table>');
    expect(t.columns).toHaveLength(5);
    expect(t.columnCount).toBe(5);
    // The bare group's columns have no style of their own but share their group.
    expect(t.columns.slice(0, 3).every((c) => c.style === null && c.group !== null)).toBe(true);
    expect(new Set(t.columns.slice(0, 3).map((c) => c.group)).size).toBe(1);
    expect(t.columns.slice(3).every((c) => c.element?.tagName === 'col' && c.group?.element?.tagName === 'colgroup')).toBe(true);
    expect(t.columns[3]!.group).not.toBe(t.columns[0]!.group);
  });

  it('ignores a colgroup span when the group has col children', () => {
    const t = onlyTable('<table><colgroup span=4><col><col span=2></colgroup><tr><td>a</td></tr></table>');
    expect(t.columns).toHaveLength(3);
  });

  it('wraps a bare <col> in a column group (HTML parsing) and counts its span', () => {
    const t = onlyTable('<table><col span=2><col><tr><td>a</td><td>b</td></tr></table>');
    expect(t.columns).toHaveLength(3);
    expect(t.columnCount).toBe(3);
  });

  it('clamps span to 1..1000', () => {
    expect(onlyTable('<table><colgroup span=0></colgroup><tr><td>a</td></tr></table>').columns).toHaveLength(1);
    expect(onlyTable('<table><colgroup span=4000></colgroup><tr><td>a</td></tr></table>').columns).toHaveLength(1000);
  });

  it('uses the cells when they need more columns than the col elements give', () => {
    const t = onlyTable('<table><col><tr><td>a</td><td>b</td><td>c</td></tr></table>');
    expect(t.columns).toHaveLength(1);
    expect(t.columnCount).toBe(3);
  });
});

describe('cells', () => {
  it('makes cells block containers that establish a formatting context', () => {
    const t = onlyTable('<table><tr><td>a</td><td><p>b</p></td></tr></table>');
    const [a, b] = t.bodies[0]!.rows[0]!.cells;
    expect(a!.box.establishesBfc).toBe(true);
    expect(b!.box.establishesBfc).toBe(true);
    expect(a!.box.content.kind).toBe('inline');
    expect(b!.box.content.kind).toBe('blocks');
  });

  it('gives white-space-only cells no content (so empty-cells can hide them)', () => {
    const t = onlyTable('<table><tr><td> </td><td></td><td>&nbsp;</td></tr></table>');
    const plan = tablePlan(t);
    expect(plan.rows[0]!.cells.map((c) => c.empty)).toEqual([true, true, false]);
  });

  it('builds a nested table inside a cell as a table of its own', () => {
    const found = tables(boxTree('<table><tr><td>outer<table><tr><td>inner</td></tr></table></td></tr></table>'));
    expect(found).toHaveLength(2);
    expect(textOf(found[1]!)).toBe('inner');
  });
});
