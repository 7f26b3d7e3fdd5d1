import type { OperatorView } from '@ojo/api-contract/operator';
import type { Database } from '@ojo/db/client';
import { type Operator, operators } from '@ojo/db/schema/operators';
import type { OperatorRole } from '@ojo/domain/operator/roles';
import type { AuditActor } from '../audit/record-audit';
import { recordAudit } from '../audit/record-audit';
import type { OperatorConfig } from './config';
import { operatorErrors } from './errors';
import { auditStateOf, operatorViewOf } from './operators';

/** `POST /console/operators`: the address becomes an operator with `role`, recorded in the same transaction. */
export async function addOperator(
  db: Database,
  config: OperatorConfig,
  actor: AuditActor & { id: string },
  input: { address: string; role: OperatorRole },
): Promise<OperatorView> {
  const added = await db.transaction(async (tx): Promise<Operator> => {
    const [row] = await tx
      .insert(operators)
      .values({ address: input.address.toLowerCase(), role: input.role, addedBy: actor.id })
      .onConflictDoNothing({ target: operators.address })
      .returning();
    if (!row) throw operatorErrors.exists();
    await recordAudit(tx, actor, {
      action: 'operator:add',
      target: `operator:${row.id}`,
      before: null,
      after: auditStateOf(row),
    });
    return row;
  });
  return operatorViewOf(added, config);
}
