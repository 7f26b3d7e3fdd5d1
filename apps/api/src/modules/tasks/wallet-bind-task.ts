import type { Database, Transaction } from '@ojo/db/client';
import { type Task, tasks } from '@ojo/db/schema/tasks';
import { userAddresses } from '@ojo/db/schema/user-addresses';
import { and, eq } from '@ojo/db/sql';
import { periodKeyOf } from './period';
import { recordProgress } from './record-progress';

/** spec 4: 'Wallet-bind tasks are done once any connected address exists.' */
export async function hasConnectedAddress(db: Database | Transaction, userId: string): Promise<boolean> {
  const [connected] = await db
    .select({ id: userAddresses.id })
    .from(userAddresses)
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.isConnected, true)))
    .limit(1);
  return Boolean(connected);
}

/**
 * Completes the given wallet_bind tasks (default: every active one) for a player who has a connected address,
 * crediting each reward once (the ledger key task:<id>:<user>:<period>). Called in the bind's transaction (the
 * walletLinked event) and when the task list is read (a task added after the player linked a wallet). Answers the
 * ids it completed.
 */
export async function completeWalletBindTasks(
  db: Database | Transaction,
  userId: string,
  now: Date,
  candidates?: Task[],
): Promise<number[]> {
  const rows =
    candidates ??
    (await db
      .select()
      .from(tasks)
      .where(and(eq(tasks.verifier, 'wallet_bind'), eq(tasks.isActive, true))));
  const walletTasks = rows.filter((task) => task.verifier === 'wallet_bind');
  if (walletTasks.length === 0 || !(await hasConnectedAddress(db, userId))) return [];
  const completed: number[] = [];
  for (const task of walletTasks) {
    const result = await recordProgress(db, {
      userId,
      task,
      periodKey: periodKeyOf(task.period, now),
      progress: 1,
    });
    if (result.done) completed.push(task.id);
  }
  return completed;
}
