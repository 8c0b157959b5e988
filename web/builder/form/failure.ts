// A failed request to the session API, in words for the user.
import { ApiError } from '../api.js';

export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'This session has ended. Open the builder again.';
    return error.message;
  }
  if (error instanceof TypeError) return 'The server could not be reached. Check the connection and try again.';
  return error instanceof Error ? error.message : String(error);
}
