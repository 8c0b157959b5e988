// HTML forms become fillable PDF forms (spec pdf-generation.md §4.3 rule 9): read back with
// pdf-lib, filled with pdf-lib and with our own fill engine, checked with Poppler.
import { PDFArray, PDFBool, PDFCheckBox, PDFDict, PDFDocument, PDFDropdown, PDFHexString, PDFName, PDFOptionList, PDFRadioGroup, PDFRef, PDFString, PDFTextField, TextAlignment } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { fillPdf } from '../../src/fill/fill-pdf.js';
import { templateFields } from '../../src/fill/template-fields.js';
import { renderDocument } from '../../src/render.js';
import { pdfText, renderPage } from '../fill/pdf-probe.js';
import { poppler, writeTemp } from './helpers.js';

async function renderHtml(html: string, css = ''): Promise<{ pdf: Uint8Array; warnings: readonly string[] }> {
  return renderDocument({ type: 'html', data: { html, css } }, { deterministic: true });
}

const EVERY_FIELD = `<form>
  <input type="text" name="name" value="Ada Lovelace" required>
  <input type="email" name="email" placeholder="you@example.com">
  <input type="number" name="age" value="36" maxlength="3">
  <input type="tel" name="phone" value="+44 20 7946 0000" readonly>
  <input type="url" name="site">
  <input type="date" name="born" value="1815-12-10">
  <input type="password" name="secret" value="hunter2">
  <input type="checkbox" name="agree" value="yes" checked>
  <input type="checkbox" name="news" readonly>
  <input type="radio" name="plan" value="basic">
  <input type="radio" name="plan" value="pro" checked>
  <input type="radio" name="plan" value="team">
  <select name="country"><option value="fr">France</option><option value="gb" selected>United Kingdom</option><option>Germany</option></select>
  <select name="langs" multiple><option selected>English</option><option>French</option><option selected>German</option></select>
  <textarea name="notes">
First line
Second line</textarea>
</form>`;

async function formOf(pdf: Uint8Array) {
  return (await PDFDocument.load(pdf)).getForm();
}

describe('AcroForm: the fields an HTML form makes', () => {
  it('makes one field of the right kind per control, with its defaults, flags and options', async () => {
    const { pdf, warnings } = await renderHtml(EVERY_FIELD);
    expect(warnings).toEqual([]);
    const form = await formOf(pdf);
    expect(form.getFields().map((f) => f.getName())).toEqual(['name', 'email', 'age', 'phone', 'site', 'born', 'secret', 'agree', 'news', 'plan', 'country', 'langs', 'notes']);
    const name = form.getTextField('name');
    expect([name.getText(), name.isRequired(), name.isReadOnly()]).toEqual(['Ada Lovelace', true, false]);
    // The placeholder is not a value.
    expect(form.getTextField('email').getText()).toBeUndefined();
    expect(form.getTextField('age').getMaxLength()).toBe(3);
    expect(form.getTextField('phone').isReadOnly()).toBe(true);
    expect(form.getTextField('born').getText()).toBe('1815-12-10');
    expect(form.getTextField('secret').isPassword()).toBe(true);
    expect(form.getCheckBox('agree').isChecked()).toBe(true);
    expect(form.getCheckBox('news').isChecked()).toBe(false);
    // readonly does not apply to a check box (HTML §4.10.5.3.3).
    expect(form.getCheckBox('news').isReadOnly()).toBe(false);
    const plan = form.getRadioGroup('plan');
    expect(plan.getOptions()).toEqual(['basic', 'pro', 'team']);
    expect(plan.getSelected()).toBe('pro');
    expect(plan.acroField.getWidgets()).toHaveLength(3);
    const country = form.getDropdown('country');
    expect(country.getOptions()).toEqual(['France', 'United Kingdom', 'Germany']);
    expect(country.getSelected()).toEqual(['gb']);
    const langs = form.getOptionList('langs');
    expect(langs.isMultiselect()).toBe(true);
    expect(langs.getSelected()).toEqual(['English', 'German']);
    const notes = form.getTextField('notes');
    expect([notes.isMultiline(), notes.getText()]).toEqual([true, 'First line\nSecond line']);
    // /DV is the default as /V is; the check box's widget shows its on state.
    const nameDict = name.acroField.dict;
    expect(nameDict.lookup(PDFName.of('DV'))?.toString()).toBe(nameDict.lookup(PDFName.of('V'))?.toString());
    expect(form.getCheckBox('agree').acroField.getWidgets()[0]!.getAppearanceState()?.asString()).toBe('/yes');
  });

  it('makes a disabled control read-only', async () => {
    const form = await formOf((await renderHtml('<form><select name="s" disabled><option>x</option></select><input type="radio" name="r" disabled></form>')).pdf);
    expect([form.getDropdown('s').isReadOnly(), form.getRadioGroup('r').isReadOnly()]).toEqual([true, true]);
  });

  it('types the fields as pdf-lib sees them', async () => {
    const form = await formOf((await renderHtml(EVERY_FIELD)).pdf);
    const kinds = Object.fromEntries(form.getFields().map((f) => [f.getName(), f.constructor]));
    expect(kinds).toMatchObject({ name: PDFTextField, agree: PDFCheckBox, plan: PDFRadioGroup, country: PDFDropdown, langs: PDFOptionList, notes: PDFTextField });
  });

  it('writes /NeedAppearances false and a /DR with the fonts /DA names; no page or appearance draws with a standard font', async () => {
    const { pdf } = await renderHtml(EVERY_FIELD.replace('value="Ada Lovelace"', 'value="Ada Lovelace 北京"'));
    const doc = await PDFDocument.load(pdf);
    const acroForm = doc.catalog.lookup(PDFName.of('AcroForm'), PDFDict);
    expect(acroForm.lookup(PDFName.of('NeedAppearances'))?.toString()).toBe('false');
    const fonts = acroForm.lookup(PDFName.of('DR'), PDFDict).lookup(PDFName.of('Font'), PDFDict);
    const da = doc.getForm().getTextField('name').acroField.getDefaultAppearance() ?? '';
    const fontName = /\/(\S+) ([\d.]+) Tf/u.exec(da);
    expect(fontName).not.toBeNull();
    // 13.333px is 10pt.
    expect(Number(fontName![2])).toBeCloseTo(10, 2);
    const font = fonts.lookup(PDFName.of(fontName![1]!), PDFDict);
    expect(font.lookup(PDFName.of('Subtype'))?.toString()).toBe('/Type0');
    expect(poppler('pdffonts', [writeTemp('form.pdf', pdf)]).stdout).not.toMatch(/Helvetica|ZapfDingbats/u);
  });

  it('draws the defaults in the widgets’ appearances with our fonts, CJK too, in the CSS colour', async () => {
    const { pdf } = await renderHtml(`<form><input name="city" value="北京 Paris" style="color: rgb(200, 0, 0); font-size: 20px; width: 200px; text-align: right"><input type="checkbox" name="ok" checked><input type="checkbox" name="no"></form>`);
    expect(pdfText(pdf)).toContain('北京 Paris');
    const form = await formOf(pdf);
    expect(form.getTextField('city').acroField.getDefaultAppearance()).toMatch(/ 15 Tf 0\.784 0 0 rg$/u);
    expect(form.getTextField('city').getAlignment()).toBe(TextAlignment.Right);
    // The checked box's on state is drawn (Chromium's accent blue, near its corner); Off draws nothing over the white box.
    const raster = await renderPage(pdf, 1);
    const corner = (name: string) => {
      const rect = form.getCheckBox(name).acroField.getWidgets()[0]!.getRectangle();
      return raster.at(rect.x + 2, raster.height - rect.y - rect.height + 2);
    };
    expect(corner('ok')).toEqual([0, 117, 255]);
    expect(corner('no')).toEqual([255, 255, 255]);
    const [widget] = form.getCheckBox('ok').acroField.getWidgets();
    const ap = widget!.dict.lookup(PDFName.of('AP'), PDFDict);
    for (const key of ['N', 'D']) expect(ap.lookup(PDFName.of(key), PDFDict).keys().map(String).sort()).toEqual(['/Off', '/on']);
  });

  it('names Helvetica in /DA of a field of Latin text, so that a viewer can type what the subset lacks; Poppler draws a typed value with it', async () => {
    const { pdf } = await renderHtml(`<form><input name="latin" value="Ada" style="width: 300px"><input name="han" value="北京" style="width: 300px"></form>`);
    const doc = await PDFDocument.load(pdf);
    const form = doc.getForm();
    const latin = form.getTextField('latin').acroField;
    // A byte string of operators (Table 222): Poppler does not parse a UTF-16 one.
    expect(latin.dict.get(PDFName.of('DA'))).toBeInstanceOf(PDFString);
    expect(latin.getDefaultAppearance()).toMatch(/^\/Helv \d+(\.\d+)? Tf /u);
    expect(form.getTextField('han').acroField.getDefaultAppearance()).toMatch(/^\/F\d+ /u);
    const helv = form.acroForm.dict.lookup(PDFName.of('DR'), PDFDict).lookup(PDFName.of('Font'), PDFDict).lookup(PDFName.of('Helv'), PDFDict);
    expect(helv.get(PDFName.of('BaseFont'))).toEqual(PDFName.of('Helvetica'));
    // What a viewer does with typed text: a new value, no appearance, NeedAppearances.
    latin.dict.set(PDFName.of('V'), PDFHexString.fromText('Zebra quilt jumps'));
    for (const widget of latin.getWidgets()) widget.dict.delete(PDFName.of('AP'));
    form.acroForm.dict.set(PDFName.of('NeedAppearances'), PDFBool.True);
    expect(pdfText(await doc.save({ updateFieldAppearances: false }))).toContain('Zebra quilt jumps');
  });

  it('fills with pdf-lib: Poppler shows the filled values', async () => {
    const doc = await PDFDocument.load((await renderHtml(EVERY_FIELD)).pdf);
    const form = doc.getForm();
    form.getTextField('email').setText('ada@example.org');
    form.getTextField('notes').setText('Filled notes');
    form.getDropdown('country').select('Germany');
    form.getRadioGroup('plan').select('team');
    const filled = await doc.save();
    const text = pdfText(filled);
    expect(text).toContain('ada@example.org');
    expect(text).toContain('Filled notes');
    expect(text).toContain('Germany');
    const again = await formOf(filled);
    expect(again.getRadioGroup('plan').getSelected()).toBe('team');
  });
});

describe('AcroForm: what is not a field', () => {
  it('draws a control outside a form, without a name or with an unfillable type as static content, with a warning', async () => {
    const { pdf, warnings } = await renderHtml(`<p><input name="loose" value="outside"></p>
      <form><input value="nameless"><input type="file" name="upload" value="x"><input type="hidden" name="h" value="hidden"><input name="ok" value="field"></form>`);
    expect(warnings).toEqual([
      '<input type="text" name="loose"> is outside a <form>: drawn as static content, not as a PDF form field',
      '<input type="text"> has no name: drawn as static content, not as a PDF form field',
      '<input type="file" name="upload"> is not a fillable input type: drawn as static content, not as a PDF form field',
    ]);
    expect((await formOf(pdf)).getFields().map((f) => f.getName())).toEqual(['ok']);
    const text = pdfText(pdf);
    expect(text).toContain('outside');
    expect(text).toContain('nameless');
    expect(text).not.toContain('hidden');
  });

  it('makes a name used twice unique, with a warning; radio buttons of one name in two forms are two groups', async () => {
    const { pdf, warnings } = await renderHtml(`<form><input name="a"><input name="a"><input type="radio" name="r" value="x"></form>
      <form><input type="radio" name="r" value="y" checked><input type="radio" name="r" value="y"></form>`);
    expect(warnings).toEqual(['form field name "a" is used twice: the later field is named "a_2"', 'form field name "r" is used twice: the later field is named "r_2"']);
    const form = await formOf(pdf);
    expect(form.getFields().map((f) => f.getName())).toEqual(['a', 'a_2', 'r', 'r_2']);
    expect(form.getRadioGroup('r_2').getOptions()).toEqual(['y', 'y_2']);
    expect(form.getRadioGroup('r_2').getSelected()).toBe('y');
    expect(form.getRadioGroup('r').getSelected()).toBeUndefined();
  });
});

describe('AcroForm: pages', () => {
  it('puts each field’s widget on the page its box lands on, at its box', async () => {
    const { pdf } = await renderHtml(`<form><input name="first" style="width: 100px; height: 20px"><div style="break-before: page"></div><input name="second" style="margin-left: 50px"></form>`, 'body { margin: 0 }');
    const doc = await PDFDocument.load(pdf);
    const pageOf = (name: string) => {
      const widget = doc.getForm().getField(name).acroField.getWidgets()[0]!;
      const p = widget.dict.get(PDFName.of('P')) as PDFRef;
      return doc.getPages().findIndex((page) => page.ref === p);
    };
    expect([pageOf('first'), pageOf('second')]).toEqual([0, 1]);
    for (const page of doc.getPages()) expect(page.node.lookup(PDFName.of('Annots'), PDFArray).size()).toBe(1);
    // The first: a 100×20px content box with Chromium's 1px 2px padding and 2px borders; the second 50px further right.
    const [first, second] = ['first', 'second'].map((name) => doc.getForm().getField(name).acroField.getWidgets()[0]!.getRectangle());
    expect(first!.width).toBeCloseTo(108 * 0.75, 2);
    expect(first!.height).toBeCloseTo(26 * 0.75, 2);
    expect(second!.x - first!.x).toBeCloseTo(50 * 0.75, 2);
  });
});

describe('AcroForm: a control shown on every page', () => {
  it('makes one field whose widgets are on each page (a fixed box repeats)', async () => {
    const { pdf } = await renderHtml(`<form><div style="position: fixed; top: 0"><input name="ref" value="R-1"><input type="checkbox" name="seen" checked></div>
      <div style="height: 10px; break-after: page"></div><div style="height: 10px"></div></form>`);
    const doc = await PDFDocument.load(pdf);
    const form = doc.getForm();
    expect(form.getFields().map((f) => f.getName())).toEqual(['ref', 'seen']);
    const ref = form.getTextField('ref');
    expect(ref.getText()).toBe('R-1');
    const pages = ref.acroField.getWidgets().map((w) => doc.getPages().findIndex((p) => p.ref === w.dict.get(PDFName.of('P'))));
    expect(pages).toEqual([0, 1]);
    expect(form.getCheckBox('seen').isChecked()).toBe(true);
    expect(form.getCheckBox('seen').acroField.getWidgets().map((w) => w.getAppearanceState()?.asString())).toEqual(['/on', '/on']);
  });
});

describe('AcroForm: a generated form as a Cast, filled by the fill engine', () => {
  it('detects the fields, fills them and shows the values', async () => {
    const { pdf } = await renderHtml(EVERY_FIELD);
    const { fields } = await templateFields(pdf, { detectFields: true, detectBoxes: false, aliases: null });
    const byAlias = Object.fromEntries(fields.map((f) => [f.aliasId, f.type]));
    expect(byAlias).toMatchObject({ name: 'shortText', email: 'shortText', notes: 'longText', agree: 'checkbox', plan: 'radioGroup', country: 'shortText' });
    expect(fields.find((f) => f.aliasId === 'plan')?.options?.map((o) => o.id)).toEqual(['basic', 'pro', 'team']);
    const { pdf: filled, warnings } = await fillPdf(pdf, fields, { data: { name: 'Grace Hopper', email: 'grace@example.org', notes: 'Compilers', agree: true, plan: 'team', country: 'Germany' } });
    expect(warnings).toEqual([]);
    expect(pdfText(filled)).toContain('Germany');
    const text = pdfText(filled);
    for (const value of ['Grace Hopper', 'grace@example.org', 'Compilers']) expect(text).toContain(value);
    expect(text).not.toContain('Ada Lovelace');
    // The filled fields are flattened; the others stay fillable.
    const left = (await formOf(filled)).getFields().map((f) => f.getName());
    expect(left).not.toContain('name');
    expect(left).toContain('site');
  });
});
