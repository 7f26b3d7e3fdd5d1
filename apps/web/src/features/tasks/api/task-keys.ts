import { TASK_LIST_QUERY } from '@ojo/domain/constants';

export type TaskListQuery = { channel: string; position: string };

/** Query keys of the tasks feature: invalidate `taskKeys.all` after a verify, a do-task or a connection. */
export const taskKeys = {
  all: ['tasks'] as const,
  list: (query: TaskListQuery = TASK_LIST_QUERY) =>
    [...taskKeys.all, 'list', query.channel, query.position] as const,
  detail: (taskId: number) => [...taskKeys.all, 'detail', taskId] as const,
};
