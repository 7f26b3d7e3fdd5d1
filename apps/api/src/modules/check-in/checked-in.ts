import { type Database, queryRows, type Transaction } from '@ojo/db/client';
import { checkIns } from '@ojo/db/schema/check-ins';
import { sql } from '@ojo/db/sql';

/** The ledger keys of check-in rewards start with this (`checkin:<userId>:<day>`, check-in.ts). */
export const CHECK_IN_KEY_PREFIX = 'checkin:';

/** Which of `userIds` have checked in at least once (one statement, the ids as one array). */
export async function checkedInAmong(
  db: Database | Transaction,
  userIds: readonly string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select distinct ${checkIns.userId}::text as user_id from ${checkIns}
        where ${checkIns.userId} = any(${`{${userIds.join(',')}}`}::uuid[])`,
  );
  return rows.map((row) => row.user_id);
}
