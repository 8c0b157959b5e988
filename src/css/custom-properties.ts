// Custom properties (css-variables-1): `--*` declarations are inherited raw token strings;
// their own var() references are substituted here, and reference cycles make every member
// of the cycle invalid at computed-value time (§2.3).
import { containsVar, substituteVars } from './values/var.js';

/** Computed custom properties by name; absent = the guaranteed-invalid value. */
export type CustomProperties = ReadonlyMap<string, string>;

export const NO_CUSTOM_PROPERTIES: CustomProperties = new Map();

/** What the cascade chose for one custom property on one element. */
export type DeclaredCustom =
  | { readonly kind: 'raw'; readonly text: string }
  | { readonly kind: 'keyword'; readonly keyword: 'initial' | 'inherit' | 'unset' };

/** Computes an element's custom properties from its parent's and its own winning declarations. */
export function computeCustomProperties(parent: CustomProperties, declared: ReadonlyMap<string, DeclaredCustom>): CustomProperties {
  if (declared.size === 0) return parent;
  const result = new Map(parent);
  const done = new Set<string>();
  const stack: string[] = [];
  const cyclic = new Set<string>();

  const resolve = (name: string): string | undefined => {
    const own = declared.get(name);
    if (own === undefined) return parent.get(name);
    if (done.has(name)) return result.get(name);
    const onStack = stack.indexOf(name);
    if (onStack >= 0) {
      for (const member of stack.slice(onStack)) cyclic.add(member);
      return undefined;
    }
    stack.push(name);
    let value = specifiedValue(own, parent.get(name), resolve);
    stack.pop();
    if (cyclic.has(name)) value = undefined;
    done.add(name);
    if (value === undefined) result.delete(name);
    else result.set(name, value);
    return value;
  };

  for (const name of declared.keys()) resolve(name);
  return result;
}

function specifiedValue(own: DeclaredCustom, inherited: string | undefined, resolve: (name: string) => string | undefined): string | undefined {
  if (own.kind === 'keyword') return own.keyword === 'initial' ? undefined : inherited;
  if (!containsVar(own.text)) return own.text;
  return substituteVars(own.text, resolve) ?? undefined;
}
