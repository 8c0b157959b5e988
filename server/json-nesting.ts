// Request bodies are bounded in depth as well as in bytes: the engine walks payloads
// recursively (validation, structured clone to a render thread), and no real document nests
// deeper than a few levels. The check itself is iterative, so any depth is safe to measure.
import { ValidationError } from '../src/index.js';

/** Deepest nesting of arrays and objects a body may have; real payloads stay under 10. */
export const MAX_JSON_DEPTH = 64;

/** Throws a ValidationError naming the path where `value` first nests deeper than `maxDepth`. */
export function assertNesting(value: unknown, maxDepth = MAX_JSON_DEPTH): void {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const { value: current, depth, path } = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= maxDepth) {
      throw new ValidationError([{ property: path, message: `Nested more than ${maxDepth} levels deep` }]);
    }
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], depth: depth + 1, path: `${path}[${i}]` });
    } else {
      for (const key of Object.keys(current)) stack.push({ value: (current as Record<string, unknown>)[key], depth: depth + 1, path: path === '' ? key : `${path}.${key}` });
    }
  }
}
