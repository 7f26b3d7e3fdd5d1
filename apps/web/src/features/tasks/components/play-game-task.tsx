import { PLAY_GAME_TASK_ID } from '@ojo/domain/constants';
import { isTaskDone } from '@ojo/domain/tasks/task';
import { useTaskDetail } from '../api/get-task-detail';
import { TaskDoneBadge, TaskSummary } from './task-card';

/**
 * The race's own daily task (play game, 411004), shown over the race in the game's task popup. Nothing to verify:
 * the player's first settled round of the UTC day completes it and credits its reward (the race's job), so the card
 * says how, and shows DONE (TODAY) once it is.
 */
export function PlayGameTask() {
  const detail = useTaskDetail(PLAY_GAME_TASK_ID, { enabled: true });
  const task = detail.data;
  if (!task) return null;
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
      <TaskSummary
        task={task}
        note={isDone ? null : 'Done when a round you bet in settles, once a day (UTC).'}
      />
      {isDone ? <TaskDoneBadge task={task} /> : null}
    </section>
  );
}
