import { type TaskVerifyResult, taskDoRoute, taskVerifyRoute } from '@ojo/api-contract/tasks';
import { apiClient } from '@/lib/api-client';

/** POST /v2/tasks/verify?taskId (product.md 7): resolves with the outcome, or throws the ApiError of product.md 8's codes. */
export async function verifyTask(taskId: number): Promise<TaskVerifyResult | null> {
  return apiClient.callRoute(taskVerifyRoute, { query: { taskId } });
}

/** POST /v2/tasks/dotask?taskId (product.md 7): a do-task is done once its product event happened (play game: a round). */
export async function doTask(taskId: number): Promise<TaskVerifyResult | null> {
  return apiClient.callRoute(taskDoRoute, { query: { taskId } });
}
