import { errorTextOf } from '@ojo/domain/error-catalogue';
import { isApiError } from './api-client';

/**
 * The text a player reads for a failed call: the error catalogue's text for the msgKey the API sent (one place for
 * API and web, @ojo/domain/error-catalogue), else `fallback`. Kept out of api-client.ts so the landing page does not
 * download the catalogue.
 */
export function apiErrorText(
  error: unknown,
  fallback: string,
  values: Record<string, string | number | bigint> = {},
): string {
  return (isApiError(error) && errorTextOf(error.msgKey, values)) || fallback;
}
