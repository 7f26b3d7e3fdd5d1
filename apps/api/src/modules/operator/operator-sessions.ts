import type { Database, Transaction } from '@ojo/db/client';
import { type Operator, operatorSessions, operators } from '@ojo/db/schema/operators';
import { and, eq, gt, isNull } from '@ojo/db/sql';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a console call knows of its session. */
export interface OperatorSessionWindow {
  id: string;
  signedInAt: Date;
  expiresAt: Date;
}

/** Opens a console session for the operator, from `now` for `seconds`. */
export async function openOperatorSession(
  db: Database | Transaction,
  operatorId: string,
  now: Date,
  seconds: number,
): Promise<OperatorSessionWindow> {
  const [row] = await db
    .insert(operatorSessions)
    .values({ operatorId, signedInAt: now, expiresAt: new Date(now.getTime() + seconds * 1000) })
    .returning({
      id: operatorSessions.id,
      signedInAt: operatorSessions.signedInAt,
      expiresAt: operatorSessions.expiresAt,
    });
  if (!row) throw new Error('the operator session was not opened');
  return row;
}

/**
 * The operator of an open console session, in one query (every console call runs it): the session exists for this
 * operator, is not revoked and has not ended, and the operator was not removed. Read on every call, never cached, so
 * a revocation on one node refuses the token on every node from the next call.
 */
export async function findSessionOperator(
  db: Database,
  claims: { sessionId: string; operatorId: string },
  now: Date,
): Promise<{ operator: Operator; session: OperatorSessionWindow } | null> {
  if (!UUID_PATTERN.test(claims.sessionId) || !UUID_PATTERN.test(claims.operatorId)) return null;
  const [row] = await db
    .select({
      operator: operators,
      session: {
        id: operatorSessions.id,
        signedInAt: operatorSessions.signedInAt,
        expiresAt: operatorSessions.expiresAt,
      },
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.id, claims.sessionId),
        eq(operatorSessions.operatorId, claims.operatorId),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Ends the open sessions of an operator (or the one `sessionId`); answers how many it ended. */
export async function revokeOperatorSessions(
  db: Database | Transaction,
  scope: { operatorId: string; sessionId?: string },
  now: Date,
): Promise<number> {
  const revoked = await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(operatorSessions.operatorId, scope.operatorId),
        scope.sessionId === undefined ? undefined : eq(operatorSessions.id, scope.sessionId),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
      ),
    )
    .returning({ id: operatorSessions.id });
  return revoked.length;
}
