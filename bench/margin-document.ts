// Generated benchmark documents for paged media: a long handbook with a running chapter title
// from string-set, "Page N of M", a running footer element, a cover page without margin
// boxes and a landscape named page in every tenth chapter. For checking that margin boxes
// cost time linear in pages: chapter i is the same whatever the chapter count.

const STYLE = `
  @page { size: letter; margin: 0.9in 0.8in;
    @top-left { content: "Operations handbook"; font-size: 8pt; color: #52606d; }
    @top-right { content: string(chapter); font-size: 8pt; color: #52606d; }
    @bottom-left { content: element(footer); }
    @bottom-right { content: "Page " counter(page) " of " counter(pages); font-size: 8pt; }
  }
  @page :first { @top-left { content: none } @top-right { content: none } @bottom-right { content: none } }
  @page wide { size: letter landscape; }
  body { font-family: 'Noto Sans', sans-serif; font-size: 10pt; line-height: 1.45; color: #1f2933; }
  .footer { position: running(footer); font-size: 7.5pt; color: #7b8794; margin-top: -4pt; }
  .cover { height: 8in; padding-top: 2in; font-size: 28pt; font-weight: bold; }
  h1 { string-set: chapter content(text); break-before: page; font-size: 18pt; margin: 0 0 10pt; }
  h2 { font-size: 12pt; margin: 14pt 0 4pt; }
  .wide { page: wide; }
  p { margin: 0 0 7pt; text-align: justify; }`;

const SENTENCES = [
  'Every shift begins with a walk of the floor and a check of the previous shift\u2019s log.',
  'Pallets that arrive damaged are photographed before they are signed for.',
  'The dock schedule is set the day before and changed only through the shift lead.',
  'Forklift keys are returned to the cabinet at the end of every shift, without exception.',
  'Cycle counts run on Tuesdays and Thursdays, starting with the fastest-moving locations.',
  'A near miss is reported the same day, even when nobody was hurt and nothing was broken.',
  'Returns are inspected within two working days and either restocked or written off.',
  'Temperature logs for the cold store are read at six, noon and six, and signed each time.',
];

/** The HTML of a handbook of `chapters` chapters (about two pages each). */
export function marginDocument(chapters: number): string {
  const parts = [`<div class="footer">Harbour Logistics \u00b7 internal use only \u00b7 revision 7</div>`, `<div class="cover">Operations handbook</div>`];
  for (let c = 0; c < chapters; c++) parts.push(chapter(c));
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Operations handbook, ${chapters} chapters</title><style>${STYLE}
</style></head><body>
${parts.join('\n')}
</body></html>
`;
}

function chapter(c: number): string {
  const paragraphs: string[] = [];
  for (let s = 0; s < 4; s++) {
    paragraphs.push(`<h2>Section ${c + 1}.${s + 1}</h2>`);
    for (let p = 0; p < 3; p++) {
      const text = Array.from({ length: 5 }, (_, k) => SENTENCES[(c * 7 + s * 3 + p * 5 + k) % SENTENCES.length]).join(' ');
      paragraphs.push(`<p>${text}</p>`);
    }
  }
  const wide = c % 10 === 9 ? ' class="wide"' : '';
  return `<section${wide}><h1>Chapter ${c + 1}: procedures for area ${c + 1}</h1>\n${paragraphs.join('\n')}</section>`;
}
