import { PLAY_GAME_TASK_ID } from '@ojo/domain/constants';
import { isTaskDone, splitTaskDescription } from '@ojo/domain/tasks/task';
import { CheckIcon } from '@/components/ui/icons';
import { useTaskDetail } from '../api/get-task-detail';
import { doneText } from './task-card';
import { TaskIcon } from './task-icon';

/**
 * The race's own daily task (play game, 411004), shown over the race in the game's task popup. Nothing to verify:
 * the player's first settled round of the UTC day completes it and credits its reward (the race's job), so the card
 * says how, and shows DONE (TODAY) once it is.
 */
export function PlayGameTask() {
  const detail = useTaskDetail(PLAY_GAME_TASK_ID, { enabled: true });
  const task = detail.data;
  if (!task) return null;
  const { description, points } = splitTaskDescription(task.desc);
  const isDone = isTaskDone(task);
  return (
    <section
      aria-label="Race task"
      data-testid="play-game-task"
      data-state={isDone ? 'done' : 'todo'}
      className={`flex flex-wrap items-center gap-4 rounded-2xl border p-4 ${
        isDone ? 'border-lime/30 bg-lime/5' : 'border-white/10 bg-arena-900/70'
      }`}
    >
      <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-white/5 text-white">
        <TaskIcon domain={task.domain} className="size-6" />
      </span>
      <div className="min-w-0 flex-1 basis-48">
        <h3 className="font-display text-lg font-black text-white">{task.title}</h3>
        {description ? <p className="text-sm text-slate-300">{description}</p> : null}
        <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
          {points !== null ? <span className="font-bold text-lime">+{points} FishXP</span> : null}
          {isDone ? null : (
            <span className="text-slate-400">Done when a round you bet in settles, once a day (UTC).</span>
          )}
        </p>
      </div>
      {isDone ? (
        <span className="flex shrink-0 items-center gap-1 rounded-xl bg-lime/15 px-3 py-2 text-sm font-black text-lime">
          <CheckIcon className="size-4" />
          {doneText(task)}
        </span>
      ) : null}
    </section>
  );
}
