import { MEMBER_ERRORS } from '@ojo/domain/error-catalogue';
import { AppError } from '../../lib/errors';

/** The member module's errors: code, msgKey, HTTP status and text, in one place. */
export const memberErrors = {
  /** product.md 6: a player reads and changes only their own data; another player's id is refused. */
  notYours: () => new AppError(403, MEMBER_ERRORS.forbidden),
} as const;

/**
 * Refuses a member call whose `{id}` is not the session player's own. A UUID is the same whatever the case of its hex
 * digits (the database writes it lower-case), so the player's own id in capitals is still theirs.
 */
export function assertOwnMember(sessionUserId: string, requestedId: string): void {
  if (sessionUserId.toLowerCase() !== requestedId.toLowerCase()) throw memberErrors.notYours();
}
