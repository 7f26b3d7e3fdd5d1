import type { Transaction } from '@ojo/db/client';
import { countReferralOfFullUser } from '../invite/service';

/**
 * What happens, in the transaction that saves a new profile, once a customer becomes a full user: the referral that
 * brought this customer counts from here (a full user, not a bare account: anything free is farmed).
 */
export async function onProfileCreated(tx: Transaction, customerId: string): Promise<void> {
  await countReferralOfFullUser(tx, customerId);
}
