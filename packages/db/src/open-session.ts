import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { sessions } from './schema/sessions';
import { type User, users } from './schema/users';

/**
 * The caller's session and user as a secure read selects them, from `sessions` inner-joined to `users` and filtered
 * by `openSessionCondition()`. A hot read that selects these columns beside its data checks its session in its own
 * statement (one statement per request instead of two; `npm run bench:api`).
 */
export const sessionUserColumns = {
  user: users,
  session: { id: sessions.id, signedInAt: sessions.signedInAt, expiresAt: sessions.expiresAt },
};

/** `sessions` joined to its user: the `from` of a read that selects `sessionUserColumns`. */
export const sessionUserJoin = eq(users.id, sessions.userId);

/**
 * The session named by the placeholders `sessionId` and `userId` (a token's claims), still open at the placeholder
 * `now`: recorded for that user, not revoked by logout, not past its end. Read from the database on every call,
 * never cached, so a logout on one API node refuses the token on every node from the next request on.
 */
export function openSessionCondition() {
  return and(
    eq(sessions.id, sql.placeholder('sessionId')),
    eq(sessions.userId, sql.placeholder('userId')),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql.placeholder('now')),
  );
}

/** The values of the placeholders of `openSessionCondition()` (a type, so it is a prepared query's values). */
export type OpenSessionValues = {
  sessionId: string;
  userId: string;
  now: Date;
};

/** The session columns a secure read selected (`sessionUserColumns`). */
export interface SessionUserRow {
  user: User;
  session: { id: string; signedInAt: Date; expiresAt: Date };
}

/**
 * Takes the session row of a secure read (undefined: the read found no open session) and throws the 401 when there
 * is none; the API's `app.acceptSession` bound to the request. A read calls it before it interprets its data, so an
 * ended session is refused before any other answer.
 */
export type AcceptSession = (row: SessionUserRow | undefined) => void;
