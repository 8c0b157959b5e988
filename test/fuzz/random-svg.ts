// Random SVG: a tree of shapes, text, groups, <use>, gradients, patterns, clip paths, masks,
// markers and <style> with random attributes (lengths with units, transforms, paint servers,
// dash arrays, path data), both as inline <svg> in HTML and as a data: image. The engine draws
// SVG itself (src/resources/svg/) and falls back to a raster for what it cannot draw.
import type { Random } from './random.js';

const NUMBERS = ['0', '1', '10', '50', '-10', '0.5', '1e3', '1e-3', '1e38', '-1e38', '1e309', 'NaN', '', 'abc', '10%', '5px', '2em', '1in', '3mm', '.5e1', '1e', '--1'];
const PAINTS = ['none', 'red', '#0f08', 'currentColor', 'url(#g0)', 'url(#g1) red', 'url(#p0)', 'url(#nope)', 'url(#c0)', 'context-fill', 'rgb(300,-1,2)', 'inherit', 'transparent', 'icc-color(x)', 'var(--x)'];
const TRANSFORMS = ['', 'translate(10 10)', 'scale(2)', 'scale(0)', 'scale(-1 1)', 'rotate(45 50 50)', 'skewX(90)', 'skewY(89.999)', 'matrix(1 0 0 1 0 0)', 'matrix(0 0 0 0 0 0)', 'matrix(1e38 0 0 1e38 0 0)', 'rotate(NaN)', 'translate(1e309)', 'scale(1,2,3)', 'rotate(', 'translate(10)translate(10)', 'garbage'];
const SHAPES = ['rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'path', 'text', 'image'];
const CONTAINERS = ['g', 'svg', 'symbol', 'a', 'switch', 'defs', 'clipPath', 'mask', 'pattern', 'marker'];

function pathData(rng: Random): string {
  const commands = 'MmLlHhVvCcSsQqTtAaZz';
  return Array.from({ length: rng.size(1, 60) }, () => `${rng.pick([...commands])}${Array.from({ length: rng.int(0, 7) }, () => rng.pick(NUMBERS.filter((n) => !/[a-z%]/.test(n)))).join(rng.pick([' ', ',', '']))}`).join(rng.pick([' ', '']));
}

function attributes(rng: Random, tag: string): string {
  const n = () => rng.pick(NUMBERS);
  const a: string[] = [];
  const add = (name: string, value: string) => a.push(`${name}="${value}"`);
  switch (tag) {
    case 'rect': add('x', n()); add('y', n()); add('width', n()); add('height', n()); if (rng.chance(0.3)) add('rx', n()); break;
    case 'circle': add('cx', n()); add('cy', n()); add('r', n()); break;
    case 'ellipse': add('cx', n()); add('cy', n()); add('rx', n()); add('ry', n()); break;
    case 'line': add('x1', n()); add('y1', n()); add('x2', n()); add('y2', n()); break;
    case 'polyline': case 'polygon': add('points', Array.from({ length: rng.size(0, 50) }, n).join(' ')); break;
    case 'path': add('d', pathData(rng)); if (rng.chance(0.2)) add('pathLength', n()); break;
    case 'text': add('x', Array.from({ length: rng.int(1, 4) }, n).join(' ')); add('y', n()); if (rng.chance(0.3)) add('textLength', n()); if (rng.chance(0.3)) add('font-size', n()); break;
    case 'image': add('href', rng.pick(['data:image/png;base64,iVBORw0KGgo=', 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', '#self', 'http://127.0.0.1/x.png'])); add('width', n()); add('height', n()); break;
    case 'svg': case 'symbol': case 'pattern': case 'marker': add('viewBox', rng.pick(['0 0 10 10', '0 0 0 0', '0 0 -1 10', '0,0,1e38,1e-38', 'a b', ''])); add('width', n()); add('height', n()); add('preserveAspectRatio', rng.pick(['none', 'xMidYMid meet', 'xMaxYMax slice', 'garbage'])); break;
    default: break;
  }
  if (tag === 'pattern') { add('id', 'p0'); add('patternUnits', rng.pick(['userSpaceOnUse', 'objectBoundingBox'])); }
  if (tag === 'clipPath') { add('id', 'c0'); add('clipPathUnits', rng.pick(['userSpaceOnUse', 'objectBoundingBox'])); }
  if (tag === 'mask') add('id', 'm0');
  if (tag === 'marker') { add('id', 'k0'); add('orient', rng.pick(['auto', '45', 'auto-start-reverse'])); add('markerWidth', n()); }
  if (rng.chance(0.2)) add('id', rng.pick(['a', 'b', 'c', 'g0']));
  if (rng.chance(0.4)) add('fill', rng.pick(PAINTS));
  if (rng.chance(0.3)) add('stroke', rng.pick(PAINTS));
  if (rng.chance(0.2)) add('stroke-width', n());
  if (rng.chance(0.15)) add('stroke-dasharray', Array.from({ length: rng.int(0, 6) }, n).join(rng.pick([' ', ','])));
  if (rng.chance(0.1)) add('stroke-linejoin', rng.pick(['miter', 'round', 'bevel', 'arcs', 'x']));
  if (rng.chance(0.1)) add('stroke-miterlimit', n());
  if (rng.chance(0.3)) add('transform', rng.pick(TRANSFORMS));
  if (rng.chance(0.15)) add('opacity', n());
  if (rng.chance(0.1)) add('fill-rule', rng.pick(['evenodd', 'nonzero']));
  if (rng.chance(0.1)) add('clip-path', rng.pick(['url(#c0)', 'url(#nope)', 'inset(10%)']));
  if (rng.chance(0.08)) add('mask', 'url(#m0)');
  if (rng.chance(0.08)) add('filter', 'url(#f0)');
  if (rng.chance(0.08)) add('marker-start', 'url(#k0)');
  if (rng.chance(0.15)) add('style', rng.pick(['fill:red;stroke:blue', 'display:none', 'visibility:hidden', 'font:1e9px serif', 'fill:url(#g0)', 'stroke-width:-1', 'transform:rotate(45deg)', 'opacity:2']));
  if (rng.chance(0.1)) add('class', 'k');
  return a.length ? ` ${a.join(' ')}` : '';
}

function element(rng: Random, depth: number, budget: { left: number }): string {
  budget.left--;
  if (depth > 12 || budget.left <= 0 || rng.chance(0.55)) {
    const tag = rng.pick(SHAPES);
    if (tag === 'text') return `<text${attributes(rng, tag)}>${rng.pick(['Text', '漢字', 'W'.repeat(rng.size(1, 300)), ''])}${rng.chance(0.3) ? `<tspan dx="${rng.pick(NUMBERS)}" dy="${rng.pick(NUMBERS)}" rotate="${rng.pick(NUMBERS)}">span</tspan>` : ''}${rng.chance(0.1) ? '<textPath href="#a">on a path</textPath>' : ''}</text>`;
    return `<${tag}${attributes(rng, tag)}/>`;
  }
  if (rng.chance(0.15)) return `<use href="#${rng.pick(['a', 'b', 'c', 'g0', 'nope', ''])}" x="${rng.pick(NUMBERS)}" width="${rng.pick(NUMBERS)}"/>`;
  const tag = rng.pick(CONTAINERS);
  const children = Array.from({ length: rng.int(0, 4) }, () => element(rng, depth + 1, budget)).join('');
  return `<${tag}${attributes(rng, tag)}>${children}</${tag}>`;
}

function defs(rng: Random): string {
  const stops = () => Array.from({ length: rng.int(0, 5) }, () => `<stop offset="${rng.pick(['0', '0.5', '1', '50%', '-1', '2', 'x'])}" stop-color="${rng.pick(['red', 'blue', '#0000', 'nope'])}" stop-opacity="${rng.pick(['1', '0', '-1', '2'])}"/>`).join('');
  const common = () => `gradientUnits="${rng.pick(['userSpaceOnUse', 'objectBoundingBox', 'x'])}" spreadMethod="${rng.pick(['pad', 'reflect', 'repeat'])}" gradientTransform="${rng.pick(TRANSFORMS)}"${rng.chance(0.2) ? ` href="#${rng.pick(['g0', 'g1'])}"` : ''}`;
  return `<defs><linearGradient id="g0" x1="${rng.pick(NUMBERS)}" x2="${rng.pick(NUMBERS)}" ${common()}>${stops()}</linearGradient><radialGradient id="g1" r="${rng.pick(NUMBERS)}" fx="${rng.pick(NUMBERS)}" fr="${rng.pick(NUMBERS)}" ${common()}>${stops()}</radialGradient><filter id="f0"><feGaussianBlur stdDeviation="${rng.pick(NUMBERS)}"/></filter></defs>${rng.chance(0.3) ? `<style>.k { fill: ${rng.pick(PAINTS)}; stroke-width: ${rng.pick(NUMBERS)} } rect { ${rng.pick(['display: none', 'transform: scale(2)', 'fill: red'])} }</style>` : ''}`;
}

/** A random SVG document. */
export function randomSvg(rng: Random): { text: string; what: string } {
  const elements = rng.size(3, 300);
  const budget = { left: elements };
  const body = Array.from({ length: rng.int(1, 8) }, () => element(rng, 0, budget)).join('');
  const size = rng.pick(['width="200" height="100"', 'width="100%" height="50%"', 'viewBox="0 0 100 100"', 'width="0" height="0"', 'width="1e6" height="1e6"', '']);
  return { text: `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${size}>${defs(rng)}${body}</svg>`, what: `svg of ${elements - Math.max(0, budget.left)} elements` };
}
