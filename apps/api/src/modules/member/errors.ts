import { AppError } from '../../lib/errors';

/** The member module's errors: code, msgKey, HTTP status and text, in one place. */
export const memberErrors = {
  /** spec 6: a player reads and changes only their own data; another player's id is refused. */
  notYours: () =>
    new AppError(
      403,
      'MEMBER_FORBIDDEN',
      'member.forbidden',
      'A player can read only their own points and assets',
    ),
} as const;

/** Refuses a member call whose `{id}` is not the session player's own. */
export function assertOwnMember(sessionUserId: string, requestedId: string): void {
  if (sessionUserId !== requestedId) throw memberErrors.notYours();
}
