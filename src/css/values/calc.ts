// Math functions (css-values-4 §10): calc(), min(), max(), clamp() parsed into a small tree and
// evaluated per element, since em/rem operands need the element's font size.
//
// Sums and products are n-ary, so a calc() of 100,000 terms is a flat list evaluated by a loop;
// the tree is only as deep as the value's nesting of functions and parentheses, which
// components.ts bounds. Like terms of a sum are added up while parsing (the simplification of
// §10.10), so a long sum of lengths costs one term per unit each time it is evaluated.
import type { Component } from './components.js';
import type { ComputeContext } from './context.js';
import { ABSOLUTE_PT, toPoints } from './units.js';

export type CalcNode =
  | { readonly kind: 'num'; readonly value: number }
  | { readonly kind: 'dim'; readonly value: number; readonly unit: string }
  | { readonly kind: 'pct'; readonly value: number }
  /** Terms added up; a subtracted term is negated. */
  | { readonly kind: 'sum'; readonly terms: readonly CalcNode[] }
  /** Factors multiplied left to right; the first one's op is '*'. */
  | { readonly kind: 'product'; readonly factors: readonly Factor[] }
  | { readonly kind: 'min' | 'max' | 'clamp'; readonly args: readonly CalcNode[] };

export interface Factor {
  readonly op: '*' | '/';
  readonly node: CalcNode;
}

type Leaf = CalcNode & { kind: 'num' | 'dim' | 'pct' };

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
  const terms = new SumBuilder();
  let start = 0;
  let sign: 1 | -1 = 1;
  for (let i = 0; i <= items.length; i++) {
    const c = items[i];
    if (c !== undefined && !(c.type === 'op' && (c.value === '+' || c.value === '-'))) continue;
    const node = parseProduct(items, start, i);
    if (node === null) return null;
    terms.add(node, sign);
    sign = c !== undefined && c.type === 'op' && c.value === '-' ? -1 : 1;
    start = i + 1;
  }
  return terms.build();
}

// product := value (('*' | '/') value)*, over items[start, end).
function parseProduct(items: readonly Component[], start: number, end: number): CalcNode | null {
  if (start >= end) return null;
  const factors: Factor[] = [];
  let op: '*' | '/' = '*';
  let operand = start;
  for (let i = start; i <= end; i++) {
    const c = items[i];
    if (i < end && !(c!.type === 'op' && (c!.value === '*' || c!.value === '/'))) continue;
    if (i - operand !== 1) return null;
    const node = parseOperand(items[operand]!);
    if (node === null) return null;
    factors.push({ op, node });
    op = i < end && (c as { value: string }).value === '/' ? '/' : '*';
    operand = i + 1;
  }
  return factors.length === 1 ? factors[0]!.node : foldProduct(factors);
}

function parseOperand(c: Component): CalcNode | null {
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

/**
 * Collects a sum's terms, adding up numbers, absolute lengths (in pt), percentages and each
 * relative unit as they come. A number and a length stay separate terms, so the mismatch is
 * still found when the sum is evaluated.
 */
class SumBuilder {
  private number: number | null = null;
  private absolute: number | null = null;
  private percent: number | null = null;
  private readonly relative = new Map<string, number>();
  private readonly others: CalcNode[] = [];

  add(node: CalcNode, sign: 1 | -1): void {
    switch (node.kind) {
      case 'num':
        this.number = (this.number ?? 0) + sign * node.value;
        return;
      case 'pct':
        this.percent = (this.percent ?? 0) + sign * node.value;
        return;
      case 'dim': {
        const pt = ABSOLUTE_PT[node.unit];
        if (pt !== undefined) this.absolute = (this.absolute ?? 0) + sign * node.value * pt;
        else this.relative.set(node.unit, (this.relative.get(node.unit) ?? 0) + sign * node.value);
        return;
      }
      case 'sum':
        for (const term of node.terms) this.add(term, sign);
        return;
      default:
        this.others.push(sign === 1 ? node : { kind: 'product', factors: [{ op: '*', node }, { op: '*', node: { kind: 'num', value: -1 } }] });
    }
  }

  build(): CalcNode {
    const terms: CalcNode[] = [];
    if (this.number !== null) terms.push({ kind: 'num', value: this.number });
    if (this.absolute !== null) terms.push({ kind: 'dim', value: this.absolute, unit: 'pt' });
    if (this.percent !== null) terms.push({ kind: 'pct', value: this.percent });
    for (const [unit, value] of this.relative) terms.push({ kind: 'dim', value, unit });
    terms.push(...this.others);
    return terms.length === 1 ? terms[0]! : { kind: 'sum', terms };
  }
}

/** A product of numbers and at most one length or percentage (not a divisor) is that leaf, scaled. */
function foldProduct(factors: readonly Factor[]): CalcNode {
  let k = 1;
  let leaf: Leaf | null = null;
  for (const { op, node } of factors) {
    if (node.kind === 'num' && !(op === '/' && node.value === 0)) k = op === '*' ? k * node.value : k / node.value;
    else if ((node.kind === 'dim' || node.kind === 'pct') && op === '*' && leaf === null) leaf = node;
    else return { kind: 'product', factors };
  }
  return leaf === null ? { kind: 'num', value: k } : { ...leaf, value: leaf.value * k };
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
    case 'sum': {
      let total = evaluateCalc(node.terms[0]!, ctx);
      for (let i = 1; i < node.terms.length && total !== null; i++) total = add(total, evaluateCalc(node.terms[i]!, ctx));
      return total;
    }
    case 'product': {
      let total = evaluateCalc(node.factors[0]!.node, ctx);
      for (let i = 1; i < node.factors.length && total !== null; i++) total = multiply(total, evaluateCalc(node.factors[i]!.node, ctx), node.factors[i]!.op);
      return total;
    }
    case 'min':
    case 'max':
    case 'clamp':
      return compare(node.kind, node.args.map((a) => evaluateCalc(a, ctx)));
  }
}

function add(a: CalcResult, b: CalcResult | null): CalcResult | null {
  if (b === null || a.kind !== b.kind) return null;
  if (a.kind === 'number' && b.kind === 'number') return { kind: 'number', value: a.value + b.value };
  const la = a as CalcResult & { kind: 'length' };
  const lb = b as CalcResult & { kind: 'length' };
  return { kind: 'length', abs: la.abs + lb.abs, pct: la.pct + lb.pct };
}

function multiply(a: CalcResult, b: CalcResult | null, op: '*' | '/'): CalcResult | null {
  if (b === null) return null;
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
  // A loop, not Math.min(...values): spreading 100,000 arguments overflows the stack.
  if (kind === 'clamp') value = Math.max(values[0]!, Math.min(values[1]!, values[2]!));
  else value = values.reduce((m, v) => (kind === 'min' ? Math.min(m, v) : Math.max(m, v)));
  return first.kind === 'number' ? { kind: 'number', value } : { kind: 'length', abs: value, pct: 0 };
}
