import type { TaskItem } from '@ojo/api-contract/tasks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { setSessionValue } from '@/lib/session-storage';
import { taskKeys } from '../api/task-keys';
import { doTask, verifyTask } from '../api/verify-task';
import { taskErrorOutcome } from './task-errors';

export type TaskActionTarget = Pick<TaskItem, 'taskId' | 'code' | 'domain' | 'title'>;

/**
 * Verify and do-task from the task page. Success: the list, the member info and the points refresh (product.md 4 'Then
 * the task list, member info and point award are refreshed'; `onTaskDone` refreshes what other features own).
 * Failure: product.md 8 — 100020 stores the task id and platform for 2 days and goes to the connect URL; the others show
 * their text, 404006 also refreshes the list.
 */
export function useTaskActions({ onTaskDone }: { onTaskDone: () => void }) {
  const queryClient = useQueryClient();
  const [pendingTaskId, setPendingTaskId] = useState<number | null>(null);
  const refreshTasks = useCallback(
    () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
    [queryClient],
  );

  const run = useCallback(
    async (
      task: TaskActionTarget,
      kind: 'verify' | 'do' = 'verify',
      options: { isResume?: boolean } = {},
    ): Promise<boolean> => {
      setPendingTaskId(task.taskId);
      try {
        const result = await (kind === 'do' ? doTask(task.taskId) : verifyTask(task.taskId));
        await refreshTasks();
        if (result?.done) {
          toast.success(`${task.title}: done`);
          onTaskDone();
        }
        return Boolean(result?.done);
      } catch (error) {
        const outcome = taskErrorOutcome(error, task, options);
        if (outcome.action.kind === 'redirect' && outcome.connectUrl) {
          setSessionValue('taskId', String(task.taskId));
          setSessionValue('platform', task.domain);
          window.location.assign(outcome.connectUrl);
          return false;
        }
        if (outcome.action.kind === 'message') toast.error(outcome.action.message);
        if ((outcome.action.kind === 'message' && outcome.action.refreshTasks) || outcome.progress > 0) {
          await refreshTasks();
        }
        return false;
      } finally {
        setPendingTaskId(null);
      }
    },
    [onTaskDone, refreshTasks],
  );

  return { run, pendingTaskId, refreshTasks };
}
