import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { PermanentJobError } from '../../jobs/errors';
import { AppError } from '../../lib/errors';
import { findActiveTask } from './list-tasks';
import { periodKeyOf } from './period';
import { recordProgress } from './record-progress';

/**
 * Completes a do-task task for a player from another module's event (the race enqueues it when a player's round
 * settles: task 411004 "play game"). Other modules know only this kind and payload, not the tasks module's insides.
 * Idempotent: the task completes once per period, however often the job runs. Atomic: the completion, its reward
 * and the job's result (which names the reward for the race to tell the player) commit together, so a run that
 * crashes after crediting cannot leave the reward credited and the player never told.
 */
export const COMPLETE_DO_TASK_JOB = 'tasks.complete-do-task';

export const completeDoTaskJob = defineJob({
  kind: COMPLETE_DO_TASK_JOB,
  payload: z.object({ userId: z.string().uuid(), taskId: z.number().int().positive() }),
  maxAttempts: 5,
  atomic: true,
  async handle({ payload, deps, tx }) {
    const db = tx ?? deps.db;
    let task: Awaited<ReturnType<typeof findActiveTask>>;
    try {
      task = await findActiveTask(db, { id: payload.taskId });
    } catch (error) {
      if (error instanceof AppError) return { skipped: 'no such active task' };
      throw error;
    }
    if (task.verifier !== 'do_task') throw new PermanentJobError('NOT_DO_TASK', 'not a do-task task');
    const result = await recordProgress(db, {
      userId: payload.userId,
      task,
      periodKey: periodKeyOf(task.period, new Date()),
      progress: task.limit,
    });
    // What this run credited, read by the race to tell the player (drive-rounds.ts announceRewards): only the run
    // that completed the task names a reward.
    const reward =
      result.isNewlyDone && task.rewardAmount > 0n
        ? { asset: task.rewardAsset, amount: task.rewardAmount.toString() }
        : null;
    return { done: result.done, isNewlyDone: result.isNewlyDone, reward };
  },
});
