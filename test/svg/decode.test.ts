// decodeImage on SVG: recognised by content, refused with a warning when it lacks the SVG
// namespace (spec 4.5 rule 4), is malformed, or is too large or too deep; otherwise parsed into
// the drawing model with styles resolved, or sent to the raster fallback for what the model
// does not draw.
import { describe, expect, it } from 'vitest';
import type { ImageResource, SvgImage } from '../../src/paint/types.js';
import { decodeImage } from '../../src/resources/image.js';
import type { SvgGroup, SvgNode, SvgShape, SvgText } from '../../src/resources/svg/model.js';
import { looksLikeSvg } from '../../src/resources/svg/sniff.js';

const NS = 'xmlns="http://www.w3.org/2000/svg"';

async function decode(svg: string | Uint8Array): Promise<{ image: ImageResource | null; warnings: string[] }> {
  const warnings: string[] = [];
  const image = await decodeImage(typeof svg === 'string' ? Buffer.from(svg) : svg, 'k', (m) => warnings.push(m));
  return { image, warnings };
}

/** Decodes an SVG that must draw as vectors and returns its nodes. */
async function nodesOf(body: string, attrs = 'width="100" height="100"'): Promise<SvgNode[]> {
  const { image, warnings } = await decode(`<svg ${NS} ${attrs}>${body}</svg>`);
  expect(warnings).toEqual([]);
  expect(image?.format).toBe('svg');
  const svg = image as SvgImage;
  expect(svg.rasterReason).toBeUndefined();
  return [...svg.drawing!.nodes];
}

async function shapeOf(body: string): Promise<SvgShape> {
  const nodes = await nodesOf(body);
  expect(nodes).toHaveLength(1);
  expect(nodes[0]!.kind).toBe('shape');
  return nodes[0] as SvgShape;
}

async function rasterReason(body: string): Promise<string | undefined> {
  const { image, warnings } = await decode(`<svg ${NS} width="40" height="40">${body}</svg>`);
  expect(warnings).toEqual([]);
  const svg = image as SvgImage;
  expect(svg.drawing).toBeNull();
  return svg.rasterReason;
}

const rgb = (r: number, g: number, b: number, a = 1) => ({ r, g, b, a });

describe('svg: recognising and refusing', () => {
  it('sniffs SVG after a BOM, an XML declaration, comments and a doctype', () => {
    const prolog = '\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [ <!ENTITY a "b"> ]>\n';
    expect(looksLikeSvg(Buffer.from(`${prolog}<svg ${NS}/>`))).toBe(true);
    expect(looksLikeSvg(Buffer.from('  <svg>'))).toBe(true);
    expect(looksLikeSvg(Buffer.from('<html><svg></svg></html>'))).toBe(false);
    expect(looksLikeSvg(Buffer.from('<svgx/>'))).toBe(false);
  });

  it('refuses an SVG without the SVG namespace, with a warning', async () => {
    const { image, warnings } = await decode('<svg width="10" height="10"><rect width="10" height="10"/></svg>');
    expect(image).toBeNull();
    expect(warnings).toEqual(['image k: SVG root element needs xmlns="http://www.w3.org/2000/svg"; it is not drawn']);
    expect((await decode('<svg xmlns="http://example.com/other"/>')).image).toBeNull();
  });

  it('accepts the namespace through a prefix', async () => {
    const { image } = await decode('<s:svg xmlns:s="http://www.w3.org/2000/svg" width="10" height="10"><s:rect width="5" height="5"/></s:svg>');
    expect((image as SvgImage).drawing?.nodes).toHaveLength(1);
  });

  it('refuses malformed XML with a warning', async () => {
    for (const bad of [`<svg ${NS}><g></svg>`, `<svg ${NS}><rect width=10/></svg>`, `<svg ${NS}>&nbsp;</svg>`, `<svg ${NS}><a:b/></svg>`, `<svg ${NS}/><svg ${NS}/>`]) {
      const { image, warnings } = await decode(bad);
      expect(image, bad).toBeNull();
      expect(warnings[0], bad).toMatch(/SVG is not well-formed XML/);
    }
  });

  it('refuses a file over 5 MB', async () => {
    const big = `<svg ${NS}><!--${'x'.repeat(5 * 1024 * 1024)}--></svg>`;
    const { image, warnings } = await decode(big);
    expect(image).toBeNull();
    expect(warnings[0]).toMatch(/over the limit of 5242880 bytes/);
  });

  it('refuses more than 50,000 elements', async () => {
    const { image, warnings } = await decode(`<svg ${NS}>${'<g/>'.repeat(50_000)}</svg>`);
    expect(image).toBeNull();
    expect(warnings[0]).toMatch(/more than 50000 elements/);
  });

  it('refuses elements nested more than 256 deep', async () => {
    const { image, warnings } = await decode(`<svg ${NS}>${'<g>'.repeat(300)}${'</g>'.repeat(300)}</svg>`);
    expect(image).toBeNull();
    expect(warnings[0]).toMatch(/nested more than 256 deep/);
    expect((await decode(`<svg ${NS} width="5" height="5">${'<g>'.repeat(200)}<rect width="5" height="5"/>${'</g>'.repeat(200)}</svg>`)).image).not.toBeNull();
  });

  it('refuses entity expansion bombs and <use> bombs quickly', async () => {
    const entities = Array.from({ length: 7 }, (_, i) => `<!ENTITY e${i + 1} "${`&e${i};`.repeat(10)}">`).join('');
    const laughs = `<!DOCTYPE svg [<!ENTITY e0 "ha">${entities}]><svg ${NS}><text>&e7;</text></svg>`;
    const started = Date.now();
    expect((await decode(laughs)).warnings[0]).toMatch(/entities expand to too much text/);
    // Each level uses the one below ten times: 10^8 copies of a path.
    const levels = Array.from({ length: 8 }, (_, i) => `<g id="l${i + 1}">${`<use href="#l${i}"/>`.repeat(10)}</g>`).join('');
    const useBomb = `<svg ${NS} width="10" height="10"><defs><path id="l0" d="M0 0h1v1z"/>${levels}</defs><use href="#l8"/></svg>`;
    const { image, warnings } = await decode(useBomb);
    expect(image).toBeNull();
    expect(warnings[0]).toMatch(/too complex: more than 100000 drawn elements/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('reads pathological attribute values in linear time', async () => {
    const started = Date.now();
    const comments = '/*'.repeat(400_000);
    const transforms = 'translate(1 1) '.repeat(100_000);
    const subset = `<!DOCTYPE svg [<!ENTITY a ${' '.repeat(50_000)}]>`;
    const svg = `${subset}<svg ${NS} width="5" height="5"><rect width="5" height="5" style="${comments}" transform="${transforms}"/><path d="${'M0 0'.repeat(200_000)}"/></svg>`;
    const { image } = await decode(svg);
    expect(image?.format).toBe('svg');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('expands internal entities (as Illustrator writes the namespace)', async () => {
    const svg = `<!DOCTYPE svg [<!ENTITY ns_svg "http://www.w3.org/2000/svg"><!ENTITY red "#ff0000">]><svg xmlns="&ns_svg;" width="4" height="4"><rect width="4" height="4" fill="&red;"/></svg>`;
    const { image } = await decode(svg);
    expect(((image as SvgImage).drawing!.nodes[0] as SvgShape).fill?.color).toEqual(rgb(255, 0, 0));
  });

  it('survives a cyclic <use> without hanging', async () => {
    const nodes = await nodesOf('<g id="a"><rect width="5" height="5"/><use href="#a" x="5"/></g><use href="#b"/><use id="b" href="#b"/>');
    expect(nodes.length).toBeGreaterThan(0);
  });

  it('gives the intrinsic size in CSS px', async () => {
    const { image } = await decode(`<svg ${NS} viewBox="0 0 48 24"><rect width="48" height="24"/></svg>`);
    expect(image).toMatchObject({ key: 'k', format: 'svg', pixelWidth: 300, pixelHeight: 150 });
  });
});

describe('svg: paint and style', () => {
  it('reads colours: #rgb, #rrggbb, rgb(), rgba(), named, none, currentColor', async () => {
    const fill = async (value: string, extra = '') => (await nodesOf(`<rect width="5" height="5" fill="${value}" stroke="red" ${extra}/>`)).map((n) => (n as SvgShape).fill?.color ?? null)[0];
    expect(await fill('#f00')).toEqual(rgb(255, 0, 0));
    expect(await fill('#00ff80')).toEqual(rgb(0, 255, 128));
    expect(await fill('rgb(10, 20, 30)')).toEqual(rgb(10, 20, 30));
    expect(await fill('rgb(100%, 0%, 50%)')).toEqual(rgb(255, 0, 128));
    expect(await fill('rgba(0,0,255,0.5)')).toEqual(rgb(0, 0, 255, 0.5));
    expect(await fill('teal')).toEqual(rgb(0, 128, 128));
    expect(await fill('none')).toBeNull();
    expect(await fill('currentColor')).toEqual(rgb(0, 0, 0));
    expect(await fill('currentColor', 'color="orange"')).toEqual(rgb(255, 165, 0));
    expect(await fill('not-a-colour')).toEqual(rgb(0, 0, 0)); // an invalid value is ignored: the initial black
  });

  it('defaults to a black fill and no stroke', async () => {
    const shape = await shapeOf('<circle cx="5" cy="5" r="5"/>');
    expect(shape.fill).toEqual({ color: rgb(0, 0, 0), evenOdd: false });
    expect(shape.stroke).toBeNull();
  });

  it('inherits fill, stroke and stroke properties down groups', async () => {
    const nodes = await nodesOf(
      '<g fill="blue" stroke="red" stroke-width="3" stroke-linecap="round" stroke-linejoin="bevel" stroke-dasharray="1 2 3" fill-rule="evenodd" color="lime">' +
        '<g><path d="M0 0h10v10z"/><rect width="5" height="5" fill="currentColor" stroke-opacity="0.5"/></g></g>',
    );
    const [path, rect] = nodes as SvgShape[];
    expect(path!.fill).toEqual({ color: rgb(0, 0, 255), evenOdd: true });
    expect(path!.stroke).toEqual({ color: rgb(255, 0, 0), width: 3, cap: 'round', join: 'bevel', miterLimit: 4, dash: [1, 2, 3, 1, 2, 3], dashOffset: 0 });
    expect(rect!.fill?.color).toEqual(rgb(0, 255, 0));
    expect(rect!.stroke?.color).toEqual(rgb(255, 0, 0, 0.5));
  });

  it('lets style="" beat presentation attributes, and inherit take the parent’s value', async () => {
    const shape = await shapeOf('<g fill="green"><rect width="5" height="5" fill="red" style="fill: blue; stroke: black !important; stroke-width: 2px; fill-opacity: 50%"/></g>');
    expect(shape.fill?.color).toEqual(rgb(0, 0, 255, 0.5));
    expect(shape.stroke?.width).toBe(2);
    expect((await shapeOf('<g fill="green"><rect width="5" height="5" fill="inherit"/></g>')).fill?.color).toEqual(rgb(0, 128, 0));
  });

  it('resolves stroke-width units and percentages against the viewport', async () => {
    const width = async (value: string) => (await shapeOf(`<line x2="10" stroke="black" stroke-width="${value}"/>`)).stroke?.width;
    expect(await width('1mm')).toBeCloseTo(96 / 25.4, 6);
    expect(await width('1em')).toBe(16);
    expect(await width('10%')).toBeCloseTo(10, 6); // of the normalised diagonal of 100×100
    expect(await shapeOf('<line x2="10" stroke="black" stroke-width="0"/>').catch(() => null)).toBeNull();
  });

  it('folds opacity into the alpha of a shape with one paint, and groups it otherwise', async () => {
    const single = await shapeOf('<rect width="5" height="5" fill="red" fill-opacity="0.5" opacity="0.5"/>');
    expect(single.fill?.color.a).toBeCloseTo(0.25, 6);
    const both = (await nodesOf('<rect width="5" height="5" fill="red" stroke="blue" opacity="0.4"/>'))[0] as SvgGroup;
    expect(both).toMatchObject({ kind: 'group', opacity: 0.4, transform: null });
    expect((both.children[0] as SvgShape).fill?.color.a).toBe(1);
    const group = (await nodesOf('<g opacity="0.5"><rect width="5" height="5"/><rect x="2" width="5" height="5"/></g>'))[0] as SvgGroup;
    expect(group).toMatchObject({ kind: 'group', opacity: 0.5 });
  });

  it('skips display:none, visibility:hidden (but not visible children) and zero opacity', async () => {
    const nodes = await nodesOf(
      '<g display="none"><rect width="5" height="5"/></g><rect width="5" height="5" style="display:none"/>' +
        '<g visibility="hidden"><rect width="5" height="5" fill="red"/><rect width="5" height="5" fill="blue" visibility="visible"/></g>' +
        '<rect width="5" height="5" opacity="0"/>',
    );
    expect(nodes.map((n) => (n as SvgShape).fill?.color)).toEqual([rgb(0, 0, 255)]);
  });

  it('resolves gradients for the shape: stops and attributes through href, bounding-box units', async () => {
    const defs = '<defs><linearGradient id="g" x2="0.5"><stop offset="0" stop-color="#0000ff" stop-opacity="0.5"/><stop offset="150%" stop-color="red"/></linearGradient>' +
      '<linearGradient id="h" href="#g" x1="10%" gradientTransform="rotate(90)"/><radialGradient id="r"><stop style="stop-color: lime"/></radialGradient></defs>';
    const nodes = (await nodesOf(`${defs}<rect x="10" y="20" width="50" height="40" fill="url(#h)" fill-opacity="0.8"/><rect width="5" height="5" fill="url('#r')"/><rect width="5" height="5" fill="url(#missing) green"/><rect width="5" height="5" fill="url(#missing)" stroke="red"/>`)) as SvgShape[];
    const gradient = nodes[0]!.fill!.gradient!;
    expect(gradient.kind).toBe('linear');
    expect(gradient.coords).toEqual([0.1, 0, 0.5, 0]);
    expect(gradient.stops).toEqual([{ offset: 0, color: rgb(0, 0, 255, 0.5) }, { offset: 1, color: rgb(255, 0, 0) }]);
    expect(gradient.opacity).toBe(0.8);
    // The bounding box, then gradientTransform: x' = 50·(−y) + 10, y' = 40·x + 20.
    gradient.matrix.forEach((v, i) => expect(v).toBeCloseTo([0, 40, -50, 0, 10, 20][i]!, 9));
    expect(nodes.slice(1).map((n) => n.fill?.color ?? null)).toEqual([rgb(0, 255, 0), rgb(0, 128, 0), null]);
  });

  it('pads stops, keeps the focal point inside, and paints text with the first stop', async () => {
    const defs = '<defs><radialGradient id="r" cx="50" cy="50" r="20" fx="100" fy="50" gradientUnits="userSpaceOnUse"><stop offset="0.25" stop-color="white"/><stop offset="0.75" stop-color="black"/></radialGradient>' +
      '<linearGradient id="flat" x1="0.5" x2="0.5"><stop stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient></defs>';
    const nodes = await nodesOf(`${defs}<circle cx="50" cy="50" r="20" fill="url(#r)"/><rect width="5" height="5" fill="url(#flat)"/><text y="10" fill="url(#r)">x</text>`);
    const radial = (nodes[0] as SvgShape).fill!.gradient!;
    expect(radial.kind).toBe('radial');
    expect(radial.coords[0]).toBeCloseTo(69.98, 2); // moved onto the end circle
    expect(radial.coords.slice(1)).toEqual([50, 0, 50, 50, 20]);
    expect(radial.stops.map((s) => s.offset)).toEqual([0, 0.25, 0.75, 1]);
    expect((nodes[1] as SvgShape).fill).toEqual({ color: rgb(0, 0, 255), evenOdd: false }); // x1 = x2: the last stop
    expect((nodes[2] as SvgText).runs[0]!.fill).toEqual(rgb(255, 255, 255));
  });
});

describe('svg: structure', () => {
  it('keeps group transforms and element transforms as groups', async () => {
    const nodes = await nodesOf('<g transform="translate(10 20)"><rect width="5" height="5" transform="rotate(45)"/></g>');
    const outer = nodes[0] as SvgGroup;
    expect(outer.transform).toEqual([1, 0, 0, 1, 10, 20]);
    const inner = outer.children[0] as SvgGroup;
    expect(inner.transform![0]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(inner.children[0]!.kind).toBe('shape');
  });

  it('draws <use> copies at their x and y, styled from the <use>, and symbols through their viewBox', async () => {
    const nodes = await nodesOf(
      '<defs><rect id="r" width="4" height="4"/><symbol id="s" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5"/></symbol></defs>' +
        '<use href="#r" x="10" y="20" fill="red"/><use xlink:href="#s" xmlns:xlink="http://www.w3.org/1999/xlink" x="50" width="20" height="20"/>',
    );
    expect(nodes).toHaveLength(2);
    const copy = nodes[0] as SvgGroup;
    expect(copy.transform).toEqual([1, 0, 0, 1, 10, 20]);
    expect((copy.children[0] as SvgShape).fill?.color).toEqual(rgb(255, 0, 0));
    const symbol = nodes[1] as SvgGroup;
    expect(symbol.transform).toEqual([1, 0, 0, 1, 50, 0]);
    const clipped = symbol.children[0] as SvgGroup;
    expect(clipped.clip).not.toBeNull(); // the symbol's viewport clips
    expect((clipped.children[0] as SvgGroup).transform).toEqual([2, 0, 0, 2, 0, 0]);
  });

  it('turns a clip path of one shape into a clip, in the user space of the clipped element', async () => {
    const nodes = await nodesOf('<clipPath id="c" transform="translate(1 0)"><circle cx="5" cy="5" r="5" transform="scale(2)"/></clipPath><rect width="50" height="50" clip-path="url(#c)"/>');
    const group = nodes[0] as SvgGroup;
    expect(group.clip?.ops[0]).toEqual({ op: 'M', x: 21, y: 10 });
    expect(group.clip?.evenOdd).toBe(false);
  });

  it('lays out text with the bundled fonts: anchors, tspans, white space', async () => {
    const nodes = await nodesOf('<text x="50" y="20" text-anchor="middle" font-size="10" fill="red">  Hello\n   <tspan fill="blue" font-weight="bold">world</tspan>  </text>');
    const text = nodes[0] as SvgText;
    expect(text.kind).toBe('text');
    expect(text.runs.map((r) => r.segments.flatMap((s) => s.glyphs.map((g) => g.text)).join(''))).toEqual(['Hello ', 'world']);
    expect(text.runs[0]!.fill).toEqual(rgb(255, 0, 0));
    expect(text.runs[1]!.fill).toEqual(rgb(0, 0, 255));
    expect(text.runs[1]!.face.weight).toBe(700);
    const left = text.runs[0]!.x;
    const right = text.runs[1]!.x + text.runs[1]!.advance;
    expect((left + right) / 2).toBeCloseTo(50, 6); // centred on x
    expect(text.runs[0]!.y).toBe(20);
  });

  it('starts a new text chunk at a tspan with its own x, each anchored', async () => {
    const text = (await nodesOf('<text y="10" text-anchor="end"><tspan x="40">a</tspan><tspan x="40" dy="12">bb</tspan></text>'))[0] as SvgText;
    for (const run of text.runs) expect(run.x + run.advance).toBeCloseTo(40, 6);
    expect(text.runs.map((r) => r.y)).toEqual([10, 22]);
  });
});

describe('svg: the raster fallback', () => {
  it('sends what the drawing model lacks to the raster fallback, without a warning', async () => {
    expect(await rasterReason('<filter id="f"><feGaussianBlur stdDeviation="2"/></filter><rect width="10" height="10" filter="url(#f)"/>')).toBe('filter: url(#f)');
    expect(await rasterReason('<mask id="m"><rect width="5" height="5" fill="white"/></mask><rect width="10" height="10" mask="url(#m)"/>')).toBe('mask: url(#m)');
    expect(await rasterReason('<style>rect { fill: red }</style><rect width="10" height="10"/>')).toBe('a CSS <style> sheet');
    expect(await rasterReason('<foreignObject width="10" height="10"/>')).toBe('<foreignObject>');
    expect(await rasterReason('<pattern id="p" width="2" height="2"><rect width="1" height="1"/></pattern><rect width="10" height="10" fill="url(#p)"/>')).toBe('a pattern fill');
    expect(await rasterReason('<linearGradient id="g" spreadMethod="reflect" x2="0.5"><stop stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient><rect width="10" height="10" fill="url(#g)"/>')).toBe('a gradient with spreadMethod="reflect"');
    expect(await rasterReason('<clipPath id="c"><rect width="5" height="5"/><rect x="6" width="5" height="5"/></clipPath><rect width="10" height="10" clip-path="url(#c)"/>')).toBe('a clip path of several shapes');
    expect(await rasterReason('<text x="1 2 3" y="10">abc</text>')).toMatch(/a position per glyph/);
    expect(await rasterReason('<text y="10" rotate="30">abc</text>')).toBe('<text rotate>');
    expect(await rasterReason('<text y="10">שלום</text>')).toBe('right-to-left text');
    expect(await rasterReason('<path d="M0 0L10 10" stroke="red" marker-end="url(#m)"/>')).toBe('marker-end: url(#m)');
  });

  it('ignores unused definitions and empty style elements', async () => {
    const nodes = await nodesOf('<defs><filter id="f"/><mask id="m"/></defs><style>/* nothing */</style><rect width="4" height="4"/>');
    expect(nodes).toHaveLength(1);
  });
});
