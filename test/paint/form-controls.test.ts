// Form controls as boxes (boxes/form-controls.ts) and what paint makes of them
// (paint/form-control.ts): default sizes, CSS sizes, the text baseline, static controls.
import { describe, expect, it } from 'vitest';
import type { DisplayItem, FormFieldItem, GlyphRunItem, PageDisplayList } from '../../src/paint/types.js';
import { runText } from '../../src/paint/glyph-runs.js';
import { flatten, layout, PX, runWidth, runWith } from '../layout/helpers.js';

function fields(pages: readonly PageDisplayList[]): FormFieldItem[] {
  return pages.flatMap((p) => flatten(p.items)).filter((i): i is FormFieldItem => i.kind === 'form-field');
}

function field(pages: readonly PageDisplayList[], name: string): FormFieldItem {
  const found = fields(pages).find((f) => f.field.name === name);
  if (!found) throw new Error(`no field ${name}: ${fields(pages).map((f) => f.field.name).join(', ')}`);
  return found;
}

function glyphs(items: readonly DisplayItem[]): GlyphRunItem[] {
  return items.filter((i): i is GlyphRunItem => i.kind === 'glyphs');
}

describe('form controls: sizes', () => {
  it('sizes a text input by its size attribute (20 characters by default) plus 1px 2px padding and 2px borders', async () => {
    const pages = await layout('<form><input name="a"><input name="b" size="10"><input name="c" style="width: 200px"></form>');
    const [a, b, c] = ['a', 'b', 'c'].map((n) => field(pages, n));
    // Chromium's sizes with Noto Sans at 13.333px (measured): an average advance of 8px, a
    // bounding box 46px wide; `size` averages plus one widest-minus-average, plus 8px.
    expect(a!.width).toBeCloseTo(206 * PX, 3);
    expect(b!.width).toBeCloseTo(126 * PX, 3);
    expect(c!.width).toBeCloseTo(208 * PX, 3);
    expect(a!.height).toBe(b!.height);
    // One line of the 13.333px (10pt) font, plus 2px of padding and 4px of borders.
    expect(a!.height - 6 * PX).toBeGreaterThan(10);
    expect(a!.height - 6 * PX).toBeLessThan(16);
  });

  it('keeps the default width when made block-level (as a replaced element), and takes CSS widths', async () => {
    const pages = await layout('<form><input name="a" style="display: block"><select name="s" style="display: block"><option>x</option></select><input name="p" style="display: block; width: 50%"></form>', 'body { margin: 0; width: 600px }');
    expect(field(pages, 'a').width).toBeCloseTo(206 * PX, 3);
    expect(field(pages, 's').width).toBeLessThan(60 * PX);
    expect(field(pages, 'p').width).toBeCloseTo(300 * PX + 8 * PX, 3);
  });

  it('makes check boxes and radio buttons 13px squares, border box', async () => {
    const pages = await layout('<form><input type="checkbox" name="c"><input type="radio" name="r" style="border-width: 3px"></form>');
    for (const name of ['c', 'r']) {
      const f = field(pages, name);
      expect([f.width, f.height]).toEqual([13 * PX, 13 * PX]);
    }
  });

  it('sizes a textarea by rows and cols, and a select by its longest option plus the arrow area', async () => {
    const pages = await layout(`<form><textarea name="two" style="font-family: sans-serif"></textarea><textarea name="four" rows="4" cols="40" style="font-family: sans-serif"></textarea>
      <select name="s"><option>a</option><option>a much longer option</option></select><select name="t"><option>a</option></select>
      <select name="m" multiple><option>English</option></select></form>`);
    const two = field(pages, 'two');
    const four = field(pages, 'four');
    const chrome = 6 * PX;
    // Chromium with Noto Sans (measured; textareas are monospace by default): 20 columns of 8px, a 15px scrollbar, 2 lines of 18px, 2px padding, 1px borders.
    expect([two.width, two.height]).toEqual([181 * PX, 42 * PX]);
    // A list box: 4 rows of an 18px line and 1px of option padding, 1px borders.
    expect(field(pages, 'm').height).toBeCloseTo(78 * PX, 3);
    expect(four.height - chrome).toBeCloseTo(2 * (two.height - chrome), 3);
    // Each has room for a 15px scrollbar beside its columns, as in Chromium.
    expect(four.width - chrome - 15 * PX).toBeCloseTo(2 * (two.width - chrome - 15 * PX), 3);
    const s = field(pages, 's');
    const t = field(pages, 't');
    expect(s.width - t.width).toBeGreaterThan(80 * PX);
    // Chromium: 1px above and below the line in a drop-down (22px with Noto Sans's 18px line and the borders).
    expect(s.height).toBeCloseTo(22 * PX, 3);
    // The combo box shows its chosen option (the first when none is selected).
    expect(glyphs(s.appearance).map(runText).join('')).toBe('a');
  });
});

describe('form controls: paint', () => {
  it('puts a text input’s value on the baseline of the line around it', async () => {
    const pages = await layout('<form><p>Label <input name="a" value="Value"> after</p></form>');
    const label = runWith(pages, 'Label');
    const [value] = glyphs(field(pages, 'a').appearance);
    expect(runText(value!)).toBe('Value');
    expect(value!.y).toBeCloseTo(label.y, 1);
    expect(runWith(pages, 'after').y).toBeCloseTo(label.y, 1);
  });

  it('aligns the value by text-align inside the content box', async () => {
    const pages = await layout('<form><input name="l" value="x" style="width: 100px"><input name="r" value="x" style="width: 100px; text-align: right"></form>');
    const l = field(pages, 'l');
    const r = field(pages, 'r');
    const lx = glyphs(l.appearance)[0]!.x - l.x;
    const rx = glyphs(r.appearance)[0]!.x - r.x;
    expect(lx).toBeCloseTo(4 * PX, 3);
    expect(rx).toBeGreaterThan(90 * PX);
  });

  it('wraps a textarea’s text at word ends inside its content box, from its top, and keeps its newlines', async () => {
    const pages = await layout('<form><textarea name="t" cols="12" rows="6">alpha beta gamma delta\nnew</textarea></form>');
    const t = field(pages, 't');
    const runs = glyphs(t.appearance);
    const rows = [...new Set(runs.map((r) => r.y))];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const text = rows.map((y) => runs.filter((r) => r.y === y).map(runText).join(''));
    expect(text.join('|').replace(/ \|/gu, '|')).toMatch(/^alpha( beta)?\|.*\|new$/u);
    expect(text.at(-1)).toBe('new');
    // Every line fits the content box (1px border, 2px padding), its hanging space aside.
    for (const r of runs) {
      expect(r.x).toBeGreaterThanOrEqual(t.x + 3 * PX - 0.01);
      expect(r.x + runWidth(r) - (runText(r).endsWith(' ') ? 4 : 0)).toBeLessThanOrEqual(t.x + t.width - 3 * PX + 0.01);
    }
    // The first line's baseline is one ascent below the content box's top (3px of border and padding).
    expect(rows[0]! - t.y).toBeLessThan(3 * PX + 15);
  });

  it('draws a password as bullets and no placeholder', async () => {
    const pages = await layout('<form><input type="password" name="p" value="abc"><input name="e" placeholder="hint"></form>');
    expect(glyphs(field(pages, 'p').appearance).map(runText).join('')).toBe('•••');
    expect(field(pages, 'e').appearance).toEqual([]);
  });

  it('draws a control that is no field as page content: its text clipped to its content box, a checked box’s mark', async () => {
    const pages = await layout('<p><input value="static"> <input type="checkbox" checked> <input type="checkbox"></p>');
    expect(fields(pages)).toEqual([]);
    const items = pages.flatMap((p) => flatten(p.items));
    const [clip] = items.filter((i) => i.kind === 'clip');
    expect(clip?.kind === 'clip' && clip.items.map((i) => i.kind === 'glyphs' && runText(i))).toEqual(['static']);
    // Only the checked box has a white check mark (the unchecked one is its border and background).
    const marks = items.filter((i) => i.kind === 'path' && i.stroke?.color.r === 255);
    expect(marks).toHaveLength(1);
  });

  it('paints the box’s background and border as page content, under the widget', async () => {
    const pages = await layout('<form><input name="a" style="background: rgb(0, 128, 0); border: 3px solid rgb(255, 0, 0)"></form>');
    const items = pages[0]!.items;
    const a = items.findIndex((i) => i.kind === 'form-field');
    const bg = items.findIndex((i) => i.kind === 'rect' && i.color.g === 128);
    expect(bg).toBeGreaterThanOrEqual(0);
    expect(bg).toBeLessThan(a);
  });
});
