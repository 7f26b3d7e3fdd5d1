import type { TaskItem } from '@ojo/api-contract/tasks';
import type { Database } from '@ojo/db/client';
import { catalogueVersions } from '@ojo/db/schema/catalogue-versions';
import { type Task, taskCompletions, tasks } from '@ojo/db/schema/tasks';
import { userAddresses } from '@ojo/db/schema/user-addresses';
import { type User, users } from '@ojo/db/schema/users';
import { and, asc, eq, inArray, sql } from '@ojo/db/sql';
import type { AppConfig } from '../../config/env';
import { completeDerivedTasks, isDerivedTask, isDerivedTaskMet } from './derived-tasks';
import { taskErrors } from './errors';
import { periodKeyOf } from './period';
import { type ListedCompletion, type ListedTask, toTaskItem } from './task-item';

/**
 * The player's completions of the current period of each task, by task id. A derived task still open while what it
 * asks is met (signed in today, a profile, a connected address) is completed (and paid, once) first: the player
 * does not press Verify for what the product knows (spec 4 'done once any connected address exists').
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

/** A task of the catalogue as its read aggregates it (JSON: the reward amount as text). */
interface CatalogueTaskJson extends ListedTask {
  period: Task['period'];
  rewardAmount: string;
}

/** The active tasks of a channel and position, as an API node keeps them, and the catalogue version they are of. */
interface TaskCatalogue {
  version: string;
  tasks: CatalogueTaskJson[];
}

/**
 * The catalogue of `query`'s channel and position: its active tasks in the operator's order, as one JSON array, and
 * the catalogue's version (`catalogue_versions`, moved by a trigger on every change to `tasks`) read in the same
 * statement, so the tasks are those of that version.
 */
async function selectTaskCatalogue(db: Database, query: { channel: string; position: string }) {
  return db
    .select({
      version: sql<string>`${catalogueVersions.version}::text`,
      tasks: sql<CatalogueTaskJson[]>`(
        select coalesce(json_agg(json_build_object(
          'id', ${tasks.id}, 'code', ${tasks.code}, 'domain', ${tasks.domain}, 'verifier', ${tasks.verifier},
          'period', ${tasks.period}, 'title', ${tasks.title}, 'description', ${tasks.description},
          'url', ${tasks.url}, 'connectUrl', ${tasks.connectUrl}, 'icon', ${tasks.icon},
          'labelName', ${tasks.labelName}, 'limit', ${tasks.limit}, 'rewardAsset', ${tasks.rewardAsset},
          'rewardAmount', ${tasks.rewardAmount}::text, 'requiredText', ${tasks.requiredText},
          'requiredLink', ${tasks.requiredLink}
        ) order by ${tasks.sortOrder}, ${tasks.id}), '[]'::json)
        from ${tasks}
        where ${tasks.channel} = ${query.channel} and ${tasks.position} = ${query.position} and ${tasks.isActive}
      )`,
    })
    .from(catalogueVersions)
    .where(eq(catalogueVersions.name, 'tasks'));
}

/** Catalogues an API node keeps, per database and `channel position`; at most this many (the query is the client's). */
const CACHED_CATALOGUES = 64;
const catalogues = new WeakMap<Database, Map<string, TaskCatalogue>>();

/**
 * The catalogue of `query` at `version`: from memory when this node holds that version, otherwise read (and kept when
 * it has tasks: a made-up channel's empty list is not worth a place). A newer version read meanwhile is kept as what
 * it is; the next request that reads an older one loads it again.
 */
async function taskCatalogue(
  db: Database,
  query: { channel: string; position: string },
  version: string,
): Promise<CatalogueTaskJson[]> {
  let byQuery = catalogues.get(db);
  if (!byQuery) {
    byQuery = new Map();
    catalogues.set(db, byQuery);
  }
  const key = `${query.channel}\u0000${query.position}`;
  const known = byQuery.get(key);
  if (known?.version === version) return known.tasks;
  const [read] = await selectTaskCatalogue(db, query);
  const catalogue = { version: read?.version ?? version, tasks: read?.tasks ?? [] };
  if (catalogue.tasks.length > 0) {
    if (!byQuery.has(key) && byQuery.size >= CACHED_CATALOGUES) byQuery.clear();
    byQuery.set(key, catalogue);
  }
  return catalogue.tasks;
}

/**
 * What the task list reads of the player in one statement and one row: the task catalogue's version, the player's
 * completions of one-off tasks and of `today`'s daily ones (`[taskId, periodKey, progress, completedAt]` each),
 * whether the player has a connected address and their handle (what decides the derived tasks), and their referral
 * code (the X task's post). The catalogue itself comes from `taskCatalogue`, kept per node.
 */
async function selectTaskState(db: Database, userId: string, today: string) {
  const [row] = await db
    .select({
      catalogueVersion: sql<string>`(
        select ${catalogueVersions.version}::text from ${catalogueVersions} where ${catalogueVersions.name} = 'tasks'
      )`,
      completions: sql<[number, string, number, string | null][]>`(
        select coalesce(json_agg(json_build_array(
          ${taskCompletions.taskId}, ${taskCompletions.periodKey}, ${taskCompletions.progress},
          ${taskCompletions.completedAt}
        )), '[]'::json)
        from ${taskCompletions}
        where ${taskCompletions.userId} = ${userId} and ${taskCompletions.periodKey} in ('once', ${today})
      )`,
      hasConnectedAddress: sql<boolean>`exists (select 1 from ${userAddresses} where ${userAddresses.userId} = ${userId} and ${userAddresses.isConnected})`,
      referralCode: users.referralCode,
      handle: users.handle,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * GET /v2/tasks/list of the player from the catalogue kept per node and their state read in one statement. A
 * derived task still open while what it asks is met (the day's first read for the sign-in, the first after a
 * profile or a wallet) goes through `listTasks`, which completes it, pays it once, and reads the completions again.
 */
export async function readTaskList(
  db: Database,
  config: AppConfig,
  userId: string,
  query: { channel: string; position: string },
  now: Date,
): Promise<TaskItem[]> {
  const today = periodKeyOf('daily', now);
  const row = await selectTaskState(db, userId, today);
  if (!row) return [];
  const catalogue = await taskCatalogue(db, query, row.catalogueVersion);
  const completionOf = (task: CatalogueTaskJson): ListedCompletion | undefined => {
    const periodKey = task.period === 'daily' ? today : 'once';
    const found = row.completions.find(([taskId, key]) => taskId === task.id && key === periodKey);
    return found ? { progress: found[2], completedAt: found[3] } : undefined;
  };
  const facts = { hasProfile: Boolean(row.handle), hasConnectedAddress: row.hasConnectedAddress };
  const openButMet = catalogue.some(
    (task) =>
      isDerivedTask(task) && !completionOf(task)?.completedAt && isDerivedTaskMet(task.verifier, facts),
  );
  const user = { id: userId, referralCode: row.referralCode };
  if (openButMet) return listTasks(db, config, user, query, now);
  return catalogue.map((task) => toTaskItem(config, task, completionOf(task), user.referralCode));
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
