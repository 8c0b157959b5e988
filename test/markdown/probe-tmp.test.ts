import { it } from 'vitest';
import { renderPdf } from './helpers.js';
async function sweep(tail: object[], words: string[]) {
  const fillers = Array.from({ length: 20 }, (_, i) => ({ content: `Filler${i}` }));
  const results: string[] = [];
  for (let margin = 196; margin <= 300; margin += 4) {
    const pdf = await renderPdf({ logo: false, includeTimestamp: false, page: { marginBottom: `${margin}px` }, data: [...fillers, ...tail] });
    results.push(`${margin}:${words.map((w) => pdf.pageOf(w)).join(',')}`);
  }
  return results.join(' ');
}
it('probe', async () => {
  console.log('table', await sweep([{ label: 'KeepLabel', table: { rows: [['HeadCell'], ['BodyCell']] } }], ['Filler19', 'KeepLabel', 'HeadCell', 'BodyCell']));
  console.log('tablenohead', await sweep([{ label: 'KeepLabel', table: { firstRowHeaders: false, rows: [['BodyCell'], ['B2']] } }], ['Filler19', 'KeepLabel', 'BodyCell']));
  console.log('hlc', await sweep([{ heading: 'KeepHeading', label: 'KeepLabel', content: 'KeepContent' }], ['Filler19', 'KeepHeading', 'KeepLabel', 'KeepContent']));
  console.log('label-only then content', await sweep([{ label: 'KeepLabel' }, { content: 'NextContent' }], ['Filler19', 'KeepLabel', 'NextContent']));
  console.log('label long content', await sweep([{ label: 'KeepLabel', content: 'KeepContent ' + 'word '.repeat(200) }], ['Filler19', 'KeepLabel', 'KeepContent']));
  console.log('label list content', await sweep([{ label: 'KeepLabel', content: '- KeepContent\n- two' }], ['Filler19', 'KeepLabel', 'KeepContent']));
}, 120000);
