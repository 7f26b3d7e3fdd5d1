import { type MemberExpansion, memberExpansion } from '@ojo/api-contract/member';
import type { Database } from '@ojo/db/client';
import { memberExpansions } from '@ojo/db/schema/member-expansions';
import { eq, sql } from '@ojo/db/sql';

/**
 * The player's member expansion. Stored keys that the contract no longer knows are dropped on the way out, so an
 * older row never breaks the answer.
 */
export async function getMemberExpansion(db: Database, userId: string): Promise<MemberExpansion> {
  const [row] = await db
    .select({ expansion: memberExpansions.expansion })
    .from(memberExpansions)
    .where(eq(memberExpansions.userId, userId));
  return memberExpansion.strip().parse(row?.expansion ?? {});
}

/** POST /v2/member/{id}/expansion: merges the given keys into the player's expansion in one statement. */
export async function updateMemberExpansion(
  db: Database,
  userId: string,
  changes: MemberExpansion,
): Promise<MemberExpansion> {
  const [row] = await db
    .insert(memberExpansions)
    .values({ userId, expansion: changes })
    .onConflictDoUpdate({
      target: memberExpansions.userId,
      set: {
        expansion: sql`${memberExpansions.expansion} || excluded.expansion`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ expansion: memberExpansions.expansion });
  return memberExpansion.strip().parse(row?.expansion ?? {});
}
