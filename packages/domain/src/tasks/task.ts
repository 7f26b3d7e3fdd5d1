import { SPECIAL_VERIFY_ERROR_TASK_ID } from '../constants';
import { ERROR_CODES, isErrorCode } from '../error-codes';
import { TASK_TEXT } from '../messages';

/** product.md 3 Task (the fields these rules read). */
export interface Task {
  taskId?: number | string;
  code?: string;
  /** 'state or status (0 means not done, any other value means done; the state DONE also appears)'. */
  state?: unknown;
  status?: unknown;
  title?: string;
  desc?: string;
  labelName?: string | null;
  domain?: string;
  progress?: number | string | null;
  limit?: number | string | null;
}

const POINTS_MARKER = /\[\[p(\d+(?:\.\d+)?)\]\]/;

/**
 * product.md 2 Task page: 'A task description may carry a marker [[p<number>]]. It is split into a plain description
 * and a point value.' Without a marker the points are null.
 */
export function splitTaskDescription(desc: string | null | undefined): {
  description: string;
  points: number | null;
} {
  const text = desc ?? '';
  const match = POINTS_MARKER.exec(text);
  if (!match) return { description: text.trim(), points: null };
  const description = text
    .replace(POINTS_MARKER, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return { description, points: Number(match[1]) };
}

/** The task's state, read from `state` or else `status`. */
function taskState(task: Pick<Task, 'state' | 'status'>): unknown {
  return task.state ?? task.status;
}

/**
 * product.md 3 Task: '0 means not done, any other value means done; the state DONE also appears'. A task with no state
 * at all is not done.
 */
export function isTaskDone(task: Pick<Task, 'state' | 'status'>): boolean {
  const state = taskState(task);
  if (state === null || state === undefined || state === '') return false;
  return state !== 0 && state !== '0';
}

/** product.md 4 Tasks: 'The all-tasks-done flag is true when no task has status 0.' */
export function areAllTasksDone(tasks: readonly Pick<Task, 'state' | 'status'>[]): boolean {
  return tasks.every(isTaskDone);
}

/** product.md 2 Task page: 'A progress text 'progress/limit' appears when limit is greater than 1.' */
export function taskProgressText(task: Pick<Task, 'progress' | 'limit'>): string | null {
  const limit = Number(task.limit);
  if (!Number.isFinite(limit) || limit <= 1) return null;
  const progress = Number(task.progress ?? 0);
  return `${Number.isFinite(progress) ? progress : 0}/${limit}`;
}

/** product.md 4 Tasks: 'A done task shows DONE (TODAY if it has a label).' Null while not done. */
export function taskDoneLabel(task: Pick<Task, 'state' | 'status' | 'labelName'>): string | null {
  if (!isTaskDone(task)) return null;
  return task.labelName ? TASK_TEXT.doneToday : TASK_TEXT.done;
}

/** product.md 4 Tasks: 'Wallet-bind tasks are done once any connected address exists.' Other tasks follow their state. */
export function isTaskDoneForUser(
  task: Pick<Task, 'state' | 'status' | 'code'>,
  connectedAddresses: readonly (string | null | undefined)[],
): boolean {
  if (task.code === 'wallet_bind' && connectedAddresses.some((address) => !!address)) return true;
  return isTaskDone(task);
}

export type TaskVerifyErrorAction =
  | { kind: 'redirect' }
  | { kind: 'message'; message: string; refreshTasks: boolean };

/**
 * product.md 8 task verify rows, in order: 100020 redirects to the provider connect URL; 100028 busy; 100023 bound to
 * another account; task 404006 refreshes the list with the 30 s message; osp_profile_create asks for a profile;
 * anything else says the platform may be delayed.
 */
export function taskVerifyErrorAction(error: {
  code: unknown;
  taskId?: number | string;
  taskCode?: string;
  platform: string;
  /**
   * The verify resumes a task after its connect page: the stored task is tried once, so a platform still not
   * connected (the player came back without connecting) is reported, never a second trip to the connect page.
   */
  isResume?: boolean;
}): TaskVerifyErrorAction {
  if (isErrorCode(error.code, ERROR_CODES.TASK_NEEDS_CONNECT)) {
    return error.isResume
      ? { kind: 'message', message: TASK_TEXT.verifyFailedDelayed(error.platform), refreshTasks: false }
      : { kind: 'redirect' };
  }
  if (isErrorCode(error.code, ERROR_CODES.TASK_SERVICE_BUSY)) {
    return { kind: 'message', message: TASK_TEXT.serviceBusy, refreshTasks: false };
  }
  if (isErrorCode(error.code, ERROR_CODES.TASK_PLATFORM_BOUND_ELSEWHERE)) {
    return {
      kind: 'message',
      message: TASK_TEXT.platformBoundElsewhere(error.platform),
      refreshTasks: false,
    };
  }
  if (
    String(error.taskId) === String(SPECIAL_VERIFY_ERROR_TASK_ID) ||
    isErrorCode(error.code, ERROR_CODES.TASK_UNAVAILABLE)
  ) {
    return { kind: 'message', message: TASK_TEXT.verifyFailedRetry30s, refreshTasks: true };
  }
  if (error.taskCode === 'osp_profile_create') {
    return { kind: 'message', message: TASK_TEXT.createProfileFirst, refreshTasks: false };
  }
  return { kind: 'message', message: TASK_TEXT.verifyFailedDelayed(error.platform), refreshTasks: false };
}
