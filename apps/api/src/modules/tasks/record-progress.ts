import type { Database, Transaction } from '@ojo/db/client';
import { queryRows } from '@ojo/db/client';
import { appendLedgerEntry, type LedgerAsset, lockBalance } from '@ojo/db/ledger';
import { type Task, taskCompletions } from '@ojo/db/schema/tasks';
import { and, eq, sql } from '@ojo/db/sql';

export interface ProgressResult {
  done: boolean;
  progress: number;
  /** True only for the call that completed the task (and credited its reward). */
  isNewlyDone: boolean;
}

/** The ledger keys of task rewards start with this. */
export const TASK_REWARD_KEY_PREFIX = 'task:';

/** The reward's ledger key: one per player, task and period, so a task pays once however often it is verified. */
export function taskRewardKey(taskId: number, userId: string, periodKey: string): string {
  return `${TASK_REWARD_KEY_PREFIX}${taskId}:${userId}:${periodKey}`;
}

/**
 * Records the progress a verifier saw and, when it reaches the task's limit, completes the task and credits its
 * reward in the same transaction. Calls for one player, task and period are serialised by an advisory lock; the
 * ledger's unique idempotency key is the second guard, so concurrent verifies credit once.
 */
export async function recordProgress(
  db: Database | Transaction,
  input: { userId: string; task: Task; periodKey: string; progress: number },
): Promise<ProgressResult> {
  const { userId, task, periodKey } = input;
  return db.transaction(async (tx) => {
    await queryRows(
      tx,
      sql`select pg_advisory_xact_lock(hashtext(${`task:${task.id}:${userId}:${periodKey}`}))`,
    );
    const [row] = await tx
      .select()
      .from(taskCompletions)
      .where(
        and(
          eq(taskCompletions.userId, userId),
          eq(taskCompletions.taskId, task.id),
          eq(taskCompletions.periodKey, periodKey),
        ),
      );
    if (row?.completedAt) return { done: true, progress: row.progress, isNewlyDone: false };
    const progress = Math.min(task.limit, Math.max(row?.progress ?? 0, input.progress));
    const done = progress >= task.limit;
    const completedAt = done ? new Date() : null;
    await tx
      .insert(taskCompletions)
      .values({ userId, taskId: task.id, periodKey, progress, completedAt })
      .onConflictDoUpdate({
        target: [taskCompletions.userId, taskCompletions.taskId, taskCompletions.periodKey],
        set: { progress, completedAt, updatedAt: new Date() },
      });
    if (done && task.rewardAmount > 0n) {
      const asset = task.rewardAsset as LedgerAsset;
      await lockBalance(tx, userId, asset);
      await appendLedgerEntry(tx, {
        userId,
        asset,
        amount: task.rewardAmount,
        reason: `task:${task.code}`,
        idempotencyKey: taskRewardKey(task.id, userId, periodKey),
      });
    }
    return { done, progress, isNewlyDone: done };
  });
}
