// renderToStream(): render()'s bytes, handed on while the pages are written (page content
// streams first, the rest of the file at the end), with back-pressure, cancellation and errors.
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { render, renderToStream, ValidationError, type RenderRequest } from '../../src/index.js';

/** `pages` pages of prose, numbered in a margin box ("Page N of M": overlays written after every page). */
function longDocument(pages: number): RenderRequest {
  // Figures rather than repeated words, so that each page's content stream compresses to a few KB.
  const figures = (i: number) => Array.from({ length: 300 }, (_, j) => (i * 7919 + j * 104729) % 1000003).join(' ');
  const sections = Array.from({ length: pages }, (_, i) => `<section><h2>Section ${i + 1}</h2><p>${figures(i)}</p></section>`).join('');
  return {
    type: 'html' as const,
    title: 'Stream',
    data: {
      html: `<html lang="en"><head><title>Stream</title><style>
        @page { size: A5; margin: 15mm; @bottom-center { content: "Page " counter(page) " of " counter(pages) } }
        section { break-after: page }
      </style></head><body>${sections}</body></html>`,
    },
  };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('renderToStream', () => {
  it('gives the bytes of render(), in several chunks', async () => {
    const input = longDocument(60);
    const whole = await render(input, { deterministic: true });
    const chunks = await readAll(renderToStream(input, { deterministic: true }));
    expect(Buffer.concat(chunks).equals(Buffer.from(whole))).toBe(true);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect((await PDFDocument.load(whole)).getPageCount()).toBeGreaterThanOrEqual(60);
  });

  it('writes the page contents before the rest of the file: the first chunks hold content streams only', async () => {
    const chunks = await readAll(renderToStream(longDocument(60), { deterministic: true }));
    const first = latin1(chunks[0]!);
    expect(first.startsWith('%PDF-1.7')).toBe(true);
    // Every object of the first chunk is a compressed content stream (no page, font or catalog).
    const objects = [...first.matchAll(/\d+ 0 obj\n<<([^>]*)>>/g)].map((m) => m[1]!);
    expect(objects.length).toBeGreaterThan(10);
    for (const dict of objects) expect(dict.trim().split(/\s+/)).toEqual(['/Filter', '/FlateDecode', '/Length', expect.stringMatching(/^\d+$/)]);
    // Only the last chunk has the cross-reference stream's trailer.
    expect(chunks.slice(0, -1).some((c) => latin1(c).includes('startxref'))).toBe(false);
    expect(latin1(chunks.at(-1)!)).toMatch(/startxref\n\d+\n%%EOF$/);
  });

  it('stops when its reader cancels, without an error', async () => {
    const stream = renderToStream(longDocument(60), { deterministic: true });
    const reader = stream.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // The render stops at its next write.
    await reader.cancel();
    expect(await reader.read()).toEqual({ done: true, value: undefined });
  });

  it('a document laid out twice for its page totals (a table of contents) gives the same bytes too', async () => {
    const toc = Array.from({ length: 8 }, (_, i) => `<li><a href="#s${i}">Section ${i}</a> <span class="n" data-t="#s${i}"></span></li>`).join('');
    const body = Array.from({ length: 8 }, (_, i) => `<h2 id="s${i}" style="break-before: page">Section ${i}</h2><p>Text.</p>`).join('');
    const input: RenderRequest = {
      type: 'html',
      data: { html: `<style>a::after { content: " p. " target-counter(attr(href url), page) }</style><ul>${toc}</ul>${body}` },
    };
    const whole = await render(input, { deterministic: true });
    expect(Buffer.concat(await readAll(renderToStream(input, { deterministic: true }))).equals(Buffer.from(whole))).toBe(true);
  });

  it('bad input errors the stream with a ValidationError before any byte', async () => {
    // A body that the types reject, as JavaScript callers may send: validated at run time.
    const reader = renderToStream({ type: 'html', data: {} } as unknown as RenderRequest).getReader();
    await expect(reader.read()).rejects.toBeInstanceOf(ValidationError);
  });
});
