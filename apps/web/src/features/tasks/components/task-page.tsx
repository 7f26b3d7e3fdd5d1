import type { TaskItem } from '@ojo/api-contract/tasks';
import { TASK_TEXT } from '@ojo/domain/messages';
import { areAllTasksDone } from '@ojo/domain/tasks/task';
import { type ReactNode, useCallback } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { ROUTES } from '@/config/routes';
import { useTasks } from '../api/get-tasks';
import { useResumeTask } from '../hooks/use-resume-task';
import { type TaskActionTarget, useTaskActions } from '../hooks/use-task-actions';
import { TaskCard } from './task-card';

const cardClass = 'rounded-3xl border border-white/10 bg-arena-900/70 p-6';

function TaskList({ onTaskDone }: { onTaskDone: () => void }) {
  const tasks = useTasks({ enabled: true });
  const { run, pendingTaskId } = useTaskActions({ onTaskDone });
  const findTask = useCallback(
    (taskId: number): TaskActionTarget | undefined => tasks.data?.find((task) => task.taskId === taskId),
    [tasks.data],
  );
  const resume = useCallback(
    (taskId: number, fallback: TaskActionTarget) => run(findTask(taskId) ?? fallback),
    [findTask, run],
  );
  useResumeTask({ enabled: tasks.isSuccess, resume });

  if (tasks.isPending) {
    return (
      <div className="grid place-items-center py-12">
        <Spinner label="Loading tasks" />
      </div>
    );
  }
  if (tasks.isError) {
    return (
      <div role="alert" className={`${cardClass} flex flex-col items-start gap-4`}>
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
  // spec 2 'The list is hidden when all tasks are done.'
  if (areAllTasksDone(tasks.data)) {
    return (
      <p className={`${cardClass} text-slate-300`}>
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

export interface TaskPageProps {
  hasSession: boolean;
  /** Refreshes what other features own after a task is done (member info, points). */
  onTaskDone: () => void;
  /** The onboarding badge button with the badge feature's claim, composed by the app (spec 2, spec 4 Tasks). */
  onboardingBadge?: ReactNode;
  /** The introduction and backers sections, composed by the app (spec 2 Task page). */
  children?: ReactNode;
}

/** The task page (spec 2): 'Start Earning' and the task list, the onboarding badge button, then the sections. */
export function TaskPage({ hasSession, onTaskDone, onboardingBadge, children }: TaskPageProps) {
  return (
    <>
      <Page
        title={TASK_TEXT.heading}
        documentTitle={`${ROUTES.task.title} · ${env.productName}`}
        description="Complete tasks to earn FishXP."
      >
        <div className="flex flex-col gap-6">
          {hasSession ? (
            <TaskList onTaskDone={onTaskDone} />
          ) : (
            <div className={`${cardClass} flex flex-col items-start gap-4`}>
              <p className="text-slate-200">Log in to see your tasks and start earning.</p>
              <Link
                to={ROUTES.home.path}
                className="rounded-xl bg-lime px-5 py-3 text-sm font-black uppercase tracking-wider text-arena-950"
              >
                Log in on the home page
              </Link>
            </div>
          )}
          {hasSession ? onboardingBadge : null}
        </div>
      </Page>
      {children}
    </>
  );
}
