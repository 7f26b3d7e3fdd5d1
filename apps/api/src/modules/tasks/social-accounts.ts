import type { Database, Transaction } from '@ojo/db/client';
import { type SocialAccount, type SocialPlatform, socialAccounts } from '@ojo/db/schema/tasks';
import { users } from '@ojo/db/schema/users';
import { and, eq } from '@ojo/db/sql';
import { isUniqueViolation } from '../../lib/db-errors';

/** The player's account on a platform, or undefined. */
export async function findSocialAccount(
  db: Database | Transaction,
  userId: string,
  platform: SocialPlatform,
): Promise<SocialAccount | undefined> {
  const [account] = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.platform, platform)));
  return account;
}

export interface BindInput {
  userId: string;
  platform: SocialPlatform;
  externalId: string;
  username: string | null;
  accessToken: string | null;
  tokenExpiresAt: Date | null;
}

/**
 * Binds a platform account to a player (a new login of the same player replaces the token, or the account when the
 * player connects another one). Answers 'boundElsewhere' when the account belongs to another player (product.md 8 100023);
 * the unique (platform, external id) decides races. Telegram also sets the user's telegramId (product.md 3 User info).
 */
export async function bindSocialAccount(db: Database, input: BindInput): Promise<'bound' | 'boundElsewhere'> {
  try {
    return await writeBinding(db, input);
  } catch (error) {
    // Another player bound the same account in the same moment.
    if (isUniqueViolation(error)) return 'boundElsewhere';
    throw error;
  }
}

async function writeBinding(db: Database, input: BindInput): Promise<'bound' | 'boundElsewhere'> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ userId: socialAccounts.userId })
      .from(socialAccounts)
      .where(
        and(eq(socialAccounts.platform, input.platform), eq(socialAccounts.externalId, input.externalId)),
      );
    if (owner && owner.userId !== input.userId) return 'boundElsewhere';
    const values = {
      externalId: input.externalId,
      username: input.username,
      accessToken: input.accessToken,
      tokenExpiresAt: input.tokenExpiresAt,
      boundAt: new Date(),
    };
    await tx
      .insert(socialAccounts)
      .values({ userId: input.userId, platform: input.platform, ...values })
      .onConflictDoUpdate({ target: [socialAccounts.userId, socialAccounts.platform], set: values });
    if (input.platform === 'telegram') {
      await tx.update(users).set({ telegramId: input.externalId }).where(eq(users.id, input.userId));
    }
    return 'bound';
  });
}
