// Writes input.html: one small picture in every image format the engine reads, as data URIs,
// plus object-fit / object-position and sizing examples. Run from the repository root:
//   node golden/images-every-format/generate.mjs
// The images are made here with sharp (BMP by hand), so the HTML can be regenerated exactly.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const W = 96;
const H = 64;

/** A small "landscape": sky gradient, a sun, hills; RGBA with an optional transparent hole. */
function scene(width, height, { hole = false } = {}) {
  const px = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const hill = height * 0.62 + Math.sin(x / (width / 6)) * height * 0.08;
      const sun = Math.hypot(x - width * 0.72, y - height * 0.3) < height * 0.14;
      let [r, g, b] = y > hill ? [40 + (y * 60) / height, 120 + (x * 40) / width, 50] : [90 + (y * 100) / height, 150 + (y * 70) / height, 235];
      if (sun && y <= hill) [r, g, b] = [255, 200, 40];
      px[i] = r;
      px[i + 1] = g;
      px[i + 2] = b;
      px[i + 3] = hole && Math.hypot(x - width * 0.28, y - height * 0.45) < height * 0.2 ? 0 : 255;
    }
  }
  return px;
}

/** Four quadrants (red, green / blue, yellow) with a white diagonal: shows turns and crops. */
function quadrants(width, height) {
  const px = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const top = y < height / 2;
      const left = x < width / 2;
      let c = top ? (left ? [220, 40, 40] : [40, 170, 60]) : left ? [40, 80, 220] : [240, 210, 40];
      if (Math.abs(x / width - y / height) < 0.03) c = [255, 255, 255];
      px.set([...c, 255], i);
    }
  }
  return px;
}

const raw = (px, width, height) => sharp(px, { raw: { width, height, channels: 4 } });

function bmp24(px, width, height) {
  const stride = Math.floor((24 * width + 31) / 32) * 4;
  const data = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const s = (y * width + x) * 4;
      const o = (height - 1 - y) * stride + x * 3;
      data[o] = px[s + 2];
      data[o + 1] = px[s + 1];
      data[o + 2] = px[s];
    }
  }
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + data.length, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(data.length, 34);
  return Buffer.concat([header, data]);
}

/** Three frames stacked vertically: the first (the scene) is the one an engine shows. */
function animatedFrames(width, height) {
  const first = scene(width, height);
  const second = Buffer.alloc(first.length, 0x60);
  const third = Buffer.alloc(first.length, 0xc0);
  return Buffer.concat([first, second, third]);
}

const s = scene(W, H);
const holed = scene(W, H, { hole: true });
const q = quadrants(W, H);
const images = [
  ['PNG, RGB', 'image/png', await raw(s, W, H).removeAlpha().png().toBuffer()],
  ['PNG, alpha (hole)', 'image/png', await raw(holed, W, H).png().toBuffer()],
  ['PNG, 16-bit', 'image/png', await raw(s, W, H).removeAlpha().toColourspace('rgb16').png().toBuffer()],
  ['PNG, palette', 'image/png', await raw(s, W, H).removeAlpha().png({ palette: true, colours: 32 }).toBuffer()],
  ['JPEG', 'image/jpeg', await raw(s, W, H).removeAlpha().jpeg({ quality: 80 }).toBuffer()],
  ['JPEG, EXIF orientation 6', 'image/jpeg', await raw(s, W, H).removeAlpha().rotate(-90).jpeg({ quality: 80 }).withMetadata({ orientation: 6 }).toBuffer()],
  ['WebP', 'image/webp', await raw(s, W, H).webp({ quality: 70 }).toBuffer()],
  ['WebP, alpha (hole)', 'image/webp', await raw(holed, W, H).webp({ quality: 70 }).toBuffer()],
  ['GIF, animated (frame 1)', 'image/gif', await sharp(animatedFrames(W, H), { raw: { width: W, height: H * 3, channels: 4, pageHeight: H } }).gif({ loop: 0, delay: [200, 200, 200] }).toBuffer()],
  ['AVIF', 'image/avif', await raw(s, W, H).avif({ quality: 60 }).toBuffer()],
  ['TIFF', 'image/tiff', await raw(s, W, H).removeAlpha().tiff({ compression: 'lzw' }).toBuffer()],
  ['BMP, 24-bit', 'image/bmp', bmp24(s, W, H)],
  // A wrong media type: formats are recognised by their bytes.
  ['PNG labelled image/jpeg', 'image/jpeg', await raw(q, W, H).removeAlpha().png().toBuffer()],
];
const uri = (type, bytes) => `data:${type};base64,${bytes.toString('base64')}`;
const quadUri = uri('image/png', await raw(q, W, H).removeAlpha().png().toBuffer());
const wideUri = uri('image/jpeg', await raw(scene(480, 160), 480, 160).removeAlpha().jpeg({ quality: 60 }).toBuffer());

const figures = images
  .map(([label, type, bytes]) => `    <figure><img src="${uri(type, bytes)}" alt="${label} (not decoded)"><figcaption>${label}</figcaption></figure>`)
  .join('\n');
const fits = ['fill', 'contain', 'cover', 'none', 'scale-down']
  .map((fit) => `    <figure><img class="fit" style="object-fit: ${fit}" src="${quadUri}" alt="${fit}"><figcaption>${fit}</figcaption></figure>`)
  .join('\n');
const positions = ['left top', 'right bottom', 'center top', '10px 80%', 'right 8px bottom 8px']
  .map((pos) => `    <figure><img class="fit" style="object-fit: cover; object-position: ${pos}" src="${quadUri}" alt="${pos}"><figcaption>cover, ${pos}</figcaption></figure>`)
  .join('\n');
const nonePositions = ['left top', 'right bottom', '-20px 50%']
  .map((pos) => `    <figure><img class="fit small" style="object-fit: none; object-position: ${pos}" src="${quadUri}" alt="${pos}"><figcaption>none, ${pos}</figcaption></figure>`)
  .join('\n');

const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Images in every format</title>
<style>
  @page { size: A4; margin: 16mm; }
  body { font: 9pt/1.35 sans-serif; color: #222; margin: 0; }
  h1 { font-size: 16pt; margin: 0 0 6pt; }
  h2 { font-size: 11pt; margin: 12pt 0 4pt; border-bottom: 0.5pt solid #999; }
  p { margin: 0 0 6pt; }
  .grid { font-size: 0; }
  figure { display: inline-block; vertical-align: top; margin: 0 6pt 8pt 0; width: 112px; font-size: 8pt; }
  figure img { display: block; background-color: #d4d4d4; border: 1px solid #888; }
  figcaption { margin-top: 2pt; color: #555; }
  img.fit { width: 100px; height: 100px; background-color: #f0d8f0; }
  img.fit.small { width: 60px; height: 60px; }
  .container { width: 300px; border: 1px dashed #888; padding: 4px; margin-bottom: 6pt; }
</style>
</head>
<body>
<h1>Images in every format</h1>
<p>Each picture is a ${W}×${H} pixel data URI. The alpha images have a transparent hole that shows the grey background; the EXIF-rotated JPEG is stored on its side and must appear upright; the animated GIF shows its first frame.</p>

<h2>Formats</h2>
<div class="grid">
${figures}
</div>

<h2>object-fit (a ${W}×${H} image in a 100×100px box)</h2>
<div class="grid">
${fits}
</div>

<h2>object-position</h2>
<div class="grid">
${positions}
${nonePositions}
</div>

<h2>Sizing</h2>
<p>width="150" only (height from the ratio):</p>
<img src="${quadUri}" width="150" alt="width attribute">
<p>max-width: 100% of a 480×160 image in a 300px container, with width/height attributes and height: auto:</p>
<div class="container"><img src="${wideUri}" width="480" height="160" style="max-width: 100%; height: auto" alt="max-width"></div>
<p>height: 40px only:</p>
<img src="${quadUri}" style="height: 40px" alt="height only">
</body>
</html>
`;
const out = join(dirname(fileURLToPath(import.meta.url)), 'input.html');
writeFileSync(out, html);
console.log(`wrote ${out} (${html.length} bytes)`);
