import { randomInt } from 'node:crypto';
import type { ReferralInfo } from '@ojo/api-contract/referral';
import type { Database, Transaction } from '@ojo/db/client';
import { referrals } from '@ojo/db/schema/referrals';
import { type User, users } from '@ojo/db/schema/users';
import { and, count, eq, inArray, isNotNull } from '@ojo/db/sql';
import { normalizeSourceType } from '@ojo/domain/enums';
import { isValidReferralCode } from '@ojo/domain/referral/referral-code';

const REFERRAL_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const REFERRAL_CODE_LENGTH = 6;

/** A random referral code of 6 characters from [A-Z0-9] (uniqueness is the database's job: retry on conflict). */
export function generateReferralCode(): string {
  let code = '';
  for (let index = 0; index < REFERRAL_CODE_LENGTH; index += 1) {
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  }
  return code;
}

/** product.md 8 'Invite code check': whether the code (as typed, or upper-cased) is some user's referral code. */
export async function referralCodeExists(db: Database, referralCode: string): Promise<boolean> {
  if (!isValidReferralCode(referralCode)) return false;
  const codes = [...new Set([referralCode, referralCode.toUpperCase()])];
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.referralCode, codes))
    .limit(1);
  return found.length > 0;
}

/**
 * The user owning a referral code, or null (also for malformed codes). Codes are generated upper-case; a code
 * typed in lower case still matches.
 */

export async function findReferrer(db: Database | Transaction, referralCode: string): Promise<User | null> {
  if (!isValidReferralCode(referralCode)) return null;
  const candidates = [...new Set([referralCode, referralCode.toUpperCase()])];
  for (const code of candidates) {
    const [user] = await db.select().from(users).where(eq(users.referralCode, code)).limit(1);
    if (user) return user;
  }
  return null;
}

/**
 * Records that `referee` registered with `referralCode` from `sourceType` (product.md 5: unknown source types count as web).
 * At most once per referee (unique referee), never for self-referral, and ignores unknown codes. Returns whether an
 * referral was recorded. It counts for the referrer only once the referee really played (a check-in and a bet in a
 * closed round: modules/rewards, `countReferralsOf`): registering alone costs nothing, so it would be farmed.
 */
export async function recordReferral(
  db: Database | Transaction,
  referee: User,
  referralCode: string | undefined,
  sourceType: unknown,
): Promise<boolean> {
  if (!referralCode) return false;
  const referrer = await findReferrer(db, referralCode);
  if (!referrer || referrer.id === referee.id) return false;
  const inserted = await db
    .insert(referrals)
    .values({
      referrerId: referrer.id,
      refereeId: referee.id,
      referralCode: referrer.referralCode,
      sourceType: normalizeSourceType(sourceType),
    })
    .onConflictDoNothing()
    .returning({ id: referrals.id });
  return inserted.length === 1;
}

/**
 * Referral info (product.md 3 invite info) for a user: own code, the code they joined with, and the referred players who
 * count (they really played), per source type.
 */
export async function getReferralInfo(db: Database, user: User): Promise<ReferralInfo> {
  const rows = await db
    .select({ sourceType: referrals.sourceType, count: count() })
    .from(referrals)
    .where(and(eq(referrals.referrerId, user.id), isNotNull(referrals.countedAt)))
    .groupBy(referrals.sourceType);
  const [joinedWith] = await db
    .select({ referralCode: referrals.referralCode })
    .from(referrals)
    .where(eq(referrals.refereeId, user.id))
    .limit(1);
  const invitedMap: ReferralInfo['invitedMap'] = {};
  for (const row of rows) invitedMap[row.sourceType] = { count: Number(row.count) };
  return {
    inviteCode: user.referralCode,
    selectedInviteCode: joinedWith?.referralCode ?? null,
    defaultInviteCode: joinedWith?.referralCode ?? null,
    invitedMap,
  };
}
