import type { TaskVerifyResult } from '@ojo/api-contract/tasks';
import type { Database } from '@ojo/db/client';
import { type Task, taskCompletions } from '@ojo/db/schema/tasks';
import type { User } from '@ojo/db/schema/users';
import { and, eq } from '@ojo/db/sql';
import type { AppConfig } from '../../config/env';
import { EnvelopeAnswer } from '../../lib/route';
import { connectUrlFor } from './connect-url';
import { TASK_FAILURE, TaskFailure, taskErrors } from './errors';
import { findActiveTask } from './list-tasks';
import { periodKeyOf } from './period';
import type { TaskPlatforms } from './platforms';
import { recordProgress } from './record-progress';
import { platformLabel, VERIFIERS } from './verifiers';

export interface TaskDependencies {
  db: Database;
  config: AppConfig;
  platforms: TaskPlatforms;
}

async function isDoneThisPeriod(db: Database, userId: string, task: Task, periodKey: string) {
  const [row] = await db
    .select({ completedAt: taskCompletions.completedAt, progress: taskCompletions.progress })
    .from(taskCompletions)
    .where(
      and(
        eq(taskCompletions.userId, userId),
        eq(taskCompletions.taskId, task.id),
        eq(taskCompletions.periodKey, periodKey),
      ),
    );
  return row?.completedAt ? row : undefined;
}

/**
 * POST /v2/tasks/verify (and dotask): checks the task with its verifier and credits the reward once (product.md 4 'Todo
 * becomes done after a successful verify or do-task'). A check that fails for the player's reason answers the
 * product.md 8 code in a failed envelope with the outcome; 100020 carries the connect URL.
 */
export async function verifyTask(
  deps: TaskDependencies,
  user: User,
  taskId: number,
  now: Date,
  options: { isDoTask?: boolean } = {},
): Promise<TaskVerifyResult | EnvelopeAnswer> {
  const task = await findActiveTask(deps.db, { id: taskId });
  if (options.isDoTask && task.verifier !== 'do_task') throw taskErrors.notDoTask();
  const periodKey = periodKeyOf(task.period, now);
  const outcome = (done: boolean, progress: number, connectUrl: string | null = null): TaskVerifyResult => ({
    taskId: task.id,
    code: task.code,
    done,
    progress,
    limit: task.limit,
    platform: platformLabel(task, deps.config.productName),
    connectUrl,
  });
  const already = await isDoneThisPeriod(deps.db, user.id, task, periodKey);
  if (already) return outcome(true, already.progress);
  let progress: number;
  try {
    progress = await VERIFIERS[task.verifier]({ ...deps, user, task, now });
  } catch (error) {
    if (!(error instanceof TaskFailure)) throw error;
    return failure(deps, user, error, outcome, now);
  }
  const result = await recordProgress(deps.db, { userId: user.id, task, periodKey, progress });
  if (!result.done) {
    // Some progress but under the limit (product.md 2 'progress/limit'): the page shows it, the task stays todo.
    return new EnvelopeAnswer(
      false,
      TASK_FAILURE.notMet.code,
      TASK_FAILURE.notMet.msgKey,
      outcome(false, result.progress),
    );
  }
  return outcome(true, result.progress);
}

async function failure(
  deps: TaskDependencies,
  user: User,
  error: TaskFailure,
  outcome: (done: boolean, progress: number, connectUrl?: string | null) => TaskVerifyResult,
  now: Date,
): Promise<EnvelopeAnswer> {
  let kind = error.kind;
  let connectUrl: string | null = null;
  if (kind === 'needsConnect' && error.connect) {
    try {
      connectUrl = await connectUrlFor(deps.db, deps.config, error.connect, user.id, now.getTime());
    } catch (connectError) {
      if (!(connectError instanceof TaskFailure)) throw connectError;
      kind = connectError.kind;
    }
  }
  const { code, msgKey } = TASK_FAILURE[kind];
  return new EnvelopeAnswer(false, code, msgKey, outcome(false, 0, connectUrl));
}
