// Small checks shared by the request validators: a failure list with property paths, and the
// JSON-ish type names that messages use ("Expected string, received number").

export type Body = Readonly<Record<string, unknown>>;

/** Collects failures while a request is walked; paths are dotted, with indexes (`data[3].table.rows`). */
export class Failures {
  readonly list: { property: string; message: string }[] = [];
  add(property: string, message: string): void {
    this.list.push({ property, message });
  }
}

export function isRecord(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function expected(what: string, value: unknown): string {
  return `Expected ${what}, received ${describe(value)}`;
}

/** A JSON-ish type name for messages: `array` and `null` are named apart from `object`. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

export function requiredString(value: unknown, property: string, failures: Failures): string | null {
  if (value === undefined) {
    failures.add(property, 'Required');
    return null;
  }
  return optionalString(value, property, failures);
}

export function optionalString(value: unknown, property: string, failures: Failures): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string') {
    failures.add(property, expected('string', value));
    return null;
  }
  return value;
}

export function optionalBoolean(value: unknown, property: string, failures: Failures): boolean | null {
  if (value === undefined) return null;
  if (typeof value !== 'boolean') {
    failures.add(property, expected('boolean', value));
    return null;
  }
  return value;
}

/** `'a' | 'b'` for an enum message. */
export function enumMessage(values: readonly string[], received: string): string {
  return `Invalid enum value. Expected ${values.map((v) => `'${v}'`).join(' | ')}, received '${received}'`;
}
