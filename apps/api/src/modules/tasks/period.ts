import type { Task } from '@ojo/db/schema/tasks';

/** The period a completion counts in: 'once', or the UTC day (YYYY-MM-DD) of a daily task. */
export function periodKeyOf(period: Task['period'], now: Date): string {
  return period === 'daily' ? now.toISOString().slice(0, 10) : 'once';
}
