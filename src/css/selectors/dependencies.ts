// What a selector's result depends on besides its elements' tags, ids and classes: siblings
// and content (structural), attributes. Recorded while a top-level selector compiles, nested
// selectors included; the rule index uses it to share results between alike elements.
import type { AttributeValueTest, SelectorDependencies } from './types.js';

interface DependencyRecorder {
  structural: boolean;
  readonly values: Set<string>;
  readonly tests: Map<string, AttributeValueTest>;
  readonly presence: Set<string>;
  readonly ids: Set<string>;
  readonly classes: Set<string>;
}

function newRecorder(): DependencyRecorder {
  return { structural: false, values: new Set(), tests: new Map(), presence: new Set(), ids: new Set(), classes: new Set() };
}

let recorder: DependencyRecorder = newRecorder();

/** Runs `compile`, returning its value and everything recorded meanwhile (re-entrant). */
export function recordDependencies<T>(compile: () => T): { value: T; dependencies: SelectorDependencies } {
  const saved = recorder;
  recorder = newRecorder();
  try {
    const value = compile();
    return { value, dependencies: dependenciesOf(recorder) };
  } finally {
    recorder = saved;
  }
}

function dependenciesOf(r: DependencyRecorder): SelectorDependencies {
  return {
    structural: r.structural,
    attributeValues: [...r.values],
    attributeTests: [...r.tests.values()],
    attributePresence: [...r.presence].filter((a) => !r.values.has(a)),
    ids: [...r.ids],
    classes: [...r.classes],
  };
}

/** Dependencies of a selector compiled outside any recording (nested selectors). */
export const NO_DEPENDENCIES: SelectorDependencies = { structural: false, attributeValues: [], attributeTests: [], attributePresence: [], ids: [], classes: [] };

export function dependOnStructure(): void {
  recorder.structural = true;
}

export function dependOnId(id: string): void {
  recorder.ids.add(id);
}

export function dependOnClass(name: string): void {
  recorder.classes.add(name);
}

export function dependOnPresence(attribute: string): void {
  recorder.presence.add(attribute);
}

export function dependOnValueTest(test: AttributeValueTest): void {
  if (!recorder.tests.has(test.key)) recorder.tests.set(test.key, test);
}

const STRUCTURAL_PSEUDO_CLASSES = new Set(['first-child', 'last-child', 'only-child', 'first-of-type', 'last-of-type', 'only-of-type', 'empty', 'has']);

// Pseudo-classes that read attributes: name → [attribute, does its whole value matter?].
const ATTRIBUTE_PSEUDO_CLASSES: Readonly<Record<string, readonly (readonly [string, boolean])[]>> = {
  link: [['href', false]],
  'any-link': [['href', false]],
  checked: [['checked', false], ['selected', false]],
  disabled: [['disabled', false]],
  enabled: [['disabled', false]],
  required: [['required', false]],
  optional: [['required', false]],
  'read-only': [['readonly', false]],
  lang: [['lang', true], ['xml:lang', true]],
};

/** Records what a pseudo-class (lower-case name) reads. */
export function dependOnPseudoClass(name: string): void {
  if (STRUCTURAL_PSEUDO_CLASSES.has(name) || name.startsWith('nth-')) recorder.structural = true;
  for (const [attribute, valued] of ATTRIBUTE_PSEUDO_CLASSES[name] ?? []) (valued ? recorder.values : recorder.presence).add(attribute);
}
