import type { Database } from '@ojo/db/client';
import { getCheckInStatus } from '../check-in/get-check-in-status';

/**
 * Whether the player checked in on the UTC day of `now` (task 411010, product.md 9). The one place the tasks read the
 * check-in: the check-in module's own status, so the task and the check-in screen never disagree.
 */
export async function isCheckInDone(db: Database, userId: string, now: Date): Promise<boolean> {
  return (await getCheckInStatus(db, userId, now.getTime())).checkIn;
}
