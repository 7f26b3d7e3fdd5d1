import type { Database } from '@ojo/db/client';
import { taskCompletions } from '@ojo/db/schema/tasks';
import { and, eq, isNotNull } from '@ojo/db/sql';
import { CHECK_IN_TASK_ID } from '@ojo/domain/constants';
import { periodKeyOf } from './period';

/**
 * Whether the player checked in on the UTC day of `now` (task 411010, spec 9). The one place the task list reads
 * the check-in from: it reads the check-in task's completion row of the day, which the check-in writes; when the
 * check-in module keeps its own status, this function asks it instead.
 */
export async function isCheckInDone(db: Database, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: taskCompletions.id })
    .from(taskCompletions)
    .where(
      and(
        eq(taskCompletions.userId, userId),
        eq(taskCompletions.taskId, CHECK_IN_TASK_ID),
        eq(taskCompletions.periodKey, periodKeyOf('daily', now)),
        isNotNull(taskCompletions.completedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}
