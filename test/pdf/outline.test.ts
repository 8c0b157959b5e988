// The document outline (bookmarks): bookmark display items on several pages and levels,
// written by writePdf and read back with pdf-lib (structure, links, destinations), and with
// poppler's pdftohtml as an independent reader.
import { spawnSync } from 'node:child_process';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { BookmarkItem, DisplayItem, PageDisplayList } from '../../src/paint/types.js';
import { writePdf } from '../../src/pdf/write.js';
import { BLACK, textLine, writeTemp } from './helpers.js';

function bookmark(level: number, label: string, x: number, y: number): BookmarkItem {
  return { kind: 'bookmark', level, label, x, y };
}

const PAGE_HEIGHTS = [792, 841.89, 500] as const;

/**
 * Levels 2, 1, 2, 2, 1, 3 over three pages of different heights; one bookmark sits inside a
 * clip and one inside an invisible opacity group (still a heading, still in the outline).
 */
function bookmarkedPages(): PageDisplayList[] {
  const page1: DisplayItem[] = [
    bookmark(2, 'Preface', 40, 50),
    ...textLine('Preface', 40, 62, 12),
    bookmark(1, '  Chapter\n\t one  ', 36, 120.5),
    { kind: 'rect', x: 0, y: 0, width: 10, height: 10, color: BLACK },
    {
      kind: 'clip',
      x: 0,
      y: 0,
      width: 300,
      height: 700,
      items: [bookmark(2, 'Section 1.1', 48, 400)],
    },
  ];
  const page2: DisplayItem[] = [
    bookmark(2, 'Überblick — 概要', 48, 100.25),
    { kind: 'opacity', opacity: 0, items: [bookmark(1, 'Chapter two', 30, 600)] },
  ];
  const page3: DisplayItem[] = [bookmark(3, 'Deep   section', 20, 10)];
  return [page1, page2, page3].map((items, i) => ({ width: 595, height: PAGE_HEIGHTS[i]!, items }));
}

/** One outline item as read back, with its raw links for checking the tree's wiring. */
interface ReadItem {
  readonly ref: PDFRef;
  readonly dict: PDFDict;
  readonly title: string;
  readonly children: ReadItem[];
}

/** Follows /First and /Next from `parent` (the /Outlines dict or an item). */
function readChildren(pdf: PDFDocument, parent: PDFDict): ReadItem[] {
  const items: ReadItem[] = [];
  let ref = parent.get(PDFName.of('First'));
  while (ref instanceof PDFRef) {
    if (items.length > 1000) throw new Error('outline /Next chain does not end');
    const dict = pdf.context.lookup(ref, PDFDict);
    const title = dict.lookup(PDFName.of('Title'), PDFHexString).decodeText();
    items.push({ ref, dict, title, children: readChildren(pdf, dict) });
    ref = dict.get(PDFName.of('Next'));
  }
  return items;
}

function shape(items: readonly ReadItem[]): unknown[] {
  return items.map((item) => (item.children.length > 0 ? { [item.title]: shape(item.children) } : item.title));
}

function countOf(dict: PDFDict): number | undefined {
  const count = dict.get(PDFName.of('Count'));
  return count === undefined ? undefined : (count as PDFNumber).asNumber();
}

async function readOutline(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  const outlinesRef = pdf.catalog.get(PDFName.of('Outlines'));
  expect(outlinesRef).toBeInstanceOf(PDFRef);
  const outlines = pdf.context.lookup(outlinesRef, PDFDict);
  return { pdf, outlinesRef: outlinesRef as PDFRef, outlines, items: readChildren(pdf, outlines) };
}

describe('writePdf: document outline', () => {
  it('nests bookmarks under the nearest preceding smaller level, with normalised Unicode titles', async () => {
    const { items } = await readOutline(await writePdf({ pages: bookmarkedPages() }));
    expect(shape(items)).toEqual([
      'Preface',
      { 'Chapter one': ['Section 1.1', 'Überblick — 概要'] },
      { 'Chapter two': ['Deep section'] },
    ]);
  });

  it('writes the titles as UTF-16BE hex strings', async () => {
    const { items } = await readOutline(await writePdf({ pages: bookmarkedPages() }));
    const title = items[1]!.children[1]!.dict.get(PDFName.of('Title'));
    expect(title).toBeInstanceOf(PDFHexString);
    expect((title as PDFHexString).asString().toUpperCase()).toBe(
      'FEFF' + Buffer.from('Überblick — 概要', 'utf16le').swap16().toString('hex').toUpperCase(),
    );
  });

  it('counts open items, and links every item to its parent and siblings', async () => {
    const { outlinesRef, outlines, items } = await readOutline(await writePdf({ pages: bookmarkedPages() }));
    expect(outlines.get(PDFName.of('Type'))).toBe(PDFName.of('Outlines'));
    expect(countOf(outlines)).toBe(6);
    const [preface, chapterOne, chapterTwo] = items;
    expect(countOf(preface!.dict)).toBeUndefined();
    expect(countOf(chapterOne!.dict)).toBe(2);
    expect(countOf(chapterTwo!.dict)).toBe(1);
    expect(countOf(chapterOne!.children[0]!.dict)).toBeUndefined();
    expect(countOf(chapterTwo!.children[0]!.dict)).toBeUndefined();

    const check = (parentRef: PDFRef, parent: PDFDict, siblings: readonly ReadItem[]) => {
      expect(parent.get(PDFName.of('First'))).toBe(siblings[0]!.ref);
      expect(parent.get(PDFName.of('Last'))).toBe(siblings.at(-1)!.ref);
      siblings.forEach((item, i) => {
        expect(item.dict.get(PDFName.of('Parent'))).toBe(parentRef);
        expect(item.dict.get(PDFName.of('Prev'))).toBe(siblings[i - 1]?.ref);
        expect(item.dict.get(PDFName.of('Next'))).toBe(siblings[i + 1]?.ref);
        if (item.children.length > 0) check(item.ref, item.dict, item.children);
        else {
          expect(item.dict.get(PDFName.of('First'))).toBeUndefined();
          expect(item.dict.get(PDFName.of('Last'))).toBeUndefined();
        }
      });
    };
    check(outlinesRef, outlines, items);
  });

  it('points each item at its page, with the bookmark at the top of the view', async () => {
    const { pdf, items } = await readOutline(await writePdf({ pages: bookmarkedPages() }));
    const pages = pdf.getPages().map((page) => page.ref);
    const flat = (list: readonly ReadItem[]): ReadItem[] => list.flatMap((item) => [item, ...flat(item.children)]);
    const dests = flat(items).map((item) => {
      const dest = item.dict.lookup(PDFName.of('Dest'), PDFArray);
      expect(dest.size()).toBe(5);
      expect(dest.get(1)).toBe(PDFName.of('XYZ'));
      expect(String(dest.get(4))).toBe('null');
      return { title: item.title, page: pages.indexOf(dest.get(0) as PDFRef), x: (dest.get(2) as PDFNumber).asNumber(), top: (dest.get(3) as PDFNumber).asNumber() };
    });
    expect(dests).toEqual([
      { title: 'Preface', page: 0, x: 40, top: 792 - 50 },
      { title: 'Chapter one', page: 0, x: 36, top: 792 - 120.5 },
      { title: 'Section 1.1', page: 0, x: 48, top: 792 - 400 },
      { title: 'Überblick — 概要', page: 1, x: 48, top: expect.closeTo(841.89 - 100.25, 6) },
      { title: 'Chapter two', page: 1, x: 30, top: expect.closeTo(841.89 - 600, 6) },
      { title: 'Deep section', page: 2, x: 20, top: 500 - 10 },
    ]);
  });

  it('opens the outline panel (/PageMode /UseOutlines)', async () => {
    const pdf = await PDFDocument.load(await writePdf({ pages: bookmarkedPages() }));
    expect(pdf.catalog.get(PDFName.of('PageMode'))).toBe(PDFName.of('UseOutlines'));
  });

  it('nests a skipped level under the last smaller one, and a later middle level beside it', async () => {
    const items = [bookmark(1, 'A', 0, 10), bookmark(3, 'A.x.1', 0, 20), bookmark(2, 'A.1', 0, 30), bookmark(3, 'A.1.1', 0, 40), bookmark(1, 'B', 0, 50)];
    const { outlines, items: read } = await readOutline(await writePdf({ pages: [{ width: 200, height: 200, items }] }));
    expect(shape(read)).toEqual([{ A: ['A.x.1', { 'A.1': ['A.1.1'] }] }, 'B']);
    expect(countOf(outlines)).toBe(5);
    expect(countOf(read[0]!.dict)).toBe(3);
  });

  it('writes no /Outlines and no /PageMode without bookmarks', async () => {
    const anchor: DisplayItem = { kind: 'anchor', name: 'x', x: 0, y: 0 };
    const pdf = await PDFDocument.load(await writePdf({ pages: [{ width: 200, height: 200, items: [...textLine('Hi', 10, 20, 10), anchor] }] }));
    expect(pdf.catalog.get(PDFName.of('Outlines'))).toBeUndefined();
    expect(pdf.catalog.get(PDFName.of('PageMode'))).toBeUndefined();
  });

  it('reads back the same outline with poppler (pdftohtml -xml)', async () => {
    const path = writeTemp('outline.pdf', await writePdf({ pages: bookmarkedPages() }));
    const result = spawnSync('pdftohtml', ['-xml', '-stdout', '-i', '-q', path], { encoding: 'utf8' });
    if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
      throw new Error('pdftohtml is not installed: these tests need poppler-utils (Debian/Ubuntu: apt-get install poppler-utils)');
    }
    expect(result.status, result.stderr).toBe(0);
    const outline = /<outline>[\s\S]*<\/outline>/.exec(result.stdout)?.[0].replace(/\s*\n\s*/g, '');
    expect(outline).toBe(
      '<outline>' +
        '<item page="1">Preface</item>' +
        '<item page="1">Chapter one</item>' +
        '<outline><item page="1">Section 1.1</item><item page="2">Überblick — 概要</item></outline>' +
        '<item page="2">Chapter two</item>' +
        '<outline><item page="3">Deep section</item></outline>' +
        '</outline>',
    );
  });
});
