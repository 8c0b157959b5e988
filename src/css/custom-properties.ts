// Custom properties (css-variables-1): `--*` declarations are inherited raw token strings;
// their own var() references are substituted here, and reference cycles make every member
// of the cycle invalid at computed-value time (§2.3).
//
// The dependency graph is walked without recursion (Tarjan's strongly connected components
// with an explicit stack): a chain of 10,000 variables is as deep as the graph gets, and each
// value is substituted after what it references, in time linear in the declarations' text.
import { containsVar, MAX_SUBSTITUTION_LENGTH, referencedNames, substituteVars, TOO_LONG, type CustomLookup } from './values/var.js';

/** Computed custom properties by name; absent = the guaranteed-invalid value. */
export type CustomProperties = ReadonlyMap<string, string>;

export const NO_CUSTOM_PROPERTIES: CustomProperties = new Map();

/** What the cascade chose for one custom property on one element. */
export type DeclaredCustom =
  | { readonly kind: 'raw'; readonly text: string }
  | { readonly kind: 'keyword'; readonly keyword: 'initial' | 'inherit' | 'unset' };

/**
 * Computes an element's custom properties from its parent's and its own winning declarations.
 * `warn` hears of values made invalid by the substitution length limit.
 */
export function computeCustomProperties(parent: CustomProperties, declared: ReadonlyMap<string, DeclaredCustom>, warn: (message: string) => void = () => {}): CustomProperties {
  if (declared.size === 0) return parent;
  const result = new Map(parent);
  const names = [...declared.keys()];
  const ids = new Map(names.map((name, id) => [name, id]));
  // Edges to this element's own declarations only: anything else is the parent's, computed.
  const edges = names.map((name) => {
    const own = declared.get(name)!;
    if (own.kind !== 'raw' || !containsVar(own.text)) return NO_EDGES;
    return referencedNames(own.text).flatMap((ref) => ids.get(ref) ?? []);
  });
  const lookup: CustomLookup = (name) => result.get(name);
  for (const component of stronglyConnected(edges)) {
    // A cycle, a self-reference included, makes its members invalid (§2.3).
    const cyclic = component.length > 1 || edges[component[0]!]!.includes(component[0]!);
    for (const id of component) {
      const name = names[id]!;
      const value = cyclic ? undefined : specifiedValue(name, declared.get(name)!, parent.get(name), lookup, warn);
      if (value === undefined) result.delete(name);
      else result.set(name, value);
    }
  }
  return result;
}

const NO_EDGES: readonly number[] = [];

function specifiedValue(name: string, own: DeclaredCustom, inherited: string | undefined, lookup: CustomLookup, warn: (message: string) => void): string | undefined {
  if (own.kind === 'keyword') return own.keyword === 'initial' ? undefined : inherited;
  if (!containsVar(own.text)) return own.text;
  const value = substituteVars(own.text, lookup);
  if (value === TOO_LONG) warn(`custom property '${name}': var() substitution too long (over ${MAX_SUBSTITUTION_LENGTH} characters); invalid at computed-value time`);
  return typeof value === 'string' ? value : undefined;
}

/**
 * The strongly connected components of a graph given as adjacency lists, each emitted after
 * every component it has edges to (Tarjan's algorithm, iterative).
 */
function stronglyConnected(edges: readonly (readonly number[])[]): number[][] {
  const n = edges.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const nextEdge = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const work: number[] = [];
  const components: number[][] = [];
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    work.push(root);
    while (work.length > 0) {
      const v = work[work.length - 1]!;
      if (index[v] === -1) {
        index[v] = low[v] = counter++;
        stack.push(v);
        onStack[v] = 1;
      }
      const out = edges[v]!;
      if (nextEdge[v]! < out.length) {
        const w = out[nextEdge[v]!++]!;
        if (index[w] === -1) work.push(w);
        else if (onStack[w] === 1) low[v] = Math.min(low[v]!, index[w]!);
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const u = work[work.length - 1]!;
        low[u] = Math.min(low[u]!, low[v]!);
      }
      if (low[v] === index[v]) {
        const component: number[] = [];
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          component.push(w);
        } while (w !== v);
        components.push(component);
      }
    }
  }
  return components;
}
