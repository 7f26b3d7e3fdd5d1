import type { Database } from '@ojo/db/client';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { operatorErrors } from './errors';
import { revokeOperatorSessions } from './operator-sessions';
import { auditStateOf, lockOperator } from './operators';

/**
 * `DELETE /console/operators/:id/sessions`: signs the operator out everywhere; recorded with how many sessions
 * ended, in the same transaction.
 */
export async function revokeSessionsOfOperator(
  db: Database,
  actor: AuditActor,
  id: string,
  now: Date,
): Promise<{ revoked: number }> {
  return db.transaction(async (tx) => {
    const operator = await lockOperator(tx, id);
    if (!operator) throw operatorErrors.notFound();
    const revoked = await revokeOperatorSessions(tx, { operatorId: id }, now);
    await recordAudit(tx, actor, {
      action: 'operator:sessions-revoke',
      target: `operator:${id}`,
      before: { ...auditStateOf(operator), openSessions: revoked },
      after: { ...auditStateOf(operator), openSessions: 0 },
    });
    return { revoked };
  });
}

/** `DELETE /console/session`: the caller's own logout, recorded like any other session revocation. */
export async function signOutOperator(
  db: Database,
  actor: AuditActor,
  session: { operatorId: string; sessionId: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const revoked = await revokeOperatorSessions(tx, session, now);
    await recordAudit(tx, actor, {
      action: 'operator:sign-out',
      target: `operator-session:${session.sessionId}`,
      before: { open: revoked === 1 },
      after: { open: false },
    });
  });
}
