import { type TaskItem, taskVerifyResultSchema } from '@ojo/api-contract/tasks';
import { TASK_TEXT } from '@ojo/domain/messages';
import { type TaskVerifyErrorAction, taskVerifyErrorAction } from '@ojo/domain/tasks/task';
import { taskPlatformName } from '@ojo/domain/tasks/task-domain';
import { env } from '@/config/env';
import { isApiError } from '@/lib/api-client';

/** The platform a task's texts name (product.md 8 '{platform}'), when the answer did not say (the API's own function). */
export function platformOfDomain(domain: string): string {
  return taskPlatformName(domain, env.productName);
}

export interface TaskErrorOutcome {
  action: TaskVerifyErrorAction;
  /** 100020: where to connect the platform. */
  connectUrl: string | null;
  /** The progress the answer reported, when it did (a task with a limit over 1). */
  progress: number;
}

/** What product.md 8 says the page does for a failed verify or do-task of `task`. */
export function taskErrorOutcome(
  error: unknown,
  task: Pick<TaskItem, 'taskId' | 'code' | 'domain'>,
  options: { isResume?: boolean } = {},
): TaskErrorOutcome {
  if (!isApiError(error) || error.kind === 'network' || error.kind === 'invalid-response') {
    // No verdict at all: the service could not be asked (product.md 8 100028's text fits).
    return {
      action: { kind: 'message', message: TASK_TEXT.serviceBusy, refreshTasks: false },
      connectUrl: null,
      progress: 0,
    };
  }
  const payload = taskVerifyResultSchema.safeParse(error.payload);
  const platform = payload.success ? payload.data.platform : platformOfDomain(task.domain);
  return {
    action: taskVerifyErrorAction({
      code: error.code,
      taskId: task.taskId,
      taskCode: task.code,
      platform,
      isResume: options.isResume,
    }),
    connectUrl: payload.success ? payload.data.connectUrl : null,
    progress: payload.success ? payload.data.progress : 0,
  };
}
