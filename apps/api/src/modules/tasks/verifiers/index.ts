import type { Task } from '@ojo/db/schema/tasks';
import { taskPlatformName } from '@ojo/domain/tasks/task-domain';
import {
  verifyCheckIn,
  verifyDoTask,
  verifyProfileCreate,
  verifySignIn,
  verifyWalletBind,
} from './account-verifiers';
import { verifyDiscordGuild, verifyTelegramChannel, verifyXPost } from './platform-verifiers';
import type { Verifier } from './types';

/** One adapter per kind of check (the `verifier` column of a task row). */
export const VERIFIERS: Record<Task['verifier'], Verifier> = {
  sign_in: verifySignIn,
  wallet_bind: verifyWalletBind,
  profile_create: verifyProfileCreate,
  x_post: verifyXPost,
  telegram_channel: verifyTelegramChannel,
  discord_guild: verifyDiscordGuild,
  check_in: verifyCheckIn,
  do_task: verifyDoTask,
};

/** The platform a task's texts name (product.md 8 '{platform}'): one function, shared with the web. */
export function platformLabel(task: Pick<Task, 'domain'>, productName: string): string {
  return taskPlatformName(task.domain, productName);
}
