// CSS counters (CSS Lists 3 §4): scoped instances created by counter-reset, changed by
// counter-increment and counter-set, read by counter()/counters() in document order.
import type { CounterList } from '../css/types.js';

/**
 * The counters in scope during a pre-order walk. A counter created on an element is in
 * scope for that element, its descendants and its following siblings with their
 * descendants, so instances are dropped when the walk leaves the element's parent.
 */
export class CounterScope {
  private readonly stacks = new Map<string, number[]>();
  /**
   * Names created at each open tree level, so they can be dropped when the level closes. A
   * set: 10,000 siblings resetting distinct counters would make a list scan quadratic.
   * Null until a counter is created there: most levels create none (one set per element was
   * a measurable share of box generation's garbage).
   */
  private readonly levels: (Set<string> | null)[] = [null];

  /** Enter an element's children: counters reset by the children live in this new level. */
  enterChildren(): void {
    this.levels.push(null);
  }

  /** Leave an element's children: drop the counters its children created. */
  leaveChildren(): void {
    const created = this.levels.pop();
    if (created) for (const name of created) this.stacks.get(name)?.pop();
  }

  /** counter-reset on the element being visited. A sibling's instance of the same name is replaced. */
  reset(list: CounterList): void {
    if (list.length === 0) return;
    const top = this.levels.length - 1;
    const level = (this.levels[top] ??= new Set());
    for (const { name, value } of list) {
      const stack = this.stacks.get(name) ?? [];
      if (level.has(name)) stack[stack.length - 1] = value;
      else {
        stack.push(value);
        level.add(name);
      }
      this.stacks.set(name, stack);
    }
  }

  /** counter-increment; a counter not in scope is created on the element first (CSS Lists 3 §4.4). */
  increment(list: CounterList): void {
    for (const { name, value } of list) {
      if (!this.has(name)) this.reset([{ name, value: 0 }]);
      const stack = this.stacks.get(name)!;
      stack[stack.length - 1]! += value;
    }
  }

  /** counter-set. */
  set(list: CounterList): void {
    for (const { name, value } of list) {
      if (!this.has(name)) this.reset([{ name, value: 0 }]);
      const stack = this.stacks.get(name)!;
      stack[stack.length - 1] = value;
    }
  }

  has(name: string): boolean {
    return (this.stacks.get(name)?.length ?? 0) > 0;
  }

  /** The innermost value (0 when the counter does not exist, as counter() does after implicit creation). */
  value(name: string): number {
    const stack = this.stacks.get(name);
    return stack && stack.length > 0 ? stack[stack.length - 1]! : 0;
  }

  /** All values from outermost to innermost, for counters(). */
  values(name: string): readonly number[] {
    const stack = this.stacks.get(name);
    return stack && stack.length > 0 ? [...stack] : [0];
  }
}
