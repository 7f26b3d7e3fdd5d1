import type { Transaction } from '@ojo/db/client';
import { countReferralOfFullUser } from '../referral/service';

/**
 * What happens, in the transaction that saves a new profile, once a user becomes a full user: the referral that
 * brought this user counts from here (a full user, not a bare account: anything free is farmed).
 */
export async function onProfileCreated(tx: Transaction, userId: string): Promise<void> {
  await countReferralOfFullUser(tx, userId);
}
