// Generated benchmark documents: one long sales ledger, a 6-column table with a thead, for
// checking that table layout takes time linear in the rows. Row i is the same whatever the
// row count, so `tableDocument(5000)` is `tableDocument(1000)` with 4,000 more rows.

import { mulberry32 } from './mulberry32.js';

const CUSTOMERS = [
  'Albion Hardware Ltd', 'Brightwater Logistics', 'Casco Bay Arts Foundation', 'Delmar & Sons',
  'Eastgate Veterinary Group', 'Fenwick Dental Practice', 'Greenway Builders', 'Harbor & Pine Print Co.',
  'Ironbridge Cycles', 'Juniper Health Clinic', 'Kestrel Aviation Services', 'Larkspur Florists',
  'Meridian Schools Trust', 'Northfield Farm Shop', 'Oakridge Property Management', 'Portside Marine Supplies',
];
const ITEMS: readonly (readonly [description: string, unitPrice: number])[] = [
  ['Copier paper, A4, 80 gsm, box of 5 reams', 24.5],
  ['Toner cartridge, black, high yield', 89],
  ['Office chair, mesh back, adjustable arms', 215],
  ['Standing desk frame, dual motor', 389],
  ['Monitor arm, single, gas spring', 64.95],
  ['USB-C docking station', 149],
  ['Whiteboard markers, assorted, pack of 12', 11.2],
  ['Laptop stand, aluminium', 39.99],
  ['Filing cabinet, 4 drawers, lockable', 279],
  ['Desk lamp, LED, dimmable', 45],
  ['Shredder, cross-cut, 12 sheets', 129],
  ['Coffee beans, 1 kg, medium roast', 18.75],
];
const START_DAY = Date.UTC(2024, 0, 2);
const DAY_MS = 86_400_000;

const STYLE = `
  body { font-family: 'Noto Sans', sans-serif; font-size: 9pt; line-height: 1.3; color: #1f2933; }
  h1 { font-size: 16pt; margin: 0 0 8pt; }
  table { width: 100%; border-collapse: collapse; }
  th, td { border: 0.5pt solid #cbd2d9; padding: 2pt 4pt; vertical-align: top; }
  th { background: #243b53; color: #fff; text-align: left; border-color: #243b53; }
  tbody tr:nth-child(even) td { background: #f0f4f8; }
  .n { text-align: right; white-space: nowrap; }`;

/** The HTML of a ledger whose table has `rows` body rows of 6 cells and a thead. */
export function tableDocument(rows: number): string {
  const random = mulberry32(0x5eed);
  const body: string[] = [];
  for (let i = 0; i < rows; i++) body.push(tableRow(i, random));
  const count = rows.toLocaleString('en-US');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Sales ledger, ${count} lines</title><style>${STYLE}
</style></head><body>
<h1>Sales ledger: ${count} invoice lines</h1>
<table>
<thead><tr><th>Date</th><th>Invoice</th><th>Customer</th><th>Item</th><th class="n">Qty</th><th class="n">Amount</th></tr></thead>
<tbody>
${body.join('\n')}
</tbody>
</table>
</body></html>
`;
}

function tableRow(i: number, random: () => number): string {
  const date = new Date(START_DAY + Math.floor(i / 12) * DAY_MS).toISOString().slice(0, 10);
  const customer = CUSTOMERS[Math.floor(random() * CUSTOMERS.length)]!;
  const [item, unitPrice] = ITEMS[Math.floor(random() * ITEMS.length)]!;
  const quantity = 1 + Math.floor(random() * random() * 40);
  const amount = (quantity * unitPrice).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const cells = [date, `INV-${100001 + i}`, escapeHtml(customer), item, String(quantity), amount];
  return `<tr>${cells.map((text, c) => (c >= 4 ? `<td class="n">${text}</td>` : `<td>${text}</td>`)).join('')}</tr>`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}
