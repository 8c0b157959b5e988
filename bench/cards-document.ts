// Generated benchmark documents for flexbox and grid: a product catalogue of `count` cards,
// laid out with flex (cards in a wrapping flex row, each card a flex column with a flex
// header and a price row) or with grid (an auto-fill grid of cards, each card a small grid
// with named areas). Card i is the same whatever the count, so the time per 1,000 cards shows
// whether flex and grid layout stay linear in the number of items.

import { mulberry32 } from './mulberry32.js';

const NAMES = [
  'Trail running shoe', 'Insulated bottle, 750 ml', 'Merino base layer', 'Headlamp, 400 lm', 'Trekking poles, carbon',
  'Rain shell, packable', 'Camp stove, titanium', 'Sleeping pad, inflatable', 'Daypack, 22 l', 'Water filter, squeeze',
];
const TAGS = ['new', 'sale', 'bestseller', 'eco', 'limited', 'bundle'];

const SHARED = `
  body { font-family: 'Noto Sans', sans-serif; font-size: 8pt; line-height: 1.3; color: #1f2933; margin: 0; }
  h1 { font-size: 15pt; margin: 0 0 8pt; }
  .card { border: 0.5pt solid #cbd2d9; border-radius: 4pt; padding: 6pt; break-inside: avoid; }
  .name { font-weight: bold; font-size: 9pt; }
  .tag { background: #e3f8ff; color: #0b69a3; border-radius: 3pt; padding: 0 3pt; font-size: 7pt; }
  .price { font-weight: bold; color: #0b69a3; }
  .thumb { width: 36pt; height: 36pt; background: #d9e2ec; border-radius: 3pt; }`;

const FLEX = `${SHARED}
  .cards { display: flex; flex-wrap: wrap; gap: 6pt; }
  .card { display: flex; flex-direction: column; gap: 4pt; flex: 1 1 150pt; }
  .head { display: flex; gap: 6pt; align-items: center; }
  .tags { display: flex; flex-wrap: wrap; gap: 3pt; }
  .foot { display: flex; justify-content: space-between; align-items: baseline; margin-top: auto; }`;

const GRID = `${SHARED}
  .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(150pt, 1fr)); gap: 6pt; }
  .card { display: grid; grid-template-columns: 36pt 1fr auto; grid-template-areas: "thumb name name" "thumb text text" "tags tags price"; gap: 4pt 6pt; }
  .thumb { grid-area: thumb; } .name { grid-area: name; } .text { grid-area: text; }
  .tags { grid-area: tags; } .price { grid-area: price; align-self: end; }`;

/** The HTML of a catalogue of `count` cards laid out with `layout`. */
export function cardsDocument(layout: 'flex' | 'grid', count: number): string {
  const random = mulberry32(0xca2d);
  const cards: string[] = [];
  for (let i = 0; i < count; i++) cards.push(card(layout, i, random));
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Catalogue, ${count} products (${layout})</title><style>${layout === 'flex' ? FLEX : GRID}
</style></head><body>
<h1>Catalogue: ${count.toLocaleString('en-US')} products</h1>
<div class="cards">
${cards.join('\n')}
</div>
</body></html>`;
}

function card(layout: 'flex' | 'grid', i: number, random: () => number): string {
  const name = `${NAMES[i % NAMES.length]} #${i + 1}`;
  const tags = TAGS.filter(() => random() < 0.35).map((t) => `<span class="tag">${t}</span>`).join('');
  const words = 8 + Math.floor(random() * 20);
  const text = Array.from({ length: words }, (_, k) => ['light', 'durable', 'packs', 'small', 'for', 'long', 'days', 'outdoors'][(i + k) % 8]).join(' ');
  const price = `$${(10 + random() * 240).toFixed(2)}`;
  if (layout === 'grid') {
    return `<div class="card"><div class="thumb"></div><div class="name">${name}</div><div class="text">${text}</div><div class="tags">${tags}</div><div class="price">${price}</div></div>`;
  }
  return `<div class="card"><div class="head"><div class="thumb"></div><div class="name">${name}</div></div><div class="text">${text}</div><div class="tags">${tags}</div><div class="foot"><span>SKU ${1000 + i}</span><span class="price">${price}</span></div></div>`;
}
