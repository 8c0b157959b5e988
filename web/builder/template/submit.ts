// Saving the template: POST session/cast/fields with the placed fields and the version the
// builder edits; what a failed save tells the user.
import { ApiError, type Api } from '../api.js';
import { toCastFields, type PageGeometry } from './records.js';
import type { PlacedField } from './types.js';
import { missingFieldsMessage } from './validation.js';

export interface SaveResult {
  readonly eid: string;
  readonly versionNumber: number;
}

export function saveFields(api: Api, fields: readonly PlacedField[], pages: readonly PageGeometry[], versionNumber: number): Promise<SaveResult> {
  return api.send<SaveResult>('POST', 'cast/fields', { fields: toCastFields(fields, pages), versionNumber });
}

/** A failed save: the required fields the server says are missing (possibly none) and the message for the user. */
export function saveFailure(error: unknown): { missing: readonly string[]; message: string } {
  if (error instanceof ApiError) {
    const missing = error.body.missingRequiredFields ?? [];
    if (error.status === 422 && missing.length > 0) return { missing, message: missingFieldsMessage(missing) };
    if (error.status === 409) return { missing: [], message: 'This template was changed elsewhere after this builder opened. Reload the builder to edit the latest version.' };
    if (error.status === 401) return { missing: [], message: 'This session has ended. Open the builder again to save.' };
    return { missing: [], message: `The template could not be saved: ${error.message}` };
  }
  return { missing: [], message: 'The template could not be saved: the server could not be reached. Try again.' };
}
