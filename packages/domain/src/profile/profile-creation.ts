import { PROFILE_ERRORS } from '../error-catalogue';
import { ERROR_CODES, isErrorCode } from '../error-codes';
import { PROFILE_TEXT } from '../messages';

export type ProfileCreationFailure =
  | { view: 'form'; error: string }
  /** `reason`: the server's words for a refusal the player should read (a daily limit), instead of the generic text. */
  | { view: 'failed'; reason?: string };

/** Refusals whose reason the player is told: the daily limits (per client address and for everybody). */
const TOLD_REFUSALS = [
  PROFILE_ERRORS.clientDailyLimit,
  PROFILE_ERRORS.dailyLimit,
  PROFILE_ERRORS.gasBudget,
] as const;

/**
 * product.md 4: 'Any failure other than a taken handle sets the retry state.' A taken handle (code HANDLE_TAKEN) goes
 * back to the form with product.md 8's text 'HANDLE_TAKEN, This handle name is not available. Please try another.'. A
 * daily limit keeps the retry state but says why: the server's message, or the catalogue's text without one.
 */
export function profileCreationFailure(code: unknown, message?: string): ProfileCreationFailure {
  if (isErrorCode(code, ERROR_CODES.HANDLE_TAKEN)) return { view: 'form', error: PROFILE_TEXT.handleTaken };
  const refusal = TOLD_REFUSALS.find((entry) => entry.code === code);
  return refusal ? { view: 'failed', reason: message || refusal.text } : { view: 'failed' };
}
