import { ERROR_CODES, isErrorCode } from '../error-codes';
import { PROFILE_TEXT } from '../messages';

/** spec 4 Profile creation: 'Views: form, then creating, then done or failed (retry).' */
export type ProfileCreationView = 'form' | 'creating' | 'done' | 'failed';

export type ProfileCreationFailure = { view: 'form'; error: string } | { view: 'failed' };

/**
 * spec 4: 'Any failure other than a taken handle sets the retry state.' A taken handle (code HANDLE_TAKEN) goes
 * back to the form with spec 8's text 'HANDLE_TAKEN, This handle name is not available. Please try another.'.
 */
export function profileCreationFailure(code: unknown): ProfileCreationFailure {
  return isErrorCode(code, ERROR_CODES.HANDLE_TAKEN)
    ? { view: 'form', error: PROFILE_TEXT.handleTaken }
    : { view: 'failed' };
}
