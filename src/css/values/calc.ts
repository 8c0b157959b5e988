// Math functions (css-values-4 §10): calc(), min(), max(), clamp() parsed into a small tree and
// evaluated per element, since em/rem operands need the element's font size.
import type { Component } from './components.js';
import type { ComputeContext } from './context.js';
import { toPoints } from './units.js';

export type CalcNode =
  | { readonly kind: 'num'; readonly value: number }
  | { readonly kind: 'dim'; readonly value: number; readonly unit: string }
  | { readonly kind: 'pct'; readonly value: number }
  | { readonly kind: 'sum'; readonly op: '+' | '-'; readonly left: CalcNode; readonly right: CalcNode }
  | { readonly kind: 'product'; readonly op: '*' | '/'; readonly left: CalcNode; readonly right: CalcNode }
  | { readonly kind: 'min' | 'max' | 'clamp'; readonly args: readonly CalcNode[] };

/** A calc() result: a plain number, or a length as pt plus a percentage. */
export type CalcResult =
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'length'; readonly abs: number; readonly pct: number };

const MATH_FUNCTIONS = new Set(['calc', 'min', 'max', 'clamp', '-webkit-calc']);

export function isMathFunction(name: string): boolean {
  return MATH_FUNCTIONS.has(name);
}

/** Parses a math function component into a tree, or null if its syntax is invalid. */
export function parseMathFunction(c: Component & { type: 'function' }): CalcNode | null {
  if (c.name === 'calc' || c.name === '-webkit-calc') return parseSum(c.args);
  const args: CalcNode[] = [];
  let current: Component[] = [];
  for (const item of c.args) {
    if (item.type === 'op' && item.value === ',') {
      const node = parseSum(current);
      if (node === null) return null;
      args.push(node);
      current = [];
    } else current.push(item);
  }
  const last = parseSum(current);
  if (last === null) return null;
  args.push(last);
  if (c.name === 'clamp' && args.length !== 3) return null;
  return { kind: c.name as 'min' | 'max' | 'clamp', args };
}

// sum := product (('+' | '-') product)*
function parseSum(items: readonly Component[]): CalcNode | null {
  if (items.length === 0) return null;
  const terms = splitAt(items, (c) => c.type === 'op' && (c.value === '+' || c.value === '-'));
  let node = parseProduct(terms.parts[0]!);
  for (let i = 0; i < terms.ops.length && node !== null; i++) {
    const right = parseProduct(terms.parts[i + 1]!);
    node = right && { kind: 'sum', op: terms.ops[i] as '+' | '-', left: node, right };
  }
  return node;
}

// product := value (('*' | '/') value)*
function parseProduct(items: readonly Component[]): CalcNode | null {
  if (items.length === 0) return null;
  const factors = splitAt(items, (c) => c.type === 'op' && (c.value === '*' || c.value === '/'));
  let node = parseOperand(factors.parts[0]!);
  for (let i = 0; i < factors.ops.length && node !== null; i++) {
    const right = parseOperand(factors.parts[i + 1]!);
    node = right && { kind: 'product', op: factors.ops[i] as '*' | '/', left: node, right };
  }
  return node;
}

function parseOperand(items: readonly Component[]): CalcNode | null {
  if (items.length !== 1) return null;
  const c = items[0]!;
  switch (c.type) {
    case 'number':
      return { kind: 'num', value: c.value };
    case 'dimension':
      return { kind: 'dim', value: c.value, unit: c.unit };
    case 'percentage':
      return { kind: 'pct', value: c.value };
    case 'parens':
      return parseSum(c.items);
    case 'function':
      return isMathFunction(c.name) ? parseMathFunction(c) : null;
    case 'ident':
      return namedConstant(c.lower);
    default:
      return null;
  }
}

// css-values-4 §10.7.1 numeric constants.
function namedConstant(name: string): CalcNode | null {
  if (name === 'pi') return { kind: 'num', value: Math.PI };
  if (name === 'e') return { kind: 'num', value: Math.E };
  return null;
}

function splitAt(items: readonly Component[], isOp: (c: Component) => boolean): { parts: Component[][]; ops: string[] } {
  const parts: Component[][] = [[]];
  const ops: string[] = [];
  for (const item of items) {
    if (isOp(item)) {
      ops.push((item as { value: string }).value);
      parts.push([]);
    } else parts[parts.length - 1]!.push(item);
  }
  return { parts, ops };
}

/** Evaluates a tree in a context; null when the types do not combine (e.g. length × length). */
export function evaluateCalc(node: CalcNode, ctx: ComputeContext): CalcResult | null {
  switch (node.kind) {
    case 'num':
      return { kind: 'number', value: node.value };
    case 'dim': {
      const pt = toPoints(node.value, node.unit, ctx);
      return pt === null ? null : { kind: 'length', abs: pt, pct: 0 };
    }
    case 'pct':
      return { kind: 'length', abs: 0, pct: node.value };
    case 'sum':
      return add(evaluateCalc(node.left, ctx), evaluateCalc(node.right, ctx), node.op === '-' ? -1 : 1);
    case 'product':
      return multiply(evaluateCalc(node.left, ctx), evaluateCalc(node.right, ctx), node.op);
    case 'min':
    case 'max':
    case 'clamp':
      return compare(node.kind, node.args.map((a) => evaluateCalc(a, ctx)));
  }
}

function add(a: CalcResult | null, b: CalcResult | null, sign: 1 | -1): CalcResult | null {
  if (a === null || b === null || a.kind !== b.kind) return null;
  if (a.kind === 'number' && b.kind === 'number') return { kind: 'number', value: a.value + sign * b.value };
  const la = a as CalcResult & { kind: 'length' };
  const lb = b as CalcResult & { kind: 'length' };
  return { kind: 'length', abs: la.abs + sign * lb.abs, pct: la.pct + sign * lb.pct };
}

function multiply(a: CalcResult | null, b: CalcResult | null, op: '*' | '/'): CalcResult | null {
  if (a === null || b === null) return null;
  if (op === '/') {
    // The divisor must be a number (css-values-4 §10.9); dividing by zero we treat as invalid.
    if (b.kind !== 'number' || b.value === 0) return null;
    return scale(a, 1 / b.value);
  }
  if (a.kind === 'number') return scale(b, a.value);
  if (b.kind === 'number') return scale(a, b.value);
  return null;
}

function scale(r: CalcResult, k: number): CalcResult {
  return r.kind === 'number' ? { kind: 'number', value: r.value * k } : { kind: 'length', abs: r.abs * k, pct: r.pct * k };
}

// min()/max()/clamp() are resolved here only when every operand is absolute: a percentage
// would need the containing block, which layout knows and we do not.
function compare(kind: 'min' | 'max' | 'clamp', args: readonly (CalcResult | null)[]): CalcResult | null {
  if (args.some((a) => a === null)) return null;
  const all = args as CalcResult[];
  const first = all[0]!;
  if (!all.every((a) => a.kind === first.kind)) return null;
  if (first.kind === 'length' && all.some((a) => (a as { pct: number }).pct !== 0)) return null;
  const values = all.map((a) => (a.kind === 'number' ? a.value : a.abs));
  let value: number;
  if (kind === 'min') value = Math.min(...values);
  else if (kind === 'max') value = Math.max(...values);
  else value = Math.max(values[0]!, Math.min(values[1]!, values[2]!));
  return first.kind === 'number' ? { kind: 'number', value } : { kind: 'length', abs: value, pct: 0 };
}
