// The library's shape (issue 20, part 5): render() typed by the request union and still
// checked at run time, an AbortSignal that stops a render between pages, the progress hook
// and the per-stage timings. The type assertions are checked by the typecheck (`tsc -p
// tsconfig.json` compiles test/): each `@ts-expect-error` line fails it if it compiles.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  render,
  renderDocument,
  renderUnchecked,
  ValidationError,
  type HtmlRenderRequest,
  type MarkdownRenderRequest,
  type PageCountPosition,
  type RenderProgress,
  type RenderRequest,
  type RenderResult,
} from '../../src/index.js';

/** A document of `pages` pages, one short paragraph each, every page forced. */
function pagesDocument(pages: number): HtmlRenderRequest {
  const html = Array.from({ length: pages }, (_, i) => `<p>Page ${i + 1}</p>`).join('');
  return { type: 'html', data: { html, css: 'p { break-after: page; margin: 0 }' }, page: { width: '200pt', height: '200pt', margin: '10pt' } };
}

describe('render() is typed by the request union', () => {
  it('takes either mode and gives bytes or a RenderResult', () => {
    expectTypeOf(render).parameter(0).toEqualTypeOf<RenderRequest>();
    expectTypeOf<RenderRequest>().toEqualTypeOf<HtmlRenderRequest | MarkdownRenderRequest>();
    expectTypeOf(render).returns.resolves.toEqualTypeOf<Uint8Array>();
    expectTypeOf(renderDocument).returns.resolves.toEqualTypeOf<RenderResult>();
    expectTypeOf(renderUnchecked).parameter(0).toBeUnknown();
    expectTypeOf<NonNullable<NonNullable<HtmlRenderRequest['page']>['pageCount']>>().toEqualTypeOf<PageCountPosition>();
  });

  it('a right request compiles; a wrong one is a type error and still rejects at run time', async () => {
    // Markdown is the default mode: `type` may be left out.
    const markdown: MarkdownRenderRequest = { data: [{ heading: 'Hi', content: '**there**' }], page: { pageCount: 'bottomRight' } };
    expect((await renderDocument(markdown, { deterministic: true })).pageCount).toBe(1);
    expect((await render({ type: 'html', data: { html: '<p>x</p>' } })).length).toBeGreaterThan(0);

    // @ts-expect-error -- an HTML request without its html
    await expect(render({ type: 'html', data: {} })).rejects.toBeInstanceOf(ValidationError);
    // @ts-expect-error -- an HTML request whose data is Markdown items
    await expect(render({ type: 'html', data: [{ content: 'x' }] })).rejects.toBeInstanceOf(ValidationError);
    // @ts-expect-error -- a page counter position the spec does not have
    await expect(render({ type: 'html', data: { html: 'x' }, page: { pageCount: 'middle' } })).rejects.toBeInstanceOf(ValidationError);
    // @ts-expect-error -- a mode that does not exist
    await expect(renderDocument({ type: 'pdf', data: { html: 'x' } })).rejects.toBeInstanceOf(ValidationError);
    // @ts-expect-error -- a Markdown font size must be a number
    await expect(render({ data: [{ content: 'x' }], fontSize: '12' })).rejects.toBeInstanceOf(ValidationError);
    // @ts-expect-error -- a pdfVariant that is not one of PDF_VARIANTS
    await expect(render({ type: 'html', data: { html: 'x' }, pdfVariant: 'pdf/x-4' })).rejects.toBeInstanceOf(ValidationError);

    // A body of unknown shape (parsed JSON) goes through renderUnchecked, validated the same way.
    const body: unknown = JSON.parse('{"type":"html","data":{"html":42}}');
    const error = await renderUnchecked(body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields.map((f) => f.property)).toEqual(['data.html']);
  });
});

describe('an AbortSignal stops a render between pages', () => {
  it('a 400-page document stops within one page of the abort, rejecting with an AbortError', async () => {
    const controller = new AbortController();
    let laidOut = 0;
    const onProgress = (p: RenderProgress) => {
      laidOut = Math.max(laidOut, p.pagesLaidOut);
      if (p.pagesLaidOut === 150) controller.abort();
    };
    const error = await renderDocument(pagesDocument(400), { signal: controller.signal, onProgress }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(laidOut).toBeGreaterThanOrEqual(150);
    expect(laidOut).toBeLessThanOrEqual(151);
  });

  it('hears an abort from the event loop (a timer, a message from another thread) within a page', async () => {
    const controller = new AbortController();
    let laidOut = 0;
    const onProgress = (p: RenderProgress) => {
      laidOut = Math.max(laidOut, p.pagesLaidOut);
      if (p.pagesLaidOut === 2) setImmediate(() => controller.abort());
    };
    const error = await renderDocument(pagesDocument(20), { signal: controller.signal, onProgress }).catch((e: unknown) => e);
    expect((error as DOMException).name).toBe('AbortError');
    expect(laidOut).toBeLessThanOrEqual(3);
  });

  it('the same document renders whole without an abort', async () => {
    const controller = new AbortController();
    const result = await renderDocument(pagesDocument(400), { signal: controller.signal, deterministic: true });
    expect(result.pageCount).toBe(400);
  });

  it('an already aborted signal rejects before the document is parsed, with the caller’s reason', async () => {
    const reason = new Error('the caller went away');
    const phases: string[] = [];
    const error = await render(pagesDocument(3), { signal: AbortSignal.abort(reason), onProgress: (p) => phases.push(p.phase) }).catch((e: unknown) => e);
    expect(error).toBe(reason);
    expect(phases).toEqual(['parse']);
  });

  it('an abort during a stage before layout stops before layout', async () => {
    const controller = new AbortController();
    const phases: string[] = [];
    const onProgress = (p: RenderProgress) => {
      phases.push(p.phase);
      if (p.phase === 'style') controller.abort();
    };
    const error = await render(pagesDocument(3), { signal: controller.signal, onProgress }).catch((e: unknown) => e);
    expect((error as DOMException).name).toBe('AbortError');
    expect(phases).toEqual(['parse', 'resources', 'style']);
  });

  it('an abort while margin boxes are laid out stops there', async () => {
    // The page counter needs the total, so margin boxes come after every page.
    const controller = new AbortController();
    const request: HtmlRenderRequest = { ...pagesDocument(20), page: { pageCount: 'bottomCenter' } };
    let written = 0;
    const onProgress = (p: RenderProgress) => {
      written = p.pagesWritten;
      if (p.pagesWritten === 20) controller.abort();
    };
    const error = await render(request, { signal: controller.signal, onProgress }).catch((e: unknown) => e);
    expect((error as DOMException).name).toBe('AbortError');
    expect(written).toBe(20);
  });
});

describe('progress and timings', () => {
  it('reports each stage in order, then every page laid out and written, then the writing', async () => {
    const events: RenderProgress[] = [];
    const result = await renderDocument(pagesDocument(5), { deterministic: true, onProgress: (p) => events.push(p) });
    expect(events.map((e) => e.phase).filter((p, i, all) => p !== all[i - 1])).toEqual(['parse', 'resources', 'style', 'boxes', 'layout', 'write']);
    const pages = events.filter((e) => e.phase === 'layout' && e.pagesLaidOut > 0);
    expect(pages.map((e) => [e.pagesLaidOut, e.pagesWritten])).toEqual([[1, 1], [2, 2], [3, 3], [4, 4], [5, 5]]);
    expect(events.at(-1)).toEqual({ phase: 'write', pagesLaidOut: 5, pagesWritten: 5 });
    expect(result.pageCount).toBe(5);
  });

  it('pages that wait for the page total are written after the others', async () => {
    // A table of contents shows target-counter(): its page waits until every page exists.
    const html = '<p class="toc"><a href="#end">end</a></p>' + Array.from({ length: 4 }, (_, i) => `<p>Page ${i + 2}</p>`).join('') + '<p id="end">End</p>';
    const css = 'p { break-after: page; margin: 0 } .toc a::after { content: target-counter(attr(href), page) }';
    const events: RenderProgress[] = [];
    const result = await renderDocument({ type: 'html', data: { html, css } }, { deterministic: true, onProgress: (p) => events.push(p) });
    const pages = events.filter((e) => e.phase === 'layout' && e.pagesLaidOut > 0).map((e) => [e.pagesLaidOut, e.pagesWritten]);
    expect(result.pageCount).toBe(6);
    expect(pages).toEqual([[1, 0], [2, 1], [3, 2], [4, 3], [5, 4], [6, 5], [6, 6]]);
  });

  it('times each stage', async () => {
    const { timings } = await renderDocument(pagesDocument(5), { deterministic: true });
    expect(Object.keys(timings)).toEqual(['parse', 'resources', 'style', 'boxes', 'layout', 'paint', 'write']);
    for (const ms of Object.values(timings)) expect(ms).toBeGreaterThanOrEqual(0);
    expect(timings.layout + timings.paint + timings.write).toBeGreaterThan(0);
  });
});
