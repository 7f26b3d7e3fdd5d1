import { type TaskItem, taskListRoute } from '@ojo/api-contract/tasks';
import { TASK_LIST_QUERY } from '@ojo/domain/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { type TaskListQuery, taskKeys } from './task-keys';

/** GET /v2/tasks/list (product.md 7: channel 'pc', position 'ladder'). */
export async function getTasks(query: TaskListQuery, signal?: AbortSignal): Promise<TaskItem[]> {
  return (await apiClient.callRoute(taskListRoute, { query, signal })) ?? [];
}

export const tasksQueryOptions = (query: TaskListQuery = TASK_LIST_QUERY) =>
  queryOptions({ queryKey: taskKeys.list(query), queryFn: ({ signal }) => getTasks(query, signal) });

export function useTasks({ enabled }: { enabled: boolean }) {
  return useQuery({ ...tasksQueryOptions(), enabled });
}
