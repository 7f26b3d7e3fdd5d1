import type { TaskItem } from '@ojo/api-contract/tasks';
import { TASK_TEXT } from '@ojo/domain/messages';
import { isTaskDone, splitTaskDescription, taskDoneLabel, taskProgressText } from '@ojo/domain/tasks/task';
import { Link } from 'react-router';
import { CheckIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { TaskIcon } from './task-icon';

/** product.md 4 'A done task shows DONE (TODAY if it has a label)': DONE, or DONE (TODAY) for a daily task. */
function doneText(task: TaskItem): string {
  return taskDoneLabel(task) === TASK_TEXT.doneToday
    ? `${TASK_TEXT.done} (${TASK_TEXT.doneToday})`
    : TASK_TEXT.done;
}

function GoLink({ url, title }: { url: string; title: string }) {
  const className =
    'rounded-xl border border-white/15 px-4 py-2 text-sm font-bold text-white transition hover:border-lime/60 hover:text-lime';
  if (url.startsWith('/')) {
    return (
      <Link to={url} className={className} aria-label={`Go: ${title}`}>
        Go
      </Link>
    );
  }
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={className} aria-label={`Go: ${title}`}>
      Go
    </a>
  );
}

export interface TaskCardProps {
  task: TaskItem;
  isVerifying: boolean;
  onVerify: (task: TaskItem) => void;
}

/** A task's icon by domain, title, plain description, point value from the marker, and a note (its progress). */
export function TaskSummary({ task, note }: { task: TaskItem; note: string | null }) {
  const { description, points } = splitTaskDescription(task.desc);
  return (
    <>
      <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-white/5 text-white">
        <TaskIcon domain={task.domain} className="size-6" />
      </span>
      <div className="min-w-0 flex-1 basis-48">
        <h3 className="font-display text-lg font-black text-white">{task.title}</h3>
        {description ? <p className="text-sm text-slate-300">{description}</p> : null}
        <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
          {points !== null ? <span className="font-bold text-lime">+{points} FishXP</span> : null}
          {note ? <span className="text-slate-400">{note}</span> : null}
        </p>
      </div>
    </>
  );
}

/** DONE, or DONE (TODAY) for a daily task, as a badge. */
export function TaskDoneBadge({ task }: { task: TaskItem }) {
  return (
    <span className="flex shrink-0 items-center gap-1 rounded-xl bg-lime/15 px-3 py-2 text-sm font-black text-lime">
      <CheckIcon className="size-4" />
      {doneText(task)}
    </span>
  );
}

/** One task: its summary, todo (Go, Verify) or done. */
export function TaskCard({ task, isVerifying, onVerify }: TaskCardProps) {
  const isDone = isTaskDone(task);
  return (
    <li
      data-testid="task-card"
      data-task-code={task.code}
      data-state={isDone ? 'done' : 'todo'}
      className={`flex flex-wrap items-center gap-4 rounded-2xl border p-4 sm:flex-nowrap sm:p-5 ${
        isDone ? 'border-lime/30 bg-lime/5' : 'border-white/10 bg-arena-900/70'
      }`}
    >
      <TaskSummary task={task} note={taskProgressText(task)} />
      <div className="flex shrink-0 items-center gap-2">
        {isDone ? (
          <TaskDoneBadge task={task} />
        ) : (
          <>
            {task.url ? <GoLink url={task.url} title={task.title} /> : null}
            <button
              type="button"
              onClick={() => onVerify(task)}
              disabled={isVerifying}
              aria-label={`Verify: ${task.title}`}
              className="flex items-center gap-2 rounded-xl bg-lime px-4 py-2 text-sm font-black text-arena-950 transition hover:brightness-110 disabled:opacity-60"
            >
              {isVerifying ? <Spinner label="Verifying" /> : null}
              Verify
            </button>
          </>
        )}
      </div>
    </li>
  );
}
