import { TASK_TEXT } from '@ojo/domain/messages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { env } from '@/config/env';
import { ROUTES } from '@/config/routes';
import { TaskList, taskCardClass } from './task-list';

export interface TaskPageProps {
  hasSession: boolean;
  /** Refreshes what other features own after a task is done (member info, points). */
  onTaskDone: () => void;
  /** The onboarding badge button with the badge feature's claim, composed by the app (product.md 2, product.md 4 Tasks). */
  onboardingBadge?: ReactNode;
  /** The introduction and backers sections, composed by the app (product.md 2 Task page). */
  children?: ReactNode;
}

/** The task page (product.md 2): 'Start Earning' and the task list, the onboarding badge button, then the sections. */
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
            <div className={`${taskCardClass} flex flex-col items-start gap-4`}>
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
