import type { Database, Transaction } from '@ojo/db/client';
import { taskCompletions, tasks } from '@ojo/db/schema/tasks';
import { and, countDistinct, eq, inArray, isNotNull } from '@ojo/db/sql';

/** How many of the tasks of these codes a player has completed (other modules ask here: the badges' progress). */
export async function completedTaskCount(
  db: Database | Transaction,
  userId: string,
  codes: readonly string[],
): Promise<number> {
  if (codes.length === 0) return 0;
  const [row] = await db
    .select({ done: countDistinct(taskCompletions.taskId) })
    .from(taskCompletions)
    .innerJoin(tasks, eq(tasks.id, taskCompletions.taskId))
    .where(
      and(
        eq(taskCompletions.userId, userId),
        inArray(tasks.code, [...codes]),
        isNotNull(taskCompletions.completedAt),
      ),
    );
  return Number(row?.done ?? 0);
}
