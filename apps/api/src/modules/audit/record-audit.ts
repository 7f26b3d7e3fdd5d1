import type { Database, Transaction } from '@ojo/db/client';
import { auditLog } from '@ojo/db/schema/audit-log';

/** Who made a change through the console. */
export interface AuditActor {
  operatorId: string;
  /** Checksummed. */
  operatorAddress: string;
}

/** One change: what was done (`operator:add`), to what (`operator:<id>`), and the state before and after. */
export interface AuditChange {
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

/**
 * Appends one entry to the audit log. Call it with the transaction of the change it records, so the change and its
 * record commit together or not at all (docs/console.md).
 */
export async function recordAudit(
  db: Database | Transaction,
  actor: AuditActor,
  change: AuditChange,
): Promise<void> {
  await db.insert(auditLog).values({
    operatorId: actor.operatorId,
    operatorAddress: actor.operatorAddress,
    action: change.action,
    target: change.target,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}
