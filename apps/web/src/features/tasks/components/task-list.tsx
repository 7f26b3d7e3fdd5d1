import type { TaskItem } from '@ojo/api-contract/tasks';
import { areAllTasksDone, isTaskDone } from '@ojo/domain/tasks/task';
import { useCallback, useEffect, useRef } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useTasks } from '../api/get-tasks';
import { useResumeTask } from '../hooks/use-resume-task';
import { type TaskActionTarget, useTaskActions } from '../hooks/use-task-actions';
import { TaskCard } from './task-card';

export const taskCardClass = 'rounded-3xl border border-white/10 bg-arena-900/70 p-6';

export interface TaskListProps {
  /** Refreshes what other features own after a task is done (member info, points). */
  onTaskDone: () => void;
  /**
   * Resume the task stored before a 100020 redirect (product.md 4) once the list is loaded. The task page does, being
   * where the player comes back to; a list shown elsewhere (the game's popup) leaves that to the page.
   */
  resumeStoredTask?: boolean;
}

/**
 * The player's task list (product.md 2 Task page): each task with its state and its action (Go, Verify), loading and
 * error states, and the all-done note in place of the list. Shown by the task page and by the game's task popup.
 */
export function TaskList({ onTaskDone, resumeStoredTask = true }: TaskListProps) {
  const tasks = useTasks({ enabled: true });
  const { run, pendingTaskId } = useTaskActions({ onTaskDone });
  const findTask = useCallback(
    (taskId: number): TaskActionTarget | undefined => tasks.data?.find((task) => task.taskId === taskId),
    [tasks.data],
  );
  const resume = useCallback(
    (taskId: number, fallback: TaskActionTarget) =>
      run(findTask(taskId) ?? fallback, 'verify', { isResume: true }),
    [findTask, run],
  );
  useResumeTask({ enabled: resumeStoredTask && tasks.isSuccess, resume });
  useRefreshOnDoneTasks(tasks.data, onTaskDone);

  if (tasks.isPending) {
    return (
      <div className="grid place-items-center py-12">
        <Spinner label="Loading tasks" />
      </div>
    );
  }
  if (tasks.isError) {
    return (
      <div role="alert" className={`${taskCardClass} flex flex-col items-start gap-4`}>
        <p className="text-slate-200">The tasks could not be loaded.</p>
        <button
          type="button"
          onClick={() => tasks.refetch()}
          className="rounded-xl bg-white/10 px-4 py-2 text-sm font-bold text-white hover:bg-white/20"
        >
          Try again
        </button>
      </div>
    );
  }
  // product.md 2 'The list is hidden when all tasks are done.'
  if (areAllTasksDone(tasks.data)) {
    return (
      <p className={`${taskCardClass} text-slate-300`}>
        Every task is done. Daily tasks come back tomorrow (UTC).
      </p>
    );
  }
  return (
    <ul aria-label="Tasks" className="flex flex-col gap-3">
      {tasks.data.map((task: TaskItem) => (
        <TaskCard
          key={task.taskId}
          task={task}
          isVerifying={pendingTaskId === task.taskId}
          onVerify={(target) => void run(target)}
        />
      ))}
    </ul>
  );
}

/**
 * The server completes and pays the tasks it already knows are done (the day's sign-in, the profile, a linked
 * wallet) when the list is read, so a list with more done tasks than last seen refreshes the balances too.
 */
function useRefreshOnDoneTasks(tasks: readonly TaskItem[] | undefined, onTaskDone: () => void) {
  const seenDone = useRef<number | null>(null);
  const doneCount = tasks?.filter(isTaskDone).length;
  useEffect(() => {
    if (doneCount === undefined) return;
    if (doneCount > (seenDone.current ?? 0)) onTaskDone();
    seenDone.current = doneCount;
  }, [doneCount, onTaskDone]);
}
