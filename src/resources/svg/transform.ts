// The `transform` attribute (SVG 1.1 §7.6): a list of matrix(), translate(), scale(),
// rotate(), skewX() and skewY(), applied right to left. The CSS form in `style` (units on
// angles and lengths: `rotate(45deg)`, `translate(10px, 5px)`) reads the same way here.

import { IDENTITY, multiply, rotation, scaling, skewX, skewY, translation } from './matrix.js';
import type { Matrix } from './model.js';
import { NumberScanner } from './numbers.js';

/** The transform list's matrix, or null when the list is malformed (the attribute is then ignored). */
export function parseTransform(text: string): Matrix | null {
  const scanner = new NumberScanner(text);
  let result = IDENTITY;
  scanner.spaces();
  while (!scanner.done) {
    const name = match(FUNCTION_NAME, text, scanner.pos);
    if (!name) return null;
    scanner.pos += name.length;
    scanner.spaces();
    if (scanner.peek() !== '(') return null;
    scanner.pos++;
    const args = readArguments(scanner);
    if (args === null) return null;
    const matrix = transformFunction(name, args);
    if (matrix === null) return null;
    result = multiply(result, matrix);
    scanner.separator();
  }
  return result;
}

/** Numbers up to `)`, each optionally followed by a CSS unit (deg, rad, turn, grad, px). */
function readArguments(scanner: NumberScanner): number[] | null {
  const args: number[] = [];
  scanner.spaces();
  while (scanner.peek() !== ')') {
    const value = scanner.number();
    if (value === null || args.length >= 6) return null;
    const unit = match(UNIT, scanner.text, scanner.pos) ?? '';
    scanner.pos += unit.length;
    const scale = UNIT_SCALE[unit.toLowerCase()];
    if (scale === undefined) return null;
    args.push(value * scale);
    scanner.separator();
    if (scanner.done) return null;
  }
  scanner.pos++;
  return args;
}

const FUNCTION_NAME = /[a-zA-Z]+/y;
const UNIT = /[a-zA-Z%]+/y;

/** A sticky regex's match at `pos` (no copy of the rest of the string), or null. */
function match(regex: RegExp, text: string, pos: number): string | null {
  regex.lastIndex = pos;
  return regex.exec(text)?.[0] ?? null;
}

// Angles in degrees, lengths in px.
const UNIT_SCALE: Readonly<Record<string, number>> = { '': 1, deg: 1, px: 1, rad: 180 / Math.PI, turn: 360, grad: 0.9 };

function transformFunction(name: string, args: readonly number[]): Matrix | null {
  const [a = 0, b, c] = args;
  const n = args.length;
  switch (name) {
    case 'matrix':
      return n === 6 ? (args as unknown as Matrix) : null;
    case 'translate':
      return n === 1 || n === 2 ? translation(a, b ?? 0) : null;
    case 'translateX':
      return n === 1 ? translation(a, 0) : null;
    case 'translateY':
      return n === 1 ? translation(0, a) : null;
    case 'scale':
      return n === 1 || n === 2 ? scaling(a, b ?? a) : null;
    case 'rotate':
      if (n === 1) return rotation(a);
      // rotate(a, cx, cy) = translate(cx, cy) rotate(a) translate(−cx, −cy)
      return n === 3 ? multiply(multiply(translation(b!, c!), rotation(a)), translation(-b!, -c!)) : null;
    case 'skewX':
      return n === 1 ? skewX(a) : null;
    case 'skewY':
      return n === 1 ? skewY(a) : null;
    default:
      return null;
  }
}
