// A query's cost: the number of fields it asks for, with fragments expanded. Depth alone does
// not bound work (`a1: cast … a500: cast …` is shallow), and fragments can multiply fields
// (`...F` where F spreads G twice, G spreads H twice …), so each fragment's cost is computed
// once and reused: linear in the document, whatever it expands to.
import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';

export function maxCostRule(maxCost: number): (context: ValidationContext) => ASTVisitor {
  return (context) => ({
    Document(document) {
      const fragments = new Map<string, FragmentDefinitionNode>();
      for (const definition of document.definitions) {
        if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
      }
      const memo = new Map<string, number>();
      const visiting = new Set<string>();
      const costOf = (set: SelectionSetNode): number => {
        let cost = 0;
        for (const selection of set.selections) {
          if (selection.kind === Kind.FIELD) cost += 1 + (selection.selectionSet ? costOf(selection.selectionSet) : 0);
          else if (selection.kind === Kind.INLINE_FRAGMENT) cost += costOf(selection.selectionSet);
          else cost += fragmentCost(selection.name.value);
          if (cost > maxCost) return cost; // enough to refuse; stop before the numbers grow
        }
        return cost;
      };
      const fragmentCost = (name: string): number => {
        const known = memo.get(name);
        if (known !== undefined) return known;
        const fragment = fragments.get(name);
        if (!fragment || visiting.has(name)) return 0; // unknown or cyclic: other rules report those
        visiting.add(name);
        const cost = costOf(fragment.selectionSet);
        visiting.delete(name);
        memo.set(name, cost);
        return cost;
      };
      for (const definition of document.definitions) {
        if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
        const cost = costOf(definition.selectionSet);
        if (cost > maxCost) {
          const name = definition.name ? `"${definition.name.value}"` : 'The operation';
          context.reportError(new GraphQLError(`${name} asks for more than ${maxCost} fields (fragments expanded); ask for fewer`, { nodes: [definition] }));
        }
      }
      return false; // nothing below needs visiting
    },
  });
}
