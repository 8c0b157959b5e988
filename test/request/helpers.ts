import { expect } from 'vitest';
import { ValidationError, type ValidationFailure } from '../../src/request/errors.js';
import { normalizeRequest } from '../../src/request/validate.js';

/** Runs normalizeRequest expecting a ValidationError and returns its fields. */
export function failuresOf(input: unknown): readonly ValidationFailure[] {
  try {
    normalizeRequest(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).fields;
  }
  throw new Error('expected a ValidationError');
}
