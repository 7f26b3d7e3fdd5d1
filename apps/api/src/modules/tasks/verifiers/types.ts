import type { Database } from '@ojo/db/client';
import type { Task } from '@ojo/db/schema/tasks';
import type { User } from '@ojo/db/schema/users';
import type { AppConfig } from '../../../config/env';
import type { TaskPlatforms } from '../platforms';

export interface VerifyContext {
  db: Database;
  config: AppConfig;
  platforms: TaskPlatforms;
  user: User;
  task: Task;
  now: Date;
}

/**
 * A task's check: answers the progress reached (1 for a one-step task; the number of qualifying items otherwise,
 * compared with the task's limit), or throws a TaskFailure (not connected, bound elsewhere, busy, not met).
 */
export type Verifier = (context: VerifyContext) => Promise<number>;
