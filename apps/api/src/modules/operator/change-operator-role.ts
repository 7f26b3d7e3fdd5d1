import type { OperatorView } from '@ojo/api-contract/operator';
import type { Database } from '@ojo/db/client';
import { operators } from '@ojo/db/schema/operators';
import { eq, sql } from '@ojo/db/sql';
import type { OperatorRole } from '@ojo/domain/operator/roles';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import type { OperatorConfig } from './config';
import { operatorErrors } from './errors';
import { revokeOperatorSessions } from './operator-sessions';
import { auditStateOf, isConfiguredOwner, lockOperator, operatorViewOf, refuseLastOwner } from './operators';

/**
 * `PATCH /console/operators/:id`: a new role, recorded with the old one in the same transaction. A configured
 * owner is changed in the configuration; the console never loses its last owner. A changed role ends the
 * operator's sessions, so the next call runs with a sign-in under the new role.
 */
export async function changeOperatorRole(
  db: Database,
  config: OperatorConfig,
  actor: AuditActor,
  input: { id: string; role: OperatorRole },
  now: Date,
): Promise<OperatorView> {
  const changed = await db.transaction(async (tx) => {
    const before = await lockOperator(tx, input.id);
    if (!before) throw operatorErrors.notFound();
    if (before.role === input.role) return before;
    if (isConfiguredOwner(config, before.address)) throw operatorErrors.configuredOwner();
    await refuseLastOwner(tx, config, before);
    const [after] = await tx
      .update(operators)
      .set({ role: input.role, updatedAt: sql`now()` })
      .where(eq(operators.id, before.id))
      .returning();
    if (!after) throw operatorErrors.notFound();
    await revokeOperatorSessions(tx, { operatorId: before.id }, now);
    await recordAudit(tx, actor, {
      action: 'operator:role',
      target: `operator:${before.id}`,
      before: auditStateOf(before),
      after: auditStateOf(after),
    });
    return after;
  });
  return operatorViewOf(changed, config);
}
