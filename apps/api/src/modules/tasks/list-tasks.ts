import type { TaskItem } from '@ojo/api-contract/tasks';
import type { Database } from '@ojo/db/client';
import { type Task, taskCompletions, tasks } from '@ojo/db/schema/tasks';
import type { User } from '@ojo/db/schema/users';
import { and, asc, eq, inArray } from '@ojo/db/sql';
import type { AppConfig } from '../../config/env';
import { completeDerivedTasks, isDerivedTask } from './derived-tasks';
import { taskErrors } from './errors';
import { periodKeyOf } from './period';
import { toTaskItem } from './task-item';

/**
 * The player's completions of the current period of each task, by task id. A derived task still open while what it
 * asks is met (signed in today, a profile, a connected address) is completed (and paid, once) first: the player
 * does not press Verify for what the product knows (product.md 4 'done once any connected address exists').
 */
async function completionsOf(db: Database, userId: string, rows: Task[], now: Date) {
  if (rows.length === 0) return new Map();
  const found = await readCompletions(db, userId, rows, now);
  const open = rows.filter((task) => isDerivedTask(task) && !found.get(task.id)?.completedAt);
  if (open.length === 0) return found;
  const completed = await completeDerivedTasks(db, userId, now, open);
  return completed.length === 0 ? found : readCompletions(db, userId, rows, now);
}

async function readCompletions(db: Database, userId: string, rows: Task[], now: Date) {
  const completions = await db
    .select()
    .from(taskCompletions)
    .where(
      and(
        eq(taskCompletions.userId, userId),
        inArray(
          taskCompletions.taskId,
          rows.map((task) => task.id),
        ),
        inArray(taskCompletions.periodKey, ['once', periodKeyOf('daily', now)]),
      ),
    );
  return new Map(
    rows.map((task) => [
      task.id,
      completions.find((row) => row.taskId === task.id && row.periodKey === periodKeyOf(task.period, now)),
    ]),
  );
}

/** GET /v2/tasks/list: the active tasks of a channel and position, in the operator's order, with their state. */
export async function listTasks(
  db: Database,
  config: AppConfig,
  user: Pick<User, 'id' | 'referralCode'>,
  query: { channel: string; position: string },
  now: Date,
): Promise<TaskItem[]> {
  const rows = await db
    .select()
    .from(tasks)
    .where(
      and(eq(tasks.channel, query.channel), eq(tasks.position, query.position), eq(tasks.isActive, true)),
    )
    .orderBy(asc(tasks.sortOrder), asc(tasks.id));
  const completions = await completionsOf(db, user.id, rows, now);
  return rows.map((task) => toTaskItem(config, task, completions.get(task.id), user.referralCode));
}

/** An active task by id or code, or the 404006 refusal. */
export async function findActiveTask(db: Database, where: { id: number } | { code: string }): Promise<Task> {
  const [task] = await db
    .select()
    .from(tasks)
    .where(
      and('id' in where ? eq(tasks.id, where.id) : eq(tasks.code, where.code), eq(tasks.isActive, true)),
    );
  if (!task) throw taskErrors.notFound();
  return task;
}

/** GET /v2/tasks/detail and /v2/tasks/code/{id}: one task with the player's state. */
export async function getTask(
  db: Database,
  config: AppConfig,
  user: Pick<User, 'id' | 'referralCode'>,
  where: { id: number } | { code: string },
  now: Date,
): Promise<TaskItem> {
  const task = await findActiveTask(db, where);
  const completions = await completionsOf(db, user.id, [task], now);
  return toTaskItem(config, task, completions.get(task.id), user.referralCode);
}
