import { randomUUID } from 'node:crypto';
import type { Database, Transaction } from '@ojo/db/client';
import { type Session, sessions } from '@ojo/db/schema/sessions';
import { type User, users } from '@ojo/db/schema/users';
import { and, eq, gt, isNull, lte, sql } from '@ojo/db/sql';
import { sessionErrors } from './errors';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a secure call knows of its session. */
export interface SessionWindow {
  id: string;
  signedInAt: Date;
  expiresAt: Date;
}

/** A fresh session id (the `sid` of a new SIWE id token or of an old user's login). */
export function newSessionId(): string {
  return randomUUID();
}

/**
 * Opens the session `id` for `userId`, or finds it open already (an id token logs in again, or binds): the row
 * is written once, with the first sign-in and the end it keeps. Refuses (401) a session that logout revoked, that
 * has ended, or that belongs to another user. Expired sessions of the user are deleted on the way: their
 * tokens are refused by their own expiry.
 */
export async function openSession(
  db: Database | Transaction,
  session: { id: string; userId: string; signedInAt: Date; expiresAt: Date },
  now: Date,
): Promise<SessionWindow> {
  if (!UUID_PATTERN.test(session.id) || session.expiresAt.getTime() <= now.getTime())
    throw sessionErrors.ended();
  await db.delete(sessions).where(and(eq(sessions.userId, session.userId), lte(sessions.expiresAt, now)));
  await db.insert(sessions).values(session).onConflictDoNothing({ target: sessions.id });
  const [row] = await db.select().from(sessions).where(eq(sessions.id, session.id)).limit(1);
  if (!row || row.userId !== session.userId || row.revokedAt !== null || row.expiresAt <= now) {
    throw sessionErrors.ended();
  }
  return windowOf(row);
}

/**
 * The user of an open session, in one query (every secure call runs it): the session exists for this
 * user, logout has not revoked it and it has not reached its end. Null otherwise.
 */
export async function findSessionUser(
  db: Database,
  claims: { sessionId: string; userId: string },
  now: Date,
): Promise<{ user: User; session: SessionWindow } | null> {
  if (!UUID_PATTERN.test(claims.sessionId) || !UUID_PATTERN.test(claims.userId)) return null;
  // Read on every call, never cached: a logout on one API node refuses the token on every node from the next call.
  const [row] = await db
    .select({
      user: users,
      session: { id: sessions.id, signedInAt: sessions.signedInAt, expiresAt: sessions.expiresAt },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Ends a session of `userId` (logout, product.md 4 'Ends the identity session'): its tokens, copied or not, are
 * refused from now on. A session not recorded yet (an id token that never logged in) is recorded as revoked, so
 * that id token cannot log in later. Revoking twice keeps the first time.
 */
export async function revokeSession(
  db: Database | Transaction,
  session: { id: string; userId: string; signedInAt: Date; expiresAt: Date },
  now: Date,
): Promise<void> {
  if (!UUID_PATTERN.test(session.id) || session.expiresAt.getTime() <= now.getTime()) return;
  await db
    .insert(sessions)
    .values({ ...session, revokedAt: now })
    .onConflictDoUpdate({
      target: sessions.id,
      set: { revokedAt: sql`coalesce(${sessions.revokedAt}, ${now.toISOString()}::timestamptz)` },
      setWhere: eq(sessions.userId, session.userId),
    });
}

/**
 * True when an id token's session may still be used by `userId` (or, with no user given, by anyone): not
 * recorded yet (the id token never logged in), or recorded for that user, not revoked and not ended.
 */
export async function isSessionUsable(
  db: Database | Transaction,
  sessionId: string,
  now: Date,
  userId?: string,
): Promise<boolean> {
  if (!UUID_PATTERN.test(sessionId)) return false;
  const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  if (!row) return true;
  if (userId !== undefined && row.userId !== userId) return false;
  return row.revokedAt === null && row.expiresAt > now;
}

function windowOf(row: Session): SessionWindow {
  return { id: row.id, signedInAt: row.signedInAt, expiresAt: row.expiresAt };
}
