import { ApiError } from '../api/client';

/** What went wrong, in the words the server or the browser chose: they are written for the user. */
export function messageOf(error: unknown): string {
  return error instanceof ApiError || error instanceof Error ? error.message : String(error);
}
