import type { TaskItem } from '@ojo/api-contract/tasks';
import type { Database } from '@ojo/db/client';
import {
  type AcceptSession,
  type OpenSessionValues,
  openSessionCondition,
  sessionUserColumns,
  sessionUserJoin,
} from '@ojo/db/open-session';
import { preparedRead } from '@ojo/db/prepared';
import { sessions } from '@ojo/db/schema/sessions';
import { type Task, taskCompletions, tasks } from '@ojo/db/schema/tasks';
import { userAddresses } from '@ojo/db/schema/user-addresses';
import { users } from '@ojo/db/schema/users';
import { and, asc, eq, inArray, sql } from '@ojo/db/sql';
import type { AppConfig } from '../../config/env';
import { taskErrors } from './errors';
import { periodKeyOf } from './period';
import { type ListedCompletion, type ListedTask, toTaskItem } from './task-item';
import { completeWalletBindTasks } from './wallet-bind-task';

/**
 * The player's completions of the current period of each task, by task id. A wallet_bind task still open while a
 * connected address exists is completed (and paid, once) first: spec 4 'done once any connected address exists'.
 */
async function completionsOf(db: Database, userId: string, rows: Task[], now: Date) {
  if (rows.length === 0) return new Map();
  const found = await readCompletions(db, userId, rows, now);
  const open = rows.filter((task) => task.verifier === 'wallet_bind' && !found.get(task.id)?.completedAt);
  if (open.length === 0) return found;
  const completed = await completeWalletBindTasks(db, userId, now, open);
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
  userId: string,
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
  const completions = await completionsOf(db, userId, rows, now);
  return rows.map((task) => toTaskItem(config, task, completions.get(task.id)));
}

/** A task of the list as the one-row read aggregates it (JSON: the reward amount as text, timestamps as text). */
interface ListedTaskJson extends ListedTask {
  rewardAmount: string;
  progress: number | null;
  completedAt: string | null;
}

/**
 * The task list read in one statement and one row: the caller's open session and user, the active tasks of the
 * placeholder `channel` and `position` in the operator's order, each with the caller's completion of its current
 * period (`today` for daily tasks), as one JSON array, and whether the caller has a connected address (an open
 * wallet_bind task is then completed). No row when the session is not open. One row instead of a row per task
 * with the user's columns repeated on each: the driver and drizzle map a handful of values, not hundreds
 * (`npm run bench:api`).
 */
const selectSessionTaskList = preparedRead('session_task_list', (db, name) =>
  db
    .select({
      ...sessionUserColumns,
      tasks: sql<ListedTaskJson[]>`(
        select coalesce(json_agg(json_build_object(
          'id', ${tasks.id}, 'code', ${tasks.code}, 'domain', ${tasks.domain}, 'verifier', ${tasks.verifier},
          'title', ${tasks.title}, 'description', ${tasks.description}, 'url', ${tasks.url},
          'connectUrl', ${tasks.connectUrl}, 'icon', ${tasks.icon}, 'labelName', ${tasks.labelName},
          'limit', ${tasks.limit}, 'rewardAsset', ${tasks.rewardAsset},
          'rewardAmount', ${tasks.rewardAmount}::text, 'requiredText', ${tasks.requiredText},
          'requiredLink', ${tasks.requiredLink},
          'progress', ${taskCompletions.progress}, 'completedAt', ${taskCompletions.completedAt}
        ) order by ${tasks.sortOrder}, ${tasks.id}), '[]'::json)
        from ${tasks}
        left join ${taskCompletions} on ${taskCompletions.userId} = ${sessions.userId}
          and ${taskCompletions.taskId} = ${tasks.id}
          and ${taskCompletions.periodKey} =
            case when ${tasks.period} = 'daily' then ${sql.placeholder('today')} else 'once' end
        where ${tasks.channel} = ${sql.placeholder('channel')} and ${tasks.position} = ${sql.placeholder('position')}
          and ${tasks.isActive}
      )`,
      hasConnectedAddress: sql<boolean>`exists (select 1 from ${userAddresses} where ${userAddresses.userId} = ${sessions.userId} and ${userAddresses.isConnected})`,
    })
    .from(sessions)
    .innerJoin(users, sessionUserJoin)
    .where(openSessionCondition())
    .prepare(name),
);

/**
 * `listTasks` of the caller, checking the session in the same statement (a hot read): `accept` takes the session
 * row (and refuses an ended session) before anything else. A wallet_bind task still open while the caller has a
 * connected address (rare: a task added after the player linked a wallet) goes through `listTasks`, which completes
 * it, pays it once, and reads the completions again.
 */
export async function readSessionTaskList(
  db: Database,
  config: AppConfig,
  session: OpenSessionValues,
  accept: AcceptSession,
  query: { channel: string; position: string },
): Promise<TaskItem[]> {
  const [row] = await selectSessionTaskList(db, {
    ...session,
    channel: query.channel,
    position: query.position,
    today: periodKeyOf('daily', session.now),
  });
  accept(row);
  if (!row) return [];
  const openWalletBind = row.tasks.some((task) => task.verifier === 'wallet_bind' && !task.completedAt);
  if (openWalletBind && row.hasConnectedAddress)
    return listTasks(db, config, session.userId, query, session.now);
  // Each JSON task is its own completion too (progress and completedAt are null when it has none).
  return row.tasks.map((task) =>
    toTaskItem(config, task, task.progress === null ? undefined : (task as ListedCompletion)),
  );
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
  userId: string,
  where: { id: number } | { code: string },
  now: Date,
): Promise<TaskItem> {
  const task = await findActiveTask(db, where);
  const completions = await completionsOf(db, userId, [task], now);
  return toTaskItem(config, task, completions.get(task.id));
}
