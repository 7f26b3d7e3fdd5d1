import type { TaskVerifyResult } from '@ojo/api-contract/tasks';
import type { Database } from '@ojo/db/client';
import { tasks } from '@ojo/db/schema/tasks';
import type { User } from '@ojo/db/schema/users';
import { and, asc, eq } from '@ojo/db/sql';
import type { AppConfig } from '../../config/env';
import { EnvelopeAnswer } from '../../lib/route';
import { taskErrors } from './errors';
import { findActiveTask, listTasks } from './list-tasks';
import { PlatformUnavailableError } from './platforms/http';
import { findSocialAccount } from './social-accounts';
import { type TaskDependencies, verifyTask } from './verify-task';
import { playerPost } from './x-post';

/** POST /v2/tasks/doquests: verifies each open task of the list once; each outcome, failed ones included. */
export async function doQuests(
  deps: TaskDependencies,
  user: User,
  query: { channel: string; position: string },
  now: Date,
): Promise<TaskVerifyResult[]> {
  const open = (await listTasks(deps.db, deps.config, user, query, now)).filter((task) => task.status === 0);
  const outcomes: TaskVerifyResult[] = [];
  for (const task of open) {
    const answer = await verifyTask(deps, user, task.taskId, now);
    outcomes.push(answer instanceof EnvelopeAnswer ? (answer.payload as TaskVerifyResult) : answer);
  }
  return outcomes;
}

/** GET /v2/tasks/twitter/tweets/{id}: the post an X task asks for. */
export async function taskTweet(
  db: Database,
  config: AppConfig,
  user: Pick<User, 'referralCode'>,
  taskId: number,
) {
  const task = await findActiveTask(db, { id: taskId });
  const post = playerPost(config, task, user.referralCode);
  if (task.verifier !== 'x_post' || !post.intentUrl) throw taskErrors.notXTask();
  return {
    taskId: task.id,
    text: post.text,
    requiredText: post.requiredText,
    requiredLink: post.requiredLink,
    intentUrl: post.intentUrl,
  };
}

/** GET /v2/tasks/ladder/reward: each active ladder task's reward, in the list's order. */
export async function ladderRewards(db: Database) {
  const rows = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.position, 'ladder'), eq(tasks.isActive, true)))
    .orderBy(asc(tasks.sortOrder), asc(tasks.id));
  return rows.map((task) => ({
    taskId: task.id,
    code: task.code,
    title: task.title,
    rewardType: task.rewardAsset === 'OJO' ? ('OJO' as const) : ('POINT' as const),
    rewardAmount: task.rewardAmount.toString(),
  }));
}

/** GET /reference/telegram/subscribe/check: false until Telegram is bound; then the channel membership. */
export async function telegramSubscribed(deps: TaskDependencies, user: User): Promise<boolean> {
  const account = await findSocialAccount(deps.db, user.id, 'telegram');
  if (!account || !deps.platforms.telegram) return false;
  try {
    return await deps.platforms.telegram.isChannelMember(account.externalId);
  } catch (error) {
    if (error instanceof PlatformUnavailableError) return false;
    throw error;
  }
}
