// Values carried from page to page (css-gcpm-3 §1.2, §2.3): a named string or running
// element keeps its last assignment until content sets a new one, and string()/element()
// choose between the page's own assignments and the one it entered with.
import type { RunningElement } from '../../boxes/types.js';
import type { PageMarks } from './page-marks.js';

/** The policy argument of string() and element(). */
export type CarryPolicy = 'first' | 'start' | 'last' | 'first-except';

/** What string() and element() read on one page. Small: maps are shared until a page changes them. */
export interface PageValues {
  readonly entryStrings: ReadonlyMap<string, string>;
  readonly entryRunning: ReadonlyMap<string, RunningElement>;
  readonly marks: PageMarks;
}

/** Feeds pages in order and hands out each page's values. */
export class CarriedValues {
  private strings: ReadonlyMap<string, string> = new Map();
  private running: ReadonlyMap<string, RunningElement> = new Map();

  advance(marks: PageMarks): PageValues {
    const values: PageValues = { entryStrings: this.strings, entryRunning: this.running, marks };
    if (marks.strings.length > 0) {
      const next = new Map(this.strings);
      for (const s of marks.strings) next.set(s.name, s.value);
      this.strings = next;
    }
    if (marks.running.length > 0) {
      const next = new Map(this.running);
      for (const r of marks.running) next.set(r.element.name, r.element);
      this.running = next;
    }
    return values;
  }
}

/** string(name, policy) on a page (css-gcpm-3 §1.2.2). */
export function stringOnPage(values: PageValues, name: string, policy: CarryPolicy): string {
  const here = values.marks.strings.filter((s) => s.name === name);
  const entry = values.entryStrings.get(name) ?? '';
  switch (policy) {
    case 'first': return here[0]?.value ?? entry;
    case 'start': return here[0]?.atStart ? here[0].value : entry;
    case 'last': return here.length > 0 ? here[here.length - 1]!.value : entry;
    case 'first-except': return here.length > 0 ? '' : entry;
  }
}

/** element(name, policy) on a page (css-gcpm-3 §2.3, the policies of string()): the running element to show, if any. */
export function runningOnPage(values: PageValues, name: string, policy: CarryPolicy): RunningElement | null {
  const here = values.marks.running.filter((r) => r.element.name === name);
  const entry = values.entryRunning.get(name) ?? null;
  switch (policy) {
    case 'first': return here[0]?.element ?? entry;
    case 'start': return here[0]?.atStart ? here[0].element : entry;
    case 'last': return here.length > 0 ? here[here.length - 1]!.element : entry;
    case 'first-except': return here.length > 0 ? null : entry;
  }
}

/** Parses the `name[, policy]` arguments of string() or element(). */
export function parseCarryArgs(args: string): { name: string; policy: CarryPolicy } | null {
  const [name, policy = 'first', ...rest] = args.split(',').map((s) => s.trim());
  if (!name || !/^-?[_a-zA-Z][\w-]*$/.test(name) || rest.length > 0) return null;
  const p = policy.toLowerCase();
  if (p !== 'first' && p !== 'start' && p !== 'last' && p !== 'first-except') return null;
  return { name, policy: p };
}
