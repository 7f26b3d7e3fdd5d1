import type { Transaction } from '@ojo/db/client';

/**
 * What happens, in the transaction that saves a new profile, once a customer becomes a full user. The referral that
 * brought this customer counts from here (a full user, not a bare account: anything free is farmed); the invite
 * module's counting function is called here once it exists.
 */
export async function onProfileCreated(_tx: Transaction, _customerId: string): Promise<void> {}
