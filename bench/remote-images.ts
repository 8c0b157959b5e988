// `npm run bench:images`: a document with 50 distinct images served over HTTP from loopback,
// rendered once with an empty cache (every image fetched and decoded; the engine already warm)
// and then again while the loader's cache holds them. Prints the cold time and the warm median. A benchmark, not a test.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { render } from '../src/index.js';

const IMAGES = 50;
const WARM_RUNS = 10;

/** A 600×400 photo-like JPEG (a gradient with noise), different for each `seed`. */
async function photo(seed: number): Promise<Buffer> {
  const width = 600;
  const height = 400;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  for (let i = 0; i < width * height; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    const x = i % width;
    const y = Math.floor(i / width);
    pixels[i * 3] = (x * 255) / width + (state & 15);
    pixels[i * 3 + 1] = (y * 255) / height;
    pixels[i * 3 + 2] = (seed * 37) % 255;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

async function main(): Promise<void> {
  const files = await Promise.all(Array.from({ length: IMAGES }, (_, i) => photo(i + 1)));
  const server = createServer((req, res) => {
    const index = Number(/\/p(\d+)\.jpg$/.exec(req.url ?? '')?.[1]);
    const body = files[index];
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length, 'cache-control': 'max-age=3600' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const html = files.map((_, i) => `<figure><img src="http://127.0.0.1:${port}/p${i}.jpg" style="width: 45%"><figcaption>Photo ${i + 1}</figcaption></figure>`).join('\n');
  const body = { type: 'html' as const, data: { html, css: 'figure { display: inline-block; width: 48%; margin: 0 0 8pt }' } };
  const options = { network: { allowPrivate: ['127.0.0.1'] } };
  // The engine itself warm (fonts parsed, code compiled), so that "cold" is the images' cost.
  await render({ type: 'html', data: { html: '<figure><figcaption>Photo</figcaption></figure>' } });
  let warnings = 0;
  const start = performance.now();
  const pdf = await render(body, { ...options, onWarning: () => void warnings++ });
  const cold = performance.now() - start;
  const times: number[] = [];
  for (let i = 0; i < WARM_RUNS; i++) {
    const t = performance.now();
    await render(body, options);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  server.close();
  const kb = (pdf.length / 1024).toFixed(0);
  const megabytes = (files.reduce((n, f) => n + f.length, 0) / 1024 / 1024).toFixed(1);
  console.log(`${IMAGES} images (${megabytes} MB of JPEG over loopback), ${kb} KB PDF, ${warnings} warnings`);
  console.log(`cold (empty cache): ${cold.toFixed(0)} ms · warm (cached, median of ${WARM_RUNS}): ${times[Math.floor(WARM_RUNS / 2)]!.toFixed(0)} ms`);
}

await main();
