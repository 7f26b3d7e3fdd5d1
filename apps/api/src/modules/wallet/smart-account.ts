import type { User } from '@ojo/db/schema/users';
import type { Address } from 'viem';
import { walletErrors } from './errors';

/** The session user's smart-account address (lower-case): the only account wallet calls read (product.md 6). */
export function smartAccountOf(user: User): Address {
  if (!user.smartAccountAddress) throw walletErrors.smartAccountRequired();
  return user.smartAccountAddress as Address;
}
