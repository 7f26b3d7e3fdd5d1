import { type Environment, SESSION_KEY_LIFETIME_SECONDS } from '../constants';
import { SESSION_KEY_STATUS, type SessionKeyStatus } from '../enums';

/**
 * product.md 4 Smart-account session key: 'An invalid session is recreated. In the dev environment an uninitialised one
 * counts as valid.' Only an Active key is valid elsewhere.
 */
export function isSessionKeyUsable(status: SessionKeyStatus | number, environment: Environment): boolean {
  if (status === SESSION_KEY_STATUS.Active) return true;
  return environment === 'dev' && status === SESSION_KEY_STATUS.NotInitialized;
}

/** product.md 4: 'a 24-hour expiry' - the expiry (unix seconds) of a session key created at `nowMs`. */
export function sessionKeyExpiresAtSeconds(nowMs: number): number {
  return Math.floor(nowMs / 1000) + SESSION_KEY_LIFETIME_SECONDS;
}
