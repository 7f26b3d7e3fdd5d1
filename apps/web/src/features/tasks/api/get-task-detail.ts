import { type TaskItem, taskDetailRoute } from '@ojo/api-contract/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { taskKeys } from './task-keys';

/** GET /v2/tasks/detail?taskId (product.md 7: check-in 411010, play game 411004): one task with the player's state. */
export async function getTaskDetail(taskId: number, signal?: AbortSignal): Promise<TaskItem | null> {
  return apiClient.callRoute(taskDetailRoute, { query: { taskId }, signal });
}

export const taskDetailQueryOptions = (taskId: number) =>
  queryOptions({
    queryKey: taskKeys.detail(taskId),
    queryFn: ({ signal }) => getTaskDetail(taskId, signal),
  });

export function useTaskDetail(taskId: number, { enabled }: { enabled: boolean }) {
  return useQuery({ ...taskDetailQueryOptions(taskId), enabled });
}
