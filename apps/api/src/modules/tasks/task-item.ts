import type { TaskItem } from '@ojo/api-contract/tasks';
import type { Task, TaskCompletion } from '@ojo/db/schema/tasks';
import type { AppConfig } from '../../config/env';
import { playerPost } from './x-post';

/** Where a task is done when its row names no url: the configured place of its kind. */
function defaultUrl(config: AppConfig, task: Task, referralCode: string): string | null {
  switch (task.verifier) {
    case 'x_post':
      return playerPost(config, task, referralCode).intentUrl;
    case 'telegram_channel':
      return config.tasks.telegram
        ? `${config.tasks.telegram.linkUrl}/${config.tasks.telegram.channel.replace(/^@/, '')}`
        : null;
    case 'discord_guild':
      return config.tasks.discord?.inviteUrl ?? null;
    default:
      return null;
  }
}

/**
 * A task row and the player's completion of its current period, as product.md 3 Task reads it; an X task's post carries
 * the player's invite link (their referral code).
 */
export function toTaskItem(
  config: AppConfig,
  task: Task,
  completion: Pick<TaskCompletion, 'progress' | 'completedAt'> | undefined,
  referralCode: string,
): TaskItem {
  const isDone = Boolean(completion?.completedAt);
  return {
    taskId: task.id,
    code: task.code,
    status: isDone ? 1 : 0,
    state: isDone ? 'DONE' : null,
    title: task.title,
    desc: task.description,
    url: task.url ?? defaultUrl(config, task, referralCode),
    connectUrl: task.connectUrl,
    domain: task.domain,
    labelName: task.labelName,
    icon: task.icon,
    progress: completion?.progress ?? 0,
    limit: task.limit,
    rewardType: task.rewardAsset === 'OJO' ? 'OJO' : 'POINT',
    rewardAmount: task.rewardAmount.toString(),
  };
}
