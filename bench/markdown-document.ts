// Generated Markdown-mode benchmark documents: a request of `items` items in the mix a
// report or contract has: a heading every 20 items, label + content pairs with inline
// formatting, lists and links, and a small table every 25 items. Item i is the same whatever
// the item count, so times can be compared per item.

const SENTENCES = [
  'The supplier delivers the goods to the address in the order, on the date agreed in writing.',
  'Invoices are payable **within 30 days** of receipt, by bank transfer to the account on the invoice.',
  'Either party may end this agreement with _ninety days_ notice, given in writing to the other party.',
  'Prices are fixed for the first year and then follow the [published index](https://example.com/index).',
  'Goods that arrive damaged are reported within `48 hours`, with photographs of the packaging.',
];

/** A generate-pdf Markdown body of `items` items. */
export function markdownDocument(items: number): { title: string; data: Record<string, unknown>[] } {
  const data: Record<string, unknown>[] = [];
  for (let i = 0; i < items; i++) data.push(item(i));
  return { title: `Markdown document, ${items} items`, data };
}

function item(i: number): Record<string, unknown> {
  if (i % 20 === 0) return { heading: `Part ${i / 20 + 1}` };
  if (i % 25 === 1) {
    const rows = [['Item', 'Quantity', 'Price']];
    for (let r = 0; r < 5; r++) rows.push([`Line ${i}.${r + 1}`, String((i * 7 + r) % 40), `$${((i + r) % 90) + 10}.00`]);
    return { label: `Schedule ${i}`, table: { rows, rowGridlines: true, columnOptions: [{}, { align: 'right' }, { align: 'right' }] } };
  }
  const text = [SENTENCES[i % 5]!, SENTENCES[(i + 2) % 5]!].join(' ');
  const content = i % 7 === 3 ? `${text}\n\n- ${SENTENCES[(i + 1) % 5]}\n- ${SENTENCES[(i + 3) % 5]}` : text;
  return { label: `Clause ${i}`, content };
}
