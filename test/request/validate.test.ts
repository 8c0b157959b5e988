// normalizeRequest: what a valid body becomes, and that every invalid field is named.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/request/errors.js';
import type { NormalizedHtmlRequest } from '../../src/request/types.js';
import { normalizeRequest } from '../../src/request/validate.js';
import { failuresOf } from './helpers.js';

const html = '<p>Hello</p>';

/** normalizeRequest for a body that must be in html mode. */
function htmlRequest(input: unknown): NormalizedHtmlRequest {
  const result = normalizeRequest(input);
  if (result.mode !== 'html') throw new Error(`expected html mode, got ${result.mode}`);
  return result;
}

describe('normalizeRequest: valid bodies', () => {
  it('keeps html, css and title, with no page rule when page is absent', () => {
    const result = normalizeRequest({ type: 'html', title: 'T', data: { html, css: 'p { color: red }' } });
    expect(result).toEqual({ mode: 'html', title: 'T', html, css: 'p { color: red }', pageCss: '', pageCount: null, pdfVariant: null });
  });

  it('takes the pdfVariant extension field in both modes, and names it when it is bad', () => {
    expect(normalizeRequest({ type: 'html', data: { html }, pdfVariant: 'pdf/a-3b' }).pdfVariant).toBe('pdf/a-3b');
    expect(normalizeRequest({ data: [{ content: 'x' }], pdfVariant: 'pdf/ua-1' }).pdfVariant).toBe('pdf/ua-1');
    expect(normalizeRequest({ type: 'html', data: { html }, pdfVariant: null }).pdfVariant).toBeNull();
    expect(() => normalizeRequest({ type: 'html', data: { html }, pdfVariant: 'PDF/A-3B' })).toThrow(
      expect.objectContaining({ fields: [{ property: 'pdfVariant', message: "Invalid enum value. Expected 'pdf/a-2b' | 'pdf/a-3b' | 'pdf/ua-1', received 'PDF/A-3B'" }] }),
    );
    expect(() => normalizeRequest({ type: 'html', data: { html }, pdfVariant: ['pdf/a-3b'] })).toThrow(
      expect.objectContaining({ fields: [{ property: 'pdfVariant', message: 'Expected string, received array' }] }),
    );
  });

  it('defaults css to an empty string and title to null', () => {
    const result = htmlRequest({ type: 'html', data: { html } });
    expect(result.css).toBe('');
    expect(result.title).toBeNull();
  });

  it('tolerates extra keys and ignores markdown-only fields in html mode', () => {
    const result = htmlRequest({
      type: 'html',
      data: { html, extra: 1 },
      fontSize: 'not even a number',
      textColor: 12,
      fontFamily: ['x'],
      includeTimestamp: 'yes',
      logo: false,
      somethingElse: true,
    });
    expect(result.html).toBe(html);
  });

  it('builds an @page rule with only what was given, sides after the shorthand', () => {
    const result = normalizeRequest({
      type: 'html',
      data: { html },
      page: { width: '8.5in', height: '11in', margin: ' 50px  20px ', marginTop: '1in' },
    });
    expect(result.pageCss).toBe('@page { size: 8.5in 11in; margin: 50px 20px; margin-top: 1in; }');
  });

  it('fills the missing dimension of size with the spec default', () => {
    expect(normalizeRequest({ type: 'html', data: { html }, page: { width: '210mm' } }).pageCss).toBe(
      '@page { size: 210mm 11in; }',
    );
    expect(normalizeRequest({ type: 'html', data: { html }, page: { height: '297mm' } }).pageCss).toBe(
      '@page { size: 8.5in 297mm; }',
    );
  });

  it('writes side margins alone, in CSS order', () => {
    const result = normalizeRequest({
      type: 'html',
      data: { html },
      page: { marginLeft: '60px', marginRight: '2cm', marginBottom: '0', marginTop: '1.5rem' },
    });
    expect(result.pageCss).toBe(
      '@page { margin-top: 1.5rem; margin-right: 2cm; margin-bottom: 0; margin-left: 60px; }',
    );
  });

  it('accepts every supported unit, any case, and a bare zero', () => {
    for (const unit of ['mm', 'cm', 'in', 'px', 'em', 'rem', 'pt', 'pc', 'IN', 'Px']) {
      expect(() => normalizeRequest({ type: 'html', data: { html }, page: { width: `10${unit}` } })).not.toThrow();
    }
    expect(normalizeRequest({ type: 'html', data: { html }, page: { margin: '0 .5in 0 1e1px' } }).pageCss).toBe(
      '@page { margin: 0 .5in 0 1e1px; }',
    );
  });

  it('turns pageCount into a page counter in the matching margin box', () => {
    const result = normalizeRequest({ type: 'html', data: { html }, page: { pageCount: 'bottomCenter' } });
    expect(result.pageCount).toBe('bottomCenter');
    expect(result.pageCss).toMatch(/^@page \{ @bottom-center \{ content: "Page " counter\(page\) " of " counter\(pages\);/);
  });
});

describe('normalizeRequest: invalid bodies', () => {
  it('an empty body names the missing data with the message Required (spec §7.2)', () => {
    const fields = failuresOf(undefined);
    expect(fields).toContainEqual({ property: 'data', message: 'Required' });
  });

  it('rejects a body that is not an object', () => {
    expect(failuresOf('hello')).toEqual([
      { property: '', message: 'Expected the request body to be an object, received string' },
    ]);
    expect(failuresOf([1])[0]!.message).toContain('received array');
  });

  it('takes markdown mode explicitly or by default (no type)', () => {
    expect(normalizeRequest({ type: 'markdown', data: [{ content: 'hi' }] }).mode).toBe('markdown');
    expect(normalizeRequest({ data: [{ content: 'hi' }] }).mode).toBe('markdown');
    expect(failuresOf({ data: { html } })).toEqual([{ property: 'data', message: 'Expected array, received object' }]);
  });

  it('rejects an unknown type and a non-string type', () => {
    expect(failuresOf({ type: 'pdf', data: { html } })).toEqual([
      { property: 'type', message: "Invalid enum value. Expected 'html' | 'markdown', received 'pdf'" },
    ]);
    expect(failuresOf({ type: 3, data: { html } })).toEqual([
      { property: 'type', message: 'Expected string, received number' },
    ]);
  });

  it('names data.html when it is missing or not a string, and data.css when not a string', () => {
    expect(failuresOf({ type: 'html', data: {} })).toEqual([{ property: 'data.html', message: 'Required' }]);
    expect(failuresOf({ type: 'html', data: { html: 1, css: null } })).toEqual([
      { property: 'data.html', message: 'Expected string, received number' },
      { property: 'data.css', message: 'Expected string, received null' },
    ]);
  });

  it('rejects data that is an array or an (encrypted) string in html mode', () => {
    expect(failuresOf({ type: 'html', data: [] })).toEqual([{ property: 'data', message: 'Expected object, received array' }]);
    expect(failuresOf({ type: 'html', data: 'b64...' })[0]!.message).toContain('encrypted');
  });

  it('rejects a title that is not a string', () => {
    expect(failuresOf({ type: 'html', title: 5, data: { html } })).toEqual([
      { property: 'title', message: 'Expected string, received number' },
    ]);
  });

  it('collects every problem, not only the first', () => {
    const fields = failuresOf({
      type: 'html',
      title: false,
      data: { css: 1 },
      page: { width: '10vw', height: 792, marginTop: '-1in', margin: '1in 2in 3in 4in 5in', pageCount: 'middle' },
    });
    expect(fields.map((f) => f.property)).toEqual([
      'title',
      'data.html',
      'data.css',
      'page.width',
      'page.height',
      'page.margin',
      'page.marginTop',
      'page.pageCount',
    ]);
  });

  it('explains unsupported units, missing units, and text that is no length', () => {
    const fields = failuresOf({
      type: 'html',
      data: { html },
      page: { width: '10vw', height: '792', marginLeft: '10%', marginRight: 'wide', marginBottom: '' },
    });
    const byProperty = new Map(fields.map((f) => [f.property, f.message]));
    expect(byProperty.get('page.width')).toBe('Unsupported unit "vw" in "10vw"; use one of mm, cm, in, px, em, rem, pt, pc');
    expect(byProperty.get('page.height')).toBe('Missing unit in "792"; use one of mm, cm, in, px, em, rem, pt, pc');
    expect(byProperty.get('page.marginLeft')).toContain('Unsupported unit "%"');
    expect(byProperty.get('page.marginRight')).toBe('Expected a length such as "8.5in" or "20mm", received "wide"');
    expect(byProperty.get('page.marginBottom')).toContain('received ""');
  });

  it('rejects a zero or negative page size and negative margins', () => {
    const fields = failuresOf({ type: 'html', data: { html }, page: { width: '0', height: '-5in', margin: '1in -2mm' } });
    expect(fields).toEqual([
      { property: 'page.width', message: 'Must be greater than 0, received "0"' },
      { property: 'page.height', message: 'Must be greater than 0, received "-5in"' },
      { property: 'page.margin', message: 'Must not be negative, received "-2mm"' },
    ]);
  });

  it('rejects a page that is not an object, and an empty margin shorthand', () => {
    expect(failuresOf({ type: 'html', data: { html }, page: 'A4' })).toEqual([
      { property: 'page', message: 'Expected object, received string' },
    ]);
    expect(failuresOf({ type: 'html', data: { html }, page: { margin: '  ' } })[0]!.message).toBe(
      'Expected 1 to 4 lengths, received 0 in ""',
    );
  });
});

describe('ValidationError', () => {
  it('serialises to the HTTP body shape and summarises the fields in its message', () => {
    const error = new ValidationError([{ property: 'data', message: 'Required' }]);
    expect(error.name).toBe('ValidationError');
    expect(error).toBeInstanceOf(Error);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'ValidationError',
      fields: [{ property: 'data', message: 'Required' }],
    });
    expect(error.message).toBe('Invalid request: data: Required');
    expect(error.stack).toMatch(/^ValidationError: Invalid request/);
  });
});
