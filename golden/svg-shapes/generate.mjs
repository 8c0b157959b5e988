// Writes input.html: SVG images as data URIs — an icon set (stroked paths, currentColor,
// arcs), a logo (paths, transforms, <use>, a gradient, text), a chart (polylines, a polygon,
// dashes, text), preserveAspectRatio in a box of another shape, and a badge whose filter sends
// it through the raster fallback. Run from the repository root:
//   node golden/svg-shapes/generate.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const NS = 'xmlns="http://www.w3.org/2000/svg"';

const b64 = (svg) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
// Percent-encodes what a data: URL must not hold raw (# starts a fragment, %, quotes).
const enc = (svg) => `data:image/svg+xml;utf8,${svg.replace(/[%#"&\n]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)}`;

const icon = (body, color) =>
  `<svg ${NS} width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" color="${color}">${body}</svg>`;
const icons = [
  ['Home', icon('<path d="M3 10.5 12 3l9 7.5"/><path d="M5 9.5V21h14V9.5"/><rect x="10" y="14" width="4" height="7" fill="currentColor" stroke="none"/>', '#1d4ed8')],
  ['Search', icon('<circle cx="10.5" cy="10.5" r="6.5"/><line x1="15.5" y1="15.5" x2="21" y2="21"/>', '#0f766e')],
  ['Mail', icon('<rect x="3" y="5" width="18" height="14" rx="2"/><polyline points="3,7 12,13 21,7"/>', '#7c3aed')],
  ['Done', icon('<circle cx="12" cy="12" r="9" fill="#dcfce7"/><path d="m8 12.5 2.5 2.5L16 9.5"/>', '#15803d')],
  ['Warning', icon('<path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" fill="#fef3c7"/><line x1="12" y1="9" x2="12" y2="13"/><circle cx="12" cy="17" r="0.6" fill="currentColor"/>', '#b45309')],
  ['Settings', icon('<circle cx="12" cy="12" r="3"/><path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z"/>', '#475569')],
];

const logo = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Northwind Botanicals logo -->
<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink" width="320" height="96" viewBox="0 0 320 96">
  <defs>
    <linearGradient id="leaf" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#16a34a"/><stop offset="1" stop-color="#14532d"/>
    </linearGradient>
    <path id="petal" d="M0 0 C 10 -14 10 -30 0 -40 C -10 -30 -10 -14 0 0 Z"/>
  </defs>
  <g transform="translate(48 52)">
    <circle r="44" fill="#f0fdf4" stroke="#14532d" stroke-width="2"/>
    <g fill="url(#leaf)">
${[0, 60, 120, 180, 240, 300].map((a) => `      <use xlink:href="#petal" transform="rotate(${a})"/>`).join('\n')}
    </g>
    <circle r="7" fill="#facc15" stroke="#a16207" stroke-width="1.5"/>
    <path d="M -30 30 A 42 42 0 0 0 30 30" fill="none" stroke="#a16207" stroke-width="3" stroke-dasharray="4 3"/>
  </g>
  <g transform="translate(104 0) skewX(-8)">
    <text x="8" y="50" font-family="sans-serif" font-size="34" font-weight="bold" fill="#14532d">Northwind</text>
    <text x="10" y="76" font-size="12.5" letter-spacing="2" fill="#4d7c0f">BOTANICALS · EST. 1987</text>
  </g>
</svg>`;

// Monthly revenue: axes, a dashed grid, two series, an area, labels and a legend.
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const online = [42, 48, 45, 60, 72, 70, 84, 90, 86, 95, 104, 118];
const retail = [30, 34, 40, 38, 44, 52, 55, 58, 66, 64, 70, 76];
const [X0, Y0, W, H] = [50, 20, 400, 180];
const px = (i) => (X0 + (i * W) / 11).toFixed(1);
const py = (v) => (Y0 + H - (v * H) / 120).toFixed(1);
const ticks = [0, 20, 40, 60, 80, 100, 120];
const points = (series) => series.map((v, i) => `${px(i)},${py(v)}`).join(' ');
const chart = `<svg ${NS} width="480" height="250" viewBox="0 0 480 250" font-family="sans-serif" font-size="10">
  <rect width="480" height="250" fill="#ffffff"/>
  <g stroke="#cbd5e1" stroke-width="0.75" stroke-dasharray="3 3">${ticks.slice(1).map((v) => `<line x1="${X0}" y1="${py(v)}" x2="${X0 + W}" y2="${py(v)}"/>`).join('')}</g>
  <polygon points="${X0},${Y0 + H} ${points(online)} ${X0 + W},${Y0 + H}" fill="#2563eb" fill-opacity="0.12"/>
  <polyline points="${points(online)}" fill="none" stroke="#2563eb" stroke-width="2.5" stroke-linejoin="round"/>
  <polyline points="${points(retail)}" fill="none" stroke="#ea580c" stroke-width="2" stroke-dasharray="6 3"/>
  <g fill="#ffffff" stroke="#2563eb" stroke-width="1.5">${online.map((v, i) => `<circle cx="${px(i)}" cy="${py(v)}" r="3"/>`).join('')}</g>
  <g stroke="#334155" stroke-width="1"><line x1="${X0}" y1="${Y0}" x2="${X0}" y2="${Y0 + H}"/><line x1="${X0}" y1="${Y0 + H}" x2="${X0 + W}" y2="${Y0 + H}"/></g>
  <g fill="#475569" text-anchor="end">${ticks.map((v) => `<text x="${X0 - 6}" y="${py(v)}" dominant-baseline="middle">${v}k</text>`).join('')}</g>
  <g fill="#475569" text-anchor="middle">${months.map((m, i) => `<text x="${px(i)}" y="${Y0 + H + 16}">${m}</text>`).join('')}</g>
  <g transform="translate(60 14)">
    <line x1="0" y1="0" x2="18" y2="0" stroke="#2563eb" stroke-width="2.5"/><text x="24" y="0" dominant-baseline="central" fill="#1e293b">Online</text>
    <line x1="80" y1="0" x2="98" y2="0" stroke="#ea580c" stroke-width="2" stroke-dasharray="6 3"/><text x="104" y="0" dominant-baseline="central" fill="#1e293b">Retail</text>
  </g>
  <text x="${X0 + W}" y="14" text-anchor="end" font-weight="bold" fill="#0f172a">Revenue 2024 (EUR)</text>
</svg>`;

const badge = `<svg ${NS} width="160" height="60" viewBox="0 0 160 60">
  <filter id="shadow" x="-20%" y="-20%" width="140%" height="160%"><feGaussianBlur in="SourceAlpha" stdDeviation="3"/><feOffset dy="3" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>
  <rect x="10" y="8" width="140" height="40" rx="20" fill="#0ea5e9" filter="url(#shadow)"/>
  <path d="M30 28h16M38 20v16" stroke="#ffffff" stroke-width="4" stroke-linecap="round"/>
</svg>`;

const label = `<svg ${NS} viewBox="0 0 100 40"><rect x="1" y="1" width="98" height="38" rx="6" fill="#fde68a" stroke="#92400e" stroke-width="2"/><ellipse cx="50" cy="20" rx="30" ry="12" fill="#92400e"/></svg>`;
const aspect = (value) => label.replace('viewBox="0 0 100 40"', `viewBox="0 0 100 40" preserveAspectRatio="${value}"`);

const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>SVG shapes</title>
<style>
  @page { size: A4; margin: 16mm; }
  body { font: 9pt/1.35 sans-serif; color: #222; margin: 0; }
  h1 { font-size: 16pt; margin: 0 0 6pt; }
  h2 { font-size: 11pt; margin: 12pt 0 4pt; border-bottom: 0.5pt solid #999; }
  p { margin: 0 0 6pt; }
  .icons { font-size: 0; }
  figure { display: inline-block; vertical-align: top; margin: 0 10pt 6pt 0; width: 48px; text-align: center; font-size: 7.5pt; }
  img.icon { display: block; width: 32px; height: 32px; margin: 0 auto 2pt; }
  figcaption { color: #555; }
  .boxes img { border: 0.5pt solid #999; margin-right: 8pt; vertical-align: top; }
  p.inline img { width: 1.2em; height: 1.2em; vertical-align: -0.25em; }
</style>
</head>
<body>
<h1>SVG images</h1>
<p>Every picture on this page is an inline data-URI SVG drawn as vector graphics, except the
badge with a drop shadow, whose filter sends it through the raster fallback.</p>

<h2>Icon set (stroked paths, currentColor, arcs)</h2>
<div class="icons">
${icons.map(([name, svg]) => `    <figure><img class="icon" src="${enc(svg)}" alt="${name}"><figcaption>${name}</figcaption></figure>`).join('\n')}
</div>
<p class="inline">Icons also sit in running text: <img src="${enc(icons[3][1])}" alt="done"> approved, <img src="${enc(icons[4][1])}" alt="warning"> needs review.</p>

<h2>Logo (paths, transforms, &lt;use&gt;, gradient, text)</h2>
<img src="${b64(logo)}" alt="Northwind Botanicals" style="width: 240pt">

<h2>Chart (polylines, polygon, dashes, text)</h2>
<img src="${b64(chart)}" alt="Revenue chart" style="width: 100%">

<h2>preserveAspectRatio in a 180×60 px box: meet, none, xMinYMid slice</h2>
<div class="boxes">
<img src="${enc(label)}" style="width: 180px; height: 60px" alt="meet"><img src="${enc(aspect('none'))}" style="width: 180px; height: 60px" alt="none"><img src="${enc(aspect('xMinYMid slice'))}" style="width: 180px; height: 60px" alt="slice">
</div>

<h2>Raster fallback (a filter)</h2>
<img src="${b64(badge)}" alt="badge">
</body>
</html>
`;

writeFileSync(join(dirname(fileURLToPath(import.meta.url)), 'input.html'), html);
