import type { Database } from '@ojo/db/client';
import { operators } from '@ojo/db/schema/operators';
import { eq } from '@ojo/db/sql';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import type { OperatorConfig } from './config';
import { operatorErrors } from './errors';
import { auditStateOf, isConfiguredOwner, lockOperator, refuseLastOwner } from './operators';

/**
 * `DELETE /console/operators/:id`: the operator's row goes and its sessions with it (cascade), so its tokens are
 * refused from the next call; the audit log keeps who it was, in the same transaction.
 */
export async function removeOperator(
  db: Database,
  config: OperatorConfig,
  actor: AuditActor,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockOperator(tx, id);
    if (!before) throw operatorErrors.notFound();
    if (isConfiguredOwner(config, before.address)) throw operatorErrors.configuredOwner();
    await refuseLastOwner(tx, config, before);
    await tx.delete(operators).where(eq(operators.id, before.id));
    await recordAudit(tx, actor, {
      action: 'operator:remove',
      target: `operator:${before.id}`,
      before: auditStateOf(before),
      after: null,
    });
  });
}
