import { HANDLE_MAX_LENGTH, HANDLE_MIN_LENGTH } from '../constants';
import { PROFILE_TEXT } from '../messages';

/** product.md 5 Profile handle: 'Lowercase letters, digits and underscores only, 4 to 15 characters.' */
export const HANDLE_PATTERN = new RegExp(`^[a-z0-9_]{${HANDLE_MIN_LENGTH},${HANDLE_MAX_LENGTH}}$`);

/** Returns null when the handle is valid, else the spec's exact error text (an empty handle is invalid). */
export function validateHandle(handle: string): string | null {
  return HANDLE_PATTERN.test(handle) ? null : PROFILE_TEXT.handleError;
}

/**
 * product.md 5: 'A handle in the server whitelist is rejected with 'This handle name is not available. Please try
 * another.'' The whitelist lists reserved names; the comparison ignores case.
 */
export function checkHandleAvailable(handle: string, whitelist: readonly string[]): string | null {
  const wanted = handle.toLowerCase();
  return whitelist.some((reserved) => reserved.toLowerCase() === wanted)
    ? PROFILE_TEXT.handleNotAvailable
    : null;
}

/**
 * product.md 2 Create profile: 'The input is prefilled with a default built from the last 6 characters of the account
 * address.' Lowercased; characters a handle may not hold are dropped, and when fewer than 4 remain there is no
 * default (empty string), so a non-empty result always passes validateHandle.
 */
export function defaultHandleFromAddress(address: string): string {
  const candidate = address
    .slice(-6)
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '');
  return validateHandle(candidate) === null ? candidate : '';
}

/** product.md 5: 'Create is disabled when the input is empty or an error is set.' */
export function canSubmitHandle(input: string, error: string | null | undefined): boolean {
  return input.length > 0 && !error;
}
