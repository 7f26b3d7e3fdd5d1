import type { OperatorView } from '@ojo/api-contract/operator';
import type { Database, Transaction } from '@ojo/db/client';
import { type Operator, operators } from '@ojo/db/schema/operators';
import { and, asc, eq, ne } from '@ojo/db/sql';
import { getAddress } from 'viem';
import type { OperatorConfig } from './config';
import { operatorErrors } from './errors';

/** Whether an address is one of the owners from configuration (OPERATOR_OWNER_ADDRESSES). */
export function isConfiguredOwner(config: OperatorConfig, address: string): boolean {
  return config.ownerAddresses.some((owner) => owner.toLowerCase() === address.toLowerCase());
}

export function operatorViewOf(row: Operator, config: OperatorConfig): OperatorView {
  return {
    id: row.id,
    address: getAddress(row.address),
    role: row.role,
    fromConfiguration: isConfiguredOwner(config, row.address),
    createdAt: row.createdAt.getTime(),
  };
}

/** The audit log's picture of an operator (before and after a change). */
export const auditStateOf = (row: Operator) => ({ address: getAddress(row.address), role: row.role });

export async function listOperators(db: Database): Promise<Operator[]> {
  return db.select().from(operators).orderBy(asc(operators.createdAt), asc(operators.address));
}

/** The operator row, locked for the transaction's change, or undefined. */
export async function lockOperator(tx: Transaction, id: string): Promise<Operator | undefined> {
  const [row] = await tx.select().from(operators).where(eq(operators.id, id)).for('update').limit(1);
  return row;
}

/**
 * Owners other than `exceptId`, their rows locked: two owners demoting each other at once cannot both see the
 * other and leave the console without one.
 */
async function otherOwnerCount(tx: Transaction, exceptId: string): Promise<number> {
  const owners = await tx
    .select({ id: operators.id })
    .from(operators)
    .where(and(eq(operators.role, 'owner'), ne(operators.id, exceptId)))
    .for('update');
  return owners.length;
}

/**
 * Refuses to demote or remove the console's last owner (409): with no owner in the configuration, the owners in the
 * table are the only ones, locked with the operator's row so two owners cannot remove each other at once.
 */
export async function refuseLastOwner(
  tx: Transaction,
  config: OperatorConfig,
  operator: Pick<Operator, 'id' | 'role'>,
): Promise<void> {
  if (operator.role !== 'owner' || config.ownerAddresses.length > 0) return;
  if ((await otherOwnerCount(tx, operator.id)) === 0) throw operatorErrors.lastOwner();
}
