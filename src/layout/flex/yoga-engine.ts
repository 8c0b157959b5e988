// Yoga (WebAssembly, behind flex layout) is instantiated when a document first has a flex
// container, not when the engine is imported: decoding and compiling it costs a start-up
// that most documents never use. Layout is synchronous, so the render awaits
// loadYogaEngine() before layout when the box tree has flex containers (BoxTree.hasFlex).
import { loadYoga, type Yoga } from 'yoga-layout/load';

let engine: Yoga | null = null;
let loading: Promise<Yoga> | null = null;

/** Instantiates Yoga once per process (thread); later calls resolve at once. */
export async function loadYogaEngine(): Promise<void> {
  loading ??= loadYoga().then((yoga) => (engine = yoga));
  await loading;
}

/** The instantiated Yoga; flex layout runs only after loadYogaEngine() has resolved. */
export function yogaEngine(): Yoga {
  if (engine === null) throw new Error('flex layout before loadYogaEngine(): the render must load Yoga when the box tree has flex containers');
  return engine;
}
